/// How each syntax error is worded: what was wrong, and what would be right.
extension SyntaxError {
    var description: String { "\(location): \(message)" }

    /// The kind's wording, then the notes.
    var message: String { ([kind.description] + notes).joined(separator: "; ") }
}

extension SyntaxError.Kind: CustomStringConvertible {
    var description: String {
        switch self {
        case .unclosedComment:
            "the comment that starts here has no closing */"
        case .strayAt:
            "'@' must be followed by a directive (@interface), a literal (@\"text\", @42, @'c', @[...], @{...}, @(...)) or a keyword"
        case .strayCharacter(let scalar):
            "'\(scalar)' is not part of Objective-C outside a string or a comment"
        case .exponentWithoutDigits(let spelled):
            "'\(spelled)' needs digits after its exponent, as in 1e3"
        case .badFloatingSuffix(let spelled):
            "'\(spelled)' is not a number; a floating literal may end in f or l, as in 0.5f"
        case .badIntegerSuffix(let spelled, let suffix):
            "'\(spelled)' is not a number: '\(suffix)' is not an integer suffix (u, l, ul, ll, ull)"
        case .prefixWithoutDigits(let spelled):
            "'\(spelled)' needs digits after its prefix, as in 0x2A"
        case .numberOutOfRange(let spelled, let isOctal):
            "'\(spelled)' is not a number: "
                + (isOctal ? "an octal number (it starts with 0) has only the digits 0 to 7" : "it is too large for 64 bits")
        case .incompleteEscape:
            "the escape at the end of the input is incomplete"
        case .shortUnicodeEscape(let letter, let digits):
            "'\\\(letter)' needs \(digits) hexadecimal digits, as in \\u00E9"
        case .hexEscapeWithoutDigits:
            "'\\x' needs hexadecimal digits, as in \\x41"
        case .unknownEscape(let letter):
            "'\\\(letter)' is not an escape; use \\n, \\t, \\r, \\\", \\\\, \\0, \\x41 or an octal \\101"
        case .unclosedString:
            "the string that starts here has no closing quote"
        case .emptyCharacterConstant:
            "a character constant holds one character, as in 'a'"
        case .longCharacterConstant:
            "a character constant holds one character, or a code of up to four ASCII ones, and ends with ', as in 'a' or 'alac'; use \"...\" for a string"
        case .unexpected(let expected, let found):
            "expected \(expected), but found \(found)"
        case .unexpectedEnd(let expected):
            "expected \(expected), but found the end of the input"
        case .tooDeep(let limit):
            "this nests more than \(limit) levels deep; split it into several statements with variables"
        case .directiveOutsideContainer(let name):
            "'@\(name)' belongs inside an @interface, @protocol or @implementation block"
        case .unnamedParameter(let index, let function):
            "parameter \(index) of \(function) needs a name"
        case .unnamedBlockParameter(let index):
            "the block's parameter \(index) needs a name, as in ^(NSString *name)"
        case .unnamedBlockOrFunctionPointer(let isBlock):
            "the \(isBlock ? "block" : "function pointer") needs a name, as in void (^handler)(BOOL)"
        case .structHoldsItself(let name):
            "the struct \(name) would hold itself; a struct can hold a pointer to its own type, not itself"
        case .onlyInProtocol(let word):
            "'\(word)' belongs inside a @protocol"
        case .unknownPropertyAttribute(let attribute):
            "'\(attribute)' is not a property attribute; use nonatomic, atomic, copy, strong, weak, assign, readonly, readwrite, getter=, setter=, class or a nullability"
        case .unknownTypeName(let name):
            "unknown type name '\(name)'; a class is declared with @interface or @class, a type with typedef"
        case .unknownMacroInImplementation(let name, let className):
            "'\(name)' inside @implementation \(className) is a macro no loaded file defines, from a library the tree does not hold; load the header that #defines it for the methods it makes"
        case .unknownTaggedType(let keyword, let name):
            "unknown \(keyword) '\(name)'; define it first with its fields"
        case .notACType(let words):
            "'\(words)' is not a C type"
        case .classWithoutStar(let className, let name):
            "'\(className)' is a class: an object is written with a star, as in \(className) *\(name ?? "")"
        case .unclosedAngle:
            "the '<' here has no closing '>'"
        case .notAssignable:
            "only a variable, a property, an instance variable, an element or *pointer can be assigned to"
        case .arrayTooLarge(let limit):
            "the array holds more elements than rtsh makes (at most \(limit)); declare a smaller one"
        case .designatorRange:
            "a range of indexes in an initializer ([0 ... 255] = x) needs constant integer bounds, the first not above the last, "
                + "and at most \(Parser.largestDesignatorRange) elements"
        case .arraySizeNotConstant:
            "an array's size must be a number, or arithmetic on numbers and sizeof, as in char buffer[16] or a #define of one"
        case .bitFieldNeedsInteger(let type):
            "a bit-field holds an integer, not '\(type)'; declare it as an integer type, as in unsigned int flag : 1"
        case .sizeofExpression:
            "sizeof measures a type, a variable, an element of an array, a struct's field or a number; write the type here, as in sizeof(NSInteger)"
        case .statementKeywordInExpression(let name):
            "'\(name)' cannot be used here: it starts a statement, not an expression"
        case .emptySelector:
            "@selector() needs a selector name, as in @selector(viewDidLoad)"
        case .labelOutsideSwitch(let word):
            "'\(word)' belongs directly inside a switch's braces"
        case .duplicateDefault:
            "a switch has only one 'default'"
        case .unterminatedConditional:
            "this #if has no #endif before the end of the file"
        case .expansionTooLong(let limit):
            "macros here expand to more than \(limit) tokens"
        case .macroExpansionTooLong(let macro, let limit):
            "the macro \(macro) expands to more than \(limit) tokens"
        case .hashWithoutDirective:
            "'#' must be followed by a directive such as #import, #define or #if"
        case .unknownDirective(let name):
            "'#\(name)' is not a preprocessor directive; they are #import, #include, #define, #undef, #if, #ifdef, #ifndef, #elif, #else, #endif, #pragma, #error and #warning"
        case .directiveNeedsMacroName(let name):
            "#\(name) needs one macro name, as in #\(name) DEBUG"
        case .conditionalWithoutIf(let name):
            "#\(name) without an #if before it"
        case .undefNeedsName:
            "#undef needs one macro name"
        case .errorDirective(let text):
            "#error " + text
        case .defineNeedsName:
            "#define needs a macro name, as in #define kPadding 8"
        case .badMacroParameter(let macro, let found):
            "expected a parameter name in #define \(macro)(...), but found '\(found)'"
        case .unclosedMacroParameters(let macro):
            "#define \(macro)( has no closing ')'"
        case .includeNeedsHeader(let directive):
            "#\(directive) needs a header, as in #\(directive) \"LoginViewController.h\" or #\(directive) <UIKit/UIKit.h>"
        case .headerNotFound(let name):
            "no header '\(name)' next to this file or in the sources being loaded"
        case .headerUnreadable(let name):
            "cannot read the header '\(name)'"
        case .cleanupOfStaticVariable(let name):
            "'\(name)' is static or global, and a cleanup attribute applies only to a local variable, whose scope ends: drop 'static' or the attribute"
        case .unclosedMacroArguments(let macro):
            "the arguments of the macro \(macro) have no closing ')'"
        case .macroArgumentCount(let macro, let required, let isVariadic, let given):
            "the macro \(macro) takes \(required) argument\(required == 1 ? "" : "s")\(isVariadic ? " or more" : ""), but \(given) \(given == 1 ? "is" : "are") given"
        case .pasteNeedsOperands(let macro):
            "'##' in the macro \(macro) needs a token on each side"
        case .definedNeedsName:
            "'defined' needs a macro name, as in defined(DEBUG)"
        case .conditionUnexpected(let text):
            "unexpected '\(text)' in the #if condition"
        case .conditionExpectsColon:
            "expected ':' in the #if condition's '?:'"
        case .conditionExpectsClosingParenthesis:
            "expected ')' in the #if condition"
        case .conditionDivisionByZero:
            "division by zero in the #if condition"
        case .conditionEndsEarly:
            "the #if condition ends too early"
        case .conditionTooDeep:
            "the #if condition nests too deeply"
        case .conditionForbiddenToken(let text):
            "'\(text)' cannot appear in an #if condition, which is made of integers, macros and C operators"
        }
    }
}
