import Runtime

extension ClassLibrary {
    /// GHUnit's `GHTestCase`. GHUnit finds tests in the other order from XCTest: it makes
    /// one instance of the class with `-init` first, then lists the instance's methods, and
    /// runs every test on that one instance. So a test method that `-init` adds with
    /// `class_addMethod` (the second seed article's technique) is found. The hooks are
    /// `-setUpClass`/`-tearDownClass` around the class's tests and `-setUp`/`-tearDown`
    /// around each; a failed assertion ends the test, as GHUnit's raise.
    static func defineGHTestCase(in runtime: Runtime, root: Class, recorder: TestRecorder, console: Console) throws {
        try runtime.registerLazyClass(named: "GHTestCase", superclass: root) { c in
            for hook in ["setUp", "tearDown", "setUpClass", "tearDownClass"] {
                try c.addMethod(hook, types: "v@:") { _ in .nil }
            }
            try c.addMethod("shouldRunOnMainThread", types: "B@:") { _ in false }
            try c.addMethod("isCLIDisabled", types: "B@:") { _ in false }
            try c.addMethod("name", types: "@@:") { m in .string(m.receiver.isa.name) }
            // GHUnit's test log: here, the console, as NSLog writes.
            try c.addMethod("log:", types: "v@:@") { m in
                console.log(try m.text(of: m[0]))
                return .nil
            }
            try c.addMethod("failWithException:", types: "v@:@") { m in
                try recordException(m, recorder: recorder)
                return .nil
            }
        }
    }

    /// SenTestingKit's `SenTestCase` (OCUnit), the ancestor of XCTest: found and run as
    /// XCTest's test cases are, one instance per test; a failed `STAssert…` is recorded and
    /// the test goes on, unless `continueAfterFailure` was turned off (`raiseAfterFailure`).
    static func defineSenTestCase(in runtime: Runtime, root: Class, recorder: TestRecorder) throws {
        try runtime.registerLazyClass(named: "SenTestCase", superclass: root) { c in
            try addTestCaseMethods(to: &c, frameworkBase: "SenTestCase", recorder: recorder)
            try c.addMethod("raiseAfterFailure", types: "v@:") { m in
                try m.setIvar("_stopsAfterFailure", true)
                return .nil
            }
            try c.addMethod("failWithException:", types: "v@:@") { m in
                try recordException(m, recorder: recorder)
                return .nil
            }
        }
    }

    /// `-failWithException:`: the exception's reason as a failure of the running test.
    private static func recordException(_ m: borrowing Message, recorder: TestRecorder) throws {
        guard let exception = try m.objectArgument(0) else { throw m.wrongArgument(0, expected: "an NSException") }
        let reason = try m.send("reason", to: exception)
        let message = reason == .nil ? try m.text(of: .object(exception)) : try m.text(of: reason)
        try record(TestRecorder.Issue(.failure, message, file: nil, line: 0), on: m.receiver, recorder: recorder, in: m.runtime)
    }
}
