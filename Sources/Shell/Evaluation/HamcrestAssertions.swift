import Runtime
import UIKitModel

/// OCHamcrest's assertions: `assertThat(actual, matcher)`, its typed forms
/// (`assertThatInt(count, equalToInt(3))`, `assertThatBool`, `assertThatDouble`, ...), which
/// box the number as `@(actual)` does, and `assertWithTimeout(seconds,
/// thatEventually(expression), matcher)`. Each is a macro (``HamcrestMacros``) for the
/// function OCHamcrest's own macro calls, `HC_assertThatWithLocation(testCase, actual,
/// matcher, __FILE__, __LINE__)` and its kin; the test case is passed as nil, since the
/// failure goes to the running test whichever it is (``TestRecorder``).
///
/// A mismatch is worded as OCHamcrest words it (`Expected "Login", but was "Logout"`), by
/// asking the matcher (``ClassLibrary/mismatch(of:against:in:nestedAt:)``), and recorded
/// on the running test; with no test running, it is a broken expectation, as a failed
/// `XCTAssert` is.
enum HamcrestAssertions {
    /// How a typed assertion boxes its number.
    private enum Boxing {
        case object, integer, bool, double, float
    }

    /// The assertion functions, by what they box: `HC_assertThatIntWithLocation` boxes an integer.
    private static let boxings: [String: Boxing] = {
        var table: [String: Boxing] = [
            "HC_assertThatWithLocation": .object, "HC_assertThatBoolWithLocation": .bool,
            "HC_assertThatDoubleWithLocation": .double, "HC_assertThatFloatWithLocation": .float,
        ]
        for kind in HamcrestFunctions.integerKinds { table["HC_assertThat\(kind)WithLocation"] = .integer }
        return table
    }()

    private static let timeoutFunction = "HC_assertWithTimeoutAndLocation"
    /// `HCDescribeMismatch(matcher, actual)`: what an assertion would report, for code that
    /// reports mismatches itself (OCMockito's verification does).
    private static let describeMismatchFunction = "HCDescribeMismatch"

