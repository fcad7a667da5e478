import Synchronization

/// A string, number, array or dictionary standing as the receiver of a message.
///
/// Such values are objects in Objective-C (`NSString`, `NSNumber`, `NSArray`,
/// `NSDictionary`) but plain ``Value``s here, as a tagged pointer is a plain word: a send
/// to one boxes it for the duration of the send, with the class the runtime has for its
/// kind as its `isa`, so every method is looked up, swizzled and traced like any other.
/// An implementation reads the value back with ``Message/receiverValue``.
public final class ValueBox: Object, @unchecked Sendable {
    // @unchecked: `value` is immutable, and Object guards its own state.
    public let value: Value

    init(_ value: Value, isa: Class) {
        self.value = value
        super.init(isa: isa, serial: 0)
    }

    /// The value as the shell prints it: `"text"`, `42`, `@[1, 2]`.
    public override var description: String { value.description }
}

/// The kinds of value that answer messages as instances of a class.
public enum ValueKind: Hashable, Sendable, CaseIterable {
    /// Strings: `NSString`.
    case string
    /// Numbers and booleans: `NSNumber`.
    case number
    /// Arrays: `NSArray`.
    case array
    /// Dictionaries: `NSDictionary`.
    case dictionary
    /// Blocks: `NSBlock`.
    case block
    /// Protocols: `Protocol`, as `@protocol(UITableViewDelegate)` is an object in Objective-C.
    case protocolObject

    /// The kind of `value`, or nil for a value that is no instance (nil, an object, a
    /// selector, a struct, a pointer).
    public init?(of value: Value) {
        switch value {
        case .string: self = .string
        case .int, .double, .bool: self = .number
        case .array: self = .array
        case .dictionary: self = .dictionary
        case .block: self = .block
        case .protocol: self = .protocolObject
        default: return nil
        }
    }
}

/// An instance that holds a string, array or dictionary its methods change: what
/// `NSMutableString`, `NSMutableArray` and `NSMutableDictionary` instances are. Unlike a
/// ``ValueBox`` it is an object with an identity, so every reference sees a change.
/// ``Message/receiverValue`` reads what it holds now, so the immutable class's methods
/// work on it unchanged.
public final class ValueHolder: Object, @unchecked Sendable {
    // @unchecked: the held value is guarded by its own lock.
    private let held: Mutex<Value>

    init(_ value: Value, isa: Class, serial: Int) {
        held = Mutex(value)
        super.init(isa: isa, serial: serial)
    }

    /// The value held now.
    public var value: Value {
        get { held.withLock { $0 } }
        set { held.withLock { $0 = newValue } }
    }

    /// Changes the held value in place, atomically.
    public func update<Result>(_ change: (inout Value) throws -> Result) rethrows -> Result {
        try held.withLock { try change(&$0) }
    }

    /// `<NSMutableArray: 0x3> @[1, 2]`: the object, then what it holds.
    public override var description: String { "\(super.description) \(value.description)" }
}
