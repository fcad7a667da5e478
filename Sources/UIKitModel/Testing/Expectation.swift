import Foundation
import Runtime

/// An error that carries an Objective-C exception raised in code the class library ran (a
/// block, a method): what `@catch` would take. The shell's errors for `@throw` and for
/// refused arguments conform, so that the library's own checks (Expecta's `raise`) see
/// what the code raised.
public protocol CarriesRaisedValue: Error {
    /// The object `@catch` would take, or nil when the error is no exception.
    func raisedValue(in runtime: Runtime) throws -> Value?
}

extension ClassLibrary {
    /// What calling `block` raised, if it raised an exception (what `@catch` would take);
    /// nil when it returned, and any other error goes on.
    static func raisedValue(running block: Block, in runtime: Runtime, nestedAt depth: Int) throws -> Value? {
        do {
            _ = try block.call(Arguments(), nestedAt: depth)
            return nil
        } catch let raised as RaisedNSException {
            return .object(raised.exception)
        } catch let carrier as CarriesRaisedValue {
            guard let value = try carrier.raisedValue(in: runtime) else { throw carrier }
            return value
        }
    }

    /// Expecta's `expect(actual).to.matcher(expected)`, for test trees that use it without
    /// holding its sources (a tree that holds them, Masonry's, defines `expect` itself and
    /// runs its own). `expect(...)` makes an `RTSHExpectation` of a block that reads the
    /// actual value; `to`, `toNot`/`notTo`, `will` and `willNot` set its sense and whether
    /// it waits; each matcher is a property answering a block, called with what the
    /// matcher takes, which checks and records a failure at the `expect`'s file and line
    /// through the running test case, as Expecta does. `will` asks again as the virtual
    /// clock runs on, for up to a second, as Expecta's default timeout.
    static func defineExpectation(in runtime: Runtime, root: Class, recorder: TestRecorder, clock: VirtualClock) throws {
        let initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "RTSHExpectation", superclass: root) { c in
            try c.addIvar("_actual", type: .block)
            try c.addIvar("_file", type: .object(className: "NSString"))
            try c.addIvar("_line", type: .integer(code: "q"))
            try c.addIvar("_negated", type: .bool)
            try c.addIvar("_waits", type: .bool)
            try c.addClassMethod("expectationOf:inFile:line:", types: "@@:@?@q") { m in
                let made = try m.allocInit(initialize)
                guard let object = made.object else { return .nil }
                try m.runtime.setIvars(of: object, ["_actual": m[0], "_file": m[1], "_line": m[2]])
                return made
            }
            for (name, negated, waits) in [("to", false, false), ("toNot", true, false), ("notTo", true, false), ("will", false, true), ("willNot", true, true)] {
                try c.addMethod(name, types: "@@:") { m in
                    try m.setIvar("_negated", .bool(negated))
                    try m.setIvar("_waits", .bool(waits))
                    return .object(m.receiver)
                }
            }
            for matcher in ExpectaMatcher.allCases {
                for name in matcher.names {
                    try c.addMethod(name, types: "@?@:") { m in
                        let expectation = Expectation(object: m.receiver, runtime: m.runtime, recorder: recorder, clock: clock, depth: m.depth + 1)
                        return .block(Block(parameterCount: matcher.parameterCount) { arguments, _ in
                            try expectation.check(matcher, Array(arguments))
                            return .nil
                        })
                    }
                }
            }
        }
    }
}

/// The matchers `RTSHExpectation` answers, each under Expecta's names for it.
enum ExpectaMatcher: CaseIterable {
    case equal, beNil, beTruthy, beFalsy, beKindOf, beInstanceOf, beSubclassOf, conformTo, respondTo, beIdenticalTo
    case contain, haveCountOf, beEmpty, beGreaterThan, beGreaterThanOrEqualTo, beLessThan, beLessThanOrEqualTo
    case beInTheRangeOf, beCloseTo, beCloseToWithin, beginWith, endWith, match, raise, raiseAny

