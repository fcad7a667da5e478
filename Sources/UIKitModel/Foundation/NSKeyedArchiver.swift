import Foundation
import Runtime
import Synchronization

extension ClassLibrary {
    /// The names of the keyed archiving classes the library defines.
    static let keyedArchivingClassNames = ["NSKeyedArchiver", "NSKeyedUnarchiver"]

    /// NSCoding for a value class of the library: `encodeWithCoder:` archives each of
    /// `fields` (ivars) under its name after `prefix`, a key of the model's own (UIKit's
    /// are private), and `initWithCoder:` sets them back after `initialize`. A `secure`
    /// class answers `+supportsSecureCoding` YES (NSSecureCoding).
    static func addCoding(
        of fields: [String], keyedBy prefix: String, initializer initialize: Selector, secure: Bool = false, to c: inout ClassBuilder
    ) throws {
        if secure { try c.addClassMethod("supportsSecureCoding", types: "B@:") { _ in .bool(true) } }
        try c.addMethod("encodeWithCoder:", types: "v@:@") { m in
            let coder = try m.objectArgument(0)
            for field in fields { try m.send("encodeObject:forKey:", to: coder, try m.ivar(field), .string(prefix + field)) }
            return .nil
        }
        try c.addMethod("initWithCoder:", types: "@@:@") { m in
            let coder = try m.objectArgument(0)
            return try m.initializingSuper(initialize) { this in
                for field in fields {
                    try m.runtime.setIvar(field, of: this, to: try m.send("decodeObjectForKey:", to: coder, .string(prefix + field)))
                }
            }
        }
    }

