import Runtime

extension ClassLibrary {
    /// `OCObserverMockObject`: OCMock's observer mock (`OCMObserverMock()`,
    /// `[OCMockObject observerMock]`), registered with a center by
    /// `-[NSNotificationCenter addMockObserver:name:object:]`. Each expected notification
    /// (`[[mock expect] notificationWithName:object:]`, or inside `OCMExpect`) is an
    /// expectation of the mock engine on ``Mock/notificationSelector``; a notification none
    /// takes raises at once (observer mocks are strict), and `verify` names those never observed.
    func defineOCObserverMockObject(root: Class) throws {
        let library = unheld
        @Sendable func expect(_ m: borrowing Message, on mockObject: Object) throws -> Value {
            guard let mock = library.mock(of: mockObject) else { return .nil }
            let userInfo = m.arguments.count > 2 ? m[2] : .nil
            let constraints = [m[0], m[1], userInfo].map { $0 == .nil ? ArgumentConstraint.isNil : library.argumentConstraint(for: $0) }
            let matcher = InvocationMatcher(selector: Mock.notificationSelector, constraints: constraints)
            // Inside a macro the expectation is the macro's (OCMVerify checks the notifications observed instead).
            let recording = library.mocks.recording.withLock { $0?.recorded == nil ? $0 : nil }
            if case .verification? = recording?.purpose {
                library.mocks.recording.withLock { $0?.recorded = (mockObject, matcher, nil) }
                return .nil
            }
            let id = try mock.add(.expectation, matching: matcher)
            if recording != nil { library.mocks.recording.withLock { $0?.recorded = (mockObject, matcher, id) } }
            return .nil
        }
        let forms = [("notificationWithName:object:", "@@:@@"), ("notificationWithName:object:userInfo:", "@@:@@@")]
        try runtime.registerLazyClass(named: "OCObserverMockObject", superclass: root) { c in
            try c.addMethod("expect", types: "@@:") { m in
                _ = try library.requireMock(m)
                let recorder = try m.runtime.createInstance(of: try m.runtime.requireClass(named: "OCMObserverRecorder"))
                try m.runtime.setIvar("_mockObject", of: recorder, to: .object(m.receiver))
                return .object(recorder)
            }
            // `OCMExpect([mock notificationWithName:… object:…])`: the mock records the expectation itself.
            for (selector, types) in forms {
                try c.addMethod(selector, types: types) { m in try expect(m, on: m.receiver) }
            }
            try c.addMethod("handleNotification:", types: "v@:@") { m in
                guard let note = try m.objectArgument(0), let mock = library.mock(of: m.receiver), !mock.isStopped else { return .nil }
                let parts = try ["name", "object", "userInfo"].map { try m.send(m.runtime.selector($0), to: note) }
                let described = try m.send(m.runtime.selector("description"), to: note)
                let call = Mock.Call(selector: Mock.notificationSelector, arguments: parts)
                try mock.observe(call, described: described.stringValue ?? described.description, in: m.runtime, depth: m.depth + 1)
                return .nil
            }
            try c.addMethod("verify", types: "v@:") { m in
                try library.requireMock(m).verify()
                return .nil
            }
            try c.addMethod("verifyWithDelay:", types: "v@:d") { m in
                let mock = try library.requireMock(m)
                try library.wait(upTo: try m.numberArgument(0)) { mock.expectationsAreMet }
                try mock.verify()
                return .nil
            }
            try c.addMethod("setExpectationOrderMatters:", types: "v@:B") { m in
                try library.requireMock(m).expectationOrderMatters = m[0].isTruthy
                return .nil
            }
            try c.addMethod("stopMocking", types: "v@:") { m in
                library.stopMocking(m.receiver)
                return .nil
            }
            try c.addMethod("description", types: "@@:") { _ in "OCMockObserver" }
        }
        try runtime.registerLazyClass(named: "OCMObserverRecorder", superclass: root) { c in
            try c.addIvar("_mockObject", type: .object(className: nil))
            for (selector, types) in forms {
                try c.addMethod(selector, types: types) { m in
                    guard let mockObject = try m.ivar("_mockObject").object else { return .nil }
                    return try expect(m, on: mockObject)
                }
            }
        }
    }

    /// An observer mock: add it to a center with `addMockObserver:name:object:`.
    public func makeObserverMock() throws -> Object {
        let object = try runtime.createInstance(of: try runtime.requireClass(named: "OCObserverMockObject"))
        mocks.register(Mock(.observer, isNice: false), for: object)
        return object
    }
}
