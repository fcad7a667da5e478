import Runtime
import UIKitModel

/// OCHamcrest's matcher functions, each under its `HC_` name and its short one (which
/// OCHamcrest's headers define as macros for the `HC_` names): `equalTo(@"Login")`,
/// `hasItem(@"Ada")`, `containsInAnyOrder(@"b", @"a", nil)`, `closeTo(1.0, 0.01)`, ...
/// Each makes an instance of OCHamcrest's class (``ClassLibrary``'s `HCIsEqual`,
/// `HCIsCollectionContaining`, ...) with its initializer, so what it makes matches and
/// describes itself through messages, as a user's own matcher does.
///
/// As OCHamcrest does, a function that takes a matcher for an item, a key or a value wraps
/// a plain value in `equalTo` (`hasItem(@"a")`, `is(@3)`, `hasEntry(@"k", @"v")`); the
/// ones that take only a matcher (`everyItem`, `hasCount`, `describedAs`) say so when given
/// anything else. A list (`allOf`, `contains`, `hasItems`, `describedAs`'s values) ends at
/// its first nil, as the C functions' variadic lists do. `is(nil)` and `isNot(nil)` match
/// nil and anything but nil, where OCHamcrest's wrapping would leave no matcher at all.
///
/// The assertions (`assertThat` and its typed forms) are ``HamcrestAssertions``.
enum HamcrestFunctions {
    /// What one function takes, as an error words it, and how it makes its matcher.
    private struct Factory: Sendable {
        let expected: String
        let make: @Sendable (Maker) throws -> Value
    }