    /// `NSKeyedArchiver` and `NSKeyedUnarchiver`: an object graph to data and back through
    /// the objects' own `-encodeWithCoder:` and `-initWithCoder:`, as `NSCoding` has it.
    /// Strings, numbers, collections, dates, data, URLs and structs are archived as values;
    /// any other object must answer `-encodeWithCoder:` (Foundation raises for one that does
    /// not), and an object met twice (a cycle, or one shared) is archived once and
    /// unarchived as one object. The data is rtsh's own (a tagged JSON tree), the same on
    /// every run, read back by rtsh, by path as well (`archiveRootObject:toFile:`).
    static func defineKeyedArchiving(in runtime: Runtime, coder: Class) throws {
        let work = KeyedArchiveWork()
        let initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "NSKeyedArchiver", superclass: coder) { c in
            try c.addIvar("_values", type: .object(className: "NSDictionary"))
            try c.addProperty(Property(name: "requiresSecureCoding", type: .bool, attributes: [.nonatomic]))
            @Sendable func store(_ m: borrowing Message, _ value: Value, key index: Int) throws {
                try store(m, value, key: try m.stringArgument(index))
            }
            @Sendable func store(_ m: borrowing Message, _ value: Value, key: String) throws {
                let archived = try work.archive(value, m)
                guard case .dictionary(var values) = try m.ivar("_values") else { return }
                values[.string(key)] = archived
                try m.setIvar("_values", .dictionary(values))
            }
            let encoders = [
                "encodeObject:forKey:", "encodeConditionalObject:forKey:", "encodeInteger:forKey:", "encodeInt:forKey:", "encodeInt32:forKey:",
                "encodeInt64:forKey:", "encodeBool:forKey:", "encodeDouble:forKey:", "encodeFloat:forKey:",
            ]
            for name in encoders {
                let code = ["encodeObject:forKey:": "@", "encodeConditionalObject:forKey:": "@", "encodeBool:forKey:": "B",
                            "encodeDouble:forKey:": "d", "encodeFloat:forKey:": "f"][name] ?? "q"
                try c.addMethod(name, types: "v@:\(code)@") { m in
                    try store(m, m[0], key: 1)
                    return .nil
                }
            }
            for (name, encoding) in [("encodeCGRect:forKey:", "{CGRect={CGPoint=dd}{CGSize=dd}}"), ("encodeCGPoint:forKey:", "{CGPoint=dd}"),
                                     ("encodeCGSize:forKey:", "{CGSize=dd}")] {
                try c.addMethod(name, types: "v@:\(encoding)@") { m in
                    try store(m, m[0], key: 1)
                    return .nil
                }
            }
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_values", of: this, to: .dictionary([:])) }
            }
            // An archiver of one's own, whose keyed values become data when encoding finishes:
            // written into the mutable data it was given, and answered by `encodedData`.
            try c.addIvar("_data", type: .object(className: "NSMutableData"))
            try c.addIvar("_writesData", type: .bool)
            try c.addIvar("_finished", type: .object(className: "NSData"))
            try c.addProperty(Property(name: "outputFormat", type: .integer(code: "q"), attributes: [.nonatomic]))
            @Sendable func writing(_ m: borrowing Message, into data: Value) throws -> Value {
                try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_values": .dictionary([:]), "_data": data, "_writesData": .bool(true)])
                }
            }
            try c.addMethod("initForWritingWithMutableData:", types: "@@:@") { m in
                guard m[0].object != nil else { throw m.wrongArgument(0, expected: "an NSMutableData to write the archive into") }
                return try writing(m, into: m[0])
            }
            try c.addMethod("initRequiringSecureCoding:", types: "@@:B") { m in try writing(m, into: .nil) }
            @Sendable func finish(_ m: borrowing Message) throws -> Value {
                if case .object = try m.ivar("_finished") { return try m.ivar("_finished") }
                guard try m.ivar("_writesData").isTruthy else { return .nil }
                let bytes = Value.array(try work.bytes(ofTopLevel: try m.ivar("_values"), m).map { .int(Int($0)) })
                let data = try m.make("NSData", try m.runtime.selector("_initWithBytes:"), Arguments(bytes))
                try m.setIvar("_finished", data)
                if case .object(let target) = try m.ivar("_data") { try m.send("setData:", to: target, data) }
                return data
            }
            try c.addMethod("finishEncoding", types: "v@:") { m in
                _ = try finish(m)
                return .nil
            }
            try c.addMethod("encodedData", types: "@@:") { m in try finish(m) }
            try c.addMethod("encodeRootObject:", types: "v@:@") { m in
                try store(m, m[0], key: KeyedArchiveWork.rootKey)
                return .nil
            }
            for (name, types) in [("archivedDataWithRootObject:", "@@:@"), ("archivedDataWithRootObject:requiringSecureCoding:error:", "@@:@B^@")] {
                try c.addClassMethod(name, types: types) { m in try work.data(archiving: m[0], m) }
            }
            // The archive written as `-[NSData writeToFile:atomically:]` writes, into the app's
            // container (a disk cache's files under its Caches folder), not the host's disk.
            try c.addClassMethod("archiveRootObject:toFile:", types: "B@:@@") { m in
                let data = try work.data(archiving: m[0], m)
                return try m.send("writeToFile:atomically:", to: data.object, m[1], .bool(true))
            }
        }
        try runtime.registerLazyClass(named: "NSKeyedUnarchiver", superclass: coder) { c in
            try c.addIvar("_values", type: .object(className: "NSDictionary"))
            try c.addIvar("_readsData", type: .bool)
            try c.addProperty(Property(name: "requiresSecureCoding", type: .bool, attributes: [.nonatomic]))
            @Sendable func stored(_ m: borrowing Message) throws -> Value? {
                guard case .dictionary(let values) = try m.ivar("_values") else { return nil }
                return values[.string(try m.stringArgument(0))]
            }
            @Sendable func decoded(_ m: borrowing Message) throws -> Value {
                guard let archived = try stored(m) else { return .nil }
                // The root of data read whole starts an unarchiving of its own; any other key
                // is asked inside one, by an object's -initWithCoder:.
                if try m.ivar("_readsData").isTruthy { return try work.unarchive(root: archived, m) }
                return try work.unarchive(archived, m)
            }
            for name in ["decodeObjectForKey:", "decodePropertyListForKey:"] {
                try c.addMethod(name, types: "@@:@") { m in try decoded(m) }
            }
            // The class or classes allowed are the secure coder's check, which rtsh's own data needs not.
            try c.addMethod("decodeObjectOfClass:forKey:", types: "@@:#@") { m in
                guard case .dictionary(let values) = try m.ivar("_values"), let archived = values[.string(try m.stringArgument(1))] else { return .nil }
                return try work.unarchive(archived, m)
            }
            try c.addMethod("decodeObjectOfClasses:forKey:", types: "@@:@@") { m in
                guard case .dictionary(let values) = try m.ivar("_values"), let archived = values[.string(try m.stringArgument(1))] else { return .nil }
                return try work.unarchive(archived, m)
            }
            for name in ["decodeIntegerForKey:", "decodeIntForKey:", "decodeInt32ForKey:", "decodeInt64ForKey:"] {
                try c.addMethod(name, types: "q@:@") { m in .int(try decoded(m).intValue ?? 0) }
            }
            try c.addMethod("decodeBoolForKey:", types: "B@:@") { m in .bool(try decoded(m).isTruthy) }
            for name in ["decodeDoubleForKey:", "decodeFloatForKey:"] {
                try c.addMethod(name, types: "d@:@") { m in .double(try decoded(m).numberValue ?? 0) }
            }
            for (name, zero) in [("decodeCGRectForKey:", Geometry.rect(0, 0, 0, 0)), ("decodeCGPointForKey:", Geometry.point(0, 0)), ("decodeCGSizeForKey:", Geometry.size(0, 0))] {
                try c.addMethod(name, types: zero.typeEncoding + "@:@") { m in
                    let value = try decoded(m)
                    if case .structure = value { return value }
                    return zero
                }
            }
            try c.addMethod("containsValueForKey:", types: "B@:@") { m in .bool(try stored(m) != nil) }
            // An unarchiver reading an archive's data: its root object is under
            // NSKeyedArchiveRootObjectKey ("root"), unarchived afresh each time it is asked.
            for (name, types, errorIndex) in [("initForReadingFromData:error:", "@@:@^@", 1), ("initForReadingWithData:", "@@:@", nil)] as [(String, String, Int?)] {
                try c.addMethod(name, types: types) { m in
                    guard let bytes = try DataBytes.of(m[0], m), let tree = KeyedArchiveWork.tree(of: bytes.map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) }) else {
                        // NSCoderReadCorruptError.
                        if let errorIndex, case .reference(let pointer) = m[errorIndex] {
                            let info: [Value: Value] = [.string("NSLocalizedDescription"): "The data couldn’t be read because it isn’t in the correct format."]
                            pointer.value = try m.send("errorWithDomain:code:userInfo:", to: m.runtime.requireClass(named: "NSError"), "NSCocoaErrorDomain", .int(4864), .dictionary(info))
                        }
                        return .nil
                    }
                    return try m.initializingSuper(initialize) { this in
                        try m.runtime.setIvar("_values", of: this, to: KeyedArchiveWork.topLevelValues(of: tree))
                        try m.runtime.setIvar("_readsData", of: this, to: .bool(true))
                    }
                }
            }
            try c.addMethod("finishDecoding", types: "v@:") { _ in .nil }
            let readers: [(String, String, data: Int)] = [
                ("unarchiveObjectWithData:", "@@:@", 0), ("unarchivedObjectOfClass:fromData:error:", "@@:#@^@", 1),
                ("unarchivedObjectOfClasses:fromData:error:", "@@:@@^@", 1), ("unarchiveTopLevelObjectWithData:error:", "@@:@^@", 0),
            ]
            for (name, types, index) in readers {
                try c.addClassMethod(name, types: types) { m in
                    guard let bytes = try DataBytes.of(m[index], m) else { throw m.wrongArgument(index, expected: "an NSData an archiver made") }
                    return try work.unarchive(bytes: bytes.map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) }, m)
                }
            }
            // Read as `+[NSData dataWithContentsOfFile:]` reads: from the container.
            try c.addClassMethod("unarchiveObjectWithFile:", types: "@@:@") { m in
                let data = try m.send("dataWithContentsOfFile:", to: try m.runtime.requireClass(named: "NSData"), .string(try m.stringArgument(0)))
                guard let bytes = try DataBytes.of(data, m) else { return .nil }
                return try work.unarchive(bytes: bytes.map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) }, m)
            }
        }
    }
}

