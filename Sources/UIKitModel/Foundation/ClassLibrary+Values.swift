import Runtime

extension ClassLibrary {
    /// `NSString`, `NSNumber`, `NSArray`, `NSDictionary`, `NSBlock` and `Protocol`: the classes
    /// strings, numbers, arrays, dictionaries, blocks and protocols are instances of. Their methods are defined like any
    /// other class's, so they are listed, swizzled, traced and extended by categories.
    static func defineValueClasses(in runtime: Runtime, root: Class, loading: URLLoading) throws {
        let string = try defineNSString(in: runtime, root: root, loading: loading)
        let array = try defineNSArray(in: runtime, root: root)
        let dictionary = try defineNSDictionary(in: runtime, root: root)
        try runtime.setClass(string, forValuesOf: .string)
        let number = try defineNSNumber(in: runtime, value: try runtime.requireClass(named: "NSValue"))
        try runtime.setClass(number, forValuesOf: .number)
        try defineNSDecimalNumber(in: runtime, number: number, root: root)
        try runtime.setClass(array, forValuesOf: .array)
        try runtime.setClass(dictionary, forValuesOf: .dictionary)
        try defineNSMutableString(in: runtime, string: string)
        try defineNSMutableArray(in: runtime, array: array)
        try defineNSMutableDictionary(in: runtime, dictionary: dictionary)
        // Blocks are objects too: `[completion copy]` is how code keeps one.
        let block = try runtime.registerLazyClass(named: "NSBlock", superclass: root) { c in
            try c.addMethod("copy", types: "@@:") { m in m.receiverValue }
            try c.addMethod("description", types: "@@:") { m in .string(m.receiverValue.description) }
            try c.addMethod("isEqual:", types: "B@:@") { m in .bool(m.receiverValue == m[0]) }
        }
        try runtime.setClass(block, forValuesOf: .block)
        // Protocols are objects too: code keys tables by them and compares them.
        let protocolClass = try runtime.registerLazyClass(named: "Protocol", superclass: root) { c in
            @Sendable func proto(_ m: borrowing Message) -> ObjCProtocol? {
                if case .protocol(let proto) = m.receiverValue { return proto }
                return nil
            }
            try c.addMethod("hash", types: "Q@:") { m in .int((proto(m)?.name ?? "").utf8.reduce(5381) { ($0 &* 33) &+ Int($1) } & Int.max) }
            try c.addMethod("isEqual:", types: "B@:@") { m in
                guard case .protocol(let other) = m[0], let own = proto(m) else { return .bool(false) }
                return .bool(own === other)
            }
            try c.addMethod("conformsToProtocol:", types: "B@:@") { m in
                guard case .protocol(let other) = m[0], let own = proto(m) else { return .bool(false) }
                return .bool(own.inherits(from: other))
            }
            try c.addMethod("description", types: "@@:") { m in .string(m.receiverValue.description) }
            try c.addMethod("copy", types: "@@:") { m in m.receiverValue }
        }
        try runtime.setClass(protocolClass, forValuesOf: .protocolObject)
    }

    /// The objects of the C array argument `index`, as many as the count argument
    /// `countIndex` says; a nil among them raises, as Foundation's collections refuse it.
    static func objectsArgument(_ m: borrowing Message, _ index: Int, count countIndex: Int) throws -> [Value] {
        let count = max(0, try m.integerArgument(countIndex))
        let objects = count == 0 ? [] : try m.elementsArgument(index, upTo: count)
        if let hole = objects.firstIndex(of: .nil) ?? (objects.count < count ? objects.count : nil) {
            throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "attempt to insert nil object from objects[\(hole)]")
        }
        return objects
    }

    /// What every value class answers as its values do: `-init` gives the empty value,
    /// equality and hashing are by value, a copy is the value itself, and `NSCoding` writes
    /// and reads the value under Foundation's keys (``ValueCoding``).
    static func addValueBasics(to c: inout ClassBuilder, empty: Value, hash: @escaping @Sendable (Value) -> Int) throws {
        try c.addMethod("init", types: "@@:") { m in try m.made(empty) }
        try ValueCoding(of: empty).add(to: &c)
        try c.addMethod("isEqual:", types: "B@:@") { m in
            .bool(try m.runtime.isEqual(m.receiverContents, ClusterSubclassContents.contents(of: m[0], m) ?? m[0], nestedAt: m.depth + 1))
        }
        // Foundation's hashes, which are the same on every run: a number's is its value,
        // a collection's its count.
        try c.addMethod("hash", types: "Q@:") { m in .int(hash(m.receiverContents)) }
        try c.addMethod("copy", types: "@@:") { m in m.receiverContents }
        try c.addMethod("self", types: "@@:") { m in m.receiverItself }
    }

    /// A collection's `-description`, `-descriptionWithLocale:` and
    /// `-descriptionWithLocale:indent:` (see ``CollectionDescription``), all from
    /// `describe` at a level; the first two send the last to the receiver, so a category
    /// that writes it (to show characters past ASCII as they are, say) changes all three.
    static func addCollectionDescriptions(to c: inout ClassBuilder, describe: @escaping @Sendable (borrowing Message, Int) throws -> String) throws {
        try c.addMethod("descriptionWithLocale:indent:", types: "@@:@Q") { m in .string(try describe(m, max(0, try m.integerArgument(1)))) }
        for (name, types) in [("description", "@@:"), ("descriptionWithLocale:", "@@:@")] {
            try c.addMethod(name, types: types) { m in
                try m.runtime.send(m.runtime.selector("descriptionWithLocale:indent:"), toValue: m.receiverValue, Arguments(.nil, .int(0)), nestedAt: m.depth + 1)
            }
        }
    }
}

