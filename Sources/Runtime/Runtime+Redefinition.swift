/// Defining a registered class again, as a REPL user pastes a changed class.
extension Runtime {
    /// Gives the class registered as `name` a new definition.
    ///
    /// With the same superclass and the same instance variables (by name, type and
    /// weakness, in any order: storage is by ivar, not by offset), the class is changed in
    /// place, so its existing instances run the new code and keep their ivars' values: the
    /// methods its own definition made (written and synthesized) are replaced by the new
    /// definition's, those the new definition no longer has are removed, and its
    /// properties and protocols become the new definition's. What categories added stays,
    /// and a category's method still wins over the class's own. A synthesized accessor of
    /// a property declared as before is kept as it is.
    ///
    /// Otherwise a new class is registered under the name, and the old one leaves the name
    /// table and the class list: it keeps serving the instances made before, as do its
    /// subclasses, which still inherit from it.
    ///
    /// Either way, changes in the ledger that touched what is replaced are undone first
    /// (``ClassRedefinition/undone``), so that no later undo puts old code back.
    ///
    /// - Throws: ``RuntimeError/unknownClass(_:)`` when no class has the name,
    ///   ``RuntimeError/inheritanceCycle(_:superclass:)`` when `superclass` is the class or
    ///   inherits from it, an error when `superclass` is a metaclass or another runtime's
    ///   class, or the first error `build` raised. Nothing is changed then.
    @discardableResult
    public func redefineClass(
        named name: String, superclass: Class?, _ build: (inout ClassBuilder) throws -> Void
    ) throws -> ClassRedefinition {
        let contents = try contents(ofClass: name, superclass: superclass, build)
        return try registry.withLock { registry throws(RuntimeError) in
            guard let cls = registry.classesByName[name] else { throw .unknownClass(name) }
            registry.realize(cls)
            if let superclass, superclass.isSubclass(of: cls) {
                throw .inheritanceCycle(name, superclass: superclass.name)
            }
            let reasons = registry.replacementReasons(for: cls, superclass: superclass, contents: contents)
            guard !reasons.isEmpty else { return registry.redefineInPlace(cls, with: contents) }
            let made = try registry.register(name: name, superclass: superclass, contents: contents, replacing: cls)
            let old = [ObjectIdentifier(cls), ObjectIdentifier(cls.isa)]
            let undone = registry.ledger.takeForUndo { old.contains($0.classIdentifier) }
            undone.revert(in: &registry)
            return ClassRedefinition(
                cls: made, replaced: cls, reasons: reasons, replacedMethods: [], addedMethods: [], removedMethods: [],
                hiddenByCategories: [], undone: Array(undone))
        }
    }
}

extension Registry {
    /// Why `contents` cannot change `cls` in place: another superclass, or other ivars.
    func replacementReasons(for cls: Class, superclass: Class?, contents: ClassBuilder) -> [ClassRedefinition.Reason] {
        var reasons: [ClassRedefinition.Reason] = []
        if cls.superclass !== superclass {
            reasons.append(.superclassChanged(from: cls.superclass?.name, to: superclass?.name))
        }
        struct Storage: Equatable {
            let type: ObjCType
            let isWeak: Bool
        }
        // Each ivar as the definition declares it, then each property's storage, as
        // registration makes them: the first of a name is the one there is.
        var new: [String: Storage] = [:]
        for ivar in contents.ivars where new[ivar.name] == nil {
            new[ivar.name] = Storage(type: ivar.type, isWeak: ivar.isWeak)
        }
        for declared in contents.properties where new[declared.property.ivarName] == nil {
            new[declared.property.ivarName] = Storage(type: declared.property.type, isWeak: declared.property.attributes.contains(.weak))
        }
        let old = Dictionary(cls.ownDefinition.ivars.map { ($0.name, Storage(type: $0.type, isWeak: $0.isWeak)) }) { first, _ in first }
        let added = new.keys.filter { old[$0] == nil }.sorted()
        let removed = old.keys.filter { new[$0] == nil }.sorted()
        let retyped = new.keys.filter { old[$0] != nil && old[$0] != new[$0] }.sorted()
        if !(added.isEmpty && removed.isEmpty && retyped.isEmpty) {
            reasons.append(.ivarsChanged(added: added, removed: removed, retyped: retyped))
        }
        return reasons
    }

