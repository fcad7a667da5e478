import Foundation
import Runtime

extension ClassLibrary {
    /// `NSURL`: a URL string and its parts, parsed as RFC 3986 reads them. `URLWithString:`
    /// answers nil for a string that is not a URL (a space or other character a URL cannot
    /// hold unescaped, a malformed escape or scheme). `path` and `lastPathComponent` are
    /// unescaped, as Foundation's are. URLs are equal when their strings are, and describe
    /// themselves as their string. `container` is the app's, whose directories
    /// `fileURLWithPath:` knows.
    static func defineNSURL(in runtime: Runtime, root: Class, container: AppContainer) throws {
        let initWithString = try runtime.selector("initWithString:"), initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "NSURL", superclass: root) { c in
            try c.addProperty(Property(name: "absoluteString", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            @Sendable func parts(_ m: borrowing Message) throws -> URLParts {
                guard case .string(let text) = try m.ivar("_absoluteString"), let parsed = URLParts(text) else { return URLParts.empty }
                return parsed
            }
            @Sendable func made(_ m: borrowing Message, _ text: String) throws -> Value {
                try m.make("NSURL", initWithString, Arguments(.string(text)))
            }
            try c.addMethod("initWithString:", types: "@@:@") { m in
                guard let text = try m.optionalStringArgument(0), URLParts(text) != nil else { return .nil }
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_absoluteString", of: this, to: .string(text)) }
            }
            try c.addClassMethod("URLWithString:", types: "@@:@") { m in try m.allocInit(initWithString, Arguments(m[0])) }
            // A string relative to a base URL, resolved as RFC 3986 resolves it: the URL is
            // the resolved one, and keeps its base and the string it was given.
            try c.addIvar("_baseURL", type: .object(className: "NSURL"))
            try c.addIvar("_relativeString", type: .object(className: "NSString"))
            try c.addMethod("initWithString:relativeToURL:", types: "@@:@@") { m in
                guard let base = try m.objectArgument(1), case .string(let baseText) = try m.runtime.ivarValue("_absoluteString", of: base) else {
                    return try m.send(initWithString, to: m.receiver, Arguments(m[0]))
                }
                // Swift's URL refuses the empty string, which refers to the base itself.
                guard let text = try m.optionalStringArgument(0), URLParts(text) != nil,
                      let resolved = text.isEmpty ? baseText : URL(string: text, relativeTo: URL(string: baseText))?.absoluteString else { return .nil }
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_absoluteString": .string(resolved), "_baseURL": .object(base), "_relativeString": .string(text)])
                }
            }
            try c.addClassMethod("URLWithString:relativeToURL:", types: "@@:@@") { m in
                try m.allocInit(try m.runtime.selector("initWithString:relativeToURL:"), Arguments(m[0], m[1]))
            }
            try c.addMethod("baseURL", types: "@@:") { m in try m.ivar("_baseURL") }
            try c.addMethod("relativeString", types: "@@:") { m in
                let relative = try m.ivar("_relativeString")
                return relative == .nil ? try m.ivar("_absoluteString") : relative
            }
            for (name, directory) in [("fileURLWithPath:", false), ("fileURLWithPath:isDirectory:", true)] {
                let initializer = "initFileURLWithPath:" + (directory ? "isDirectory:" : "")
                let initializerSelector = try c.runtime.selector(initializer)
                // A relative path stays relative (`file:./Tests/a.png`), read from where rtsh
                // runs as every relative path is: the tree's own files and `__FILE__` keep the
                // paths rtsh reports, where one taken from the root would name no file.
                try c.addMethod(initializer, types: directory ? "@@:@B" : "@@:@") { m in
                    var path = try m.stringArgument(0)
                    // Without `isDirectory:`, the file system tells, as Foundation asks it: a
                    // directory there (in the app's container or on the disk) gets its trailing slash.
                    let names = directory ? m[1].isTruthy : FileResources.kind(at: path, in: container).isDirectory
                    if names, !path.hasSuffix("/") { path += "/" }
                    let prefix = path.hasPrefix("/") ? "file://" : "file:"
                    return try m.send(initWithString, to: m.receiver, Arguments(.string(prefix + URLParts.escapePath(path))))
                }
                try c.addClassMethod(name, types: directory ? "@@:@B" : "@@:@") { m in try m.allocInit(initializerSelector, Arguments(Array(m.arguments))) }
            }
            // A relative path against a base directory's URL (`relativeToURL:`), as a relative
            // reference to it; an absolute path ignores the base, as Foundation's does.
            for (name, directory) in [("fileURLWithPath:relativeToURL:", false), ("fileURLWithPath:isDirectory:relativeToURL:", true)] {
                let initializer = directory ? "initFileURLWithPath:isDirectory:relativeToURL:" : "initFileURLWithPath:relativeToURL:"
                let initializerSelector = try c.runtime.selector(initializer)
                try c.addMethod(initializer, types: directory ? "@@:@B@" : "@@:@@") { m in
                    var path = try m.stringArgument(0)
                    let base = m[directory ? 2 : 1]
                    guard !path.hasPrefix("/"), base != .nil else {
                        let plain = try m.runtime.selector(directory ? "initFileURLWithPath:isDirectory:" : "initFileURLWithPath:")
                        return try m.send(plain, to: m.receiver, Arguments(directory ? [m[0], m[1]] : [m[0]]))
                    }
                    if directory, m[1].isTruthy, !path.hasSuffix("/") { path += "/" }
                    return try m.send(try m.runtime.selector("initWithString:relativeToURL:"), to: m.receiver, Arguments(.string(URLParts.escapePath(path)), base))
                }
                try c.addClassMethod(name, types: directory ? "@@:@B@" : "@@:@@") { m in try m.allocInit(initializerSelector, Arguments(Array(m.arguments))) }
            }
            // A C string path, as `fileSystemRepresentation` gives one: the path's URL.
            let pathURL = try c.runtime.selector("initFileURLWithPath:isDirectory:relativeToURL:")
            try c.addMethod("initFileURLWithFileSystemRepresentation:isDirectory:relativeToURL:", types: "@@:r*B@") { m in
                try m.send(pathURL, to: m.receiver, Arguments([.string(try m.cStringArgument(0)), m[1], m[2]]))
            }
            try c.addClassMethod("fileURLWithFileSystemRepresentation:isDirectory:relativeToURL:", types: "@@:r*B@") { m in
                try m.allocInit(try m.runtime.selector("initFileURLWithFileSystemRepresentation:isDirectory:relativeToURL:"), Arguments(Array(m.arguments)))
            }
            try c.addMethod("scheme", types: "@@:") { m in try parts(m).scheme.map(Value.string) ?? .nil }
            try c.addMethod("host", types: "@@:") { m in try parts(m).host.map(Value.string) ?? .nil }
            try c.addMethod("port", types: "@@:") { m in try parts(m).port.map(Value.int) ?? .nil }
            try c.addMethod("query", types: "@@:") { m in try parts(m).query.map(Value.string) ?? .nil }
            try c.addMethod("fragment", types: "@@:") { m in try parts(m).fragment.map(Value.string) ?? .nil }
            try c.addMethod("path", types: "@@:") { m in .string(try parts(m).decodedPath) }
            // A file URL's path as a C string; NULL for any other URL, as Foundation answers.
            try c.addMethod("fileSystemRepresentation", types: "r*@:") { m in
                let parts = try parts(m)
                return parts.scheme?.lowercased() == "file" ? .string(parts.decodedPath) : .nil
            }
            try c.addMethod("pathComponents", types: "@@:") { m in .array(try parts(m).pathComponents.map(Value.string)) }
            try c.addMethod("lastPathComponent", types: "@@:") { m in .string(try parts(m).pathComponents.last ?? "") }
            try c.addMethod("pathExtension", types: "@@:") { m in
                let last = try parts(m).pathComponents.last ?? ""
                guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return "" }
                return .string(String(last[last.index(after: dot)...]))
            }
            try c.addMethod("isFileURL", types: "B@:") { m in .bool(try parts(m).scheme?.lowercased() == "file") }
            // A relative URL's absolute form is a URL of its own, with no base.
            try c.addMethod("absoluteURL", types: "@@:") { m in
                guard try m.ivar("_baseURL") != .nil else { return .object(m.receiver) }
                return try made(m, try m.ivar("_absoluteString").text ?? "")
            }
            try c.addMethod("URLByAppendingPathComponent:", types: "@@:@") { m in
                try made(m, try parts(m).appending(component: try m.stringArgument(0)))
            }
            try c.addMethod("URLByAppendingPathComponent:isDirectory:", types: "@@:@B") { m in
                try made(m, try parts(m).appending(component: try m.stringArgument(0), isDirectory: m[1].isTruthy))
            }
            // The components joined as a path: the first is the root ("/") or starts with one.
            try c.addClassMethod("fileURLWithPathComponents:", types: "@@:@") { m in
                let strings = m[0].arrayElements.compactMap(\.text)
                guard case .array(let elements) = m[0], strings.count == elements.count else {
                    throw m.wrongArgument(0, expected: "an array of path components, each a string, such as @[@\"/\", @\"tmp\"]")
                }
                let components = strings
                guard !components.isEmpty else { return .nil }
                let path = components.reduce("") { path, component in
                    path.isEmpty ? component : (path.hasSuffix("/") ? path : path + "/") + (component.hasPrefix("/") ? String(component.dropFirst()) : component)
                }
                return try m.allocInit(try m.runtime.selector("initFileURLWithPath:"), Arguments(.string(path)))
            }
            try c.addMethod("URLByAppendingPathExtension:", types: "@@:@") { m in
                try made(m, try parts(m).appending(extension: try m.stringArgument(0)))
            }
            try c.addMethod("URLByDeletingLastPathComponent", types: "@@:") { m in try made(m, try parts(m).deletingLastComponent()) }
            // A file URL's path standardized as `stringByStandardizingPath` does it (`..` and `.`
            // taken out, symbolic links resolved); any other URL is answered as it is.
            for name in ["URLByStandardizingPath", "URLByResolvingSymlinksInPath"] {
                try c.addMethod(name, types: "@@:") { m in
                    let parts = try parts(m)
                    guard parts.scheme?.lowercased() == "file", parts.decodedPath.hasPrefix("/") else { return .object(m.receiver) }
                    let isDirectory = parts.path.count > 1 && parts.path.hasSuffix("/")
                    let path = (parts.decodedPath as NSString).standardizingPath
                    return try m.make("NSURL", try m.runtime.selector("initFileURLWithPath:isDirectory:"), Arguments(.string(path), .bool(isDirectory)))
                }
            }
            try c.addMethod("isEqual:", types: "B@:@") { m in
                guard let other = m[0].object, let url = m.runtime.class(named: "NSURL"), other.isKind(of: url) else { return false }
                return .bool(try m.runtime.ivarValue("_absoluteString", of: other) == (try m.ivar("_absoluteString")))
            }
            try c.addMethod("hash", types: "Q@:") { m in
                guard case .string(let text) = try m.ivar("_absoluteString") else { return 0 }
                return .int(text.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) })
            }
            try c.addMethod("copy", types: "@@:") { m in .object(m.receiver) }
            // A relative URL describes itself as Foundation's does: `get -- https://host/`.
            try c.addMethod("description", types: "@@:") { m in
                guard case .object(let base) = try m.ivar("_baseURL"), case .string(let relative) = try m.ivar("_relativeString") else {
                    return try m.ivar("_absoluteString")
                }
                return .string("\(relative) -- \(try m.runtime.ivarValue("_absoluteString", of: base).text ?? "")")
            }
        }
    }
}

