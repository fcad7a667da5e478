import Runtime

extension ClassLibrary {
    /// `UIGestureRecognizerStateEnded`, which is also `…StateRecognized`: a discrete
    /// gesture (a tap, a swipe) goes straight to it when it is made.
    static let gestureRecognized = 3
    /// `UIGestureRecognizerStatePossible`, where every recognizer starts and returns to.
    static let gesturePossible = 0
    /// `UIGestureRecognizerStateBegan`: a continuous gesture (a long press, a pan) has begun.
    static let gestureBegan = 1
    /// `UIGestureRecognizerStateChanged`: a continuous gesture has moved.
    static let gestureChanged = 2

    /// The gesture recognizer classes the model knows, with `UIGestureRecognizer` first.
    static let gestureRecognizerClassNames = [
        "UIGestureRecognizer", "UILongPressGestureRecognizer", "UIPanGestureRecognizer", "UISwipeGestureRecognizer", "UITapGestureRecognizer",
    ]

    /// `UIGestureRecognizer` and its discrete and continuous kinds: target–action pairs
    /// (`initWithTarget:action:`, `addTarget:action:`, `removeTarget:action:`), the view it
    /// is attached to, `enabled`, `delegate`, `cancelsTouchesInView` and `state`; each
    /// kind's own settings with UIKit's defaults (one tap, a swipe to the right, half a
    /// second's press). The UI engine makes them recognize (`ClassLibrary+Gestures`: taps, swipes and pans, long presses);
    /// code never needs to, and UIKit gives it no way to.
    static func defineGestureRecognizers(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init"), initWithTarget = try runtime.selector("initWithTarget:action:")
        let base = try runtime.registerLazyClass(named: "UIGestureRecognizer", superclass: root) { c in
            try c.addProperty(Property(name: "state", type: .integer(code: "q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "view", type: .object(className: "UIView"), attributes: [.readOnly, .weak, .nonatomic]))
            try c.addProperty(Property(name: "enabled", type: .bool, attributes: [.nonatomic], getter: "isEnabled"))
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: [.weak, .nonatomic]))
            try c.addProperty(Property(name: "cancelsTouchesInView", type: .bool, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "delaysTouchesBegan", type: .bool, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "delaysTouchesEnded", type: .bool, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "name", type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
            try c.addIvar("_targets", type: .object(className: "NSArray"))
            try c.addIvar("_failureRequirements", type: .object(className: "NSArray"))
            try c.addMethod("init", types: "@@:") { m in try m.send(initWithTarget, to: m.receiver, Arguments(.nil, .nil)) }
            try c.addMethod("initWithTarget:action:", types: "@@:@:") { m in
                try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_enabled": true, "_cancelsTouchesInView": true, "_delaysTouchesEnded": true, "_targets": .array([])])
                    if m[0] != .nil, case .selector = m[1] {
                        try m.runtime.setIvar("_targets", of: this, to: .array([.array([try ActionTarget.stored(m[0], in: m.runtime), m[1]])]))
                    }
                }
            }
            try c.addMethod("addTarget:action:", types: "v@:@:") { m in
                _ = try m.selectorArgument(1)
                try m.setIvar("_targets", .array(try m.ivar("_targets").arrayElements + [.array([try ActionTarget.stored(m[0], in: m.runtime), m[1]])]))
                return .nil
            }
            // A nil target matches every target and a NULL action every action, as in UIKit.
            try c.addMethod("removeTarget:action:", types: "v@:@:") { m in
                let kept = try m.ivar("_targets").arrayElements.filter { entry in
                    guard case .array(let pair) = entry, pair.count == 2 else { return false }
                    return !((m[0] == .nil || ActionTarget.object(of: pair[0]) === m[0].object) && (m[1] == .nil || pair[1] == m[1]))
                }
                try m.setIvar("_targets", .array(kept))
                return .nil
            }
            try c.addMethod("requireGestureRecognizerToFail:", types: "v@:@") { m in
                try m.setIvar("_failureRequirements", .array(try m.ivar("_failureRequirements").arrayElements + [m[0]]))
                return .nil
            }
            // Where the touch was: the middle of the recognizer's view, where KIF touches,
            // in the coordinates of the view asked about when it is that view or inside it.
            try c.addMethod("locationInView:", types: "\(Geometry.pointType)@:@") { m in
                guard let own = try m.ivar("_view").object,
                      let bounds = Geometry.rectNumbers(of: try m.send("bounds", to: own)) else { return Geometry.point(0, 0) }
                return Geometry.point(bounds.x + bounds.width / 2, bounds.y + bounds.height / 2)
            }
            try c.addMethod("numberOfTouches", types: "Q@:") { m in .int(try m.ivar("_state").intValue == gesturePossible ? 0 : 1) }
        }
        try runtime.registerLazyClass(named: "UITapGestureRecognizer", superclass: base) { c in
            try c.addProperty(Property(name: "numberOfTapsRequired", type: .integer(code: "Q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "numberOfTouchesRequired", type: .integer(code: "Q"), attributes: [.nonatomic]))
            try c.addMethod("initWithTarget:action:", types: "@@:@:") { m in
                try m.initializingSuper(initWithTarget, Arguments(m[0], m[1])) { this in
                    try m.runtime.setIvars(of: this, ["_numberOfTapsRequired": 1, "_numberOfTouchesRequired": 1])
                }
            }
        }
        try runtime.registerLazyClass(named: "UISwipeGestureRecognizer", superclass: base) { c in
            try c.addProperty(Property(name: "direction", type: .integer(code: "Q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "numberOfTouchesRequired", type: .integer(code: "Q"), attributes: [.nonatomic]))
            try c.addMethod("initWithTarget:action:", types: "@@:@:") { m in
                try m.initializingSuper(initWithTarget, Arguments(m[0], m[1])) { this in
                    try m.runtime.setIvars(of: this, ["_direction": .int(SwipeDirection.right.rawValue), "_numberOfTouchesRequired": 1])
                }
            }
        }
        try runtime.registerLazyClass(named: "UILongPressGestureRecognizer", superclass: base) { c in
            try c.addProperty(Property(name: "minimumPressDuration", type: .double, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "numberOfTapsRequired", type: .integer(code: "Q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "numberOfTouchesRequired", type: .integer(code: "Q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "allowableMovement", type: .double, attributes: [.nonatomic]))
            try c.addMethod("initWithTarget:action:", types: "@@:@:") { m in
                try m.initializingSuper(initWithTarget, Arguments(m[0], m[1])) { this in
                    try m.runtime.setIvars(of: this, ["_minimumPressDuration": .double(0.5), "_numberOfTouchesRequired": 1, "_allowableMovement": .double(10)])
                }
            }
        }
        try runtime.registerLazyClass(named: "UIPanGestureRecognizer", superclass: base) { c in
            try c.addProperty(Property(name: "minimumNumberOfTouches", type: .integer(code: "Q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "maximumNumberOfTouches", type: .integer(code: "Q"), attributes: [.nonatomic]))
            try c.addIvar("_translation", type: Geometry.pointType)
            try c.addMethod("initWithTarget:action:", types: "@@:@:") { m in
                try m.initializingSuper(initWithTarget, Arguments(m[0], m[1])) { this in
                    try m.runtime.setIvars(of: this, ["_minimumNumberOfTouches": 1, "_maximumNumberOfTouches": .int(Int(UInt32.max)), "_translation": Geometry.point(0, 0)])
                }
            }
            try c.addMethod("translationInView:", types: "\(Geometry.pointType)@:@") { m in
                let translation = try m.ivar("_translation")
                return translation == .nil ? Geometry.point(0, 0) : translation
            }
            try c.addMethod("setTranslation:inView:", types: "v@:\(Geometry.pointType)@") { m in
                try m.setIvar("_translation", m[0])
                return .nil
            }
            try c.addMethod("velocityInView:", types: "\(Geometry.pointType)@:@") { _ in Geometry.point(0, 0) }
        }
    }

    /// `UIView`'s side: `addGestureRecognizer:` (taking it from any view it was on),
    /// `removeGestureRecognizer:` and `gestureRecognizers`, in the order added.
    static func addGestureRecognizerHosting(to c: inout ClassBuilder) throws {
        try c.addProperty(Property(name: "gestureRecognizers", type: .object(className: "NSArray"), attributes: [.copy, .nonatomic]))
        try c.addMethod("addGestureRecognizer:", types: "v@:@") { m in
            guard let recognizer = m[0].object else { return .nil }
            if let previous = try m.runtime.ivarValue("_view", of: recognizer).object, previous !== m.receiver {
                try m.send("removeGestureRecognizer:", to: previous, .object(recognizer))
            }
            let existing = try m.ivar("_gestureRecognizers").arrayElements
            guard !existing.contains(where: { $0.object === recognizer }) else { return .nil }
            try m.setIvar("_gestureRecognizers", .array(existing + [.object(recognizer)]))
            try m.runtime.setIvar("_view", of: recognizer, to: .object(m.receiver))
            return .nil
        }
        try c.addMethod("removeGestureRecognizer:", types: "v@:@") { m in
            guard let recognizer = m[0].object else { return .nil }
            let existing = try m.ivar("_gestureRecognizers").arrayElements
            guard existing.contains(where: { $0.object === recognizer }) else { return .nil }
            try m.setIvar("_gestureRecognizers", .array(existing.filter { $0.object !== recognizer }))
            try m.runtime.setIvar("_view", of: recognizer, to: .nil)
            return .nil
        }
    }
}
