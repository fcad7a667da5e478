import Runtime

extension Parser {
    /// `@interface Name : Superclass <P, Q> { ivars } @property ...; - (void)declared; @end`
    mutating func interface() throws(ShellError) -> InterfaceDefinition {
        let location = takeToken().location
        let name = try identifier("a class name after @interface")
        var superclass: String?
        if takeSymbol(":") { superclass = try identifier("a superclass name after ':'") }
        if takeSymbol("(") {
            // A class extension or a category interface: nothing to record beyond properties.
            if current.identifier != nil { takeToken() }
            guard takeSymbol(")") else { throw unexpected("')' to close the category name of @interface \(name)") }
        }
        let protocols = try protocolList()
        let ivars = try ivarBlock()
        var properties: [(property: Property, location: SourceLocation)] = []
        while !current.isDirective("end") {
            if current.kind == .end { throw unexpected("@end to close @interface \(name)") }
            if current.isDirective("property") {
                properties.append(try propertyDeclaration())
            } else if current.isSymbol("-") || current.isSymbol("+") {
                _ = try methodSignature()
                _ = takeSymbol(";")
            } else if !takeSymbol(";") {
                throw unexpected("@property, a method declaration or @end inside @interface \(name)")
            }
        }
        takeToken()
        return InterfaceDefinition(
            name: name, superclass: superclass, protocols: protocols, ivars: ivars, properties: properties, location: location)
    }

    /// `@protocol Name <Inherited> ... @optional ... @end`
    mutating func protocolDefinition() throws(ShellError) -> ProtocolDefinition {
        let location = takeToken().location
        let name = try identifier("a protocol name after @protocol")
        let inherited = try protocolList()
        var required: [MethodSignature] = []
        var optional: [MethodSignature] = []
        var properties: [Property] = []
        var isOptional = false
        while !current.isDirective("end") {
            if current.kind == .end { throw unexpected("@end to close @protocol \(name)") }
            if current.isDirective("optional") || current.isDirective("required") {
                isOptional = takeToken().isDirective("optional")
            } else if current.isDirective("property") {
                properties.append(try propertyDeclaration().property)
            } else if current.isSymbol("-") || current.isSymbol("+") {
                let signature = try methodSignature()
                _ = takeSymbol(";")
                if isOptional { optional.append(signature) } else { required.append(signature) }
            } else if !takeSymbol(";") {
                throw unexpected("a method declaration, @property, @optional, @required or @end inside @protocol \(name)")
            }
        }
        takeToken()
        return ProtocolDefinition(name: name, inherited: inherited, required: required, optional: optional, properties: properties, location: location)
    }

    /// `@implementation Name : Superclass` or `@implementation Name (Category)`, then
    /// method definitions, then `@end`.
    mutating func implementation() throws(ShellError) -> ImplementationDefinition {
        let location = takeToken().location
        let name = try identifier("a class name after @implementation")
        var superclass: String?
        var category: String?
        if takeSymbol(":") {
            superclass = try identifier("a superclass name after ':'")
        } else if takeSymbol("(") {
            category = try identifier("a category name inside the parentheses")
            guard takeSymbol(")") else { throw unexpected("')' to close the category name") }
        }
        let ivars = try ivarBlock()
        var methods: [MethodDefinition] = []
        while !current.isDirective("end") {
            if current.kind == .end { throw unexpected("@end to close @implementation \(name)") }
            if current.isSymbol("-") || current.isSymbol("+") {
                let signature = try methodSignature()
                guard current.isSymbol("{") else {
                    throw unexpected("'{' to start the body of \(signature.isClassMethod ? "+" : "-")[\(name) \(signature.selector)]")
                }
                methods.append(MethodDefinition(signature: signature, body: try body()))
            } else if current.isDirective("synthesize") || current.isDirective("dynamic") {
                while !takeSymbol(";") && current.kind != .end { takeToken() }
            } else if !takeSymbol(";") {
                throw unexpected("a method definition (- or +) or @end inside @implementation \(name)")
            }
        }
        takeToken()
        return ImplementationDefinition(
            className: name, superclass: superclass, category: category, ivars: ivars, methods: methods, location: location)
    }

    /// `- (ReturnType)name:(Type)parameter more:(Type)other`
    mutating func methodSignature() throws(ShellError) -> MethodSignature {
        let start = takeToken()
        let isClassMethod = start.isSymbol("+")
        var returnType = ObjCType.object(className: nil)
        if current.isSymbol("(") { returnType = try parenthesizedType() }
        let first = try identifier("a method name")
        guard current.isSymbol(":") else {
            return MethodSignature(isClassMethod: isClassMethod, selector: first, returnType: returnType, parameters: [], location: start.location)
        }
        var selector = first
        var parameters: [(name: String, type: ObjCType)] = []
        while takeSymbol(":") {
            selector += ":"
            var type = ObjCType.object(className: nil)
            if current.isSymbol("(") { type = try parenthesizedType() }
            parameters.append((try identifier("a parameter name after the type"), type))
            guard let part = current.identifier, peek(offset: 1).isSymbol(":") else { break }
            takeToken()
            selector += part
        }
        return MethodSignature(isClassMethod: isClassMethod, selector: selector, returnType: returnType, parameters: parameters, location: start.location)
    }

