import Runtime

/// Declarations: `@interface` (classes, extensions, categories), `@implementation`,
/// `@protocol`, `@class`, `typedef`, enums, structs, file-scope variables and C functions.
extension Parser {
    /// One declaration, or a statement at the prompt; an enum defined inside a declaration
    /// comes after it as an item of its own.
    mutating func topLevelItems() throws(SyntaxError) -> [TopLevelItem] {
        let items = try topLevelItem()
        let enums = pendingEnums.map(TopLevelItem.enumeration)
        let declarations = pendingDeclarations
        pendingEnums = []
        pendingDeclarations = []
        return enums + declarations + items
    }

    private mutating func topLevelItem() throws(SyntaxError) -> [TopLevelItem] {
        let token = current
        switch token.kind {
        case .directive("interface"):
            return [.interface(try interface())]
        case .directive("implementation"):
            return [.implementation(try implementation())]
        case .directive("protocol") where !peek(1).isSymbol("("):
            return try protocolDeclaration().map(TopLevelItem.protocol).map { [$0] } ?? []
        case .directive("class"):
            advance()
            repeat {
                types.declareClass(try expectIdentifier("a class name after @class"))
                // `@class BFTask<__covariant ResultType>;`: the parameters declare nothing more.
                _ = try typeParameters()
            } while consumeSymbol(",")
            try expectSymbol(";", "after @class's names")
            return []
        case .directive("compatibility_alias"):
            advance()
            let alias = try expectIdentifier("the alias after @compatibility_alias")
            _ = try expectIdentifier("the class after the alias")
            types.declareClass(alias)
            try expectSymbol(";", "after @compatibility_alias")
            return []
        case .directive(let name) where ["end", "property", "optional", "required", "synthesize", "dynamic"].contains(name):
            throw SyntaxError(.directiveOutsideContainer(name), at: token.location)
        case .identifier("typedef"):
            advance()
            try typedef()
            return []
        default:
            if startsFileDeclaration() { return try fileDeclaration() }
            guard mode == .prompt else {
                throw unexpected("a declaration (@interface, @implementation, @protocol, typedef, a variable or a function)")
            }
            return [.statement(try statement())]
        }
    }

    // MARK: C declarations

    /// The words before a file-scope declaration's type that say how it is stored or
    /// compiled: `static`, `extern` and the spellings of `inline` (GNU's `__inline__`, which
    /// macros such as `force_inline` expand to).
    static let storageWords: Set<String> = ["static", "extern", "inline", "__inline", "__inline__"]

    /// Whether a file-scope variable or a C function starts here. At the prompt only
    /// `extern`, `const` at the start and function definitions count, so `int x = 1;`
    /// stays a statement there.
    func startsFileDeclaration() -> Bool {
        if mode == .file {
            return current.identifier.map(Self.storageWords.contains) == true || startsLocalDeclaration()
                || startsFunctionReturningObject()
        }
        if current.isIdentifier("extern") { return true }
        // At the prompt: a function definition, `Type name(...) {`, perhaps `static`. The
        // shape is checked first, as it costs no lookup of names.
        var start = 0
        while let word = peek(start).identifier, word != "extern", Self.storageWords.contains(word) { start += 1 }
        var offset = start
        while peek(offset).identifier != nil || peek(offset).isSymbol("*") { offset += 1 }
        guard offset >= 2, peek(offset).isSymbol("("), !peek(offset + 1).isSymbol("^") else { return false }
        return peek(start).identifier.map({ TypeTable.keywords.contains($0) || types.isTypeName($0) }) == true
    }

    /// `Protocol *a2_delegateProtocol(Class cls);`: at file scope, a capitalised name, a
    /// pointer and a call can only declare a function returning an object, whether or not
    /// any file read declares its class.
    private func startsFunctionReturningObject() -> Bool {
        guard current.identifier?.first?.isUppercase == true else { return false }
        var offset = 1
        while peek(offset).isSymbol("*") { offset += 1 }
        return offset > 1 && peek(offset).identifier != nil && peek(offset + 1).isSymbol("(")
    }

