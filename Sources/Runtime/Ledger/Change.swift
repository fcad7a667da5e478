/// One primitive change to a registered class, with what it takes to put it back.
/// A ledger entry is one or more of these, undone in reverse order.
enum Change: @unchecked Sendable {
    /// A method added; a safe swizzle's copy names the inherited method it copied.
    case addedMethod(Method, copiedFrom: Method?)
    /// A category method that took the place of the class's own method.
    case replacedMethod(old: Method, new: Method)
    case setImplementation(Method, previous: Implementation)
    /// Two methods' implementations exchanged: what each held before.
    case exchangedImplementations(Method, Method, firstHad: Implementation, secondHad: Implementation)
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
        case .exchangedImplementations(let first, let second, _, _):
            (Self.key(of: first), Self.key(of: second))
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
        case .exchangedImplementations(let first, let second, _, _): (first, second)
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

    /// Puts back what was there before. Called with the runtime lock held.
    func revert(in registry: inout Registry) {
        switch self {
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
        case .exchangedImplementations(let first, let second, let firstHad, let secondHad):
            if first.implementation === secondHad && second.implementation === firstHad {
                // As the exchange left them: exchanged back, no implementation leaves
                // service, so none is retired.
                first.exchangeImplementation(with: second)
            } else {
                // A kept change has moved one since: each gets back what it had.
                registry.retire(first.setImplementation(firstHad))
                registry.retire(second.setImplementation(secondHad))
            }
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
