import Runtime

extension ClassLibrary {
    /// `NSTimer`, on the library's ``VirtualClock``: a scheduled timer fires when the clock
    /// reaches its time, sending its selector to its target (or calling its block) with the
    /// timer, and a repeating one is scheduled again an interval later, until invalidated.
    ///
    /// As Foundation does, an interval of 0 or less is taken as 0.1 milliseconds, and the
    /// run loop holds a scheduled timer, and the timer its target and block, until it is
    /// invalidated (a timer that does not repeat is invalidated once it has fired).
    ///
    /// A timer has a fire date from the start: an interval after it was made, or the date
    /// it was made with (`initWithFireDate:…`); added to the run loop after that date has
    /// passed, it fires at once. `setFireDate:` moves the next firing of a scheduled timer.
    static func defineTimer(in runtime: Runtime, root: Class, environment: ModelEnvironment) throws -> Class {
        let clock = environment.clock
        let initSinceReference = try runtime.selector("initWithTimeIntervalSinceReferenceDate:")
        /// The clock's time of a date (seconds since the reference date).
        @Sendable func clockTime(of date: Double) -> Int {
            clock.now &+ VirtualClock.nanoseconds(fromSeconds: date - environment.now)
        }
        return try runtime.registerLazyClass(named: "NSTimer", superclass: root) { c in
            try c.addIvar("_interval", type: .double)
            try c.addIvar("_repeats", type: .bool)
            try c.addIvar("_valid", type: .bool)
            try c.addIvar("_userInfo", type: .object(className: nil))
            try c.addIvar("_target", type: .object(className: nil))
            try c.addIvar("_selector", type: .selector)
            try c.addIvar("_block", type: .block)
            /// The clock's token for the next firing, while scheduled; -1 otherwise.
            try c.addIvar("_scheduled", type: .integer(code: "q"))
            /// The clock's time of the next firing: the fire date.
            try c.addIvar("_due", type: .integer(code: "q"))
            try c.addProperty(Property(name: "tolerance", type: .double, attributes: []))

            try c.addClassMethod("timerWithTimeInterval:target:selector:userInfo:repeats:", types: "@@:d@:@B") { m in
                .object(try Timer.make(m, interval: m[0], target: m[1], selector: m[2], userInfo: m[3], repeats: m[4], clock: clock))
            }
            try c.addClassMethod("scheduledTimerWithTimeInterval:target:selector:userInfo:repeats:", types: "@@:d@:@B") { m in
                let timer = try Timer.make(m, interval: m[0], target: m[1], selector: m[2], userInfo: m[3], repeats: m[4], clock: clock)
                try Timer.schedule(timer, on: clock, in: m.runtime)
                return .object(timer)
            }
            try c.addClassMethod("timerWithTimeInterval:repeats:block:", types: "@@:dB@?") { m in
                .object(try Timer.make(m, interval: m[0], block: m[2], repeats: m[1], clock: clock))
            }
            try c.addClassMethod("scheduledTimerWithTimeInterval:repeats:block:", types: "@@:dB@?") { m in
                let timer = try Timer.make(m, interval: m[0], block: m[2], repeats: m[1], clock: clock)
                try Timer.schedule(timer, on: clock, in: m.runtime)
                return .object(timer)
            }
            // The initializers that take a fire date: the timer fires first then, and every
            // interval after when it repeats.
            try c.addMethod("initWithFireDate:interval:target:selector:userInfo:repeats:", types: "@@:@d@:@B") { m in
                let date = try dateSeconds(m, 0)
                let timer = try Timer.make(m, interval: m[1], target: m[2], selector: m[3], userInfo: m[4], repeats: m[5], clock: clock, instance: m.receiver)
                try m.runtime.setIvar("_due", of: timer, to: .int(clockTime(of: date)))
                return .object(timer)
            }
            try c.addMethod("initWithFireDate:interval:repeats:block:", types: "@@:@dB@?") { m in
                let date = try dateSeconds(m, 0)
                let timer = try Timer.make(m, interval: m[1], block: m[3], repeats: m[2], clock: clock, instance: m.receiver)
                try m.runtime.setIvar("_due", of: timer, to: .int(clockTime(of: date)))
                return .object(timer)
            }
            try c.addMethod("fireDate", types: "@@:") { m in
                let due = try m.ivar("_due").intValue ?? clock.now
                return try m.make("NSDate", initSinceReference, Arguments(.double(environment.now + Double(due &- clock.now) / 1e9)))
            }
            try c.addMethod("setFireDate:", types: "v@:@") { m in
                try Timer.move(m.receiver, to: clockTime(of: try dateSeconds(m, 0)), on: clock, in: m.runtime)
                return .nil
            }
            try c.addMethod("invalidate", types: "v@:") { m in
                try Timer.invalidate(m.receiver, on: clock, in: m.runtime)
                return .nil
            }
            try c.addMethod("isValid", types: "B@:") { m in
                .bool(try m.runtime.ivarValue("_valid", of: m.receiver).isTruthy)
            }
            // Fires now, outside the schedule: a repeating timer keeps its schedule, one
            // that does not repeat is invalidated, as Foundation's does.
            try c.addMethod("fire", types: "v@:") { m in
                guard try m.runtime.ivarValue("_valid", of: m.receiver).isTruthy else { return .nil }
                try Timer.run(m.receiver, in: m.runtime, depth: m.depth + 1)
                if try !m.runtime.ivarValue("_repeats", of: m.receiver).isTruthy {
                    try Timer.invalidate(m.receiver, on: clock, in: m.runtime)
                }
                return .nil
            }
            try c.addMethod("timeInterval", types: "d@:") { m in
                // A timer that does not repeat reports 0, as Foundation's does.
                try m.runtime.ivarValue("_repeats", of: m.receiver).isTruthy ? try m.runtime.ivarValue("_interval", of: m.receiver) : .double(0)
            }
            try c.addMethod("userInfo", types: "@@:") { m in
                try m.runtime.ivarValue("_userInfo", of: m.receiver)
            }
            try c.addMethod("description", types: "@@:") { m in
                let interval = try m.runtime.ivarValue("_interval", of: m.receiver).numberValue ?? 0
                let repeats = try m.runtime.ivarValue("_repeats", of: m.receiver).isTruthy
                let valid = try m.runtime.ivarValue("_valid", of: m.receiver).isTruthy
                return .string("\(m.receiver.description) every \(interval) s\(repeats ? ", repeating" : "")\(valid ? "" : ", invalidated")")
            }
        }
    }
}

