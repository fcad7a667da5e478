import Runtime

extension ClassLibrary {
    /// `NSPropertyListSerialization`, and the collections' property list files
    /// (`+[NSDictionary dictionaryWithContentsOfFile:]`, `-[NSArray writeToFile:atomically:]`
    /// and their URL forms): XML property lists (``XMLPropertyList``) to values and back. A
    /// list read with `NSPropertyListMutableContainers` (1) or `...AndLeaves` (2), or by a
    /// mutable class, has mutable collections. Bytes that are no list, or a value a list
    /// cannot hold (an object other than a string, number, date, data, array or dictionary,
    /// a key that is no string), give nil and Foundation's error (3840 reading, 3851 writing).
    static func definePropertyLists(in runtime: Runtime, root: Class) throws {
        let dataWithContents = try runtime.selector("dataWithContentsOfFile:"), dataWithURL = try runtime.selector("dataWithContentsOfURL:")
        let write = try runtime.selector("writeToFile:atomically:"), writeURL = try runtime.selector("writeToURL:atomically:")
        try runtime.registerLazyClass(named: "NSPropertyListSerialization", superclass: root) { c in
            for (name, types, optionIndex, formatIndex, errorIndex) in [
                ("propertyListWithData:options:format:error:", "@@:@Q^Q^@", 1, 2, 3),
                ("propertyListFromData:mutabilityOption:format:errorDescription:", "@@:@Q^Q^@", 1, 2, -3),
            ] {
                try c.addClassMethod(name, types: types) { m in
                    guard let bytes = try DataBytes.of(m[0], m) else { throw m.wrongArgument(0, expected: "an NSData holding a property list") }
                    let list: XMLPropertyList.Node
                    switch Result(catching: { () throws(XMLPropertyList.Failure) in try XMLPropertyList.read(bytes.map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) }) }) {
                    case .success(let read): list = read
                    case .failure(let failure):
                        try report(failure.reason, code: 3840, m, errorArgument: errorIndex)
                        return .nil
                    }
                    // NSPropertyListXMLFormat_v1_0.
                    if case .reference(let format) = m[formatIndex] { format.value = .int(100) }
                    return try value(of: list, mutable: try m.integerArgument(optionIndex) > 0, m)
                }
            }
            for (name, types, errorIndex) in [
                ("dataWithPropertyList:format:options:error:", "@@:@QQ^@", 3), ("dataFromPropertyList:format:errorDescription:", "@@:@Q^@", -2),
            ] {
                try c.addClassMethod(name, types: types) { m in
                    let list: XMLPropertyList.Node
                    do { list = try node(of: m[0], m) } catch let failure as XMLPropertyList.Failure {
                        try report(failure.reason, code: 3851, m, errorArgument: errorIndex)
                        return .nil
                    }
                    return try m.make("NSData", try m.runtime.selector("_initWithBytes:"), Arguments(.array(XMLPropertyList.xml(list).map { .int(Int($0)) })))
                }
            }
            try c.addClassMethod("propertyList:isValidForFormat:", types: "B@:@Q") { m in
                do { _ = try node(of: m[0], m) } catch is XMLPropertyList.Failure { return .bool(false) }
                return .bool([100, 200].contains(try m.integerArgument(1)))
            }
        }
        for (className, kind) in [("NSDictionary", "dictionary"), ("NSArray", "array")] {
            try runtime.extendDefinition(of: try runtime.requireClass(named: className)) { c in
                /// The collection in the file or at the URL, or nil when there is none, it is
                /// no property list, or its top is not a collection of this kind.
                @Sendable func read(_ m: borrowing Message, fromURL: Bool) throws -> Value {
                    let data = try m.send(fromURL ? dataWithURL : dataWithContents, to: try m.runtime.requireClass(named: "NSData"), Arguments(m[0]))
                    guard let bytes = try DataBytes.of(data, m),
                          let list = try? XMLPropertyList.read(bytes.map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) }) else { return .nil }
                    switch (list, kind) {
                    case (.dictionary, "dictionary"), (.array, "array"): break
                    default: return .nil
                    }
                    // A mutable class's collection is mutable all through, as Foundation reads it.
                    let mutable = (m.receiver as? Class)?.initialHeldValue != nil || m.receiver is ValueHolder
                    guard case .dictionary(let entries) = list, mutable else { return try m.made(try value(of: list, mutable: mutable, m)) }
                    var dictionary: [Value: Value] = [:]
                    for entry in entries { dictionary[.string(entry.key)] = try value(of: entry.value, mutable: true, m) }
                    return try m.made(.dictionary(dictionary))
                }
                let plural = kind == "dictionary" ? "dictionaryWith" : "arrayWith"
                try c.addClassMethod("\(plural)ContentsOfFile:", types: "@@:@") { m in try read(m, fromURL: false) }
                try c.addClassMethod("\(plural)ContentsOfURL:", types: "@@:@") { m in try read(m, fromURL: true) }
                try c.addMethod("initWithContentsOfFile:", types: "@@:@") { m in try read(m, fromURL: false) }
                try c.addMethod("initWithContentsOfURL:", types: "@@:@") { m in try read(m, fromURL: true) }
                for (name, selector) in [("writeToFile:atomically:", write), ("writeToURL:atomically:", writeURL)] {
                    try c.addMethod(name, types: "B@:@B") { m in
                        guard let list = try? node(of: m.receiverValue, m) else { return .bool(false) }
                        let data = try m.make("NSData", try m.runtime.selector("_initWithBytes:"), Arguments(.array(XMLPropertyList.xml(list).map { .int(Int($0)) })))
                        return try m.send(selector, to: data.object, Arguments(m[0], m[1]))
                    }
                }
            }
        }
    }

    /// Sets the error argument `index` (an `NSError **`; a negative index is an
    /// `NSString **` description, as the older methods give) when it is not NULL.
    private static func report(_ reason: String, code: Int, _ m: borrowing Message, errorArgument index: Int) throws {
        guard case .reference(let pointer) = m[abs(index)] else { return }
        if index < 0 {
            pointer.value = .string(reason)
            return
        }
        let info: [Value: Value] = [.string("NSDebugDescription"): .string(reason)]
        pointer.value = try m.send(
            "errorWithDomain:code:userInfo:", to: try m.runtime.requireClass(named: "NSError"), .string("NSCocoaErrorDomain"), .int(code), .dictionary(info))
    }

    /// A list's node as a value: dates and data as objects, collections mutable when asked.
    static func value(of node: XMLPropertyList.Node, mutable: Bool, _ m: borrowing Message) throws -> Value {
        let runtime = m.runtime
        func collection(_ value: Value) throws -> Value {
            guard mutable else { return value }
            return try runtime.send(try runtime.selector("mutableCopy"), toValue: value, Arguments(), nestedAt: m.depth + 1)
        }
        switch node {
        case .string(let text): return .string(text)
        case .integer(let number): return .int(number)
        case .real(let number): return .double(number)
        case .boolean(let flag): return .bool(flag)
        case .date(let seconds):
            return try m.send("dateWithTimeIntervalSinceReferenceDate:", to: try runtime.requireClass(named: "NSDate"), .double(seconds))
        case .data(let bytes):
            return try m.make("NSData", try runtime.selector("_initWithBytes:"), Arguments(.array(bytes.map { .int(Int($0)) })))
        case .array(let items):
            return try collection(.array(try items.map { try value(of: $0, mutable: mutable, m) }))
        case .dictionary(let entries):
            var dictionary: [Value: Value] = [:]
            for entry in entries { dictionary[.string(entry.key)] = try value(of: entry.value, mutable: mutable, m) }
            return try collection(.dictionary(dictionary))
        }
    }

    /// A value as a list's node, or a failure naming what a list cannot hold.
    private static func node(of value: Value, _ m: borrowing Message) throws -> XMLPropertyList.Node {
        let runtime = m.runtime
        switch value {
        case .string(let text): return .string(text)
        case .int(let number): return .integer(number)
        case .double(let number): return .real(number)
        case .bool(let flag): return .boolean(flag)
        case .array(let items): return .array(try items.map { try node(of: $0, m) })
        case .dictionary(let entries):
            return .dictionary(try entries.map { key, item in
                guard case .string(let name) = key else {
                    throw XMLPropertyList.Failure(reason: "Property list invalid for format: 100 (property list dictionaries may only have keys which are CFStrings, not '\(key.kindDescription)')")
                }
                return (name, try node(of: item, m))
            })
        case .object(let object):
            if let holder = object as? ValueHolder { return try node(of: holder.value, m) }
            func isKind(_ name: String) -> Bool { runtime.class(named: name).map(object.isKind(of:)) ?? false }
            if isKind("NSDate"), let seconds = try m.send("timeIntervalSinceReferenceDate", to: object).numberValue { return .date(seconds) }
            if isKind("NSData"), let bytes = try DataBytes.of(value, m) { return .data(bytes.map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) }) }
            if isKind("NSNumber"), let number = try m.send("doubleValue", to: object).numberValue { return .real(number) }
            throw XMLPropertyList.Failure(reason: "Property list invalid for format: 100 (property lists cannot contain objects of type '\(object.isa.name)')")
        default:
            throw XMLPropertyList.Failure(reason: "Property list invalid for format: 100 (property lists cannot contain \(value.kindDescription))")
        }
    }
}
