import Runtime

extension ClassLibrary {
    /// `NSError`: a domain, a code and a user-info dictionary (empty when none was given).
    /// The localized description is the user info's `NSLocalizedDescriptionKey` entry
    /// (the key `NSLocalizedDescription`), else Foundation's generic sentence.
    static func defineNSError(in runtime: Runtime, root: Class) throws {
        let initWithDomain = try runtime.selector("initWithDomain:code:userInfo:"), initialize = try runtime.selector("init")
        let localizedDescription = try runtime.selector("localizedDescription")
        try runtime.registerLazyClass(named: "NSError", superclass: root) { c in
            try c.addProperty(Property(name: "domain", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "code", type: .integer(code: "q"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "userInfo", type: .object(className: "NSDictionary"), attributes: [.readOnly, .copy]))
            try c.addMethod("initWithDomain:code:userInfo:", types: "@@:@q@") { m in
                let domain = try m.stringArgument(0), code = try m.integerArgument(1)
                let info: Value
                switch m[2] {
                case .nil: info = .dictionary([:])
                case .dictionary: info = m[2]
                case .object(let holder as ValueHolder): info = holder.value
                default: throw m.wrongArgument(2, expected: "a dictionary or nil")
                }
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_domain": .string(domain), "_code": .int(code), "_userInfo": info])
                }
            }
            try c.addClassMethod("errorWithDomain:code:userInfo:", types: "@@:@q@") { m in try m.allocInit(initWithDomain, Arguments([m[0], m[1], m[2]])) }
            // An error archives as it does in Foundation: its domain, code and user info.
            try addCoding(of: ["_domain", "_code", "_userInfo"], keyedBy: "NSError", initializer: initialize, to: &c)
            @Sendable func info(_ m: borrowing Message, _ key: String) throws -> Value {
                guard case .dictionary(let entries) = try m.ivar("_userInfo") else { return .nil }
                return entries[.string(key)] ?? .nil
            }
            try c.addMethod("localizedDescription", types: "@@:") { m in
                let given = try info(m, "NSLocalizedDescription")
                if given != .nil { return given }
                let domain = try m.text(of: try m.ivar("_domain")), code = try m.ivar("_code")
                return .string("The operation couldn’t be completed. (\(domain) error \(code).)")
            }
            try c.addMethod("localizedFailureReason", types: "@@:") { m in try info(m, "NSLocalizedFailureReason") }
            try c.addMethod("localizedRecoverySuggestion", types: "@@:") { m in try info(m, "NSLocalizedRecoverySuggestion") }
            try c.addMethod("isEqual:", types: "B@:@") { m in
                guard let other = m[0].object, let error = m.runtime.class(named: "NSError"), other.isKind(of: error) else { return false }
                return .bool(try ["_domain", "_code", "_userInfo"].allSatisfy {
                    try m.runtime.isEqual(try m.ivar($0), try m.runtime.ivarValue($0, of: other), nestedAt: m.depth + 1)
                })
            }
            try c.addMethod("hash", types: "Q@:") { m in .int(try m.ivar("_code").intValue ?? 0) }
            // As Foundation writes it: `Error Domain=D Code=N "what" UserInfo={key=value, ...}`,
            // an underlying error as its address and its own description in braces; the keys
            // sorted, so the text is the same on every run.
            try c.addMethod("description", types: "@@:") { m in
                let described = try m.text(of: try m.send(localizedDescription, to: m.receiver))
                let entries = try m.ivar("_userInfo").dictionaryEntries ?? [:]
                let errorClass = try m.runtime.requireClass(named: "NSError")
                let info = try entries.map { key, value in
                    let text = try m.text(of: value)
                    guard let error = value.object, error.isKind(of: errorClass) else { return "\(try m.text(of: key))=\(text)" }
                    return "\(try m.text(of: key))=0x\(String(error.serial, radix: 16)) {\(text)}"
                }.sorted()
                let suffix = info.isEmpty ? "" : " UserInfo={" + info.joined(separator: ", ") + "}"
                return .string("Error Domain=\(try m.text(of: try m.ivar("_domain"))) Code=\(try m.ivar("_code")) \"\(described)\"\(suffix)")
            }
        }
    }
}
