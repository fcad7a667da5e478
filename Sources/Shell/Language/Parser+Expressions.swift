import Runtime
import UIKitModel

/// Expressions, with C's operators at C's precedence, and Objective-C's messages,
/// literals and blocks.
extension Parser {
    /// `a, b`: C's comma operator, which evaluates each operand in turn and gives the
    /// last. It is read only where a whole expression goes (an expression statement,
    /// `return`, parentheses); elsewhere a comma separates arguments, elements or declarators.
    mutating func commaExpression() throws(SyntaxError) -> Expression {
        let first = try expression()
        guard current.isSymbol(",") else { return first }
        var operations: [Expression.Operation] = []
        while current.isSymbol(",") {
            let location = advance().location
            operations.append(Expression.Operation(kind: .comma, operand: try expression(), location: location))
        }
        return .operators(first, operations)
    }

    /// An assignment expression: `a = b`, `a += 1`, or anything below it.
    mutating func expression() throws(SyntaxError) -> Expression {
        try enterNesting()
        defer { nesting -= 1 }
        let target = try conditionalExpression()
        guard case .symbol(let symbol) = current.kind, let compound = Self.assignmentOperators[symbol] else { return target }
        let location = advance().location
        switch target {
        case .subscript(.name(let name, _), _, _) where compound == nil:
            // An element of a C array of numbers takes a value converted to its type, as C does.
            var value = try expression()
            if case .array(_, let element)? = types.variables[name], element.isNumber { value = .cast(element, value, location) }
            return .assignment(target: target, value: value, compound: nil, location)
        case .name, .property, .member, .subscript, .unary("*", _, _):
            return .assignment(target: target, value: try expression(), compound: compound, location)
        case .operators(.name(let typeName, let typeLocation), let operations) where operations.count == 1 && operations[0].kind == .multiply:
            // `Foo *x = ...` where Foo is no type reads as a product: say what it was meant to be.
            throw SyntaxError(.unknownTypeName(typeName), at: typeLocation)
        default:
            throw SyntaxError(.notAssignable, at: target.location)
        }
    }

    /// `=` and the compound assignments, each with the operator it applies (nil for `=`).
    private static let assignmentOperators: [String: BinaryOperator?] = [
        "=": nil, "+=": .add, "-=": .subtract, "*=": .multiply, "/=": .divide, "%=": .remainder, "<<=": .shiftLeft,
        ">>=": .shiftRight, "&=": .bitwiseAnd, "|=": .bitwiseOr, "^=": .bitwiseXor,
    ]

    /// `condition ? a : b`, `value ?: fallback`, or anything below them.
    mutating func conditionalExpression() throws(SyntaxError) -> Expression {
        let condition = try binary(level: 0)
        guard current.isSymbol("?") else { return condition }
        try enterNesting()
        defer { nesting -= 1 }
        let location = advance().location
        var then: Expression?
        // C's grammar puts a whole expression between '?' and ':', the comma operator included.
        if !current.isSymbol(":") { then = try commaExpression() }
        try expectSymbol(":", "in the conditional '?:'")
        return .conditional(condition, then: then, otherwise: try conditionalExpression(), location)
    }

    /// The binary operator here (the comma aside, which only ``commaExpression()`` reads), or nil.
    private var binaryOperator: BinaryOperator? {
        guard case .symbol(let symbol) = current.kind else { return nil }
        return Self.binaryOperators[symbol]
    }

    /// The binary operators by spelling, the comma aside: one hash per token rather than
    /// comparing with every spelling in turn.
    private static let binaryOperators: [String: BinaryOperator] = Dictionary(
        uniqueKeysWithValues: BinaryOperator.allCases.filter { $0 != .comma }.map { ($0.rawValue, $0) })

    /// The precedence of the binary operator here, or nil.
    private var binaryPrecedence: Int? { binaryOperator?.precedence }