    /// `static NSString *const kName = @"x";`, `extern NSString *const kName;`,
    /// `static CGFloat padding(UIView *v) { ... }`, or a function's prototype.
    mutating func fileDeclaration() throws(SyntaxError) -> [TopLevelItem] {
        var isExternal = false
        var isStatic = false
        while let word = current.identifier, Self.storageWords.contains(word) {
            if word == "extern" { isExternal = true }
            if word == "static" { isStatic = true }
            advance()
        }
        let base = try typeSpecifier()
        if consumeSymbol(";") { return [] } // `enum Name : NSInteger { ... };`, `struct S { ... };`
        var items: [TopLevelItem] = []
        repeat {
            var (name, type, location) = try declarator(base)
            if try cleanupAttribute() != nil { throw SyntaxError(.cleanupOfStaticVariable(name), at: location) }
            if current.isSymbol("(") {
                let parameters = try parameterTypes()
                let isVariadic = parametersWereVariadic
                if current.isSymbol("{") {
                    guard items.isEmpty else { throw unexpected("';' after the declarations") }
                    let named = try parameters.enumerated().map { (offset, parameter) throws(SyntaxError) -> (name: String, type: ObjCType) in
                        guard let parameterName = parameter.name else {
                            throw SyntaxError(.unnamedParameter(index: offset + 1, function: name), at: location)
                        }
                        return (parameterName, parameter.type)
                    }
                    for parameter in named { types.declareVariable(parameter.name, as: parameter.type) }
                    return [.function(FunctionDefinition(
                        name: name, returnType: type, parameters: named, isVariadic: isVariadic, body: try compoundBody(), location: location))]
                }
                // A prototype: the definition may come later, or in another file.
                items.append(.functionPrototype(name: name, parameterCount: parameters.count, location))
                continue
            }
            let arraySizes = runtimeArraySizes
            var value: Expression?
            if consumeSymbol("=") {
                if current.isSymbol("{") {
                    let list = try initializerList()
                    type = Self.completing(type, by: list)
                    value = .compoundLiteral(type, list, location)
                } else {
                    value = try expression()
                }
            }
            // An array sized when it runs has no size to measure yet.
            if arraySizes.isEmpty { types.declareVariable(name, as: type) } else { types.declareRuntimeSizedArray(name) }
            items.append(.variable(GlobalVariable(
                name: name, type: type, arraySizes: arraySizes, value: value, isExternal: isExternal, isStatic: isStatic, location: location)))
        } while consumeSymbol(",")
        try expectSymbol(";", "after the declaration")
        return items
    }

    /// After `typedef`: the type, then one or more names for it.
    mutating func typedef() throws(SyntaxError) {
        readsTypedef = true
        let base: ObjCType
        do {
            defer { readsTypedef = false }
            base = try typeSpecifier()
        }
        if consumeSymbol(";") { return } // `typedef NS_ENUM(NSInteger, Style) { ... };`
        repeat {
            // `typedef UIImage LIImage;`: another name for the class, not an object type.
            if let className = specifiedBareClass, !current.isSymbol("*"), let name = current.identifier, peek(1).isSymbol(";") || peek(1).isSymbol(",") {
                advance()
                types.declareClassAlias(name, of: className)
                continue
            }
            var (name, type, location) = try declarator(base)
            try requireConstantArraySizes(at: location)
            if current.isSymbol("(") {
                _ = try parameterTypes() // `typedef void Handler(int);`, a function type
                type = .pointer(to: "?")
            }
            if case .structure(let structName, let encoding) = type,
               case let isAnonymous = structName.hasPrefix("?"), isAnonymous || structName == name || types.structs[name] == nil {
                // `typedef struct { ... } Name;`: the struct is known by the typedef's name.
                if let fields = types.structs[structName] {
                    if types.wouldContainItself(name, fields: fields) {
                        throw SyntaxError(.structHoldsItself(name), at: location)
                    }
                    types.declareStruct(name, fields: fields)
                }
                type = .structure(name: isAnonymous ? name : structName, encoding: encoding)
            }
            types.declareAlias(name, as: type)
        } while consumeSymbol(",")
        try expectSymbol(";", "after the typedef")
    }

    // MARK: Classes

