import Runtime

extension ClassLibrary {
    /// `NSIndexPath`: a list of indexes; a table's or collection's is a section and a row
    /// (or item). Index paths are equal, hash alike and compare by their indexes, and
    /// describe themselves as Foundation's do without the address, which would differ
    /// from run to run: `<NSIndexPath> {length = 2, path = 0 - 1}`.
    static func defineNSIndexPath(in runtime: Runtime, root: Class) throws {
        let initWithIndexes = try runtime.selector("_initWithIndexes:"), initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "NSIndexPath", superclass: root) { c in
            try c.addIvar("_indexes", type: .object(className: "NSArray"))
            @Sendable func indexes(_ value: Value, _ m: borrowing Message) throws -> [Int]? {
                guard let object = value.object, let cls = m.runtime.class(named: "NSIndexPath"), object.isKind(of: cls) else { return nil }
                return try m.runtime.ivarValue("_indexes", of: object).arrayElements.map { $0.intValue ?? 0 }
            }
            @Sendable func own(_ m: borrowing Message) throws -> [Int] { try indexes(.object(m.receiver), m) ?? [] }
            // The one initializer the factories share; not UIKit's API, hence the underscore.
            try c.addMethod("_initWithIndexes:", types: "@@:@") { m in
                let values = try m.arrayArgument(0)
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_indexes", of: this, to: .array(values)) }
            }
            for name in ["indexPathForRow:inSection:", "indexPathForItem:inSection:"] {
                try c.addClassMethod(name, types: "@@:qq") { m in
                    try m.allocInit(initWithIndexes, Arguments(.array([.int(try m.integerArgument(1)), .int(try m.integerArgument(0))])))
                }
            }
            try c.addClassMethod("indexPathWithIndex:", types: "@@:Q") { m in
                try m.allocInit(initWithIndexes, Arguments(.array([.int(try m.integerArgument(0))])))
            }
            try c.addMethod("init", types: "@@:") { m in try m.send(initWithIndexes, to: m.receiver, Arguments(.array([]))) }
            // NSNotFound for a position the path does not have.
            for (name, position) in [("section", 0), ("row", 1), ("item", 1)] {
                try c.addMethod(name, types: "q@:") { m in
                    let all = try own(m)
                    return .int(all.indices.contains(position) ? all[position] : Int.max)
                }
            }
            try c.addMethod("length", types: "Q@:") { m in .int(try own(m).count) }
            try c.addMethod("indexAtPosition:", types: "Q@:Q") { m in
                let all = try own(m), position = try m.integerArgument(0)
                return .int(all.indices.contains(position) ? all[position] : Int.max)
            }
            try c.addMethod("indexPathByAddingIndex:", types: "@@:Q") { m in
                try m.make("NSIndexPath", initWithIndexes, Arguments(.array((try own(m) + [try m.integerArgument(0)]).map(Value.int))))
            }
            try c.addMethod("indexPathByRemovingLastIndex", types: "@@:") { m in
                try m.make("NSIndexPath", initWithIndexes, Arguments(.array(try own(m).dropLast().map(Value.int))))
            }
            try c.addMethod("isEqual:", types: "B@:@") { m in .bool(try indexes(m[0], m) == (try own(m))) }
            try c.addMethod("hash", types: "Q@:") { m in .int(try own(m).reduce(0) { $0 &* 31 &+ $1 }) }
            // NSOrderedAscending (-1), NSOrderedSame (0), NSOrderedDescending (1), index by index, shorter first.
            try c.addMethod("compare:", types: "q@:@") { m in
                guard let other = try indexes(m[0], m) else { throw m.wrongArgument(0, expected: "an NSIndexPath") }
                let mine = try own(m)
                for (a, b) in zip(mine, other) where a != b { return .int(a < b ? -1 : 1) }
                return .int(mine.count < other.count ? -1 : mine.count > other.count ? 1 : 0)
            }
            try c.addMethod("copy", types: "@@:") { m in .object(m.receiver) }
            try c.addMethod("description", types: "@@:") { m in
                let all = try own(m)
                return .string("<NSIndexPath> {length = \(all.count), path = \(all.map(String.init).joined(separator: " - "))}")
            }
        }
    }
}
