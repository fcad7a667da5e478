/// Mutations of registered classes. Each takes the lock once, takes effect whole, and
/// records a ``LedgerEntry`` that ``undo(_:)`` can take back.
extension Runtime {
    /// Adds a method to `cls` (a metaclass for a class method), as `class_addMethod`.
    ///
    /// - Throws: ``RuntimeError/duplicateMethod(_:)`` when the class itself already has
    ///   the method (an inherited one is fine: this overrides it), or an encoding error.
    @discardableResult
    public func addMethod(
        _ selectorName: String, types: String, to cls: Class, _ body: @escaping Implementation.Body
    ) throws(RuntimeError) -> LedgerEntry {
        try addMethod(selectorName, types: types, to: cls, implementation: Implementation(home: cls, body: body))
    }

    /// Adds a method to `cls` whose code is an existing implementation, as
    /// `class_addMethod` with another method's IMP: the method shares it, so
    /// ``Method/implementation`` compares equal to it, and `super` inside it still starts
    /// above the class it was written for.
    @discardableResult
    public func addMethod(
        _ selectorName: String, types: String, to cls: Class, implementation: Implementation
    ) throws(RuntimeError) -> LedgerEntry {
        let (selector, encoding, reference) = try prepare(selectorName, types, in: cls)
        try checkOwnership(of: implementation.home)
        return try registry.withLock { registry throws(RuntimeError) in
            guard !cls.methodTable.contains(selector.id) else { throw .duplicateMethod(reference.description) }
            let method = registry.makeMethod(selector, encoding, in: cls, implementation)
            registry.install(method)
            return registry.ledger.record(.addMethod, .addedMethod(method, copiedFrom: nil))
        }
    }

    /// Replaces the implementation of `cls`'s own method, or adds the method when `cls`
    /// only inherits it (so the superclass keeps its own), as `class_replaceMethod`.
    @discardableResult
    public func replaceMethod(
        _ selectorName: String, types: String, in cls: Class, _ body: @escaping Implementation.Body
    ) throws(RuntimeError) -> LedgerEntry {
        try replaceMethod(selectorName, types: types, in: cls, implementation: Implementation(home: cls, body: body))
    }

    /// Replaces or adds `cls`'s method, as ``replaceMethod(_:types:in:_:)``, with an
    /// existing implementation, which the method then shares (see
    /// ``addMethod(_:types:to:implementation:)``).
    @discardableResult
    public func replaceMethod(
        _ selectorName: String, types: String, in cls: Class, implementation: Implementation
    ) throws(RuntimeError) -> LedgerEntry {
        let (selector, encoding, _) = try prepare(selectorName, types, in: cls)
        try checkOwnership(of: implementation.home)
        return registry.withLock { registry in
            if let own = registry.ownMethod(selector.id, in: cls) {
                let previous = own.implementation
                registry.retire(own.setImplementation(implementation))
                return registry.ledger.record(.replaceMethod, .setImplementation(own, previous: previous))
            }
            let inherited = registry.findMethod(selector, from: cls.superclass) != nil
            let method = registry.makeMethod(selector, encoding, in: cls, implementation)
            registry.install(method)
            return registry.ledger.record(
                .replaceMethod, [.addedMethod(method, copiedFrom: nil)], addedInherited: inherited ? [method] : [])
        }
    }

    /// Gives `method` new code, written for the class that holds the method, as
    /// `method_setImplementation`. Every class that inherits the method sees the change.
    @discardableResult
    public func setImplementation(of method: Method, _ body: @escaping Implementation.Body) throws(RuntimeError) -> LedgerEntry {
        try checkOwnership(of: method.owner)
        return registry.withLock { registry in
            registry.setImplementation(of: method, to: Implementation(home: method.owner, body: body))
        }
    }

    /// Moves an existing implementation (another method's ``Method/implementation``) into
    /// `method`. It keeps the class it was written for, so its `super` sends still start
    /// above that class.
    @discardableResult
    public func setImplementation(of method: Method, to implementation: Implementation) throws(RuntimeError) -> LedgerEntry {
        try checkOwnership(of: method.owner)
        try checkOwnership(of: implementation.home)
        return registry.withLock { registry in
            registry.setImplementation(of: method, to: implementation)
        }
    }

