import Foundation
import Runtime

extension ClassLibrary {
    /// NSString's path methods (`stringByAppendingPathComponent:`, `lastPathComponent`,
    /// `pathExtension`...), with Foundation's rules for slashes: a trailing slash is
    /// dropped, `//` reads as `/`, and an extension is what follows the last dot of the last
    /// component. `~` expands to the model's home directory, `/var/mobile`, as on a device.
    static func addPathMethods(to c: inout ClassBuilder, text: @escaping @Sendable (borrowing Message) -> String) throws {
        func path(_ name: String, _ transform: @escaping @Sendable (NSString) -> String) throws {
            try c.addMethod(name, types: "@@:") { m in .string(transform(text(m) as NSString)) }
        }
        func pathWithArgument(_ name: String, _ transform: @escaping @Sendable (NSString, String) -> String?) throws {
            try c.addMethod(name, types: "@@:@") { m in transform(text(m) as NSString, try m.stringArgument(0)).map(Value.string) ?? .nil }
        }
        try path("lastPathComponent") { $0.lastPathComponent }
        try path("pathExtension") { $0.pathExtension }
        try path("stringByDeletingLastPathComponent") { $0.deletingLastPathComponent }
        try path("stringByDeletingPathExtension") { $0.deletingPathExtension }
        try path("stringByStandardizingPath") { $0.standardizingPath }
        try path("stringByExpandingTildeInPath") { string in
            let text = string as String
            guard text == "~" || text.hasPrefix("~/") else { return text }
            return homeDirectory + text.dropFirst()
        }
        try pathWithArgument("stringByAppendingPathComponent:") { appending($1, to: $0 as String) }
        // Nil for an extension Foundation refuses (one holding a slash), as it answers.
        try pathWithArgument("stringByAppendingPathExtension:") { $0.appendingPathExtension($1) }
        try c.addMethod("pathComponents", types: "@@:") { m in .array((text(m) as NSString).pathComponents.map(Value.string)) }
        try c.addMethod("isAbsolutePath", types: "B@:") { m in .bool(text(m).hasPrefix("/") || text(m).hasPrefix("~")) }
    }

    /// `component` after `path` and a slash, with runs of slashes read as one and no
    /// trailing slash, as Foundation joins them: `return` and `/yes` make `return/yes`
    /// (corelibs Foundation keeps both slashes).
    static func appending(_ component: String, to path: String) -> String {
        let joined = path.isEmpty ? component : component.isEmpty ? path : path + "/" + component
        var result = ""
        for character in joined where !(character == "/" && result.last == "/") { result.append(character) }
        if result.count > 1, result.last == "/" { result.removeLast() }
        return result
    }

    /// The model's home directory, what `~` expands to: a device's, the same on every machine.
    static let homeDirectory = "/var/mobile"
}
