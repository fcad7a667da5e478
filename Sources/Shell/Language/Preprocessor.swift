/// C's preprocessor over tokens: directives (`#import`, `#define`, `#if`, ...) and macro
/// expansion, as clang runs it before parsing.
///
/// Macros live in a ``Macros`` table that outlives one file, so a header's macros are
/// seen by the files loaded after it, as a prefix header's are. Project headers are
/// spliced in where they are imported, once per session (as `#import` does); framework
/// headers (`<UIKit/UIKit.h>`, `@import UIKit;`) come from the class library and are
/// skipped.
struct Preprocessor {
    /// What an `#import` or `#include` names, and what to splice in for it.
    enum Inclusion {
        /// A header the class library stands for, or one already included: nothing to splice.
        case skipped
        /// The header's tokens, lexed from its file.
        case tokens([Token])
    }

    /// Finds a header: `(name, isAngled, location)`; throws when a project header cannot be found.
    typealias Includer = (String, Bool, SourceLocation) throws(SyntaxError) -> Inclusion

    private var macros: Macros
    private let include: Includer
    /// Reading a vendored copy of a framework: see ``run(_:macros:readingFrameworkCopy:include:)``.
    private var readsFrameworkCopy = false
    private var output: [Token] = []
    /// `#if` groups open here, innermost last.
    private var conditions: [Condition] = []

    /// The most tokens one input may expand to: macros that double at each level would
    /// otherwise grow without end.
    static let maximumExpansion = 2_000_000

    private struct Condition {
        /// The group containing this one is being read.
        let outerIsActive: Bool
        /// A branch of this `#if` has been taken.
        var taken: Bool
        /// The current branch is being read.
        var isActive: Bool
        var sawElse = false
        let location: SourceLocation
        /// The `#if` asks whether ARC is on (`__has_feature(objc_arc)`).
        var testsARC = false
    }

    private var isActive: Bool { conditions.last?.isActive ?? true }

    /// Preprocesses `tokens` (ending in `.end`), defining and expanding macros in `macros`.
    ///
    /// - Parameter include: finds the headers `#import` names; made only for tokens that
    ///   need preprocessing, which most statements do not.
    ///
    /// - Parameter readingFrameworkCopy: the tokens are a vendored copy of a framework whose
    ///   macros rtsh defines on import (OCMockito's, Specta's, Quick's, Nimble's): its imports of the framework's headers
    ///   read the copy's own, as its compiler does, rather than defining rtsh's macros.
    static func run(
        _ tokens: [Token], macros: inout Macros, readingFrameworkCopy: Bool = false, include: @autoclosure () -> Includer
    ) throws(SyntaxError) -> [Token] {
        // Most statements name no macro and hold no directive: they are their own output.
        if passesThrough(tokens, macros) { return tokens }
        // The table moves into the preprocessor and back, so a #define never copies it.
        var preprocessor = Preprocessor(macros: Macros(), include: include())
        preprocessor.readsFrameworkCopy = readingFrameworkCopy
        swap(&preprocessor.macros, &macros)
        defer { swap(&macros, &preprocessor.macros) }
        try preprocessor.process(tokens)
        if let open = preprocessor.conditions.last {
            throw SyntaxError(.unterminatedConditional, at: open.location)
        }
        // One end, the input's: a spliced header's end is not the end of what imported it.
        let end = tokens.last.map { $0.kind == .end ? $0 : Token(kind: .end, location: $0.location) } ?? Token(kind: .end, location: .start)
        preprocessor.output.append(end)
        return preprocessor.output
    }

    /// Whether `tokens` end in `.end` and hold no token the preprocessor acts on. The
    /// tokens are read in place, as this is asked of every statement.
    private static func passesThrough(_ tokens: [Token], _ macros: Macros) -> Bool {
        guard let last = tokens.indices.last, case .end = tokens[last].kind else { return false }
        for index in tokens.indices where needsPreprocessing(tokens[index], macros) { return false }
        return true
    }

    /// Whether `token` is one the preprocessor changes or acts on: a directive's `#`,
    /// `@import`, a macro's name (also as `@NAME`), `__LINE__`, `__FILE__` or `_Pragma`.
    private static func needsPreprocessing(_ token: Token, _ macros: Macros) -> Bool {
        // Asked of every token of every statement: bytes and the macros' shapes answer
        // for most without comparing strings.
        switch token.kind {
        case .symbol: token.startsLine && token.symbolByte == ascii("#")
        case .directive(let name): name == "import" || macros[name] != nil || name == "__FILE__"
        case .identifier(let name):
            macros[name] != nil
                || name.utf8.first == ascii("_") && (name == "__LINE__" || name == "__FILE__" || name == "_Pragma")
        default: false
        }
    }

    private init(macros: Macros, include: @escaping Includer) {
        self.macros = macros
        self.include = include
    }

