import Runtime

/// Types: `NSString *`, `unsigned long`, `NSArray<NSString *> *`, `void (^)(BOOL)`,
/// `id<UITableViewDelegate>`, `CGRect`, enum and typedef names.
extension Parser {
    /// `typeof` as GNU C and clang spell it.
    static let typeofWords: Set<String> = ["typeof", "__typeof", "__typeof__"]

    /// Qualifiers that change nothing rtsh does with a type.
    static let typeQualifiers: Set<String> = [
        "const", "volatile", "restrict", "__restrict", "nullable", "nonnull", "null_unspecified", "null_resettable",
        "_Nullable", "_Nonnull", "_Null_unspecified", "__nullable", "__nonnull", "oneway", "in", "out", "inout", "bycopy", "byref",
        "inline", "__inline", "__inline__", "register", "auto", "static", "extern", "__block", "__weak", "_Atomic",
    ]

    /// The qualifiers Objective-C reserves only in method and protocol types: elsewhere
    /// they are ordinary names (`NSData *out = ...;`).
    static let contextualQualifiers: Set<String> = ["in", "out", "inout", "bycopy", "byref", "oneway"]

    /// Whether the qualifier here is a variable's name instead: a contextual one that
    /// nothing of a type follows, or a loop's item followed by `in` (`for (id out in list)`).
    func qualifierIsName(_ word: String) -> Bool {
        guard Self.contextualQualifiers.contains(word) else { return false }
        let next = peek(1)
        if word != "in", next.isIdentifier("in") { return true }
        return next.identifier == nil && !next.isSymbol("*") && !next.isSymbol("(")
    }

    /// Reads a qualifier, noting `__block` and `__weak`.
    mutating func skipQualifier(_ word: String) {
        if word == "__block" { sawBlockStorage = true }
        if word == "__weak" { sawWeakStorage = true }
        advance()
    }

    /// A type without a name: a cast's, a method's return or parameter type, a block's.
    mutating func typeName() throws(SyntaxError) -> ObjCType {
        let base = try typeSpecifier()
        return try abstractDeclarator(base)
    }

