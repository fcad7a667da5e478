import Runtime
import UIKitModel

/// The assertions of XCTest (`XCTAssert…`, `XCTFail`, `XCTSkip…`), SenTestingKit
/// (`STAssert…`, `STFail`) and GHUnit (`GHAssert…`, `GHFail`). Each is a macro
/// (``TestFrameworkMacros``) that passes its name, `__FILE__`, `__LINE__`, the text of its
/// operands, their values (an expression that should raise comes as a block) and the
/// optional message format with its arguments to one of two functions here, which check
/// and word the failure as the framework does and record it on the running test
/// (``TestRecorder``). With no test running (at the prompt, in a script), a failed
/// assertion is a broken expectation, as a failed `assert` command is.
enum TestAssertions {
    /// The functions the macros call.
    static let names = ["_XCTAssertion", "_XCTSkip"]

    /// What a check compares, read from the macro's name: `XCTAssertEqualObjects` and
    /// `GHAssertEqualObjects` are both `equalObjects`.
    private enum Check: String {
        case isTrue = "True", isFalse = "False", isNil = "Nil", notNil = "NotNil"
        case equal = "Equal", notEqual = "NotEqual", equalObjects = "EqualObjects", notEqualObjects = "NotEqualObjects"
        case identical = "Identical", notIdentical = "NotIdentical"
        case equalWithAccuracy = "EqualWithAccuracy", notEqualWithAccuracy = "NotEqualWithAccuracy"
        case greaterThan = "GreaterThan", greaterThanOrEqual = "GreaterThanOrEqual", lessThan = "LessThan", lessThanOrEqual = "LessThanOrEqual"
        case throwsAny = "Throws", throwsSpecific = "ThrowsSpecific", throwsSpecificNamed = "ThrowsSpecificNamed"
        case noThrow = "NoThrow", noThrowSpecific = "NoThrowSpecific", noThrowSpecificNamed = "NoThrowSpecificNamed"
        case fail = "Fail"

        /// The check a macro makes: `XCTAssertEqual` → `equal`; GHUnit's and
        /// SenTestingKit's spellings (`Equals`, `EqualStrings`, `NULL`) read as XCTest's.
        init?(macro: String) {
            var name = macro
            for prefix in ["XCTAssert", "GHAssert", "STAssert", "XCT", "GH", "ST"] where name.hasPrefix(prefix) {
                name.removeFirst(prefix.count)
                break
            }
            let spellings = [
                "": "True", "Equals": "Equal", "NotEquals": "NotEqual", "EqualsWithAccuracy": "EqualWithAccuracy",
                "NotEqualsWithAccuracy": "NotEqualWithAccuracy", "EqualStrings": "EqualObjects", "NotEqualStrings": "NotEqualObjects",
                "NULL": "Nil", "NotNULL": "NotNil", "TrueNoThrow": "True", "FalseNoThrow": "False",
            ]
            self.init(rawValue: spellings[name] ?? name)
        }
    }

    /// The framework whose words a failure is told in.
    private enum Framework {
        case xcTest, ghUnit, senTestingKit

