import Runtime
import Synchronization
import Testing

/// Strings, numbers, arrays and dictionaries answer messages as instances of the class
/// set for their kind, through the ordinary dispatch path.
@Suite("Values as instances")
struct ValueClassTests {
    @Test func aSendToAValueFindsItsKindsClassAndSeesTheValue() throws {
        let runtime = Runtime()
        let root = try runtime.registerClass(named: "MMRoot")
        let strings = try runtime.registerClass(named: "MMString", superclass: root) { c in
            try c.addMethod("shout", types: "@@:") { m in
                guard case .string(let text) = m.receiverValue else { return .nil }
                return .string(text.uppercased() + "!")
            }
        }
        #expect(throws: RuntimeError.notAnInstance("a string", selector: "shout")) {
            try runtime.send(runtime.selector("shout"), toValue: "hi", Arguments(), nestedAt: 0)
        }
        try runtime.setClass(strings, forValuesOf: .string)
        #expect(try runtime.send(runtime.selector("shout"), toValue: "hi", Arguments(), nestedAt: 0) == "HI!")
        #expect(runtime.class(ofValue: "hi") === strings)
        #expect(runtime.class(ofValue: 3) == nil)
        #expect(try runtime.send(runtime.selector("shout"), toValue: nil, Arguments(), nestedAt: 0) == .nil)
        #expect(throws: RuntimeError.unrecognizedSelectorForValue(method: "-[MMString whisper]", value: "\"hi\"")) {
            try runtime.send(runtime.selector("whisper"), toValue: "hi", Arguments(), nestedAt: 0)
        }
    }

    @Test func aValuesMethodIsSwizzledAndTracedLikeAnyOther() throws {
        let runtime = Runtime()
        let numbers = try runtime.registerClass(named: "MMNumber") { c in
            try c.addMethod("twice", types: "q@:") { m in .int((m.receiverValue.intValue ?? 0) * 2) }
            try c.addMethod("thrice", types: "q@:") { m in .int((m.receiverValue.intValue ?? 0) * 3) }
        }
        try runtime.setClass(numbers, forValuesOf: .number)
        let twice = try runtime.selector("twice")
        _ = try runtime.exchangeImplementations(
            MethodReference(className: "MMNumber", selector: "twice", isClassMethod: false),
            MethodReference(className: "MMNumber", selector: "thrice", isClassMethod: false))
        #expect(try runtime.send(twice, toValue: 5, Arguments(), nestedAt: 0) == 15)
        let traced = Mutex<[String]>([])
        let token = runtime.addTraceObserver { event in
            if case .entered = event.phase { traced.withLock { $0.append(event.call.method.description) } }
        }
        defer { runtime.removeTraceObserver(token) }
        _ = try runtime.send(twice, toValue: .bool(true), Arguments(), nestedAt: 0)
        #expect(traced.withLock { $0 } == ["-[MMNumber twice]"])
    }
}

@Suite("Variadic methods")
struct VariadicMethodTests {
    @Test func aVariadicMethodTakesArgumentsAfterItsSelectorsAndOthersDoNot() throws {
        let runtime = Runtime()
        let cls = try runtime.registerClass(named: "MMList") { c in
            try c.addClassMethod("listWith:", types: "@@:@", variadic: true) { m in .array(Array(m.arguments)) }
            try c.addClassMethod("one:", types: "@@:@") { m in m[0] }
        }
        let list = try runtime.selector("listWith:"), one = try runtime.selector("one:")
        #expect(try runtime.send(list, to: cls, Arguments([1, 2, 3])) == [1, 2, 3])
        #expect(try runtime.send(list, to: cls, Arguments([1])) == [1])
        #expect(throws: RuntimeError.wrongArgumentCount(selector: "listWith:", expected: 1, got: 0)) {
            try runtime.send(list, to: cls, Arguments())
        }
        #expect(throws: RuntimeError.wrongArgumentCount(selector: "one:", expected: 1, got: 2)) {
            try runtime.send(one, to: cls, Arguments([1, 2]))
        }
        #expect(runtime.lookUpMethod(list, in: cls.isa)?.isVariadic == true)
        #expect(runtime.lookUpMethod(one, in: cls.isa)?.isVariadic == false)
    }
}
