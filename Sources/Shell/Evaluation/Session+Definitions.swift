import Runtime
import UIKitModel

/// Where top-level code of one file lives: its `static` variables and functions, over the
/// session's globals, and the directory its relative paths start from.
struct FileScope {
    let environment: Environment
    let directory: String
    /// Whether the file is a header: its `static` variables are seen by every file, as each
    /// file importing the header has them (one copy here, where C gives each file its own;
    /// headers declare constants that way, `static NSString * const kKey = @"key";`).
    var isHeader = false
}

/// A `+load` method defined and waiting to run (see ``Session/runLoadMethods()``).
struct PendingLoad {
    let cls: Class
    let implementation: Implementation
    /// Where the method is written, for an error it ends in.
    let location: SourceLocation
    /// Whether a category defined it: categories' run after every class's.
    var isCategory = false
}

/// Declarations, from a file or the prompt: classes, protocols, enums, functions, variables.
extension Session {
    func define(_ item: TopLevelItem, in scope: FileScope) throws {
        switch item {
        case .statement:
            preconditionFailure("statements run; they are not defined")
        case .interface(let definition): try define(definition)
        case .protocol(let definition): try define(definition)
        case .implementation(let definition): try define(definition, in: scope)
        case .enumeration(let definition): try define(definition)
        case .function(let definition): try define(definition, in: scope)
        case .functionPrototype(let name, let count, let location): declareFunction(name, parameterCount: count, at: location, in: scope)
        case .variable(let variable): try define(variable, in: scope)
        }
    }

    /// Remembers an interface: its class is registered with its properties when its
    /// `@implementation` ends, or when the class is first used without one. A class
    /// extension is merged into its class's interface; a category's interface declares
    /// what its implementation defines.
    func define(_ definition: InterfaceDefinition) throws {
        switch definition.kind {
        case .category(let category):
            // Only checked: making the class now would shut out extensions read after this.
            guard try pendingInterfaces[definition.name] != nil || runtime.getClass(named: definition.name) != nil else {
                throw unknownClass(definition.name, at: definition.location)
            }
            if !definition.properties.isEmpty { categoryProperties["\(definition.name)(\(category))"] = definition.properties }
            if !definition.protocols.isEmpty { categoryAdoptions["\(definition.name)(\(category))"] = definition }
            return
        case .extension:
            guard var primary = pendingInterfaces[definition.name] else {
                if runtime.class(named: definition.name) != nil {
                    // A framework class's extension only declares, as a category's interface
                    // does: its methods are implemented in a category, as the compiler has them.
                    guard definedClasses[definition.name] != nil || !definition.ivars.isEmpty else { return }
                    let error = EvaluationError(.extensionAfterImplementation(definition.name), at: definition.location)
                    guard definedClasses[definition.name] != nil else { throw error }
                    throw error.noting("to define \(definition.name) again with this extension, write its @interface again first")
                }
                throw EvaluationError(.extensionWithoutInterface(definition.name), at: definition.location)
            }
            primary.merge(definition)
            pendingInterfaces[definition.name] = primary
        case .primary:
            if let existing = runtime.class(named: definition.name) {
                guard definedClasses[definition.name] != nil else {
                    if skipsFrameworkCopy(of: definition.name) { return }
                    throw EvaluationError(.interfaceOfDefinedClass(existing.name), at: definition.location)
                }
                if let pending = pendingInterfaces[definition.name], !loadingFiles.isEmpty {
                    guard redeclares(definition, pending.location, superclass: pending.superclass) else {
                        throw EvaluationError(.interfaceReadTwice(definition.name), at: definition.location)
                    }
                    pendingInterfaces[definition.name]?.merge(definition, isRedeclaration: true)
                    return
                }
                // Implemented already by another file of the tree: this only declares it.
                if !loadingFiles.isEmpty, let earlier = definedClasses[definition.name]?.interface?.location,
                   redeclares(definition, earlier, superclass: existing.superclass?.name) {
                    return
                }
                // Declared again: the class's next definition takes it (its @implementation, or its next use).
                if let superclass = definition.superclass, loadingFiles.isEmpty, try findClass(named: superclass) == nil {
                    throw unknownClass(superclass, at: definition.location, defining: definition.name)
                }
                pendingInterfaces[definition.name] = definition
                return
            }
            // While a tree loads, the superclass may come in a later file: it is checked when the class is made.
            if let superclass = definition.superclass, loadingFiles.isEmpty, pendingInterfaces[superclass] == nil,
               try runtime.getClass(named: superclass) == nil {
                throw unknownClass(superclass, at: definition.location, defining: definition.name)
            }
            if let pending = pendingInterfaces[definition.name] {
                guard !loadingFiles.isEmpty, redeclares(definition, pending.location, superclass: pending.superclass) else {
                    throw EvaluationError(.interfaceReadTwice(definition.name), at: definition.location)
                }
                pendingInterfaces[definition.name]?.merge(definition, isRedeclaration: true)
                return
            }
            pendingInterfaces[definition.name] = definition
        }
    }