    /// Replaces the methods, properties and protocols `cls`'s own definition made with
    /// those of `contents`, whose ivars are the ones `cls` has.
    mutating func redefineInPlace(_ cls: Class, with contents: ClassBuilder) -> ClassRedefinition {
        let targets = [cls, cls.isa]
        let properties = contents.properties.map(\.property)
        var written: [ObjectIdentifier: Set<Int>] = [ObjectIdentifier(cls): [], ObjectIdentifier(cls.isa): []]
        for pending in contents.methods {
            written[ObjectIdentifier(pending.isClassMethod ? cls.isa : cls), default: []].insert(pending.selector.id)
        }
        let accessorSelectors = Set(contents.properties.flatMap { declared in
            [declared.accessors.getter.id] + (declared.accessors.setter.map { [$0.selector.id] } ?? [])
        })
        /// Whether `method` stays as it is, with the ledger's changes to it: an accessor of a
        /// property declared as before that no method written for the class takes the place of.
        func isKept(_ method: Method) -> Bool {
            guard case .accessor(let property) = method.origin, properties.contains(property) else { return false }
            return written[ObjectIdentifier(method.owner)]?.contains(method.selector.id) != true
        }

        // Undo what the ledger changed of the methods about to be replaced, added or
        // removed, and what rests on that; an undo may put back a method of the old
        // definition, so look again until nothing more is touched.
        var undone: [LedgerEntry] = []
        while true {
            var keys: Set<LedgerKey> = []
            for target in targets {
                let id = ObjectIdentifier(target)
                for method in ownMethods(of: target) where method.origin != .other && !isKept(method) {
                    keys.insert(.method(id, method.selector.id))
                }
                let incoming = written[id, default: []].union(target === cls ? accessorSelectors : [])
                for selector in incoming where !(ownMethod(selector, in: target).map(isKept) ?? false) {
                    keys.insert(.method(id, selector))
                }
            }
            let taken = ledger.takeForUndo(touching: keys.contains)
            guard !taken.isEmpty else { break }
            taken.revert(in: &self)
            undone += taken
        }

        // The new definition's methods by class and selector: accessors first, so that a
        // method written for the class wins, as at registration.
        var new: [ObjectIdentifier: [Int: Method]] = [:]
        for declared in contents.properties {
            let property = declared.property
            guard let ivar = cls.ivarList.first(where: { $0.name == property.ivarName }) else { continue }
            var selectors = [declared.accessors.getter]
            if let setter = declared.accessors.setter { selectors.append(setter.selector) }
            let kept = selectors.compactMap { ownMethod($0.id, in: cls) }.filter(isKept)
            let accessors = kept.count == selectors.count
                ? kept
                : Self.accessors(for: property, accessors: declared.accessors, storedIn: ivar, origin: .accessor(of: property))
                    .map { makeMethod($0, in: cls) }
            for accessor in accessors { new[ObjectIdentifier(cls), default: [:]][accessor.selector.id] = accessor }
        }
        for method in definedMethods(contents, in: cls) {
            new[ObjectIdentifier(method.owner), default: [:]][method.selector.id] = method
        }

        var replaced: [MethodReference] = []
        var added: [MethodReference] = []
        var removed: [MethodReference] = []
        var hidden: [MethodReference] = []
        for target in targets {
            let methods = new[ObjectIdentifier(target), default: [:]]
            for (selector, method) in methods {
                noteMethod(selector, in: target)
                guard let current = ownMethod(selector, in: target) else {
                    target.methodTable.set(method, for: selector)
                    added.append(method.reference)
                    continue
                }
                if current === method { continue }
                if current.origin == .other {
                    hidden.append(method.reference)
                    continue
                }
                target.methodTable.set(method, for: selector)
                retiredMethods.append(current)
                replaced.append(method.reference)
            }
            for current in ownMethods(of: target) where current.origin != .other && methods[current.selector.id] == nil {
                target.methodTable.set(nil, for: current.selector.id)
                retiredMethods.append(current)
                removed.append(current.reference)
            }
            flushCaches(from: target)
        }

        // Properties and protocols: the new definition's, then what categories and the ledger added.
        let old = cls.ownDefinition
        var otherProperties = cls.propertyList
        for property in old.properties {
            if let index = otherProperties.firstIndex(of: property) { otherProperties.remove(at: index) }
        }
        cls.propertyList = contents.properties.map(\.property) + otherProperties
        let otherProtocols = cls.protocolList.filter { !old.protocols.contains($0) && !contents.protocols.contains($0) }
        cls.protocolList = contents.protocols + otherProtocols
        cls.ownDefinition = OwnDefinition(ivars: old.ivars, properties: contents.properties.map(\.property), protocols: contents.protocols)

        func sorted(_ references: [MethodReference]) -> [MethodReference] {
            references.sorted { ($0.isClassMethod ? 1 : 0, $0.selector) < ($1.isClassMethod ? 1 : 0, $1.selector) }
        }
        return ClassRedefinition(
            cls: cls, replaced: nil, reasons: [], replacedMethods: sorted(replaced), addedMethods: sorted(added),
            removedMethods: sorted(removed), hiddenByCategories: sorted(hidden), undone: undone)
    }
}
