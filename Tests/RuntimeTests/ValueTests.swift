import Runtime
import Testing

@Suite("Values")
struct ValueTests {
    @Test func valuesPrintAsTheShellShowsThem() throws {
        let runtime = Runtime()
        let cls = try runtime.registerClass(named: "MMLoginViewController")
        let object = try runtime.createInstance(of: cls)
        let block = Block(parameterCount: 1) { $0[0] }
        let cases: [(Value, String)] = [
            (.nil, "nil"), (true, "YES"), (false, "NO"), (42, "42"), (-1, "-1"), (1.5, "1.5"), (2.0, "2.0"),
            ("Login", "\"Login\""), (.string("say \"hi\"\n"), "\"say \\\"hi\\\"\\n\""),
            (.selector(try runtime.selector("viewDidAppear:")), "@selector(viewDidAppear:)"),
            (.object(cls), "MMLoginViewController"), (.object(object), "<MMLoginViewController: 0x1>"),
            ([1, "a", .nil], "@[1, \"a\", nil]"), (.dictionary(["b": 2, "a": 1]), "@{\"a\": 1, \"b\": 2}"),
            (.block(block), "<block taking 1 argument>"),
        ]
        for (value, text) in cases {
            #expect(value.description == text)
        }
    }

    @Test func truthAndNumbersReadAsCReadsThem() {
        #expect(!Value.nil.isTruthy && !Value.bool(false).isTruthy && !Value.int(0).isTruthy && !Value.double(0).isTruthy)
        #expect(Value.string("").isTruthy && Value.int(-3).isTruthy)
        #expect(Value.nil.intValue == 0 && Value.bool(true).intValue == 1 && Value.double(3).intValue == 3)
        #expect(Value.double(3.5).intValue == nil && Value.string("3").intValue == nil)
    }

    @Test func objectsAndClassesAreValues() throws {
        let runtime = Runtime()
        let cls = try runtime.registerClass(named: "Thing")
        let object = try runtime.createInstance(of: cls)
        #expect(Value.object(cls).class === cls)
        #expect(Value.object(object).class == nil && Value.object(object).object === object)
        #expect(Value.object(object) == .object(object))
        #expect(Value.object(object) != .object(try runtime.createInstance(of: cls)))
        #expect(Value.object(cls).kindDescription == "a class" && Value.object(object).kindDescription == "an object")
    }

    @Test func blocksAreCalledWithTheirArguments() throws {
        let add = Block(parameterCount: 2) { .int(($0[0].intValue ?? 0) + ($0[1].intValue ?? 0)) }
        #expect(try add.call(Arguments(2, 3)) == 5)
        #expect(throws: RuntimeError.blockArgumentCount(expected: 2, got: 1)) { try add.call(Arguments(1)) }
        // A block passed as an argument, and called by the receiver, as a completion handler is.
        let runtime = Runtime()
        let loader = try runtime.registerClass(named: "Loader") { c in
            try c.addMethod("load:", types: "v@:@?") { m in
                guard case .block(let completion) = m[0] else { return .nil }
                return try completion.call(Arguments("data"))
            }
        }
        let echo = Block(parameterCount: 1) { .string("got \($0[0])") }
        #expect(try runtime.send("load:", to: try runtime.createInstance(of: loader), .block(echo)) == "got \"data\"")
    }

    @Test func argumentsHoldAnyNumber() {
        for count in 0..<6 {
            let values = (0..<count).map { Value.int($0) }
            let arguments = Arguments(values)
            #expect(arguments.count == count)
            #expect(Array(arguments) == values)
        }
        #expect(Array(Arguments(1, 2)) == [1, 2])
        #expect(Array([1, 2, 3] as Arguments) == [1, 2, 3])
    }
}

@Suite("Printing deep values")
struct DeepValueTests {
    @Test func collectionsNestedBeyondTheLimitAreElided() {
        var value: Value = .array([])
        for _ in 0..<5_000 { value = .array([value]) }
        let printed = value.description
        #expect(printed.hasPrefix(String(repeating: "@[", count: Value.maximumPrintedDepth) + "@[...]"))
        #expect(printed.hasSuffix(String(repeating: "]", count: Value.maximumPrintedDepth)))
        #expect(Value.dictionary(["k": .array([1])]).description == "@{\"k\": @[1]}")
    }
}

@Test func aStructAddsOnePointerToAValue() {
    // Every send passes Values around; the depth limit is measured against a thread's stack.
    #expect(MemoryLayout<StructValue>.size == MemoryLayout<Int>.size)
    var rect = StructValue(name: "CGPoint", fieldNames: ["x", "y"], fields: [.double(1), .double(2)])
    let copy = rect
    let changed = rect.set("x", to: .double(5))
    #expect(changed)
    #expect(copy["x"] == .double(1) && rect["x"] == .double(5))
}