    /// Whether a class rtsh has, which the code did not define, is one of a test framework
    /// rtsh runs itself, defined again by a file of a tree that holds the framework's
    /// sources or headers (a copy of GHUnit, OCMock or OCHamcrest): rtsh's own class stands
    /// for it, as it does when the tree holds none. Records it for the loading's note.
    private func skipsFrameworkCopy(of name: String) -> Bool {
        guard !loadingFiles.isEmpty, ClassLibrary.isTestFrameworkClass(name) else { return false }
        frameworkCopiesSkipped.insert(name)
        return true
    }

    /// Whether `definition`, read while a tree loads, declares again a class another file
    /// declared at `earlier`, with the same superclass or none, where no compiler sees both:
    /// as a test declares a library's class whose `@interface` is in the library's .m file
    /// (`@interface AFHTTPBodyPart : NSObject`) to call it, or as a test's .m declares its
    /// own class again beside a header of it the .m does not import. It then adds to the
    /// class as a class extension would. A class declared twice in one file, in two headers,
    /// or again in a file that imports the header declaring it, is declared twice, an error.
    private func redeclares(_ definition: InterfaceDefinition, _ earlier: SourceLocation, superclass: String?) -> Bool {
        guard let file = earlier.file, let redeclaring = definition.location.file, file != redeclaring else { return false }
        let seenTogether = !file.hasSuffix(".m") && (!redeclaring.hasSuffix(".m") || headersImported[redeclaring, default: []].contains(file))
        return !seenTogether && (definition.superclass == nil || definition.superclass == superclass)
    }

    /// An enum's constants become global constants, each one more than the one before
    /// unless it gives its value.
    func define(_ definition: EnumDefinition) throws {
        let interpreter = topLevelInterpreter(environment: globals)
        var next = Value.int(0)
        for constant in definition.constants {
            var value = next
            if let expression = constant.value {
                value = try interpreter.bindAndEvaluate(expression)
                guard value.intValue != nil, case .int = try interpreter.convert(value, to: .integer(code: "q"), at: constant.location) else {
                    throw EvaluationError(.enumConstantNotInteger(name: constant.name, kind: value.kindDescription), at: constant.location)
                }
            }
            let converted = try interpreter.convert(value, to: definition.type, at: constant.location)
            globals.define(constant.name, converted)
            next = .int((converted.intValue ?? 0) &+ 1)
        }
    }

    /// A C function: a block under its name, in its file and for every file.
    func define(_ function: FunctionDefinition, in scope: FileScope) throws {
        var binder = Binder(runtime: runtime, unit: .function(parameters: function.parameters), elsewhere: "declare it at file scope") {
            scope.environment.declares($0) || $0 == function.name
        }
        binder.holdsObjectOutside = { [environment = scope.environment] in environment.holdsObject($0) }
        binder.checksFunctions = loadingFiles.isEmpty
        let code = try binder.bind(function.body)
        libraryFunctionsCalled.formUnion(binder.libraryFunctions)
        let block = Self.block(for: function, code: code, scope: scope, runtime: runtime, console: library.console, framework: framework, types: types)
        let storage = StaticStorage(isFunction: true)
        storage.set(.block(block))
        scope.environment.defineStatic(function.name, storage)
        if scope.environment !== globals { globals.defineStatic(function.name, storage) }
    }

    /// A function declared by its prototype: callable by code from now on; until its
    /// definition is loaded, a call says where it was declared and that it is not defined.
    func declareFunction(_ name: String, parameterCount: Int, at location: SourceLocation, in scope: FileScope) {
        // A prototype of a function rtsh provides (a header's own `extern uint64_t
        // dispatch_benchmark(...)`) declares it; calls go to rtsh's.
        guard !scope.environment.declares(name), !Interpreter.functionNames.contains(name) else { return }
        let undefined = Block(parameterCount: parameterCount) { _ in
            throw EvaluationError(.functionNotDefined(name: name, declaredAt: location))
        }
        let storage = StaticStorage(isFunction: true)
        storage.set(.block(undefined))
        globals.defineStatic(name, storage)
    }