    /// `@interface Name : Superclass <P, Q> { ivars } @property ...; - (void)declared; @end`,
    /// a class extension `@interface Name () ...`, or a category `@interface Name (Category) ...`.
    mutating func interface() throws(SyntaxError) -> InterfaceDefinition {
        let start = position
        let location = advance().location
        let name = try expectIdentifier("a class name after @interface")
        types.declareClass(name)
        // `@interface Box<__covariant ObjectType : id<NSCopying>> : NSObject`: the type
        // parameters are `id` inside the interface, and no longer once it ends.
        let parameters = try typeParameters()
        let hidden = parameters.map { ($0, types.aliases[$0]) }
        for parameter in parameters { types.declareAlias(parameter, as: .object(className: nil)) }
        defer { for (parameter, previous) in hidden { types.restoreAlias(parameter, to: previous) } }
        var superclass: String?
        var kind = InterfaceDefinition.Kind.primary
        if consumeSymbol(":") {
            superclass = try expectIdentifier("a superclass name after ':'")
            try skipSuperclassTypeArguments(parameters: parameters)
        }
        if consumeSymbol("(") {
            if let category = current.identifier {
                advance()
                kind = .category(category)
            } else {
                kind = .extension
            }
            try expectSymbol(")", "to close the category name of @interface \(name)")
        }
        let protocols = try protocolList()
        let ivars = try ivarBlock()
        var properties: [(property: Property, location: SourceLocation)] = []
        while !current.isDirective("end") {
            if atEnd { throw unexpected("@end to close @interface \(name)") }
            if current.isDirective("property") {
                properties.append(contentsOf: try propertyDeclaration())
            } else if current.isSymbol("-") || current.isSymbol("+") {
                _ = try methodSignature()
                try expectSymbol(";", "after the method's declaration")
            } else if current.isDirective("optional") || current.isDirective("required") {
                throw SyntaxError(.onlyInProtocol(current.text), at: current.location)
            } else if current.isIdentifier("typedef") || current.isIdentifier("static") || current.isIdentifier("extern") || startsLocalDeclaration() {
                // C's declarations may sit inside an @interface too: they belong to the file.
                try cDeclarationInsideContainer()
            } else if !consumeSymbol(";") {
                throw unexpected("@property, a method declaration or @end inside @interface \(name)")
            }
        }
        advance()
        return InterfaceDefinition(
            name: name, kind: kind, superclass: superclass, protocols: protocols, ivars: ivars, properties: properties, location: location,
            fingerprint: fingerprint(since: start))
    }

    /// A C declaration (typedef, struct, enum, variable, function) inside an `@interface`
    /// or `@implementation`: it belongs to the file, and is given out before the container.
    private mutating func cDeclarationInsideContainer() throws(SyntaxError) {
        if consumeIdentifier("typedef") {
            try typedef()
        } else {
            pendingDeclarations += try fileDeclaration()
        }
    }

    /// `@protocol Name <Inherited> ... @optional ... @end`; nil for a forward declaration
    /// (`@protocol Name;`).
    mutating func protocolDeclaration() throws(SyntaxError) -> ProtocolDefinition? {
        let start = position
        let location = advance().location
        let name = try expectIdentifier("a protocol name after @protocol")
        if current.isSymbol(";") || current.isSymbol(",") {
            while consumeSymbol(",") { _ = try expectIdentifier("a protocol name") }
            try expectSymbol(";", "after the protocol's forward declaration")
            return nil
        }
        let inherited = try protocolList()
        var required: [MethodSignature] = []
        var optional: [MethodSignature] = []
        var properties: [Property] = []
        var isOptional = false
        while !current.isDirective("end") {
            if atEnd { throw unexpected("@end to close @protocol \(name)") }
            if current.isDirective("optional") || current.isDirective("required") {
                isOptional = advance().isDirective("optional")
            } else if current.isDirective("property") {
                let declared = try propertyDeclaration()
                properties.append(contentsOf: declared.map(\.property))
                // As clang does, a property's accessors are the protocol's methods too, in
                // its section: a protocol mock answers them, and the runtime lists them.
                for (property, location) in declared {
                    var accessors = [MethodSignature(isClassMethod: false, selector: property.getterName, returnType: property.type, parameters: [], location: location)]
                    if !property.attributes.contains(.readOnly), let setter = property.setterName {
                        accessors.append(MethodSignature(isClassMethod: false, selector: setter, returnType: .void, parameters: [(property.name, property.type)], location: location))
                    }
                    if isOptional { optional += accessors } else { required += accessors }
                }
            } else if current.isSymbol("-") || current.isSymbol("+") {
                let signature = try methodSignature()
                try expectSymbol(";", "after the method's declaration")
                if isOptional { optional.append(signature) } else { required.append(signature) }
            } else if current.isIdentifier("typedef") || current.isIdentifier("static") || current.isIdentifier("extern") {
                // `typedef void (^MMDone)(BOOL);` next to the methods that take it: the file's.
                try cDeclarationInsideContainer()
            } else if !consumeSymbol(";") {
                throw unexpected("a method declaration, @property, @optional, @required, a typedef or @end inside @protocol \(name)")
            }
        }
        advance()
        // An accessor the protocol also declares as a method is listed once, first as required.
        var listed: Set<String> = []
        required = required.filter { listed.insert(($0.isClassMethod ? "+" : "-") + $0.selector).inserted }
        optional = optional.filter { listed.insert(($0.isClassMethod ? "+" : "-") + $0.selector).inserted }
        return ProtocolDefinition(
            name: name, inherited: inherited, required: required, optional: optional, properties: properties, location: location,
            fingerprint: fingerprint(since: start))
    }

