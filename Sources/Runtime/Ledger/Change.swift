/// One primitive change to a registered class, with what it takes to put it back.
/// A ledger entry is one or more of these, undone in reverse order.
enum Change: @unchecked Sendable {
    /// A method added; a safe swizzle's copy names the inherited method it copied.
    case addedMethod(Method, copiedFrom: Method?)
    /// A category method that took the place of the class's own method.
    case replacedMethod(old: Method, new: Method)
    case setImplementation(Method, previous: Implementation)
    /// Two methods' implementations exchanged, and what each held before: plain words
    /// (see ``Exchange``), so that reading or reverting the commonest change, a swizzle,
    /// retains and releases nothing.
    case exchangedImplementations(Exchange)
    case adoptedProtocol(ObjCProtocol, by: Class)
    /// Boxed: a `Property` is large, and unboxed it would make every change as large,
    /// so that copying a swizzle's changes costs more than the swizzle.
    indirect case addedProperty(Property, to: Class)
    case addedIvar(Ivar, to: Class)

    /// What the change touched (two methods for an exchange, one thing otherwise): a later
    /// change to the same thing depends on this one.
    var keys: (LedgerKey, LedgerKey?) {
        switch self {
        case .addedMethod(let method, _), .replacedMethod(_, let method), .setImplementation(let method, _):
            (Self.key(of: method), nil)
        case .exchangedImplementations(let exchange):
            (Self.key(of: exchange.first.takeUnretainedValue()), Self.key(of: exchange.second.takeUnretainedValue()))
        case .adoptedProtocol(let proto, let cls):
            (.protocolAdoption(ObjectIdentifier(cls), ObjectIdentifier(proto)), nil)
        case .addedProperty(let property, let cls):
            (.property(ObjectIdentifier(cls), property.name), nil)
        case .addedIvar(let ivar, let cls):
            (.ivar(ObjectIdentifier(cls), ivar.name), nil)
        }
    }

    private static func key(of method: Method) -> LedgerKey {
        .method(ObjectIdentifier(method.owner), method.selector.id)
    }

    /// The method the change added, replaced or changed, and for an exchange the other
    /// one; nil for a change to something else.
    var changedMethods: (first: Method, second: Method?)? {
        switch self {
        case .addedMethod(let method, _), .replacedMethod(_, let method), .setImplementation(let method, _): (method, nil)
        case .exchangedImplementations(let exchange): (exchange.first.takeUnretainedValue(), exchange.second.takeUnretainedValue())
        case .adoptedProtocol, .addedProperty, .addedIvar: nil
        }
    }

    /// What the change depends on without changing it: undoing an earlier change to that
    /// means undoing this one too.
    var readKey: LedgerKey? {
        switch self {
        case .addedMethod(_, let source?):
            .method(ObjectIdentifier(source.owner), source.selector.id)
        case .addedProperty(let property, let cls):
            .ivar(ObjectIdentifier(cls), property.ivarName)
        default:
            nil
        }
    }

    /// Puts back what the change at `change` changed. Called with the runtime lock held.
    /// Read where the record keeps it: calling a method on `changes[index]` would copy the
    /// whole change out first, through a switch over every case.
    @inline(__always)
    static func revert(at change: UnsafePointer<Change>, in registry: inout Registry) {
        // The commonest change, a swizzle's, without the frame the other cases need.
        if case .exchangedImplementations(let exchange) = change.pointee {
            exchange.revert(in: &registry)
        } else {
            revertOther(at: change, in: &registry)
        }
    }

    @inline(never)
    private static func revertOther(at change: UnsafePointer<Change>, in registry: inout Registry) {
        switch change.pointee {
        // A method since replaced by a kept change (see `Runtime.keep`) stays where the kept change put it.
        case .addedMethod(let method, _):
            guard method.owner.methodTable.madeMethod(for: method.selector.id) === method else { return }
            method.owner.methodTable.set(nil, for: method.selector.id)
            registry.retiredMethods.append(method)
            registry.flushCaches(from: method.owner)
        case .replacedMethod(let old, let new):
            guard new.owner.methodTable.madeMethod(for: new.selector.id) === new else { return }
            new.owner.methodTable.set(old, for: new.selector.id)
            registry.retiredMethods.append(new)
            registry.flushCaches(from: new.owner)
        case .setImplementation(let method, let previous):
            // Caches hold methods, not implementations: nothing to flush.
            registry.retire(method.setImplementation(previous))
        case .exchangedImplementations(let exchange):
            exchange.revert(in: &registry)
        case .adoptedProtocol(let proto, let cls):
            cls.protocolList.removeAll { $0 === proto }
        case .addedProperty(let property, let cls):
            if let index = cls.propertyList.lastIndex(where: { $0.name == property.name }) {
                cls.propertyList.remove(at: index)
            }
        case .addedIvar(let ivar, let cls):
            cls.ivarList.removeAll { $0 === ivar }
        }
    }
}