    // MARK: Lines and directives

    private mutating func process(_ tokens: [Token]) throws(SyntaxError) {
        // `#pragma` lines say nothing rtsh acts on, and may stand inside a macro's arguments
        // (a `#pragma clang diagnostic` around a line of a block passed to Quick's
        // `qck_itBehavesLike`), where a directive would cut the arguments short: they go first.
        if let pragma = Self.firstPragma(in: tokens) { return try process(Self.droppingPragmas(tokens, from: pragma)) }
        var index = 0
        // Where the run of program text being read starts: a run is expanded straight into
        // the output when a directive or the end interrupts it, with no copy in between.
        var runStart: Int?
        func flush(upTo end: Int) throws(SyntaxError) {
            guard let start = runStart else { return }
            runStart = nil
            try expand(tokens[start..<end], at: nil, into: &output)
            guard output.count <= Self.maximumExpansion else {
                throw SyntaxError(.expansionTooLong(limit: Self.maximumExpansion), at: output.last?.location ?? .start)
            }
        }
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .end { break }
            if token.startsLine && token.isSymbol("#") {
                var end = index + 1
                while end < tokens.count, !tokens[end].startsLine, tokens[end].kind != .end { end += 1 }
                try flush(upTo: index)
                try directive(Array(tokens[(index + 1)..<end]), at: token.location)
                index = end
                continue
            }
            if isActive {
                // `@import UIKit;` names a framework module, which the class library stands
                // for; a library's module is its umbrella header.
                if token.isDirective("import") {
                    try flush(upTo: index)
                    var end = index + 1
                    while end < tokens.count, !tokens[end].isSymbol(";"), tokens[end].kind != .end { end += 1 }
                    // The modules whose macros rtsh defines only where they are imported.
                    switch tokens[(index + 1)..<end].first?.identifier {
                    case "KIF": try process(KIFMacros.tokens)
                    case "OCMockito" where !readsFrameworkCopy, "OCMockitoIOS" where !readsFrameworkCopy: try process(OCMockitoMacros.tokens)
                    case let module?:
                        if !readsFrameworkCopy, let tokens = SpecMacros.tokens[module] {
                            try process(tokens)
                        } else if !SDKHeaders.containsModule(module) {
                            // Another library's module is read as its umbrella header: the
                            // tree's own, or skipped as one the tree does not hold.
                            try includeModule(module, at: token.location)
                        }
                    default: break
                    }
                    index = min(end + 1, tokens.count)
                    continue
                }
                if runStart == nil { runStart = index }
            }
            index += 1
        }
        try flush(upTo: index)
    }

    /// Where the first `#pragma` line starts, if any.
    private static func firstPragma(in tokens: [Token]) -> Int? {
        tokens.indices.first { index in
            tokens[index].startsLine && tokens[index].isSymbol("#") && index + 1 < tokens.count
                && !tokens[index + 1].startsLine && tokens[index + 1].identifier == "pragma"
        }
    }

    /// `tokens` without their `#pragma` lines, the first of which starts at `first`.
    private static func droppingPragmas(_ tokens: [Token], from first: Int) -> [Token] {
        var kept = Array(tokens[..<first])
        var index = first
        while index < tokens.count {
            if tokens[index].startsLine, tokens[index].isSymbol("#"), index + 1 < tokens.count, !tokens[index + 1].startsLine,
               tokens[index + 1].identifier == "pragma" {
                index += 1
                while index < tokens.count, !tokens[index].startsLine, tokens[index].kind != .end { index += 1 }
                continue
            }
            kept.append(tokens[index])
            index += 1
        }
        return kept
    }

    private mutating func directive(_ line: [Token], at location: SourceLocation) throws(SyntaxError) {
        guard let name = line.first?.identifier else {
            guard line.isEmpty || !isActive else {
                throw SyntaxError(.hashWithoutDirective, at: location)
            }
            return
        }
        let rest = Array(line.dropFirst())
        switch name {
        case "if", "ifdef", "ifndef":
            guard isActive else {
                conditions.append(Condition(outerIsActive: false, taken: true, isActive: false, location: location))
                return
            }
            let holds: Bool
            if name == "if" {
                holds = try evaluateCondition(rest, at: location) != 0
            } else {
                guard let macro = rest.first?.identifier, rest.count == 1 else {
                    throw SyntaxError(.directiveNeedsMacroName(name), at: location)
                }
                holds = macros.isDefined(macro) == (name == "ifdef")
            }
            let testsARC = name == "if" && rest.contains { $0.identifier == "objc_arc" }
            conditions.append(Condition(outerIsActive: true, taken: holds, isActive: holds, location: location, testsARC: testsARC))
        case "elif":
            guard var condition = conditions.popLast(), !condition.sawElse else {
                throw SyntaxError(.conditionalWithoutIf("elif"), at: location)
            }
            if condition.outerIsActive && !condition.taken {
                condition.isActive = try evaluateCondition(rest, at: location) != 0
                condition.taken = condition.isActive
            } else {
                condition.isActive = false
            }
            conditions.append(condition)
        case "else":
            guard var condition = conditions.popLast(), !condition.sawElse else {
                throw SyntaxError(.conditionalWithoutIf("else"), at: location)
            }
            condition.sawElse = true
            condition.isActive = condition.outerIsActive && !condition.taken
            condition.taken = true
            conditions.append(condition)
        case "endif":
            guard conditions.popLast() != nil else { throw SyntaxError(.conditionalWithoutIf("endif"), at: location) }
        default:
            guard isActive else { return }
            switch name {
            case "define": try define(rest, at: location)
            case "undef":
                guard let macro = rest.first?.identifier, rest.count == 1 else {
                    throw SyntaxError(.undefNeedsName, at: location)
                }
                macros.set(macro, to: nil, in: location.file)
            case "import", "include": try includeHeader(rest, directive: name, at: location)
            case "error":
                // `#if __has_feature(objc_arc)` / `#error This file needs -fno-objc-arc`: a file
                // written for manual reference counting, which rtsh runs as it runs ARC code
                // (retain and release do what they say), so it reads on.
                if conditions.last?.testsARC == true { return }
                throw SyntaxError(.errorDirective(rest.map(\.text).joined(separator: " ")), at: location)
            case "pragma", "warning", "line":
                // `#pragma mark`, `#pragma clang diagnostic`: about the editor and the compiler's warnings.
                break
            default:
                throw SyntaxError(.unknownDirective(name), at: location)
            }
        }
    }

    /// `#define NAME body` or `#define NAME(a, b, ...) body`.
    private mutating func define(_ line: [Token], at location: SourceLocation) throws(SyntaxError) {
        guard let nameToken = line.first, let name = nameToken.identifier else {
            throw SyntaxError(.defineNeedsName, at: location)
        }
        var bodyStart = 1
        var parameters: [String]?
        var variadicName: String?
        // A function-like macro has its '(' right after the name, with no space between.
        if line.count > 1, line[1].isSymbol("("), line[1].location.line == nameToken.location.line,
           line[1].location.column == nameToken.location.column + name.count {
            var names: [String] = []
            var index = 2
            while index < line.count, !line[index].isSymbol(")") {
                if line[index].isSymbol("...") {
                    variadicName = "__VA_ARGS__"
                } else if let parameter = line[index].identifier, index + 1 < line.count, line[index + 1].isSymbol("...") {
                    // GNU C's named variadic parameter, `format...`: the rest go by that name.
                    variadicName = parameter
                    index += 1
                } else if let parameter = line[index].identifier {
                    names.append(parameter)
                } else if !line[index].isSymbol(",") {
                    throw SyntaxError(.badMacroParameter(macro: name, found: line[index].text), at: line[index].location)
                }
                index += 1
            }
            guard index < line.count else { throw SyntaxError(.unclosedMacroParameters(macro: name), at: location) }
            parameters = names
            bodyStart = index + 1
        }
        macros.set(name, to: Macro(name: name, parameters: parameters, variadicName: variadicName, body: Array(line[bodyStart...]), file: location.file), in: location.file)
    }

    /// `@import Module;` of a module not the SDK's: its umbrella header, `<Module/Module.h>`.
    private mutating func includeModule(_ module: String, at location: SourceLocation) throws(SyntaxError) {
        switch try include("\(module)/\(module).h", true, location) {
        case .skipped: break
        case .tokens(let tokens): try process(tokens)
        }
    }

    private mutating func includeHeader(_ line: [Token], directive: String, at location: SourceLocation) throws(SyntaxError) {
        let expanded = try expand(line, at: nil)
        let header: String
        let isAngled: Bool
        if expanded.count == 1, case .string(let name) = expanded[0].kind {
            header = name
            isAngled = false
        } else if expanded.first?.isSymbol("<") == true, expanded.last?.isSymbol(">") == true {
            // `<UIKit/UIKit.h>` lexes as several tokens; the name is their spelling.
            header = expanded.dropFirst().dropLast().map(\.text).joined()
            isAngled = true
        } else {
            throw SyntaxError(.includeNeedsHeader(directive), at: location)
        }
        // KIF's actors are macros with common names (`tester`, `system`): defined only where
        // a file imports KIF, and from then on in the session, as a prefix header's are.
        if isAngled, header.hasPrefix("KIF/") {
            try process(KIFMacros.tokens)
            return
        }
        // OCMockito's are as common (`mock`, `given`, `verify`), and so are the spec frameworks'.
        if isAngled, !readsFrameworkCopy, header.hasPrefix("OCMockito/") || header.hasPrefix("OCMockitoIOS/") {
            try process(OCMockitoMacros.tokens)
            return
        }
        if isAngled, !readsFrameworkCopy, let module = header.split(separator: "/").first, let tokens = SpecMacros.tokens[String(module)] {
            try process(tokens)
            return
        }
        // Kiwi brought in as a static library is imported by its header's own name.
        if !isAngled, !readsFrameworkCopy, header == "Kiwi.h" || header.hasSuffix("/Kiwi.h"), let tokens = SpecMacros.tokens["Kiwi"] {
            try process(tokens)
            return
        }
        switch try include(header, isAngled, location) {
        case .skipped: break
        case .tokens(let tokens): try process(tokens)
        }
    }

    // MARK: Expansion

    /// `tokens` with every macro expanded; `use` is where the macro being expanded was
    /// used, so that what it expands to is located there.
    private func expand(_ tokens: [Token], at use: SourceLocation?, disabled: Set<String> = []) throws(SyntaxError) -> [Token] {
        var result: [Token] = []
        try expand(tokens[...], at: use, disabled: disabled, into: &result)
        return result
    }

    /// What an `__attribute__((cleanup(function)))` becomes for the parser: the marker,
    /// then the function's name in parentheses. A name no program can write, being one C
    /// reserves.
    static let cleanupMarker = "__rtsh_cleanup"

    /// The index just past the parenthesis that closes the one at `start`; nil when
    /// `start` holds no '(' or the parenthesis never closes.
    private static func balancedEnd(of tokens: ArraySlice<Token>, from start: Int) -> Int? {
        guard start < tokens.endIndex, tokens[start].isSymbol("(") else { return nil }
        var depth = 0
        for index in start..<tokens.endIndex {
            if tokens[index].kind == .end { return nil }
            if tokens[index].isSymbol("(") { depth += 1 }
            if tokens[index].isSymbol(")") {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
        }
        return nil
    }

    /// The function an attribute list's `cleanup(function)` names, if it has one.
    private static func cleanupFunction(in attributes: ArraySlice<Token>) -> String? {
        var index = attributes.startIndex
        while index + 3 < attributes.endIndex {
            if attributes[index].isIdentifier("cleanup") || attributes[index].isIdentifier("__cleanup__"),
               attributes[index + 1].isSymbol("("), let function = attributes[index + 2].identifier, attributes[index + 3].isSymbol(")") {
                return function
            }
            index += 1
        }
        return nil
    }

    /// Makes the '@' at `index` and the word after it one directive, as `@` and a keyword
    /// are when written together.
    private static func joinDirective(after index: Int?, in result: inout [Token]) {
        guard let index, index + 1 < result.count, case .symbol("@") = result[index].kind,
              case .identifier(let word) = result[index + 1].kind else { return }
        result.replaceSubrange(index...index + 1, with: [Token(kind: .directive(word), location: result[index].location)])
    }

    /// Appends `tokens` with every macro expanded to `result`.
    private func expand(_ input: ArraySlice<Token>, at use: SourceLocation?, disabled: Set<String> = [], into result: inout [Token]) throws(SyntaxError) {
        result.reserveCapacity(result.count + input.count)
        // A copy only when an expansion's last name is put back before the tokens after it.
        var tokens = input
        var index = tokens.startIndex
        /// C rescans an expansion together with the tokens after it: an expansion that ends
        /// in a function-like macro's name takes the arguments written after the use
        /// (`#define f g` and `f(2)`; libextobjc's `metamacro_concat(...)(...)`). The name
        /// goes back into the input, before its '(', to be expanded there.
        func rescanTrailingName(after expanded: String) {
            guard let last = result.last, case .identifier(let trailing) = last.kind, trailing != expanded, !disabled.contains(trailing),
                  macros[trailing]?.parameters != nil, index < tokens.endIndex, index > tokens.startIndex, tokens[index].isSymbol("(") else { return }
            result.removeLast()
            index -= 1
            tokens[index] = last
        }
        // Where the '@' of an `@NAME(...)` expansion went: a word its expansion starts with
        // joins it (`@weakify(self)` making `@autoreleasepool {}`).
        var expandedAt: Int?
        defer { Self.joinDirective(after: expandedAt, in: &result) }
        while index < tokens.endIndex {
            Self.joinDirective(after: expandedAt, in: &result)
            // An expansion of nothing leaves its '@' for the word after the use, as clang reads
            // `@NS_ASSUME_NONNULL_BEGIN` and then `interface` as `@interface`.
            if let at = expandedAt, at + 1 == result.count, case .symbol("@") = result[at].kind {} else { expandedAt = nil }
            if use == nil {
                // Program text as written (not a macro's body): what needs no preprocessing,
                // most of it, goes to the output in one run.
                var next = index
                while next < tokens.endIndex, !Self.needsPreprocessing(tokens[next], macros) { next += 1 }
                if next > index {
                    result.append(contentsOf: tokens[index..<next])
                    index = next
                    continue
                }
            }
            var token = tokens[index]
            // `@NAME(...)` where NAME is a macro: '@', then the macro (`@STRINGIFY(x)` makes an
            // NSString); `@__FILE__` is the file's name as an NSString.
            if case .directive(let name) = token.kind, macros[name] != nil && !disabled.contains(name) || name == "__FILE__" {
                expandedAt = result.count
                result.append(Token(kind: .symbol("@"), location: use ?? token.location))
                var location = token.location
                location.column += 1
                token = Token(kind: .identifier(name), location: location)
            }
            index += 1
            guard case .identifier(let name) = token.kind else {
                result.append(use.map(token.moved) ?? token)
                continue
            }
            let location = use ?? token.location
            if name.utf8.first == ascii("_") {
                // `_Pragma("clang diagnostic push")`, C99's pragma in a macro: read and ignored, as `#pragma` is.
                if name == "_Pragma", index + 2 < tokens.endIndex, tokens[index].isSymbol("("),
                   case .string = tokens[index + 1].kind, tokens[index + 2].isSymbol(")") {
                    index += 3
                    continue
                }
                // GCC's attributes say nothing rtsh acts on but `cleanup(function)`, which
                // becomes the parser's `__rtsh_cleanup(function)`; the rest are dropped.
                if name == "__attribute__" || name == "__attribute", let end = Self.balancedEnd(of: tokens, from: index) {
                    if let function = Self.cleanupFunction(in: tokens[index..<end]) {
                        result.append(Token(kind: .identifier(Self.cleanupMarker), location: location))
                        result.append(Token(kind: .symbol("("), location: location))
                        result.append(Token(kind: .identifier(function), location: location))
                        result.append(Token(kind: .symbol(")"), location: location))
                    }
                    index = end
                    continue
                }
                switch name {
                case "__LINE__":
                    result.append(Token(kind: .integer(location.line), location: location))
                    continue
                case "__FILE__":
                    result.append(Token(kind: .string(location.file ?? "<prompt>"), location: location))
                    continue
                default:
                    break
                }
            }
            guard !token.isPaintedBlue, let macro = macros[name], disabled.isEmpty || !disabled.contains(name) else {
                var kept = use.map(token.moved) ?? token
                if macros[name] != nil { kept.isPaintedBlue = true }
                result.append(kept)
                continue
            }
            guard let parameters = macro.parameters else {
                try expand(macro.body[...], at: location, disabled: disabled.union([name]), into: &result)
                rescanTrailingName(after: name)
                continue
            }
            // A function-like macro's name without arguments is just a name.
            guard index < tokens.endIndex, tokens[index].isSymbol("(") else {
                result.append(use.map(token.moved) ?? token)
                continue
            }
            var arguments: [[Token]] = [[]]
            var depth = 0
            index += 1
            while true {
                guard index < tokens.endIndex, tokens[index].kind != .end else {
                    throw SyntaxError(.unclosedMacroArguments(macro: name), at: location)
                }
                let argumentToken = tokens[index]
                index += 1
                // `@(` opens a parenthesis too: `MACRO(@(count))` is one argument.
                if argumentToken.isSymbol("(") || argumentToken.isSymbol("@(") { depth += 1 }
                if argumentToken.isSymbol(")") {
                    if depth == 0 { break }
                    depth -= 1
                }
                if argumentToken.isSymbol(","), depth == 0, !(macro.isVariadic && arguments.count > parameters.count) {
                    arguments.append([])
                    continue
                }
                // `__LINE__` in a macro's body, handed to another macro (libextobjc's
                // `metamacro_concat(ext_exitBlock_, __LINE__)`), is the line the outer macro
                // was used on, as in C, not the line of its definition.
                if let use, argumentToken.isIdentifier("__LINE__") || argumentToken.isIdentifier("__FILE__") {
                    arguments[arguments.count - 1].append(argumentToken.moved(to: use))
                } else {
                    arguments[arguments.count - 1].append(argumentToken)
                }
            }
            if parameters.isEmpty && !macro.isVariadic && arguments == [[]] { arguments = [] }
            let required = parameters.count
            guard arguments.count == required || (macro.isVariadic && arguments.count >= required) || (required == 1 && arguments.isEmpty) else {
                throw SyntaxError(.macroArgumentCount(macro: name, required: required, isVariadic: macro.isVariadic, given: arguments.count), at: location)
            }
            // The body is located where the macro is used, and what the arguments hold where it
            // was written: a block passed to a macro (a spec's `it(@"…", ^{ … })`) keeps its
            // lines, for `__LINE__` and for errors.
            let substituted = try substitute(macro, arguments, at: location, disabled: disabled)
            try expand(substituted[...], at: nil, disabled: disabled.union([name]), into: &result)
            rescanTrailingName(after: name)
            guard result.count <= Self.maximumExpansion else {
                throw SyntaxError(.macroExpansionTooLong(macro: name, limit: Self.maximumExpansion), at: location)
            }
        }
    }

    /// A function-like macro's body with its parameters replaced by the arguments:
    /// expanded first, except next to `#` (which makes a string) and `##` (which pastes).
    private func substitute(_ macro: Macro, _ arguments: [[Token]], at location: SourceLocation, disabled: Set<String>) throws(SyntaxError) -> [Token] {
        var values: [String: [Token]] = [:]
        for (offset, parameter) in (macro.parameters ?? []).enumerated() {
            values[parameter] = offset < arguments.count ? arguments[offset] : []
        }
        if let variadicName = macro.variadicName {
            let extra = arguments.dropFirst(macro.parameters?.count ?? 0)
            values[variadicName] = Array(extra.joined(separator: [Token(kind: .symbol(","), location: location)]))
        }
        var result: [Token] = []
        let body = macro.body
        var index = 0
        while index < body.count {
            let token = body[index]
            if token.isSymbol("#"), index + 1 < body.count, let parameter = body[index + 1].identifier, let argument = values[parameter] {
                result.append(Token(kind: .string(Self.spelling(of: argument)), location: location))
                index += 2
                continue
            }
            let pastes = (index + 1 < body.count && body[index + 1].isSymbol("##")) || (index > 0 && body[index - 1].isSymbol("##"))
            if let name = token.identifier, let argument = values[name] {
                result.append(contentsOf: pastes ? argument.map { $0.moved(to: location) } : try expand(argument, at: nil, disabled: disabled))
            } else if token.isSymbol("##"), result.last?.isSymbol(",") == true, index + 1 < body.count,
                      let variadicName = macro.variadicName, body[index + 1].isIdentifier(variadicName) {
                // `, ## __VA_ARGS__`: the comma goes when no variadic arguments are given (GNU C).
                let variadic = values[variadicName] ?? []
                if variadic.isEmpty { result.removeLast() }
                result.append(contentsOf: try expand(variadic, at: nil, disabled: disabled))
                index += 1
            } else if token.isSymbol("##") {
                // Pasting joins the spellings on each side into one token.
                guard let left = result.popLast(), index + 1 < body.count else {
                    throw SyntaxError(.pasteNeedsOperands(macro: macro.name), at: location)
                }
                index += 1
                let rightTokens = body[index].identifier.flatMap { values[$0] } ?? [body[index]]
                let joined = left.text + (rightTokens.first?.text ?? "")
                result.append(contentsOf: try Lexer.tokens(of: joined, at: location, mode: .objectiveC).dropLast())
                result.append(contentsOf: rightTokens.dropFirst())
            } else {
                result.append(token.moved(to: location))
            }
            index += 1
        }
        return result
    }

    /// What `#argument` makes of an argument: its tokens' spellings, with one space where
    /// the source had space between two tokens and none where it had none, as C has it
    /// (`[e raise]`, `a + b`, `x.count`).
    static func spelling(of tokens: [Token]) -> String {
        var text = ""
        for (index, token) in tokens.enumerated() {
            if index > 0 {
                let previous = tokens[index - 1]
                let adjacent = previous.location.line == token.location.line && previous.location.file == token.location.file
                    && !token.bytes.isEmpty && token.bytes.lowerBound == previous.bytes.upperBound
                if !adjacent { text += " " }
            }
            text += token.text
        }
        return text
    }

    // MARK: Conditions

    /// The value of an `#if` or `#elif` condition: `defined` first, then macros, then
    /// names left over are 0, as in C.
    private func evaluateCondition(_ line: [Token], at location: SourceLocation) throws(SyntaxError) -> Int {
        var resolved: [Token] = []
        var index = 0
        while index < line.count {
            if line[index].isIdentifier("defined") {
                let parenthesized = index + 1 < line.count && line[index + 1].isSymbol("(")
                let nameIndex = index + (parenthesized ? 2 : 1)
                guard nameIndex < line.count, let name = line[nameIndex].identifier else {
                    throw SyntaxError(.definedNeedsName, at: line[index].location)
                }
                resolved.append(Token(kind: .integer(macros.isDefined(name) ? 1 : 0), location: line[index].location))
                index = nameIndex + (parenthesized ? 2 : 1)
                continue
            }
            resolved.append(line[index])
            index += 1
        }
        let expanded = try expand(resolved, at: nil)
        var evaluator = ConditionEvaluator(tokens: expanded, location: location)
        let value = try evaluator.expression()
        guard evaluator.atEnd else {
            throw SyntaxError(.conditionUnexpected(evaluator.current?.text ?? ""), at: evaluator.current?.location ?? location)
        }
        return value
    }
}