    /// A name alone among an implementation's members, with arguments in parentheses or
    /// none and an optional `;`, read past: the use of a macro from a library the tree does
    /// not hold, since no declaration or definition is a name alone. Nil, reading nothing,
    /// for anything else (a function's definition, a variable's initializer).
    private mutating func libraryMacroUse() -> (name: String, location: SourceLocation)? {
        guard let name = current.identifier else { return nil }
        let start = position, location = current.location
        advance()
        if current.isSymbol("(") {
            var depth = 0
            repeat {
                if current.isSymbol("(") { depth += 1 }
                if current.isSymbol(")") { depth -= 1 }
                advance()
            } while depth > 0 && !atEnd && !current.isDirective("end")
        }
        // What may follow: the next member, on a line of its own, or the end. A name, `{`, `=`
        // or `*` on the same line makes it part of a declaration instead.
        let next = current
        let endsUse = next.isSymbol(";") || next.isSymbol("-") || next.isSymbol("+") || { if case .directive = next.kind { true } else { false } }()
            || next.location.line > location.line && !next.isSymbol("{") && !next.isSymbol("=") && !next.isSymbol("*")
        guard endsUse else {
            position = start
            return nil
        }
        _ = consumeSymbol(";")
        return (name, location)
    }

    /// `@implementation Name : Superclass` or `@implementation Name (Category)`, then
    /// ivars, methods, `@synthesize`, and file-scope C declarations, then `@end`. In a file,
    /// a method whose body cannot be read is reported, left out, and remembered.
    mutating func implementation() throws(SyntaxError) -> ImplementationDefinition {
        let start = position
        let location = advance().location
        let name = try expectIdentifier("a class name after @implementation")
        types.declareClass(name)
        var superclass: String?
        var category: String?
        if consumeSymbol(":") {
            superclass = try expectIdentifier("a superclass name after ':'")
        } else if consumeSymbol("(") {
            category = try expectIdentifier("a category name inside the parentheses")
            try expectSymbol(")", "to close the category name")
        }
        let ivars = try ivarBlock()
        var methods: [MethodDefinition] = []
        var unread: [UnreadMethod] = []
        var synthesized: [String: PropertyStorage] = [:]
        while !current.isDirective("end") {
            if atEnd { throw unexpected("@end to close @implementation \(name)") }
            if current.isSymbol("-") || current.isSymbol("+") {
                let methodStart = position
                let signature = try methodSignature()
                _ = consumeSymbol(";") // allowed between a definition's signature and its body
                guard current.isSymbol("{") else {
                    throw unexpected("'{' to start the body of \(signature.isClassMethod ? "+" : "-")[\(name) \(signature.selector)]")
                }
                let bodyStart = position
                let outerNesting = nesting
                for parameter in signature.parameters { types.declareVariable(parameter.name, as: parameter.type) }
                do {
                    let body = try compoundBody()
                    methods.append(MethodDefinition(signature: signature, body: body, fingerprint: fingerprint(since: methodStart)))
                } catch {
                    guard mode == .file else { throw error }
                    nesting = outerNesting
                    position = bodyStart
                    skipBraces()
                    let method = "\(signature.isClassMethod ? "+" : "-")[\(name) \(signature.selector)]"
                    let reported = error.noting("\(method) is left out of the class")
                    unread.append(UnreadMethod(signature: signature, error: reported))
                    diagnostics.append(reported)
                }
            } else if current.isDirective("synthesize") {
                advance()
                repeat {
                    let property = try expectIdentifier("a property name after @synthesize")
                    synthesized[property] = .ivar(consumeSymbol("=") ? try expectIdentifier("an instance variable's name after '='") : property)
                } while consumeSymbol(",")
                try expectSymbol(";", "after @synthesize")
            } else if current.isIdentifier("static") || current.isIdentifier("extern") || current.isIdentifier("typedef") || startsLocalDeclaration() {
                // C's declarations may sit between methods: they belong to the file.
                try cDeclarationInsideContainer()
            } else if current.isDirective("dynamic") {
                advance()
                repeat { synthesized[try expectIdentifier("a property name after @dynamic")] = .dynamic } while consumeSymbol(",")
                try expectSymbol(";", "after @dynamic")
            } else if mode == .file, let macro = libraryMacroUse() {
                // `MJExtensionCodingImplementation`, `SYNTHESIZE_SINGLETON_FOR_CLASS(MMStore)`:
                // what it would define is missing, and reported, but the class loads.
                diagnostics.append(SyntaxError(.unknownMacroInImplementation(macro.name, className: name), at: macro.location)
                    .noting("the rest of @implementation \(name) is read"))
            } else if !consumeSymbol(";") {
                throw unexpected("a method definition (- or +) or @end inside @implementation \(name)")
            }
        }
        advance()
        return ImplementationDefinition(
            className: name, superclass: superclass, category: category, ivars: ivars, methods: methods, unread: unread,
            synthesized: synthesized, location: location, fingerprint: fingerprint(since: start))
    }

