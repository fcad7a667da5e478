import Foundation
import Runtime

extension Command {
    static let sessionCommands: [Command] = [trace, source, reset, quit]

    static let trace = Command(
        name: "trace", summary: "show sends and super sends as an indented tree, optionally only matching ones",
        signature: Signature([.word("on"), .optional([.argument("FILTER", .filter)])], [.word("off")]),
        example: "trace on MM*"
    ) { session, arguments, command in
        if arguments.has("on") {
            let filter = try arguments["FILTER"].map(session.glob)
            session.stopTracing()
            let output = session.output
            let token = session.runtime.addTraceObserver { event in
                guard case .entered = event.phase else { return }
                if let filter, !filter.matches(event.call.method.className), !filter.matches(event.call.selector.name) { return }
                output.print("trace: " + event.description)
            }
            session.trace = (token, filter)
        } else {
            session.stopTracing()
        }
    }

    static let source = Command(
        name: "source", summary: "run a script here as if typed, or load Objective-C (.h, .m, or a directory of them)",
        signature: Signature([.argument("PATH", .path)]), example: "source examples/SampleApp.rtsh"
    ) { session, arguments, command in
        let written = try arguments["PATH"]!.string()
        let path = session.resolve(written, relativeTo: session.currentFile)
        // What is loaded at the prompt, a recording started later loads again.
        let atPrompt = session.currentFile == nil
        if Session.isObjectiveCSource(path) {
            if session.loadSources([path]) != nil, atPrompt { session.rememberLoaded(path) }
            return
        }
        guard !session.sourceStack.contains(path) else {
            throw ShellError("\(written) is already being sourced: a file that sources itself would never end")
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ShellError("cannot read \(written): \(error.localizedDescription)")
        }
        if atPrompt { session.rememberLoaded(path) }
        session.sourceStack.append(path)
        defer { session.sourceStack.removeLast() }
        session.run(script: text, file: path)
    }

    static let reset = Command(
        name: "reset", summary: "start over: a fresh runtime and class library, no variables",
        signature: Signature([]), example: "reset"
    ) { session, arguments, command in
        try session.reset()
    }

    static let quit = Command(
        name: "quit", summary: "leave the shell (exit does too)", signature: Signature([]), example: "quit", isRecorded: false,
        aliases: ["exit"]
    ) { _, arguments, command in
        throw QuitRequest()
    }
}

extension Session {
    func stopTracing() {
        if let trace { runtime.removeTraceObserver(trace.token) }
        trace = nil
    }

    /// `path` taken relative to the directory of `file` (the script being run), or to the
    /// working directory at the prompt; an absolute path as it is.
    func resolve(_ path: String, relativeTo file: String?) -> String {
        guard !path.hasPrefix("/") else { return path }
        let base = file.map { ($0 as NSString).deletingLastPathComponent } ?? workingDirectory
        return base.isEmpty ? path : (base as NSString).appendingPathComponent(path)
    }
}
