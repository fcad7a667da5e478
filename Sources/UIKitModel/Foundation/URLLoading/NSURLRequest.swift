import Runtime

extension ClassLibrary {
    /// `NSURLRequest` and `NSMutableURLRequest`: a URL, an HTTP method (GET unless set),
    /// header fields (matched without regard to case, as HTTP's are), a body or a body
    /// stream, a timeout (60 seconds), a cache policy, cookie handling (on unless set off),
    /// and the properties `NSURLProtocol` keeps in a request. Only the mutable class changes.
    /// Requests are equal when they ask for the same: URL, method, fields and body.
    static func defineNSURLRequest(in runtime: Runtime, root: Class) throws {
        let initWithURL = try runtime.selector("initWithURL:"), initialize = try runtime.selector("init")
        // The settings a mutable request sets with a setter of its own name.
        let extras: [(name: String, type: ObjCType, encoding: String)] = [
            ("HTTPShouldHandleCookies", .bool, "B"), ("HTTPShouldUsePipelining", .bool, "B"), ("allowsCellularAccess", .bool, "B"),
            ("mainDocumentURL", .object(className: "NSURL"), "@"), ("HTTPBodyStream", .object(className: "NSInputStream"), "@"),
            ("networkServiceType", .integer(code: "Q"), "Q"),
        ]
        let copyAs: @Sendable (borrowing Message, String) throws -> Value = { m, className in
            let copy = try m.make(className, initialize)
            for name in ["_URL", "_HTTPMethod", "_allHTTPHeaderFields", "_HTTPBody", "_timeoutInterval", "_cachePolicy"] + extras.map({ "_" + $0.name }) + ["_protocolProperties"] {
                try m.runtime.setIvar(name, of: copy.object, to: try m.ivar(name))
            }
            return copy
        }
        let request = try runtime.registerLazyClass(named: "NSURLRequest", superclass: root) { c in
            try c.addProperty(Property(name: "URL", type: .object(className: "NSURL"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "HTTPMethod", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "allHTTPHeaderFields", type: .object(className: "NSDictionary"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "HTTPBody", type: .object(className: "NSData"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "timeoutInterval", type: .double, attributes: [.readOnly]))
            try c.addProperty(Property(name: "cachePolicy", type: .integer(code: "Q"), attributes: [.readOnly]))
            for (name, type, encoding) in extras {
                try c.addProperty(Property(name: name, type: type, attributes: encoding == "@" ? [.readOnly, .strong] : [.readOnly]))
            }
            try c.addIvar("_protocolProperties", type: .object(className: "NSDictionary"))
            try c.addMethod("init", types: "@@:") { m in try m.send(initWithURL, to: m.receiver, Arguments(.nil)) }
            try c.addMethod("initWithURL:", types: "@@:@") { m in
                let url = try m.objectArgument(0).map(Value.object) ?? .nil
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, [
                        "_URL": url, "_HTTPMethod": "GET", "_timeoutInterval": .double(60), "_HTTPShouldHandleCookies": true, "_allowsCellularAccess": true,
                    ])
                }
            }
            try c.addMethod("initWithURL:cachePolicy:timeoutInterval:", types: "@@:@Qd") { m in
                let policy = try m.integerArgument(1), timeout = try m.numberArgument(2)
                guard let this = try m.send(initWithURL, to: m.receiver, Arguments(m[0])).object else { return .nil }
                try m.runtime.setIvars(of: this, ["_cachePolicy": .int(policy), "_timeoutInterval": .double(timeout)])
                return .object(this)
            }
            try c.addClassMethod("requestWithURL:", types: "@@:@") { m in try m.allocInit(initWithURL, Arguments(m[0])) }
            try c.addClassMethod("requestWithURL:cachePolicy:timeoutInterval:", types: "@@:@Qd") { m in
                try m.allocInit(try m.runtime.selector("initWithURL:cachePolicy:timeoutInterval:"), Arguments([m[0], m[1], m[2]]))
            }
            try c.addMethod("valueForHTTPHeaderField:", types: "@@:@") { m in
                let field = try m.stringArgument(0).lowercased()
                guard case .dictionary(let headers) = try m.ivar("_allHTTPHeaderFields") else { return .nil }
                return headers.first { ($0.key.stringValue ?? "").lowercased() == field }?.value ?? .nil
            }
            try c.addMethod("isEqual:", types: "B@:@") { m in
                guard let other = try m.objectArgument(0), let requestClass = m.runtime.class(named: "NSURLRequest"), other.isKind(of: requestClass) else { return false }
                for name in ["URL", "HTTPMethod", "allHTTPHeaderFields", "HTTPBody"] {
                    let (mine, theirs) = (try m.send(name, to: m.receiver), try m.send(name, to: other))
                    let same = try mine == theirs || mine.object.map { try m.send("isEqual:", to: $0, theirs).isTruthy } ?? false
                    guard same else { return false }
                }
                return true
            }
            try c.addMethod("hash", types: "Q@:") { m in
                try m.ivar("_URL").object.map { try m.send("hash", to: $0) } ?? .int(0)
            }
            try c.addMethod("copy", types: "@@:") { m in try m.copy(ofImmutable: "NSURLRequest") { try copyAs(m, "NSURLRequest") } }
            try c.addMethod("mutableCopy", types: "@@:") { m in try copyAs(m, "NSMutableURLRequest") }
            try c.addMethod("description", types: "@@:") { m in
                .string("<\(m.receiver.isa.name): 0x\(String(m.receiver.serial, radix: 16))> { URL: \(try m.text(of: try m.ivar("_URL"))) }")
            }
        }
        try runtime.registerLazyClass(named: "NSMutableURLRequest", superclass: request) { c in
            try c.addMethod("setURL:", types: "v@:@") { m in
                try m.setIvar("_URL", try m.objectArgument(0).map(Value.object) ?? .nil)
                return .nil
            }
            try c.addMethod("setHTTPMethod:", types: "v@:@") { m in
                try m.setIvar("_HTTPMethod", .string(try m.stringArgument(0)))
                return .nil
            }
            try c.addMethod("setHTTPBody:", types: "v@:@") { m in
                try m.setIvar("_HTTPBody", try m.objectArgument(0).map(Value.object) ?? .nil)
                return .nil
            }
            try c.addMethod("setTimeoutInterval:", types: "v@:d") { m in
                try m.setIvar("_timeoutInterval", .double(try m.numberArgument(0)))
                return .nil
            }
            try c.addMethod("setCachePolicy:", types: "v@:Q") { m in
                try m.setIvar("_cachePolicy", .int(try m.integerArgument(0)))
                return .nil
            }
            for (name, _, encoding) in extras {
                let setter = "set" + name.prefix(1).uppercased() + name.dropFirst() + ":"
                try c.addMethod(setter, types: "v@:" + encoding) { m in
                    try m.setIvar("_" + name, encoding == "B" ? .bool(m[0].isTruthy) : m[0])
                    return .nil
                }
            }
            try c.addMethod("setAllHTTPHeaderFields:", types: "v@:@") { m in
                guard m[0] != .nil else { try m.setIvar("_allHTTPHeaderFields", .nil); return .nil }
                // A mutable dictionary is copied as it holds its fields now, as Foundation copies them.
                guard let fields = m[0].dictionaryEntries else { throw m.wrongArgument(0, expected: "a dictionary of header fields") }
                try m.setIvar("_allHTTPHeaderFields", .dictionary(fields))
                return .nil
            }
            // Setting nil removes the field; adding to one that is there joins the values with a comma, as HTTP does.
            for (name, adds) in [("setValue:forHTTPHeaderField:", false), ("addValue:forHTTPHeaderField:", true)] {
                try c.addMethod(name, types: "v@:@@") { m in
                    let value = try m.optionalStringArgument(0), field = try m.stringArgument(1)
                    var headers: [Value: Value] = if case .dictionary(let all) = try m.ivar("_allHTTPHeaderFields") { all } else { [:] }
                    let existing = headers.keys.first { ($0.stringValue ?? "").lowercased() == field.lowercased() }
                    let key = existing ?? .string(field)
                    switch (value, adds, existing.flatMap { headers[$0]?.stringValue }) {
                    case (nil, false, _): headers.removeValue(forKey: key)
                    case (nil, true, _): break
                    case (let value?, true, let old?): headers[key] = .string(old + "," + value)
                    case (let value?, _, _): headers[key] = .string(value)
                    }
                    try m.setIvar("_allHTTPHeaderFields", headers.isEmpty ? .nil : .dictionary(headers))
                    return .nil
                }
            }
        }
    }
}

extension Value {
    /// The string this value holds, or nil.
    var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }
}
