import Runtime
import Synchronization

extension ClassLibrary {
    /// NSObject's delayed performs, as Foundation's `NSObject (NSDelayedPerforming)` and
    /// `NSObject (NSThreadPerformAdditions)` categories declare them, on the library's
    /// ``VirtualClock``: the message is sent when the clock has gone `delay` seconds further. Until then the clock holds the receiver
    /// and the argument, as the run loop does.
    ///
    /// Added as part of NSObject's definition, as Foundation's category is part of the
    /// framework: the ledger stays empty.
    static func defineDelayedPerforming(in runtime: Runtime, root: Class, clock: VirtualClock) throws {
        /// The delayed performs not run yet, by their token: what
        /// `cancelPreviousPerformRequestsWithTarget:selector:object:` picks among.
        let waiting = Mutex<[Int: (target: ObjectIdentifier, selector: Selector, argument: Value)]>([:])
        try runtime.extendDefinition(of: root) { c in
            try c.addMethod("performSelector:withObject:afterDelay:", types: "v@::@d") { m in
                let selector = try m.selectorArgument(0)
                guard let delay = m[2].numberValue else {
                    throw ClassLibraryError.wrongArgument(
                        method: "-[\(m.receiver.isa.name) performSelector:withObject:afterDelay:]", expected: "a delay in seconds", got: m[2].kindDescription)
                }
                let (receiver, argument, reference) = (m.receiver, m[1], RuntimeReference(m.runtime))
                let sequence = Mutex(-1)
                let token = clock.schedule(after: VirtualClock.nanoseconds(fromSeconds: delay), kind: .perform, owner: ObjectIdentifier(receiver)) {
                    _ = waiting.withLock { $0.removeValue(forKey: sequence.withLock { $0 }) }
                    guard let runtime = reference.runtime else { return }
                    // `refresh` takes nothing; `refresh:` takes the object.
                    _ = try runtime.send(selector, to: receiver, fitted([argument], to: selector), nestedAt: 0)
                }
                sequence.withLock { $0 = token.sequence }
                waiting.withLock { $0[token.sequence] = (ObjectIdentifier(receiver), selector, argument) }
                return .nil
            }
            // The model has one thread, the main one: a perform "on the main thread" that
            // waits runs now, one that does not (or one "in the background") at the next turn
            // of the run loop, as the main thread would get to it.
            for (name, types) in [("performSelectorOnMainThread:withObject:waitUntilDone:", "v@::@B"), ("performSelectorInBackground:withObject:", "v@::@")] {
                try c.addMethod(name, types: types) { m in
                    let selector = try m.selectorArgument(0)
                    let arguments = fitted([m[1]], to: selector)
                    if types.hasSuffix("B"), m[2].isTruthy { return try m.send(selector, to: m.receiver, arguments) }
                    let (receiver, reference) = (m.receiver, RuntimeReference(m.runtime))
                    clock.schedule(after: 0, kind: .perform, owner: ObjectIdentifier(receiver)) {
                        guard let runtime = reference.runtime else { return }
                        _ = try runtime.send(selector, to: receiver, arguments, nestedAt: 0)
                    }
                    return .nil
                }
            }
            try c.addClassMethod("cancelPreviousPerformRequestsWithTarget:", types: "v@:@") { m in
                guard let target = try m.objectArgument(0) else { return .nil }
                clock.cancel(kind: .perform, owner: ObjectIdentifier(target))
                waiting.withLock { $0 = $0.filter { $0.value.target != ObjectIdentifier(target) } }
                return .nil
            }
            // Only the performs of that selector whose object is equal to the one given, as
            // Foundation matches them (a debounced search cancels its previous request).
            try c.addClassMethod("cancelPreviousPerformRequestsWithTarget:selector:object:", types: "v@:@:@") { m in
                guard let target = try m.objectArgument(0) else { return .nil }
                let selector = try m.selectorArgument(1)
                let candidates = waiting.withLock { $0.filter { $0.value.target == ObjectIdentifier(target) && $0.value.selector == selector } }
                for (sequence, perform) in candidates where try m.runtime.isEqual(perform.argument, m[2], nestedAt: m.depth + 1) {
                    clock.cancel(VirtualClock.Token(sequence: sequence))
                    _ = waiting.withLock { $0.removeValue(forKey: sequence) }
                }
                return .nil
            }
        }
    }
}
