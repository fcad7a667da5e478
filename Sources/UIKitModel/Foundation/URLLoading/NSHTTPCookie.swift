import Foundation
import Runtime

extension ClassLibrary {
    /// The names of the cookie classes the library defines.
    static let cookieClassNames = ["NSHTTPCookie", "NSHTTPCookieStorage"]

    /// `NSHTTPCookie` and `NSHTTPCookieStorage`: cookies made from properties or read from a
    /// response's `Set-Cookie` fields (RFC 6265: a host-only cookie unless a `Domain` is
    /// given, the URL's directory as the default path, `Expires` or `Max-Age`), turned back
    /// into a request's `Cookie` field, and kept in the shared storage, which answers the
    /// cookies a URL's host and path match, replaces a cookie of the same name, domain and
    /// path, drops expired ones, and keeps its accept policy. A URL's cookies come longer
    /// paths first.
    static func defineHTTPCookies(in runtime: Runtime, root: Class, environment: ModelEnvironment) throws {
        let initialize = try runtime.selector("init"), initWithProperties = try runtime.selector("initWithProperties:")
        let shared = SharedInstance()

        @Sendable func properties(_ cookie: Object, _ runtime: Runtime) throws -> [Value: Value] {
            try runtime.ivarValue("_properties", of: cookie).dictionaryEntries ?? [:]
        }
        @Sendable func property(_ cookie: Object, _ key: String, _ runtime: Runtime) throws -> Value {
            try properties(cookie, runtime)[.string(key)] ?? .nil
        }
        /// When the cookie expires, in seconds since the reference date; nil for a session cookie.
        @Sendable func expiry(_ cookie: Object, _ runtime: Runtime) throws -> Double? {
            if let maxAge = try property(cookie, "Max-Age", runtime).text.flatMap(Double.init) {
                return (try property(cookie, "Created", runtime).numberValue ?? environment.now) + maxAge
            }
            guard let expires = try property(cookie, "Expires", runtime).object else { return nil }
            return try runtime.send("timeIntervalSinceReferenceDate", to: expires).numberValue
        }

        let cookieClass = try runtime.registerLazyClass(named: "NSHTTPCookie", superclass: root) { c in
            try c.addIvar("_properties", type: .object(className: "NSDictionary"))
            // A cookie needs a name, a value and a path, and a domain or the URL it came from.
            try c.addMethod("initWithProperties:", types: "@@:@") { m in
                var given = try m.dictionaryArgument(0)
                func text(_ key: String) -> String? { given[.string(key)]?.text }
                if text("Domain") == nil, let origin = given[.string("OriginURL")] {
                    let url = origin.text.map { try? m.send("URLWithString:", to: m.runtime.requireClass(named: "NSURL"), .string($0)) } ?? origin
                    if let host = try url?.object.map({ try m.send("host", to: $0) })?.text { given[.string("Domain")] = .string(host.lowercased()) }
                }
                guard text("Name") != nil, given[.string("Value")] != nil, text("Path") != nil, text("Domain") != nil else { return .nil }
                if given[.string("Created")] == nil { given[.string("Created")] = .double(environment.now) }
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_properties", of: this, to: .dictionary(given)) }
            }
            try c.addClassMethod("cookieWithProperties:", types: "@@:@") { m in try m.allocInit(initWithProperties, Arguments(m[0])) }
            try c.addMethod("properties", types: "@@:") { m in
                .dictionary(try properties(m.receiver, m.runtime).filter { $0.key != .string("Created") })
            }
            for (name, key) in [("name", "Name"), ("value", "Value"), ("domain", "Domain"), ("path", "Path"), ("comment", "Comment")] {
                try c.addMethod(name, types: "@@:") { m in try property(m.receiver, key, m.runtime) }
            }
            try c.addMethod("expiresDate", types: "@@:") { m in
                guard let seconds = try expiry(m.receiver, m.runtime) else { return .nil }
                return try m.make("NSDate", try m.runtime.selector("initWithTimeIntervalSinceReferenceDate:"), Arguments(.double(seconds)))
            }
            try c.addMethod("isSessionOnly", types: "B@:") { m in
                .bool(try expiry(m.receiver, m.runtime) == nil || property(m.receiver, "Discard", m.runtime).text?.uppercased() == "TRUE")
            }
            for (name, key) in [("isSecure", "Secure"), ("isHTTPOnly", "HttpOnly")] {
                try c.addMethod(name, types: "B@:") { m in
                    let flag = try property(m.receiver, key, m.runtime)
                    return .bool(flag.text.map { $0.uppercased() == "TRUE" || $0.isEmpty } ?? flag.isTruthy)
                }
            }
            try c.addMethod("version", types: "Q@:") { m in .int(Int(try property(m.receiver, "Version", m.runtime).text ?? "") ?? 0) }
            try c.addMethod("isEqual:", types: "B@:@") { m in
                guard let other = try m.objectArgument(0), other.isKind(of: m.receiver.isa) || m.receiver.isKind(of: other.isa) else { return false }
                return .bool(try properties(m.receiver, m.runtime) == properties(other, m.runtime))
            }
            try c.addMethod("hash", types: "Q@:") { m in .int(try property(m.receiver, "Name", m.runtime).hashValue & Int.max) }
            try c.addMethod("description", types: "@@:") { m in
                let all = try properties(m.receiver, m.runtime)
                func text(_ key: String) -> String { all[.string(key)]?.text ?? "" }
                let session = try m.send("isSessionOnly", to: m.receiver).isTruthy ? "TRUE" : "FALSE"
                return .string("<NSHTTPCookie version:\(text("Version").isEmpty ? "0" : text("Version")) name:\"\(text("Name"))\" value:\"\(text("Value"))\" "
                    + "sessionOnly:\(session) domain:\(text("Domain")) path:\(text("Path"))>")
            }
            try c.addClassMethod("cookiesWithResponseHeaderFields:forURL:", types: "@@:@@") { m in
                let fields = try m.dictionaryArgument(0, acceptingNil: true)
                guard let url = try m.objectArgument(1) else { throw m.wrongArgument(1, expected: "the NSURL the response came from") }
                let host = try m.send("host", to: url).text?.lowercased() ?? ""
                let path = try m.send("path", to: url).text ?? ""
                var made: [Value] = []
                for (field, value) in fields where field.text?.lowercased() == "set-cookie" {
                    for header in SetCookie.split(value.text ?? "") {
                        guard let parsed = SetCookie(header, host: host, path: path) else { continue }
                        if let cookie = try m.allocInit(initWithProperties, Arguments(.dictionary(try parsed.properties(m)))).object { made.append(.object(cookie)) }
                    }
                }
                return .array(made)
            }
            try c.addClassMethod("requestHeaderFieldsWithCookies:", types: "@@:@") { m in
                let pairs = try m.arrayArgument(0).compactMap(\.object).map { cookie in
                    "\(try property(cookie, "Name", m.runtime).text ?? "")=\(try property(cookie, "Value", m.runtime).text ?? "")"
                }
                return pairs.isEmpty ? .dictionary([:]) : .dictionary([.string("Cookie"): .string(pairs.joined(separator: "; "))])
            }
        }

        /// Whether `cookie` is for `host` and `path`, and has not expired.
        @Sendable func matches(_ cookie: Object, host: String, path: String, _ runtime: Runtime) throws -> Bool {
            let domain = try property(cookie, "Domain", runtime).text?.lowercased() ?? ""
            let cookiePath = try property(cookie, "Path", runtime).text ?? "/"
            let hostMatches = domain.hasPrefix(".") ? host == domain.dropFirst() || host.hasSuffix(domain) : host == domain
            let requestPath = path.isEmpty ? "/" : path
            let pathMatches = requestPath == cookiePath || requestPath.hasPrefix(cookiePath.hasSuffix("/") ? cookiePath : cookiePath + "/")
            return try hostMatches && pathMatches && !isExpired(cookie, runtime)
        }
        @Sendable func isExpired(_ cookie: Object, _ runtime: Runtime) throws -> Bool {
            try expiry(cookie, runtime).map { $0 <= environment.now } ?? false
        }
        @Sendable func key(_ cookie: Object, _ runtime: Runtime) throws -> [String] {
            try ["Name", "Domain", "Path"].map { try property(cookie, $0, runtime).text ?? "" }
        }

        try runtime.registerLazyClass(named: "NSHTTPCookieStorage", superclass: root) { c in
            try c.addProperty(Property(name: "cookieAcceptPolicy", type: .integer(code: "Q")))
            try c.addIvar("_cookies", type: .object(className: "NSArray"))
            try c.addClassMethod("sharedHTTPCookieStorage", types: "@@:") { m in
                try shared.object { try m.allocInit(initialize).object }.map(Value.object) ?? .nil
            }
            // Stored cookies, expired ones dropped.
            @Sendable func stored(_ m: borrowing Message) throws -> [Object] {
                try m.ivar("_cookies").arrayElements.compactMap(\.object).filter { try !isExpired($0, m.runtime) }
            }
            @Sendable func store(_ cookie: Object, _ m: borrowing Message) throws {
                let replaced = try key(cookie, m.runtime)
                var kept = try stored(m).filter { try key($0, m.runtime) != replaced }
                if try !isExpired(cookie, m.runtime) { kept.append(cookie) }
                try m.setIvar("_cookies", .array(kept.map(Value.object)))
            }
            try c.addMethod("cookies", types: "@@:") { m in .array(try stored(m).map(Value.object)) }
            try c.addMethod("cookiesForURL:", types: "@@:@") { m in
                guard let url = try m.objectArgument(0) else { return .nil }
                let host = try m.send("host", to: url).text?.lowercased() ?? "", path = try m.send("path", to: url).text ?? ""
                // Longer paths first, then in the order stored, as RFC 6265 orders a Cookie field.
                let matching = try stored(m).filter { try matches($0, host: host, path: path, m.runtime) }
                let lengths = try matching.map { try property($0, "Path", m.runtime).text?.count ?? 0 }
                return .array(matching.indices.sorted { (lengths[$0], -$0) > (lengths[$1], -$1) }.map { .object(matching[$0]) })
            }
            try c.addMethod("setCookie:", types: "v@:@") { m in
                guard let cookie = try m.objectArgument(0), cookie.isKind(of: cookieClass) else { throw m.wrongArgument(0, expected: "an NSHTTPCookie") }
                if try m.ivar("_cookieAcceptPolicy").intValue != 1 { try store(cookie, m) }
                return .nil
            }
            // NSHTTPCookieAcceptPolicyNever (1) takes none; OnlyFromMainDocumentDomain (2)
            // only those for the main document's domain, when there is one.
            try c.addMethod("setCookies:forURL:mainDocumentURL:", types: "v@:@@@") { m in
                let policy = try m.ivar("_cookieAcceptPolicy").intValue ?? 0
                guard policy != 1 else { return .nil }
                let mainHost = try m.objectArgument(2).map { try m.send("host", to: $0).text?.lowercased() ?? "" }
                for cookie in try m.arrayArgument(0).compactMap(\.object) {
                    if policy == 2, let mainHost {
                        let domain = try property(cookie, "Domain", m.runtime).text?.lowercased() ?? ""
                        let base = domain.hasPrefix(".") ? String(domain.dropFirst()) : domain
                        guard mainHost == base || mainHost.hasSuffix("." + base) || base.hasSuffix("." + mainHost) else { continue }
                    }
                    try store(cookie, m)
                }
                return .nil
            }
            try c.addMethod("deleteCookie:", types: "v@:@") { m in
                guard let cookie = try m.objectArgument(0) else { return .nil }
                let removed = try key(cookie, m.runtime)
                try m.setIvar("_cookies", .array(try stored(m).filter { try key($0, m.runtime) != removed }.map(Value.object)))
                return .nil
            }
            try c.addMethod("removeCookiesSinceDate:", types: "v@:@") { m in
                guard let date = try m.objectArgument(0), let since = try m.send("timeIntervalSinceReferenceDate", to: date).numberValue else { return .nil }
                try m.setIvar("_cookies", .array(try stored(m).filter { try (property($0, "Created", m.runtime).numberValue ?? 0) < since }.map(Value.object)))
                return .nil
            }
            try c.addMethod("sortedCookiesUsingDescriptors:", types: "@@:@") { m in
                try m.send("sortedArrayUsingDescriptors:", toValue: .array(try stored(m).map(Value.object)), m[0])
            }
        }
    }
}

