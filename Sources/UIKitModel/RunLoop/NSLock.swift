import Runtime

extension ClassLibrary {
    /// The lock classes `defineLocks` makes.
    static let lockClassNames = ["NSCondition", "NSConditionLock", "NSLock", "NSRecursiveLock"]

    /// Foundation's locks on rtsh's one thread: `NSLock`, `NSRecursiveLock`, `NSCondition`
    /// and `NSConditionLock`.
    ///
    /// - Taking a free lock always succeeds.
    /// - Taking a lock the thread already holds (all but a recursive lock) deadlocks in
    ///   Foundation, which hangs; here it raises, naming the lock.
    /// - Taking a lock that queued work suspended in a wait holds (on another of the
    ///   clock's strands, see ``VirtualClock``) waits until that work lets it go, as a
    ///   thread blocks; it raises only when nothing scheduled can.
    /// - Waiting on a condition gives the lock up and runs the run loop's clock, as other
    ///   threads and queues would get on with the work that signals it. A wait that
    ///   nothing scheduled can end raises rather than hang; one with a date ends there.
    static func defineLocks(in runtime: Runtime, root: Class, environment: ModelEnvironment) throws {
        let clock = environment.clock
        let holds = IvarName("_holds"), holder = IvarName("_holder"), signals = IvarName("_signals"), condition = IvarName("_condition")
        @Sendable func held(_ m: borrowing Message) -> Int { m.ivar(holds).intValue ?? 0 }
        /// Sets how often the lock is held, by the code running now (its strand) when at all.
        @Sendable func setHeld(_ count: Int, _ m: borrowing Message) throws {
            try m.setIvar(holds, .int(count))
            try m.setIvar(holder, .int(VirtualClock.currentStrand))
        }
        /// Whether the lock is held by other code than the code running now: work suspended
        /// in a wait on another strand.
        @Sendable func isHeldElsewhere(_ m: borrowing Message) -> Bool {
            held(m) > 0 && m.ivar(holder).intValue != VirtualClock.currentStrand
        }
        /// The lock's name for an error: its class and, when it has one, its `name`.
        @Sendable func named(_ m: borrowing Message) -> String {
            let name = if case .string(let text) = (try? m.ivar("_name")) ?? .nil { " '\(text)'" } else { "" }
            return "the \(m.receiver.isa.name)\(name)"
        }
        /// Takes the lock when it is free, or recursive; false when it is held.
        @Sendable func tryTake(_ m: borrowing Message, recursive: Bool) throws -> Bool {
            let count = held(m)
            guard count == 0 || recursive else { return false }
            try setHeld(count + 1, m)
            return true
        }
        /// Nanoseconds from the model's now until the date passed as argument `index`.
        @Sendable func timeout(_ m: borrowing Message, _ index: Int) throws -> Int {
            guard let date = try? dateArgument(m, index) else {
                throw m.wrongArgument(index, expected: "an NSDate, such as [NSDate dateWithTimeIntervalSinceNow:1]")
            }
            return VirtualClock.nanoseconds(fromSeconds: max(0, date.timeIntervalSinceReferenceDate - environment.now))
        }
        /// Runs the clock until `ready` holds, or until the date passed as argument `index`
        /// when there is one; a wait without a date that can never end raises.
        @Sendable func wait(_ m: borrowing Message, for what: String, untilDateAt index: Int?, _ ready: () throws -> Bool) throws -> Bool {
            if let index { return try clock.advance(until: ready, timeout: try timeout(m, index)) }
            try waitForever(on: clock, in: m, for: what, until: ready)
            return true
        }

        for name in lockClassNames {
            let recursive = name == "NSRecursiveLock"
            try runtime.registerLazyClass(named: name, superclass: root) { c in
                try c.addIvar("_holds", type: .integer(code: "q"))
                try c.addIvar("_holder", type: .integer(code: "q"))
                try c.addProperty(Property(name: "name", type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
                try c.addMethod("lock", types: "v@:") { m in
                    if isHeldElsewhere(m) {
                        let (runtime, lock) = (m.runtime, m.receiver)
                        _ = try clock.advance { runtime.ivarValue(holds, of: lock).intValue ?? 0 == 0 }
                    }
                    guard try tryTake(m, recursive: recursive) else { throw ClassLibraryError.deadlock(method: m.methodName, lock: named(m)) }
                    return .nil
                }
                try c.addMethod("unlock", types: "v@:") { m in try setHeld(max(0, held(m) - 1), m); return .nil }
                try c.addMethod("tryLock", types: "B@:") { m in .bool(try tryTake(m, recursive: recursive)) }
                // Held by queued work suspended in a wait: until that work lets it go, or the date.
                // Held by the code asking: only it could free the lock, and it is waiting: the
                // wait runs to the date.
                try c.addMethod("lockBeforeDate:", types: "B@:@") { m in
                    if isHeldElsewhere(m) {
                        let (runtime, lock) = (m.runtime, m.receiver)
                        _ = try clock.advance(until: { runtime.ivarValue(holds, of: lock).intValue ?? 0 == 0 }, timeout: try timeout(m, 0))
                    }
                    guard try tryTake(m, recursive: recursive) else {
                        _ = try clock.advance(by: try timeout(m, 0))
                        return .bool(false)
                    }
                    return .bool(true)
                }
                try c.addMethod("description", types: "@@:") { m in
                    let name = if case .string(let text) = try m.ivar("_name") { "'\(text)'" } else { "(null)" }
                    return .string("<\(m.receiver.isa.name): 0x\(String(m.receiver.serial, radix: 16))>{name = \(name)}")
                }
                if name == "NSCondition" {
                    try c.addIvar("_signals", type: .integer(code: "q"))
                    // Waiting gives the lock up, so the work that signals can take it, and takes it back after.
                    for (selector, types, dated) in [("wait", "v@:", false), ("waitUntilDate:", "B@:@", true)] {
                        try c.addMethod(selector, types: types) { m in
                            let before = m.ivar(signals).intValue ?? 0, count = held(m)
                            let (runtime, lock) = (m.runtime, m.receiver)
                            try setHeld(0, m)
                            let signalled = try wait(m, for: "\(named(m)) to be signalled", untilDateAt: dated ? 0 : nil) {
                                (runtime.ivarValue(signals, of: lock).intValue ?? 0) != before
                            }
                            try setHeld(count, m)
                            return dated ? .bool(signalled) : .nil
                        }
                    }
                    for selector in ["signal", "broadcast"] {
                        try c.addMethod(selector, types: "v@:") { m in
                            try m.setIvar(signals, .int((m.ivar(signals).intValue ?? 0) + 1))
                            return .nil
                        }
                    }
                }
                if name == "NSConditionLock" {
                    try c.addProperty(Property(name: "condition", type: .integer(code: "q"), attributes: [.readOnly, .nonatomic]))
                    try c.addMethod("initWithCondition:", types: "@@:q") { m in
                        let value = try m.integerArgument(0)
                        return try m.initializingSuper(try m.runtime.selector("init")) { this in
                            try m.runtime.setIvar(condition, of: this, to: .int(value))
                        }
                    }
                    for (selector, types, dated) in [("lockWhenCondition:", "v@:q", false), ("lockWhenCondition:beforeDate:", "B@:q@", true)] {
                        try c.addMethod(selector, types: types) { m in
                            let wanted = try m.integerArgument(0)
                            let (runtime, lock) = (m.runtime, m.receiver)
                            let free = try wait(m, for: "\(named(m)) to be free with condition \(wanted)", untilDateAt: dated ? 1 : nil) {
                                runtime.ivarValue(holds, of: lock).intValue ?? 0 == 0 && runtime.ivarValue(condition, of: lock).intValue == wanted
                            }
                            if free { try setHeld(1, m) }
                            return dated ? .bool(free) : .nil
                        }
                    }
                    try c.addMethod("tryLockWhenCondition:", types: "B@:q") { m in
                        guard held(m) == 0, m.ivar(condition).intValue == (try m.integerArgument(0)) else { return .bool(false) }
                        try setHeld(1, m)
                        return .bool(true)
                    }
                    try c.addMethod("unlockWithCondition:", types: "v@:q") { m in
                        try m.setIvar(condition, .int(try m.integerArgument(0)))
                        try setHeld(0, m)
                        return .nil
                    }
                }
            }
        }
    }
}