    /// The specifiers and qualifiers before a declarator: `static const NSInteger`,
    /// `unsigned long long`, `NSArray<NSString *>`, `struct CGPoint`, `typeof(self)`.
    /// An object type is returned as `.object(className:)` for its `*` to follow.
    mutating func typeSpecifier() throws(SyntaxError) -> ObjCType {
        let location = current.location
        specifiedBareClass = nil
        specifiedProtocols = []
        var words: [String] = []
        var named: ObjCType?
        while let word = current.identifier {
            // `_Atomic(int32_t)`: C11's atomic type is the type itself on rtsh's one thread.
            if word == "_Atomic", peek(1).isSymbol("("), words.isEmpty, named == nil {
                advance()
                advance()
                named = try typeName()
                try expectSymbol(")", "to close _Atomic's type")
                continue
            }
            if Self.typeQualifiers.contains(word) {
                if !words.isEmpty || named != nil, qualifierIsName(word) { break }
                skipQualifier(word)
                continue
            }
            if ["unsigned", "signed", "short", "long", "int", "char", "float", "double", "void", "_Bool", "bool", "BOOL", "_Complex", "__complex__"].contains(word) {
                guard named == nil else { break }
                words.append(word)
                advance()
                continue
            }
            guard words.isEmpty, named == nil else { break }
            switch word {
            case "struct", "union", "enum":
                advance()
                named = try taggedType(word)
            case let word where Self.typeofWords.contains(word):
                // `__weak typeof(self) weakSelf = self;`: the type of an object expression is an object.
                advance()
                if startsCast() {
                    // `typeof(UIImageView *)`: the type written out.
                    advance()
                    named = try typeName()
                } else {
                    try expectSymbol("(", "after \(word)")
                    _ = try expression()
                    named = .object(className: nil)
                    sawInferredType = true
                }
                try expectSymbol(")", "to close \(word)(")
                specifiedBareClass = nil
            case "id", "instancetype":
                advance()
                named = .object(className: nil)
                specifiedProtocols = try skipProtocolQualifiers()
            case "__auto_type":
                // The initializer's type, which rtsh does not work out: the variable takes
                // whatever it is given, as an `id` would.
                advance()
                named = .object(className: nil)
                sawInferredType = true
            case "Class":
                advance()
                named = .class
                try skipProtocolQualifiers()
            case "SEL":
                advance()
                named = .selector
            case "IMP":
                advance()
                named = .pointer(to: "?")
            default:
                if let alias = types.alias(word) {
                    advance()
                    named = alias
                    // An object type's name qualified by protocols: a generic's parameter
                    // (`(KeyType <NSCopying>)key`) or a typedef of `id`.
                    if case .object = alias { specifiedProtocols = try skipProtocolQualifiers() }
                } else if !types.isClass(word) || types.isDeclaredClass(word) || peek(1).isSymbol("*") || peek(1).isSymbol("<") {
                    // A capitalised name before `*` is taken as a class defined later, as a
                    // script may use one in a method before the statement that defines it.
                    guard types.isClass(word) || (word.first?.isUppercase == true && peek(1).isSymbol("*")) else {
                        // A lowercase name is taken for a type only where nothing else can stand:
                        // before a declarator (`xmlDocPtr doc`, `sqlite3_stmt *statement`)
                        // and a compound literal's braces (`(vImage_CGImageFormat){ ... }`);
                        // `(nsinteger)x` stays an error.
                        guard word.first?.isUppercase == true || peek(1).identifier != nil || peek(1).isSymbol("*")
                            || peek(1).isSymbol(")") && peek(2).isSymbol("{") else {
                            throw SyntaxError(.unknownTypeName(word), at: current.location)
                        }
                        // Where only a type can stand, a name no loaded file declares is a type
                        // from a library the tree does not hold (`NetworkStatus`, `SDImageCacheType`,
                        // libxml's `xmlDocPtr`): its values are kept as they are, as `id`'s are.
                        advance()
                        named = .object(className: nil)
                        // A generic's parameter qualified by protocols: `(KeyType <NSCopying>)key`.
                        specifiedProtocols = try skipProtocolQualifiers()
                        continue
                    }
                    advance()
                    named = .object(className: word)
                    specifiedBareClass = word
                    // `NSArray<NSString *> *`, `NSObject<UITableViewDelegate> *`
                    specifiedProtocols = try skipProtocolQualifiers()
                } else {
                    // A framework's name without a '*' is one of its enum types, which are NSIntegers.
                    advance()
                    named = .integer(code: "q")
                }
            }
        }
        if let named { return named }
        guard !words.isEmpty else { throw unexpected("a type, such as void, BOOL, NSInteger, id or NSString *") }
        return try Self.scalarType(words, at: location)
    }

    /// `<NSString *>` or `<UITableViewDelegate, UITableViewDataSource>` after a type name.
    ///
    /// - Returns: the protocols a list of them names (none for a generic's type arguments,
    ///   such as `<NSString *>` or `<id>`), which a property's attributes spell out.
    @discardableResult
    mutating func skipProtocolQualifiers() throws(SyntaxError) -> [String] {
        guard current.isSymbol("<") else { return [] }
        let open = advance().location
        var depth = 1
        var names: [String] = [], namesProtocols = true
        while depth > 0 {
            if atEnd { throw SyntaxError(.unclosedAngle, at: open) }
            if current.isSymbol("<") {
                depth += 1
                namesProtocols = false
                advance()
            } else if consumeClosingAngle() {
                depth -= 1
            } else {
                if let word = current.identifier, word != "id", !Self.typeQualifiers.contains(word) {
                    names.append(word)
                } else if !current.isSymbol(",") {
                    namesProtocols = false
                }
                advance()
            }
        }
        return namesProtocols ? names : []
    }

