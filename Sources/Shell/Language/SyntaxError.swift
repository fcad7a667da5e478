/// An error in what was written, found by the lexer, the preprocessor or the parser: what
/// kind of mistake, where, and notes on what reading did about it.
///
/// The kinds are data; how each is worded for a person is apart, in
/// `SyntaxError+Description.swift`, as swift-syntax keeps its diagnostics' messages apart
/// from its parser.
struct SyntaxError: NotedError, Hashable, Sendable, CustomStringConvertible {
    let kind: Kind
    let location: SourceLocation
    /// What reading did about the error, in the order it happened (`-[MMBroken bad] is
    /// left out of the class`).
    var notes: [String] = []

    init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// Whether the input ended before what it started was whole (an expression, a
    /// statement, a `#if` group): at the prompt, a sign to read another line, not an error.
    var isIncompleteInput: Bool {
        switch kind {
        case .unexpectedEnd, .unterminatedConditional: true
        default: false
        }
    }

    /// The mistakes the front end reports.
    enum Kind: Hashable, Sendable {
        // The lexer.
        case unclosedComment
        case strayAt
        case strayCharacter(String)
        case exponentWithoutDigits(spelled: String)
        case badFloatingSuffix(spelled: String)
        case badIntegerSuffix(spelled: String, suffix: String)
        case prefixWithoutDigits(spelled: String)
        case numberOutOfRange(spelled: String, isOctal: Bool)
        case incompleteEscape
        case shortUnicodeEscape(letter: String, digits: Int)
        case hexEscapeWithoutDigits
        case unknownEscape(String)
        case unclosedString
        case emptyCharacterConstant
        case longCharacterConstant

        // The parser.
        /// `expected` names what would be right; `found` is the token that was there.
        case unexpected(expected: String, found: String)
        /// The input ended where `expected` was to come: more lines may complete it.
        case unexpectedEnd(expected: String)
        case tooDeep(limit: Int)
        case directiveOutsideContainer(String)
        case unnamedParameter(index: Int, function: String)
        case unnamedBlockParameter(index: Int)
        case unnamedBlockOrFunctionPointer(isBlock: Bool)
        case structHoldsItself(String)
        /// `__attribute__((cleanup(f)))` on a variable that is not a local one of a scope.
        case cleanupOfStaticVariable(String)
        case onlyInProtocol(String)
        case unknownPropertyAttribute(String)
        case unknownTypeName(String)
        case unknownMacroInImplementation(String, className: String)
        case unknownTaggedType(keyword: String, name: String)
        case notACType(String)
        case classWithoutStar(className: String, name: String?)
        case unclosedAngle
        case notAssignable
        case sizeofExpression
        case bitFieldNeedsInteger(type: String)
        case arraySizeNotConstant
        case designatorRange
        case arrayTooLarge(limit: Int)
        case statementKeywordInExpression(String)
        case emptySelector
        case labelOutsideSwitch(String)
        case duplicateDefault

        // The preprocessor.
        case unterminatedConditional
        case expansionTooLong(limit: Int)
        case macroExpansionTooLong(macro: String, limit: Int)
        case hashWithoutDirective
        case unknownDirective(String)
        case directiveNeedsMacroName(String)
        case conditionalWithoutIf(String)
        case undefNeedsName
        case errorDirective(String)
        case defineNeedsName
        case badMacroParameter(macro: String, found: String)
        case unclosedMacroParameters(macro: String)
        case includeNeedsHeader(String)
        case headerNotFound(String)
        case headerUnreadable(String)
        case unclosedMacroArguments(macro: String)
        case macroArgumentCount(macro: String, required: Int, isVariadic: Bool, given: Int)
        case pasteNeedsOperands(macro: String)
        case definedNeedsName
        case conditionUnexpected(String)
        case conditionExpectsColon
        case conditionExpectsClosingParenthesis
        case conditionDivisionByZero
        case conditionEndsEarly
        case conditionTooDeep
        case conditionForbiddenToken(String)
    }
}
