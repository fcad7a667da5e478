import Runtime
import Synchronization

extension ClassLibrary {
    /// `NSUserDefaults`: `standardUserDefaults`, one per runtime, kept in memory and empty
    /// when the runtime starts, so no run sees another's settings. Values are property
    /// lists (strings, numbers, dates, data, and arrays and dictionaries of them), copied
    /// in as Foundation copies them; anything else raises. A key not set falls back to the
    /// registered defaults. The typed getters convert as Foundation's do (`integerForKey:`
    /// reads a numeric string, `boolForKey:` a YES or true), and answer 0, NO or nil otherwise.
    /// `initWithSuiteName:` answers the suite's one object, so what one instance of a suite
    /// (an app group's, a library's own) sets, every other reads; a nil name answers the
    /// standard defaults, as Foundation's search list is then the standard one.
    static func defineNSUserDefaults(in runtime: Runtime, root: Class) throws {
        let shared = SharedInstance()
        let suites = Mutex<[String: Object]>([:])
        let initialize = try runtime.selector("init"), objectForKey = try runtime.selector("objectForKey:")
        let setObjectForKey = try runtime.selector("setObject:forKey:")
        try runtime.registerLazyClass(named: "NSUserDefaults", superclass: root) { c in
            try c.addIvar("_values", type: .object(className: "NSDictionary"))
            try c.addIvar("_registered", type: .object(className: "NSDictionary"))
            try c.addClassMethod("standardUserDefaults", types: "@@:") { m in
                try shared.object { try m.allocInit(initialize).object }.map(Value.object) ?? .nil
            }
            try c.addMethod("initWithSuiteName:", types: "@@:@") { m in
                guard case .string(let name) = m[0] else {
                    guard m[0] == .nil else { throw m.wrongArgument(0, expected: "a suite name or nil") }
                    return try m.send("standardUserDefaults", to: m.receiver.isa)
                }
                if let existing = suites.withLock({ $0[name] }) { return .object(existing) }
                guard let made = try m.send(initialize, to: m.receiver).object else { return .nil }
                // The first made is the suite's, should another have been made meanwhile.
                return .object(suites.withLock { suites in
                    if let existing = suites[name] { return existing }
                    suites[name] = made
                    return made
                })
            }
            @Sendable func entries(_ m: borrowing Message, _ ivar: String) throws -> [Value: Value] { try m.ivar(ivar).dictionaryEntries ?? [:] }
            @Sendable func key(_ m: borrowing Message, _ index: Int) throws -> Value {
                guard case .string = m[index] else { throw m.wrongArgument(index, expected: "a string key") }
                return m[index]
            }
            @Sendable func read(_ m: borrowing Message) throws -> Value { try m.send(objectForKey, to: m.receiver, Arguments(try key(m, 0))) }
            try c.addMethod("objectForKey:", types: "@@:@") { m in
                let wanted = try key(m, 0)
                return try entries(m, "_values")[wanted] ?? entries(m, "_registered")[wanted] ?? .nil
            }
            try c.addMethod("setObject:forKey:", types: "v@:@@") { m in
                let wanted = try key(m, 1)
                var values = try entries(m, "_values")
                if m[0] == .nil {
                    values.removeValue(forKey: wanted)
                } else {
                    guard let stored = try PropertyList.copy(of: m[0], m) else {
                        throw ClassLibraryError.invalidArgument(
                            method: m.methodName, reason: "Attempt to insert non-property list object \(try m.text(of: m[0])) for key \(try m.text(of: wanted))")
                    }
                    values[wanted] = stored
                }
                try m.setIvar("_values", .dictionary(values))
                return .nil
            }
            try c.addMethod("removeObjectForKey:", types: "v@:@") { m in try m.send(setObjectForKey, to: m.receiver, Arguments(.nil, try key(m, 0))) }
            // Key-value coding reads and writes the defaults, as Foundation's NSUserDefaults
            // answers `valueForKey:` (what bindings and KVO observe) with `objectForKey:`.
            try c.addMethod("valueForKey:", types: "@@:@") { m in try read(m) }
            try c.addMethod("setValue:forKey:", types: "v@:@@") { m in try m.send(setObjectForKey, to: m.receiver, Arguments(m[0], try key(m, 1))) }
            try c.addMethod("registerDefaults:", types: "v@:@") { m in
                let added = try m.dictionaryArgument(0)
                try m.setIvar("_registered", .dictionary(try entries(m, "_registered").merging(added) { _, new in new }))
                return .nil
            }
            try c.addMethod("dictionaryRepresentation", types: "@@:") { m in
                .dictionary(try entries(m, "_registered").merging(try entries(m, "_values")) { _, set in set })
            }
            try c.addMethod("synchronize", types: "B@:") { _ in true }
            let setters: [(String, String, @Sendable (Value) -> Value)] = [
                ("setInteger:forKey:", "v@:q@", { Value.int($0.intValue ?? 0) }), ("setBool:forKey:", "v@:B@", { Value.bool($0.isTruthy) }),
                ("setDouble:forKey:", "v@:d@", { Value.double($0.numberValue ?? 0) }),
                ("setFloat:forKey:", "v@:f@", { Value.double(Double(Float($0.numberValue ?? 0))) }),
            ]
            for (name, types, value) in setters {
                try c.addMethod(name, types: types) { m in
                    guard m[0].numberValue != nil else { throw m.wrongArgument(0, expected: "a number") }
                    return try m.send(setObjectForKey, to: m.receiver, Arguments(value(m[0]), try key(m, 1)))
                }
            }
            try c.addMethod("stringForKey:", types: "@@:@") { m in
                let found = try read(m)
                switch found {
                // A number reads as its stringValue, as Foundation converts it (YES as 1).
                case .string: return found
                case .bool(let flag): return .string(flag ? "1" : "0")
                case .int, .double: return .string(found.description)
                default: return .nil
                }
            }
            try c.addMethod("integerForKey:", types: "q@:@") { m in
                let found = try read(m)
                if case .string(let text) = found { return .int(Int(text.trimmingSpaces) ?? Int(Double(text.trimmingSpaces) ?? 0)) }
                if let number = found.numberValue, number.isFinite, abs(number) < 9.2e18 { return .int(Int(number)) }
                return .int(0)
            }
            for (name, types, float) in [("doubleForKey:", "d@:@", false), ("floatForKey:", "f@:@", true)] {
                try c.addMethod(name, types: types) { m in
                    let found = try read(m)
                    let number = if case .string(let text) = found { Double(text.trimmingSpaces) ?? 0 } else { found.numberValue ?? 0 }
                    return .double(float ? Double(Float(number)) : number)
                }
            }
            try c.addMethod("boolForKey:", types: "B@:@") { m in
                let found = try read(m)
                if case .string(let text) = found {
                    let first = text.trimmingSpaces.first
                    return .bool(first.map { "YyTt123456789".contains($0) } ?? false)
                }
                return .bool(found.numberValue.map { $0 != 0 } ?? false)
            }
            try c.addMethod("arrayForKey:", types: "@@:@") { m in
                let found = try read(m)
                if case .array = found { return found }
                return .nil
            }
            try c.addMethod("dictionaryForKey:", types: "@@:@") { m in
                let found = try read(m)
                if case .dictionary = found { return found }
                return .nil
            }
            // Data (an archive kept in the defaults), and strings arrays made only of strings.
            try c.addMethod("dataForKey:", types: "@@:@") { m in
                let found = try read(m)
                guard let object = found.object, let data = m.runtime.class(named: "NSData"), object.isKind(of: data) else { return .nil }
                return found
            }
            try c.addMethod("stringArrayForKey:", types: "@@:@") { m in
                let found = try read(m)
                guard case .array(let elements) = found, elements.allSatisfy({ if case .string = $0 { true } else { false } }) else { return .nil }
                return found
            }
        }
    }
}