    /// A file-scope variable, initialised now; `static` ones are seen only by their file,
    /// or by every file when a header declares them.
    func define(_ variable: GlobalVariable, in scope: FileScope) throws {
        guard !variable.isExternal || variable.value != nil else { return } // defined in another file
        // C puts a variable in scope from its declarator on, so its initialiser may take its
        // own address: `static void *Context = &Context;` is how KVO observers make a key.
        let interpreter = topLevelInterpreter(environment: scope.environment)
        let sizes = try variable.arraySizes.map { size in try size.map { try interpreter.bind($0) } }
        let type = try interpreter.sized(variable.type, by: sizes, at: variable.location)
        let storage = StaticStorage()
        storage.set(types.zero(of: type))
        let wasDeclared = scope.environment.declares(variable.name)
        scope.environment.defineStatic(variable.name, storage, holdsObject: variable.type.holdsObject)
        do {
            if case .compoundLiteral(_, let items, let location)? = variable.value {
                storage.set(try interpreter.structure(of: type, from: items, at: location))
            } else if let expression = variable.value {
                storage.set(try interpreter.convert(try interpreter.bindAndEvaluate(expression), to: type, at: variable.location))
            }
        } catch {
            if !wasDeclared { scope.environment.remove(variable.name) }
            throw error
        }
        if (!variable.isStatic || scope.isHeader) && scope.environment !== globals {
            globals.defineStatic(variable.name, storage, holdsObject: variable.type.holdsObject)
        }
    }

    /// The block that runs a C function's body, with its parameters converted to their types.
    /// It does not hold the runtime, as blocks do not, so a function kept in an object cannot keep the runtime alive.
    private static func block(
        for function: FunctionDefinition, code: BoundCode, scope: FileScope, runtime: Runtime, console: Console, framework: FrameworkState,
        types: TypeTable
    ) -> Block {
        let environment = scope.environment
        let services = Interpreter.Services(console: console, directory: scope.directory, types: types, framework: framework, function: function.name)
        let reference = RuntimeReference(runtime)
        let parameterCount = function.parameters.count
        return Block(parameterCount: parameterCount, isFunction: true, isVariadic: function.isVariadic) { (arguments: Arguments, depth: Int) in
            guard let runtime = reference.runtime else { throw EvaluationError(.functionOfResetRuntime(function.name)) }
            let frame = Frame.make(size: code.frameSize)
            // The variadic ones are values: an NSArray passed there is the array itself.
            let extra = function.isVariadic ? arguments.dropFirst(parameterCount).map { argument -> Value in
                CMemory.decayedArray(argument) ?? argument
            } : nil
            return try Interpreter.running(in: runtime, services: services, depth: depth + 1, variadicArguments: extra, frame: frame, globals: environment) { interpreter in
                for (index, parameter) in function.parameters.enumerated() {
                    var argument = index < arguments.count ? arguments[index] : .nil
                    // An array the caller passed as a pointer to it (see `evaluateDecayingArrays`)
                    // is read back as its value where the parameter takes no pointer (`NSArray *items`).
                    if let array = CMemory.decayedArray(argument) {
                        switch parameter.type {
                        case .pointer, .cString: break
                        default: argument = array
                        }
                    }
                    frame.declare(try interpreter.convert(argument, to: parameter.type, at: function.location), at: index)
                }
                let flow = try interpreter.execute(code.statements)
                guard case .returned(let value) = flow else { return function.returnType.zeroValue }
                return try interpreter.convert(value, to: function.returnType, at: function.location)
            }
        }
    }

    /// Registers a protocol. One the session's code defined before is left alone when it
    /// reads the same, and refused when it changed: its adopters hold the first. While a
    /// tree loads, an implementation file's copy of a protocol a header defines (a test's,
    /// of a library's internal protocol) is the file's own: the header's stands.
    func define(_ definition: ProtocolDefinition) throws {
        if let (fingerprint, file) = definedProtocols[definition.name], runtime.protocol(named: definition.name) != nil {
            let isPrivateCopy = !loadingFiles.isEmpty && file?.hasSuffix(".h") == true && definition.location.file?.hasSuffix(".m") == true
            guard fingerprint == definition.fingerprint || isPrivateCopy else {
                throw EvaluationError(.protocolChanged(definition.name), at: definition.location)
            }
            return
        }
        // A test framework's protocol (OCHamcrest's `HCMatcher`) in the tree's copy of it.
        if definedProtocols[definition.name] == nil, runtime.protocol(named: definition.name) != nil,
           !loadingFiles.isEmpty, ClassLibrary.isTestFrameworkProtocol(definition.name) {
            frameworkCopiesSkipped.insert(definition.name)
            return
        }
        let inherited = try definition.inherited.map { name in
            guard let proto = runtime.protocol(named: name) else {
                let suggestion = Suggestions.nearest(name, among: runtime.protocols.map(\.name), excluding: [definition.name])
                throw EvaluationError(.unknownProtocol(name: name, suggestion: suggestion), at: definition.location)
            }
            return proto
        }
        func descriptions(_ signatures: [MethodSignature]) throws -> [MethodDescription] {
            try signatures.map { signature in
                do throws(RuntimeError) {
                    return try MethodDescription(
                        selector: runtime.selector(signature.selector), types: TypeEncoding(signature.typeEncoding),
                        isClassMethod: signature.isClassMethod)
                } catch {
                    throw EvaluationError(.runtime(error), at: signature.location)
                }
            }
        }
        do {
            try runtime.registerProtocol(
                named: definition.name, inheriting: inherited, requiredMethods: try descriptions(definition.required),
                optionalMethods: try descriptions(definition.optional), properties: definition.properties)
        } catch let error as RuntimeError {
            throw EvaluationError(.runtime(error), at: definition.location)
        }
        definedProtocols[definition.name] = (definition.fingerprint, definition.location.file)
    }