    /// C's scalar type from its words: `unsigned long long`, `long double`, `char`.
    static func scalarType(_ words: [String], at location: SourceLocation) throws(SyntaxError) -> ObjCType {
        // `_Complex double`: a value rtsh does not compute with, encoded as clang encodes it
        // (`jd`), which is what code asks of it (`@encode(_Complex float)`).
        if words.contains("_Complex") || words.contains("__complex__") {
            let real = try scalarType(words.filter { $0 != "_Complex" && $0 != "__complex__" }, at: location)
            return .structure(name: "_Complex", encoding: "j" + real.signatureEncoding)
        }
        let isUnsigned = words.contains("unsigned")
        let longs = words.filter { $0 == "long" }.count
        var rest = words.filter { !["unsigned", "signed", "long"].contains($0) }
        // `short int` and `long int` may spell out the int they are.
        if rest.count == 2, rest.contains("int"), rest.contains("short") { rest = ["short"] }
        guard rest.count <= 1 else {
            throw SyntaxError(.notACType(words.joined(separator: " ")), at: location)
        }
        switch rest.first {
        case "void"?: return .void
        case "BOOL"?, "bool"?, "_Bool"?: return .bool
        // `char` is a number in C; BOOL, spelled `c` on 32-bit systems, is its own type here.
        case "char"?: return .integer(code: isUnsigned ? "C" : "c")
        case "short"?: return .integer(code: isUnsigned ? "S" : "s")
        case "float"?: return .float
        case "double"?: return .double
        case "int"?, nil:
            if longs > 0 { return .integer(code: isUnsigned ? "Q" : "q") }
            return .integer(code: isUnsigned ? "I" : "i")
        default:
            throw SyntaxError(.notACType(words.joined(separator: " ")), at: location)
        }
    }

    /// `struct Name`, `enum Name`, or a definition in place (`enum { A, B }`), read after
    /// the keyword. A struct's or enum's definition in place registers it.
    private mutating func taggedType(_ keyword: String) throws(SyntaxError) -> ObjCType {
        let location = current.location
        let name = current.identifier
        if name != nil { advance() }
        if keyword == "enum" {
            var underlying = ObjCType.integer(code: "i")
            if consumeSymbol(":") { underlying = try typeName() }
            if current.isSymbol("{") {
                let definition = try enumBody(named: name, type: underlying, at: location)
                pendingEnums.append(definition)
            }
            if let name { types.declareAlias(name, as: underlying) }
            return underlying
        }
        if current.isSymbol("{") {
            // A field's struct must be complete, in a typedef's struct as anywhere.
            let enclosingTypedef = readsTypedef
            readsTypedef = false
            defer { readsTypedef = enclosingTypedef }
            let fields = try structBody()
            let structName = name ?? types.anonymousStructName()
            if types.wouldContainItself(structName, fields: fields) {
                throw SyntaxError(.structHoldsItself(structName), at: location)
            }
            types.declareStruct(structName, fields: fields)
            let type = types.structType(named: structName)!
            if let name { types.declareAlias(name, as: type) }
            return type
        }
        guard let name else { throw unexpected("a name or '{' after '\(keyword)'") }
        if let known = types.alias(name), case .structure = known { return known }
        if let type = types.structType(named: name) { return type }
        // A pointer to a struct whose fields are not known here, as C allows: one defined
        // later, one that holds a pointer to itself (`struct node *next;`), or a system
        // header's opaque one (`struct __GSEvent *`), or a typedef's name for such a struct,
        // which code uses only through pointers. Its fields are looked up by name when read.
        if current.isSymbol("*") || readsTypedef { return .structure(name: name, encoding: "{\(name)=}") }
        throw SyntaxError(.unknownTaggedType(keyword: keyword, name: name), at: location)
    }

    /// `{ CGFloat x; CGFloat y; }`
    private mutating func structBody() throws(SyntaxError) -> [(name: String, type: ObjCType)] {
        try expectSymbol("{", "to start the struct's fields")
        var fields: [(name: String, type: ObjCType)] = []
        while !consumeSymbol("}") {
            if atEnd { throw unexpected("'}' to close the struct") }
            let base = try typeSpecifier()
            if try skipUnnamedBitField(base) { continue }
            repeat {
                let (name, type, location) = try declarator(base)
                try requireConstantArraySizes(at: location)
                fields.append((name, try bitField(of: type)))
            } while consumeSymbol(",")
            try expectSymbol(";", "after the struct field")
        }
        return fields
    }