/// The macros defined so far: the framework's, and every `#define` read since.
struct Macros: Sendable {
    private var table: [String: Macro] = [:]
    /// The names defined only as stand-ins for a library the tree may not hold
    /// (libextobjc's `weakify`): `#ifdef`, `#ifndef` and `defined` do not see them, so a
    /// tree that guards its own definition (`#ifndef strongify`) still makes it.
    private var standIns: Set<String> = []
    /// For each byte a macro's name may start with, the lengths (up to 63) such names
    /// have; a longer name sets bit 63. Most identifiers in a file name no macro, and this
    /// answers for them without hashing the name.
    private var shapes = [UInt64](repeating: 0, count: 256)

    subscript(name: String) -> Macro? {
        get {
            guard let first = name.utf8.first, shapes[Int(first)] & Self.lengthBit(name.utf8.count) != 0 else { return nil }
            return table[name]
        }
        set {
            table[name] = newValue
            standIns.remove(name)
            // A name undefined keeps its bit: the table still answers for it.
            if newValue != nil, let first = name.utf8.first { shapes[Int(first)] |= Self.lengthBit(name.utf8.count) }
        }
    }

    private static func lengthBit(_ length: Int) -> UInt64 { 1 << UInt64(min(length, 63)) }

    /// One change a translation unit's file made: the name, what it held before, and what
    /// the file made it.
    private struct Change {
        let name: String
        let previous: Macro?
        let previousWasStandIn: Bool
        let made: Macro?
    }