    /// Registers a class whose methods are given here, defines one the session's code
    /// defined before again, or adds a category to an existing class.
    func define(_ definition: ImplementationDefinition, in scope: FileScope) throws {
        if let category = definition.category {
            try defineCategory(category, definition, in: scope)
            return
        }
        if runtime.class(named: definition.className) != nil {
            guard definedClasses[definition.className] != nil else {
                if skipsFrameworkCopy(of: definition.className) { return }
                throw EvaluationError(.classAlreadyDefined(definition.className), at: definition.location)
            }
            try redefine(definition.className, implementation: definition, in: scope)
            return
        }
        recordUnread(definition)
        let interface = pendingInterfaces[definition.className]
        let superclassName = try superclassName(of: definition.className, interface: interface, implementation: definition, at: definition.location)
        let inherited = try findClass(named: superclassName).map(userIvars) ?? []
        let methods = try check(definition.methods, ivars: inherited + declaredIvars(interface, definition), scope: scope, className: definition.className)
        try register(
            definition.className, superclass: superclassName, interface: interface,
            ivars: (interface?.ivars ?? []) + definition.ivars, methods: methods, synthesized: definition.synthesized,
            scope: scope, at: definition.location)
        pendingInterfaces[definition.className] = nil
        try noteLoadMethod(of: definition)
        definedClasses[definition.className] = DefinedClass(interface: interface, implementation: definition, scope: scope, superclassName: superclassName)
        tally.note(definition.className, .added)
    }

    /// Adds a category's methods to its class: the later category wins over an earlier
    /// one. One the session defined before that reads the same is left alone.
    private func defineCategory(_ category: String, _ definition: ImplementationDefinition, in scope: FileScope) throws {
        if let ivar = definition.ivars.first {
            throw EvaluationError(.categoryAddsIvar(ivar: ivar.name, className: definition.className), at: ivar.location)
        }
        let index = definedCategories.firstIndex { $0.definition.className == definition.className && $0.definition.category == category }
        if let index, definedCategories[index].definition.fingerprint == definition.fingerprint {
            if isAtPrompt { output.print("\(definedCategories[index].name) is unchanged") }
            return
        }
        guard let cls = try findClass(named: definition.className) else {
            throw unknownClass(definition.className, at: definition.location)
        }
        let previousUnread = unreadMethods[definition.className]
        unreadMethods[definition.className]?.removeAll { $0.category == category }
        recordUnread(definition)
        do {
            try addCategory(definition, to: cls, in: scope)
        } catch {
            unreadMethods[definition.className] = previousUnread
            throw error
        }
        let defined = DefinedCategory(definition: definition, scope: scope)
        if let index {
            definedCategories[index] = defined
            tally.noteCategoryRedefined()
        } else {
            definedCategories.append(defined)
        }
    }

    /// Adds the category `definition` to `cls` and keeps it, as the program's own code.
    func addCategory(_ definition: ImplementationDefinition, to cls: Class, in scope: FileScope) throws {
        let methods = try check(
            definition.methods, ivars: userIvars(of: cls), scope: scope, className: definition.className, category: definition.category)
        // The properties the category's @interface declares, with no storage: `@dynamic` ones
        // marked so, as BlocksKit's dynamic delegates check (`property_copyAttributeValue(p, "D")`).
        // One the class declares itself already stays the class's.
        let own = Set(runtime.properties(of: cls).map(\.name))
        let key = "\(definition.className)(\(definition.category ?? ""))"
        let declared = (categoryProperties[key] ?? []).filter { !own.contains($0.property.name) }
        let protocols = try adoptedProtocols(of: categoryAdoptions[key], defining: definition.className, at: definition.location)
        do {
            let entry = try runtime.addCategory(named: definition.category ?? "", to: cls) { builder in
                for proto in protocols { builder.adopt(proto) }
                for (property, location) in declared {
                    let added = definition.synthesized[property.name] == .dynamic ? property.madeDynamic() : property.madeUnstored()
                    do throws(RuntimeError) { try builder.addProperty(added) } catch { throw EvaluationError(.runtime(error), at: location) }
                }
                try addMethods(methods, to: &builder, scope: scope)
            }
            noteUserSelectors(of: cls.name)
            // The program's own code is the baseline: `restore` undoes only what changed it since.
            try runtime.keep(entry.id)
        } catch let error as RuntimeError {
            throw EvaluationError(.runtime(error), at: definition.location)
        }
        try noteLoadMethod(of: definition)
    }

