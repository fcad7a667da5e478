/// An instance variable: named storage in every instance of a class.
public final class Ivar: Sendable, CustomStringConvertible {
    public let name: String
    public let type: ObjCType
    /// A weak ivar holds objects without keeping them alive.
    public let isWeak: Bool
    /// Runtime-wide number, the key of an object's storage.
    let id: Int
    /// The class that declared the ivar.
    public nonisolated(unsafe) weak var owner: Class?

    init(name: String, type: ObjCType, isWeak: Bool, id: Int) {
        self.name = name
        self.type = type
        self.isWeak = isWeak
        self.id = id
    }

    public var description: String { "\(name) \(type)" }
}
