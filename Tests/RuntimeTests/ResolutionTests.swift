import Runtime
import Testing

@Suite("Unrecognised selectors: resolution, forwarding, the error")
struct ResolutionTests {
    @Test func unrecognizedSelectorsAreWordedAsObjCWordsThem() throws {
        let runtime = Runtime()
        let foo = try runtime.registerClass(named: "MMFoo")
        var objects: [Object] = []
        for _ in 0..<42 { objects.append(try runtime.createInstance(of: foo)) }
        let error = runtimeError { _ = try runtime.send("bar", to: objects[41]) }
        #expect(error?.description == "-[MMFoo bar]: unrecognized selector sent to instance 0x2a")
        let classError = runtimeError { _ = try runtime.send("bar", to: foo) }
        #expect(classError?.description == "+[MMFoo bar]: unrecognized selector sent to class 0x\(String(foo.serial, radix: 16))")
    }

    @Test func resolveInstanceMethodCanAddTheMethod() throws {
        let runtime = Runtime()
        let cls = try runtime.registerClass(named: "Lazy") { c in
            try c.addClassMethod("resolveInstanceMethod:", types: "B@::") { m in
                guard case .selector(let selector) = m[0], selector.name == "dynamic" else { return false }
                guard let target = m.receiver as? Class else { return false }
                try m.runtime.addMethod("dynamic", types: "@@:", to: target) { _ in "resolved" }
                return true
            }
        }
        let object = try runtime.createInstance(of: cls)
        #expect(try runtime.send("dynamic", to: object) == "resolved")
        #expect(try runtime.send("dynamic", to: object) == "resolved")
        #expect(runtime.ledger.count == 1)
        #expect(runtimeError { _ = try runtime.send("other", to: object) }?.description.hasPrefix("-[Lazy other]") == true)
    }

    @Test func resolveClassMethodCanAddTheClassMethod() throws {
        let runtime = Runtime()
        let cls = try runtime.registerClass(named: "Lazy") { c in
            try c.addClassMethod("resolveClassMethod:", types: "B@::") { m in
                guard let target = m.receiver as? Class else { return false }
                try m.runtime.addMethod("make", types: "@@:", to: target.isa) { _ in "made" }
                return true
            }
        }
        #expect(try runtime.send("make", to: cls) == "made")
    }

    @Test func forwardingTargetReceivesTheMessage() throws {
        let runtime = Runtime()
        let helper = try runtime.registerClass(named: "Helper") { c in
            try c.addMethod("help:", types: "@@:@") { m in .string("helped with \(m[0]) by \(m.receiver)") }
        }
        let helperInstance = try runtime.createInstance(of: helper)
        let front = try runtime.registerClass(named: "Front") { c in
            try c.addMethod("forwardingTargetForSelector:", types: "@@::") { m in
                guard case .selector(let selector) = m[0], selector.name == "help:" else { return .nil }
                return .object(helperInstance)
            }
        }
        let object = try runtime.createInstance(of: front)
        #expect(try runtime.send("help:", to: object, "x") == "helped with \"x\" by <Helper: 0x1>")
        #expect(runtimeError { _ = try runtime.send("nope", to: object) }?.description.hasPrefix("-[Front nope]") == true)
    }

    @Test func forwardingToItselfFallsThroughToTheError() throws {
        let runtime = Runtime()
        let cls = try runtime.registerClass(named: "Loop") { c in
            try c.addMethod("forwardingTargetForSelector:", types: "@@::") { m in .object(m.receiver) }
        }
        let error = runtimeError { _ = try runtime.send("x", to: try runtime.createInstance(of: cls)) }
        #expect(error?.description.hasPrefix("-[Loop x]: unrecognized selector") == true)
    }

    @Test func theResolutionOrderIsResolveThenForwardThenFail() throws {
        let runtime = Runtime()
        let order = Log()
        let cls = try runtime.registerClass(named: "Order") { c in
            try c.addClassMethod("resolveInstanceMethod:", types: "B@::") { _ in order.append("resolve"); return false }
            try c.addMethod("forwardingTargetForSelector:", types: "@@::") { _ in order.append("forward"); return .nil }
        }
        #expect(runtimeError { _ = try runtime.send("x", to: try runtime.createInstance(of: cls)) } != nil)
        #expect(order.all == ["resolve", "forward"])
    }
}