    /// Remembers the `+load` that `definition`, a class or a category just added, defines
    /// itself, to run once everything loaded with it is defined. The implementation is
    /// taken now: a category's `+load` replaces its class's in the method list, but objc
    /// runs both, each once.
    private func noteLoadMethod(of definition: ImplementationDefinition) throws {
        guard let signature = definition.methods.first(where: { $0.signature.isClassMethod && $0.signature.selector == "load" })?.signature,
              let cls = runtime.class(named: definition.className) else { return }
        let load = try runtime.selector("load")
        guard let method = runtime.ownMethod(load, in: cls.isa) else { return }
        pendingLoadMethods.append(PendingLoad(
            cls: cls, implementation: method.implementation, location: signature.location, isCategory: definition.category != nil))
    }

    /// Runs the `+load` methods defined since the last run, as objc runs them when an image
    /// loads: classes first, each after its superclasses (as they were defined), then
    /// categories. What they change in the runtime (a swizzle is the commonest `+load`)
    /// becomes the program's baseline, as its definitions are.
    /// - Throws: the first error a `+load` ends in, located at that method; the rest still run.
    func runLoadMethods() throws {
        let pending = pendingLoadMethods.filter { !$0.isCategory } + pendingLoadMethods.filter(\.isCategory)
        pendingLoadMethods = []
        guard !pending.isEmpty else { return }
        let load = try runtime.selector("load")
        let mark = runtime.ledgerMark
        var failure: Error?
        for entry in pending {
            do {
                try runtime.call(entry.implementation, receiver: entry.cls, selector: load, Arguments(), nestedAt: 0)
            } catch {
                failure = failure ?? EvaluationError.placing(error, at: entry.location)
            }
        }
        for entry in runtime.ledger where entry.id > mark { try runtime.keep(entry.id) }
        if let failure { throw failure }
    }

    /// Remembers the methods of `definition` whose bodies could not be read, for the audit.
    func recordUnread(_ definition: ImplementationDefinition) {
        guard !definition.unread.isEmpty else { return }
        unreadMethods[definition.className, default: []] += definition.unread.map {
            UnreadMethodRecord(
                method: MethodReference(className: definition.className, selector: $0.signature.selector, isClassMethod: $0.signature.isClassMethod),
                location: $0.error.location, category: definition.category)
        }
    }

    /// The superclass a class's @interface and @implementation name, which must agree.
    func superclassName(
        of name: String, interface: InterfaceDefinition?, implementation: ImplementationDefinition?, at location: SourceLocation
    ) throws -> String {
        if let declared = interface?.superclass, let written = implementation?.superclass, declared != written {
            throw EvaluationError(.superclassMismatch(className: name, declared: declared, written: written), at: location)
        }
        guard let superclassName = implementation?.superclass ?? interface?.superclass else {
            throw EvaluationError(implementation == nil ? .interfaceNeedsSuperclass(name) : .implementationNeedsSuperclass(name), at: location)
        }
        return superclassName
    }

    /// The ivars a class's own definition declares, by name: its ivars and its properties' storage.
    func declaredIvars(_ interface: InterfaceDefinition?, _ implementation: ImplementationDefinition?) -> [String] {
        let synthesized = implementation?.synthesized ?? [:]
        return (interface?.ivars ?? []).map(\.name) + (implementation?.ivars ?? []).map(\.name)
            + (interface?.properties ?? []).compactMap { declared -> String? in
                if let storage = synthesized[declared.property.name] { return storage.ivarName }
                // A property whose accessors the class writes has no ivar, as clang synthesizes none.
                return Self.writesItsAccessors(declared.property, (implementation?.methods ?? []).map(\.signature)) ? nil : declared.property.ivarName
            }
            + synthesized.values.compactMap(\.ivarName)
    }

    /// Whether code is being typed at the prompt, rather than read from a script or a source tree.
    var isAtPrompt: Bool { currentFile == nil && loadingFiles.isEmpty }

