import Runtime

/// CoreFoundation's binary heaps, the priority queues schedulers keep their work in
/// (`CFBinaryHeapCreate(NULL, 0, &callbacks, NULL)`, as ReactiveObjC's test scheduler
/// orders its actions). A heap is a mutable array kept in the order of its callbacks'
/// `compare` function (the program's C function, called with two values and the compare
/// context), a value going after those it compares equal to; the minimum is the first.
/// Without a compare function (NULL callbacks, `kCFStringBinaryHeapCallBacks`) strings and
/// numbers compare by value and other objects by address, as CoreFoundation compares
/// pointers. The retain and release callbacks are not called: the heap holds its values
/// as Foundation's containers hold theirs.
enum CoreFoundationBinaryHeap {
    private static let expectations: [String: String] = [
        "CFBinaryHeapCreate": "an allocator, a capacity, the callbacks and a compare context, as in CFBinaryHeapCreate(NULL, 0, &callbacks, NULL)",
        "CFBinaryHeapAddValue": "a heap and a value, as in CFBinaryHeapAddValue(heap, value)",
        "CFBinaryHeapGetCount": "a heap, as in CFBinaryHeapGetCount(heap)",
        "CFBinaryHeapGetCountOfValue": "a heap and a value, as in CFBinaryHeapGetCountOfValue(heap, value)",
        "CFBinaryHeapContainsValue": "a heap and a value, as in CFBinaryHeapContainsValue(heap, value)",
        "CFBinaryHeapGetMinimum": "a heap, as in CFBinaryHeapGetMinimum(heap)",
        "CFBinaryHeapGetMinimumIfPresent": "a heap and the address of a variable for the value, as in CFBinaryHeapGetMinimumIfPresent(heap, &value)",
        "CFBinaryHeapRemoveMinimumValue": "a heap, as in CFBinaryHeapRemoveMinimumValue(heap)",
        "CFBinaryHeapRemoveAllValues": "a heap, as in CFBinaryHeapRemoveAllValues(heap)",
        "CFBinaryHeapGetValues": "a heap and a buffer as long as its count, as in CFBinaryHeapGetValues(heap, values)",
        "CFBinaryHeapApplyFunction": "a heap, a function of a value and the context, and the context, as in CFBinaryHeapApplyFunction(heap, MMApplier, &context)",
    ]

    /// The functions, sorted.
    static let names = expectations.keys.sorted()

    /// Where a heap keeps its compare function and context: associations of its array, under
    /// keys no program can name.
    private static let compareKey = Value.string(" CFBinaryHeap compare"), contextKey = Value.string(" CFBinaryHeap context")

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        let runtime = interpreter.runtime, associations = interpreter.context.framework.associations
        if name == "CFBinaryHeapCreate" {
            try call.expect(4)
            guard let heap = try call.located({ try runtime.send("new", to: runtime.requireClass(named: "NSMutableArray")) }).object else { throw call.mistake }
            if case .reference(let callbacks) = call[2], case .structure(let fields) = callbacks.value, case .block(let compare)? = fields["compare"] {
                associations.set(.block(compare), for: compareKey, on: heap)
            }
            associations.set(call[3], for: contextKey, on: heap)
            return .object(heap)
        }
        try call.expect(name == "CFBinaryHeapApplyFunction" ? 3 : ["CFBinaryHeapGetCount", "CFBinaryHeapGetMinimum", "CFBinaryHeapRemoveMinimumValue", "CFBinaryHeapRemoveAllValues"].contains(name) ? 1 : 2)
        // A NULL heap answers as a message to nil would, as CoreFoundation's containers do here.
        guard call[0] != .nil else { return name.hasPrefix("CFBinaryHeapGet") || name == "CFBinaryHeapContainsValue" ? .int(0) : .nil }
        guard let heap = call[0].object, let mutableArray = runtime.class(named: "NSMutableArray"), heap.isKind(of: mutableArray) else { throw call.mistake }
        guard case .array(let values) = try call.located({ try runtime.send("copy", to: heap) }) else { throw call.mistake }

        /// `a` against `b`: below 0 when `a` goes first.
        func compare(_ a: Value, _ b: Value) throws -> Int {
            if case .block(let function) = associations.value(for: compareKey, on: heap) {
                return try interpreter.call(function, named: "the compare function given to CFBinaryHeapCreate", [a, b, associations.value(for: contextKey, on: heap)], at: location).intValue ?? 0
            }
            switch (a, b) {
            case (.string(let x), .string(let y)): return x < y ? -1 : x == y ? 0 : 1
            default:
                if let x = a.numberValue, let y = b.numberValue { return x < y ? -1 : x == y ? 0 : 1 }
                let (x, y) = (a.object?.serial ?? 0, b.object?.serial ?? 0)
                return x < y ? -1 : x == y ? 0 : 1
            }
        }
        func replace(with contents: [Value]) throws {
            _ = try call.located { try runtime.send("setArray:", to: heap, .array(contents)) }
        }

        switch name {
        case "CFBinaryHeapAddValue":
            // After every value that does not come after it, found by halving.
            var (low, high) = (0, values.count)
            while low < high {
                let middle = (low + high) / 2
                if try compare(values[middle], call[1]) <= 0 { low = middle + 1 } else { high = middle }
            }
            var grown = values
            grown.insert(call[1], at: low)
            try replace(with: grown)
            return .nil
        case "CFBinaryHeapGetCount":
            return .int(values.count)
        case "CFBinaryHeapGetCountOfValue", "CFBinaryHeapContainsValue":
            let count = try values.filter { try compare($0, call[1]) == 0 }.count
            return name == "CFBinaryHeapContainsValue" ? .bool(count > 0) : .int(count)
        case "CFBinaryHeapGetMinimum":
            return values.first ?? .nil
        case "CFBinaryHeapGetMinimumIfPresent":
            guard let minimum = values.first else { return .bool(false) }
            try call.pointer(1)?.value = minimum
            return .bool(true)
        case "CFBinaryHeapRemoveMinimumValue":
            if !values.isEmpty { try replace(with: Array(values.dropFirst())) }
            return .nil
        case "CFBinaryHeapRemoveAllValues":
            try replace(with: [])
            return .nil
        case "CFBinaryHeapGetValues":
            guard let buffer = try call.pointer(1) else { throw call.mistake }
            buffer.write(values)
            return .nil
        default:
            let function = try call.block(1)
            guard function.parameterCount == 2 else { throw call.mistake }
            for value in values { _ = try interpreter.call(function, named: "the function given to CFBinaryHeapApplyFunction", [value, call[2]], at: location) }
            return .nil
        }
    }
}