    /// While a `.m` file is read (``beginTranslationUnit(_:)``): the file, and the changes
    /// its own `#define`s and `#undef`s made, in order. A header it brings in changes the
    /// table for good, as every file that imports the header would see it.
    private var unit: (file: String, changes: [Change])?

    /// `#define` or `#undef` (nil) of `name`, written in `file`.
    mutating func set(_ name: String, to macro: Macro?, in file: String?) {
        if let current = unit, current.file == file {
            unit?.changes.append(Change(name: name, previous: table[name], previousWasStandIn: standIns.contains(name), made: macro))
        }
        self[name] = macro
    }

    /// Starts reading the source file `file`, a translation unit of its own: what it
    /// defines and undefines is put back by ``endTranslationUnit()``, so the files loaded
    /// after it do not see it (HockeySDK's `#define kBITCrashMetaAttachment` in one `.m`
    /// file and a test's `static NSString *const kBITCrashMetaAttachment` in another).
    mutating func beginTranslationUnit(_ file: String) {
        unit = (file, [])
    }

    /// Puts back what the translation unit's file defined or undefined, unless a header
    /// has changed the name since, and answers those changes in order, for the prompt,
    /// which sees every loaded file's macros (``apply(_:)``).
    mutating func endTranslationUnit() -> [(name: String, macro: Macro?)] {
        guard let (file, changes) = unit else { return [] }
        unit = nil
        for change in changes.reversed() {
            // Still as the file left it: a header read later may have made it its own.
            let current = table[change.name]
            guard current?.file == file || current == nil && change.made == nil else { continue }
            self[change.name] = change.previous
            if change.previousWasStandIn { standIns.insert(change.name) }
        }
        return changes.map { ($0.name, $0.made) }
    }