    /// Binary operators of precedence `level` and tighter, by precedence climbing. Operators
    /// of one precedence in a row are read in a loop into one flat node, so `a + b + ...`
    /// never recurses per term, and the recursion per parenthesis stays shallow.
    mutating func binary(level: Int) throws(SyntaxError) -> Expression {
        try binary(from: try unary(), level: level)
    }

    private mutating func binary(from first: Expression, level: Int) throws(SyntaxError) -> Expression {
        var left = first
        while let chainLevel = binaryPrecedence, chainLevel >= level {
            var operations: [Expression.Operation] = []
            while let kind = binaryOperator, kind.precedence == chainLevel {
                let location = advance().location
                var operand = try unary()
                // Tighter operators after the operand belong to it: `a + b * c`.
                if let next = binaryPrecedence, next > chainLevel { operand = try binary(from: operand, level: chainLevel + 1) }
                var operation = Expression.Operation(kind: kind, operand: operand, location: location)
                // `i < ticks` of NSUInteger variables compares as C compares unsigned integers.
                if kind.isOrdering, operations.isEmpty {
                    operation.comparesUnsigned = Self.isUnsignedInteger(staticType(of: left)) || Self.isUnsignedInteger(staticType(of: operand))
                }
                operations.append(operation)
            }
            left = .operators(left, operations)
        }
        return left
    }

    /// Prefix operators, casts and `sizeof`.
    mutating func unary() throws(SyntaxError) -> Expression {
        let token = current
        switch token.kind {
        case .symbol("!"), .symbol("-"), .symbol("+"), .symbol("~"), .symbol("&"), .symbol("*"):
            try enterNesting()
            defer { nesting -= 1 }
            advance()
            guard case .symbol(let symbol) = token.kind else { return try unary() }
            let operand = try unary()
            // `*names` of an array is its first element (an array is not a pointer here).
            if symbol == "*", case .name(let name, _) = operand, case .array? = types.variables[name] {
                return .subscript(operand, .literal(.int(0), token.location), token.location)
            }
            return .unary(symbol, operand, token.location)
        case .symbol("++"), .symbol("--"):
            try enterNesting()
            defer { nesting -= 1 }
            advance()
            return .increment(try unary(), delta: token.isSymbol("++") ? 1 : -1, isPrefix: true, token.location)
        case .identifier("sizeof"):
            advance()
            return .size(try sizeOperand(), token.location)
        case .identifier("__builtin_available") where peek(1).isSymbol("("):
            advance()
            return .literal(.bool(try availability(after: "__builtin_available")), token.location)
        case .symbol("(") where startsCast():
            try enterNesting()
            defer { nesting -= 1 }
            advance()
            let type = try typeName()
            try expectSymbol(")", "to close the cast's type")
            if current.isSymbol("{") {
                return try postfix(.compoundLiteral(type, try initializerList(), token.location))
            }
            return .cast(type, try unary(), token.location)
        default:
            return try postfix(try primary())
        }
    }

    /// Whether the '(' here starts a cast or a compound literal rather than a parenthesized
    /// expression: a type keyword, a typedef, or a class followed by what only a type has.
    func startsCast() -> Bool {
        guard let name = peek(1).identifier else { return false }
        if Self.contextualQualifiers.contains(name) { return peek(2).identifier != nil }
        if TypeTable.keywords.contains(name) || Self.typeQualifiers.contains(name) { return true }
        let next = peek(2)
        // `(int8_t (*)(id, SEL))objc_msgSend`, `(MMResult (^)(void))block`: a function
        // pointer's or a block's type, whatever the name; `name(*)` is no expression.
        if next.isSymbol("("), peek(3).isSymbol("*") || peek(3).isSymbol("^"), peek(4).isSymbol(")") { return true }
        if types.alias(name) != nil {
            return next.isSymbol(")") || next.isSymbol("*") || next.identifier.map(Self.typeQualifiers.contains) == true
                || next.isSymbol("[") && closesArrayType(from: 2)
        }
        // `(MMCell *)x` with MMCell from a file not loaded, `(malloc_zone_t *)zones[i]`: a name
        // and stars closed by `)` cannot be an expression, whatever the name.
        if next.isSymbol("*") {
            var offset = 3
            while peek(offset).isSymbol("*") { offset += 1 }
            if peek(offset).isSymbol(")") { return true }
        }
        guard types.isClass(name) else {
            // `(CC_LONG)d.length`, `(MyEnum)[value integerValue]`, `(MyStruct){1, 2}`: a
            // capitalised name no loaded file declares, in parentheses before an operand,
            // is a type from a library the tree does not hold, since an expression in
            // parentheses cannot be followed by another.
            guard next.isSymbol(")") else { return false }
            // `(vImage_CGImageFormat){ .version = 0 }`: braces after the parentheses start a
            // compound literal, whatever the name's case, as no expression is followed by one.
            if peek(3).isSymbol("{") { return true }
            guard name.first?.isUppercase == true else { return false }
            return Self.startsOperand(peek(3))
        }
        if next.isSymbol("*") || next.isSymbol("<") { return true }
        // `(NSCalendarOptions)0`, `(NSOperatingSystemVersion){...}`: a parenthesized name
        // followed by what cannot follow an expression is a cast.
        guard next.isSymbol(")") else { return false }
        return Self.startsOperand(peek(3))
    }

