import Runtime

extension ClassLibrary {
    /// UIView's block animations, on the library's ``VirtualClock``: the animations block
    /// runs at once (the model draws nothing, so the final values are what code and tests
    /// read), and the completion block runs with YES when the clock has gone the delay and
    /// the duration further, as UIKit calls it when the animation ends. Meanwhile the block
    /// is one of `viewAnimations`, so a view's animatable property it changes animates the
    /// view's layer (see ``ViewAnimations``).
    static func defineViewAnimations(in runtime: Runtime, clock: VirtualClock, viewAnimations: ViewAnimations) throws {
        let view = try runtime.requireClass(named: "UIView")
        // Each form: where its delay, animations and completion are among the arguments.
        let forms: [(selector: String, types: String, delay: Int?, animations: Int, completion: Int?)] = [
            ("animateWithDuration:animations:", "v@:d@?", nil, 1, nil),
            ("animateWithDuration:animations:completion:", "v@:d@?@?", nil, 1, 2),
            ("animateWithDuration:delay:options:animations:completion:", "v@:ddQ@?@?", 1, 3, 4),
            ("animateWithDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:", "v@:ddddQ@?@?", 1, 5, 6),
            ("transitionWithView:duration:options:animations:completion:", "v@:@dQ@?@?", nil, 3, 4),
            ("animateKeyframesWithDuration:delay:options:animations:completion:", "v@:ddQ@?@?", 1, 3, 4),
        ]
        try runtime.extendDefinition(of: view) { c in
            for form in forms {
                let durationIndex = form.selector.hasPrefix("transitionWithView:") ? 1 : 0
                try c.addClassMethod(form.selector, types: form.types) { m in
                    let duration = try m.numberArgument(durationIndex)
                    let delay = try form.delay.map { try m.numberArgument($0) } ?? 0
                    if let animations = try m.blockArgument(form.animations) {
                        _ = try viewAnimations.running(duration: duration, delay: delay) {
                            try animations.call(Arguments(), nestedAt: m.depth + 1)
                        }
                    }
                    if let index = form.completion, let completion = try m.blockArgument(index) {
                        clock.schedule(after: VirtualClock.nanoseconds(fromSeconds: max(0, delay) + max(0, duration)), kind: .block) {
                            _ = try completion.call(completion.parameterCount == 1 ? Arguments(true) : Arguments(), nestedAt: 0)
                        }
                    }
                    return .nil
                }
            }
            try c.addClassMethod("performWithoutAnimation:", types: "v@:@?") { m in
                if let actions = try m.blockArgument(0) { _ = try actions.call(Arguments(), nestedAt: m.depth + 1) }
                return .nil
            }
        }
    }
}
