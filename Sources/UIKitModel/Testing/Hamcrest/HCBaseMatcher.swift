import Runtime

extension ClassLibrary {
    /// `HCBaseMatcher`, the class a matcher subclasses, and `HCDiagnosingMatcher`, for a
    /// matcher that finds the mismatch while it matches.
    ///
    /// A subclass of `HCBaseMatcher` overrides `-matches:` and `-describeTo:` (not
    /// overriding them raises `NSGenericException`, through `-subclassResponsibility:`),
    /// and may override `-describeMismatchOf:to:`, whose default says `was ` and the item.
    /// Its `-description` is what `-describeTo:` says. A subclass of `HCDiagnosingMatcher`
    /// overrides `-matches:describingMismatchTo:` instead, appending to the description
    /// (nil when only the answer is wanted) why the item does not match.
    static func defineBaseMatchers(in runtime: Runtime, root: Class, protocols: HamcrestProtocols) throws -> (base: Class, diagnosing: Class) {
        let base = try runtime.registerLazyClass(named: "HCBaseMatcher", superclass: root) { c in
            c.adopt(protocols.matcher)
            if let copying = c.runtime.protocol(named: "NSCopying") { c.adopt(copying) }
            try c.addMethod("description", types: "@@:") { m in
                try m.send("stringFrom:", toValue: .object(try m.runtime.requireClass(named: "HCStringDescription")), .object(m.receiver))
            }
            try c.addMethod("matches:", types: "B@:@") { m in
                try m.send("subclassResponsibility:", toValue: .object(m.receiver), .selector(m.selector))
                return false
            }
            try c.addMethod("matches:describingMismatchTo:", types: "B@:@@") { m in
                let matched = try m.does(.object(m.receiver), match: m[0])
                if !matched { try m.describeMismatch(of: m[0], by: .object(m.receiver), to: m[1]) }
                return .bool(matched)
            }
            try c.addMethod("describeMismatchOf:to:", types: "v@:@@") { m in
                try m.append(.text("was "), .description(of: m[0]), to: m[1])
                return .nil
            }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                try m.send("subclassResponsibility:", toValue: .object(m.receiver), .selector(m.selector))
                return .nil
            }
            try c.addMethod("subclassResponsibility:", types: "v@::") { m in
                let command = try m.selectorArgument(0)
                throw try ClassLibrary.exception(
                    named: "NSGenericException",
                    reason: "-[\(m.receiver.isa.name) \(command.name)] not implemented: a subclass of HCBaseMatcher overrides it", in: m.runtime)
            }
            // A matcher does not change once made: a copy is the matcher itself.
            try c.addMethod("copyWithZone:", types: "@@:^{_NSZone=}") { m in .object(m.receiver) }
            try c.addMethod("copy", types: "@@:") { m in .object(m.receiver) }
        }
        let diagnosing = try runtime.registerLazyClass(named: "HCDiagnosingMatcher", superclass: base) { c in
            try c.addMethod("matches:", types: "B@:@") { m in
                try m.send("matches:describingMismatchTo:", toValue: .object(m.receiver), m[0], .nil)
            }
            try c.addMethod("matches:describingMismatchTo:", types: "B@:@@") { m in
                try m.send("subclassResponsibility:", toValue: .object(m.receiver), .selector(m.selector))
                return false
            }
            try c.addMethod("describeMismatchOf:to:", types: "v@:@@") { m in
                try m.send("matches:describingMismatchTo:", toValue: .object(m.receiver), m[0], m[1])
                return .nil
            }
        }
        return (base, diagnosing)
    }
}