    /// Whether the `[` at `offset` starts array sizes that close the parentheses:
    /// `(CGFloat[2]){0, 1}`, an array type's compound literal.
    private func closesArrayType(from offset: Int) -> Bool {
        var offset = offset
        while peek(offset).isSymbol("[") {
            offset += 1
            while !peek(offset).isSymbol("]") {
                guard peek(offset).kind != .end, !peek(offset).isSymbol(")") else { return false }
                offset += 1
            }
            offset += 1
        }
        return peek(offset).isSymbol(")")
    }

    /// Whether `token` can start an operand but not continue an expression: after `(Name)`,
    /// it makes the parentheses a cast.
    private static func startsOperand(_ token: Token) -> Bool {
        switch token.kind {
        case .identifier, .integer, .double, .string, .symbol("{"), .symbol("["), .symbol("@["), .symbol("@{"), .symbol("@("), .symbol("!"), .symbol("~"):
            true
        default:
            false
        }
    }

    /// What `sizeof` measures: `(type)` or an expression, sized as the compiler for
    /// 64-bit iOS sizes it.
    private mutating func sizeOperand() throws(SyntaxError) -> Int {
        if current.isSymbol("("), startsCast() {
            advance()
            let type = try typeName()
            try expectSymbol(")", "to close sizeof(")
            return Self.size(of: type, in: types)
        }
        // `sizeof(vm_statistics_data_t)`: a name alone that no variable has can only be a
        // type, here one from a library the tree does not hold, whose values rtsh keeps as
        // it keeps an `id` (see `typeSpecifier`), so it is measured as one.
        if current.isSymbol("("), let name = peek(1).identifier, peek(2).isSymbol(")"), !types.isVariable(name) {
            advance()
            advance()
            advance()
            return Self.size(of: .object(className: nil), in: types)
        }
        let location = current.location
        guard let type = staticType(of: try unary()) else { throw SyntaxError(.sizeofExpression, at: location) }
        return Self.size(of: type, in: types)
    }

    /// The type of an expression that `sizeof` measures without running it: a variable
    /// read so far, an element or `*` of an array or a pointer, a struct's field, a number, a cast.
    /// Whether `type` is one of C's unsigned integer types.
    private static func isUnsignedInteger(_ type: ObjCType?) -> Bool {
        if case .integer(let code)? = type { "CISLQ".contains(code) } else { false }
    }