    var names: [String] {
        switch self {
        case .beKindOf: ["beKindOf", "beAKindOf"]
        case .beInstanceOf: ["beInstanceOf", "beAnInstanceOf", "beMemberOf", "beAMemberOf"]
        case .haveCountOf: ["haveCountOf", "haveCount", "haveACountOf", "haveLength", "haveLengthOf", "haveALengthOf"]
        case .beginWith: ["beginWith", "startWith"]
        default: ["\(self)"]
        }
    }

    var parameterCount: Int {
        switch self {
        case .beNil, .beTruthy, .beFalsy, .beEmpty, .raiseAny: 0
        case .beInTheRangeOf, .beCloseToWithin: 2
        default: 1
        }
    }
}

/// One `expect(...)` being checked: reads the actual value from its block, asks the
/// matcher, and records a failure in Expecta's words.
private struct Expectation {
    let object: Object
    let runtime: Runtime
    let recorder: TestRecorder
    let clock: VirtualClock
    let depth: Int

    /// Expecta's default `asynchronousTestTimeout`.
    static let timeout = 1.0

    func check(_ matcher: ExpectaMatcher, _ expected: [Value]) throws {
        let negated = try runtime.ivarValue("_negated", of: object).isTruthy
        func passes() throws -> Bool { try matches(matcher, actual(matcher), expected) != negated }
        var passed = try passes()
        if !passed, try runtime.ivarValue("_waits", of: object).isTruthy {
            passed = try clock.advance(until: passes, timeout: VirtualClock.nanoseconds(fromSeconds: Self.timeout))
        }
        guard !passed else { return }
        let file = try runtime.ivarValue("_file", of: object).text
        let line = try runtime.ivarValue("_line", of: object).intValue ?? 0
        let message = try failure(matcher, actual(matcher), expected, negated: negated)
        // Outside a test (at the prompt), the failure is the send's, placed where it was made.
        guard try recorder.recordFailure(message, file: file, line: line, in: runtime, nestedAt: depth) else {
            throw UnplacedTestFailure(message: message, result: .nil)
        }
    }

    /// The value under test: what the `expect`'s block answers, or for `raise` the block it
    /// answers, to be run by the matcher.
    private func actual(_ matcher: ExpectaMatcher) throws -> Value {
        guard case .block(let block) = try runtime.ivarValue("_actual", of: object) else { return .nil }
        return try block.call(Arguments(), nestedAt: depth)
    }

    private func matches(_ matcher: ExpectaMatcher, _ actual: Value, _ expected: [Value]) throws -> Bool {
        switch matcher {
        case .equal:
            if actual == .nil || expected[0] == .nil { return actual == .nil && expected[0] == .nil }
            return try runtime.isEqual(actual, expected[0], nestedAt: depth)
        case .beNil: return actual == .nil
        case .beTruthy: return actual.isTruthy
        case .beFalsy: return !actual.isTruthy
        case .beKindOf: return try isKind(actual, expected[0], member: false)
        case .beInstanceOf: return try isKind(actual, expected[0], member: true)
        case .beSubclassOf:
            guard let cls = actual.class, let wanted = expected[0].class else { return false }
            return cls.isSubclass(of: wanted)
        case .conformTo:
            guard case .protocol(let proto) = expected[0], let object = actual.object else { return false }
            return runtime.conforms(object is Class ? object as! Class : object.isa, to: proto)
        case .respondTo:
            guard case .selector(let selector) = expected[0] else { return false }
            return try send("respondsToSelector:", to: actual, [.selector(selector)]).isTruthy
        case .beIdenticalTo: return actual.isEqual(to: expected[0])
        case .contain:
            if let text = actual.text, let part = expected[0].text { return text.contains(part) }
            return try send("containsObject:", to: actual, [expected[0]]).isTruthy
        case .haveCountOf: return try count(of: actual) == expected[0].intValue
        case .beEmpty: return try count(of: actual) == 0
        case .beGreaterThan: return try compare(actual, expected[0]) == 1
        case .beGreaterThanOrEqualTo: return try compare(actual, expected[0]) != -1
        case .beLessThan: return try compare(actual, expected[0]) == -1
        case .beLessThanOrEqualTo: return try compare(actual, expected[0]) != 1
        case .beInTheRangeOf: return try compare(actual, expected[0]) != -1 && compare(actual, expected[1]) != 1
        case .beCloseTo, .beCloseToWithin:
            guard let a = actual.numberValue, let b = expected[0].numberValue else { return false }
            // Without a range, as close as a float can tell them apart; with one, its ends
            // count, whatever rounding the subtraction makes (0.05 is within 0.01 of 0.04).
            let scale = max(abs(a), abs(b))
            let within = matcher == .beCloseToWithin ? abs(expected[1].numberValue ?? 0) + Double.ulpOfOne * scale : Double(Float.ulpOfOne) * scale
            return abs(a - b) <= within
        case .beginWith, .endWith:
            let atStart = matcher == .beginWith
            if let text = actual.text, let part = expected[0].text { return atStart ? text.hasPrefix(part) : text.hasSuffix(part) }
            guard let elements = actual.arrayContents else { return false }
            let wanted = expected[0].arrayContents ?? [expected[0]]
            guard wanted.count <= elements.count else { return false }
            let part = atStart ? Array(elements.prefix(wanted.count)) : Array(elements.suffix(wanted.count))
            return try runtime.isEqual(.array(part), .array(wanted), nestedAt: depth)
        case .match:
            guard let text = actual.text, let pattern = expected[0].text, let regex = try? NSRegularExpression(pattern: pattern) else { return false }
            return regex.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
        case .raise, .raiseAny:
            guard let raised = try raisedValue(running: actual) else { return false }
            guard matcher == .raise, let wanted = expected[0].text else { return true }
            guard ClassLibrary.isException(raised, in: runtime), let exception = raised.object else { return false }
            return try ClassLibrary.raised(exception, in: runtime).name == wanted
        }
    }

