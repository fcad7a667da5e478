import Runtime
import Testing

@Suite("The send-depth limit")
struct DepthLimitTests {
    /// An instance of `Counter`, whose `down:` sends itself `down:` with one less until 0:
    /// `down: n` nests n sends below the first.
    private func countdown(in runtime: Runtime) throws -> Object {
        let cls = try runtime.registerClass(named: "Counter") { c in
            try c.addMethod("down:", types: "q@:q") { m in
                let n = m[0].intValue ?? 0
                return n == 0 ? 0 : try m.send(m.selector, to: m.receiver, Arguments(.int(n - 1)))
            }
        }
        return try runtime.createInstance(of: cls)
    }

    @Test func runawayRecursionEndsInAnErrorNamingTheMethodAndTheRuntimeGoesOn() throws {
        let runtime = Runtime()
        let cls = try runtime.registerClass(named: "MMLoop") { c in
            try c.addMethod("again", types: "v@:") { m in try m.send(m.selector, to: m.receiver) }
            try c.addMethod("fine", types: "@@:") { _ in "fine" }
        }
        let object = try runtime.createInstance(of: cls)
        let error = runtimeError { _ = try runtime.send("again", to: object) }
        #expect(error == .callDepthExceeded(in: "-[MMLoop again]", limit: runtime.maximumSendDepth))
        #expect(error?.description.contains("-[MMLoop again]") == true)
        #expect(try runtime.send("fine", to: object) == "fine")
        #expect(runtimeError { _ = try runtime.send("again", to: object) } != nil)
    }

    @Test func aSwizzleThatCallsItselfIsCaughtToo() throws {
        let h = try Hierarchy()
        // The probe sends its own selector, which after the exchange is itself.
        try h.runtime.addMethod("probe_greet", types: "@@:", to: h.base) { m in
            try m.send(m.runtime.selector("greet"), to: m.receiver)
        }
        try h.runtime.exchangeImplementations(
            MethodReference(className: "Base", selector: "greet"), MethodReference(className: "Base", selector: "probe_greet"))
        #expect(runtimeError { _ = try h.runtime.send("greet", to: h.new(h.base)) } == .callDepthExceeded(
            in: "-[Base greet]", limit: h.runtime.maximumSendDepth))
        h.runtime.undoAll()
        #expect(try h.runtime.send("greet", to: h.new(h.base)) == "base")
    }

    @Test func theLimitIsConfigurableAndCountsNestedSendsOnly() throws {
        let runtime = Runtime(maximumSendDepth: 3)
        let object = try countdown(in: runtime)
        #expect(try runtime.send("down:", to: object, 2) == 0) // depths 0, 1, 2
        #expect(runtimeError { _ = try runtime.send("down:", to: object, 3) } != nil)
        for _ in 0..<10 { #expect(try runtime.send("down:", to: object, 2) == 0) } // sequential sends do not add up
    }

    /// The fast path compares depth with a word that tracing sets to 0: removing the last
    /// observer must give it back the runtime's own limit, not another.
    @Test func theLimitHoldsWhileTracingAndAfterTheLastObserverGoes() throws {
        let runtime = Runtime(maximumSendDepth: 3)
        let object = try countdown(in: runtime)
        let token = runtime.addTraceObserver { _ in }
        #expect(runtimeError { _ = try runtime.send("down:", to: object, 3) } == .callDepthExceeded(in: "-[Counter down:]", limit: 3))
        runtime.removeTraceObserver(token)
        #expect(try runtime.send("down:", to: object, 2) == 0)
        #expect(runtimeError { _ = try runtime.send("down:", to: object, 3) } == .callDepthExceeded(in: "-[Counter down:]", limit: 3))
    }
}

@Suite("Tracing")
struct TraceTests {
    @Test func observersSeeSendsAndSuperSendsWithDepthArgumentsAndResults() throws {
        let h = try Hierarchy()
        let events = Log()
        let token = h.runtime.addTraceObserver { events.append($0.description) }
        let leaf = try h.new(h.leaf)
        _ = try h.runtime.send("viewDidLoad", to: leaf)
        _ = try h.runtime.send("greet", to: leaf)
        h.runtime.removeTraceObserver(token)
        _ = try h.runtime.send("greet", to: leaf)
        #expect(events.all == [
            "-[Middle viewDidLoad] <Leaf: 0x1>",
            "  super -[Base viewDidLoad] <Leaf: 0x1>",
            "  -> nil",
            "-> nil",
            "-[Base greet] <Leaf: 0x1>",
            "-> \"base\"",
        ])
    }

    @Test func observersSeeArgumentsAndErrors() throws {
        let runtime = Runtime()
        let cls = try runtime.registerClass(named: "Thrower") { c in
            try c.addMethod("fail:", types: "v@:@") { m in try m.send(m.runtime.selector("missing"), to: m.receiver) }
        }
        let seen = Log()
        runtime.addTraceObserver { event in
            if case .entered = event.phase { seen.append("args \(Array(event.call.arguments)) depth \(event.call.depth)") }
            if case .threw(let message) = event.phase { seen.append("threw \(message)") }
        }
        #expect(runtimeError { _ = try runtime.send("fail:", to: try runtime.createInstance(of: cls), "why") } != nil)
        #expect(seen.all == ["args [\"why\"] depth 0", "threw -[Thrower missing]: unrecognized selector sent to instance 0x1"])
    }

    @Test func severalObserversAllSeeEverySend() throws {
        let h = try Hierarchy()
        let first = Log()
        let second = Log()
        h.runtime.addTraceObserver { first.append($0.description) }
        let token = h.runtime.addTraceObserver { second.append($0.description) }
        _ = try h.runtime.send("greet", to: h.new(h.base))
        h.runtime.removeTraceObserver(token)
        _ = try h.runtime.send("greet", to: h.new(h.base))
        #expect(first.all.count == 4)
        #expect(second.all.count == 2)
    }
}