    /// Makes the definitions (nil: an `#undef`) ``endTranslationUnit()`` answered, in order.
    mutating func apply(_ changes: [(name: String, macro: Macro?)]) {
        for (name, macro) in changes { self[name] = macro }
    }

    /// Whether `name` is defined, as a conditional asks: a stand-in is not.
    func isDefined(_ name: String) -> Bool { self[name] != nil && !standIns.contains(name) }

    /// The framework's own macros (`NS_ENUM`, `NS_ASSUME_NONNULL_BEGIN`, `IBAction`, ...),
    /// read from ``FrameworkMacros/header``, ``TestFrameworkMacros/header``,
    /// ``HamcrestMacros/header`` and ``OCMockMacros/header`` (KIF's, ``KIFMacros``, come
    /// with `#import <KIF/KIF.h>`).
    static let framework: Macros = {
        var macros = Macros()
        do {
            let tokens = try Lexer.tokens(of: FrameworkMacros.header + "\n" + FrameworkMacros.sqlite + "\n" + TestFrameworkMacros.header + "\n" + HamcrestMacros.header + "\n" + OCMockMacros.header, at: SourceLocation(file: "<framework>", line: 1, column: 1), mode: .objectiveC)
            _ = try Preprocessor.run(tokens, macros: &macros, include: { _, _, _ in .skipped })
        } catch {
            preconditionFailure("the framework's macros do not read: \(error)")
        }
        macros.standIns = FrameworkMacros.standIns
        return macros
    }()

