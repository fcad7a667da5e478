import Foundation
import Runtime

extension ClassLibrary {
    /// The names of the URL-building classes the library defines.
    static let urlComponentsClassNames = ["NSURLComponents", "NSURLQueryItem"]

    /// `NSURLComponents` and `NSURLQueryItem`: a URL taken apart and put together, as
    /// networking code builds a request's URL from query items.
    ///
    /// The components are kept percent-encoded, as Foundation keeps them: each plain
    /// setter (`host`, `path`, `query`, …) encodes what its part may not hold, each plain
    /// getter decodes, and the `percentEncoded…` forms read and write the encoded text.
    /// Query items encode `&` and `=` as well, in names and values, so that each stays one
    /// item; `+` stays as it is, as Foundation leaves it.
    static func defineURLComponents(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init")
        let initWithNameValue = try runtime.selector("initWithName:value:")
        /// The encoded parts, by ivar; `_port` holds a number or nil.
        let parts = ["_scheme", "_user", "_password", "_host", "_port", "_path", "_query", "_fragment"]
        /// What a plain setter leaves unescaped in each part.
        let allowed: [String: CharacterSet] = [
            "_user": .urlUserAllowed, "_password": .urlPasswordAllowed, "_host": .urlHostAllowed, "_path": .urlPathAllowed,
            "_query": .urlQueryAllowed, "_fragment": .urlFragmentAllowed,
        ]
        @Sendable func encode(_ text: String, allowing set: CharacterSet, except excluded: Set<Character> = []) -> String {
            PercentEncoding.encode(text) { !excluded.contains($0) && $0.unicodeScalars.allSatisfy(set.contains) }
        }
        @Sendable func decode(_ value: Value) -> Value {
            guard case .string(let text) = value else { return value }
            return PercentEncoding.decode(text).map(Value.string) ?? value
        }
        /// The URL's text from the parts, as Foundation assembles it.
        @Sendable func assembled(_ m: borrowing Message) throws -> String {
            var values: [String: Value] = [:]
            for name in parts { values[name] = try m.ivar(name) }
            func part(_ name: String) -> String? { values[name]?.text }
            var text = part("_scheme").map { $0 + ":" } ?? ""
            let port: Int? = if case .int(let number)? = values["_port"] { number } else { nil }
            let (user, password, host) = (part("_user"), part("_password"), part("_host"))
            if user != nil || password != nil || host != nil || port != nil {
                text += "//"
                if user != nil || password != nil { text += (user ?? "") + (password.map { ":" + $0 } ?? "") + "@" }
                text += (host ?? "") + (port.map { ":\($0)" } ?? "")
            }
            text += part("_path") ?? ""
            if let query = part("_query") { text += "?" + query }
            if let fragment = part("_fragment") { text += "#" + fragment }
            return text
        }
        /// Sets every part from a URL's text; false when it is not a URL.
        @Sendable func take(_ text: String, into object: Object, _ runtime: Runtime) throws -> Bool {
            // An empty string is a URL reference with an empty path, as Foundation's components
            // take it (where `+[NSURL URLWithString:@""]` is nil).
            if text.isEmpty {
                for name in parts { try runtime.setIvar(name, of: object, to: name == "_path" ? .string("") : .nil) }
                return true
            }
            guard let url = URLParts(text) else { return false }
            var values: [String: Value] = ["_scheme": url.scheme.map(Value.string) ?? .nil, "_path": .string(url.path),
                                           "_query": url.query.map(Value.string) ?? .nil, "_fragment": url.fragment.map(Value.string) ?? .nil]
            if let authority = url.authority {
                // `user:password@host:port`; the host and port are URLParts' to find.
                if let at = authority.lastIndex(of: "@") {
                    let credentials = authority[..<at]
                    let colon = credentials.firstIndex(of: ":")
                    values["_user"] = .string(String(credentials[..<(colon ?? credentials.endIndex)]))
                    if let colon { values["_password"] = .string(String(credentials[credentials.index(after: colon)...])) }
                }
                values["_port"] = url.port.map(Value.int) ?? .nil
                values["_host"] = .string(url.host ?? "")
            }
            for name in parts { try runtime.setIvar(name, of: object, to: values[name] ?? .nil) }
            return true
        }
        /// The query's items, as their encoded names and values (nil for an item without `=`).
        @Sendable func encodedItems(_ m: borrowing Message) throws -> [(name: String, value: String?)]? {
            guard case .string(let query) = try m.ivar("_query") else { return nil }
            guard !query.isEmpty else { return [] }
            return query.split(separator: "&", omittingEmptySubsequences: false).map { item in
                guard let equals = item.firstIndex(of: "=") else { return (String(item), nil) }
                return (String(item[..<equals]), String(item[item.index(after: equals)...]))
            }
        }
        @Sendable func items(_ m: borrowing Message, decoding: Bool) throws -> Value {
            guard let items = try encodedItems(m) else { return .nil }
            return .array(try items.map { item in
                let (name, value) = decoding
                    ? (decode(.string(item.name)), item.value.map { decode(.string($0)) } ?? .nil)
                    : (Value.string(item.name), item.value.map(Value.string) ?? .nil)
                return try m.make("NSURLQueryItem", initWithNameValue, Arguments(name, value))
            })
        }
        /// Sets the query from an array of query items, encoding them unless `encoded`.
        @Sendable func setItems(_ m: borrowing Message, encoded: Bool) throws {
            guard m[0] != .nil else {
                try m.setIvar("_query", .nil)
                return
            }
            let elements = try m.arrayArgument(0)
            let pairs = try elements.enumerated().map { index, element in
                guard let item = element.object, let queryItem = m.runtime.class(named: "NSURLQueryItem"), item.isKind(of: queryItem),
                      case .string(let name) = try m.runtime.ivarValue("_name", of: item) else {
                    throw m.wrongArgument(0, expected: "an array of NSURLQueryItems, but element \(index) is not one")
                }
                let value = try m.runtime.ivarValue("_value", of: item).text
                guard !encoded else { return name + (value.map { "=" + $0 } ?? "") }
                return encode(name, allowing: .urlQueryAllowed, except: ["&", "="])
                    + (value.map { "=" + encode($0, allowing: .urlQueryAllowed, except: ["&", "="]) } ?? "")
            }
            try m.setIvar("_query", .string(pairs.joined(separator: "&")))
        }

        try runtime.registerLazyClass(named: "NSURLQueryItem", superclass: root) { c in
            try c.addProperty(Property(name: "name", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "value", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addMethod("initWithName:value:", types: "@@:@@") { m in
                let (name, value) = (try m.stringArgument(0), m[1] == .nil ? Value.nil : .string(try m.stringArgument(1)))
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvars(of: this, ["_name": .string(name), "_value": value]) }
            }
            try c.addClassMethod("queryItemWithName:value:", types: "@@:@@") { m in try m.allocInit(initWithNameValue, Arguments(m[0], m[1])) }
            try c.addMethod("isEqual:", types: "B@:@") { m in
                guard let other = m[0].object, other.isKind(of: m.receiver.isa) || m.receiver.isKind(of: other.isa) else { return false }
                return .bool(try m.ivar("_name") == m.runtime.ivarValue("_name", of: other) && m.ivar("_value") == m.runtime.ivarValue("_value", of: other))
            }
            try c.addMethod("hash", types: "Q@:") { m in .int(try m.ivar("_name").text?.count ?? 0) }
            try c.addMethod("copy", types: "@@:") { m in .object(m.receiver) }
            try c.addMethod("description", types: "@@:") { m in
                .string("<NSURLQueryItem 0x\(String(m.receiver.serial, radix: 16))> {name = \(try m.ivar("_name").text ?? ""), value = \(try m.ivar("_value").text ?? "(null)")}")
            }
        }

        try runtime.registerLazyClass(named: "NSURLComponents", superclass: root) { c in
            for name in parts { try c.addIvar(name, type: name == "_port" ? .object(className: "NSNumber") : .object(className: "NSString")) }
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_path", of: this, to: .string("")) }
            }
            try c.addMethod("initWithString:", types: "@@:@") { m in
                let text = try m.stringArgument(0)
                guard let this = try m.send(initialize, to: m.receiver).object, try take(text, into: this, m.runtime) else { return .nil }
                return .object(this)
            }
            try c.addMethod("initWithURL:resolvingAgainstBaseURL:", types: "@@:@B") { m in
                guard let url = try m.objectArgument(0) else { throw m.wrongArgument(0, expected: "an NSURL") }
                let text = try m.send(m[1].isTruthy ? "absoluteString" : "relativeString", to: url).text ?? ""
                guard let this = try m.send(initialize, to: m.receiver).object, try take(text, into: this, m.runtime) else { return .nil }
                return .object(this)
            }
            try c.addClassMethod("componentsWithString:", types: "@@:@") { m in try m.allocInit(try m.runtime.selector("initWithString:"), Arguments(m[0])) }
            try c.addClassMethod("componentsWithURL:resolvingAgainstBaseURL:", types: "@@:@B") { m in
                try m.allocInit(try m.runtime.selector("initWithURL:resolvingAgainstBaseURL:"), Arguments(m[0], m[1]))
            }
            // The scheme is never escaped; the port is a number.
            try c.addMethod("scheme", types: "@@:") { m in try m.ivar("_scheme") }
            try c.addMethod("setScheme:", types: "v@:@") { m in
                try m.setIvar("_scheme", m[0] == .nil ? .nil : .string(try m.stringArgument(0)))
                return .nil
            }
            try c.addMethod("port", types: "@@:") { m in try m.ivar("_port") }
            try c.addMethod("setPort:", types: "v@:@") { m in
                try m.setIvar("_port", m[0] == .nil ? .nil : .int(try m.integerArgument(0)))
                return .nil
            }
            for (part, ivar) in [("user", "_user"), ("password", "_password"), ("host", "_host"), ("path", "_path"), ("query", "_query"), ("fragment", "_fragment")] {
                let capitalized = part.prefix(1).uppercased() + part.dropFirst()
                let set = allowed[ivar] ?? .urlQueryAllowed
                try c.addMethod(part, types: "@@:") { m in decode(try m.ivar(ivar)) }
                try c.addMethod("percentEncoded\(capitalized)", types: "@@:") { m in try m.ivar(ivar) }
                try c.addMethod("set\(capitalized):", types: "v@:@") { m in
                    let value: Value = m[0] == .nil ? (ivar == "_path" ? .string("") : .nil) : .string(encode(try m.stringArgument(0), allowing: set))
                    try m.setIvar(ivar, value)
                    return .nil
                }
                try c.addMethod("setPercentEncoded\(capitalized):", types: "v@:@") { m in
                    let value: Value = m[0] == .nil ? (ivar == "_path" ? .string("") : .nil) : .string(try m.stringArgument(0))
                    try m.setIvar(ivar, value)
                    return .nil
                }
            }
            try c.addMethod("queryItems", types: "@@:") { m in try items(m, decoding: true) }
            try c.addMethod("percentEncodedQueryItems", types: "@@:") { m in try items(m, decoding: false) }
            try c.addMethod("setQueryItems:", types: "v@:@") { m in try setItems(m, encoded: false); return .nil }
            try c.addMethod("setPercentEncodedQueryItems:", types: "v@:@") { m in try setItems(m, encoded: true); return .nil }
            try c.addMethod("string", types: "@@:") { m in .string(try assembled(m)) }
            try c.addMethod("URL", types: "@@:") { m in try m.send("URLWithString:", to: try m.runtime.requireClass(named: "NSURL"), .string(try assembled(m))) }
            try c.addMethod("URLRelativeToURL:", types: "@@:@") { m in
                try m.send("URLWithString:relativeToURL:", to: try m.runtime.requireClass(named: "NSURL"), .string(try assembled(m)), m[0])
            }
            try c.addMethod("copy", types: "@@:") { m in
                let copy = try m.make("NSURLComponents", initialize)
                for name in parts { try m.runtime.setIvar(name, of: copy.object, to: try m.ivar(name)) }
                return copy
            }
            try c.addMethod("isEqual:", types: "B@:@") { m in
                guard let other = m[0].object, other.isKind(of: m.receiver.isa) else { return false }
                return .bool(try parts.allSatisfy { try m.ivar($0) == m.runtime.ivarValue($0, of: other) })
            }
            try c.addMethod("hash", types: "Q@:") { m in .int(try assembled(m).count) }
            try c.addMethod("description", types: "@@:") { m in
                let fields = try ["scheme", "user", "password", "host", "port", "path", "query", "fragment"].map { part in
                    let value = try m.send(part, to: m.receiver)
                    return "\(part) = \(value == .nil ? "(null)" : value.text ?? value.description)"
                }
                return .string("<NSURLComponents 0x\(String(m.receiver.serial, radix: 16))> {\(fields.joined(separator: ", "))}")
            }
        }
    }
}
