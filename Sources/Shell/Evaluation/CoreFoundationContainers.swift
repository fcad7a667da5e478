import Runtime

/// CoreFoundation's arrays, dictionaries and sets, as model caches and runtime code make
/// them (`CFDictionaryCreateMutable(CFAllocatorGetDefault(), 0, &kCFTypeDictionaryKeyCallBacks,
/// &kCFTypeDictionaryValueCallBacks)`). They are toll-free bridged: each is Foundation's
/// mutable container, and each function sends the message Foundation's counterpart
/// answers, so a container made either way works with both. The callbacks are read and
/// not kept: every container holds its objects as Foundation's do, and one made with
/// NULL callbacks holds what it is given just the same.
///
/// `CFCopyDescription`, `CFEqual`, `CFHash` and `CFDateCompare` send `-description`,
/// `-isEqual:`, `-hash` and `-compare:`, as toll-free bridging makes them the same.
///
/// `CFPropertyListCreateWithData` and `CFPropertyListCreateData` are
/// `NSPropertyListSerialization`'s `+propertyListWithData:options:format:error:` and
/// `+dataWithPropertyList:format:options:error:`, their format and error pointers passed on.
///
/// `CFArrayApplyFunction` and `CFDictionaryApplyFunction` call the program's C function
/// with each value (or key and value) and the context pointer, in the container's order.
/// A NULL container answers as a message to nil would (0, NULL, false, nothing done),
/// since what hands it over is often a framework rtsh stands in for (CoreText's lines).
enum CoreFoundationContainers {
    private static let expectations: [String: String] = [
        "CFAllocatorGetDefault": "nothing, as in CFAllocatorGetDefault()",
        "CFDictionaryCreateMutable": "an allocator, a capacity and the key and value callbacks, as in CFDictionaryCreateMutable(NULL, 0, &kCFTypeDictionaryKeyCallBacks, &kCFTypeDictionaryValueCallBacks)",
        "CFDictionaryCreateMutableCopy": "an allocator, a capacity and a dictionary, as in CFDictionaryCreateMutableCopy(NULL, 0, dictionary)",
        "CFDictionaryGetValue": "a dictionary and a key, as in CFDictionaryGetValue(cache, key)",
        "CFDictionaryContainsKey": "a dictionary and a key, as in CFDictionaryContainsKey(cache, key)",
        "CFDictionarySetValue": "a mutable dictionary, a key and a value, as in CFDictionarySetValue(cache, key, value)",
        "CFDictionaryAddValue": "a mutable dictionary, a key and a value, as in CFDictionaryAddValue(cache, key, value)",
        "CFDictionaryReplaceValue": "a mutable dictionary, a key and a value, as in CFDictionaryReplaceValue(cache, key, value)",
        "CFDictionaryRemoveValue": "a mutable dictionary and a key, as in CFDictionaryRemoveValue(cache, key)",
        "CFDictionaryRemoveAllValues": "a mutable dictionary, as in CFDictionaryRemoveAllValues(cache)",
        "CFDictionaryGetCount": "a dictionary, as in CFDictionaryGetCount(cache)",
        "CFDictionaryApplyFunction": "a dictionary, a function of a key, a value and the context, and the context, as in CFDictionaryApplyFunction(dictionary, MMApplier, &context)",
        "CFArrayCreateMutable": "an allocator, a capacity and the callbacks, as in CFArrayCreateMutable(NULL, 0, &kCFTypeArrayCallBacks)",
        "CFArrayCreateMutableCopy": "an allocator, a capacity and an array, as in CFArrayCreateMutableCopy(NULL, 0, array)",
        "CFArrayGetCount": "an array, as in CFArrayGetCount(array)",
        "CFArrayGetValueAtIndex": "an array and an index, as in CFArrayGetValueAtIndex(array, 0)",
        "CFArrayAppendValue": "a mutable array and a value, as in CFArrayAppendValue(array, value)",
        "CFArrayInsertValueAtIndex": "a mutable array, an index and a value, as in CFArrayInsertValueAtIndex(array, 0, value)",
        "CFArraySetValueAtIndex": "a mutable array, an index and a value, as in CFArraySetValueAtIndex(array, 0, value)",
        "CFArrayRemoveValueAtIndex": "a mutable array and an index, as in CFArrayRemoveValueAtIndex(array, 0)",
        "CFArrayRemoveAllValues": "a mutable array, as in CFArrayRemoveAllValues(array)",
        "CFArrayContainsValue": "an array, a range and a value, as in CFArrayContainsValue(array, CFRangeMake(0, CFArrayGetCount(array)), value)",
        "CFArrayApplyFunction": "an array, a range, a function of a value and the context, and the context, as in CFArrayApplyFunction(array, CFRangeMake(0, CFArrayGetCount(array)), MMApplier, &context)",
        "CFSetCreateMutable": "an allocator, a capacity and the callbacks, as in CFSetCreateMutable(NULL, 0, &kCFTypeSetCallBacks)",
        "CFSetAddValue": "a mutable set and a value, as in CFSetAddValue(set, value)",
        "CFSetContainsValue": "a set and a value, as in CFSetContainsValue(set, value)",
        "CFSetRemoveValue": "a mutable set and a value, as in CFSetRemoveValue(set, value)",
        "CFSetRemoveAllValues": "a mutable set, as in CFSetRemoveAllValues(set)",
        "CFSetGetCount": "a set, as in CFSetGetCount(set)",
        "CFCopyDescription": "a CoreFoundation object, as in CFCopyDescription(array)",
        "CFEqual": "two CoreFoundation objects, as in CFEqual(string, other)",
        "CFHash": "a CoreFoundation object, as in CFHash(string)",
        "CFDateCompare": "two dates and a context, as in CFDateCompare(date, other, NULL)",
        "CFPropertyListCreateWithData": "an allocator, data, options, a format pointer and an error pointer, as in CFPropertyListCreateWithData(NULL, (CFDataRef)data, kCFPropertyListImmutable, NULL, &error)",
        "CFPropertyListCreateData": "an allocator, a property list, a format, options and an error pointer, as in CFPropertyListCreateData(NULL, plist, kCFPropertyListXMLFormat_v1_0, 0, &error)",
    ]

