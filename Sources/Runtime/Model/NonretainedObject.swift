/// An object that refers to another without keeping it alive: how UIKit's controls and
/// gesture recognizers hold their targets, so that a view controller that is the target of
/// a button in its own view still goes away when its last owner lets it go.
///
/// Made by ``Runtime/nonretainedReference(to:as:)``; numbered 0, as it is the model's own
/// bookkeeping and never printed, so making one shifts no object's printed number.
public final class NonretainedObject: Object, @unchecked Sendable {
    // @unchecked: `referent` is written once, as the object is made, and Swift loads a
    // weak reference atomically.
    private weak var referent: Object?

    init(_ object: Object, isa: Class) {
        referent = object
        super.init(isa: isa, serial: 0)
    }

    /// The object referred to, or nil once it has gone.
    public var object: Object? { referent }
}

extension Runtime {
    /// An instance of `cls` that refers to `object` without keeping it alive (see
    /// ``NonretainedObject``).
    ///
    /// - Throws: when `cls` is a metaclass or belongs to another runtime.
    public func nonretainedReference(to object: Object, as cls: Class) throws(RuntimeError) -> NonretainedObject {
        try checkOwnership(of: cls)
        guard !cls.isMetaclass else { throw .notAClass(cls.name, role: "the class of a nonretained reference") }
        return NonretainedObject(object, isa: cls)
    }
}