/// The seconds since the reference date of the NSDate argument `index`.
private func dateSeconds(_ m: borrowing Message, _ index: Int) throws -> Double {
    guard let date = try m.objectArgument(index), date.isKind(of: try m.runtime.requireClass(named: "NSDate")),
          let seconds = try m.send("timeIntervalSinceReferenceDate", to: date).numberValue else {
        throw m.wrongArgument(index, expected: "an NSDate, such as [NSDate dateWithTimeIntervalSinceNow:1]")
    }
    return seconds
}

/// What NSTimer's methods and the run loop share.
enum Timer {
    /// A new valid timer, not scheduled yet.
    static func make(
        _ m: borrowing Message, interval: Value, target: Value, selector: Value, userInfo: Value, repeats: Value, clock: VirtualClock, instance: Object? = nil
    ) throws -> Object {
        let method = "+[NSTimer \(m.selector.name)]"
        guard case .object(let targetObject) = target else {
            throw ClassLibraryError.wrongArgument(method: method, expected: "a target object to send the selector to", got: target.kindDescription)
        }
        guard case .selector = selector else {
            throw ClassLibraryError.wrongArgument(method: method, expected: "a selector such as @selector(tick:)", got: selector.kindDescription)
        }
        let timer = try make(m, method: method, interval: interval, repeats: repeats, clock: clock, instance: instance)
        try m.runtime.setIvar("_target", of: timer, to: .object(targetObject))
        try m.runtime.setIvar("_selector", of: timer, to: selector)
        try m.runtime.setIvar("_userInfo", of: timer, to: userInfo)
        return timer
    }

    /// A new valid timer that calls a block, not scheduled yet.
    static func make(_ m: borrowing Message, interval: Value, block: Value, repeats: Value, clock: VirtualClock, instance: Object? = nil) throws -> Object {
        let method = "+[NSTimer \(m.selector.name)]"
        guard case .block(let code) = block, code.parameterCount == 1 else {
            throw ClassLibraryError.wrongArgument(
                method: method, expected: "a block taking the timer, as in ^(NSTimer *timer) { ... }",
                got: block.kindDescription + (block.kindDescription == "a block" ? " taking \(Self.parameterCount(of: block)) arguments" : ""))
        }
        let timer = try make(m, method: method, interval: interval, repeats: repeats, clock: clock, instance: instance)
        try m.runtime.setIvar("_block", of: timer, to: .block(code))
        return timer
    }

    private static func parameterCount(of value: Value) -> Int {
        if case .block(let block) = value { block.parameterCount } else { 0 }
    }

    /// A new timer: an instance of the receiver (a class factory's), or `instance` (an
    /// initializer's), due an interval from now.
    private static func make(_ m: borrowing Message, method: String, interval: Value, repeats: Value, clock: VirtualClock, instance: Object?) throws -> Object {
        guard let seconds = interval.numberValue else {
            throw ClassLibraryError.wrongArgument(method: method, expected: "an interval in seconds", got: interval.kindDescription)
        }
        let timer = try instance ?? m.runtime.createInstance(of: try m.receiverClass())
        // Foundation's floor: an interval of 0 or less would fire without end.
        let floored = seconds > 0 ? seconds : minimumInterval
        try m.runtime.setIvar("_interval", of: timer, to: .double(floored))
        try m.runtime.setIvar("_due", of: timer, to: .int(clock.now &+ VirtualClock.nanoseconds(fromSeconds: floored)))
        try m.runtime.setIvar("_repeats", of: timer, to: .bool(repeats.isTruthy))
        try m.runtime.setIvar("_valid", of: timer, to: true)
        try m.runtime.setIvar("_scheduled", of: timer, to: -1)
        return timer
    }

