import Runtime

extension ClassLibrary {
    /// OCHamcrest's matchers of strings: `HCStringStartsWith` (`startsWith`),
    /// `HCStringEndsWith` (`endsWith`) and `HCStringContains` (`containsSubstring`), under
    /// `HCSubstringMatcher`, which describes them as `a string <relationship> "text"`; and
    /// `HCIsEqualIgnoringCase` (`equalToIgnoringCase`). Each asks the item itself
    /// (`-hasPrefix:`, `-hasSuffix:`, `-containsString:`, `-caseInsensitiveCompare:`), so a
    /// mutable string matches as what it holds; anything that is no string does not match.
    static func defineTextMatchers(in runtime: Runtime, base: Class) throws {
        let initialize = try runtime.selector("init")
        let substringMatcher = try runtime.registerLazyClass(named: "HCSubstringMatcher", superclass: base) { c in
            try c.addProperty(Property(name: "substring", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addMethod("initWithSubstring:", types: "@@:@") { m in
                let substring = try m.stringArgument(0)
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_substring", of: this, to: .string(substring)) }
            }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                let relationship = try m.text(of: try m.send("relationship", toValue: .object(m.receiver)))
                try m.append(.text("a string "), .text(relationship), .text(" "), .description(of: try m.ivar("_substring")), to: m[0])
                return .nil
            }
        }
        for (name, relationship, question) in [
            ("HCStringStartsWith", "starting with", "hasPrefix:"), ("HCStringEndsWith", "ending with", "hasSuffix:"),
            ("HCStringContains", "containing", "containsString:"),
        ] {
            try runtime.registerLazyClass(named: name, superclass: substringMatcher) { c in
                try c.addMethod("matches:", types: "B@:@") { m in
                    guard m.isKind(m[0], of: "NSString"), try m.responds(m[0], to: question) else { return false }
                    return .bool(try m.send(question, toValue: m[0], try m.ivar("_substring")).isTruthy)
                }
                try c.addMethod("relationship", types: "@@:") { _ in .string(relationship) }
            }
        }
        try runtime.registerLazyClass(named: "HCIsEqualIgnoringCase", superclass: base) { c in
            try c.addIvar("_string", type: .object(className: "NSString"))
            try c.addMethod("initWithString:", types: "@@:@") { m in
                let string = try m.stringArgument(0)
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_string", of: this, to: .string(string)) }
            }
            try c.addMethod("matches:", types: "B@:@") { m in
                guard m.isKind(m[0], of: "NSString") else { return false }
                // A mutable string is compared as the string it holds.
                let item = (m[0].object as? ValueHolder)?.value ?? m[0]
                return .bool(try m.send("caseInsensitiveCompare:", toValue: try m.ivar("_string"), item).intValue == 0)
            }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                try m.append(.description(of: try m.ivar("_string")), .text(" ignoring case"), to: m[0])
                return .nil
            }
        }
    }
}