/// One cookie of a `Set-Cookie` field, as RFC 6265 reads it.
struct SetCookie {
    var name: String
    var value: String
    var domain: String
    var path: String
    var attributes: [String: String] = [:]

    /// The cookies of a field that joins several with commas, as Foundation's dictionary of
    /// header fields joins repeated ones: a comma inside an `Expires` date does not split.
    static func split(_ field: String) -> [String] {
        var cookies: [String] = []
        for piece in field.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            if let last = cookies.last, last.lowercased().range(of: #"expires=\s*[a-z]{3,9}$"#, options: .regularExpression) != nil {
                cookies[cookies.count - 1] = last + "," + piece
            } else {
                cookies.append(piece)
            }
        }
        return cookies.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The cookie `header` sets for a response from `host` at `path`; nil without a name.
    init?(_ header: String, host: String, path requestPath: String) {
        let parts = header.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let pair = parts.first, let equals = pair.firstIndex(of: "=") else { return nil }
        name = String(pair[..<equals]).trimmingCharacters(in: .whitespaces)
        value = String(pair[pair.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return nil }
        domain = host
        // The default path: the request path up to, not including, its last slash.
        let directory = requestPath.hasPrefix("/") ? String(requestPath[..<(requestPath.lastIndex(of: "/") ?? requestPath.startIndex)]) : ""
        path = directory.isEmpty ? "/" : directory
        for attribute in parts.dropFirst() where !attribute.isEmpty {
            let (key, text) = attribute.firstIndex(of: "=").map {
                (String(attribute[..<$0]).trimmingCharacters(in: .whitespaces), String(attribute[attribute.index(after: $0)...]).trimmingCharacters(in: .whitespaces))
            } ?? (attribute, "")
            switch key.lowercased() {
            case "domain" where !text.isEmpty: domain = "." + text.lowercased().drop { $0 == "." }
            case "path" where text.hasPrefix("/"): path = text
            case "expires": attributes["Expires"] = text
            case "max-age": attributes["Max-Age"] = text
            case "secure": attributes["Secure"] = "TRUE"
            case "httponly": attributes["HttpOnly"] = "TRUE"
            case "comment": attributes["Comment"] = text
            case "version": attributes["Version"] = text
            case "samesite": attributes["SameSite"] = text
            default: break
            }
        }
    }

    /// The properties `+[NSHTTPCookie cookieWithProperties:]` takes for this cookie; an
    /// `Expires` date Foundation reads becomes an `NSDate`, one it cannot is dropped.
    func properties(_ m: borrowing Message) throws -> [Value: Value] {
        var made: [Value: Value] = [.string("Name"): .string(name), .string("Value"): .string(value), .string("Domain"): .string(domain), .string("Path"): .string(path)]
        for (key, text) in attributes where key != "Expires" { made[.string(key)] = .string(text) }
        if let text = attributes["Expires"], let date = Self.date(text) { made[.string("Expires")] = try ClassLibrary.makeDate(date, m) }
        return made
    }

    /// A cookie date in the forms servers send: RFC 1123, RFC 850 and asctime.
    static func date(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE, dd-MMM-yyyy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