extension Message {
    /// The receiver's value of the kind a value class's method works on, or the empty
    /// value for an instance made with `+alloc` and never initialised.
    func receiver<T>(_ read: (Value) -> T?, empty: T) -> T {
        read(receiverValue) ?? ClusterSubclassContents.contents(of: self).flatMap(read) ?? empty
    }

    /// The receiver's value, or for a program's subclass of a class cluster the contents
    /// its primitives answer (see ``ClusterSubclassContents``).
    var receiverContents: Value {
        ClusterSubclassContents.contents(of: self) ?? receiverValue
    }

    /// The string passed as argument `index`: a mutable one's text as it holds it now.
    func stringArgument(_ index: Int) throws -> String {
        guard let text = self[index].text ?? ClusterSubclassContents.contents(of: self[index], self)?.text else { throw wrongArgument(index, expected: "a string") }
        return text
    }

    /// The buffer passed as argument `index`, which the method fills (`getBytes:length:`):
    /// a pointer into memory, or a C array's address.
    func bufferArgument(_ index: Int) throws -> Reference {
        guard case .reference(let buffer) = self[index] else { throw wrongArgument(index, expected: "a buffer, such as a char array") }
        return buffer
    }

    /// The C string passed as argument `index`: a string, a pointer into characters, or a
    /// C array of them (`char name[16]`), read up to its NUL.
    func cStringArgument(_ index: Int) throws -> String {
        let text = if case .array = self[index] { Reference(self[index]).cString } else { self[index].text }
        guard let text else { throw wrongArgument(index, expected: "a C string") }
        return text
    }

    /// Up to `count` elements the pointer passed as argument `index` points at, or a C
    /// array passed there holds, or a C string's characters and NUL (`"{}"`).
    func elementsArgument(_ index: Int, upTo count: Int) throws -> [Value] {
        if case .array(let elements) = self[index] { return Array(elements.prefix(count)) }
        if case .string(let text) = self[index] { return Array((text.utf8.map { .int(Int($0)) } + [.int(0)]).prefix(count)) }
        return try bufferArgument(index).elements(upTo: count)
    }

    /// The integer passed as argument `index`.
    func integerArgument(_ index: Int) throws -> Int {
        // A double converts as C converts one passed for an integer parameter: toward zero
        // (`numberWithLongLong:[date timeIntervalSince1970] * 1000`).
        if case .double(let number) = self[index], let whole = Int(exactly: number.rounded(.towardZero)) { return whole }
        guard let number = self[index].intValue, self[index] != .nil else { throw wrongArgument(index, expected: "an integer") }
        return number
    }

    /// The array passed as argument `index`; with `acceptingNil`, nil reads as an empty
    /// array, as Foundation reads it where it copies or adds a collection's elements
    /// (`arrayWithArray:nil` is an empty array).
    func arrayArgument(_ index: Int, acceptingNil: Bool = false) throws -> [Value] {
        if acceptingNil, self[index] == .nil { return [] }
        // A mutable array, passed where an array is read, is read as it holds now.
        guard let elements = self[index].arrayContents ?? ClusterSubclassContents.contents(of: self[index], self)?.arrayContents else {
            throw wrongArgument(index, expected: "an array")
        }
        return elements
    }

    /// The `NSRange` passed as argument `index`, as a range of positions within `length`
    /// (a string's UTF-16 code units); past the end raises `NSRangeException`.
    func rangeArgument(_ index: Int, within length: Int, of whole: String = "string") throws -> Range<Int> {
        guard let (start, count) = Geometry.rangeBounds(of: self[index]), start >= 0, count >= 0 else {
            throw wrongArgument(index, expected: "an NSRange such as NSMakeRange(0, 3)")
        }
        // A location of NSNotFound (a search that found nothing) overflows, and is out of bounds too.
        let (end, overflows) = start.addingReportingOverflow(count)
        guard !overflows, end <= length else {
            throw ClassLibraryError.outOfRange(method: methodName, reason: "range {\(start), \(count)} out of bounds; \(whole) length \(length)")
        }
        return start..<end
    }

