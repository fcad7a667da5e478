import Runtime
import UIKitModel

/// `@interface`, `@protocol` and `@implementation` at the prompt.
extension Session {
    /// Remembers an interface: its class is registered with its properties when its
    /// `@implementation` ends, or when the class is first used without one.
    func define(_ definition: InterfaceDefinition) throws {
        if let existing = runtime.class(named: definition.name) {
            throw ShellError("\(existing.name) is already defined; to add to it, write a category: @implementation \(existing.name) (Name) ... @end", at: definition.location)
        }
        if let superclass = definition.superclass, try findClass(named: superclass) == nil {
            throw unknownClass(superclass, at: definition.location)
        }
        pendingInterfaces[definition.name] = definition
    }

    func define(_ definition: ProtocolDefinition) throws {
        let inherited = try definition.inherited.map { name in
            guard let proto = runtime.protocol(named: name) else {
                throw ShellError("no protocol named '\(name)'" + Suggestions.didYouMean(name, among: runtime.protocols.map(\.name)), at: definition.location)
            }
            return proto
        }
        func descriptions(_ signatures: [MethodSignature]) throws -> [MethodDescription] {
            try signatures.map { signature in
                do {
                    return try MethodDescription(
                        selector: runtime.selector(signature.selector), types: TypeEncoding(signature.typeEncoding),
                        isClassMethod: signature.isClassMethod)
                } catch {
                    throw ShellError("\(error)", at: signature.location)
                }
            }
        }
        do {
            try runtime.registerProtocol(
                named: definition.name, inheriting: inherited, requiredMethods: try descriptions(definition.required),
                optionalMethods: try descriptions(definition.optional), properties: definition.properties)
        } catch let error as RuntimeError {
            throw ShellError(error.description, at: definition.location)
        }
    }

    /// Registers a class whose methods are given here, or adds a category to an existing one.
    func define(_ definition: ImplementationDefinition) throws {
        if let category = definition.category {
            if let ivar = definition.ivars.first {
                throw ShellError("a category cannot add instance variables; declare \(ivar.name) in @interface \(definition.className) { ... }, or use a property", at: ivar.location)
            }
            guard let cls = try findClass(named: definition.className) else {
                throw unknownClass(definition.className, at: definition.location)
            }
            try check(definition.methods, ivars: userIvars(of: cls))
            do {
                let entry = try runtime.addCategory(named: category, to: cls) { builder in
                    try addMethods(definition.methods, to: &builder)
                }
                // The program's own code is the baseline: `restore` undoes only what changed it since.
                try runtime.keep(entry.id)
            } catch let error as RuntimeError {
                throw ShellError(error.description, at: definition.location)
            }
            return
        }
        if runtime.class(named: definition.className) != nil {
            throw ShellError(
                "\(definition.className) is already defined; to add or replace methods, write a category: @implementation \(definition.className) (Name) ... @end",
                at: definition.location)
        }
        let interface = pendingInterfaces[definition.className]
        if let declared = interface?.superclass, let written = definition.superclass, declared != written {
            throw ShellError("@interface \(definition.className) says its superclass is \(declared), but @implementation says \(written)", at: definition.location)
        }
        guard let superclassName = definition.superclass ?? interface?.superclass else {
            throw ShellError("\(definition.className) needs a superclass, as in @implementation \(definition.className) : NSObject", at: definition.location)
        }
        let inherited = try findClass(named: superclassName).map(userIvars) ?? []
        let declared = (interface?.ivars ?? []).map(\.name) + definition.ivars.map(\.name)
            + (interface?.properties ?? []).map(\.property.ivarName)
        try check(definition.methods, ivars: inherited + declared)
        try register(
            definition.className, superclass: superclassName, interface: interface,
            ivars: (interface?.ivars ?? []) + definition.ivars, methods: definition.methods, at: definition.location)
        pendingInterfaces[definition.className] = nil
    }

    /// Registers a class from its @interface alone, on first use.
    func registerInterfaceOnly(_ interface: InterfaceDefinition) throws -> Class {
        guard let superclass = interface.superclass else {
            throw ShellError("\(interface.name) needs a superclass, as in @interface \(interface.name) : NSObject", at: interface.location)
        }
        let cls = try register(
            interface.name, superclass: superclass, interface: interface, ivars: interface.ivars, methods: [], at: interface.location)
        pendingInterfaces[interface.name] = nil
        return cls
    }

