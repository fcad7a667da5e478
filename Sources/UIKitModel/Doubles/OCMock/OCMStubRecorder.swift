import Runtime

extension ClassLibrary {
    /// `OCMStubRecorder`: what `[mock stub]`, `[mock expect]`, `[mock reject]` and the
    /// macros answer. Its `and…:` methods add actions to the mock's entry; any other
    /// message sent to it is the call the entry takes (`[[mock stub] andReturn:x] title]`).
    /// The macros' dot forms (`OCMStub(…).andReturn(x)`) are block properties named with
    /// an underscore, as in OCMock, which its macros `andReturn(x)` … reach.
    func defineOCMStubRecorder(root: Class) throws {
        let library = unheld
        try runtime.registerLazyClass(named: "OCMStubRecorder", superclass: root) { c in
            try c.addIvar("_mockObject", type: .object(className: nil))
            try c.addIvar("_entry", type: .integer(code: "q"))
            try c.addIvar("_classMethod", type: .bool)
            try c.addIvar("_ignoresNonObjectArguments", type: .bool)
            // Made by `-verify`: the message it gets is verified, not stubbed.
            try c.addIvar("_verifies", type: .bool)
            // The macro's place, where a result that does not fit the method is reported.
            try c.addIvar("_file", type: .object(className: "NSString"))
            try c.addIvar("_line", type: .integer(code: "q"))
            @Sendable func add(_ m: borrowing Message, _ action: MockAction) throws -> Value {
                let (mock, id) = try library.entry(of: m.receiver)
                do {
                    try mock.add(action, to: id, in: m.runtime)
                } catch {
                    try library.reportMisfit(error, of: m)
                }
                return .object(m.receiver)
            }
            try c.addMethod("andReturn:", types: "@@:@") { m in try add(m, .returnValue(m[0], .object)) }
            try c.addMethod("andReturnValue:", types: "@@:@") { m in try add(m, .returnValue(m[0], .boxed)) }
            try c.addMethod("_andReturnByType:", types: "@@:@") { m in try add(m, .returnValue(m[0], .macro)) }
            try c.addMethod("andDo:", types: "@@:@?") { m in
                guard let block = try m.blockArgument(0) else { return .object(m.receiver) }
                return try add(m, .run(block))
            }
            try c.addMethod("andCall:onObject:", types: "@@::@") { m in
                guard let target = try m.objectArgument(1) else { throw m.wrongArgument(1, expected: "the object to call") }
                return try add(m, .call(try m.selectorArgument(0), on: target))
            }
            try c.addMethod("andThrow:", types: "@@:@") { m in try add(m, .raise(m[0])) }
            try c.addMethod("andPost:", types: "@@:@") { m in try add(m, .post(m[0])) }
            try c.addMethod("andForwardToRealObject", types: "@@:") { m in try add(m, .forwardToRealObject) }
            try c.addMethod("andFulfill:", types: "@@:@") { m in
                guard let expectation = try m.objectArgument(0) else { throw m.wrongArgument(0, expected: "an XCTestExpectation") }
                return try add(m, .fulfill(expectation))
            }
            try c.addMethod("classMethod", types: "@@:") { m in
                try m.runtime.setIvar("_classMethod", of: m.receiver, to: true)
                return .object(m.receiver)
            }
            try c.addMethod("ignoringNonObjectArgs", types: "@@:") { m in
                try m.runtime.setIvar("_ignoresNonObjectArguments", of: m.receiver, to: true)
                let (mock, id) = try library.entry(of: m.receiver)
                mock.ignoreNonObjectArguments(of: id)
                return .object(m.receiver)
            }
            // The dot forms: each a block that does the same and answers the recorder, under
            // OCMock's property name (`_andReturn`, which its macro `andReturn(x)` writes) and
            // the name the code writes, which rtsh leaves to the property rather than define
            // OCMock's macro of a name as common in every file (see `OCMockMacros`).
            let forms: [(String, Int, String)] = [
                ("_andReturn", 1, "_andReturnByType:"), ("_andDo", 1, "andDo:"), ("_andThrow", 1, "andThrow:"), ("_andPost", 1, "andPost:"),
                ("_andFulfill", 1, "andFulfill:"), ("_andCall", 2, "andCall:onObject:"), ("_andForwardToRealObject", 0, "andForwardToRealObject"),
                ("_ignoringNonObjectArgs", 0, "ignoringNonObjectArgs"),
            ]
            let written = forms.filter { $0.2.hasSuffix(":") }.map { (String($0.0.dropFirst()), $0.1, $0.2) }
            for (property, count, method) in forms + written {
                try c.addMethod(property, types: "@?@:") { m in
                    let recorder = m.receiver, runtime = m.runtime, selector = try runtime.selector(method)
                    return .block(Block(parameterCount: count) { arguments, depth in
                        // `andCall(object, @selector(x))` names the object first; the method takes the selector first.
                        let passed = method == "andCall:onObject:" ? Arguments([arguments[1], arguments[0]]) : arguments
                        return try runtime.send(selector, to: recorder, passed, nestedAt: depth + 1)
                    })
                }
            }
            // `[[mock expect] performSelector:@selector(x)]` records performSelector: itself, as
            // OCMock's recorder, a proxy, does, rather than sending x to the recorder.
            for (selector, types) in [("performSelector:", "@@::"), ("performSelector:withObject:", "@@::@"), ("performSelector:withObject:withObject:", "@@::@@")] {
                try c.addMethod(selector, types: types) { call in
                    try library.recordOldStyle(call)
                    return .object(call.receiver)
                }
            }
            // Any other message is the call to record.
            try c.addClassMethod("resolveInstanceMethod:", types: "B@::") { m in
                let selector = try m.selectorArgument(0)
                let count = selector.name.filter { $0 == ":" }.count
                try m.runtime.addMethod(selector.name, types: "@@:" + String(repeating: "@", count: count), to: try m.receiverClass()) { call in
                    try library.recordOldStyle(call)
                    return .object(call.receiver)
                }
                return true
            }
        }
    }