    /// The dictionary passed as argument `index`: a mutable one's entries as it holds them
    /// now; with `acceptingNil`, nil reads as an empty dictionary, as with ``arrayArgument(_:acceptingNil:)``.
    func dictionaryArgument(_ index: Int, acceptingNil: Bool = false) throws -> [Value: Value] {
        if acceptingNil, self[index] == .nil { return [:] }
        guard let entries = self[index].dictionaryEntries ?? ClusterSubclassContents.contents(of: self[index], self)?.dictionaryEntries else {
            throw wrongArgument(index, expected: "a dictionary")
        }
        return entries
    }

    func wrongArgument(_ index: Int, expected: String) -> ClassLibraryError {
        .wrongArgument(method: methodName, expected: "\(expected) as argument \(index + 1)", got: self[index].kindDescription)
    }

    /// The method running, as errors name it: `-[NSString length]`, `+[NSString stringWithFormat:]`
    /// (a metaclass has its class's name).
    var methodName: String {
        "\(receiver.isa.isMetaclass ? "+" : "-")[\(receiver.isa.name) \(selector.name)]"
    }

    /// `value` as a collection made with `copyItems:YES` holds it: an object sent `-copy`
    /// (a mutable one's copy is immutable), a value as it is, since values do not change.
    func copied(_ value: Value) throws -> Value {
        guard case .object(let object) = value else { return value }
        return try send("copy", to: object)
    }

    /// What a factory or an initialiser of a value class answers: the value itself or, when
    /// a mutable class is asked (`[NSMutableArray array]`, `[[NSMutableArray alloc] init]`),
    /// an instance that holds it.
    func made(_ value: Value) throws -> Value {
        // A program's subclass of a cluster is its own instance, whatever `[super init...]` was given.
        if ClusterSubclassContents.isProgramSubclassInstance(receiver) { return .object(receiver) }
        if let holder = receiver as? ValueHolder {
            holder.value = value
            return .object(holder)
        }
        if let cls = receiver as? Class, let instance = try ClusterSubclassContents.instance(of: cls, holding: value, self) { return instance }
        if let cls = receiver as? Class, cls.initialHeldValue != nil {
            let instance = try runtime.createInstance(of: cls)
            (instance as? ValueHolder)?.value = value
            return .object(instance)
        }
        return value
    }

    /// `-mutableCopy`: a new instance of the mutable class `className` holding the receiver's value.
    func mutableCopy(as className: String) throws -> Value {
        guard let cls = runtime.class(named: className), let instance = try runtime.createInstance(of: cls) as? ValueHolder else {
            throw ClassLibraryError.invalidArgument(method: "-[\(receiver.isa.name) mutableCopy]", reason: "the class \(className) is missing")
        }
        instance.value = receiverValue
        return .object(instance)
    }

    /// Changes what a mutable receiver holds; `change` gets the value of the kind `read`
    /// picks out, changed in place: the holder lets go of it meanwhile, so an array or a
    /// dictionary of thousands is not copied for each element added. A change that raises
    /// leaves what it did, as Foundation's do (each checks its arguments first).
    func mutate<Contents>(
        _ read: (Value) -> Contents?, _ write: (Contents) -> Value, _ change: (inout Contents) throws -> Void
    ) throws {
        guard let holder = receiver as? ValueHolder else {
            throw ClassLibraryError.invalidArgument(method: methodName, reason: "the receiver is not mutable")
        }
        try holder.update { value in
            guard var contents = read(value) else { return }
            value = .nil
            defer { value = write(contents) }
            try change(&contents)
        }
    }

    /// The arguments from the first up to the `nil` that ends a list such as
    /// `arrayWithObjects:`'s.
    func argumentsUpToNil() -> [Value] {
        Array(arguments.prefix { $0 != .nil })
    }

    /// The string a format (argument `index`) and the arguments after it make, as
    /// `stringWithFormat:` makes it.
    func formatted(from index: Int) throws -> String {
        let format = try stringArgument(index)
        do {
            return try Format.string(format, Array(arguments.dropFirst(index + 1))) { try text(of: $0) }
        } catch let problem as Format.Problem {
            throw ClassLibraryError.invalidArgument(method: methodName, reason: problem.description)
        }
    }

    /// A value as `%@` and `-description` show it: a string as itself, an object or a
    /// collection by its `-description`, anything else as printed.
    func text(of value: Value) throws -> String {
        switch value {
        case .string(let text): return text
        case .object(let object):
            if case .string(let text) = try send("description", to: object) { return text }
            return object.description
        case .array, .dictionary:
            let described = try runtime.send(runtime.selector("description"), toValue: value, Arguments(), nestedAt: depth + 1)
            if case .string(let text) = described { return text }
            return Format.plainText(of: described)
        default: return Format.plainText(of: value)
        }
    }
}
