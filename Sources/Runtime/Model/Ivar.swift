/// An instance variable: named storage in every instance of a class.
public final class Ivar: Sendable, CustomStringConvertible {
    public let name: String
    public let type: ObjCType
    /// A weak ivar holds objects without keeping them alive.
    public let isWeak: Bool
    /// Runtime-wide number, the key of an object's storage.
    let id: Int
    /// The class that declared the ivar. Held strongly, as a method holds its class: a
    /// weak reference would give every class with ivars a side table, and every retain and
    /// release of such a class would take the slow path. The cycle through the class's
    /// ivar list ends when the runtime tears its classes down. A `let`, as every ivar
    /// access reads it: a `var` would cost a run-time exclusivity check each time.
    public let owner: Class?

    init(name: String, type: ObjCType, isWeak: Bool, id: Int, owner: Class) {
        self.name = name
        self.owner = owner
        self.type = type
        self.isWeak = isWeak
        self.id = id
    }

    public var description: String { "\(name) \(type)" }
}
