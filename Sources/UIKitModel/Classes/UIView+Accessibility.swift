import Runtime

extension ClassLibrary {
    /// A view class's accessibility defaults, as UIKit's: each getter answers what was set,
    /// and otherwise what the view shows (a label's text, a button's title, a switch's
    /// "1" or "0") and its kind's traits. Traits set to 0 read as the default.
    static func addAccessibilityDefaults(
        to c: inout ClassBuilder, label: (@Sendable (borrowing Message) throws -> Value)? = nil,
        value: (@Sendable (borrowing Message) throws -> Value)? = nil, traits: (@Sendable (borrowing Message) throws -> Int)? = nil
    ) throws {
        if let label {
            try c.addMethod("accessibilityLabel", types: "@@:") { m in
                let set = try m.ivar("_accessibilityLabel")
                return set != .nil ? set : try label(m)
            }
        }
        if let value {
            try c.addMethod("accessibilityValue", types: "@@:") { m in
                let set = try m.ivar("_accessibilityValue")
                return set != .nil ? set : try value(m)
            }
        }
        if let traits {
            try c.addMethod("accessibilityTraits", types: "Q@:") { m in
                if let set = try m.ivar("_accessibilityTraits").intValue, set != 0 { return .int(set) }
                return .int(try traits(m))
            }
        }
    }

    /// A cell's state as traits: selected, as VoiceOver reads a selected row or item.
    @Sendable static func selectedTraits(_ m: borrowing Message) throws -> Int {
        try m.send("isSelected", to: m.receiver).isTruthy ? AccessibilityTrait.selected : 0
    }

    /// A control's state as traits: selected, and not enabled.
    static func controlTraits(_ m: borrowing Message) throws -> Int {
        var traits = 0
        if try m.send("isSelected", to: m.receiver).isTruthy { traits |= AccessibilityTrait.selected }
        if try !m.send("isEnabled", to: m.receiver).isTruthy { traits |= AccessibilityTrait.notEnabled }
        return traits
    }
}