    /// What running `block` raised, if it raised an exception; any other error goes on.
    private func raisedValue(running block: Value) throws -> Value? {
        guard case .block(let code) = block else { return nil }
        return try ClassLibrary.raisedValue(running: code, in: runtime, nestedAt: depth)
    }

    private func isKind(_ actual: Value, _ wanted: Value, member: Bool) throws -> Bool {
        guard wanted.class != nil, actual != .nil else { return false }
        return try send(member ? "isMemberOfClass:" : "isKindOfClass:", to: actual, [wanted]).isTruthy
    }

    private func count(of value: Value) throws -> Int? {
        if let text = value.text { return text.utf16.count }
        return try send("count", to: value, []).intValue
    }

    /// NSComparisonResult of `a` against `b`: numbers by value, anything else by `compare:`.
    private func compare(_ a: Value, _ b: Value) throws -> Int {
        if let x = a.numberValue, let y = b.numberValue { return x < y ? -1 : x > y ? 1 : 0 }
        return try send("compare:", to: a, [b]).intValue ?? 0
    }

    private func send(_ selector: String, to receiver: Value, _ arguments: [Value]) throws -> Value {
        guard receiver != .nil else { return .nil }
        return try runtime.send(runtime.selector(selector), toValue: receiver, Arguments(arguments), nestedAt: depth)
    }