        init(macro: String) {
            self = macro.hasPrefix("GH") ? .ghUnit : macro.hasPrefix("ST") ? .senTestingKit : .xcTest
        }
    }

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        switch name {
        case "_XCTAssertion": try assertion(arguments, interpreter: interpreter, at: location)
        case "_XCTSkip": try skip(arguments, interpreter: interpreter, at: location)
        default: nil
        }
    }

    /// `_XCTAssertion(macro, file, line, text1, text2, text3, value1, value2, value3, format, ...)`.
    private static func assertion(_ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value {
        guard arguments.count >= 9, case .string(let macro) = arguments[0], let check = Check(macro: macro) else {
            throw EvaluationError(.functionArguments(
                function: "_XCTAssertion", expected: "what the XCTAssert… macros pass: write XCTAssertEqual(a, b) and the like",
                given: arguments.map(\.kindDescription)), at: location)
        }
        let texts = arguments[3...5].map { if case .string(let text) = $0 { text } else { "" } }
        let values = Array(arguments[6...8])
        guard let problem = try problem(with: check, framework: Framework(macro: macro), macro: macro, texts: texts, values: values, interpreter: interpreter, at: location) else {
            return .nil
        }
        let given = try userMessage(Array(arguments.dropFirst(9)), framework: Framework(macro: macro), interpreter: interpreter, at: location)
        // GHFail and STFail say only what they were given.
        let message = problem.isEmpty ? String(given.drop { $0 == " " }) : problem + given
        try interpreter.recordTestFailure(message, file: place(file: arguments[1], line: arguments[2], at: location), at: location)
        return .nil
    }

    /// `_XCTSkip(file, line, text, condition, format, ...)`: skips the running test when the
    /// condition holds.
    private static func skip(_ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value {
        guard arguments.count >= 4 else {
            throw EvaluationError(.functionArguments(
                function: "_XCTSkip", expected: "what XCTSkip, XCTSkipIf and XCTSkipUnless pass: write XCTSkip(@\"reason\")",
                given: arguments.map(\.kindDescription)), at: location)
        }
        guard arguments[3].isTruthy else { return .nil }
        let text = if case .string(let written) = arguments[2] { written } else { "" }
        var message = "Test skipped"
        let given = try userMessage(Array(arguments.dropFirst(4)), framework: .xcTest, interpreter: interpreter, at: location)
        if !text.isEmpty && given.isEmpty { message += ": required true value for (\(text))" }
        message += given
        let (file, line) = place(file: arguments[0], line: arguments[1], at: location)
        guard try interpreter.context.framework.tests.skip(message, file: file, line: line) else {
            throw EvaluationError(.skipOutsideTest, at: location)
        }
        return .nil
    }

    /// The file and line the macro passed (`__FILE__`, `__LINE__`), else the call's.
    private static func place(file: Value, line: Value, at location: SourceLocation) -> (file: String?, line: Int) {
        let path = if case .string(let path) = file { path } else { location.file }
        return (path, line.intValue ?? location.line)
    }

    /// What went wrong, as the framework says it; nil when the assertion holds.
    private static func problem(
        with check: Check, framework: Framework, macro: String, texts: [String], values: [Value], interpreter: Interpreter, at location: SourceLocation
    ) throws -> String? {
        let runtime = interpreter.runtime
        func shown(_ value: Value) throws -> String {
            switch value {
            case .nil: "(null)"
            case .bool(let flag): flag ? "1" : "0"
            default: try interpreter.formatted("%@", [value], at: location)
            }
        }
        func number(_ index: Int) throws -> Double {
            guard let number = values[index].numberValue else {
                throw EvaluationError(.assertionNeedsNumber(macro: macro, operand: texts[index], kind: values[index].kindDescription), at: location)
            }
            return number
        }
        /// `("1") is not equal to ("2")`, or GHUnit's `'1' should be equal to '2'.`
        func compared(_ xcTestVerb: String, _ ghVerb: String, third: Bool = false) throws -> String {
            let (a, b) = (try shown(values[0]), try shown(values[1]))
            switch framework {
            case .xcTest:
                return "\(macro) failed: (\"\(a)\") \(xcTestVerb) (\"\(b)\")" + (third ? " +/- (\"\(try shown(values[2]))\")" : "")
            case .ghUnit, .senTestingKit:
                return "'\(a)' \(ghVerb) '\(b)'" + (third ? " +/- '\(try shown(values[2]))'" : "") + "."
            }
        }
        func condition(_ xcTest: String, _ gh: String) -> String {
            framework == .xcTest ? "\(macro) failed\(xcTest)" : "'\(texts[0])' \(gh)."
        }
        switch check {
        case .isTrue: return values[0].isTruthy ? nil : condition("", "should be TRUE")
        case .isFalse: return values[0].isTruthy ? condition("", "should be FALSE") : nil
        case .isNil: return values[0] == .nil ? nil : condition(": \"\(try shown(values[0]))\"", "should be nil")
        case .notNil: return values[0] == .nil ? condition("", "should not be nil") : nil
        case .equal, .notEqual:
            let same: Bool = if let x = values[0].numberValue, let y = values[1].numberValue, !isObject(values[0]), !isObject(values[1]) {
                x == y
            } else {
                values[0] == values[1]
            }
            if check == .equal { return same ? nil : try compared("is not equal to", "should be equal to") }
            return same ? try compared("is equal to", "should not be equal to") : nil
        case .equalObjects, .notEqualObjects:
            let same: Bool = if values[0] == .nil || values[1] == .nil {
                values[0] == values[1]
            } else {
                try runtime.isEqual(values[0], values[1], nestedAt: interpreter.context.depth)
            }
            if check == .equalObjects { return same ? nil : try compared("is not equal to", "should be equal to") }
            return same ? try compared("is equal to", "should not be equal to") : nil
        case .identical, .notIdentical:
            // Objects compare by identity (nil both is the same); values the model does not box, by value.
            let same = values[0] == values[1]
            if check == .identical { return same ? nil : try compared("is not identical to", "should be identical to") }
            return same ? try compared("is identical to", "should not be identical to") : nil
        case .equalWithAccuracy, .notEqualWithAccuracy:
            let close = abs(try number(0) - number(1)) <= abs(try number(2))
            if check == .equalWithAccuracy { return close ? nil : try compared("is not equal to", "should be equal to", third: true) }
            return close ? try compared("is equal to", "should not be equal to", third: true) : nil
        case .greaterThan: return try number(0) > number(1) ? nil : try compared("is not greater than", "should be greater than")
        case .greaterThanOrEqual: return try number(0) >= number(1) ? nil : try compared("is less than", "should be greater than or equal to")
        case .lessThan: return try number(0) < number(1) ? nil : try compared("is not less than", "should be less than")
        case .lessThanOrEqual: return try number(0) <= number(1) ? nil : try compared("is greater than", "should be less than or equal to")
        case .fail: return framework == .xcTest ? "failed" : ""
        case .throwsAny, .throwsSpecific, .throwsSpecificNamed, .noThrow, .noThrowSpecific, .noThrowSpecificNamed:
            return try raising(check, framework: framework, macro: macro, texts: texts, values: values, interpreter: interpreter, at: location)
        }
    }

    /// The checks of what an expression raises: it comes as a block, called here.
    private static func raising(
        _ check: Check, framework: Framework, macro: String, texts: [String], values: [Value], interpreter: Interpreter, at location: SourceLocation
    ) throws -> String? {
        guard case .block(let block) = values[0] else {
            throw EvaluationError(.functionArguments(function: macro, expected: "an expression to run", given: [values[0].kindDescription]), at: location)
        }
        let runtime = interpreter.runtime
        var raised: Value?
        do {
            _ = try interpreter.call(block, named: macro, [], at: location)
        } catch {
            guard let value = try interpreter.raisedValue(of: error) else { throw error }
            raised = value
        }
        let wantedClass = values[1].class
        let wantedName: String? = if case .string(let name) = values[2] { name } else { nil }
        // What was raised, as `NSRangeException: index 3 beyond bounds`.
        func described(_ value: Value) throws -> String {
            if ClassLibrary.isException(value, in: runtime), let object = value.object {
                return try ClassLibrary.raised(object, in: runtime).description
            }
            return try interpreter.formatted("%@", [value], at: location)
        }
        func matches(_ value: Value) throws -> Bool {
            if let wantedClass {
                guard let object = value.object, object.isKind(of: wantedClass) else { return false }
            }
            if let wantedName {
                guard ClassLibrary.isException(value, in: runtime), let object = value.object else { return false }
                return try ClassLibrary.raised(object, in: runtime).name == wantedName
            }
            return true
        }
        let wanted = [wantedClass?.name, wantedName.map { "named \"\($0)\"" }].compactMap { $0 }.joined(separator: " ")
        switch check {
        case .throwsAny, .throwsSpecific, .throwsSpecificNamed:
            if let raised, try matches(raised) { return nil }
            guard framework == .xcTest else { return "'\(texts[0])' should raise\(wanted.isEmpty ? "" : " \(wanted)")." }
            guard let raised else { return "\(macro) failed: (\(texts[0])) did not throw" + (wanted.isEmpty ? "" : " \(wanted)") }
            return "\(macro) failed: (\(texts[0])) threw \"\(try described(raised))\", not \(wanted)"
        default:
            guard let raised, try matches(raised) else { return nil }
            guard framework == .xcTest else { return "'\(texts[0])' should not raise: \(try described(raised))." }
            return "\(macro) failed: throwing \"\(try described(raised))\""
        }
    }

    private static func isObject(_ value: Value) -> Bool {
        if case .object = value { true } else { false }
    }

    /// The assertion's own message, from its format and arguments: ` - message` in XCTest's
    /// words, ` message` in GHUnit's and SenTestingKit's; empty when none was given.
    private static func userMessage(_ arguments: [Value], framework: Framework, interpreter: Interpreter, at location: SourceLocation) throws -> String {
        guard let first = arguments.first, first != .nil else { return "" }
        guard case .string(let format) = first else {
            throw EvaluationError(.functionArguments(function: "an assertion", expected: "a message format such as @\"count is %d\"", given: [first.kindDescription]), at: location)
        }
        let text = try interpreter.formatted(format, Array(arguments.dropFirst()), at: location)
        guard !text.isEmpty else { return "" }
        return framework == .xcTest ? " - \(text)" : " \(text)"
    }
}

extension Interpreter {
    /// Records a failed assertion on the running test, at `file` and `line`; with no test
    /// running, throws it as a broken expectation at `location`.
    func recordTestFailure(_ message: String, file place: (file: String?, line: Int), at location: SourceLocation) throws {
        let recorded = try located(at: location) {
            .bool(try context.framework.tests.recordFailure(message, file: place.file, line: place.line, in: runtime, nestedAt: context.depth))
        }
        guard recorded.isTruthy else { throw BrokenExpectation(message: message, location: location) }
    }
}