    private func staticType(of expression: Expression) -> ObjCType? {
        switch expression {
        case .name(let name, _):
            return types.variables[name]
        case .subscript(let base, _, _), .unary("*", let base, _):
            switch staticType(of: base) {
            case .array(_, let element)?: return element
            case .pointer(let element)?: return try? TypeEncoding.parseType(element)
            case .cString?: return .char
            default: return nil
            }
        case .literal(.int, _): return .integer(code: "i")
        case .literal(.double, _): return .double
        case .cast(let type, _, _): return type
        case .size: return .integer(code: "Q")
        // A struct's field (`sizeof(addr.sin_addr)`), or one a pointer to it reaches (`sizeof(info->machine)`).
        case .property(let base, let name, _), .member(let base, let name, _):
            var structure = staticType(of: base)
            if case .pointer(let pointee)? = structure { structure = try? TypeEncoding.parseType(pointee) }
            guard case .structure(let structName, _)? = structure else { return nil }
            return types.structs[structName]?.first { $0.name == name }?.type
        default: return nil
        }
    }

    /// The size of a type on 64-bit iOS, in bytes.
    static func size(of type: ObjCType, in types: TypeTable) -> Int {
        layout(of: type, in: types).size
    }

    /// A type's size and alignment on 64-bit iOS, laid out as clang lays out a struct: each
    /// field at its alignment, bit-fields packed into 32-bit units, the whole rounded up to
    /// its widest field's alignment.
    static func layout(of type: ObjCType, in types: TypeTable) -> (size: Int, alignment: Int) {
        if let scalar = type.scalarLayout { return scalar }
        switch type {
        case .array(let count, let element):
            let inner = layout(of: element, in: types)
            return (count * inner.size, inner.alignment)
        case .structure(let name, _):
            var offset = 0
            var alignment = 1
            var bitsInUnit = 0
            func rounded(_ value: Int, to multiple: Int) -> Int { (value + multiple - 1) / multiple * multiple }
            for field in types.structs[name] ?? [] {
                if case .bitField(let width, _) = field.type {
                    if bitsInUnit == 0 || bitsInUnit + width > 32 {
                        offset = rounded(offset, to: 4) + 4
                        bitsInUnit = 0
                    }
                    bitsInUnit += width
                    alignment = max(alignment, 4)
                    continue
                }
                bitsInUnit = 0
                let inner = layout(of: field.type, in: types)
                offset = rounded(offset, to: inner.alignment) + inner.size
                alignment = max(alignment, inner.alignment)
            }
            return (rounded(offset, to: alignment), alignment)
        default: return (8, 8)
        }
    }

    /// `@encode(typeof(x))`, as Masonry's `MASBoxValue` boxes a value, from `typeof`: the
    /// encoding of a type written out, or of a literal's or a cast's type, else of the
    /// value the expression has when run (the parser knows variables by name, not by
    /// scope, so it does not guess theirs).
    private mutating func encodedTypeof(_ word: String, at location: SourceLocation) throws(SyntaxError) -> Expression {
        advance()
        let encoded: Expression
        if startsCast() {
            advance()
            encoded = .literal(.string(try typeName().description), location)
        } else {
            advance()
            let operand = try expression()
            switch operand {
            case .literal, .cast, .size:
                encoded = staticType(of: operand).map { .literal(.string($0.description), location) } ?? .typeEncoding(operand, location)
            default:
                encoded = .typeEncoding(operand, location)
            }
        }
        try expectSymbol(")", "to close \(word)(")
        try expectSymbol(")", "to close @encode(")
        return encoded
    }

    /// After `@available` or `__builtin_available`: `(iOS 13.0, macOS 10.15, *)`, whether
    /// the model's iOS (``ClassLibrary/systemVersion``, 17.0, which the SDK's version macros
    /// name too) is at least the version given for iOS. A list that names no iOS version
    /// holds, as its `*` does on every other platform.
    mutating func availability(after word: String) throws(SyntaxError) -> Bool {
        try expectSymbol("(", "after \(word)")
        var platforms: [[Token]] = [[]]
        while !consumeSymbol(")") {
            if atEnd { throw unexpected("')' to close \(word)(") }
            if consumeSymbol(",") { platforms.append([]) } else { platforms[platforms.count - 1].append(advance()) }
        }
        guard let iOS = platforms.first(where: { $0.first?.identifier?.lowercased() == "ios" }) else { return true }
        // `13.0` is one number token and `13.0.1` two; `13` an integer.
        let asked = iOS.dropFirst().map(\.text).joined().split(separator: ".").map { Int($0) ?? 0 }
        return !ClassLibrary.systemVersion.lexicographicallyPrecedes(asked + Array(repeating: 0, count: max(0, 3 - asked.count)))
    }