/// Property lists, as `NSUserDefaults` stores them.
enum PropertyList {
    /// `value` as stored: a mutable string or collection as what it holds now, nested
    /// collections likewise; nil when something in it is not a property list.
    static func copy(of value: Value, _ m: borrowing Message) throws -> Value? {
        switch value {
        case .string, .int, .double, .bool: return value
        case .array(let elements):
            var copied: [Value] = []
            for element in elements {
                guard let each = try copy(of: element, m) else { return nil }
                copied.append(each)
            }
            return .array(copied)
        case .dictionary(let entries):
            var copied: [Value: Value] = [:]
            for (key, element) in entries {
                guard case .string = key, let each = try copy(of: element, m) else { return nil }
                copied[key] = each
            }
            return .dictionary(copied)
        case .object(let holder as ValueHolder):
            return try copy(of: holder.value, m)
        case .object(let object):
            let storable = ["NSDate", "NSData"].compactMap(m.runtime.class(named:))
            // Not `? value : nil`: a nil literal beside a Value would be Value.nil, not "none".
            guard storable.contains(where: object.isKind(of:)) else { return Optional<Value>.none }
            return value
        default:
            return nil
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    var trimmingSpaces: String {
        let space: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" }
        return String(drop(while: space).reversed().drop(while: space).reversed())
    }
}