    /// Exchanges the implementations of two methods exactly as given, as
    /// `method_exchangeImplementations`. An inherited method given here is changed where
    /// it is defined, for every class that inherits it; the variant taking
    /// ``MethodReference``s keeps the change in the named class.
    @discardableResult
    public func exchangeImplementations(_ first: Method, _ second: Method) throws(RuntimeError) -> LedgerEntry {
        try checkOwnership(of: first.owner)
        try checkOwnership(of: second.owner)
        return try registry.withLock { registry throws(RuntimeError) in
            try registry.exchange(first, second, addingFirst: nil, second: nil)
        }
    }

    /// The safe swizzle: exchanges the implementations of two methods named as
    /// `-[Class selector]`. A method the named class only inherits is first added to that
    /// class with the inherited implementation, so the superclass and its other subclasses
    /// are untouched. Undoing the entry removes what was added.
    ///
    /// - Throws: when a class is unknown or neither it nor a superclass has the method.
    @discardableResult
    public func exchangeImplementations(_ first: MethodReference, _ second: MethodReference) throws(RuntimeError) -> LedgerEntry {
        let (firstClass, firstSelector) = try locate(first)
        let (secondClass, secondSelector) = try locate(second)
        return try registry.withLock { registry throws(RuntimeError) in
            guard let inheritedFirst = registry.findMethod(firstSelector, from: firstClass) else {
                throw .methodNotFound(first.description)
            }
            guard let inheritedSecond = registry.findMethod(secondSelector, from: secondClass) else {
                throw .methodNotFound(second.description)
            }
            return try registry.exchange(
                inheritedFirst, inheritedSecond,
                addingFirst: inheritedFirst.owner === firstClass ? nil : firstClass,
                second: inheritedSecond.owner === secondClass ? nil : secondClass)
        }
    }

    /// Adds a category to `cls`: its methods win over the class's own methods of the same
    /// name (the later category wins over an earlier one), and its protocols, properties
    /// and ivars are added. One ledger entry undoes it all.
    @discardableResult
    public func addCategory(
        named name: String, to cls: Class, _ build: (inout ClassBuilder) throws -> Void
    ) throws -> LedgerEntry {
        try checkOwnership(of: cls)
        guard !cls.isMetaclass else { throw RuntimeError.notAClass(cls.name, role: "the class of a category") }
        var builder = ClassBuilder(runtime: self, className: cls.name)
        try build(&builder)
        let contents = builder
        return try registry.withLock { registry throws(RuntimeError) in
            for declared in contents.properties where cls.propertyList.contains(where: { $0.name == declared.property.name }) {
                throw .duplicateMember(kind: "property", name: declared.property.name, className: cls.name)
            }
            var changes: [Change] = []
            for ivar in contents.ivars where !cls.ivarList.contains(where: { $0.name == ivar.name }) {
                changes.append(.addedIvar(registry.addIvar(named: ivar.name, type: ivar.type, isWeak: ivar.isWeak, to: cls), to: cls))
            }
            for declared in contents.properties {
                changes += registry.addPropertyChanges(declared.property, accessors: declared.accessors, to: cls)
            }
            for pending in contents.methods {
                let target = pending.isClassMethod ? cls.isa : cls
                let method = registry.makeMethod(pending.description(origin: .other), in: target)
                if let old = registry.ownMethod(pending.selector.id, in: target) {
                    changes.append(.replacedMethod(old: old, new: method))
                } else {
                    changes.append(.addedMethod(method, copiedFrom: nil))
                }
                registry.install(method)
            }
            for proto in contents.protocols where !cls.protocolList.contains(proto) {
                cls.protocolList.append(proto)
                changes.append(.adoptedProtocol(proto, by: cls))
            }
            return registry.ledger.record(.addCategory(name: name, cls), changes)
        }
    }