    /// `{1, 2}`, `{.x = 1, .y = 2}`, `{{0, 0}, {10, 20}}`: a struct's initializer.
    mutating func initializerList() throws(SyntaxError) -> [InitializerItem] {
        try enterNesting()
        defer { nesting -= 1 }
        try expectSymbol("{", "to start the initializer")
        var items: [InitializerItem] = []
        while !consumeSymbol("}") {
            if !items.isEmpty {
                try expectSymbol(",", "between the initializer's values")
                if consumeSymbol("}") { break }
            }
            var field: String?
            var index: Expression?
            if current.isSymbol("."), let name = peek(1).identifier, peek(2).isSymbol("=") {
                field = name
                advance()
                advance()
                advance()
            } else if current.isSymbol("["), isIndexDesignator() {
                advance()
                index = try expression()
                if current.isSymbol("...") {
                    // GNU C's range of indexes, `[0 ... 255] = 0x7F`: one item an index.
                    let rangeLocation = advance().location
                    let last = try expression()
                    try expectSymbol("]", "after the range of indexes")
                    try expectSymbol("=", "after the range of indexes")
                    guard let index, let first = Self.constantValue(of: index), let end = Self.constantValue(of: last), first <= end,
                          end - first < Self.largestDesignatorRange else { throw SyntaxError(.designatorRange, at: rangeLocation) }
                    let value = current.isSymbol("{") ? Expression.compoundLiteral(.void, try initializerList(), current.location) : try expression()
                    items += (first...end).map { (nil, .literal(.int($0), rangeLocation), value) }
                    continue
                }
                try expectSymbol("]", "after the index")
                try expectSymbol("=", "after the index")
            }
            if current.isSymbol("{") {
                let location = current.location
                items.append((field, index, .compoundLiteral(.void, try initializerList(), location)))
            } else {
                items.append((field, index, try expression()))
            }
        }
        return items
    }

    /// The most elements one range of indexes (`[0 ... 255] = x`) may give.
    static let largestDesignatorRange = 65_536

    /// Whether the `[` here opens an index designator (`[2] = x`) rather than a message
    /// (`[NSNull null]`): its matching `]` is followed by `=`.
    private func isIndexDesignator() -> Bool {
        var depth = 0
        var offset = 0
        while true {
            let token = peek(offset)
            if token.kind == .end { return false }
            if token.isSymbol("[") { depth += 1 }
            if token.isSymbol("]") {
                depth -= 1
                if depth == 0 { return peek(offset + 1).isSymbol("=") }
            }
            offset += 1
        }
    }

    /// Member access, subscripts, calls and postfix `++`/`--` after a primary expression.
    mutating func postfix(_ start: Expression) throws(SyntaxError) -> Expression {
        var value = start
        // Each step of a chain (`a.b[0].c`) wraps the value once more: count it as nesting.
        let outerNesting = nesting
        defer { nesting = outerNesting }
        while true {
            let token = current
            switch token.kind {
            case .symbol("."), .symbol("->"):
                try enterNesting()
                advance()
                guard let name = current.identifier else {
                    throw unexpected("a name after '\(token.text)'", completing: .member(of: value))
                }
                advance()
                value = token.isSymbol(".") ? .property(value, name: name, token.location) : .member(value, name: name, token.location)
            case .symbol("["):
                try enterNesting()
                advance()
                let index = try expression()
                try expectSymbol("]", "to close the subscript")
                value = .subscript(value, index, token.location)
            case .symbol("("):
                try enterNesting()
                advance()
                var arguments: [Expression] = []
                while !consumeSymbol(")") {
                    if !arguments.isEmpty { try expectSymbol(",", "between arguments") }
                    arguments.append(try expression())
                }
                if case .name(let function, let location) = value {
                    value = .call(function, arguments, location)
                } else if case .cast(_, .name(let function, let location), _) = value, types.variables[function] == nil {
                    // `((id (*)(id, SEL))objc_msgSend)(self, sel)`: a function cast to the
                    // pointer type it is called through, as strict prototypes require. A
                    // variable cast this way (an IMP, a block) is still called as a value.
                    value = .call(function, arguments, location)
                } else {
                    value = .invoke(value, arguments, token.location)
                }
            case .symbol("++"), .symbol("--"):
                advance()
                value = .increment(value, delta: token.isSymbol("++") ? 1 : -1, isPrefix: false, token.location)
            default:
                return value
            }
        }
    }