    /// `@property (nonatomic, copy) NSString *title;`
    mutating func propertyDeclaration() throws(ShellError) -> (property: Property, location: SourceLocation) {
        let location = takeToken().location
        var attributes: Property.Attributes = []
        var getter: String?
        var setter: String?
        if takeSymbol("(") {
            while !takeSymbol(")") {
                let attribute = try identifier("a property attribute such as nonatomic, copy, strong, weak or readonly")
                switch attribute {
                case "nonatomic": attributes.insert(.nonatomic)
                case "copy": attributes.insert(.copy)
                case "strong", "retain": attributes.insert(.strong)
                case "weak": attributes.insert(.weak)
                case "assign", "unsafe_unretained": attributes.insert(.assign)
                case "readonly": attributes.insert(.readOnly)
                case "atomic", "readwrite", "nullable", "nonnull", "null_resettable", "class": break
                case "getter", "setter":
                    guard takeSymbol("=") else { throw unexpected("'=' after \(attribute)") }
                    var name = try identifier("the \(attribute)'s name")
                    if takeSymbol(":") { name += ":" }
                    if attribute == "getter" { getter = name } else { setter = name }
                default:
                    throw .syntax("'\(attribute)' is not a property attribute; use nonatomic, atomic, copy, strong, weak, assign, readonly, readwrite, getter= or setter=", at: location)
                }
                _ = takeSymbol(",")
            }
        }
        let (name, type) = try declarator("the @property declaration", example: "@property NSString *title;", at: location)
        return (Property(name: name, type: type, attributes: attributes, getter: getter, setter: setter), location)
    }

    /// `Type *name;`: the tokens up to ';', read as a type and the name it declares.
    private mutating func declarator(_ what: String, example: String, at location: SourceLocation) throws(ShellError)
        -> (name: String, type: ObjCType)
    {
        var typeTokens: [Token] = []
        while !current.isSymbol(";") {
            if current.kind == .end || current.isSymbol("}") { throw unexpected("';' to end \(what)") }
            typeTokens.append(takeToken())
        }
        takeToken()
        // The name is the last identifier, or the one after '^' in a block type.
        let caret = typeTokens.firstIndex { $0.isSymbol("^") }
        let nameIndex = caret.flatMap { index in typeTokens[(index + 1)...].firstIndex { $0.identifier != nil } }
            ?? typeTokens.lastIndex { $0.identifier != nil }
        guard let nameIndex, let name = typeTokens[nameIndex].identifier else {
            throw .syntax("\(what) needs a name, as in \(example)", at: location)
        }
        var remaining = typeTokens
        remaining.remove(at: nameIndex)
        return (name, try TypeNames.type(of: remaining, at: location))
    }

    // MARK: Pieces


    private mutating func parenthesizedType() throws(ShellError) -> ObjCType {
        let location = takeToken().location // (
        var depth = 1
        var typeTokens: [Token] = []
        while depth > 0 {
            if current.kind == .end { throw unexpected("')' to close the type") }
            if current.isSymbol("(") { depth += 1 }
            if current.isSymbol(")") { depth -= 1 }
            let token = takeToken()
            if depth > 0 { typeTokens.append(token) }
        }
        return try TypeNames.type(of: typeTokens, at: location)
    }

    private mutating func protocolList() throws(ShellError) -> [String] {
        guard takeSymbol("<") else { return [] }
        var names: [String] = []
        while !takeSymbol(">") {
            if !names.isEmpty, !takeSymbol(",") { throw unexpected("',' or '>' in the protocol list") }
            names.append(try identifier("a protocol name"))
        }
        return names
    }

    /// `{ Type *ivar; @private Type other; }` after a class name.
    private mutating func ivarBlock() throws(ShellError) -> [IvarDeclaration] {
        guard takeSymbol("{") else { return [] }
        var ivars: [IvarDeclaration] = []
        while !takeSymbol("}") {
            if current.kind == .end { throw unexpected("'}' to close the instance variables") }
            if case .directive(let name) = current.kind, ["public", "private", "protected", "package"].contains(name) {
                takeToken()
                continue
            }
            if takeSymbol(";") { continue }
            let location = current.location
            let (name, type) = try declarator("the instance variable", example: "NSString *_name;", at: location)
            ivars.append(IvarDeclaration(name: name, type: type, location: location))
        }
        return ivars
    }

    private mutating func identifier(_ what: String) throws(ShellError) -> String {
        guard let name = current.identifier else { throw unexpected(what) }
        takeToken()
        return name
    }
}