    /// Adds methods to a registered class as part of its definition, as a framework's own
    /// category (`NSObject (NSDelayedPerforming)`) is: nothing goes in the ledger, so no
    /// undo takes them back. Only the builder's methods are added.
    ///
    /// - Throws: ``RuntimeError/duplicateMethod(_:)`` when the class itself has one of the
    ///   methods already; nothing is added then.
    public func extendDefinition(of cls: Class, _ build: (inout ClassBuilder) throws -> Void) throws {
        try checkOwnership(of: cls)
        guard !cls.isMetaclass else { throw RuntimeError.notAClass(cls.name, role: "the class a definition extends") }
        var builder = ClassBuilder(runtime: self, className: cls.name)
        try build(&builder)
        let methods = builder.methods
        try registry.withLock { registry throws(RuntimeError) in
            for pending in methods where (pending.isClassMethod ? cls.isa : cls).methodTable.contains(pending.selector.id) {
                throw .duplicateMethod(MethodReference(className: cls.name, selector: pending.selector.name, isClassMethod: pending.isClassMethod).description)
            }
            for pending in methods {
                let target = pending.isClassMethod ? cls.isa : cls
                registry.describe(pending.description(origin: .definition), in: target)
                registry.flushCaches(from: target)
            }
        }
    }

    /// Declares, as part of their definitions, the protocols classes adopt, by class name:
    /// what a framework's headers declare (`NSArray <NSCopying, NSFastEnumeration>`) apart
    /// from where it defines the class. Nothing goes in the ledger. A class not realized
    /// yet adopts them when it is, so declaring realizes nothing; a class or protocol not
    /// registered is left out.
    public func declareConformances(_ conformances: [String: [String]]) {
        registry.withLock { registry in
            for (className, names) in conformances {
                guard let cls = registry.classesByName[className] else { continue }
                guard cls.isRealized else {
                    registry.declaredConformances[className, default: []] += names
                    continue
                }
                for name in names {
                    if let proto = registry.protocols[name], !cls.protocolList.contains(proto) { cls.protocolList.append(proto) }
                }
            }
        }
    }

    /// Declares that `cls` adopts `protocol`, as `class_addProtocol`.
    ///
    /// - Returns: the ledger entry, or nil when `cls` itself already adopts it.
    @discardableResult
    public func addProtocol(_ proto: ObjCProtocol, to cls: Class) throws(RuntimeError) -> LedgerEntry? {
        try checkOwnership(of: cls)
        return registry.withLock { registry in
            guard !cls.protocolList.contains(proto) else { return nil }
            cls.protocolList.append(proto)
            return registry.ledger.record(.addProtocol(proto, cls), .adoptedProtocol(proto, by: cls))
        }
    }

    /// Adds a property to `cls` with storage and accessors; an accessor `cls` itself
    /// already defines is kept.
    ///
    /// - Throws: ``RuntimeError/duplicateMember(kind:name:className:)`` when `cls` already
    ///   declares a property of that name.
    @discardableResult
    public func addProperty(_ property: Property, to cls: Class) throws(RuntimeError) -> LedgerEntry {
        try checkOwnership(of: cls)
        let accessors = try property.accessors(in: self, className: cls.name)
        return try registry.withLock { registry throws(RuntimeError) in
            guard !cls.propertyList.contains(where: { $0.name == property.name }) else {
                throw .duplicateMember(kind: "property", name: property.name, className: cls.name)
            }
            let changes = registry.addPropertyChanges(property, accessors: accessors, to: cls)
            return registry.ledger.record(.addProperty(name: property.name, cls), changes)
        }
    }

    // MARK: Helpers

    /// The class and selector a reference names.
    func locate(_ reference: MethodReference) throws(RuntimeError) -> (Class, Selector) {
        let cls = try requireClass(named: reference.className)
        return (reference.isClassMethod ? cls.isa : cls, try selector(reference.selector))
    }

    private func prepare(_ selectorName: String, _ types: String, in cls: Class) throws(RuntimeError)
        -> (Selector, TypeEncoding, MethodReference)
    {
        try checkOwnership(of: cls)
        let selector = try selector(selectorName)
        let reference = MethodReference(className: cls.name, selector: selectorName, isClassMethod: cls.isMetaclass)
        return (selector, try TypeEncoding.checked(types, for: selector, in: reference, parsedBy: self), reference)
    }
}