    /// What a vendored copy of OCMockito or a spec framework (its sources under a directory
    /// of its name, as CocoaPods and Carthage bring them) is read with: the framework's macros
    /// less OCMock's short quantifiers (`times`, `never`, `atLeast`, `atMost`), which
    /// OCMockito's headers declare as functions. A copy's own macros stay in its files, so
    /// the tests keep rtsh's.
    static let frameworkCopy: Macros = {
        var macros = framework
        for name in ["times", "never", "atLeast", "atMost"] { macros[name] = nil }
        return macros
    }()
}

/// One `#define`.
struct Macro: Sendable, Equatable {
    let name: String
    /// The parameters of a function-like macro; nil for an object-like one.
    let parameters: [String]?
    /// What the variadic arguments are called in the body: `__VA_ARGS__`, or the name of
    /// GNU C's `format...`; nil when the macro is not variadic.
    let variadicName: String?
    var isVariadic: Bool { variadicName != nil }
    let body: [Token]
    /// The file whose `#define` made it; nil for the framework's own.
    var file: String? = nil
}

/// Evaluates an `#if` condition: C's integer operators on 64-bit values.
private struct ConditionEvaluator {
    let tokens: [Token]
    let location: SourceLocation
    var index = 0
    var depth = 0

    init(tokens: [Token], location: SourceLocation) {
        self.tokens = tokens.filter { $0.kind != .end }
        self.location = location
    }

