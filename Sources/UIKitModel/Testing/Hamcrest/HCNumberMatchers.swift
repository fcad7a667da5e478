import Runtime

extension ClassLibrary {
    /// OCHamcrest's matchers of numbers and of what compares: `HCIsCloseTo` (`closeTo`),
    /// `HCOrderingComparison` (`greaterThan`, `greaterThanOrEqualTo`, `lessThan`,
    /// `lessThanOrEqualTo`), `HCIsTrue` and `HCIsFalse` (`isTrue`, `isFalse`: a non-zero
    /// and a zero `NSNumber`), and `HCIsEqualToBool` (`equalToBool`, which OCHamcrest 4
    /// had and older test suites still call).
    static func defineNumberMatchers(in runtime: Runtime, base: Class) throws {
        let initialize = try runtime.selector("init")
        @Sendable func isNumber(_ value: Value, _ m: borrowing Message) -> Bool { m.isKind(value, of: "NSNumber") }
        try runtime.registerLazyClass(named: "HCIsCloseTo", superclass: base) { c in
            try c.addIvar("_value", type: .double)
            try c.addIvar("_delta", type: .double)
            try c.addMethod("initWithValue:delta:", types: "@@:dd") { m in
                let (value, delta) = (try m.numberArgument(0), try m.numberArgument(1))
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvars(of: this, ["_value": .double(value), "_delta": .double(delta)]) }
            }
            @Sendable func actualDelta(_ m: borrowing Message) throws -> Double {
                let item = try m.send("doubleValue", toValue: m[0]).numberValue ?? 0
                return abs(item - (try m.ivar("_value").numberValue ?? 0))
            }
            try c.addMethod("matches:", types: "B@:@") { m in
                guard isNumber(m[0], m) else { return false }
                return .bool(try actualDelta(m) <= (try m.ivar("_delta").numberValue ?? 0))
            }
            try c.addMethod("describeMismatchOf:to:", types: "v@:@@") { m in
                guard isNumber(m[0], m) else { return try m.sendSuper() }
                try m.append(.description(of: m[0]), .text(" differed by "), .description(of: .double(try actualDelta(m))), to: m[1])
                return .nil
            }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                try m.append(.text("a numeric value within "), .description(of: try m.ivar("_delta")), .text(" of "),
                             .description(of: try m.ivar("_value")), to: m[0])
                return .nil
            }
        }
        try defineOrderingComparison(in: runtime, base: base)
        for (name, describedAs, wantsTrue) in [("HCIsTrue", "true (non-zero)", true), ("HCIsFalse", "false (zero)", false)] {
            try runtime.registerLazyClass(named: name, superclass: base) { c in
                try c.addMethod("matches:", types: "B@:@") { m in
                    guard isNumber(m[0], m) else { return false }
                    return .bool(try m.send("boolValue", toValue: m[0]).isTruthy == wantsTrue)
                }
                try c.addMethod("describeTo:", types: "v@:@") { m in
                    try m.append(.text(describedAs), to: m[0])
                    return .nil
                }
            }
        }
        @Sendable func words(_ flag: Bool) -> String { flag ? "<YES>" : "<NO>" }
        try runtime.registerLazyClass(named: "HCIsEqualToBool", superclass: base) { c in
            try c.addIvar("_value", type: .bool)
            try c.addMethod("initWithValue:", types: "@@:B") { m in
                let value = m[0].isTruthy
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_value", of: this, to: .bool(value)) }
            }
            try c.addMethod("matches:", types: "B@:@") { m in
                guard isNumber(m[0], m) else { return false }
                return .bool(try m.send("boolValue", toValue: m[0]).isTruthy == (try m.ivar("_value").isTruthy))
            }
            try c.addMethod("describeMismatchOf:to:", types: "v@:@@") { m in
                if isNumber(m[0], m) {
                    try m.append(.text("was "), .text(words(try m.send("boolValue", toValue: m[0]).isTruthy)), to: m[1])
                } else {
                    try m.append(.text("was "), .description(of: m[0]), to: m[1])
                }
                return .nil
            }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                try m.append(.text("a BOOL with value "), .text(words(try m.ivar("_value").isTruthy)), to: m[0])
                return .nil
            }
        }
    }

    /// `HCOrderingComparison`: the expected value's `-compare:` of the item (an
    /// `NSComparisonResult`, -1, 0 or 1) within the bounds the comparison allows:
    /// `greaterThan(@5)` wants the expected value ascending to the item, -1 to -1. Nil, and
    /// an item the expected value cannot compare with (its `-compare:` refuses it), do not match.
    private static func defineOrderingComparison(in runtime: Runtime, base: Class) throws {
        let initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "HCOrderingComparison", superclass: base) { c in
            try c.addIvar("_expected", type: .object(className: nil))
            try c.addIvar("_minCompare", type: .integer(code: "q"))
            try c.addIvar("_maxCompare", type: .integer(code: "q"))
            try c.addIvar("_comparisonDescription", type: .object(className: "NSString"))
            try c.addMethod("initComparing:minCompare:maxCompare:comparisonDescription:", types: "@@:@qq@") { m in
                let expected = m[0]
                guard try m.responds(expected, to: "compare:") else {
                    throw try ClassLibrary.exception(
                        named: "UncomparableObject", reason: "Object must respond to compare: \(expected.kindDescription) does not; compare numbers, strings or dates",
                        in: m.runtime)
                }
                let (minimum, maximum, words) = (try m.integerArgument(1), try m.integerArgument(2), try m.stringArgument(3))
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, [
                        "_expected": expected, "_minCompare": .int(minimum), "_maxCompare": .int(maximum), "_comparisonDescription": .string(words),
                    ])
                }
            }
            try c.addMethod("matches:", types: "B@:@") { m in
                guard m[0] != .nil else { return false }
                // A mutable string or collection is compared as what it holds.
                let item = (m[0].object as? ValueHolder)?.value ?? m[0]
                let order: Int
                do {
                    order = try m.send("compare:", toValue: try m.ivar("_expected"), item).intValue ?? 0
                } catch is RaisedNSException {
                    return false
                } catch is ClassLibraryError {
                    return false
                } catch let error as RuntimeError where error.isUnrecognizedSelector {
                    return false
                }
                let minimum = try m.ivar("_minCompare").intValue ?? 0, maximum = try m.ivar("_maxCompare").intValue ?? 0
                return .bool(minimum <= order && order <= maximum)
            }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                try m.append(.text("a value "), .text(try m.text(of: try m.ivar("_comparisonDescription"))), .text(" "),
                             .description(of: try m.ivar("_expected")), to: m[0])
                return .nil
            }
        }
    }
}
