import Runtime

/// One of Nimble's matchers: what it accepts, and how a failure names it.
struct NimbleMatcher {
    enum Kind: String {
        case equal, beNil, beTrue, beFalse, beTruthy, beFalsy, beIdenticalTo, beAnInstanceOf, beAKindOf, contain, beEmpty, haveCount
        case beGreaterThan, beGreaterThanOrEqualTo, beLessThan, beLessThanOrEqualTo, beCloseTo, beginWith, endWith, match
        case raiseException
    }

    /// What `raiseException()` may be narrowed by, by the name of its block property.
    enum ExceptionCriterion: String, CaseIterable {
        case named, reason, userInfo, satisfyingBlock
    }

    let kind: Kind
    let expected: Value
    /// For `raiseException()`: what the exception must have.
    var exceptionCriteria: [ExceptionCriterion: Value] = [:]

    /// How close `beCloseTo` wants a number, as Nimble's default.
    static let closeness = 0.0001

    func matches(_ actual: Value, in runtime: Runtime, nestedAt depth: Int) throws -> Bool {
        switch kind {
        case .equal: return actual == .nil ? expected == .nil : try runtime.isEqual(actual, expected, nestedAt: depth)
        case .beNil: return actual == .nil
        case .beTrue: return actual.isEqual(to: .bool(true))
        case .beFalse: return actual.isEqual(to: .bool(false))
        case .beTruthy: return actual.isTruthy
        case .beFalsy: return !actual.isTruthy
        case .beIdenticalTo:
            if let object = actual.object, let other = expected.object { return object === other }
            return actual == expected
        // A string, number, array or dictionary is an instance of its kind's class, as
        // each is an object in Objective-C.
        case .beAnInstanceOf: return runtime.class(ofValue: actual).map { $0 === expected.class } ?? false
        case .beAKindOf: return expected.class.map { cls in runtime.class(ofValue: actual)?.isSubclass(of: cls) ?? false } ?? false
        case .contain:
            switch actual {
            case .string(let text): if case .string(let part) = expected { return text.contains(part) } else { return false }
            case .array(let items): return try items.contains { try runtime.isEqual($0, expected, nestedAt: depth) }
            case .object(let object):
                return try runtime.send(try runtime.selector("containsObject:"), to: object, Arguments(expected), nestedAt: depth).isTruthy
            default: return false
            }
        case .beEmpty: return try count(of: actual, in: runtime, nestedAt: depth) == 0
        case .haveCount: return try count(of: actual, in: runtime, nestedAt: depth) == expected.intValue
        case .beGreaterThan, .beGreaterThanOrEqualTo, .beLessThan, .beLessThanOrEqualTo, .beCloseTo:
            guard let a = actual.numberValue, let b = expected.numberValue else { return false }
            switch kind {
            case .beGreaterThan: return a > b
            case .beGreaterThanOrEqualTo: return a >= b
            case .beLessThan: return a < b
            case .beLessThanOrEqualTo: return a <= b
            default: return abs(a - b) < Self.closeness
            }
        case .beginWith, .endWith:
            if case .string(let text) = actual, case .string(let part) = expected { return kind == .beginWith ? text.hasPrefix(part) : text.hasSuffix(part) }
            guard case .array(let items) = actual, let item = kind == .beginWith ? items.first : items.last else { return false }
            return try runtime.isEqual(item, expected, nestedAt: depth)
        case .match:
            guard case .string(let text) = actual, case .string(let pattern) = expected, let regex = try? Regex(pattern) else { return false }
            return text.contains(regex)
        case .raiseException:
            guard ClassLibrary.isException(actual, in: runtime), let exception = actual.object else { return false }
            let raised = try ClassLibrary.raised(exception, in: runtime)
            for (criterion, wanted) in exceptionCriteria.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                switch criterion {
                case .named: guard raised.name == wanted.text else { return false }
                case .reason: guard raised.reason == wanted.text else { return false }
                case .userInfo:
                    let info = try runtime.send(try runtime.selector("userInfo"), to: exception, Arguments(), nestedAt: depth)
                    guard try runtime.isEqual(info, wanted, nestedAt: depth) else { return false }
                // The block makes its own expectations of the exception.
                case .satisfyingBlock:
                    if case .block(let block) = wanted { _ = try block.call(Arguments(actual), nestedAt: depth) }
                }
            }
            return true
        }
    }

    /// The count of a collection or a string; nil for anything else.
    private func count(of value: Value, in runtime: Runtime, nestedAt depth: Int) throws -> Int? {
        switch value {
        case .string(let text): text.count
        case .array(let items): items.count
        case .dictionary(let entries): entries.count
        case .object(let object): try runtime.send(try runtime.selector("count"), to: object, Arguments(), nestedAt: depth).intValue
        default: nil
        }
    }

    /// What the failure says was expected: `equal <2>`, `be nil`, `have count 3`.
    func phrase(in library: ClassLibrary, nestedAt depth: Int) throws -> String {
        func shown() throws -> String { "<\(try library.nimbleText(of: expected, nestedAt: depth))>" }
        return switch kind {
        case .equal: "equal \(try shown())"
        case .beNil: "be nil"
        case .beTrue: "be true"
        case .beFalse: "be false"
        case .beTruthy: "be truthy"
        case .beFalsy: "be falsy"
        case .beIdenticalTo: "be identical to \(try shown())"
        case .beAnInstanceOf: "be an instance of \(expected.class?.name ?? "nil")"
        case .beAKindOf: "be a kind of \(expected.class?.name ?? "nil")"
        case .contain: "contain \(try shown())"
        case .beEmpty: "be empty"
        case .haveCount: "have a collection with count \(expected.intValue.map(String.init) ?? "?")"
        case .beGreaterThan: "be greater than \(try shown())"
        case .beGreaterThanOrEqualTo: "be greater than or equal to \(try shown())"
        case .beLessThan: "be less than \(try shown())"
        case .beLessThanOrEqualTo: "be less than or equal to \(try shown())"
        case .beCloseTo: "be close to \(try shown()) (within \(Self.closeness))"
        case .beginWith: "begin with \(try shown())"
        case .endWith: "end with \(try shown())"
        case .match: "match \(try shown())"
        case .raiseException:
            "raise exception" + (try [ExceptionCriterion.named, .reason, .userInfo].compactMap { criterion in
                try exceptionCriteria[criterion].map { " with \(criterion == .named ? "name" : criterion.rawValue) <\(try library.nimbleText(of: $0, nestedAt: depth))>" }
            }.joined()) + (exceptionCriteria[.satisfyingBlock] == nil ? "" : " that satisfies block")
        }
    }
}