extension Change {
    /// An exchange of two methods' implementations, as unretained references: the record
    /// the change is written into holds the two methods (``LedgerRecord``), and nothing
    /// holds the two implementations for it.
    ///
    /// The implementations need no hold of their own. While the entry is in the ledger,
    /// each is in service (held by one of the two methods) or was taken out of service by
    /// a later change, whose own record holds it: a later entry that touched either method
    /// is undone before this one (``Ledger/takeForUndo(_:)``), and a redefinition undoes
    /// the entries touching what it replaces. The one way out of that order is keeping a
    /// later change (``Runtime/keep(_:)``), which hands what that change replaced to the
    /// registry for the runtime's life (``Registry/keptImplementations``). Once the entry
    /// has left the ledger, nothing reads them again.
    struct Exchange {
        let first: Unmanaged<Method>
        let second: Unmanaged<Method>
        let firstHad: Unmanaged<Implementation>
        let secondHad: Unmanaged<Implementation>

        /// The exchange about to be made of `first`'s and `second`'s implementations.
        /// Inlined: called, it has its caller retain and release both methods around it.
        @inline(__always)
        init(_ first: Method, _ second: Method) {
            self.first = .passUnretained(first)
            self.second = .passUnretained(second)
            firstHad = first.unmanagedImplementation
            secondHad = second.unmanagedImplementation
        }

        /// Puts back what each method had. Called with the runtime lock held.
        @inline(__always)
        func revert(in registry: inout Registry) {
            first._withUnsafeGuaranteedRef { first in
                second._withUnsafeGuaranteedRef { second in
                    if first.unmanagedImplementation.toOpaque() == secondHad.toOpaque()
                        && second.unmanagedImplementation.toOpaque() == firstHad.toOpaque() {
                        // As the exchange left them: exchanged back, no implementation
                        // leaves service, so none is retired.
                        first.exchangeImplementation(with: second)
                    } else {
                        // A kept change has moved one since: each gets back what it had.
                        registry.retire(first.setImplementation(firstHad.takeUnretainedValue()))
                        registry.retire(second.setImplementation(secondHad.takeUnretainedValue()))
                    }
                }
            }
        }

        /// Takes the record's references to the two methods, as the change is written into it.
        func retainMethods() {
            _ = first.retain()
            _ = second.retain()
        }

        /// Gives back the references ``retainMethods()`` took, as the record goes.
        func releaseMethods() {
            first.release()
            second.release()
        }
    }

    /// Takes the references a record holds for this change beyond what the change itself
    /// holds: an exchange's two methods.
    func retainUnmanagedReferences() {
        if case .exchangedImplementations(let exchange) = self { exchange.retainMethods() }
    }

    /// Gives back what ``retainUnmanagedReferences()`` took.
    func releaseUnmanagedReferences() {
        if case .exchangedImplementations(let exchange) = self { exchange.releaseMethods() }
    }

    /// Whether both are exchanges of the same two methods, so that the references one
    /// record holds for this change serve for `other` (see ``retainUnmanagedReferences()``).
    func namesTheSameMethods(as other: Change) -> Bool {
        guard case .exchangedImplementations(let mine) = self, case .exchangedImplementations(let theirs) = other else {
            return false
        }
        return mine.first.toOpaque() == theirs.first.toOpaque() && mine.second.toOpaque() == theirs.second.toOpaque()
    }
}

enum LedgerKey: Hashable {
    case method(ObjectIdentifier, Int)
    case protocolAdoption(ObjectIdentifier, ObjectIdentifier)
    case property(ObjectIdentifier, String)
    case ivar(ObjectIdentifier, String)

    /// The class (or metaclass) the key is about.
    var classIdentifier: ObjectIdentifier {
        switch self {
        case .method(let cls, _), .protocolAdoption(let cls, _), .property(let cls, _), .ivar(let cls, _): cls
        }
    }
}
