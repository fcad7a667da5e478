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
        try recognize(on: view, reachingAncestors: !isKind(view, of: "UIControl")) { recognizer in
            guard isKind(recognizer, of: "UITapGestureRecognizer") else { return false }
            return try runtime.send("numberOfTapsRequired", to: recognizer).intValue ?? 1 <= 1
        }
    }

    /// Lets the first swipe recognizer that takes `direction` on `view` recognize it.
    func recognizeSwipe(on view: Object, _ direction: SwipeDirection) throws {
        _ = try recognize(on: view, reachingAncestors: true) { recognizer in
            guard isKind(recognizer, of: "UISwipeGestureRecognizer") else { return false }
            return (try runtime.send("direction", to: recognizer).intValue ?? 0) & direction.rawValue != 0
        }
    }

    private func recognize(on view: Object, reachingAncestors: Bool, _ takes: (Object) throws -> Bool) throws -> Bool {
        var current: Object? = view
        var met: Set<ObjectIdentifier> = []
        while let candidate = current, met.insert(ObjectIdentifier(candidate)).inserted {
            for case .object(let recognizer) in try runtime.send("gestureRecognizers", to: candidate).arrayElements
            where try runtime.send("isEnabled", to: recognizer).isTruthy && takes(recognizer) && mayBegin(recognizer) {
                try fire(recognizer)
                return try runtime.send("cancelsTouchesInView", to: recognizer).isTruthy
            }
            guard reachingAncestors else { return false }
            current = try runtime.send("superview", to: candidate).object
        }
        return false
    }

    /// Whether the recognizer's delegate, if it asks, lets it begin.
    private func mayBegin(_ recognizer: Object) throws -> Bool {
        guard let delegate = try runtime.send("delegate", to: recognizer).object, try responds(delegate, to: "gestureRecognizerShouldBegin:") else { return true }
        return try runtime.send(try runtime.selector("gestureRecognizerShouldBegin:"), to: delegate, Arguments(.object(recognizer))).isTruthy
    }

    /// Recognizes: the state is Recognized while each target's action runs (taking the
    /// recognizer when its name ends in a colon), then Possible again.
    private func fire(_ recognizer: Object) throws {
        try runtime.setIvar("_state", of: recognizer, to: .int(Self.gestureRecognized))
        defer { try? runtime.setIvar("_state", of: recognizer, to: .int(Self.gesturePossible)) }
        for case .array(let pair) in try runtime.ivarValue("_targets", of: recognizer).arrayElements where pair.count == 2 {
            guard case .selector(let action) = pair[1] else { continue }
            try runtime.send(action, to: pair[0].object, action.argumentCount == 0 ? Arguments() : Arguments(.object(recognizer)))
        }
    }
}