    /// The failure in Expecta's words: what was expected, and what was got.
    private func failure(_ matcher: ExpectaMatcher, _ actual: Value, _ expected: [Value], negated: Bool) throws -> String {
        let not = negated ? "not " : ""
        let got = try describe(actual)
        func wanted(_ index: Int) throws -> String { try describe(expected[index]) }
        switch matcher {
        case .equal: return "expected: \(not)\(try wanted(0)), got: \(got)"
        case .beNil: return "expected: \(not)nil/null, got: \(got)"
        case .beTruthy: return "expected: \(negated ? "a falsy" : "a truthy") value, got: \(got)"
        case .beFalsy: return "expected: \(negated ? "a truthy" : "a falsy") value, got: \(got)"
        case .beKindOf: return "expected: \(not)a kind of \(try wanted(0)), got: an instance of \(className(of: actual))"
        case .beInstanceOf: return "expected: \(not)an instance of \(try wanted(0)), got: an instance of \(className(of: actual))"
        case .beSubclassOf: return "expected: \(got) \(not)to be a subclass of \(try wanted(0))"
        case .conformTo: return "expected: \(got) \(not)to conform to \(try wanted(0))"
        case .respondTo: return "expected: \(got) \(not)to respond to \(try wanted(0))"
        case .beIdenticalTo: return "expected: \(not)the same object as \(try wanted(0)), got: \(got)"
        case .contain: return "expected \(got) \(not)to contain \(try wanted(0))"
        case .haveCountOf: return "expected \(got) \(not)to have a count of \(try wanted(0)) but got \(try count(of: actual).map(String.init) ?? "none")"
        case .beEmpty: return "expected \(got) \(not)to be empty"
        case .beGreaterThan: return "expected: \(got) \(not)to be greater than \(try wanted(0))"
        case .beGreaterThanOrEqualTo: return "expected: \(got) \(not)to be greater than or equal to \(try wanted(0))"
        case .beLessThan: return "expected: \(got) \(not)to be less than \(try wanted(0))"
        case .beLessThanOrEqualTo: return "expected: \(got) \(not)to be less than or equal to \(try wanted(0))"
        case .beInTheRangeOf: return "expected: \(got) \(not)to be in the range [\(try wanted(0)), \(try wanted(1))] (inclusive)"
        case .beCloseTo: return "expected \(got) \(not)to be close to \(try wanted(0))"
        case .beCloseToWithin: return "expected \(got) \(not)to be close to \(try wanted(0)) within \(try wanted(1))"
        case .beginWith: return "expected: \(got) \(not)to begin with \(try wanted(0))"
        case .endWith: return "expected: \(got) \(not)to end with \(try wanted(0))"
        case .match: return "expected: \(got) \(not)to match \(try wanted(0))"
        case .raise: return "expected: \(not)\(try wanted(0)), got: \(try raisedName(of: actual))"
        case .raiseAny: return "expected: \(negated ? "no exception" : "any exception"), got: \(try raisedName(of: actual))"
        }
    }

    private func raisedName(of block: Value) throws -> String {
        guard let raised = try raisedValue(running: block) else { return "no exception" }
        guard ClassLibrary.isException(raised, in: runtime), let exception = raised.object else { return try describe(raised) }
        return try ClassLibrary.raised(exception, in: runtime).name
    }

    private func className(of value: Value) -> String {
        value.object?.isa.name ?? (value == .nil ? "nil" : runtime.class(ofValue: value)?.name ?? value.kindDescription)
    }

    /// A value as Expecta's `EXPDescribeObject` describes it: nil as `nil/null`, a class by
    /// its name, a collection on one line with each member described so (`(1, 2)`,
    /// `{(a)}`, `{key = value;}`), anything else by its `-description` with its line
    /// breaks escaped.
    private func describe(_ value: Value) throws -> String {
        let held = (value.object as? ValueHolder)?.value ?? value
        switch held {
        case .nil: return "nil/null"
        case .protocol(let proto): return proto.name
        case .selector(let selector): return "@selector(\(selector.name))"
        case .object(let object as Class): return object.name
        case .array(let elements):
            return "(" + (try elements.map(describe)).joined(separator: ", ") + ")"
        case .dictionary(let entries):
            let lines = try entries.map { "\(try describe($0.key)) = \(try describe($0.value));" }.sorted()
            return "{" + lines.joined(separator: " ") + "}"
        case .object(let object) where try isSet(object):
            let members = try send(object.isKind(of: try runtime.requireClass(named: "NSOrderedSet")) ? "array" : "allObjects", to: value, [])
            return "{(" + (try (members.arrayContents ?? []).map(describe)).joined(separator: ", ") + ")}"
        case .object, .string:
            let described = try send("description", to: value, [])
            return (described.text ?? Format.plainText(of: value)).replacingOccurrences(of: "\n", with: "\\n")
        default: return Format.plainText(of: value)
        }
    }

    private func isSet(_ object: Object) throws -> Bool {
        try ["NSSet", "NSOrderedSet"].contains { object.isKind(of: try runtime.requireClass(named: $0)) }
    }
}
