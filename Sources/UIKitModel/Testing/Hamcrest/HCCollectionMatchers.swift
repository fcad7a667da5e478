import Runtime

extension ClassLibrary {
    /// OCHamcrest's matchers of collections (arrays, sets, a dictionary's keys, anything
    /// `for...in` visits): `HCHasCount` (`hasCount`, `hasCountOf`), `HCIsEmptyCollection`
    /// (`isEmpty`), `HCIsCollectionContaining` (`hasItem`), `HCEvery` (`everyItem`), and
    /// the sequences `HCIsCollectionContainingInOrder` (`contains`) and
    /// `HCIsCollectionContainingInAnyOrder` (`containsInAnyOrder`).
    static func defineCollectionMatchers(in runtime: Runtime, base: Class, diagnosing: Class) throws {
        let initialize = try runtime.selector("init"), initWithMatcher = try runtime.selector("initWithMatcher:")
        let initEqualTo = try runtime.selector("initEqualTo:")
        let hasCount = try runtime.registerLazyClass(named: "HCHasCount", superclass: base) { c in
            try c.addIvar("_countMatcher", type: .object(className: nil))
            try c.addMethod("initWithMatcher:", types: "@@:@") { m in
                let matcher = m[0]
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_countMatcher", of: this, to: matcher) }
            }
            try c.addMethod("matches:", types: "B@:@") { m in
                guard try m.responds(m[0], to: "count") else { return false }
                return .bool(try m.does(try m.ivar("_countMatcher"), match: try m.send("count", toValue: m[0])))
            }
            try c.addMethod("describeMismatchOf:to:", types: "v@:@@") { m in
                try m.append(.text("was "), to: m[1])
                if try m.responds(m[0], to: "count") {
                    try m.append(.text("count of "), .description(of: try m.send("count", toValue: m[0])), .text(" with "), to: m[1])
                }
                try m.append(.description(of: m[0]), to: m[1])
                return .nil
            }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                try m.append(.text("a collection with count of "), .description(of: try m.ivar("_countMatcher")), to: m[0])
                return .nil
            }
        }
        try runtime.registerLazyClass(named: "HCIsEmptyCollection", superclass: hasCount) { c in
            try c.addMethod("init", types: "@@:") { m in
                let zero = try m.make("HCIsEqual", initEqualTo, Arguments(.int(0)))
                return try m.sendSuper(initWithMatcher, Arguments(zero))
            }
            try c.addMethod("describeMismatchOf:to:", types: "v@:@@") { m in
                try m.append(.text("was "), .description(of: m[0]), to: m[1])
                return .nil
            }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                try m.append(.text("empty collection"), to: m[0])
                return .nil
            }
        }
        try defineItemMatchers(in: runtime, diagnosing: diagnosing)
        try defineSequenceMatchers(in: runtime, diagnosing: diagnosing)
    }

    /// `HCIsCollectionContaining`, which matches a collection with an item the matcher
    /// matches, and `HCEvery`, which matches a collection whose every item it matches;
    /// an empty collection matches neither. Each tells every item's mismatch (`HCEvery`
    /// only the items' that failed) in `mismatches were: [...]`.
    private static func defineItemMatchers(in runtime: Runtime, diagnosing: Class) throws {
        let initialize = try runtime.selector("init")
        for (name, describedAs, needsEvery) in [("HCIsCollectionContaining", "a collection containing ", false), ("HCEvery", "every item is ", true)] {
            let ivar = needsEvery ? "_matcher" : "_elementMatcher"
            try runtime.registerLazyClass(named: name, superclass: diagnosing) { c in
                try c.addIvar(ivar, type: .object(className: nil))
                try c.addMethod("initWithMatcher:", types: "@@:@") { m in
                    guard m[0] != .nil else { throw m.wrongArgument(0, expected: "a matcher such as equalTo(@\"Ada\")") }
                    let matcher = m[0]
                    return try m.initializingSuper(initialize) { this in try m.runtime.setIvar(ivar, of: this, to: matcher) }
                }
                try c.addMethod("matches:describingMismatchTo:", types: "B@:@@") { m in
                    let matcher = try m.ivar(ivar), description = m[1]
                    guard let items = try m.enumerated(m[0]) else {
                        try m.append(.text("was non-collection "), .description(of: m[0]), to: description)
                        return false
                    }
                    guard !items.isEmpty else {
                        try m.append(.text("was empty"), to: description)
                        return false
                    }
                    var failing: [Value] = []
                    for item in items where !(try m.does(matcher, match: item)) { failing.append(item) }
                    if needsEvery ? failing.isEmpty : failing.count < items.count { return true }
                    try m.append(.text("mismatches were: ["), to: description)
                    for (index, item) in failing.enumerated() {
                        if index > 0 { try m.append(.text(", "), to: description) }
                        try m.describeMismatch(of: item, by: matcher, to: description)
                    }
                    try m.append(.text("]"), to: description)
                    return false
                }
                try c.addMethod("describeTo:", types: "v@:@") { m in
                    try m.append(.text(describedAs), .description(of: try m.ivar(ivar)), to: m[0])
                    return .nil
                }
            }
        }
    }

    /// `HCIsCollectionContainingInOrder`: exactly one item per matcher, in the matchers'
    /// order; `HCIsCollectionContainingInAnyOrder`: the same, in any order, each item taken
    /// by the first matcher left that matches it.
    private static func defineSequenceMatchers(in runtime: Runtime, diagnosing: Class) throws {
        try runtime.registerLazyClass(named: "HCIsCollectionContainingInOrder", superclass: diagnosing) { c in
            try c.addIvar("_matchers", type: .object(className: "NSArray"))
            try c.addMethod("initWithMatchers:", types: "@@:@") { m in try m.initializingWithMatchers() }
            try c.addMethod("matches:describingMismatchTo:", types: "B@:@@") { m in
                let matchers = try m.matchers, description = m[1]
                guard let items = try m.enumerated(m[0]) else {
                    try m.append(.text("was non-collection "), .description(of: m[0]), to: description)
                    return false
                }
                for (index, item) in items.enumerated() {
                    guard index < matchers.count else {
                        try m.append(.text("exceeded count of \(matchers.count) with item "), .description(of: item), to: description)
                        return false
                    }
                    if !(try m.does(matchers[index], match: item)) {
                        try m.append(.text("item \(index): "), to: description)
                        try m.describeMismatch(of: item, by: matchers[index], to: description)
                        return false
                    }
                }
                guard items.count >= matchers.count else {
                    try m.append(.text("no item was "), .description(of: matchers[items.count]), to: description)
                    return false
                }
                return true
            }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                try m.append(.text("a collection containing "), .list(try m.matchers, start: "[", separator: ", ", end: "]"), to: m[0])
                return .nil
            }
        }
        try runtime.registerLazyClass(named: "HCIsCollectionContainingInAnyOrder", superclass: diagnosing) { c in
            try c.addIvar("_matchers", type: .object(className: "NSArray"))
            try c.addMethod("initWithMatchers:", types: "@@:@") { m in try m.initializingWithMatchers() }
            try c.addMethod("matches:describingMismatchTo:", types: "B@:@@") { m in
                var left = try m.matchers
                let description = m[1]
                guard let items = try m.enumerated(m[0]) else {
                    try m.append(.text("was non-collection "), .description(of: m[0]), to: description)
                    return false
                }
                for item in items {
                    guard let taker = try left.firstIndex(where: { try m.does($0, match: item) }) else {
                        try m.append(.text("not matched: "), .description(of: item), to: description)
                        return false
                    }
                    left.remove(at: taker)
                }
                guard left.isEmpty else {
                    try m.append(.text("no item matches: "), .list(left, start: "", separator: ", ", end: ""), .text(" in "),
                                 .list(items, start: "[", separator: ", ", end: "]"), to: description)
                    return false
                }
                return true
            }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                try m.append(.text("a collection over "), .list(try m.matchers, start: "[", separator: ", ", end: "]"), .text(" in any order"), to: m[0])
                return .nil
            }
        }
    }
}
