import Runtime

/// An `NSException` object raised by `-raise` or `+raise:format:`: the error a method of
/// the model throws so that code's `@catch` can take the object itself.
public struct RaisedNSException: Error, Hashable, Sendable, CustomStringConvertible {
    public let exception: Object
    public let name: String
    public let reason: String?

    /// `NSInternalInconsistencyException: method unavailable`: its name and its reason.
    public var description: String { reason.map { "\(name): \($0)" } ?? name }
}

extension ClassLibrary {
    /// `NSException`: a name, a reason and a user-info dictionary; `-raise` and
    /// `+raise:format:` raise it (``RaisedNSException``), and `-description` is its
    /// reason, as Foundation's is.
    static func defineNSException(in runtime: Runtime, root: Class) throws {
        let initWithName = try runtime.selector("initWithName:reason:userInfo:"), initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "NSException", superclass: root) { c in
            try c.addProperty(Property(name: "name", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "reason", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "userInfo", type: .object(className: "NSDictionary"), attributes: [.readOnly, .copy]))
            try c.addMethod("initWithName:reason:userInfo:", types: "@@:@@@") { m in
                let name = try m.stringArgument(0)
                switch m[1] {
                case .nil, .string: break
                default: throw m.wrongArgument(1, expected: "a string or nil")
                }
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_name": .string(name), "_reason": m[1], "_userInfo": m[2]])
                }
            }
            try c.addClassMethod("exceptionWithName:reason:userInfo:", types: "@@:@@@") { m in
                try m.allocInit(initWithName, Arguments([m[0], m[1], m[2]]))
            }
            try c.addMethod("description", types: "@@:") { m in
                let reason = try m.ivar("_reason")
                return reason == .nil ? try m.ivar("_name") : reason
            }
            try c.addMethod("callStackSymbols", types: "@@:") { _ in .array([]) }
            try c.addMethod("raise", types: "v@:") { m in throw try raised(m.receiver, in: m.runtime) }
            try c.addClassMethod("raise:format:", types: "v@:@@", variadic: true) { m in
                let reason = try m.formatted(from: 1)
                let made = try m.allocInit(initWithName, Arguments([.string(try m.stringArgument(0)), .string(reason), .nil]))
                guard let exception = made.object else { return .nil }
                throw try raised(exception, in: m.runtime)
            }
        }
    }

    /// The error that raises `exception`, an `NSException` (or a subclass's instance).
    public static func raised(_ exception: Object, in runtime: Runtime) throws -> RaisedNSException {
        func string(_ ivar: String) throws -> String? {
            if case .string(let text) = try runtime.ivarValue(ivar, of: exception) { return text }
            return nil
        }
        return RaisedNSException(exception: exception, name: try string("_name") ?? exception.isa.name, reason: try string("_reason"))
    }

    /// A new `NSException` named `name` with `reason`, as the error that raises it: how a
    /// method of the model raises as Foundation's do (`NSInternalInconsistencyException`).
    public static func exception(named name: String, reason: String, in runtime: Runtime) throws -> RaisedNSException {
        let made = try runtime.send("exceptionWithName:reason:userInfo:", to: try runtime.requireClass(named: "NSException"), .string(name), .string(reason), .nil)
        // An override of the factory may answer nil; the exception is then a plain one.
        let exception = try made.object ?? runtime.createInstance(of: runtime.requireClass(named: "NSException"))
        return RaisedNSException(exception: exception, name: name, reason: reason)
    }

    /// Whether `value` is an `NSException` (or an instance of a subclass).
    public static func isException(_ value: Value, in runtime: Runtime) -> Bool {
        guard let object = value.object, !(object is Class), let exception = runtime.class(named: "NSException") else { return false }
        return object.isKind(of: exception)
    }
}