    private static let literalNames: [String: Value] = [
        "YES": true, "NO": false, "true": true, "false": false, "nil": .nil, "Nil": .nil, "NULL": .nil,
    ]

    /// The C keywords that cannot start an expression, named when they appear where one should.
    private static let statementKeywords: Set<String> = [
        "if", "else", "for", "while", "do", "switch", "case", "default", "break", "continue", "return", "goto", "typedef",
    ]

    private mutating func primary() throws(SyntaxError) -> Expression {
        let token = current
        switch token.kind {
        case .integer(let value):
            advance()
            return .literal(.int(value), token.location)
        case .double(let value):
            advance()
            return .literal(.double(value), token.location)
        case .string(let value):
            advance()
            // Adjacent strings are one: `@"Hello, " @"world"`, and `"a" "b"` in a macro.
            var text = value
            while case .string(let next) = current.kind {
                text += next
                advance()
            }
            return .literal(.string(text), token.location)
        case .identifier(let name):
            if Self.statementKeywords.contains(name) {
                throw SyntaxError(.statementKeywordInExpression(name), at: token.location)
            }
            advance()
            if let literal = Self.literalNames[name] { return .literal(literal, token.location) }
            return .name(name, token.location)
        case .directive, .symbol("@"):
            return try directiveExpression()
        case .symbol("["):
            return try message()
        case .symbol("(") where peek(1).isSymbol("{"):
            advance()
            let body = try compoundBody()
            try expectSymbol(")", "to close the statement expression ({ ... })")
            return .statements(body, token.location)
        case .symbol("("):
            advance()
            let inner = try commaExpression()
            try expectSymbol(")", "to close the parenthesis")
            return inner
        case .symbol("@["), .symbol("@{"), .symbol("@("):
            return try containerLiteral()
        case .symbol("^"):
            return try block()
        default:
            throw unexpected("an expression", completing: .expression)
        }
    }

    /// `@selector(...)`, `@protocol(...)`, `@available(...)`, `@encode(...)` and `@` before a
    /// string a macro made. Apart from ``primary()`` so that the frames of deeply nested
    /// expressions stay small.
    private mutating func directiveExpression() throws(SyntaxError) -> Expression {
        let token = current
        switch token.kind {
        case .directive("selector"):
            advance()
            try expectSymbol("(", "after @selector")
            var name = ""
            while !current.isSymbol(")") {
                if let part = current.identifier { name += part } else if current.isSymbol(":") { name += ":" } else {
                    throw unexpected("a selector name inside @selector(...)")
                }
                advance()
            }
            advance()
            guard !name.isEmpty else { throw SyntaxError(.emptySelector, at: token.location) }
            return .selector(name, token.location)
        case .directive("protocol"):
            advance()
            try expectSymbol("(", "after @protocol")
            let name = try expectIdentifier("a protocol name inside @protocol(...)")
            try expectSymbol(")", "to close @protocol(")
            return .protocolLiteral(name, token.location)
        case .directive("available"):
            advance()
            return .literal(.bool(try availability(after: "@available")), token.location)
        case .symbol("@"):
            // `@` before what a macro made: a string (`@#name`, `@STRINGIFY(x)`), a number
            // (`@INT_MIN`), which rtsh's values are already, or a parenthesized expression to box.
            advance()
            switch current.kind {
            case .symbol("(") where !startsCast():
                // Boxed as `@(...)` is: a C string (libextobjc's `@keypath(object.name)` makes
                // `strchr("object.name", '.') + 1`) becomes an NSString.
                advance()
                let inner = try expression()
                try expectSymbol(")", "to close @(")
                return .boxed(inner, token.location)
            // A boxed number is an object, `@0` as much as `@1`: `@NO ?: fallback` is `@NO`.
            case .integer, .double, .identifier("YES"), .identifier("NO"), .identifier("true"), .identifier("false"):
                return .boxed(try primary(), token.location)
            case .string, .symbol("("): return try primary()
            default: throw unexpected("a string, a number or a parenthesized expression after '@'")
            }
        case .directive("encode"):
            advance()
            try expectSymbol("(", "after @encode")
            if let word = current.identifier, Self.typeofWords.contains(word), peek(1).isSymbol("(") {
                return try encodedTypeof(word, at: token.location)
            }
            let type = try typeName()
            try expectSymbol(")", "to close @encode(")
            return .literal(.string(type.description), token.location)
        case .directive(let name) where name.first.map { $0.isUppercase || $0 == "_" } == true:
            // `@YES`, `@ULONG_MAX`, `@NSNotFound`: a constant boxed, as `@(ULONG_MAX)`.
            advance()
            return .boxed(.name(name, token.location), token.location)
        default:
            throw unexpected("an expression", completing: .expression)
        }
    }

