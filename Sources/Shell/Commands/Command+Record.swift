extension Command {
    static let record = Command(
        name: "record", summary: "record the session to a transcript that rtsh replay checks; record stop ends it",
        signature: Signature([.word("stop")], [.argument("FILE", .path)], []), example: "record sessions/login.transcript",
        isRecorded: false
    ) { session, arguments, command in
        if arguments.has("stop") {
            guard let recorder = session.recorder else { throw ShellError("not recording; start with record FILE") }
            session.recorder = nil
            session.output.print("stopped recording to \(recorder.path)")
        } else if let file = arguments["FILE"] {
            if let current = session.recorder {
                throw ShellError("already recording to \(current.path); record stop first", at: file.location)
            }
            let path = session.resolve(try file.string(), relativeTo: nil)
            session.recorder = try Recorder(path: path)
            session.output.print("recording to \(path)")
        } else {
            session.output.print(session.recorder.map { "recording to \($0.path)" } ?? "not recording")
        }
    }
}