    /// Registers a class from its @interface alone, on first use.
    func registerInterfaceOnly(_ interface: InterfaceDefinition) throws -> Class {
        guard let superclass = interface.superclass else {
            throw EvaluationError(.interfaceNeedsSuperclass(interface.name), at: interface.location)
        }
        let scope = FileScope(environment: globals, directory: currentDirectory)
        let cls = try register(
            interface.name, superclass: superclass, interface: interface, ivars: interface.ivars, methods: [], synthesized: [:],
            scope: scope, at: interface.location)
        pendingInterfaces[interface.name] = nil
        definedClasses[interface.name] = DefinedClass(interface: interface, implementation: nil, scope: scope, superclassName: superclass)
        tally.note(interface.name, .added)
        return cls
    }

    @discardableResult
    private func register(
        _ name: String, superclass superclassName: String, interface: InterfaceDefinition?, ivars: [IvarDeclaration],
        methods: [(MethodDefinition, BoundCode)], synthesized: [String: PropertyStorage], scope: FileScope, at location: SourceLocation
    ) throws -> Class {
        let superclass = try requireSuperclass(named: superclassName, defining: name, at: location)
        let protocols = try adoptedProtocols(of: interface, defining: name, at: location)
        do {
            defer { noteUserSelectors(of: name) }
            return try runtime.registerClass(named: name, superclass: superclass) { builder in
                try build(&builder, superclass: superclass, protocols: protocols, ivars: ivars, interface: interface, methods: methods, synthesized: synthesized, scope: scope, at: location)
            }
        } catch let error as RuntimeError {
            throw EvaluationError(.runtime(error), at: location)
        }
    }

    /// The superclass `superclassName` names: a class there is, or a stand-in for a library's.
    func requireSuperclass(named superclassName: String, defining name: String, at location: SourceLocation) throws -> Class {
        guard let superclass = try findClass(named: superclassName) ?? thirdPartySuperclass(named: superclassName, defining: name) else {
            throw unknownClass(superclassName, at: location, defining: name)
        }
        return superclass
    }

    /// The protocols an @interface adopts: a framework's the class library lacks is registered empty.
    func adoptedProtocols(of interface: InterfaceDefinition?, defining name: String, at location: SourceLocation) throws -> [ObjCProtocol] {
        try (interface?.protocols ?? []).map { protocolName in
            guard let proto = try runtime.protocol(named: protocolName) ?? frameworkProtocol(named: protocolName) else {
                let suggestion = Suggestions.nearest(protocolName, among: runtime.protocols.map(\.name), excluding: [name])
                throw EvaluationError(.unknownProtocol(name: protocolName, suggestion: suggestion), at: interface?.location ?? location)
            }
            return proto
        }
    }

    /// Puts a class's definition in `builder`: its protocols, ivars, properties (stored
    /// where `@synthesize` says) and methods.
    func build(
        _ builder: inout ClassBuilder, superclass: Class, protocols: [ObjCProtocol], ivars: [IvarDeclaration], interface: InterfaceDefinition?,
        methods: [(MethodDefinition, BoundCode)], synthesized: [String: PropertyStorage], scope: FileScope, at location: SourceLocation
    ) throws {
        for proto in protocols { builder.adopt(proto) }
        for ivar in ivars {
            do throws(RuntimeError) { try builder.addIvar(ivar.name, type: ivar.type, isWeak: ivar.isWeak) } catch { throw EvaluationError(.runtime(error), at: ivar.location) }
        }
        for (property, propertyLocation) in interface?.properties ?? [] {
            // `@synthesize title = _customTitle;` names the ivar the property uses; `@dynamic
            // title;` leaves it without storage or accessors.
            let stored = switch synthesized[property.name] {
            case .ivar(let ivar)?: property.storing(in: ivar)
            case .dynamic?: property.madeDynamic()
            case nil: Self.writesItsAccessors(property, methods.map(\.0.signature)) ? property.madeUnstored() : property
            }
            do throws(RuntimeError) { try builder.addProperty(stored) } catch { throw EvaluationError(.runtime(error), at: propertyLocation) }
        }
        // `@synthesize progress;` for a property an adopted protocol or a superclass declares
        // (an operation's `@synthesize finished = _finished;`), or a protocol a superclass
        // adopts: the class gets the property, stored in the ivar the @synthesize names, with
        // accessors of its own, which override any the superclass wrote.
        let own = Set((interface?.properties ?? []).map(\.property.name))
        let inherited = superclass.lineage.flatMap { runtime.protocols(adoptedBy: $0) }
        for (name, storage) in synthesized.sorted(by: { $0.key < $1.key }) where !own.contains(name) {
            guard let ivar = storage.ivarName,
                  let declared = Self.property(named: name, declaredIn: protocols) ?? runtime.property(named: name, in: superclass)
                    ?? Self.property(named: name, declaredIn: inherited) else { continue }
            do throws(RuntimeError) { try builder.addProperty(declared.storing(in: ivar)) } catch { throw EvaluationError(.runtime(error), at: location) }
        }
        try addMethods(methods, to: &builder, scope: scope)
    }