    /// `- (ReturnType)name:(Type)parameter more:(Type)other`, or variadic with `, ...`.
    mutating func methodSignature() throws(SyntaxError) -> MethodSignature {
        let start = advance()
        let isClassMethod = start.isSymbol("+")
        var returnType = ObjCType.object(className: nil)
        if current.isSymbol("(") { returnType = try parenthesizedType() }
        let first = try expectIdentifier("a method name")
        guard current.isSymbol(":") else {
            return MethodSignature(isClassMethod: isClassMethod, selector: first, returnType: returnType, parameters: [], location: start.location)
        }
        var selector = first
        var parameters: [(name: String, type: ObjCType)] = []
        var weakParameters: Set<String> = []
        var isVariadic = false
        let enclosingWeak = sawWeakStorage
        defer { sawWeakStorage = enclosingWeak }
        while consumeSymbol(":") {
            selector += ":"
            var type = ObjCType.object(className: nil)
            sawWeakStorage = false
            if current.isSymbol("(") { type = try parenthesizedType() }
            parameters.append((try expectIdentifier("a parameter name after the type"), type))
            if sawWeakStorage, let name = parameters.last?.name { weakParameters.insert(name) }
            if current.isSymbol(","), peek(1).isSymbol("...") {
                advance()
                advance()
                isVariadic = true
                break
            }
            if current.isSymbol(":") { continue } // an empty selector part
            guard let part = current.identifier, peek(1).isSymbol(":") else { break }
            advance()
            selector += part
        }
        types.declareMethod(selector, parameters: parameters)
        return MethodSignature(
            isClassMethod: isClassMethod, selector: selector, returnType: returnType, parameters: parameters, isVariadic: isVariadic,
            weakParameters: weakParameters, location: start.location)
    }

    /// `(NSString *)`, `(void (^)(BOOL))`, `(nullable id<P>)`.
    private mutating func parenthesizedType() throws(SyntaxError) -> ObjCType {
        try expectSymbol("(", "to start the type")
        let type = try typeName()
        try expectSymbol(")", "to close the type")
        return type
    }

    /// Passes over the superclass's type arguments, `: NSCache <KeyType, ObjectType>`, which
    /// come before the protocols the class adopts: a group followed by another, a group of
    /// types (`<NSString *>`), or one naming only the class's own type parameters. A group of
    /// protocols is left to be read as such.
    private mutating func skipSuperclassTypeArguments(parameters: [String]) throws(SyntaxError) {
        guard current.isSymbol("<") else { return }
        let start = position
        let names = try skipProtocolQualifiers()
        let areArguments = current.isSymbol("<") || names.isEmpty || names.allSatisfy(parameters.contains)
        if !areArguments { position = start }
    }

