import Runtime
import Synchronization

extension ClassLibrary {
    /// `NSProgress`: work done of a total, in a tree.
    ///
    /// A progress made while another is current (`becomeCurrentWithPendingUnitCount:`, as
    /// `+progressWithTotalUnitCount:` and `initWithParent:userInfo:` given
    /// `[NSProgress currentProgress]` make one) is that one's child for the pending units,
    /// as is one `addChild:withPendingUnitCount:` adds. `fractionCompleted` counts each
    /// child's fraction of its pending units; a child that finishes adds its units to its
    /// parent's completed count and leaves the tree. Every change of a count tells the
    /// observers of `completedUnitCount` or `totalUnitCount` and of `fractionCompleted` up the
    /// tree, as progress views observe them. `cancel`, `pause` and `resume` set their state,
    /// run their handler and reach the children.
    static func defineNSProgress(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init"), initWithParent = try runtime.selector("initWithParent:userInfo:")
        /// The progress made current, with its pending units; one per model, as on one thread.
        let current = Mutex<(progress: Object, pending: Int)?>(nil)
        try runtime.registerLazyClass(named: "NSProgress", superclass: root) { c in
            try c.addIvar("_totalUnitCount", type: .integer(code: "q"))
            try c.addIvar("_completedUnitCount", type: .integer(code: "q"))
            try c.addIvar("_parent", type: .object(className: "NSProgress"), isWeak: true)
            /// The children, each `@[child, pendingUnitCount]`.
            try c.addIvar("_children", type: .object(className: "NSArray"))
            for name in ["cancelled", "paused"] {
                try c.addProperty(Property(name: name, type: .bool, attributes: [.readOnly], getter: "is" + name.prefix(1).uppercased() + name.dropFirst()))
            }
            try c.addProperty(Property(name: "cancellable", type: .bool, attributes: [], getter: "isCancellable"))
            try c.addProperty(Property(name: "pausable", type: .bool, attributes: [], getter: "isPausable"))
            try c.addProperty(Property(name: "userInfo", type: .object(className: "NSDictionary"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "kind", type: .object(className: "NSString"), attributes: [.copy]))
            for name in ["cancellationHandler", "pausingHandler", "resumingHandler"] {
                try c.addProperty(Property(name: name, type: .block, attributes: [.copy]))
            }
            for name in ["localizedDescription", "localizedAdditionalDescription"] {
                try c.addIvar("_" + name, type: .object(className: "NSString"))
                try c.addMethod(Property.defaultSetterName(of: name), types: "v@:@") { m in
                    try m.setIvar("_" + name, m[0])
                    return .nil
                }
            }

            try c.addClassMethod("currentProgress", types: "@@:") { _ in current.withLock { $0.map { .object($0.progress) } ?? .nil } }
            try c.addClassMethod("progressWithTotalUnitCount:", types: "@@:q") { m in
                let made = try m.allocInit(initWithParent, Arguments(current.withLock { $0.map { .object($0.progress) } ?? .nil }, .nil))
                _ = try m.send("setTotalUnitCount:", to: made.object, m[0])
                return made
            }
            try c.addClassMethod("discreteProgressWithTotalUnitCount:", types: "@@:q") { m in
                let made = try m.allocInit(initWithParent, Arguments(.nil, .nil))
                _ = try m.send("setTotalUnitCount:", to: made.object, m[0])
                return made
            }
            try c.addClassMethod("progressWithTotalUnitCount:parent:pendingUnitCount:", types: "@@:q@q") { m in
                let made = try m.allocInit(initWithParent, Arguments(.nil, .nil))
                _ = try m.send("setTotalUnitCount:", to: made.object, m[0])
                _ = try m.send("addChild:withPendingUnitCount:", to: try m.objectArgument(1), made, m[2])
                return made
            }
            try c.addMethod("init", types: "@@:") { m in try m.send(initWithParent, to: m.receiver, Arguments(.nil, .nil)) }
            // Given the current progress as its parent, it takes that one's pending units, as
            // Foundation makes the first progress made while another is current its child.
            try c.addMethod("initWithParent:userInfo:", types: "@@:@@") { m in
                let parent = try m.objectArgument(0), info = m[1]
                guard let this = try m.initializingSuper(initialize, Arguments(), { this in
                    try m.runtime.setIvars(of: this, ["_children": .array([]), "_cancellable": true, "_userInfo": info == .nil ? .dictionary([:]) : info])
                }).object else { return .nil }
                if let parent {
                    let pending = current.withLock { state -> Int? in
                        guard let taken = state, taken.progress === parent else { return nil }
                        state = (taken.progress, 0)
                        return taken.pending
                    }
                    if let pending { try attach(this, to: parent, pending: pending, m) }
                }
                return .object(this)
            }
            try c.addMethod("becomeCurrentWithPendingUnitCount:", types: "v@:q") { m in
                let pending = try m.integerArgument(0), this = m.receiver
                current.withLock { $0 = (this, pending) }
                return .nil
            }
            try c.addMethod("resignCurrent", types: "v@:") { m in
                let this = m.receiver
                let left = current.withLock { state -> Int? in
                    guard let taken = state, taken.progress === this else { return nil }
                    state = nil
                    return taken.pending
                }
                guard let left else {
                    throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "this progress was not the current progress: call becomeCurrentWithPendingUnitCount: first")
                }
                // Units no child took count as done, as Foundation finishes them on resigning.
                if left > 0 { try setCount("_completedUnitCount", to: count("_completedUnitCount", m.receiver, m.runtime) + left, of: m.receiver, m) }
                return .nil
            }
            try c.addMethod("addChild:withPendingUnitCount:", types: "v@:@q") { m in
                guard let child = try m.objectArgument(0) else { throw m.wrongArgument(0, expected: "an NSProgress") }
                try attach(child, to: m.receiver, pending: try m.integerArgument(1), m)
                return .nil
            }
            for (name, ivar) in [("totalUnitCount", "_totalUnitCount"), ("completedUnitCount", "_completedUnitCount")] {
                try c.addMethod(name, types: "q@:") { m in .int(try count(ivar, m.receiver, m.runtime)) }
                try c.addMethod(Property.defaultSetterName(of: name), types: "v@:q") { m in
                    try setCount(ivar, to: try m.integerArgument(0), of: m.receiver, m)
                    return .nil
                }
            }
            try c.addMethod("fractionCompleted", types: "d@:") { m in .double(try fraction(of: m.receiver, m.runtime)) }
            // Computed, with the getters UIKit's header names (`progress.finished` reads `isFinished`).
            for name in ["indeterminate", "finished"] {
                let getter = "is" + name.prefix(1).uppercased() + name.dropFirst()
                try c.addProperty(Property(name: name, type: .bool, attributes: [.readOnly], getter: getter).madeUnstored())
            }
            try c.addMethod("isIndeterminate", types: "B@:") { m in
                let total = try count("_totalUnitCount", m.receiver, m.runtime), done = try count("_completedUnitCount", m.receiver, m.runtime)
                return .bool(total < 0 || done < 0 || (total == 0 && done == 0))
            }
            try c.addMethod("isFinished", types: "B@:") { m in .bool(try isFinished(m.receiver, m.runtime)) }
            try c.addMethod("localizedDescription", types: "@@:") { m in
                if case .string = try m.ivar("_localizedDescription") { return try m.ivar("_localizedDescription") }
                return .string("\(Int((try fraction(of: m.receiver, m.runtime) * 100).rounded(.down)))% completed")
            }
            try c.addMethod("localizedAdditionalDescription", types: "@@:") { m in
                if case .string = try m.ivar("_localizedAdditionalDescription") { return try m.ivar("_localizedAdditionalDescription") }
                let total = try count("_totalUnitCount", m.receiver, m.runtime), done = try count("_completedUnitCount", m.receiver, m.runtime)
                return .string(total > 0 ? "\(done) of \(total)" : "")
            }
            try c.addMethod("setUserInfoObject:forKey:", types: "v@:@@") { m in
                var info = try m.ivar("_userInfo").dictionaryEntries ?? [:]
                let key = m[1]
                if m[0] == .nil { info.removeValue(forKey: key) } else { info[key] = m[0] }
                try m.setIvar("_userInfo", .dictionary(info))
                return .nil
            }
            for (name, flag, handler) in [("cancel", "_cancelled", "_cancellationHandler"), ("pause", "_paused", "_pausingHandler"), ("resume", "_paused", "_resumingHandler")] {
                try c.addMethod(name, types: "v@:") { m in
                    try change(m.receiver, flag: flag, to: name != "resume", handler: handler, name: name, m)
                    return .nil
                }
            }
        }

        @Sendable func count(_ ivar: String, _ progress: Object, _ runtime: Runtime) throws -> Int {
            try runtime.ivarValue(ivar, of: progress).intValue ?? 0
        }
        @Sendable func children(of progress: Object, _ runtime: Runtime) throws -> [(child: Object, pending: Int)] {
            try runtime.ivarValue("_children", of: progress).arrayElements.compactMap { pair in
                let parts = pair.arrayElements
                guard parts.count == 2, let child = parts[0].object else { return nil }
                return (child, parts[1].intValue ?? 0)
            }
        }
        @Sendable func isFinished(_ progress: Object, _ runtime: Runtime) throws -> Bool {
            let total = try count("_totalUnitCount", progress, runtime), done = try count("_completedUnitCount", progress, runtime)
            return total > 0 ? done >= total : done > 0 && total == 0
        }
        /// The completed units, with each child's fraction of its pending units, of the total.
        @Sendable func fraction(of progress: Object, _ runtime: Runtime) throws -> Double {
            let total = try count("_totalUnitCount", progress, runtime)
            guard total > 0 else { return 0 }
            var done = Double(max(0, try count("_completedUnitCount", progress, runtime)))
            for (child, pending) in try children(of: progress, runtime) {
                done += min(1, max(0, try fraction(of: child, runtime))) * Double(pending)
            }
            return done / Double(total)
        }
        /// Tells the observers of `key` of `progress`, and of `fractionCompleted` of it and its
        /// ancestors, around `change`.
        @Sendable func notifying(_ key: String?, of progress: Object, _ m: borrowing Message, _ change: () throws -> Void) throws {
            var chain: [Object] = [progress]
            while let parent = try m.runtime.ivarValue("_parent", of: chain[chain.count - 1]).object { chain.append(parent) }
            if let key { _ = try m.send("willChangeValueForKey:", to: progress, .string(key)) }
            for member in chain { _ = try m.send("willChangeValueForKey:", to: member, .string("fractionCompleted")) }
            try change()
            for member in chain.reversed() { _ = try m.send("didChangeValueForKey:", to: member, .string("fractionCompleted")) }
            if let key { _ = try m.send("didChangeValueForKey:", to: progress, .string(key)) }
        }
        @Sendable func setCount(_ ivar: String, to value: Int, of progress: Object, _ m: borrowing Message) throws {
            try notifying(String(ivar.dropFirst()), of: progress, m) { try m.runtime.setIvar(ivar, of: progress, to: .int(value)) }
            try finishIfDone(progress, m)
        }
        /// A finished child adds its pending units to its parent's completed count and leaves.
        @Sendable func finishIfDone(_ progress: Object, _ m: borrowing Message) throws {
            guard try isFinished(progress, m.runtime), let parent = try m.runtime.ivarValue("_parent", of: progress).object else { return }
            let siblings = try children(of: parent, m.runtime)
            guard let entry = siblings.first(where: { $0.child === progress }) else { return }
            try m.runtime.setIvar("_parent", of: progress, to: .nil)
            let kept = siblings.filter { $0.child !== progress }.map { Value.array([.object($0.child), .int($0.pending)]) }
            try m.runtime.setIvar("_children", of: parent, to: .array(kept))
            try setCount("_completedUnitCount", to: count("_completedUnitCount", parent, m.runtime) + entry.pending, of: parent, m)
        }
        @Sendable func attach(_ child: Object, to parent: Object, pending: Int, _ m: borrowing Message) throws {
            guard try m.runtime.ivarValue("_parent", of: child) == .nil else {
                throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "the progress already has a parent")
            }
            try notifying(nil, of: parent, m) {
                try m.runtime.setIvar("_parent", of: child, to: .object(parent))
                let entries = try m.runtime.ivarValue("_children", of: parent).arrayElements
                try m.runtime.setIvar("_children", of: parent, to: .array(entries + [.array([.object(child), .int(pending)])]))
            }
            try finishIfDone(child, m)
        }
        /// Cancels, pauses or resumes `progress` and its children, running its handler when
        /// its state changes.
        @Sendable func change(_ progress: Object, flag: String, to value: Bool, handler: String, name: String, _ m: borrowing Message) throws {
            let was = try m.runtime.ivarValue(flag, of: progress).isTruthy
            if was != value {
                let key = flag == "_cancelled" ? "cancelled" : "paused"
                _ = try m.send("willChangeValueForKey:", to: progress, .string(key))
                try m.runtime.setIvar(flag, of: progress, to: .bool(value))
                _ = try m.send("didChangeValueForKey:", to: progress, .string(key))
                if case .block(let block) = try m.runtime.ivarValue(handler, of: progress) { _ = try block.call(Arguments(), nestedAt: m.depth + 1) }
            }
            for (child, _) in try children(of: progress, m.runtime) { _ = try m.send(name, to: child) }
        }
    }
}
