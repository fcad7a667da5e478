import Runtime

/// OCHamcrest's protocols, which its classes adopt and a user's matcher may adopt too:
/// `HCSelfDescribing` (`-describeTo:`), `HCMatcher` (which inherits it: `-matches:`,
/// `-matches:describingMismatchTo:`, `-describeMismatchOf:to:`) and `HCDescription`
/// (`-appendText:`, `-appendDescriptionOf:`, `-appendList:start:separator:end:`).
struct HamcrestProtocols {
    let selfDescribing: ObjCProtocol
    let matcher: ObjCProtocol
    let description: ObjCProtocol

    /// Registers the three protocols in `runtime`.
    init(registeringIn runtime: Runtime) throws {
        func methods(_ list: [(String, String)]) throws -> [MethodDescription] {
            try list.map { try MethodDescription(selector: runtime.selector($0.0), types: runtime.typeEncoding($0.1)) }
        }
        let object = runtime.protocol(named: "NSObject").map { [$0] } ?? []
        selfDescribing = try runtime.registerProtocol(named: "HCSelfDescribing", inheriting: object, requiredMethods: try methods([("describeTo:", "v@:@")]))
        matcher = try runtime.registerProtocol(named: "HCMatcher", inheriting: [selfDescribing], requiredMethods: try methods([
            ("matches:", "B@:@"), ("matches:describingMismatchTo:", "B@:@@"), ("describeMismatchOf:to:", "v@:@@"),
        ]))
        description = try runtime.registerProtocol(named: "HCDescription", inheriting: object, requiredMethods: try methods([
            ("appendText:", "@@:@"), ("appendDescriptionOf:", "@@:@"), ("appendList:start:separator:end:", "@@:@@@@"),
        ]))
    }
}

extension ClassLibrary {
    /// OCHamcrest's classes: the descriptions, the base matchers a user's matcher subclasses,
    /// and the library's matchers, which the `HC_` functions (``HamcrestFunctions`` in the
    /// shell) make.
    /// The protocols OCHamcrest declares, which the library registers.
    static let hamcrestProtocolNames: Set<String> = ["HCDescription", "HCMatcher", "HCSelfDescribing"]

    static let hamcrestClassNames = [
        "HCAllOf", "HCAnyOf", "HCArgumentCaptor", "HCBaseDescription", "HCBaseMatcher", "HCClassMatcher", "HCDescribedAs", "HCDiagnosingMatcher", "HCEvery",
        "HCHasCount", "HCHasDescription", "HCHasProperty", "HCIs", "HCIsAnything", "HCIsCloseTo", "HCIsCollectionContaining", "HCIsCollectionContainingInAnyOrder",
        "HCIsCollectionContainingInOrder", "HCIsDictionaryContaining", "HCIsDictionaryContainingKey", "HCIsDictionaryContainingValue",
        "HCIsEmptyCollection", "HCIsEqual", "HCIsEqualIgnoringCase", "HCIsEqualToBool", "HCIsFalse", "HCIsInstanceOf", "HCIsNil", "HCIsNot",
        "HCIsSame", "HCIsTrue", "HCIsTypeOf", "HCOrderingComparison", "HCStringContains", "HCStringDescription", "HCStringEndsWith",
        "HCStringStartsWith", "HCSubstringMatcher", "HCThrowsException",
    ]

    /// Defines OCHamcrest's protocols and classes. Every matcher matches and describes
    /// through messages (`-matches:`, `-describeTo:`, `-describeMismatchOf:to:`, and the
    /// description's `-appendText:` and the like), so a user's subclass of `HCBaseMatcher`,
    /// given to `allOf` or `hasItem`, is asked as OCHamcrest asks it.
    static func defineHamcrest(in runtime: Runtime, root: Class) throws {
        let protocols = try HamcrestProtocols(registeringIn: runtime)
        try defineHamcrestDescriptions(in: runtime, root: root, protocols: protocols)
        let base = try defineBaseMatchers(in: runtime, root: root, protocols: protocols)
        try defineObjectMatchers(in: runtime, base: base.base)
        try defineLogicalMatchers(in: runtime, base: base.base, diagnosing: base.diagnosing)
        try defineCollectionMatchers(in: runtime, base: base.base, diagnosing: base.diagnosing)
        try defineDictionaryMatchers(in: runtime, base: base.base)
        try defineTextMatchers(in: runtime, base: base.base)
        try defineNumberMatchers(in: runtime, base: base.base)
    }

    /// Whether `value` is a matcher: an object (not a class) that conforms to `HCMatcher`,
    /// as an `HCBaseMatcher` does. OCHamcrest's functions wrap anything else in `equalTo`.
    public static func isMatcher(_ value: Value, in runtime: Runtime) -> Bool {
        guard let object = value.object, !(object is Class), let matcher = runtime.protocol(named: "HCMatcher") else { return false }
        return runtime.conforms(object.isa, to: matcher)
    }

    /// `[matcher matches:actual]`.
    public static func matcher(_ matcher: Object, matches actual: Value, in runtime: Runtime, nestedAt depth: Int) throws -> Bool {
        try runtime.send(runtime.selector("matches:"), to: matcher, Arguments(actual), nestedAt: depth).isTruthy
    }

    /// What `assertThat` reports when `matcher` does not match `actual`, as OCHamcrest's
    /// `HCDescribeMismatch` words it: `Expected "Login", but was "Logout"`, the matcher's
    /// `-describeTo:` after `Expected ` and its `-describeMismatchOf:to:` after `, but `.
    public static func mismatch(of actual: Value, against matcher: Object, in runtime: Runtime, nestedAt depth: Int) throws -> String {
        @discardableResult
        func send(_ selector: String, to receiver: Value, _ arguments: Value...) throws -> Value {
            try runtime.send(runtime.selector(selector), toValue: receiver, Arguments(arguments), nestedAt: depth)
        }
        let description = try send("stringDescription", to: .object(try runtime.requireClass(named: "HCStringDescription")))
        try send("appendText:", to: description, .string("Expected "))
        try send("appendDescriptionOf:", to: description, .object(matcher))
        try send("appendText:", to: description, .string(", but "))
        try send("describeMismatchOf:to:", to: .object(matcher), actual, description)
        let text = try send("description", to: description)
        if case .string(let message) = text { return message }
        return text.description
    }
}