    /// `@[...]`, `@{...}` and `@(...)`.
    private mutating func containerLiteral() throws(SyntaxError) -> Expression {
        let token = current
        switch token.kind {
        case .symbol("@["):
            advance()
            var elements: [Expression] = []
            while !consumeSymbol("]") {
                if !elements.isEmpty { try expectSymbol(",", "between array elements") }
                if consumeSymbol("]") { break }
                elements.append(try expression())
            }
            return .array(elements, token.location)
        case .symbol("@{"):
            advance()
            var entries: [(key: Expression, value: Expression)] = []
            while !consumeSymbol("}") {
                if !entries.isEmpty { try expectSymbol(",", "between dictionary entries") }
                if consumeSymbol("}") { break }
                let key = try expression()
                try expectSymbol(":", "between a key and its value")
                entries.append((key, try expression()))
            }
            return .dictionary(entries, token.location)
        default:
            advance()
            let inner = try expression()
            try expectSymbol(")", "to close @(")
            // Boxed, so that it tests as the object it is (`@(0) ?: fallback` is `@0`); what
            // it holds may be a C string: a variable, a call, pointer arithmetic
            // (`strchr(path, '.') + 1`), a conditional or `({ ... })` (libextobjc's
            // `@keypath` boxes one of those).
            return .boxed(inner, token.location)
        }
    }

    /// `^{ ... }`, `^(id data) { ... }`, `^BOOL(id x) { ... }` or `^NSString *(void) { ... }`.
    private mutating func block() throws(SyntaxError) -> Expression {
        try enterNesting()
        defer { nesting -= 1 }
        let location = advance().location
        var returnType: ObjCType?
        if !current.isSymbol("(") && !current.isSymbol("{") {
            returnType = try typeName()
        }
        var parameters: [String] = []
        var signature = "@?"
        var isVariadic = false
        if current.isSymbol("(") {
            for (offset, parameter) in try parameterTypes().enumerated() {
                guard let name = parameter.name else {
                    throw SyntaxError(.unnamedBlockParameter(index: offset + 1), at: location)
                }
                parameters.append(name)
                signature += parameter.type.description
            }
            isVariadic = parametersWereVariadic
        }
        guard current.isSymbol("{") else { throw unexpected("'{' to start the block's body") }
        // The body's own `return`s, not those of blocks inside it, give a return type
        // that is not written.
        let outerReturn = blockReturnEncoding
        blockReturnEncoding = nil
        defer { blockReturnEncoding = outerReturn }
        let body = try compoundBody()
        let returnEncoding = returnType?.description ?? blockReturnEncoding ?? "v"
        return .block(parameters: parameters, signature: returnEncoding + signature, isVariadic: isVariadic, body: body, location)
    }