/// One archiving or unarchiving at a time in a runtime, with the objects it has met: each
/// object archived once (later meetings are references to it), each unarchived once.
///
/// Thread-safe: the tables are behind a lock, never held while an object's code runs.
final class KeyedArchiveWork: Sendable {
    /// `NSKeyedArchiveRootObjectKey`: the key of an archive's root object.
    static let rootKey = "root"

    /// What begins rtsh's archives: a binary property list's magic, as Foundation's archives
    /// begin, then a byte no text has (so the data is not UTF-8, as a real archive is not:
    /// a keychain wrapper tells an archive from a string that way), then rtsh's own mark.
    static let header = Array("bplist00".utf8) + [0xFF] + Array("rtsh-keyed-archive\n".utf8)
    /// The mark of archives before the header above, which are still read.
    static let earlierHeader = Array("rtsh-keyed-archive\n".utf8)
    /// The deepest object graph archived: deeper ones are refused rather than overflowing the stack.
    static let maximumDepth = 500

    private struct State {
        var archived: [ObjectIdentifier: Int] = [:]
        /// The objects archived, kept alive while their identifiers stand in the table.
        var kept: [Object] = []
        var unarchived: [Int: Value] = [:]
        var depth = 0
    }

    private let state = Mutex(State())

    private func reset() { state.withLock { $0 = State() } }