    @discardableResult
    private func register(
        _ name: String, superclass superclassName: String, interface: InterfaceDefinition?, ivars: [IvarDeclaration],
        methods: [MethodDefinition], at location: SourceLocation
    ) throws -> Class {
        guard let superclass = try findClass(named: superclassName) else { throw unknownClass(superclassName, at: location) }
        let protocols = try (interface?.protocols ?? []).map { protocolName in
            guard let proto = runtime.protocol(named: protocolName) else {
                throw ShellError("no protocol named '\(protocolName)'" + Suggestions.didYouMean(protocolName, among: runtime.protocols.map(\.name)), at: interface?.location ?? location)
            }
            return proto
        }
        do {
            return try runtime.registerClass(named: name, superclass: superclass) { builder in
                for proto in protocols { builder.adopt(proto) }
                for ivar in ivars {
                    do { try builder.addIvar(ivar.name, type: ivar.type) } catch { throw ShellError("\(error)", at: ivar.location) }
                }
                for (property, propertyLocation) in interface?.properties ?? [] {
                    do { try builder.addProperty(property) } catch { throw ShellError("\(error)", at: propertyLocation) }
                }
                try addMethods(methods, to: &builder)
            }
        } catch let error as RuntimeError {
            throw ShellError(error.description, at: location)
        }
    }

    /// The ivars code of `cls` can use by name: its own and its superclasses', but not the
    /// class library's, which are private as UIKit's are.
    private func userIvars(of cls: Class) -> [String] {
        cls.lineage.filter { !ClassLibrary.classNames.contains($0.name) }.flatMap { runtime.ivars(of: $0).map(\.name) }
    }

    /// Reads each method body for mistakes a compiler would catch, before anything is registered.
    private func check(_ methods: [MethodDefinition], ivars: [String]) throws {
        let ivars = Set(ivars)
        let elsewhere = "declare an instance variable in the class's @interface { ... }"
        let instanceCheck = DefinitionCheck(isDeclaredOutside: ivars.contains, elsewhere: elsewhere)
        let classCheck = DefinitionCheck(isDeclaredOutside: { _ in false }, elsewhere: elsewhere)
        for method in methods {
            try (method.signature.isClassMethod ? classCheck : instanceCheck).check(method)
        }
    }

    private func addMethods(_ methods: [MethodDefinition], to builder: inout ClassBuilder) throws {
        let console = library.console
        let directory = currentDirectory
        for method in methods {
            let signature = method.signature
            let body = Self.implementation(of: method, console: console, directory: directory)
            do {
                if signature.isClassMethod {
                    try builder.addClassMethod(signature.selector, types: signature.typeEncoding, body)
                } else {
                    try builder.addMethod(signature.selector, types: signature.typeEncoding, body)
                }
            } catch {
                throw ShellError(error.description, at: signature.location)
            }
        }
    }

    /// The code of an interpreted method. It captures only the method's syntax and the
    /// console, never the session or the runtime (which the message brings), so classes
    /// and sessions do not keep each other alive.
    static func implementation(of method: MethodDefinition, console: Console, directory: String) -> Implementation.Body {
        let signature = method.signature
        let statements = method.body
        let sign = signature.isClassMethod ? "+" : "-"
        return { message in
            let name = "\(sign)[\(message.implementingClass.name) \(signature.selector)]"
            let environment = Environment()
            // `self` is a variable of the method, so that `self = [super init]` can change it.
            environment.define("self", .object(message.receiver))
            for (index, parameter) in signature.parameters.enumerated() {
                environment.define(parameter.name, message[index])
            }
            let runtime = message.runtime
            let interpreter = Interpreter(
                context: Interpreter.Context(
                    runtime: runtime, console: console, depth: message.depth + 1, receiver: message.receiver,
                    home: message.implementingClass, selector: message.selector,
                    findClass: { runtime.class(named: $0) }, directory: directory),
                environment: environment)
            let result: Value
            do {
                if case .returned(let value) = try interpreter.execute(statements) { result = value } else { result = .nil }
            } catch let error as ShellError {
                // Said where it went wrong, in the method's own terms: the caller's position
                // is about the send, this one about the body.
                throw MethodBodyError(method: name, error: error)
            } catch let raised as RaisedException {
                throw UncaughtException(value: raised.value)
            }
            return try signature.returnType.coerce(result, for: "the result of \(name)")
        }
    }

    func unknownClass(_ name: String, at location: SourceLocation? = nil) -> ShellError {
        ShellError("no class named '\(name)'" + Suggestions.didYouMean(name, among: runtime.classes.map(\.name) + Array(pendingInterfaces.keys)), at: location)
    }
}

/// An error inside an interpreted method body, named after the method.
struct MethodBodyError: Error, CustomStringConvertible {
    let method: String
    let error: ShellError

    var description: String { "in \(method), \(error)" }
}

/// A value raised with `@throw` inside a method, on its way out of the send.
struct UncaughtException: Error, CustomStringConvertible {
    let value: Value

    var description: String {
        if case .string(let text) = value { return text }
        return value.description
    }
}