/// A URL's parts, as RFC 3986 splits `scheme://authority/path?query#fragment`.
struct URLParts {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    static let empty = URLParts(scheme: nil, authority: nil, path: "", query: nil, fragment: nil)

    /// The characters a URL may hold unescaped: unreserved, reserved, and `%` for escapes.
    private static let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%".unicodeScalars)

    /// Nil when `text` is not a URL. The empty string is one, a relative reference to the
    /// base itself, as Foundation's `URLWithString:` reads it (Swift's `URL(string:)` alone
    /// refuses it).
    init?(_ text: String) {
        guard text.unicodeScalars.allSatisfy(Self.allowed.contains), Self.escapesAreWellFormed(text) else { return nil }
        var rest = Substring(text)
        if let colon = rest.firstIndex(of: ":"), !rest[..<colon].contains(where: { "/?#".contains($0) }) {
            let candidate = rest[..<colon]
            guard let first = candidate.first, first.isLetter,
                  candidate.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else { return nil }
            scheme = String(candidate)
            rest = rest[rest.index(after: colon)...]
        }
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[..<end])
            rest = rest[end...]
        }
        path = String(rest)
    }

    init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        (self.scheme, self.authority, self.path, self.query, self.fragment) = (scheme, authority, path, query, fragment)
    }

    private static func escapesAreWellFormed(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == "%" {
            guard index + 2 < scalars.count, scalars[index + 1].properties.isASCIIHexDigit, scalars[index + 2].properties.isASCIIHexDigit else { return false }
        }
        return true
    }

    /// The host: the authority without user information, port or IPv6 brackets.
    var host: String? {
        guard let authority else { return nil }
        var host = Substring(authority)
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") { return String(host[host.index(after: host.startIndex)..<close]) }
        if let colon = host.lastIndex(of: ":") { host = host[..<colon] }
        return host.isEmpty ? nil : String(host)
    }

    var port: Int? {
        guard let authority, let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") else { return nil }
        return Int(authority[authority.index(after: colon)...])
    }

    /// The path unescaped, without a trailing slash (but `/` itself), as NSURL answers it.
    var decodedPath: String {
        var decoded = Self.unescape(path)
        if decoded.count > 1, decoded.hasSuffix("/") { decoded.removeLast() }
        return decoded
    }

    var pathComponents: [String] {
        let decoded = Self.unescape(path)
        guard !decoded.isEmpty else { return [] }
        let names = decoded.split(separator: "/").map(String.init)
        return decoded.hasPrefix("/") ? ["/"] + names : names
    }

    var string: String {
        (scheme.map { $0 + ":" } ?? "") + (authority.map { "//" + $0 } ?? "") + path + (query.map { "?" + $0 } ?? "") + (fragment.map { "#" + $0 } ?? "")
    }

    /// The URL with `component` appended to its path; a directory's ends with a slash.
    func appending(component: String, isDirectory: Bool = false) -> String {
        var copy = self
        let trimmed = component.hasPrefix("/") ? String(component.dropFirst()) : component
        copy.path = (path.hasSuffix("/") ? path : path + "/") + Self.escapePath(trimmed)
        if isDirectory, !copy.path.hasSuffix("/") { copy.path += "/" }
        return copy.string
    }

    func appending(extension pathExtension: String) -> String {
        var copy = self
        let slash = path.hasSuffix("/") && path.count > 1
        copy.path = (slash ? String(path.dropLast()) : path) + "." + Self.escapePath(pathExtension) + (slash ? "/" : "")
        return copy.string
    }

    func deletingLastComponent() -> String {
        var copy = self
        var trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        if let slash = trimmed.lastIndex(of: "/") { trimmed = String(trimmed[...slash]) } else { trimmed = "" }
        copy.path = trimmed.isEmpty && authority != nil ? "/" : trimmed
        return copy.string
    }

    /// `text` with what a path cannot hold unescaped written as `%XX` (UTF-8).
    static func escapePath(_ text: String) -> String {
        let safe = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/!$&'()*+,;=:@".unicodeScalars)
        var result = ""
        for scalar in text.unicodeScalars {
            if safe.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 { result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true) }
            }
        }
        return result
    }

    /// `%XX` escapes decoded as UTF-8; a sequence that is not UTF-8 is left as it was.
    static func unescape(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? text
    }
}