    /// The functions, sorted.
    static let names = expectations.keys.sorted()

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        let runtime = interpreter.runtime
        /// Sends `selector` to the container argument 0, which must be of class `kind`: an
        /// object, or a literal's value (`@{}`), which is an instance of its Foundation class.
        func send(_ selector: String, to kind: String, _ arguments: Value...) throws -> Value {
            if call[0] == .nil { return .nil }
            guard let cls = runtime.class(named: kind), runtime.class(ofValue: call[0])?.isSubclass(of: cls) == true else {
                throw call.mistake
            }
            return try interpreter.located(at: location) {
                try runtime.send(runtime.selector(selector), toValue: call[0], Arguments(arguments), nestedAt: interpreter.context.depth)
            }
        }
        /// A new container of class `kind`, or a mutable copy of argument 2.
        func make(_ kind: String, copying: Bool) throws -> Value {
            try call.expect(copying ? 3 : (kind == "NSMutableDictionary" ? 4 : 3))
            guard let cls = runtime.class(named: kind) else { throw call.mistake }
            return try interpreter.located(at: location) {
                guard copying else { return try runtime.send(runtime.selector("new"), to: cls, Arguments(), nestedAt: interpreter.context.depth) }
                guard call[2] != .nil else { throw call.mistake }
                return try runtime.send(runtime.selector("mutableCopy"), toValue: call[2], Arguments(), nestedAt: interpreter.context.depth)
            }
        }
        /// Calls the program's function argument `index` with `values`.
        func apply(_ index: Int, _ values: Value...) throws {
            let function = try call.block(index)
            guard function.parameterCount == values.count else { throw call.mistake }
            _ = try interpreter.call(function, named: "the function given to \(name)", values, at: location)
        }
        /// Sends `selector` to argument 0, whatever object it is.
        func sendToObject(_ selector: String, _ arguments: Value...) throws -> Value {
            try interpreter.send(selector, to: call[0], arguments, forCallAt: location)
        }
        switch name {
        case "CFCopyDescription", "CFHash":
            try call.expect(1)
            guard call[0] != .nil else { throw call.mistake }
            return try sendToObject(name == "CFHash" ? "hash" : "description")
        case "CFEqual":
            try call.expect(2)
            guard call[0] != .nil, call[1] != .nil else { throw call.mistake }
            return .bool(try sendToObject("isEqual:", call[1]).isTruthy)
        case "CFDateCompare":
            try call.expect(3)
            _ = try send("timeIntervalSinceReferenceDate", to: "NSDate")
            guard call[1] != .nil else { throw call.mistake }
            return try sendToObject("compare:", call[1])
        case "CFAllocatorGetDefault":
            try call.expect(0)
            return .nil
        case "CFPropertyListCreateWithData", "CFPropertyListCreateData":
            try call.expect(5)
            guard let serialization = runtime.class(named: "NSPropertyListSerialization") else { throw call.mistake }
            // Both take their arguments after the allocator in the method's order.
            let selector = name == "CFPropertyListCreateData" ? "dataWithPropertyList:format:options:error:" : "propertyListWithData:options:format:error:"
            return try interpreter.located(at: location) {
                try runtime.send(runtime.selector(selector), to: serialization, Arguments(Array(arguments.dropFirst())), nestedAt: interpreter.context.depth)
            }
        case "CFDictionaryCreateMutable": return try make("NSMutableDictionary", copying: false)
        case "CFDictionaryCreateMutableCopy": return try make("NSMutableDictionary", copying: true)
        case "CFArrayCreateMutable": return try make("NSMutableArray", copying: false)
        case "CFArrayCreateMutableCopy": return try make("NSMutableArray", copying: true)
        case "CFSetCreateMutable": return try make("NSMutableSet", copying: false)
        case "CFDictionaryGetValue", "CFDictionaryContainsKey":
            try call.expect(2)
            let found = try send("objectForKey:", to: "NSDictionary", call[1])
            return name == "CFDictionaryGetValue" ? found : .bool(found != .nil)
        case "CFDictionarySetValue", "CFDictionaryAddValue", "CFDictionaryReplaceValue":
            try call.expect(3)
            let present = try send("objectForKey:", to: "NSMutableDictionary", call[1]) != .nil
            // Add leaves a present key as it is, and replace an absent one.
            if name == "CFDictionarySetValue" || (name == "CFDictionaryAddValue") != present {
                _ = try send("setObject:forKey:", to: "NSMutableDictionary", call[2], call[1])
            }
            return .nil
        case "CFDictionaryRemoveValue":
            try call.expect(2)
            _ = try send("removeObjectForKey:", to: "NSMutableDictionary", call[1])
            return .nil
        case "CFDictionaryRemoveAllValues", "CFArrayRemoveAllValues", "CFSetRemoveAllValues":
            try call.expect(1)
            let kind = name == "CFDictionaryRemoveAllValues" ? "NSMutableDictionary" : name == "CFArrayRemoveAllValues" ? "NSMutableArray" : "NSMutableSet"
            _ = try send("removeAllObjects", to: kind)
            return .nil
        case "CFDictionaryGetCount", "CFArrayGetCount", "CFSetGetCount":
            try call.expect(1)
            let count = try send("count", to: name == "CFDictionaryGetCount" ? "NSDictionary" : name == "CFArrayGetCount" ? "NSArray" : "NSSet")
            return .int(count.intValue ?? 0)
        case "CFDictionaryApplyFunction":
            try call.expect(3)
            if call[0] == .nil { return .nil }
            guard case .array(let keys) = try send("allKeys", to: "NSDictionary") else { throw call.mistake }
            for key in keys {
                try apply(1, key, try send("objectForKey:", to: "NSDictionary", key), call[2])
            }
            return .nil
        case "CFArrayGetValueAtIndex":
            try call.expect(2)
            return try send("objectAtIndex:", to: "NSArray", .int(try call.integer(1)))
        case "CFArrayAppendValue":
            try call.expect(2)
            _ = try send("addObject:", to: "NSMutableArray", call[1])
            return .nil
        case "CFArrayInsertValueAtIndex", "CFArraySetValueAtIndex":
            try call.expect(3)
            let index = Value.int(try call.integer(1))
            if name == "CFArrayInsertValueAtIndex" {
                _ = try send("insertObject:atIndex:", to: "NSMutableArray", call[2], index)
            } else {
                _ = try send("replaceObjectAtIndex:withObject:", to: "NSMutableArray", index, call[2])
            }
            return .nil
        case "CFArrayRemoveValueAtIndex":
            try call.expect(2)
            _ = try send("removeObjectAtIndex:", to: "NSMutableArray", .int(try call.integer(1)))
            return .nil
        case "CFArrayContainsValue", "CFArrayApplyFunction":
            try call.expect(name == "CFArrayContainsValue" ? 3 : 4)
            if call[0] == .nil { return name == "CFArrayContainsValue" ? .bool(false) : .nil }
            guard case .array(let values) = try send("subarrayWithRange:", to: "NSArray", try range(call)) else { throw call.mistake }
            guard name == "CFArrayApplyFunction" else { return .bool(values.contains { $0.isEqual(to: call[2]) }) }
            for value in values { try apply(2, value, call[3]) }
            return .nil
        case "CFSetAddValue", "CFSetRemoveValue":
            try call.expect(2)
            _ = try send(name == "CFSetAddValue" ? "addObject:" : "removeObject:", to: "NSMutableSet", call[1])
            return .nil
        default:
            try call.expect(2)
            return .bool(try send("containsObject:", to: "NSSet", call[1]).isTruthy)
        }
    }

    /// The `CFRange` argument 1 as the `NSRange` Foundation's methods take.
    private static func range(_ call: FunctionCall) throws -> Value {
        guard case .structure(let range) = call[1], range.name == "CFRange" || range.name == "_NSRange",
              let location = range["location"]?.intValue, let length = range["length"]?.intValue else { throw call.mistake }
        return .structure(StructValue(name: "_NSRange", fieldNames: ["location", "length"], fields: [.int(location), .int(length)]))
    }
}