    /// Whether the implementation writes `property`'s accessors itself, so clang synthesizes
    /// no storage for it: the getter of a read-only property, both accessors of another.
    static func writesItsAccessors(_ property: Property, _ methods: [MethodSignature]) -> Bool {
        let instanceMethods = Set(methods.filter { !$0.isClassMethod }.map(\.selector))
        guard instanceMethods.contains(property.getterName) else { return false }
        guard let setter = property.setterName else { return true }
        return instanceMethods.contains(setter)
    }

    /// Tells the stand-ins which selectors the user's class `name` implements, so a
    /// message with one of them is never answered by a stand-in.
    func noteUserSelectors(of name: String) {
        guard let cls = runtime.class(named: name) else { return }
        library.standIns.noteUserSelectors((runtime.methods(of: cls) + runtime.methods(of: cls.isa)).map(\.selector.name))
    }

    /// The property `name` as one of `protocols`, or a protocol they inherit, declares it.
    private static func property(named name: String, declaredIn protocols: [ObjCProtocol]) -> Property? {
        for proto in protocols {
            if let found = proto.properties.first(where: { $0.name == name }) ?? property(named: name, declaredIn: proto.inheritedProtocols) {
                return found
            }
        }
        return nil
    }

    /// A protocol of Apple's frameworks the class library does not declare
    /// (`UITextFieldDelegate`), registered empty on first adoption: adopting it changes
    /// only `conformsToProtocol:`, as its methods are the adopter's own. Nil for other names.
    private func frameworkProtocol(named name: String) throws -> ObjCProtocol? {
        guard StandIns.isFrameworkName(name) else { return nil }
        return try runtime.registerProtocol(named: name, inheriting: [], requiredMethods: [], optionalMethods: [], properties: [])
    }

    /// The ivars code of `cls` can use by name: its own and its superclasses', but not the
    /// class library's, which are private as UIKit's are.
    func userIvars(of cls: Class) -> [String] {
        cls.lineage.filter { !ClassLibrary.classNameSet.contains($0.name) }.flatMap { runtime.ivars(of: $0).map(\.name) }
    }

    /// Reads each method body for mistakes a compiler would catch, before anything is registered.
    ///
    /// At the prompt one mistake refuses the whole definition; while a tree loads, a method
    /// with a mistake is reported, left out and remembered, and the rest of its class loads.
    /// - Returns: the methods to add.
    func check(
        _ methods: [MethodDefinition], ivars: [String], scope: FileScope, className: String, category: String? = nil
    ) throws -> [(MethodDefinition, BoundCode)] {
        let ivars = Set(ivars)
        let elsewhere = "declare an instance variable in the class's @interface { ... }"
        let environment = scope.environment
        var checked: [(MethodDefinition, BoundCode)] = []
        for method in methods {
            let signature = method.signature
            var binder = Binder(
                runtime: runtime,
                unit: .method(
                    parameters: signature.parameters, ivars: signature.isClassMethod ? [] : ivars, weak: signature.weakParameters,
                    returnsObject: signature.returnType.holdsObject),
                elsewhere: elsewhere
            ) { environment.declares($0) }
            binder.holdsObjectOutside = environment.holdsObject
            binder.checksFunctions = loadingFiles.isEmpty
            do {
                checked.append((method, try binder.bind(method.body)))
                libraryFunctionsCalled.formUnion(binder.libraryFunctions)
            } catch {
                guard !loadingFiles.isEmpty else { throw error }
                let sign: String = method.signature.isClassMethod ? "+" : "-"
                let name: String = sign + "[" + className + " " + method.signature.selector + "]"
                unreadMethods[className, default: []].append(UnreadMethodRecord(
                    method: MethodReference(className: className, selector: method.signature.selector, isClassMethod: method.signature.isClassMethod),
                    location: error.location ?? method.signature.location, category: category))
                report(error.noting(name + " is left out of the class"), file: nil, firstLine: 1, source: nil)
            }
        }
        return checked
    }

    private func addMethods(_ methods: [(MethodDefinition, BoundCode)], to builder: inout ClassBuilder, scope: FileScope) throws {
        let console = library.console
        for (method, code) in methods {
            let signature = method.signature
            let body = Self.implementation(of: signature, code: code, in: builder.className, console: console, framework: framework, scope: scope, types: types)
            do {
                if signature.isClassMethod {
                    try builder.addClassMethod(signature.selector, types: signature.typeEncoding, variadic: signature.isVariadic, body)
                } else {
                    try builder.addMethod(signature.selector, types: signature.typeEncoding, variadic: signature.isVariadic, body)
                }
            } catch {
                throw EvaluationError(.runtime(error), at: signature.location)
            }
        }
    }