    /// The shortest interval a timer takes: 0.1 ms, as Foundation's.
    static let minimumInterval = 0.0001

    /// Puts a valid timer on the clock at its fire date (at once when that has passed); a
    /// timer scheduled already, or invalidated, is left as it is (as adding it to a run loop
    /// again changes nothing).
    static func schedule(_ timer: Object, on clock: VirtualClock, in runtime: Runtime) throws {
        guard try runtime.ivarValue("_valid", of: timer).isTruthy, try runtime.ivarValue("_scheduled", of: timer) == -1 else { return }
        let due = try runtime.ivarValue("_due", of: timer).intValue ?? clock.now
        try schedule(timer, at: max(due, clock.now), on: clock, in: runtime)
    }

    /// Whether the timer is on the run loop.
    static func isScheduled(_ timer: Object, in runtime: Runtime) throws -> Bool {
        try runtime.ivarValue("_scheduled", of: timer) != -1
    }

    /// Gives the timer a new fire date, the clock's time `due`: a scheduled one fires then
    /// instead (at once when it has passed), as `setFireDate:` moves it.
    static func move(_ timer: Object, to due: Int, on clock: VirtualClock, in runtime: Runtime) throws {
        try runtime.setIvar("_due", of: timer, to: .int(due))
        guard let sequence = try runtime.ivarValue("_scheduled", of: timer).intValue, sequence >= 0 else { return }
        clock.cancel(VirtualClock.Token(sequence: sequence))
        try schedule(timer, at: max(due, clock.now), on: clock, in: runtime)
    }

    /// Takes a scheduled timer off the run loop, leaving it valid, as
    /// `CFRunLoopRemoveTimer` does.
    static func unschedule(_ timer: Object, on clock: VirtualClock, in runtime: Runtime) throws {
        guard let sequence = try runtime.ivarValue("_scheduled", of: timer).intValue, sequence >= 0 else { return }
        clock.cancel(VirtualClock.Token(sequence: sequence))
        try runtime.setIvar("_scheduled", of: timer, to: -1)
    }

    private static func schedule(_ timer: Object, at due: Int, on clock: VirtualClock, in runtime: Runtime) throws {
        try runtime.setIvar("_due", of: timer, to: .int(due))
        // The clock holds the timer, as a run loop does, but not the runtime.
        let reference = RuntimeReference(runtime)
        let token = clock.schedule(at: due, kind: .timer) { [weak clock] in
            guard let runtime = reference.runtime, let clock else { return }
            try runtime.setIvar("_scheduled", of: timer, to: -1)
            guard try runtime.ivarValue("_valid", of: timer).isTruthy else { return }
            let repeats = try runtime.ivarValue("_repeats", of: timer).isTruthy
            // Scheduled again before it runs, from its due time, so a slow handler does not
            // make it drift, and it may invalidate itself.
            if repeats {
                let interval = try runtime.ivarValue("_interval", of: timer).numberValue ?? minimumInterval
                try schedule(timer, at: due &+ max(1, VirtualClock.nanoseconds(fromSeconds: interval)), on: clock, in: runtime)
            }
            try run(timer, in: runtime, depth: 0)
            if !repeats { try invalidate(timer, on: clock, in: runtime) }
        }
        try runtime.setIvar("_scheduled", of: timer, to: .int(token.sequence))
    }

    /// Sends the timer's selector to its target, or calls its block, with the timer.
    static func run(_ timer: Object, in runtime: Runtime, depth: Int) throws {
        if case .block(let block) = try runtime.ivarValue("_block", of: timer) {
            _ = try block.call(Arguments(.object(timer)), nestedAt: depth)
            return
        }
        guard case .selector(let selector) = try runtime.ivarValue("_selector", of: timer) else { return }
        let target = try runtime.ivarValue("_target", of: timer).object
        // `tick:` receives the timer; `tick` takes nothing.
        _ = try runtime.send(selector, to: target, selector.argumentCount == 0 ? Arguments() : Arguments(.object(timer)), nestedAt: depth)
    }

    /// Stops the timer for good: off the clock, and it lets go of its target, block and
    /// user info.
    static func invalidate(_ timer: Object, on clock: VirtualClock, in runtime: Runtime) throws {
        if let sequence = try runtime.ivarValue("_scheduled", of: timer).intValue, sequence >= 0 {
            clock.cancel(VirtualClock.Token(sequence: sequence))
        }
        for (name, value) in [("_valid", Value.bool(false)), ("_scheduled", -1), ("_target", .nil), ("_block", .nil), ("_userInfo", .nil)] {
            try runtime.setIvar(name, of: timer, to: value)
        }
    }
}
