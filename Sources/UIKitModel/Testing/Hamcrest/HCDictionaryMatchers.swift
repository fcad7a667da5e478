import Runtime

extension ClassLibrary {
    /// OCHamcrest's matchers of dictionaries: `HCIsDictionaryContaining` (`hasEntry`: a key
    /// and its value each matched), `HCIsDictionaryContainingKey` (`hasKey`) and
    /// `HCIsDictionaryContainingValue` (`hasValue`). Anything else, nil included, does not
    /// match, and the mismatch is the base matcher's `was` and the item.
    static func defineDictionaryMatchers(in runtime: Runtime, base: Class) throws {
        let initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "HCIsDictionaryContaining", superclass: base) { c in
            try c.addIvar("_keyMatcher", type: .object(className: nil))
            try c.addIvar("_valueMatcher", type: .object(className: nil))
            try c.addMethod("initWithKeyMatcher:valueMatcher:", types: "@@:@@") { m in
                let (key, value) = (m[0], m[1])
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvars(of: this, ["_keyMatcher": key, "_valueMatcher": value]) }
            }
            try c.addMethod("matches:", types: "B@:@") { m in
                let keyMatcher = try m.ivar("_keyMatcher"), valueMatcher = try m.ivar("_valueMatcher")
                for (key, value) in entries(of: m[0], m) where try m.does(keyMatcher, match: key) && m.does(valueMatcher, match: value) {
                    return true
                }
                return false
            }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                try m.append(.text("a dictionary containing { "), .description(of: try m.ivar("_keyMatcher")), .text(" = "),
                             .description(of: try m.ivar("_valueMatcher")), .text("; }"), to: m[0])
                return .nil
            }
        }
        for (name, ivar, initializer, describedAs, matchesKeys) in [
            ("HCIsDictionaryContainingKey", "_keyMatcher", "initWithKeyMatcher:", "a dictionary containing key ", true),
            ("HCIsDictionaryContainingValue", "_valueMatcher", "initWithValueMatcher:", "a dictionary containing value ", false),
        ] {
            try runtime.registerLazyClass(named: name, superclass: base) { c in
                try c.addIvar(ivar, type: .object(className: nil))
                try c.addMethod(initializer, types: "@@:@") { m in
                    let matcher = m[0]
                    return try m.initializingSuper(initialize) { this in try m.runtime.setIvar(ivar, of: this, to: matcher) }
                }
                try c.addMethod("matches:", types: "B@:@") { m in
                    let matcher = try m.ivar(ivar)
                    for (key, value) in entries(of: m[0], m) where try m.does(matcher, match: matchesKeys ? key : value) { return true }
                    return false
                }
                try c.addMethod("describeTo:", types: "v@:@") { m in
                    try m.append(.text(describedAs), .description(of: try m.ivar(ivar)), to: m[0])
                    return .nil
                }
            }
        }
    }

    /// The entries of a dictionary (or of a mutable one, as it is now), sorted by key as
    /// the shell's `for...in` visits them; none for anything else.
    private static func entries(of value: Value, _ m: borrowing Message) -> [(key: Value, value: Value)] {
        if let holder = value.object as? ValueHolder, m.isKind(value, of: "NSDictionary") { return entries(of: holder.value, m) }
        guard case .dictionary(let entries) = value else { return [] }
        return entries.sorted { $0.key.description < $1.key.description }.map { ($0.key, $0.value) }
    }
}
