import Runtime

extension ClassLibrary {
    /// Core Animation's animations as apps configure them (`CABasicAnimation`,
    /// `CAKeyframeAnimation`, `CASpringAnimation`, `CAAnimationGroup`, `CATransition`,
    /// `CAMediaTimingFunction`), and a layer's `addAnimation:forKey:` on the library's
    /// ``VirtualClock``. The model draws nothing, so an animation changes no value; what
    /// code sees is its delegate: `animationDidStart:` as it is added, and
    /// `animationDidStop:finished:` with YES when the clock has gone its begin time and
    /// duration (times its repeat count, twice when it autoreverses) further, or with NO
    /// when it is removed or replaced first. A finished animation leaves the layer unless
    /// its `removedOnCompletion` is NO.
    static let animationClassNames = [
        "CAAnimation", "CAAnimationGroup", "CABasicAnimation", "CAKeyframeAnimation", "CAMediaTimingFunction", "CAPropertyAnimation",
        "CASpringAnimation", "CATransition",
    ]

    static func defineAnimations(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init")
        let animation = try runtime.registerLazyClass(named: "CAAnimation", superclass: root) { c in
            for name in ["duration", "beginTime", "repeatCount", "repeatDuration", "speed", "timeOffset"] {
                try c.addProperty(Property(name: name, type: .double, attributes: [.nonatomic]))
            }
            try c.addProperty(Property(name: "autoreverses", type: .bool, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "removedOnCompletion", type: .bool, attributes: [.nonatomic], getter: "isRemovedOnCompletion"))
            try c.addProperty(Property(name: "fillMode", type: .object(className: "NSString"), attributes: [.nonatomic, .copy]))
            try c.addProperty(Property(name: "timingFunction", type: .object(className: "CAMediaTimingFunction"), attributes: [.nonatomic, .strong]))
            // Core Animation holds an animation's delegate strongly, unlike UIKit's delegates.
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: [.nonatomic, .strong]))
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_removedOnCompletion": true, "_speed": .double(1), "_fillMode": .string("removed")])
                }
            }
            try c.addClassMethod("animation", types: "@@:") { m in try m.allocInit(initialize) }
            try c.addMethod("copy", types: "@@:") { m in .object(m.receiver) }
        }
        let property = try runtime.registerLazyClass(named: "CAPropertyAnimation", superclass: animation) { c in
            try c.addProperty(Property(name: "keyPath", type: .object(className: "NSString"), attributes: [.nonatomic, .copy]))
            for name in ["additive", "cumulative"] {
                try c.addProperty(Property(name: name, type: .bool, attributes: [.nonatomic], getter: "is\(name.prefix(1).uppercased())\(name.dropFirst())"))
            }
            try c.addClassMethod("animationWithKeyPath:", types: "@@:@") { m in
                let made = try m.allocInit(initialize)
                try m.runtime.setIvar("_keyPath", of: made.object, to: m[0])
                return made
            }
        }
        let basic = try runtime.registerLazyClass(named: "CABasicAnimation", superclass: property) { c in
            for name in ["fromValue", "toValue", "byValue"] {
                try c.addProperty(Property(name: name, type: .object(className: nil), attributes: [.nonatomic, .strong]))
            }
        }
        try runtime.registerLazyClass(named: "CASpringAnimation", superclass: basic) { c in
            for name in ["mass", "stiffness", "damping", "initialVelocity"] {
                try c.addProperty(Property(name: name, type: .double, attributes: [.nonatomic]))
            }
        }
        try runtime.registerLazyClass(named: "CAKeyframeAnimation", superclass: property) { c in
            for name in ["values", "keyTimes", "timingFunctions"] {
                try c.addProperty(Property(name: name, type: .object(className: "NSArray"), attributes: [.nonatomic, .copy]))
            }
            try c.addProperty(Property(name: "path", type: .object(className: nil), attributes: [.nonatomic, .strong]))
            try c.addProperty(Property(name: "calculationMode", type: .object(className: "NSString"), attributes: [.nonatomic, .copy]))
        }
        try runtime.registerLazyClass(named: "CAAnimationGroup", superclass: animation) { c in
            try c.addProperty(Property(name: "animations", type: .object(className: "NSArray"), attributes: [.nonatomic, .copy]))
        }
        try runtime.registerLazyClass(named: "CATransition", superclass: animation) { c in
            for name in ["type", "subtype"] {
                try c.addProperty(Property(name: name, type: .object(className: "NSString"), attributes: [.nonatomic, .copy]))
            }
        }
        try runtime.registerLazyClass(named: "CAMediaTimingFunction", superclass: root) { c in
            try c.addProperty(Property(name: "name", type: .object(className: "NSString"), attributes: [.nonatomic, .copy, .readOnly]))
            try c.addClassMethod("functionWithName:", types: "@@:@") { m in
                let made = try m.allocInit(initialize)
                try m.runtime.setIvar("_name", of: made.object, to: m[0])
                return made
            }
            try c.addClassMethod("functionWithControlPoints::::", types: "@@:ffff") { m in try m.allocInit(initialize) }
        }
    }

    /// A layer's animations, kept in the order added as `[key, animation]` pairs (the key
    /// nil for one added without), with their delegates told on `clock`.
    static func addAnimationMethods(to c: inout ClassBuilder, clock: VirtualClock) throws {
        let runtime = c.runtime
        let didStart = try runtime.selector("animationDidStart:"), didStop = try runtime.selector("animationDidStop:finished:")
        @Sendable func entries(of layer: Object, _ runtime: Runtime) throws -> [[Value]] {
            try runtime.ivarValue("_animations", of: layer).arrayElements.map(\.arrayElements)
        }
        @Sendable func store(_ entries: [[Value]], in layer: Object, _ runtime: Runtime) throws {
            try runtime.setIvar("_animations", of: layer, to: .array(entries.map(Value.array)))
        }
        /// Tells an animation's delegate it stopped.
        @Sendable func stopped(_ animation: Value, finished: Bool, _ runtime: Runtime, depth: Int) throws {
            let delegate = try runtime.send("delegate", to: animation.object).object
            guard let delegate, runtime.instancesRespond(delegate.isa, to: didStop) else { return }
            _ = try runtime.send(didStop, to: delegate, Arguments(animation, .bool(finished)), nestedAt: depth)
        }
        do {
            try c.addIvar("_animations", type: .object(className: "NSArray"))
            try c.addMethod("addAnimation:forKey:", types: "v@:@@") { m in
                let animation = m[0], key = m[1]
                guard let object = animation.object else {
                    throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "animation cannot be nil")
                }
                let layer = m.receiver, runtime = m.runtime, reference = RuntimeReference(m.runtime)
                // One of the same key is replaced, and stops unfinished.
                var all = try entries(of: layer, runtime)
                if key != .nil, let at = all.firstIndex(where: { $0.first == key }) {
                    let replaced = all.remove(at: at)
                    try store(all, in: layer, runtime)
                    try stopped(replaced[1], finished: false, runtime, depth: m.depth + 1)
                    all = try entries(of: layer, runtime)
                }
                try store(all + [[key, animation]], in: layer, runtime)
                if let delegate = try m.send("delegate", to: object).object, runtime.instancesRespond(delegate.isa, to: didStart) {
                    _ = try runtime.send(didStart, to: delegate, Arguments(animation), nestedAt: m.depth + 1)
                }
                let repeats = try m.send("repeatCount", to: object).numberValue ?? 0, duration = try m.send("duration", to: object).numberValue ?? 0
                let cycles = max(1, repeats) * (try m.send("autoreverses", to: object).isTruthy ? 2 : 1)
                let seconds = max(0, try m.send("beginTime", to: object).numberValue ?? 0) + max(0, duration) * cycles
                // The clock holds the runtime weakly, as the runtime's classes hold the clock.
                clock.schedule(after: VirtualClock.nanoseconds(fromSeconds: seconds), kind: .block) {
                    guard let runtime = reference.runtime else { return }
                    // Removed or replaced since: its stop was told then.
                    var now = try entries(of: layer, runtime)
                    guard let at = now.firstIndex(where: { $0[1] == animation }) else { return }
                    if try runtime.send("isRemovedOnCompletion", to: object).isTruthy {
                        now.remove(at: at)
                        try store(now, in: layer, runtime)
                    }
                    try stopped(animation, finished: true, runtime, depth: 0)
                }
                return .nil
            }
            try c.addMethod("animationForKey:", types: "@@:@") { m in
                let key = m[0]
                return try entries(of: m.receiver, m.runtime).first { $0[0] == key && key != .nil }?[1] ?? .nil
            }
            try c.addMethod("animationKeys", types: "@@:") { m in
                let keys = try entries(of: m.receiver, m.runtime).map { $0[0] }.filter { $0 != .nil }
                return keys.isEmpty ? .nil : .array(keys)
            }
            try c.addMethod("removeAnimationForKey:", types: "v@:@") { m in
                let key = m[0]
                var all = try entries(of: m.receiver, m.runtime)
                guard key != .nil, let at = all.firstIndex(where: { $0[0] == key }) else { return .nil }
                let removed = all.remove(at: at)
                try store(all, in: m.receiver, m.runtime)
                try stopped(removed[1], finished: false, m.runtime, depth: m.depth + 1)
                return .nil
            }
            try c.addMethod("removeAllAnimations", types: "v@:") { m in
                let all = try entries(of: m.receiver, m.runtime)
                try store([], in: m.receiver, m.runtime)
                for entry in all { try stopped(entry[1], finished: false, m.runtime, depth: m.depth + 1) }
                return .nil
            }
        }
    }
}