    /// `: 1` after a field's or an ivar's declarator: a bit-field of that many bits of its
    /// integer type. Without a colon, the type as it is.
    mutating func bitField(of type: ObjCType) throws(SyntaxError) -> ObjCType {
        guard current.isSymbol(":") else { return type }
        let location = advance().location
        let isSigned: Bool
        switch type {
        case .integer(let code): isSigned = code.isLowercase
        case .char: isSigned = true
        case .bool: isSigned = false
        default: throw SyntaxError(.bitFieldNeedsInteger(type: type.description), at: location)
        }
        // The width is a constant expression: `BOOL shown : YES;` is one bit.
        let start = position
        guard let width = (try? binary(level: 0)).flatMap(Self.constantValue), (1...64).contains(width) else {
            position = start
            throw unexpected("the bit-field's width, a number of bits from 1 to 64")
        }
        return .bitField(width: width, isSigned: isSigned)
    }

    /// `unsigned int : 4;`, padding with no name: read and left out. True when there was one.
    mutating func skipUnnamedBitField(_ base: ObjCType) throws(SyntaxError) -> Bool {
        guard current.isSymbol(":") else { return false }
        _ = try bitField(of: base)
        try expectSymbol(";", "after the unnamed bit-field")
        return true
    }

    /// `{ A, B = 4, C = 1 << 3 }` after `enum Name : Type`.
    mutating func enumBody(named name: String?, type: ObjCType, at location: SourceLocation) throws(SyntaxError) -> EnumDefinition {
        try expectSymbol("{", "to start the enum's constants")
        var constants: [(name: String, value: Expression?, location: SourceLocation)] = []
        while !consumeSymbol("}") {
            let constantLocation = current.location
            let constant = try expectIdentifier("an enum constant's name")
            var value: Expression?
            if consumeSymbol("=") { value = try conditionalExpression() }
            constants.append((constant, value, constantLocation))
            if !consumeSymbol(",") {
                try expectSymbol("}", "or ',' after the enum constant")
                break
            }
        }
        // The constants are known as soon as they are read: later code in the same input uses them.
        return EnumDefinition(name: name, type: type, constants: constants, location: location)
    }

    /// Stars, qualifiers and a block's `(^)(...)` after the specifiers, with no name.
    mutating func abstractDeclarator(_ base: ObjCType) throws(SyntaxError) -> ObjCType {
        let (_, type, _) = try declarator(base, allowsName: false)
        return type
    }

