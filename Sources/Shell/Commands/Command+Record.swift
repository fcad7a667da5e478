extension Command {
    static let record = Command(
        name: "record", summary: "record the session to a transcript that rtsh replay checks; record stop ends it",
        usage: "record FILE | record stop | record", example: "record sessions/login.transcript"
    ) { session, arguments, command in
        switch arguments.words.count {
        case 0:
            session.output.print(session.recorder.map { "recording to \($0.path)" } ?? "not recording")
        case 1 where arguments.words[0] == "stop":
            guard let recorder = session.recorder else { throw ShellError("not recording; start with record FILE") }
            session.recorder = nil
            session.output.print("stopped recording to \(recorder.path)")
        case 1:
            if let current = session.recorder {
                throw ShellError("already recording to \(current.path); record stop first")
            }
            let path = session.resolve(arguments.words[0], relativeTo: nil)
            session.recorder = try Recorder(path: path)
            session.output.print("recording to \(path)")
        default:
            throw command.usageError("give one file, or stop")
        }
    }
}
