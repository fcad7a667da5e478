import Runtime

/// How a touch or a swipe reaches gesture recognizers, as UIKit delivers it: the
/// recognizers of the view touched and of the views it is inside, nearest first, each
/// view's in the order added. The first that is enabled, of the right kind, and whose
/// delegate lets it begin (`gestureRecognizerShouldBegin:`) recognizes: its targets get
/// their actions, and, when it cancels touches in its view (the default), the view's own
/// handling of the touch (a row's selection) does not happen.
extension ClassLibrary {
    /// Lets the first recognizer that takes a single tap on `view` recognize it. A control
    /// keeps its taps from the recognizers of the views it is inside, as UIKit's controls do.
    /// - Returns: whether one recognized and cancels the touch for the view.
    func recognizeTap(on view: Object) throws -> Bool {
        let tap = try firstRecognizer(on: view, reachingAncestors: !isKind(view, of: "UIControl")) { recognizer in
            guard isKind(recognizer, of: "UITapGestureRecognizer") else { return false }
            return try runtime.send("numberOfTapsRequired", to: recognizer).intValue ?? 1 <= 1
        }
        guard let tap else { return false }
        try fire(tap, through: [Self.gestureRecognized])
        return try runtime.send("cancelsTouchesInView", to: tap).isTruthy
    }

    /// Lets the first recognizer for a swipe in `direction` on `view` (or a view it is
    /// inside) recognize it: a swipe recognizer for that direction, or else a pan
    /// recognizer, which hears the drag begin, change and end, its translation the
    /// swipe's (200 points, as KIF's swipes travel).
    func recognizeSwipe(on view: Object, _ direction: SwipeDirection) throws {
        if let swipe = try firstRecognizer(on: view, reachingAncestors: true, { recognizer in
            guard isKind(recognizer, of: "UISwipeGestureRecognizer") else { return false }
            return (try runtime.send("direction", to: recognizer).intValue ?? 0) & direction.rawValue != 0
        }) {
            try fire(swipe, through: [Self.gestureRecognized])
        } else if let pan = try firstRecognizer(on: view, reachingAncestors: true, { isKind($0, of: "UIPanGestureRecognizer") }) {
            let (dx, dy): (Double, Double) = switch direction {
            case .right: (Self.swipeDistance, 0)
            case .left: (-Self.swipeDistance, 0)
            case .up: (0, -Self.swipeDistance)
            case .down: (0, Self.swipeDistance)
            }
            try runtime.setIvar("_translation", of: pan, to: Geometry.point(0, 0))
            try fire(pan, through: [Self.gestureBegan])
            try runtime.setIvar("_translation", of: pan, to: Geometry.point(dx, dy))
            try fire(pan, through: [Self.gestureChanged, Self.gestureRecognized])
        }
    }

    /// How far a swipe travels, in points.
    static let swipeDistance = 200.0

    // MARK: Long presses

    /// Holds a finger on the view matching `query` for `duration` seconds of virtual time,
    /// as KIF's `longPressViewWithAccessibilityLabel:duration:` does. The first long-press
    /// recognizer that takes a press that long (its `minimumPressDuration` at most
    /// `duration`), on the view or a view it is inside, nearest first, recognizes: its targets
    /// hear it begin once the minimum has passed, and end when the finger lifts, as UIKit's
    /// do. Unless one recognized and cancels touches in its view, lifting the finger is the
    /// view's own touch (a control's touch-up-inside, a row's selection); with no recognizer,
    /// a text field or view shows the edit menu (`EditMenuElements`).
    public func longPress(_ query: ViewQuery, duration: Double, timeout: Double? = nil) throws {
        try longPress(view: try waitForView(query, tappable: true, timeout: timeout), duration: duration)
    }

    /// ``longPress(_:duration:timeout:)`` on a view already found.
    func longPress(view: Object, duration: Double) throws {
        let held = VirtualClock.nanoseconds(fromSeconds: max(duration, 0))
        let recognizer = try firstRecognizer(on: view, reachingAncestors: !isKind(view, of: "UIControl")) { recognizer in
            guard isKind(recognizer, of: "UILongPressGestureRecognizer") else { return false }
            return try runtime.send("minimumPressDuration", to: recognizer).numberValue ?? 0.5 <= duration
        }
        guard let recognizer else {
            try clock.advance(by: held)
            // A text field or view answers with the edit menu; anything else takes the touch.
            if try !showEditMenu(forLongPressOn: view) { try touchWithoutRecognizers(view) }
            return
        }
        let minimum = VirtualClock.nanoseconds(fromSeconds: try runtime.send("minimumPressDuration", to: recognizer).numberValue ?? 0.5)
        try clock.advance(by: minimum)
        try fire(recognizer, through: [Self.gestureBegan])
        try clock.advance(by: held - minimum)
        try fire(recognizer, through: [Self.gestureRecognized])
        if try !runtime.send("cancelsTouchesInView", to: recognizer).isTruthy { try touchWithoutRecognizers(view) }
    }

    /// The first recognizer, on `view` and then (when `reachingAncestors`) the views it is
    /// inside, that is enabled, `takes` the gesture, and may begin.
    func firstRecognizer(on view: Object, reachingAncestors: Bool, _ takes: (Object) throws -> Bool) throws -> Object? {
        var current: Object? = view
        var met = MetObjects()
        while let candidate = current, met.insert(candidate) {
            for case .object(let recognizer) in try runtime.send("gestureRecognizers", to: candidate).arrayElements
            where try runtime.send("isEnabled", to: recognizer).isTruthy && takes(recognizer) && mayBegin(recognizer) {
                return recognizer
            }
            guard reachingAncestors else { return nil }
            current = try runtime.send("superview", to: candidate).object
        }
        return nil
    }

    /// Whether the recognizer's delegate, if it asks, lets it begin.
    private func mayBegin(_ recognizer: Object) throws -> Bool {
        guard let delegate = try runtime.send("delegate", to: recognizer).object, try responds(delegate, to: "gestureRecognizerShouldBegin:") else { return true }
        return try runtime.send(try runtime.selector("gestureRecognizerShouldBegin:"), to: delegate, Arguments(.object(recognizer))).isTruthy
    }

    /// Moves the recognizer through `states`, each target's action running in each (taking
    /// the recognizer when its name ends in a colon); then it is Possible again.
    func fire(_ recognizer: Object, through states: [Int]) throws {
        defer { try? runtime.setIvar("_state", of: recognizer, to: .int(Self.gesturePossible)) }
        for state in states {
            try runtime.setIvar("_state", of: recognizer, to: .int(state))
            for case .array(let pair) in try runtime.ivarValue("_targets", of: recognizer).arrayElements where pair.count == 2 {
                // A target that has gone gets nothing, as in UIKit.
                guard case .selector(let action) = pair[1], let target = ActionTarget.object(of: pair[0]) else { continue }
                try runtime.send(action, to: target, action.argumentCount == 0 ? Arguments() : Arguments(.object(recognizer)))
            }
        }
    }
}