    /// A declarator: `*name`, `* const name`, `name[4]`, `(^name)(BOOL)`, `(*name)(int)`;
    /// with `allowsName` false, the same without the name.
    mutating func declarator(_ base: ObjCType, allowsName: Bool = true) throws(SyntaxError) -> (name: String, type: ObjCType, location: SourceLocation) {
        let bareClass = specifiedBareClass
        var type = base
        var stars = 0
        while true {
            if consumeSymbol("*") {
                stars += 1
                type = Self.pointer(to: type, isFirst: stars == 1)
            } else if let word = current.identifier, Self.typeQualifiers.contains(word), !(allowsName && qualifierIsName(word)) {
                skipQualifier(word)
            } else {
                break
            }
        }
        // `void (^name)(BOOL)` and `void (*name)(int)`: a block or a function pointer.
        if current.isSymbol("("), peek(1).isSymbol("^") || peek(1).isSymbol("*") {
            let isBlock = peek(1).isSymbol("^")
            advance()
            advance()
            while let word = current.identifier, Self.typeQualifiers.contains(word) { skipQualifier(word) }
            var name = ""
            let location = current.location
            if let identifier = current.identifier {
                guard allowsName else { throw unexpected("')' in the block type") }
                name = identifier
                advance()
            }
            try expectSymbol(")", "to close the \(isBlock ? "block" : "function pointer")'s name")
            _ = try parameterTypes()
            if allowsName && name.isEmpty { throw SyntaxError(.unnamedBlockOrFunctionPointer(isBlock: isBlock), at: location) }
            return (name, isBlock ? .block : .pointer(to: "?"), location)
        }
        // `CGFloat (adjust)(CGFloat)`: a function type, its name in parentheses; a parameter
        // of it is a function pointer, as C adjusts it.
        if allowsName, current.isSymbol("("), let identifier = peek(1).identifier, peek(2).isSymbol(")"), peek(3).isSymbol("(") {
            advance()
            let location = current.location
            advance()
            advance()
            _ = try parameterTypes()
            return (identifier, .pointer(to: "?"), location)
        }
        let location = current.location
        guard allowsName else {
            if let className = bareClass, stars == 0, case .object = type, !current.isSymbol("[") {
                throw SyntaxError(.classWithoutStar(className: className, name: nil), at: location)
            }
            // `(__unsafe_unretained id [])buffer`: an array type without a name or a size,
            // which a parameter takes as a pointer to its elements; with constant sizes
            // (`sizeof(char[16])`, `@encode(double[4])`, `va_arg(list, float[2])`), an array.
            var counts: [Int?] = []
            while consumeSymbol("[") {
                if consumeSymbol("]") {
                    counts.append(nil)
                    continue
                }
                let size = try conditionalExpression()
                try expectSymbol("]", "to close the array's size")
                counts.append(Self.constantValue(of: size).flatMap { $0 >= 0 ? $0 : nil })
            }
            guard counts.contains(nil) else { return ("", try Self.array(of: type, counts: counts.compactMap { $0 }, at: location), location) }
            for _ in counts {
                stars += 1
                type = Self.pointer(to: type, isFirst: stars == 1)
            }
            return ("", type, location)
        }
        let name = try expectIdentifier("a name in the declaration")
        if let className = bareClass, stars == 0, case .object = type {
            throw SyntaxError(.classWithoutStar(className: className, name: name), at: location)
        }
        // `char buffer[16]`, `int grid[2][3]`, `NSString *names[]`: arrays, the last size
        // innermost. A size left out is 0 until an initializer gives it.
        var counts: [Int] = []
        var sizes: [Expression?] = []
        while consumeSymbol("[") {
            if consumeSymbol("]") {
                counts.append(0)
                sizes.append(nil)
                continue
            }
            let size = try conditionalExpression()
            if let count = Self.constantValue(of: size), count >= 0 {
                counts.append(count)
                sizes.append(nil)
            } else {
                counts.append(0)
                sizes.append(size)
            }
            try expectSymbol("]", "to close the array's size")
        }
        runtimeArraySizes = sizes.contains { $0 != nil } ? sizes : []
        return (name, try Self.array(of: type, counts: counts, at: location), location)
    }

    /// `element` in arrays of `counts`, the last innermost (`int grid[2][3]`); `element`
    /// itself for no counts. Refuses one of more elements than rtsh holds.
    private static func array(of element: ObjCType, counts: [Int], at location: SourceLocation) throws(SyntaxError) -> ObjCType {
        var type = element
        for count in counts.reversed() { type = .array(count: count, element: type) }
        guard counts.isEmpty || (type.elementCount.map { $0 <= ObjCType.maximumArrayElements } ?? false) else {
            throw SyntaxError(.arrayTooLarge(limit: ObjCType.maximumArrayElements), at: location)
        }
        return type
    }

    /// Refuses an array whose size is known only when code runs where C needs a number:
    /// an ivar's, a struct field's, a typedef's.
    func requireConstantArraySizes(at location: SourceLocation) throws(SyntaxError) {
        guard runtimeArraySizes.isEmpty else { throw SyntaxError(.arraySizeNotConstant, at: location) }
    }