extension Registry {
    /// Puts `method` in its class's method list, where lookups through it will find it.
    mutating func install(_ method: Method) {
        noteMethod(method.selector.id, in: method.owner)
        method.owner.methodTable.set(method, for: method.selector.id)
        flushCaches(from: method.owner)
    }

    mutating func setImplementation(of method: Method, to implementation: Implementation) -> LedgerEntry {
        let previous = method.implementation
        retire(method.setImplementation(implementation))
        return ledger.record(.setImplementation, .setImplementation(method, previous: previous))
    }

    /// Exchanges two implementations; a non-nil `addingFirst`/`second` is a class that
    /// only inherits that method and gets its own copy first.
    ///
    /// - Throws: ``RuntimeError/incompatibleTypes(_:_:)`` when the two methods take or
    ///   return different types: a call through either would then pass arguments the code
    ///   does not expect. Nothing is changed.
    mutating func exchange(
        _ first: Method, _ second: Method, addingFirst firstClass: Class?, second secondClass: Class?
    ) throws(RuntimeError) -> LedgerEntry {
        guard first.types.isCompatible(with: second.types) else {
            // Named as the caller named them: the class given, even when it only inherits the method.
            func name(_ method: Method, in cls: Class?) -> String {
                let reference = MethodReference(className: (cls ?? method.owner).name, selector: method.selector.name, isClassMethod: method.owner.isMetaclass)
                return "\(reference) (\(method.types))"
            }
            throw .incompatibleTypes(name(first, in: firstClass), name(second, in: secondClass))
        }
        // The usual exchange, of two methods the classes hold themselves, records its one
        // change in one allocation: the entry's. A safe swizzle's copies come first.
        guard firstClass != nil || secondClass != nil else {
            let exchange = Change.Exchange(first, second)
            first.exchangeImplementation(with: second)
            return ledger.record(.exchangeImplementations, .exchangedImplementations(exchange))
        }
        var changes: [Change] = []
        changes.reserveCapacity(3)
        var added: [Method] = []
        let firstMethod = firstClass.map { ownCopy(of: first, in: $0, changes: &changes, added: &added) } ?? first
        let secondMethod = if first === second && firstClass === secondClass {
            firstMethod
        } else {
            secondClass.map { ownCopy(of: second, in: $0, changes: &changes, added: &added) } ?? second
        }
        changes.append(.exchangedImplementations(Change.Exchange(firstMethod, secondMethod)))
        firstMethod.exchangeImplementation(with: secondMethod)
        return ledger.record(.exchangeImplementations, changes, addedInherited: added)
    }

    /// Gives `cls`, which only inherits `inherited`, a method of its own with the same
    /// types and implementation (which keeps the class it was written for).
    private mutating func ownCopy(of inherited: Method, in cls: Class, changes: inout [Change], added: inout [Method]) -> Method {
        let copy = makeMethod(inherited.selector, inherited.types, in: cls, inherited.implementation)
        install(copy)
        changes.append(.addedMethod(copy, copiedFrom: inherited))
        added.append(copy)
        return copy
    }

    /// Adds `property` to `cls` and returns the changes made: the property, its ivar when
    /// new, and each accessor the class does not define itself.
    mutating func addPropertyChanges(_ property: Property, accessors: Property.Accessors, to cls: Class) -> [Change] {
        let hadIvar = cls.ivarList.contains { $0.name == property.ivarName }
        var changes: [Change] = [.addedProperty(property, to: cls)]
        let methods = addProperty(property, accessors: accessors, to: cls)
        if !hadIvar, let ivar = cls.ivarList.first(where: { $0.name == property.ivarName }) {
            changes.append(.addedIvar(ivar, to: cls))
        }
        for definition in methods where !cls.methodTable.contains(definition.selector.id) {
            let accessor = makeMethod(definition, in: cls)
            install(accessor)
            changes.append(.addedMethod(accessor, copiedFrom: nil))
        }
        return changes
    }
}