    private func nest(_ m: borrowing Message) throws {
        let depth = state.withLock { state in
            state.depth += 1
            return state.depth
        }
        guard depth <= Self.maximumDepth else {
            throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "the object graph nests deeper than \(Self.maximumDepth) objects")
        }
    }

    private func unnest() { state.withLock { $0.depth -= 1 } }

    func bytes(archiving root: Value, _ m: borrowing Message) throws -> [UInt8] {
        reset()
        defer { reset() }
        return try Self.bytes(of: try archive(root, m), m)
    }

    /// The bytes of an archiver that was made to write data (`initForWritingWithMutableData:`,
    /// `initRequiringSecureCoding:`): the values encoded into it, by key, at the top. Ends
    /// the archiving they were part of.
    func bytes(ofTopLevel values: Value, _ m: borrowing Message) throws -> [UInt8] {
        defer { reset() }
        return try Self.bytes(of: .dictionary([.string(Self.topLevelKey): values]), m)
    }

    /// The tag of an archive whose top holds keyed values rather than one root object.
    static let topLevelKey = "$top"

    private static func bytes(of tree: Value, _ m: borrowing Message) throws -> [UInt8] {
        do {
            return header + Array(try JSONSerialization.data(withJSONObject: json(of: tree), options: [.sortedKeys]))
        } catch {
            throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "the object graph holds a value an archive cannot keep (a number that is not finite)")
        }
    }

    /// The values at an archive's top, by key: an archiver's that wrote data, or the one
    /// root object's (`NSKeyedArchiveRootObjectKey`).
    static func topLevelValues(of tree: Value) -> Value {
        if case .dictionary(let entries) = tree, let values = entries[.string(topLevelKey)] { return values }
        return .dictionary([.string(rootKey): tree])
    }

    func data(archiving root: Value, _ m: borrowing Message) throws -> Value {
        let bytes = try self.bytes(archiving: root, m)
        return try m.make("NSData", try m.runtime.selector("_initWithBytes:"), Arguments(.array(bytes.map { .int(Int($0)) })))
    }

    /// `value` as an archive's tree: a dictionary tagged with what it holds.
    func archive(_ value: Value, _ m: borrowing Message) throws -> Value {
        let runtime = m.runtime, depth = m.depth + 1
        func tagged(_ tag: String, _ content: Value) -> Value { .dictionary([.string(tag): content]) }
        switch value {
        case .nil: return tagged("$nil", .bool(true))
        case .string(let text): return tagged("$s", .string(text))
        case .int(let number): return tagged("$i", .int(number))
        case .double(let number): return tagged("$d", .double(number))
        case .bool(let flag): return tagged("$b", .bool(flag))
        case .array(let items): return tagged("$a", .array(try items.map { try archive($0, m) }))
        case .dictionary(let entries):
            let keys = entries.keys.sorted { $0.description < $1.description }
            return .dictionary([
                .string("$k"): .array(try keys.map { try archive($0, m) }),
                .string("$v"): .array(try keys.map { try archive(entries[$0] ?? .nil, m) }),
            ])
        case .structure(let structure):
            return .dictionary([
                .string("$struct"): .string(structure.name), .string("$names"): .array(structure.fieldNames.map(Value.string)),
                .string("$fields"): .array(try structure.fields.map { try archive($0, m) }),
            ])
        case .object(let object):
            if let holder = object as? ValueHolder {
                return .dictionary([.string("$mutable"): try archive(holder.value, m)])
            }
            func isKind(_ name: String) -> Bool { runtime.class(named: name).map(object.isKind(of:)) ?? false }
            if isKind("NSDate") { return tagged("$date", try runtime.send("timeIntervalSinceReferenceDate", to: object)) }
            if isKind("NSURL") { return tagged("$url", try runtime.send("absoluteString", to: object)) }
            if isKind("NSData") { return tagged("$data", try runtime.ivarValue("_bytes", of: object)) }
            if isKind("NSNull") { return tagged("$null", .bool(true)) }
            // A boxed struct (`[NSValue valueWithCGSize:]`), as Foundation archives the geometry's.
            if let (held, type) = ClassLibrary.unboxed(value, in: runtime) {
                return .dictionary([.string("$boxed"): try archive(held, m), .string("$type"): .string(type)])
            }
            // Sets and ordered sets keep their members, in order, and their class (so a
            // mutable one comes back mutable).
            for (kind, members) in [("NSOrderedSet", "array"), ("NSSet", "allObjects")] where isKind(kind) {
                guard case .array(let items) = try runtime.send(members, to: object) else { break }
                return .dictionary([.string("$members"): .array(try items.map { try archive($0, m) }), .string("$setClass"): .string(object.isa.name)])
            }
            if let seen = state.withLock({ $0.archived[ObjectIdentifier(object)] }) { return tagged("$ref", .int(seen)) }
            let encode = try runtime.selector("encodeWithCoder:")
            guard runtime.instancesRespond(object.isa, to: encode) else {
                throw ClassLibraryError.invalidArgument(
                    method: m.methodName, reason: "-[\(object.isa.name) encodeWithCoder:]: unrecognized selector sent to instance; \(object.isa.name) does not adopt NSCoding")
            }
            let id = state.withLock { state in
                let id = state.archived.count + 1
                state.archived[ObjectIdentifier(object)] = id
                state.kept.append(object)
                return id
            }
            try nest(m)
            defer { unnest() }
            let archiver = try runtime.send("new", to: try runtime.requireClass(named: "NSKeyedArchiver"))
            _ = try runtime.send(encode, to: object, Arguments(archiver), nestedAt: depth)
            let values = try archiver.object.map { try runtime.ivarValue("_values", of: $0) } ?? .dictionary([:])
            return .dictionary([.string("$class"): .string(object.isa.name), .string("$id"): .int(id), .string("$values"): values])
        default:
            throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "\(value.kindDescription) cannot be archived")
        }
    }

    func unarchive(bytes: [UInt8], _ m: borrowing Message) throws -> Value {
        guard let tree = Self.tree(of: bytes) else {
            throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "the data is not an archive NSKeyedArchiver made")
        }
        guard case .dictionary(let values) = Self.topLevelValues(of: tree), let root = values[.string(Self.rootKey)] else { return .nil }
        return try unarchive(root: root, m)
    }

    /// The tree of the archive `bytes` hold; nil when they are not an archive rtsh made.
    static func tree(of bytes: [UInt8]) -> Value? {
        guard let mark = [header, earlierHeader].first(where: bytes.starts(with:)),
              let json = try? JSONSerialization.jsonObject(with: Data(bytes.dropFirst(mark.count)), options: []) else { return nil }
        return value(of: json)
    }

    /// The root object of an archive's tree, unarchived afresh.
    func unarchive(root tree: Value, _ m: borrowing Message) throws -> Value {
        reset()
        defer { reset() }
        return try unarchive(tree, m)
    }

    /// The value an archive's tree stands for: objects made again with `-initWithCoder:`.
    func unarchive(_ archived: Value, _ m: borrowing Message) throws -> Value {
        let runtime = m.runtime, depth = m.depth + 1
        guard case .dictionary(let entries) = archived else { return archived }
        func entry(_ tag: String) -> Value? { entries[.string(tag)] }
        // JSON keeps numbers without their kind; the tag says which it was.
        if let text = entry("$s") { return text }
        if let number = entry("$i") { return .int(number.intValue ?? 0) }
        if let number = entry("$d") { return .double(number.numberValue ?? 0) }
        if let flag = entry("$b") { return .bool(flag.isTruthy) }
        if entry("$nil") != nil { return .nil }
        if case .array(let items)? = entry("$a") { return .array(try items.map { try unarchive($0, m) }) }
        if case .array(let keys)? = entry("$k"), case .array(let values)? = entry("$v") {
            var dictionary: [Value: Value] = [:]
            for (key, value) in zip(keys, values) { dictionary[try unarchive(key, m)] = try unarchive(value, m) }
            return .dictionary(dictionary)
        }
        if case .string(let name)? = entry("$struct"), case .array(let names)? = entry("$names"), case .array(let fields)? = entry("$fields") {
            return .structure(StructValue(name: name, fieldNames: names.compactMap(\.text), fields: try fields.map { try unarchive($0, m) }))
        }
        if let mutable = entry("$mutable") {
            return try runtime.send(try runtime.selector("mutableCopy"), toValue: try unarchive(mutable, m), Arguments(), nestedAt: depth)
        }
        if let interval = entry("$date") {
            return try runtime.send("dateWithTimeIntervalSinceReferenceDate:", to: try runtime.requireClass(named: "NSDate"), interval)
        }
        if let url = entry("$url") { return try runtime.send("URLWithString:", to: try runtime.requireClass(named: "NSURL"), url) }
        if case .array(let bytes)? = entry("$data") {
            return try m.make("NSData", try runtime.selector("_initWithBytes:"), Arguments(.array(bytes.map { .int($0.intValue ?? 0) })))
        }
        if entry("$null") != nil { return try runtime.send("null", to: try runtime.requireClass(named: "NSNull")) }
        if let boxed = entry("$boxed"), case .string(let type)? = entry("$type") {
            return try ClassLibrary.boxed(try unarchive(boxed, m), type: type, in: runtime)
        }
        if case .array(let members)? = entry("$members"), case .string(let name)? = entry("$setClass") {
            // A set of a class the reading runtime lacks comes back as Foundation's own.
            let cls = try runtime.class(named: name) ?? runtime.requireClass(named: "NSSet")
            let isOrdered = runtime.class(named: "NSOrderedSet").map(cls.isSubclass(of:)) ?? false
            return try runtime.send(isOrdered ? "orderedSetWithArray:" : "setWithArray:", to: cls, .array(try members.map { try unarchive($0, m) }))
        }
        if let id = entry("$ref")?.intValue { return state.withLock { $0.unarchived[id] } ?? .nil }
        guard case .string(let className)? = entry("$class"), let id = entry("$id")?.intValue, let values = entry("$values") else { return .nil }
        guard let cls = runtime.class(named: className) else {
            throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "the archive holds an object of class \(className), which is not loaded")
        }
        try nest(m)
        defer { unnest() }
        // Made first and known by its number, so that an object it holds that refers back to it gets it.
        let made = try runtime.send(try runtime.selector("alloc"), to: cls, Arguments(), nestedAt: depth)
        state.withLock { $0.unarchived[id] = made }
        let unarchiver = try runtime.send("alloc", to: try runtime.requireClass(named: "NSKeyedUnarchiver"))
        if let unarchiver = unarchiver.object { try runtime.setIvar("_values", of: unarchiver, to: values) }
        let initialized = try runtime.send(try runtime.selector("initWithCoder:"), to: made.object, Arguments(unarchiver), nestedAt: depth)
        state.withLock { $0.unarchived[id] = initialized }
        return initialized
    }

    /// A tree as JSON's objects, and back.
    private static func json(of value: Value) -> Any {
        switch value {
        case .string(let text): return text
        case .int(let number): return number
        case .double(let number): return number
        case .bool(let flag): return flag
        case .array(let items): return items.map(json(of:))
        case .dictionary(let entries):
            var object: [String: Any] = [:]
            for (key, item) in entries { object[key.text ?? key.description] = json(of: item) }
            return object
        default: return NSNull()
        }
    }

    private static func value(of json: Any) -> Value {
        switch json {
        case let text as String: return .string(text)
        case let items as [Any]: return .array(items.map(value(of:)))
        case let object as [String: Any]:
            var entries: [Value: Value] = [:]
            for (key, item) in object { entries[.string(key)] = value(of: item) }
            return .dictionary(entries)
        // An integer stays one: through a double, one past 2^53 (or NSIntegerMax, an unset
        // date component) would come back another.
        case let number as NSNumber: return Int(exactly: number).map(Value.int) ?? .double(number.doubleValue)
        default: return .nil
        }
    }
}