    /// The functions the macros call, and `HCDescribeMismatch`.
    static let names: [String] = boxings.keys.sorted() + [timeoutFunction, describeMismatchFunction]

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        if name == timeoutFunction { return try assertWithTimeout(arguments, interpreter: interpreter, at: location) }
        if name == describeMismatchFunction { return try describeMismatch(arguments, interpreter: interpreter, at: location) }
        guard let boxing = boxings[name] else { return nil }
        // What the user wrote: `assertThatInt` for `HC_assertThatIntWithLocation`.
        let written = String(name.dropFirst("HC_".count).dropLast("WithLocation".count))
        guard arguments.count == 5 else {
            throw EvaluationError(.functionArguments(
                function: name, expected: "a test case, a value, a matcher, a file and a line: write \(written)(actual, matcher)",
                given: arguments.map(\.kindDescription)), at: location)
        }
        let actual = try boxed(arguments[1], as: boxing, in: FunctionCall(
            function: written, arguments: [arguments[1], arguments[2]],
            expected: "a number and a matcher, as in \(written)(count, equalTo(@3))", location: location))
        let matcher = try matcherObject(arguments[2], of: written, interpreter: interpreter, at: location)
        try check(actual, against: matcher, file: place(arguments[3], arguments[4], at: location), interpreter: interpreter, at: location)
        return .nil
    }

    /// `HC_assertWithTimeoutAndLocation(testCase, seconds, actualBlock, matcher, file, line)`:
    /// asks the block for the value and, until the matcher matches it or the time is up,
    /// runs the virtual clock on from one due timer or block to the next and asks again,
    /// as OCHamcrest runs the run loop. Waiting takes no real time.
    private static func assertWithTimeout(_ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value {
        let call = FunctionCall(
            function: "assertWithTimeout", arguments: Array(arguments.dropFirst().prefix(3)),
            expected: "a timeout in seconds, a block answering the value and a matcher, as in assertWithTimeout(5, thatEventually(label.text), equalTo(@\"Done\"))",
            location: location)
        guard arguments.count == 6, call.arguments.count == 3 else { throw call.mistake }
        let seconds = try call.number(0), block = try call.block(1)
        let matcher = try matcherObject(arguments[3], of: "assertWithTimeout", interpreter: interpreter, at: location)
        let runtime = interpreter.runtime, depth = interpreter.context.depth
        func current() throws -> Value { try interpreter.call(block, named: "the block of thatEventually", [], at: location) }
        func matches() throws -> Bool {
            let value = try current()
            return try interpreter.located(at: location) { .bool(try ClassLibrary.matcher(matcher, matches: value, in: runtime, nestedAt: depth)) }.isTruthy
        }
        var matched = try matches()
        if !matched {
            do {
                matched = try interpreter.context.framework.clock.advance(until: matches, timeout: VirtualClock.nanoseconds(fromSeconds: seconds))
            } catch let overrun as VirtualClock.Overrun {
                throw EvaluationError(.runLoopOverrun(overrun), at: location)
            }
        }
        if !matched { try report(try current(), against: matcher, file: place(arguments[4], arguments[5], at: location), interpreter: interpreter, at: location) }
        return .nil
    }

    /// `HCDescribeMismatch(matcher, actual)`: `Expected <the matcher's description>, but
    /// <its mismatch description>`, as a failed `assertThat` words it.
    private static func describeMismatch(_ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value {
        let call = FunctionCall(
            function: describeMismatchFunction, arguments: arguments,
            expected: "a matcher and a value, as in HCDescribeMismatch(equalTo(@3), @4)", location: location)
        guard arguments.count == 2 else { throw call.mistake }
        let matcher = try matcherObject(arguments[0], of: describeMismatchFunction, position: "first", interpreter: interpreter, at: location)
        return .string(try mismatch(of: arguments[1], against: matcher, interpreter: interpreter, at: location))
    }

    /// The mismatch of `actual`, as OCHamcrest words it; an error the matcher raises is located at the call.
    private static func mismatch(of actual: Value, against matcher: Object, interpreter: Interpreter, at location: SourceLocation) throws -> String {
        let runtime = interpreter.runtime, depth = interpreter.context.depth
        let message = try interpreter.located(at: location) { .string(try ClassLibrary.mismatch(of: actual, against: matcher, in: runtime, nestedAt: depth)) }
        if case .string(let text) = message { return text }
        return message.description
    }

    /// `actual` as the typed assertion passes it: a number boxed as `@(actual)` boxes it.
    private static func boxed(_ actual: Value, as boxing: Boxing, in call: FunctionCall) throws -> Value {
        switch boxing {
        case .object: return actual
        case .integer: return .int(try call.integer(0))
        case .bool: return .bool(try call.number(0) != 0)
        case .double: return .double(try call.number(0))
        case .float: return .double(Double(Float(try call.number(0))))
        }
    }

    /// The matcher an assertion was given; anything else is an error that says so.
    private static func matcherObject(
        _ value: Value, of function: String, position: String = "second", interpreter: Interpreter, at location: SourceLocation
    ) throws -> Object {
        guard let object = value.object, ClassLibrary.isMatcher(value, in: interpreter.runtime) else {
            throw EvaluationError(.notAMatcher(function: function, position: position, kind: value.kindDescription), at: location)
        }
        return object
    }

    /// Records a failure when `matcher` does not match `actual`.
    private static func check(_ actual: Value, against matcher: Object, file: (file: String?, line: Int), interpreter: Interpreter, at location: SourceLocation) throws {
        let runtime = interpreter.runtime, depth = interpreter.context.depth
        let matched = try interpreter.located(at: location) { .bool(try ClassLibrary.matcher(matcher, matches: actual, in: runtime, nestedAt: depth)) }
        if !matched.isTruthy { try report(actual, against: matcher, file: file, interpreter: interpreter, at: location) }
    }

    /// Records the mismatch of `actual`, as OCHamcrest words it, on the running test.
    private static func report(_ actual: Value, against matcher: Object, file: (file: String?, line: Int), interpreter: Interpreter, at location: SourceLocation) throws {
        try interpreter.recordTestFailure(try mismatch(of: actual, against: matcher, interpreter: interpreter, at: location), file: file, at: location)
    }

    /// The file and line the macro passed (`__FILE__`, `__LINE__`), else the call's.
    private static func place(_ file: Value, _ line: Value, at location: SourceLocation) -> (file: String?, line: Int) {
        let path = if case .string(let path) = file { path } else { location.file }
        return (path, line.intValue ?? location.line)
    }
}
