import Runtime
import Synchronization

extension ClassLibrary {
    /// `UIPasteboard`: the general pasteboard and named ones, each a list of items, an item
    /// a dictionary from a type (`public.utf8-plain-text`, `public.url`, `public.png`) to its
    /// value. The `string`, `URL` and `image` properties (and their plurals) read and write
    /// the items of their type; every change counts in `changeCount` and posts
    /// `UIPasteboardChangedNotification`. A pasteboard lives as long as the class library:
    /// the general one and named ones are found again by name, as the system keeps them.
    static func definePasteboard(in runtime: Runtime, root: Class) throws {
        let named = Mutex<[String: Object]>([:])
        let uniqueNames = Atomic<Int>(0)
        let stringType = "public.utf8-plain-text", urlType = "public.url", imageType = "public.png"
        @Sendable func pasteboard(named name: String, creating: Bool, _ m: borrowing Message) throws -> Value {
            if let existing = named.withLock({ $0[name] }) { return .object(existing) }
            guard creating, let made = try m.send("new", to: m.receiver).object else { return .nil }
            try m.runtime.setIvar("_name", of: made, to: .string(name))
            return .object(named.withLock { table in
                if let raced = table[name] { return raced }
                table[name] = made
                return made
            })
        }
        /// The dictionaries in an array of items; anything else in it is no item.
        @Sendable func dictionaries(in items: Value) -> [[Value: Value]] {
            items.arrayContents?.compactMap { if case .dictionary(let item) = $0 { item } else { nil } } ?? []
        }
        @Sendable func items(_ m: borrowing Message) throws -> [[Value: Value]] {
            dictionaries(in: try m.ivar("_items"))
        }
        @Sendable func setItems(_ items: [[Value: Value]], _ m: borrowing Message) throws -> Value {
            try m.setIvar("_items", .array(items.map(Value.dictionary)))
            try m.setIvar("_changeCount", .int((try m.ivar("_changeCount").intValue ?? 0) + 1))
            let center = try m.send("defaultCenter", to: m.runtime.requireClass(named: "NSNotificationCenter")).object
            try m.send("postNotificationName:object:", to: center, .string("UIPasteboardChangedNotification"), .object(m.receiver))
            return .nil
        }
        /// The values of `type` in every item, in order.
        @Sendable func values(of type: String, _ m: borrowing Message) throws -> [Value] {
            try items(m).compactMap { $0[.string(type)] }
        }
        /// Replaces every item with one per value, of `type`: what the typed setters do.
        @Sendable func set(_ type: String, to given: Value, plural: Bool, _ m: borrowing Message) throws -> Value {
            let list = plural ? (given.arrayContents ?? []) : (given == .nil ? [] : [given])
            return try setItems(list.map { [.string(type): $0] }, m)
        }
        try runtime.registerLazyClass(named: "UIPasteboard", superclass: root) { c in
            try c.addIvar("_items", type: .object(className: "NSArray"))
            try c.addIvar("_changeCount", type: .integer(code: "q"))
            try c.addIvar("_name", type: .object(className: "NSString"))
            try c.addClassMethod("generalPasteboard", types: "@@:") { m in try pasteboard(named: "com.apple.UIKit.pboard.general", creating: true, m) }
            try c.addClassMethod("pasteboardWithName:create:", types: "@@:@B") { m in
                try pasteboard(named: try m.stringArgument(0), creating: m[1].isTruthy, m)
            }
            try c.addClassMethod("pasteboardWithUniqueName", types: "@@:") { m in
                try pasteboard(named: "rtsh.pboard.\(uniqueNames.add(1, ordering: .relaxed).newValue)", creating: true, m)
            }
            try c.addClassMethod("removePasteboardWithName:", types: "v@:@") { m in
                let name = try m.stringArgument(0)
                _ = named.withLock { $0.removeValue(forKey: name) }
                return .nil
            }
            try c.addMethod("name", types: "@@:") { m in try m.ivar("_name") }
            try c.addMethod("changeCount", types: "q@:") { m in .int(try m.ivar("_changeCount").intValue ?? 0) }
            try c.addMethod("numberOfItems", types: "q@:") { m in .int(try items(m).count) }
            try c.addMethod("items", types: "@@:") { m in .array(try items(m).map(Value.dictionary)) }
            try c.addMethod("setItems:", types: "v@:@") { m in
                try setItems(dictionaries(in: m[0]), m)
            }
            try c.addMethod("addItems:", types: "v@:@") { m in
                try setItems(try items(m) + dictionaries(in: m[0]), m)
            }
            for (singular, plural, type) in [("string", "strings", stringType), ("URL", "URLs", urlType), ("image", "images", imageType)] {
                let capitalized = singular.prefix(1).uppercased() + singular.dropFirst()
                let pluralCapitalized = plural.prefix(1).uppercased() + plural.dropFirst()
                try c.addMethod(singular, types: "@@:") { m in try values(of: type, m).first ?? .nil }
                try c.addMethod("set\(capitalized):", types: "v@:@") { m in try set(type, to: m[0], plural: false, m) }
                try c.addMethod(plural, types: "@@:") { m in
                    let found = try values(of: type, m)
                    return found.isEmpty ? .nil : .array(found)
                }
                try c.addMethod("set\(pluralCapitalized):", types: "v@:@") { m in try set(type, to: m[0], plural: true, m) }
                try c.addMethod("has\(pluralCapitalized)", types: "B@:") { m in .bool(try !values(of: type, m).isEmpty) }
            }
            for selector in ["setValue:forPasteboardType:", "setData:forPasteboardType:"] {
                try c.addMethod(selector, types: "v@:@@") { m in try setItems([[.string(try m.stringArgument(1)): m[0]]], m) }
            }
            for selector in ["valueForPasteboardType:", "dataForPasteboardType:"] {
                try c.addMethod(selector, types: "@@:@") { m in try values(of: try m.stringArgument(0), m).first ?? .nil }
            }
            try c.addMethod("pasteboardTypes", types: "@@:") { m in
                var seen: [Value] = []
                for item in try items(m) {
                    for key in item.keys.sorted(by: { $0.description < $1.description }) where !seen.contains(key) { seen.append(key) }
                }
                return .array(seen)
            }
            try c.addMethod("containsPasteboardTypes:", types: "B@:@") { m in
                let wanted = Set(m[0].arrayContents ?? [])
                return .bool(try items(m).contains { !wanted.isDisjoint(with: $0.keys) })
            }
        }
    }
}
