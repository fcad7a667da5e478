import Runtime

extension ClassLibrary {
    /// `XCTestExpectation` and `XCTWaiter`, on the run loop's virtual clock: a wait runs the
    /// clock from one due item to the next until its expectations are met, and a wait for
    /// what never comes ends at its timeout at once, failing.
    ///
    /// An expectation is met when fulfilled `expectedFulfillmentCount` times (1 unless set);
    /// an inverted one fails the wait when fulfilled at all. Fulfilling one more often than
    /// expected raises when `assertForOverFulfill` is on, which it is for the expectations
    /// `-expectationWithDescription:` makes.
    static func defineExpectations(in runtime: Runtime, root: Class, recorder: TestRecorder, clock: VirtualClock) throws {
        let initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "XCTestExpectation", superclass: root) { c in
            try c.addProperty(Property(name: "expectationDescription", type: .object(className: "NSString"), attributes: [.copy]))
            try c.addProperty(Property(name: "expectedFulfillmentCount", type: .integer(code: "Q"), attributes: []))
            try c.addProperty(Property(name: "assertForOverFulfill", type: .bool, attributes: []))
            try c.addIvar("_inverted", type: .bool)
            try c.addIvar("_fulfillmentCount", type: .integer(code: "q"))
            // What a predicate or key-value expectation checks as a wait runs (``checkConditions(of:in:)``).
            for name in ["_predicate", "_evaluatedObject", "_handler", "_keyPath", "_expectedValue", "_initialValue"] {
                try c.addIvar(name, type: .object(className: nil))
            }
            for name in ["inverted", "isInverted"] {
                try c.addMethod(name, types: "B@:") { m in try m.ivar("_inverted") }
            }
            try c.addMethod("setInverted:", types: "v@:B") { m in
                try m.setIvar("_inverted", .bool(m[0].isTruthy))
                return .nil
            }
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_expectationDescription": "", "_expectedFulfillmentCount": 1])
                }
            }
            try c.addMethod("initWithDescription:", types: "@@:@") { m in
                let description = try m.stringArgument(0)
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_expectationDescription": .string(description), "_expectedFulfillmentCount": 1])
                }
            }
            try c.addMethod("fulfill", types: "v@:") { m in
                let count = (try m.ivar("_fulfillmentCount").intValue ?? 0) + 1
                let expected = max(1, try m.ivar("_expectedFulfillmentCount").intValue ?? 1)
                if count > expected, try m.ivar("_assertForOverFulfill").isTruthy {
                    let description = try m.text(of: try m.ivar("_expectationDescription"))
                    throw try exception(
                        named: "NSInternalInconsistencyException",
                        reason: "API violation - multiple calls made to -[XCTestExpectation fulfill] for \(description).", in: m.runtime)
                }
                try m.setIvar("_fulfillmentCount", .int(count))
                if count == expected { recorder.noteFulfilled(m.receiver) }
                return .nil
            }
        }
        let initWithDelegate = try runtime.selector("initWithDelegate:")
        try runtime.registerLazyClass(named: "XCTWaiter", superclass: root) { c in
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: []))
            try c.addMethod("initWithDelegate:", types: "@@:@") { m in
                let delegate = m[0]
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_delegate", of: this, to: delegate) }
            }
            try c.addClassMethod("waiterWithDelegate:", types: "@@:@") { m in try m.allocInit(initWithDelegate, Arguments(m[0])) }
            for (selector, types) in [("waitForExpectations:timeout:", "q@:@d"), ("waitForExpectations:timeout:enforceOrder:", "q@:@dB")] {
                // The class's form only answers how the wait ended.
                try c.addClassMethod(selector, types: types) { m in
                    .int(try wait(m, clock: clock, recorder: recorder).result)
                }
                // A waiter whose delegate is the running test records a failed wait there.
                try c.addMethod(selector, types: types) { m in
                    let outcome = try wait(m, clock: clock, recorder: recorder)
                    if let failure = outcome.failure, let delegate = try m.ivar("_delegate").object, delegate === recorder.currentTestCase {
                        throw UnplacedTestFailure(message: failure, result: .int(outcome.result))
                    }
                    return .int(outcome.result)
                }
            }
        }
    }

    /// The expectation methods of `XCTestCase`.
    static func addExpectationMethods(to c: inout ClassBuilder, recorder: TestRecorder, clock: VirtualClock) throws {
        let runtime = c.runtime
        let initWithDescription = try runtime.selector("initWithDescription:")
        try c.addMethod("expectationWithDescription:", types: "@@:@") { m in
            let made = try m.make("XCTestExpectation", initWithDescription, Arguments(m[0]))
            if let expectation = made.object {
                try m.runtime.setIvar("_assertForOverFulfill", of: expectation, to: true)
                recorder.addExpectation(expectation)
            }
            return made
        }
        // A notification posted (by the object given, when one is), once the handler, if
        // any, accepts it; later posts change nothing.
        for (selector, types) in [("expectationForNotification:object:handler:", "@@:@@@?"),
                                  ("expectationForNotification:object:notificationCenter:handler:", "@@:@@@@?")] {
            try c.addMethod(selector, types: types) { m in
                let name = try m.stringArgument(0), sender = m[1]
                let handler = try m.blockArgument(m.arguments.count - 1)
                let from = sender.object.map { "\($0)" } ?? "any object"
                guard let expectation = try expectation("Expect notification '\(name)' from \(from)", m, recorder: recorder) else { return .nil }
                let center = m.arguments.count == 4 && m[2] != .nil ? m[2]
                    : try m.send("defaultCenter", to: try m.runtime.requireClass(named: "NSNotificationCenter"))
                let runtime = m.runtime
                let fulfill = try runtime.selector("fulfill")
                let observer = Block(parameterCount: 1) { arguments, depth in
                    guard try runtime.ivarValue("_fulfillmentCount", of: expectation).intValue ?? 0 == 0 else { return .nil }
                    if let handler, try !handler.call(Arguments(arguments[0]), nestedAt: depth + 1).isTruthy { return .nil }
                    return try runtime.send(fulfill, to: expectation, Arguments(), nestedAt: depth + 1)
                }
                _ = try m.send("addObserverForName:object:queue:usingBlock:", to: center.object ?? m.receiver, .string(name), sender, .nil, .block(observer))
                return .object(expectation)
            }
        }
        // Checked as the wait runs: met once the predicate holds for the object (and the handler agrees).
        try c.addMethod("expectationForPredicate:evaluatedWithObject:handler:", types: "@@:@@@?") { m in
            guard let predicate = m[0].object else { throw m.wrongArgument(0, expected: "an NSPredicate") }
            let format = try m.send("predicateFormat", to: predicate)
            let description = "Expect predicate `\(format.text ?? "")` for object \(m[1])"
            guard let expectation = try expectation(description, m, recorder: recorder) else { return .nil }
            try m.runtime.setIvars(of: expectation, ["_predicate": m[0], "_evaluatedObject": m[1], "_handler": m[2]])
            return .object(expectation)
        }
        // Checked as the wait runs: met once the key path's value equals the value expected,
        // or, with none, once it changes (and the handler, given the object and the change, agrees).
        for (selector, types) in [("keyValueObservingExpectationForObject:keyPath:expectedValue:", "@@:@@@"),
                                  ("keyValueObservingExpectationForObject:keyPath:handler:", "@@:@@@?")] {
            try c.addMethod(selector, types: types) { m in
                guard let observed = m[0].object else { throw m.wrongArgument(0, expected: "an object to observe") }
                let keyPath = try m.stringArgument(1)
                let expected = selector.hasSuffix("expectedValue:") ? m[2] : .nil
                let description = "Expect value of '\(keyPath)' of \(observed)" + (expected == .nil ? " to change" : " to be '\(try m.text(of: expected))'")
                guard let expectation = try expectation(description, m, recorder: recorder) else { return .nil }
                let now = try m.send("valueForKeyPath:", to: observed, .string(keyPath))
                try m.runtime.setIvars(of: expectation, [
                    "_evaluatedObject": m[0], "_keyPath": .string(keyPath), "_expectedValue": expected, "_initialValue": now,
                    "_handler": selector.hasSuffix("handler:") ? m[2] : .nil,
                ])
                return .object(expectation)
            }
        }
        try c.addMethod("waitForExpectationsWithTimeout:handler:", types: "v@:d@?") { m in
            let expectations = recorder.takeExpectations()
            guard !expectations.isEmpty else {
                throw try exception(
                    named: "NSInternalInconsistencyException", reason: "API violation - call made to wait without any expectations having been set.",
                    in: m.runtime)
            }
            let outcome = try wait(for: expectations, timeout: try m.numberArgument(0), enforceOrder: false, in: m.runtime, clock: clock, recorder: recorder)
            if let handler = try m.blockArgument(1) {
                let error: Value = outcome.failure == nil ? .nil : try m.make(
                    "NSError", try m.runtime.selector("initWithDomain:code:userInfo:"),
                    Arguments([.string("com.apple.XCTestErrorDomain"), .int(0), .dictionary([.string("NSLocalizedDescription"): .string(outcome.failure!)])]))
                _ = try handler.call(Arguments(error), nestedAt: m.depth + 1)
            }
            if let failure = outcome.failure { throw UnplacedTestFailure(message: failure, result: .nil) }
            return .nil
        }
        for (selector, types) in [("waitForExpectations:timeout:", "v@:@d"), ("waitForExpectations:timeout:enforceOrder:", "v@:@dB")] {
            try c.addMethod(selector, types: types) { m in
                if let failure = try wait(m, clock: clock, recorder: recorder).failure { throw UnplacedTestFailure(message: failure, result: .nil) }
                return .nil
            }
        }
    }

    /// A new expectation of the running test, described as XCTest describes its kind.
    private static func expectation(_ description: String, _ m: borrowing Message, recorder: TestRecorder) throws -> Object? {
        let made = try m.make("XCTestExpectation", try m.runtime.selector("initWithDescription:"), Arguments(.string(description)))
        guard let expectation = made.object else { return nil }
        recorder.addExpectation(expectation)
        return expectation
    }

    /// Fulfils each predicate or key-value expectation among `expectations` whose
    /// condition holds now, as XCTest's checks while it waits.
    private static func checkConditions(of expectations: [Object], in runtime: Runtime) throws {
        for expectation in expectations where try runtime.ivarValue("_fulfillmentCount", of: expectation).intValue ?? 0 == 0 {
            let object = try runtime.ivarValue("_evaluatedObject", of: expectation)
            let handler = try runtime.ivarValue("_handler", of: expectation)
            var holds = false
            if case .object(let predicate) = try runtime.ivarValue("_predicate", of: expectation) {
                holds = try runtime.send("evaluateWithObject:", to: predicate, object).isTruthy
                if holds, case .block(let block) = handler { holds = try block.call(Arguments()).isTruthy }
            } else if case .string(let keyPath) = try runtime.ivarValue("_keyPath", of: expectation), let observed = object.object {
                let now = try runtime.send("valueForKeyPath:", to: observed, .string(keyPath))
                let expected = try runtime.ivarValue("_expectedValue", of: expectation)
                holds = expected != .nil ? now.isEqual(to: expected) : !now.isEqual(to: try runtime.ivarValue("_initialValue", of: expectation))
                if holds, case .block(let block) = handler {
                    let change = Value.dictionary([.string("new"): now, .string("kind"): .int(1)])
                    holds = try block.call(Arguments(object, change)).isTruthy
                }
            } else {
                continue
            }
            if holds { try runtime.send("fulfill", to: expectation) }
        }
    }

    /// A wait whose arguments are the expectations, the timeout and, optionally, whether
    /// the order counts.
    private static func wait(_ m: borrowing Message, clock: VirtualClock, recorder: TestRecorder) throws -> (result: Int, failure: String?) {
        let expectations = try m.arrayArgument(0).map { value in
            guard let object = value.object, let cls = m.runtime.class(named: "XCTestExpectation"), object.isKind(of: cls) else {
                throw m.wrongArgument(0, expected: "an array of XCTestExpectations")
            }
            return object
        }
        let enforceOrder = m.arguments.count > 2 && m[2].isTruthy
        return try wait(for: expectations, timeout: try m.numberArgument(1), enforceOrder: enforceOrder, in: m.runtime, clock: clock, recorder: recorder)
    }

    /// Runs the clock until `expectations` are met, an inverted one is fulfilled, or
    /// `timeout` seconds have passed. The result is an `XCTWaiterResult` (1 completed,
    /// 2 timed out, 3 fulfilled in the wrong order, 4 an inverted one fulfilled) and, when it
    /// is not 1, the failure as XCTest words it.
    static func wait(
        for expectations: [Object], timeout: Double, enforceOrder: Bool, in runtime: Runtime, clock: VirtualClock, recorder: TestRecorder
    ) throws -> (result: Int, failure: String?) {
        struct State {
            let description: String
            let count: Int
            let expected: Int
            let inverted: Bool
            var met: Bool { count >= expected }
        }
        func state(of expectation: Object) throws -> State {
            let description = try runtime.ivarValue("_expectationDescription", of: expectation)
            return State(
                description: { if case .string(let text) = description { text } else { "" } }(),
                count: try runtime.ivarValue("_fulfillmentCount", of: expectation).intValue ?? 0,
                expected: max(1, try runtime.ivarValue("_expectedFulfillmentCount", of: expectation).intValue ?? 1),
                inverted: try runtime.ivarValue("_inverted", of: expectation).isTruthy)
        }
        _ = try clock.advance(until: {
            try checkConditions(of: expectations, in: runtime)
            let states = try expectations.map(state(of:))
            if states.contains(where: { $0.inverted && $0.count > 0 }) { return true }
            // With an inverted expectation, the wait lasts its whole time unless it fails.
            return states.allSatisfy { !$0.inverted && $0.met }
        }, timeout: VirtualClock.nanoseconds(fromSeconds: timeout))
        let states = try expectations.map(state(of:))
        if let fulfilled = states.first(where: { $0.inverted && $0.count > 0 }) {
            return (4, "Asynchronous wait failed: Fulfilled inverted expectation \"\(fulfilled.description)\".")
        }
        let unmet = states.filter { !$0.inverted && !$0.met }
        if !unmet.isEmpty {
            let names = unmet.map { "\"\($0.description)\"" }.joined(separator: ", ")
            return (2, "Asynchronous wait failed: Exceeded timeout of \(secondsWords(timeout)) seconds, with unfulfilled expectations: \(names).")
        }
        if enforceOrder {
            let order = recorder.fulfillmentOrder
            let waited = expectations.filter { !((try? runtime.ivarValue("_inverted", of: $0).isTruthy) ?? false) }
            let actual = order.compactMap { id in waited.first { ObjectIdentifier($0) == id } }
            for (required, fulfilled) in zip(waited, actual) where required !== fulfilled {
                let requiredName = try state(of: required).description, fulfilledName = try state(of: fulfilled).description
                return (3, "Failed due to expectation fulfilled in incorrect order: requires '\(requiredName)', actually fulfilled '\(fulfilledName)'.")
            }
        }
        return (1, nil)
    }

    /// A timeout as XCTest writes it: `1`, `0.5`.
    private static func secondsWords(_ seconds: Double) -> String {
        seconds.rounded() == seconds && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }
}