    /// The functions by their short names; each is also called with `HC_` before it.
    private static let factories: [String: Factory] = {
        var table: [String: Factory] = [
            "equalTo": Factory(expected: "the value to compare with, as in equalTo(@\"Login\")") { try $0.equalTo($0.one()) },
            "equalToDouble": Factory(expected: "a number, as in equalToDouble(1.5)") { try $0.equalTo(.double($0.number(at: 0, of: 1))) },
            "equalToFloat": Factory(expected: "a number, as in equalToFloat(1.5f)") { try $0.equalTo(.double(Double(Float($0.number(at: 0, of: 1))))) },
            "equalToBool": Factory(expected: "YES or NO, as in equalToBool(YES)") { maker in
                try maker.make("HCIsEqualToBool", "initWithValue:", [.bool(try maker.number(at: 0, of: 1) != 0)])
            },
            "equalToIgnoringCase": Factory(expected: "a string, as in equalToIgnoringCase(@\"login\")") { maker in
                try maker.make("HCIsEqualIgnoringCase", "initWithString:", [.string(try maker.string(at: 0, of: 1))])
            },
            "is": Factory(expected: "a matcher or a value, as in is(equalTo(@3)) or is(@3)") { try $0.make("HCIs", "initWithMatcher:", [$0.wrapped($0.one())]) },
            "isNot": Factory(expected: "a matcher or a value, as in isNot(equalTo(@3)) or isNot(@3)") { try $0.make("HCIsNot", "initWithMatcher:", [$0.wrapped($0.one())]) },
            "nilValue": Factory(expected: "nothing, as in nilValue()") { try $0.none(); return try $0.make("HCIsNil", "init", []) },
            "notNilValue": Factory(expected: "nothing, as in notNilValue()") { maker in
                try maker.none()
                return try maker.make("HCIsNot", "initWithMatcher:", [try maker.make("HCIsNil", "init", [])])
            },
            "anything": Factory(expected: "nothing, as in anything()") { try $0.none(); return try $0.make("HCIsAnything", "init", []) },
            "anythingWithDescription": Factory(expected: "a description, as in anythingWithDescription(@\"any name\")") { maker in
                try maker.make("HCIsAnything", "initWithDescription:", [.string(try maker.string(at: 0, of: 1))])
            },
            "isTrue": Factory(expected: "nothing, as in isTrue()") { try $0.none(); return try $0.make("HCIsTrue", "init", []) },
            "isFalse": Factory(expected: "nothing, as in isFalse()") { try $0.none(); return try $0.make("HCIsFalse", "init", []) },
            "instanceOf": Factory(expected: "a class, as in instanceOf([NSString class])") { try $0.make("HCIsInstanceOf", "initWithClass:", [$0.aClass()]) },
            "hasProperty": Factory(expected: "a property's name and a matcher or a value, as in hasProperty(@\"title\", equalTo(@\"Login\"))") { maker in
                try maker.make("HCHasProperty", "initWithProperty:value:", [.string(try maker.string(at: 0, of: 2)), try maker.wrapped(maker.present(at: 1, of: 2))])
            },
            "hasDescription": Factory(expected: "a matcher or a value, as in hasDescription(startsWith(@\"<MMLogin\"))") { maker in
                try maker.make("HCHasDescription", "initWithDescription:", [try maker.wrapped(maker.one())])
            },
            "throwsException": Factory(expected: "a matcher of the exception, as in throwsException(hasProperty(@\"name\", @\"MMOffline\"))") { maker in
                try maker.make("HCThrowsException", "initWithExceptionMatcher:", [try maker.matcher(at: 0, of: 1)])
            },
            "isA": Factory(expected: "a class, as in isA([NSString class])") { try $0.make("HCIsTypeOf", "initWithClass:", [$0.aClass()]) },
            "sameInstance": Factory(expected: "the object expected, as in sameInstance(window)") { try $0.make("HCIsSame", "initSameAs:", [$0.one()]) },
            "hasCount": Factory(expected: "a matcher of the count, as in hasCount(greaterThan(@2))") { maker in
                try maker.make("HCHasCount", "initWithMatcher:", [try maker.matcher(at: 0, of: 1)])
            },
            "hasCountOf": Factory(expected: "a count, as in hasCountOf(3)") { maker in
                try maker.make("HCHasCount", "initWithMatcher:", [try maker.equalTo(.int(try maker.integer(at: 0, of: 1)))])
            },
            "isEmpty": Factory(expected: "nothing, as in isEmpty()") { try $0.none(); return try $0.make("HCIsEmptyCollection", "init", []) },
            "hasItem": Factory(expected: "a matcher or a value, as in hasItem(@\"Ada\") or hasItem(startsWith(@\"A\"))") { try $0.hasItem($0.present(at: 0, of: 1)) },
            "hasItems": Factory(expected: "matchers or values ending with nil, as in hasItems(@\"Ada\", @\"Bob\", nil)") { maker in
                try maker.make("HCAllOf", "initWithMatchers:", [.array(try maker.list().map(maker.hasItem))])
            },
            "hasItemsIn": Factory(expected: "an array of matchers or values, as in hasItemsIn(@[@\"Ada\", @\"Bob\"])") { maker in
                try maker.make("HCAllOf", "initWithMatchers:", [.array(try maker.array().map(maker.hasItem))])
            },
            "contains": Factory(expected: "a matcher or a value for each item, in order, ending with nil, as in contains(@\"a\", @\"b\", nil)") { maker in
                try maker.make("HCIsCollectionContainingInOrder", "initWithMatchers:", [.array(try maker.list().map(maker.wrapped))])
            },
            "containsIn": Factory(expected: "an array of a matcher or a value for each item, as in containsIn(@[@\"a\", @\"b\"])") { maker in
                try maker.make("HCIsCollectionContainingInOrder", "initWithMatchers:", [.array(try maker.array().map(maker.wrapped))])
            },
            "containsInAnyOrder": Factory(expected: "a matcher or a value for each item, ending with nil, as in containsInAnyOrder(@\"b\", @\"a\", nil)") { maker in
                try maker.make("HCIsCollectionContainingInAnyOrder", "initWithMatchers:", [.array(try maker.list().map(maker.wrapped))])
            },
            "containsInAnyOrderIn": Factory(expected: "an array of a matcher or a value for each item, as in containsInAnyOrderIn(@[@\"b\", @\"a\"])") { maker in
                try maker.make("HCIsCollectionContainingInAnyOrder", "initWithMatchers:", [.array(try maker.array().map(maker.wrapped))])
            },
            "everyItem": Factory(expected: "a matcher of each item, as in everyItem(startsWith(@\"A\"))") { maker in
                try maker.make("HCEvery", "initWithMatcher:", [try maker.matcher(at: 0, of: 1)])
            },
            "hasEntry": Factory(expected: "a key and a value, each a matcher or a value, as in hasEntry(@\"name\", @\"Ada\")") { maker in
                let key = try maker.present(at: 0, of: 2), value = try maker.present(at: 1, of: 2)
                return try maker.make("HCIsDictionaryContaining", "initWithKeyMatcher:valueMatcher:", [try maker.wrapped(key), try maker.wrapped(value)])
            },
            "hasKey": Factory(expected: "a key, a matcher or a value, as in hasKey(@\"name\")") { maker in
                try maker.make("HCIsDictionaryContainingKey", "initWithKeyMatcher:", [try maker.wrapped(try maker.present(at: 0, of: 1))])
            },
            "hasValue": Factory(expected: "a value, a matcher or a value, as in hasValue(@\"Ada\")") { maker in
                try maker.make("HCIsDictionaryContainingValue", "initWithValueMatcher:", [try maker.wrapped(try maker.present(at: 0, of: 1))])
            },
            "startsWith": Factory(expected: "a string, as in startsWith(@\"Log\")") { try $0.make("HCStringStartsWith", "initWithSubstring:", [.string($0.string(at: 0, of: 1))]) },
            "endsWith": Factory(expected: "a string, as in endsWith(@\"in\")") { try $0.make("HCStringEndsWith", "initWithSubstring:", [.string($0.string(at: 0, of: 1))]) },
            "containsSubstring": Factory(expected: "a string, as in containsSubstring(@\"og\")") { maker in
                try maker.make("HCStringContains", "initWithSubstring:", [.string(try maker.string(at: 0, of: 1))])
            },
            "closeTo": Factory(expected: "a value and the largest difference allowed, as in closeTo(1.0, 0.01)") { maker in
                try maker.make("HCIsCloseTo", "initWithValue:delta:", [.double(try maker.number(at: 0, of: 2)), .double(try maker.number(at: 1, of: 2))])
            },
            "allOf": Factory(expected: "matchers or values ending with nil, as in allOf(greaterThan(@1), lessThan(@10), nil)") { maker in
                try maker.make("HCAllOf", "initWithMatchers:", [.array(try maker.list().map(maker.wrapped))])
            },
            "allOfIn": Factory(expected: "an array of matchers or values, as in allOfIn(@[greaterThan(@1), lessThan(@10)])") { maker in
                try maker.make("HCAllOf", "initWithMatchers:", [.array(try maker.array().map(maker.wrapped))])
            },
            "anyOf": Factory(expected: "matchers or values ending with nil, as in anyOf(equalTo(@1), equalTo(@2), nil)") { maker in
                try maker.make("HCAnyOf", "initWithMatchers:", [.array(try maker.list().map(maker.wrapped))])
            },
            "anyOfIn": Factory(expected: "an array of matchers or values, as in anyOfIn(@[equalTo(@1), equalTo(@2)])") { maker in
                try maker.make("HCAnyOf", "initWithMatchers:", [.array(try maker.array().map(maker.wrapped))])
            },
            "describedAs": Factory(expected: "a description, a matcher and the values %0, %1, ... stand for, ending with nil, as in describedAs(@\"a big number %0\", greaterThan(@1000), @1000, nil)") { maker in
                let description = try maker.string(at: 0, of: nil), matcher = try maker.matcher(at: 1, of: nil)
                return try maker.make("HCDescribedAs", "initWithDescription:forMatcher:overValues:", [.string(description), matcher, .array(maker.values(from: 2))])
            },
            "HCWrapInMatcher": Factory(expected: "a matcher or a value, as in HCWrapInMatcher(@3)") { try $0.wrapped($0.one()) },
        ]
        for (name, words, minimum, maximum) in orderings {
            table[name] = Factory(expected: "a value that answers compare:, as in \(name)(@5)") { maker in
                try maker.make("HCOrderingComparison", "initComparing:minCompare:maxCompare:comparisonDescription:",
                               [try maker.comparable(), .int(minimum), .int(maximum), .string(words)])
            }
        }
        for name in integerKinds.map({ "equalTo\($0)" }) {
            table[name] = Factory(expected: "an integer, as in \(name)(3)") { try $0.equalTo(.int($0.integer(at: 0, of: 1))) }
        }
        return table
    }()

