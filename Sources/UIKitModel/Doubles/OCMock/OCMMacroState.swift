import Runtime

extension ClassLibrary {
    /// `OCMMacroState`: what OCMock's macros call. `OCMStub(…)` begins recording, runs the
    /// invocation (whose first message to a mock is recorded, not handled) and ends it,
    /// answering the recorder; `OCMVerify(…)` checks the recorded call against the calls
    /// received, and its failure is the running test's, at the macro's file and line.
    func defineOCMMacroState(root: Class) throws {
        let library = unheld
        try runtime.registerLazyClass(named: "OCMMacroState", superclass: root) { c in
            try c.addClassMethod("_beginMacro:file:line:", types: "v@:@*i") { m in
                let macro = try m.stringArgument(0)
                let purpose: MockRecording.Purpose = switch macro {
                case "OCMExpect": .entry(.expectation)
                case "OCMReject": .entry(.rejection)
                case "OCMVerify": .verification(.atLeastOnce)
                default: .entry(.stub)
                }
                let recording = MockRecording(macro: macro, purpose: purpose, file: try m.optionalStringArgument(1), line: try m.integerArgument(2))
                library.mocks.recording.withLock { $0 = recording }
                return .nil
            }
            // The invocation raised: the recording ends without a result, and the exception goes on.
            try c.addClassMethod("_abandonMacro", types: "v@:") { _ in
                library.mocks.recording.withLock { $0 = nil }
                return .nil
            }
            try c.addClassMethod("_switchToClassMethod", types: "v@:") { _ in
                library.mocks.recording.withLock { $0?.isClassMethod = true }
                return .nil
            }
            try c.addClassMethod("_endMacro", types: "@@:") { m in
                let ended = library.mocks.recording.withLock { recording in
                    defer { recording = nil }
                    return recording
                }
                guard let recording = ended else { return .nil }
                guard let (mockObject, matcher, id) = recording.recorded, let mock = library.mock(of: mockObject) else {
                    throw MockError.nothingRecorded(macro: recording.macro)
                }
                switch recording.purpose {
                case .entry:
                    guard let id else { return .nil }
                    return .object(try library.makeRecorder(for: mockObject, entry: id, file: recording.file, line: recording.line))
                case .verification(let quantifier):
                    do {
                        try mock.verify(matcher, quantifier, in: m.runtime, depth: m.depth + 1)
                    } catch let error as MockError {
                        try library.report(error, file: recording.file, line: recording.line, m)
                    }
                    return .nil
                }
            }
            try c.addClassMethod("_verifyAll:delay:file:line:", types: "v@:@d*i") { m in
                guard let object = try m.objectArgument(0), let mock = library.mock(of: object) else {
                    throw m.wrongArgument(0, expected: "a mock made with OCMClassMock, OCMProtocolMock or OCMPartialMock")
                }
                try library.wait(upTo: try m.numberArgument(1)) { mock.expectationsAreMet }
                do throws(MockError) {
                    try mock.verify()
                } catch {
                    try library.report(error, file: try m.optionalStringArgument(2), line: try m.integerArgument(3), m)
                }
                return .nil
            }
        }
    }

    /// A mock's failure at a macro: the running test's failure at the macro's place, as
    /// OCMock reports it; with no test running, raised.
    private func report(_ error: MockError, file: String?, line: Int, _ m: borrowing Message) throws {
        guard try tests.recordFailure(error.description, file: file, line: line, in: m.runtime, nestedAt: m.depth + 1) else { throw error }
    }
}