    /// The encoding of what `return value;` in a block without a written return type
    /// returns, as far as the words tell: a literal's own type (`B` for `YES`), an object
    /// otherwise (the type checker that would know better is the compiler's).
    static func returnEncoding(of value: Expression) -> String {
        if case .literal(let literal, _) = value { literal.typeEncoding } else { "@" }
    }

    /// `[receiver selector]`, `[receiver key:value key:value]`, or a variadic
    /// `[NSString stringWithFormat:@"%@ %d", name, count]`.
    mutating func message() throws(SyntaxError) -> Expression {
        try enterNesting()
        defer { nesting -= 1 }
        let open = advance().location
        let receiver: Expression.Receiver
        if current.isIdentifier("super"), !peek(1).isSymbol(".") {
            // `[super.view addSubview:v]` is a message to what `super.view` answers.
            receiver = .super(advance().location)
        } else if let name = current.identifier, let className = types.classAliases[name], peek(1).identifier != nil {
            // `[LIImage imageNamed:@"logo"]`, a message to a class by its typedef's name.
            receiver = .expression(.name(className, advance().location))
        } else if let name = current.identifier, peek(1).isSymbol("<"), types.isClass(name) {
            // `[NSArray<NSString *> class]`: a class with its lightweight generics, which change nothing.
            let location = advance().location
            try skipProtocolQualifiers()
            receiver = .expression(.name(name, location))
        } else {
            // Any expression short of an assignment: `[flag ? a : b description]`, `[x + y stringValue]`.
            receiver = .expression(try conditionalExpression())
        }
        guard let first = current.identifier else {
            throw unexpected("a selector after the receiver, as in [receiver viewDidLoad]", completing: .selector(of: receiver, soFar: ""))
        }
        advance()
        guard current.isSymbol(":") else {
            try expectSymbol("]", "to close the message")
            return .message(receiver: receiver, selector: first, arguments: [], open)
        }
        return try keywordMessage(to: receiver, firstPart: first, at: open)
    }

    /// The rest of `[receiver first:argument ...]` from the first ':', apart from
    /// ``message()`` so that the frames of deeply nested messages stay small.
    private mutating func keywordMessage(to receiver: Expression.Receiver, firstPart first: String, at open: SourceLocation) throws(SyntaxError) -> Expression {
        var selector = first
        var arguments: [Expression] = []
        while consumeSymbol(":") {
            selector += ":"
            arguments.append(try expression())
            if current.isSymbol(",") {
                // The variadic arguments, which end the message.
                while consumeSymbol(",") { arguments.append(try expression()) }
                try expectSymbol("]", "to close the message after its variadic arguments")
                return .message(receiver: receiver, selector: selector, arguments: nullPointers(in: arguments, of: selector), open)
            }
            if consumeSymbol("]") {
                return .message(receiver: receiver, selector: selector, arguments: nullPointers(in: arguments, of: selector), open)
            }
            if current.isSymbol(":") { continue } // an empty selector part, as in `[x a:1 :2]`
            guard let part = current.identifier, peek(1).isSymbol(":") else {
                throw unexpected("the next part of the selector (name:) or ']' to close the message",
                                 completing: .selector(of: receiver, soFar: selector))
            }
            advance()
            selector += part
        }
        throw unexpected("':' after the selector part")
    }

    /// A message's arguments with each literal 0 that a declared method takes as an object
    /// made nil, as the compiler passes C's null pointer constant (`orDictionary:0x00`).
    /// Only the code's own declarations tell: a number's parameter, and `@0`, keep the number.
    private func nullPointers(in arguments: [Expression], of selector: String) -> [Expression] {
        guard let takesObject = types.objectParameters[selector] else { return arguments }
        var arguments = arguments
        for index in arguments.indices where index < takesObject.count && takesObject[index] {
            if case .literal(.int(0), let location) = arguments[index] { arguments[index] = .literal(.nil, location) }
        }
        return arguments
    }
}