    var atEnd: Bool { index >= tokens.count }
    var current: Token? { atEnd ? nil : tokens[index] }

    private static let levels: [[String]] = [["||"], ["&&"], ["|"], ["^"], ["&"], ["==", "!="], ["<", ">", "<=", ">="], ["<<", ">>"], ["+", "-"], ["*", "/", "%"]]

    mutating func expression() throws(SyntaxError) -> Int {
        let condition = try binary(0)
        guard current?.isSymbol("?") == true else { return condition }
        index += 1
        let then = try expression()
        guard current?.isSymbol(":") == true else { throw SyntaxError(.conditionExpectsColon, at: current?.location ?? location) }
        index += 1
        let otherwise = try expression()
        return condition != 0 ? then : otherwise
    }

    private mutating func binary(_ level: Int) throws(SyntaxError) -> Int {
        guard level < Self.levels.count else { return try unary() }
        var value = try binary(level + 1)
        while case .symbol(let op)? = current?.kind, Self.levels[level].contains(op) {
            let opLocation = tokens[index].location
            index += 1
            let rhs = try binary(level + 1)
            switch op {
            case "||": value = (value != 0 || rhs != 0) ? 1 : 0
            case "&&": value = (value != 0 && rhs != 0) ? 1 : 0
            case "|": value |= rhs
            case "^": value ^= rhs
            case "&": value &= rhs
            case "==": value = value == rhs ? 1 : 0
            case "!=": value = value != rhs ? 1 : 0
            case "<": value = value < rhs ? 1 : 0
            case ">": value = value > rhs ? 1 : 0
            case "<=": value = value <= rhs ? 1 : 0
            case ">=": value = value >= rhs ? 1 : 0
            case "<<": value = value << rhs
            case ">>": value = value >> rhs
            case "+": value = value &+ rhs
            case "-": value = value &- rhs
            case "*": value = value &* rhs
            default:
                guard rhs != 0 else { throw SyntaxError(.conditionDivisionByZero, at: opLocation) }
                value = op == "/" ? value.dividedReportingOverflow(by: rhs).partialValue : value.remainderReportingOverflow(dividingBy: rhs).partialValue
            }
        }
        return value
    }

    private mutating func unary() throws(SyntaxError) -> Int {
        guard let token = current else { throw SyntaxError(.conditionEndsEarly, at: location) }
        index += 1
        switch token.kind {
        case .integer(let value): return value
        case .identifier: return 0 // a name that is not a macro is 0, as in C
        case .symbol("!"), .symbol("-"), .symbol("+"), .symbol("~"):
            depth += 1
            defer { depth -= 1 }
            guard depth <= Parser.maximumNesting else { throw SyntaxError(.conditionTooDeep, at: token.location) }
            let operand = try unary()
            switch token.kind {
            case .symbol("!"): return operand == 0 ? 1 : 0
            case .symbol("-"): return 0 &- operand
            case .symbol("~"): return ~operand
            default: return operand
            }
        case .symbol("("):
            depth += 1
            guard depth <= Parser.maximumNesting else { throw SyntaxError(.conditionTooDeep, at: token.location) }
            let value = try expression()
            depth -= 1
            guard current?.isSymbol(")") == true else { throw SyntaxError(.conditionExpectsClosingParenthesis, at: current?.location ?? location) }
            index += 1
            return value
        default:
            throw SyntaxError(.conditionForbiddenToken(token.text), at: token.location)
        }
    }
}
