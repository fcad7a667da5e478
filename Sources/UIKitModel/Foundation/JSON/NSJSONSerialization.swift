import Runtime

extension ClassLibrary {
    /// `NSJSONSerialization`: JSON data to objects and back, with Foundation's options and
    /// errors. Reading gives dictionaries, arrays, strings, numbers (integers stay integers,
    /// `true` and `false` are booleans) and `[NSNull null]`; `NSJSONReadingMutableContainers`
    /// (1) makes the containers mutable, `NSJSONReadingMutableLeaves` (2) the strings, and
    /// `NSJSONReadingFragmentsAllowed` (4) lets the top level be a lone value. Text that is
    /// not JSON answers nil and sets the `NSError **` argument to `NSCocoaErrorDomain` 3840,
    /// its `NSDebugDescription` saying what and where, as Foundation's does. Writing takes
    /// `NSJSONWritingPrettyPrinted` (1), `SortedKeys` (2), `FragmentsAllowed` (4) and
    /// `WithoutEscapingSlashes` (8); an object JSON cannot hold raises
    /// `NSInvalidArgumentException`, as Foundation does.
    static func defineNSJSONSerialization(in runtime: Runtime, root: Class) throws {
        let initWithBytes = try runtime.selector("_initWithBytes:")
        try runtime.registerLazyClass(named: "NSJSONSerialization", superclass: root) { c in
            try c.addClassMethod("JSONObjectWithData:options:error:", types: "@@:@Q^@") { m in
                guard m[0] != .nil else { throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "data parameter is nil") }
                let options = try m.integerArgument(1)
                let bytes = try DataBytes.argument(m, 0).map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) }
                let node: JSONNode
                do throws(JSONReadError) {
                    node = try JSONReader.read(bytes, allowingFragments: options & 4 != 0)
                } catch {
                    if case .reference(let pointer) = m[2] {
                        pointer.value = try m.send(
                            "errorWithDomain:code:userInfo:", to: m.runtime.requireClass(named: "NSError"),
                            .string("NSCocoaErrorDomain"), .int(3840),
                            .dictionary([
                                .string("NSDebugDescription"): .string(error.foundationDescription),
                                .string("NSLocalizedDescription"): .string("The data couldn’t be read because it isn’t in the correct format."),
                            ]))
                    }
                    return .nil
                }
                return try JSONObjects(m, mutableContainers: options & 1 != 0, mutableLeaves: options & 2 != 0).value(of: node)
            }
            try c.addClassMethod("dataWithJSONObject:options:error:", types: "@@:@Q^@") { m in
                let options = try m.integerArgument(1)
                let writer = JSONWriter(prettyPrinted: options & 1 != 0, escapesSlashes: options & 8 == 0, contents: contents(in: m.runtime))
                let text: String
                do throws(JSONWriteError) {
                    text = try writer.text(for: m[0], allowingFragments: options & 4 != 0)
                } catch {
                    throw ClassLibraryError.invalidArgument(method: m.methodName, reason: error.reason)
                }
                return try m.make("NSData", initWithBytes, Arguments(.array(text.utf8.map { .int(Int($0)) })))
            }
            try c.addClassMethod("isValidJSONObject:", types: "B@:@") { m in
                .bool(JSONWriter(contents: contents(in: m.runtime)).isValid(m[0]))
            }
        }
    }

    /// What JSON makes of an object: `NSNull` is null, a mutable string or container its
    /// value; other objects are not JSON. The writer uses it for one call only, so it may
    /// hold the runtime.
    private static func contents(in runtime: Runtime) -> (Object) -> JSONWriter.JSONContents? {
        { object in
            if let null = runtime.class(named: "NSNull"), object.isKind(of: null) { return .null }
            if let holder = object as? ValueHolder { return .value(holder.value) }
            return nil
        }
    }
}

/// Turns a read JSON tree into the objects `JSONObjectWithData:options:error:` answers.
private struct JSONObjects: ~Copyable {
    let runtime: Runtime
    let null: Value
    let mutableContainers: Bool
    let mutableLeaves: Bool

    init(_ m: borrowing Message, mutableContainers: Bool, mutableLeaves: Bool) throws {
        runtime = m.runtime
        null = try m.send("null", to: m.runtime.requireClass(named: "NSNull"))
        self.mutableContainers = mutableContainers
        self.mutableLeaves = mutableLeaves
    }

    func value(of node: JSONNode) throws -> Value {
        switch node {
        case .null: return null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .double(let number): return .double(number)
        case .string(let text): return mutableLeaves ? try held(.string(text), by: "NSMutableString") : .string(text)
        case .array(let elements):
            let array = Value.array(try elements.map { try value(of: $0) })
            return mutableContainers ? try held(array, by: "NSMutableArray") : array
        case .object(let members):
            var entries: [Value: Value] = [:]
            for member in members { entries[.string(member.key)] = try value(of: member.value) }
            return mutableContainers ? try held(.dictionary(entries), by: "NSMutableDictionary") : .dictionary(entries)
        }
    }

    /// An instance of the mutable class `className` holding `value`.
    private func held(_ value: Value, by className: String) throws -> Value {
        guard let holder = try runtime.createInstance(of: runtime.requireClass(named: className)) as? ValueHolder else { return value }
        holder.value = value
        return .object(holder)
    }
}