    /// The orderings, with the words that describe them and the `NSComparisonResult`s of
    /// the expected value's `-compare:` of the item that match (ascending is -1).
    private static let orderings: [(String, String, Int, Int)] = [
        ("greaterThan", "greater than", -1, -1), ("greaterThanOrEqualTo", "greater than or equal to", -1, 0),
        ("lessThan", "less than", 1, 1), ("lessThanOrEqualTo", "less than or equal to", 0, 1),
    ]

    /// The C integer types the typed functions are named for (`equalToInt`, `assertThatLong`).
    static let integerKinds = [
        "Int", "Integer", "Long", "LongLong", "Short", "Char", "UnsignedInt", "UnsignedInteger", "UnsignedLong", "UnsignedLongLong", "UnsignedShort", "UnsignedChar",
    ]

    /// Every matcher function under both its names (`HCWrapInMatcher` only under its own).
    private static let byName: [String: Factory] = factories.reduce(into: [:]) { table, entry in
        table[entry.key] = entry.value
        if !entry.key.hasPrefix("HC") { table["HC_" + entry.key] = entry.value }
    }

    /// The functions in a word, as the list of the functions rtsh knows names them.
    static let summary = "OCHamcrest's matchers and assertions (equalTo, hasItem, allOf, assertThat and the rest, each also with HC_ before it, and HCDescribeMismatch)"