    /// The value of an integer expression made of numbers, `sizeof` and operators, or nil.
    static func constantValue(of expression: Expression) -> Int? {
        switch expression {
        case .literal(.int(let value), _): return value
        case .literal(.bool(let value), _): return value ? 1 : 0
        case .size(let size, _): return size
        case .unary("-", let operand, _): return constantValue(of: operand).map { 0 &- $0 }
        case .unary("+", let operand, _): return constantValue(of: operand)
        case .operators(let first, let operations):
            guard var result = constantValue(of: first) else { return nil }
            for operation in operations {
                guard let operand = constantValue(of: operation.operand) else { return nil }
                switch operation.kind {
                case .add: result = result &+ operand
                case .subtract: result = result &- operand
                case .multiply: result = result &* operand
                case .divide where operand != 0: result /= operand
                case .remainder where operand != 0: result %= operand
                case .shiftLeft where (0..<64).contains(operand): result <<= operand
                case .shiftRight where (0..<64).contains(operand): result >>= operand
                default: return nil
                }
            }
            return result
        default: return nil
        }
    }

    /// The array type a declaration's initializer list completes: `int values[] = {1, 2}`
    /// has two elements.
    static func completing(_ type: ObjCType, by items: [InitializerItem]) -> ObjCType {
        // Named indexes (`[MMStateOn] = x`) are known only when they run: the array's
        // length is then what they reach, and the type stays unsized. Numbered ones set
        // where the items after them go, as in C.
        guard case .array(0, let element) = type else { return type }
        var (position, count) = (0, 0)
        for item in items {
            if let index = item.index {
                guard let number = constantValue(of: index), number >= 0 else { return type }
                position = number
            }
            position += 1
            count = max(count, position)
        }
        return .array(count: count, element: element)
    }

    /// `(BOOL finished, NSError *error)` of a block or function type; `(void)` is none.
    mutating func parameterTypes() throws(SyntaxError) -> [(name: String?, type: ObjCType)] {
        try expectSymbol("(", "to start the parameter types")
        var parameters: [(name: String?, type: ObjCType)] = []
        parametersWereVariadic = false
        if current.isIdentifier("void"), peek(1).isSymbol(")") {
            advance()
            advance()
            return []
        }
        while !consumeSymbol(")") {
            if !parameters.isEmpty { try expectSymbol(",", "between parameters") }
            if consumeSymbol("...") {
                parametersWereVariadic = true
                continue
            }
            let base = try typeSpecifier()
            // `int []` too: an array without a name, which the parameter takes as a pointer.
            if current.identifier != nil || current.isSymbol("*") || current.isSymbol("(") || current.isSymbol("[") {
                let hasName = Self.declaratorHasName(tokens: tokens, from: position)
                var (name, type, _) = try declarator(base, allowsName: hasName)
                // A parameter declared as an array is a pointer to its element, as in C.
                if case .array(_, let element) = type { type = .pointer(to: element.signatureEncoding) }
                parameters.append((hasName ? name : nil, type))
            } else {
                parameters.append((nil, base))
            }
        }
        return parameters
    }

    /// Whether the declarator starting at `index` has a name before the next `,` or `)`
    /// at its own level.
    private static func declaratorHasName(tokens: [Token], from index: Int) -> Bool {
        var depth = 0
        var index = index
        while index < tokens.count {
            let token = tokens[index]
            if token.isSymbol("(") { depth += 1 }
            if token.isSymbol(")") {
                if depth == 0 { return false }
                depth -= 1
                // `void (^)(NSInvocation *)`: the group that holds a block's or function
                // pointer's name closed without one; what follows are its parameters' types.
                if depth == 0 { return false }
            }
            if token.isSymbol(","), depth == 0 { return false }
            if let word = token.identifier, !typeQualifiers.contains(word) { return true }
            if token.kind == .end { return false }
            index += 1
        }
        return false
    }

    /// The type a `*` makes of `type`: a class name's object, `char *`'s C string, or a
    /// pointer (`NSError **` is `^@`).
    static func pointer(to type: ObjCType, isFirst: Bool) -> ObjCType {
        switch type {
        case .object(let className) where isFirst && className != nil: return .object(className: className)
        case .integer(code: "c") where isFirst: return .cString
        default: return .pointer(to: type.signatureEncoding)
        }
    }
}