    /// The code of an interpreted method. It captures only the method's syntax and the
    /// console, never the session or the runtime (which the message brings), so classes
    /// and sessions do not keep each other alive.
    static func implementation(
        of signature: MethodSignature, code: BoundCode, in className: String, console: Console, framework: FrameworkState, scope: FileScope,
        types: TypeTable
    ) -> Implementation.Body {
        // Worked out once per method, not per call.
        let name = "\(signature.isClassMethod ? "+" : "-")[\(className) \(signature.selector)]"
        let fileEnvironment = scope.environment
        let services = Interpreter.Services(console: console, directory: scope.directory, types: types, framework: framework, function: name)
        let parameterCount = signature.parameters.count
        // What a body that ends without `return` answers; already of the return type.
        let zero = signature.returnType.zeroValue
        let frames = FrameSpare(size: code.frameSize)
        // One run over a frame.
        @Sendable func run(_ message: borrowing Message, in frame: Frame) throws -> Value {
            // `self` is the method's slot 0, so that `self = [super init]` can change it; a
            // method of NSString's runs with the string itself as self.
            // Read through the unretained reference: the slot's is the one retain needed.
            frame.declare(message.unretained.receiver._withUnsafeGuaranteedRef { ($0 as? ValueBox)?.value ?? .object($0) }, at: 0)
            for index in 0..<parameterCount { frame.declare(message[index], at: index + 1) }
            let result: Value
            do {
                // The message's runtime, receiver, class and selector are borrowed: the send holds them.
                let flow = try Interpreter.running(
                    handling: message, services: services,
                    variadicArguments: signature.isVariadic ? Array(message.arguments.dropFirst(parameterCount)) : nil,
                    frame: frame, globals: fileEnvironment
                ) { interpreter in try interpreter.execute(code.statements) }
                guard case .returned(let value) = flow else { return zero }
                result = value
            } catch let error as EvaluationError {
                // Said where it went wrong, in the method's own terms: the caller's position
                // is about the send, this one about the body.
                throw MethodBodyError(method: name, error: error)
            } catch let raised as RaisedException {
                throw UncaughtException(value: raised.value, summary: raised.summary)
            }
            return try signature.returnType.coerce(result, for: "the result of \(name)")
        }
        let body: Implementation.Body = { message in
            let frame = frames.take()
            do {
                let result = try run(message, in: frame)
                frames.giveBack(consume frame)
                return result
            } catch {
                frames.giveBack(consume frame)
                throw error
            }
        }
        // A `-dealloc` that sends no `[super dealloc]` was written for ARC, which sends it
        // once the body is done; one written for manual reference counting sends its own.
        guard !signature.isClassMethod, signature.selector == "dealloc", !code.superSelectors.contains("dealloc") else { return body }
        return { message in
            let result = try body(message)
            if message.implementingClass.superclass != nil { _ = try message.sendSuper() }
            return result
        }
    }

    /// No class named `name`, with the nearest known name as a suggestion, never the class
    /// being `defining` (whose superclass `name` may be).
    /// A stand-in for a superclass nothing defines: a class of a library the app links but
    /// the tree does not hold. Nil when stand-ins are off, or when the name is a near miss
    /// of a class there is (a typo, which stays an error).
    private func thirdPartySuperclass(named superclassName: String, defining name: String) throws -> Class? {
        let candidates = runtime.classes.map(\.name) + Array(pendingInterfaces.keys)
        guard Suggestions.nearest(superclassName, among: candidates, excluding: [name]) == nil else { return nil }
        return try library.standIns.standInClass(named: superclassName, in: runtime, namedAsSuperclass: true)
    }

    func unknownClass(_ name: String, at location: SourceLocation? = nil, defining: String? = nil) -> EvaluationError {
        let candidates = runtime.classes.map(\.name) + Array(pendingInterfaces.keys)
        return EvaluationError(
            .unknownClass(name: name, suggestion: Suggestions.nearest(name, among: candidates, excluding: Set([defining].compactMap { $0 }))),
            at: location)
    }
}

/// An error inside an interpreted method body, named after the method.
struct MethodBodyError: Error, CustomStringConvertible {
    let method: String
    let error: EvaluationError

    var description: String { "in \(method), \(error)" }
}

/// A value raised with `@throw` inside a method, on its way out of the send.
struct UncaughtException: Error, CustomStringConvertible {
    let value: Value
    /// What an `NSException` says of itself, as ``RaisedException/summary``.
    var summary: String?

    var description: String {
        if let summary { return summary }
        if case .string(let text) = value { return text }
        return value.description
    }
}