    /// A recorder for entry `id` of the mock `mockObject`, made by the macro at `file` and `line` if any.
    func makeRecorder(for mockObject: Object, entry id: Int, file: String? = nil, line: Int = 0) throws -> Object {
        let recorder = try runtime.createInstance(of: try runtime.requireClass(named: "OCMStubRecorder"))
        try runtime.setIvars(of: recorder, ["_mockObject": .object(mockObject), "_entry": .int(id), "_file": file.map(Value.string) ?? .nil, "_line": .int(line)])
        return recorder
    }

    /// A result that does not fit the stubbed method: the running test's failure at the
    /// macro's place, as OCMock reports its failures; from an old-style recorder (or with no
    /// test running) raised as OCMock raises it, an `NSInvalidArgumentException`.
    func reportMisfit(_ error: any Error, of m: borrowing Message) throws {
        guard let misfit = error as? MockError else { throw error }
        switch misfit {
        case .objectForNonObjectReturn, .returnValueDoesNotFit: break
        default: throw misfit
        }
        if case .string(let file) = try runtime.ivarValue("_file", of: m.receiver), case .int(let line) = try runtime.ivarValue("_line", of: m.receiver),
           try tests.recordFailure(misfit.description, file: file, line: line, in: m.runtime, nestedAt: m.depth + 1) {
            return
        }
        throw try Self.exception(named: "NSInvalidArgumentException", reason: misfit.description, in: runtime)
    }

    /// Whether `selector` names only a class method of a class mock's class, as OCMock then
    /// takes `[[mock stub] foo]` for `+foo`.
    private static func isClassMethodOnly(_ selector: Selector, of mock: Mock, in runtime: Runtime) -> Bool {
        guard case .classMock(let cls) = mock.kind else { return false }
        return runtime.lookUpMethod(selector, in: cls) == nil && runtime.lookUpMethod(selector, in: cls.isa) != nil
    }

    /// `[[mock verify] foo]`: the calls received include `foo`, as `OCMVerify([mock foo])`
    /// checks; when they do not, the failure is raised, as OCMock raises it.
    private func verifyOldStyle(_ m: borrowing Message) throws {
        guard let mockObject = try runtime.ivarValue("_mockObject", of: m.receiver).object, let mock = mock(of: mockObject) else {
            throw ClassLibraryError.invalidArgument(method: "OCMStubRecorder", reason: "the recorder belongs to no mock")
        }
        let isClassMethod = Self.isClassMethodOnly(m.selector, of: mock, in: runtime)
        let matcher = InvocationMatcher(selector: m.selector.name, constraints: m.arguments.map(argumentConstraint(for:)), isClassMethod: isClassMethod)
        try mock.verify(matcher, .atLeastOnce, in: m.runtime, depth: m.depth + 1)
    }

    /// The mock and entry a recorder adds to.
    func entry(of recorder: Object) throws -> (Mock, Int) {
        guard let mockObject = try runtime.ivarValue("_mockObject", of: recorder).object, let mock = mock(of: mockObject),
              case .int(let id) = try runtime.ivarValue("_entry", of: recorder) else {
            throw ClassLibraryError.invalidArgument(method: "OCMStubRecorder", reason: "the recorder belongs to no mock")
        }
        return (mock, id)
    }

    /// `[[mock stub] title]`: the message sent to the recorder is the call its entry takes.
    private func recordOldStyle(_ m: borrowing Message) throws {
        if try runtime.ivarValue("_verifies", of: m.receiver).isTruthy { return try verifyOldStyle(m) }
        let (mock, id) = try entry(of: m.receiver)
        let isClassMethod = try runtime.ivarValue("_classMethod", of: m.receiver).isTruthy
            || Self.isClassMethodOnly(m.selector, of: mock, in: runtime)
        let matcher = InvocationMatcher(selector: m.selector.name, constraints: m.arguments.map(argumentConstraint(for:)), isClassMethod: isClassMethod)
        mock.record(matcher, for: id)
        if try runtime.ivarValue("_ignoresNonObjectArguments", of: m.receiver).isTruthy { mock.ignoreNonObjectArguments(of: id) }
        do {
            try mock.checkReturns(of: id, in: runtime)
        } catch {
            try reportMisfit(error, of: m)
        }
    }
}
