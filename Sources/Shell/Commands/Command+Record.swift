import Foundation
import Runtime

extension Command {
    static let record = Command(
        name: "record",
        summary: "record the session to a transcript that rtsh replay checks (--force replaces one, --append adds to one); record stop ends it",
        signature: Signature([.word("stop")], [.flags(["--force", "--append"]), .argument("FILE", .path)], []),
        example: "record sessions/login.transcript",
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
            if arguments.has("--force"), arguments.has("--append") {
                throw ShellError("record takes --force (replace the transcript) or --append (add to it), not both", at: file.location)
            }
            let mode: Recorder.Mode = arguments.has("--force") ? .replace : arguments.has("--append") ? .append : .create
            let path = session.resolve(try file.string(), relativeTo: nil)
            let recorder: Recorder
            do {
                recorder = try Recorder(path: path, mode: mode)
            } catch var error as ShellError {
                error.location = file.location
                throw error
            }
            if recorder.startsEmpty { try session.recordWhatIsLoaded(to: recorder) }
            session.recorder = recorder
            session.output.print("recording to \(path)")
        } else {
            session.output.print(session.recorder.map { "recording to \($0.path)" } ?? "not recording")
        }
    }
}

extension Session {
    /// Begins a new transcript with a `source` statement for each script and source tree
    /// the session loaded before (`--load`, `source` at the prompt), its path relative to
    /// the transcript, so that the recording replays on its own: `source --load` for what
    /// `--load` loaded, which `reset` loads again. What loading printed is expected as
    /// `...`: any output.
    func recordWhatIsLoaded(to recorder: Recorder) throws {
        let directory = (recorder.path as NSString).deletingLastPathComponent
        for path in loadedPaths {
            let relative = Self.path(path, relativeTo: directory.isEmpty ? workingDirectory : directory)
            let flag = startupPaths.contains { standardized($0.path) == path } ? "--load " : ""
            try recorder.append(Transcript.Entry(statement: ["source \(flag)\(Self.quotedIfNeeded(relative))"], expected: ["..."]))
        }
    }

    /// `path` from `directory`, with `..` where it climbs: both made absolute and standard first.
    static func path(_ path: String, relativeTo directory: String) -> String {
        func components(_ path: String) -> [String] {
            (path as NSString).standardizingPath.split(separator: "/").map(String.init)
        }
        let target = components(path), base = components(directory)
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        let climbs = Array(repeating: "..", count: base.count - common)
        let relative = (climbs + target[common...]).joined(separator: "/")
        return relative.isEmpty ? "." : relative
    }

    /// A path as a command argument: written as a string literal when it holds a space, a
    /// quote or a backslash, which would otherwise end or change the word.
    static func quotedIfNeeded(_ path: String) -> String {
        path.contains(where: { $0 == " " || $0 == "\"" || $0 == "\\" }) ? Value.string(path).description : path
    }
}