    /// The functions, sorted: the matcher functions and the assertions.
    static let names: [String] = (byName.keys + HamcrestAssertions.names).sorted()

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        if let answer = try HamcrestAssertions.call(name, arguments, interpreter: interpreter, at: location) { return answer }
        guard let factory = byName[name] else { return nil }
        return try factory.make(Maker(call: FunctionCall(function: name, arguments: arguments, expected: factory.expected, location: location), interpreter: interpreter))
    }
}

/// One call of a matcher function: reads its arguments, and makes matchers with
/// `[[Class alloc] initializer...]`.
private struct Maker {
    let call: FunctionCall
    let interpreter: Interpreter

    private var runtime: Runtime { interpreter.runtime }
    private var name: String { call.function.hasPrefix("HC_") ? String(call.function.dropFirst(3)) : call.function }

    /// `[[className alloc] initializer arguments...]`.
    func make(_ className: String, _ initializer: String, _ arguments: [Value]) throws -> Value {
        try interpreter.located(at: call.location) {
            let cls = try runtime.requireClass(named: className)
            let allocated = try runtime.send(runtime.selector("alloc"), to: cls, Arguments(), nestedAt: interpreter.context.depth)
            return try runtime.send(runtime.selector(initializer), toValue: allocated, Arguments(arguments), nestedAt: interpreter.context.depth)
        }
    }

    func equalTo(_ value: Value) throws -> Value {
        try make("HCIsEqual", "initEqualTo:", [value])
    }

    /// `value` when it is a matcher, else `equalTo(value)`, as OCHamcrest's `HCWrapInMatcher`.
    func wrapped(_ value: Value) throws -> Value {
        ClassLibrary.isMatcher(value, in: runtime) ? value : try equalTo(value)
    }

    /// `hasItem(item)`: a collection with an item `item` (wrapped) matches.
    func hasItem(_ item: Value) throws -> Value {
        guard item != .nil else { throw call.mistake }
        return try make("HCIsCollectionContaining", "initWithMatcher:", [try wrapped(item)])
    }

    /// Checks that no argument was given.
    func none() throws {
        try call.expect(0)
    }

    /// The one argument, whatever it is.
    func one() throws -> Value {
        try call.expect(1)
        return call[0]
    }

    /// Argument `index` of `count` (nil: of at least `index + 1`), which may not be nil:
    /// OCHamcrest requires the item, key and value matchers.
    func present(at index: Int, of count: Int) throws -> Value {
        try expect(index, of: count)
        guard call[index] != .nil else { throw call.mistake }
        return call[index]
    }

    func string(at index: Int, of count: Int?) throws -> String {
        try expect(index, of: count)
        return try call.string(index)
    }

    func number(at index: Int, of count: Int) throws -> Double {
        try expect(index, of: count)
        return try call.number(index)
    }

    func integer(at index: Int, of count: Int) throws -> Int {
        try expect(index, of: count)
        return try call.integer(index)
    }

    /// The one argument, a class.
    func aClass() throws -> Value {
        try call.expect(1)
        guard let cls = try call.optionalClass(0) else { throw call.mistake }
        return .object(cls)
    }

    /// Argument `index`, which must be a matcher; OCHamcrest does not wrap it.
    func matcher(at index: Int, of count: Int?) throws -> Value {
        try expect(index, of: count)
        guard ClassLibrary.isMatcher(call[index], in: runtime) else {
            throw EvaluationError(.notAMatcher(function: name, position: index == 0 ? "first" : "second", kind: call[index].kindDescription), at: call.location)
        }
        return call[index]
    }

    /// The one argument of an ordering, which must answer `-compare:`.
    func comparable() throws -> Value {
        try call.expect(1)
        let value = (call[0].object as? ValueHolder)?.value ?? call[0]
        guard let cls = runtime.class(ofValue: value), !(value.object is Class), runtime.instancesRespond(cls, to: try runtime.selector("compare:")) else {
            throw call.mistake
        }
        return value
    }

    /// A nil-terminated list: the arguments up to the first nil, of which there must be one at least.
    func list() throws -> [Value] {
        let items = values(from: 0)
        guard !items.isEmpty else { throw call.mistake }
        return items
    }

    /// The arguments from `index` up to the first nil (or the last, when no nil ends them).
    func values(from index: Int) -> [Value] {
        Array(call.arguments.dropFirst(index).prefix { $0 != .nil })
    }

    /// The one argument, an array (or a mutable one, as it is now).
    func array() throws -> [Value] {
        try call.expect(1)
        switch (call[0].object as? ValueHolder)?.value ?? call[0] {
        case .array(let elements) where !elements.isEmpty: return elements
        default: throw call.mistake
        }
    }

    /// Checks that argument `index` was given, and that there are `count` arguments.
    private func expect(_ index: Int, of count: Int?) throws {
        if let count { try call.expect(count) } else if call.arguments.count <= index { throw call.mistake }
    }
}