    /// `@property (nonatomic, copy) NSString *title, *subtitle;`. A class property
    /// (`@property (class) ...`) declares class methods, which the class writes itself (a
    /// class property is never synthesized): it adds no property to instances, so none is
    /// returned.
    mutating func propertyDeclaration() throws(SyntaxError) -> [(property: Property, location: SourceLocation)] {
        advance() // @property
        var isClassProperty = false
        var attributes: Property.Attributes = []
        var getter: String?
        var setter: String?
        if consumeSymbol("(") {
            while !consumeSymbol(")") {
                let attributeLocation = current.location
                let attribute = try expectIdentifier("a property attribute such as nonatomic, copy, strong, weak or readonly")
                switch attribute {
                case "nonatomic": attributes.insert(.nonatomic)
                case "copy": attributes.insert(.copy)
                case "strong", "retain": attributes.insert(.strong)
                case "weak": attributes.insert(.weak)
                case "assign", "unsafe_unretained": attributes.insert(.assign)
                case "readonly": attributes.insert(.readOnly)
                case "class": isClassProperty = true
                case "atomic", "readwrite", "nullable", "nonnull", "null_resettable", "null_unspecified", "direct": break
                case "getter", "setter":
                    try expectSymbol("=", "after \(attribute)")
                    var name = try expectIdentifier("the \(attribute)'s name")
                    while consumeSymbol(":") {
                        name += ":"
                        if let part = current.identifier, peek(1).isSymbol(":") {
                            name += part
                            advance()
                        }
                    }
                    if attribute == "getter" { getter = name } else { setter = name }
                default:
                    throw SyntaxError(.unknownPropertyAttribute(attribute), at: attributeLocation)
                }
                if !current.isSymbol(")") { try expectSymbol(",", "between property attributes") }
            }
        }
        let base = try typeSpecifier()
        let protocols = specifiedProtocols
        var properties: [(property: Property, location: SourceLocation)] = []
        repeat {
            let (name, type, nameLocation) = try declarator(base)
            let conformances = if case .object = type { protocols } else { [String]() }
            properties.append((
                Property(name: name, type: type, attributes: attributes, getter: getter, setter: setter, protocols: conformances), nameLocation))
        } while consumeSymbol(",")
        try expectSymbol(";", "after the property")
        return isClassProperty ? [] : properties
    }

    /// The type parameters of a generic class, `<__covariant ObjectType : Bound, KeyType>`
    /// right after its name (in an `@interface` or an `@class`), by name; none when a `<`
    /// is not there. A root class's protocols (`@interface MMRoot <NSObject>`) are not
    /// parameters: nothing after them names a superclass or a category, or ends an `@class`.
    private mutating func typeParameters() throws(SyntaxError) -> [String] {
        guard current.isSymbol("<") else { return [] }
        // Where the angle closes, to see what follows it.
        var depth = 0, offset = 0
        repeat {
            let token = peek(offset)
            if token.isSymbol("<") { depth += 1 } else if token.isSymbol(">") { depth -= 1 } else if token.isSymbol(">>") { depth -= 2 }
            if token.kind == .end { return [] }
            offset += 1
        } while depth > 0
        guard [":", "(", ";", ","].contains(where: peek(offset).isSymbol) else { return [] }
        advance()
        var names: [String] = []
        while !consumeClosingAngle() {
            if atEnd { throw unexpected("'>' to close the type parameters") }
            if !names.isEmpty { try expectSymbol(",", "or '>' between the type parameters") }
            if current.isIdentifier("__covariant") || current.isIdentifier("__contravariant") { advance() }
            names.append(try expectIdentifier("a type parameter's name"))
            // The bound (`: id<IGListDiffable>`) constrains what Swift and clang check; rtsh
            // takes any object, as `id`.
            if consumeSymbol(":") { _ = try typeName() }
        }
        return names
    }

    /// `<P, Q>` after a class name.
    private mutating func protocolList() throws(SyntaxError) -> [String] {
        guard consumeSymbol("<") else { return [] }
        var names: [String] = []
        while !consumeClosingAngle() {
            if atEnd { throw unexpected("'>' to close the protocol list") }
            if !names.isEmpty { try expectSymbol(",", "or '>' in the protocol list") }
            names.append(try expectIdentifier("a protocol name"))
        }
        return names
    }

    /// `{ Type *ivar; @private Type other; }` after a class name.
    private mutating func ivarBlock() throws(SyntaxError) -> [IvarDeclaration] {
        guard consumeSymbol("{") else { return [] }
        var ivars: [IvarDeclaration] = []
        while !consumeSymbol("}") {
            if atEnd { throw unexpected("'}' to close the instance variables") }
            if case .directive(let name) = current.kind, ["public", "private", "protected", "package"].contains(name) {
                advance()
                continue
            }
            if consumeSymbol(";") { continue }
            sawWeakStorage = false
            let base = try typeSpecifier()
            if try skipUnnamedBitField(base) { continue }
            repeat {
                let (name, type, location) = try declarator(base)
                try requireConstantArraySizes(at: location)
                let ivarType = try bitField(of: type)
                types.declareVariable(name, as: ivarType)
                ivars.append(IvarDeclaration(name: name, type: ivarType, isWeak: sawWeakStorage, location: location))
            } while consumeSymbol(",")
            try expectSymbol(";", "after the instance variable")
        }
        return ivars
    }
}
