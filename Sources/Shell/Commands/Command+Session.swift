import Foundation
import Runtime

extension Command {
    static let sessionCommands: [Command] = [trace, source, reset, quit]

    static let trace = Command(
        name: "trace", summary: "show sends and super sends as an indented tree, optionally only matching ones",
        usage: "trace on [FILTER] | trace off", example: "trace on MM*"
    ) { session, arguments, command in
        let words = arguments.words
        switch words.first {
        case "on":
            guard words.count <= 2 else { throw command.usageError("give at most one filter") }
            let filter = try words.count == 2 ? Glob(words[1]) : nil
            session.stopTracing()
            let output = session.output
            let token = session.runtime.addTraceObserver { event in
                guard case .entered = event.phase else { return }
                if let filter, !filter.matches(event.call.method.className), !filter.matches(event.call.selector.name) { return }
                output.print("trace: " + event.description)
            }
            session.trace = (token, filter)
        case "off":
            guard words.count == 1 else { throw command.usageError("trace off takes nothing more") }
            session.stopTracing()
        default:
            throw command.usageError("say on or off")
        }
    }

    static let source = Command(
        name: "source", summary: "run a script here as if typed, or load Objective-C (.h, .m, or a directory of them)",
        usage: "source FILE|DIR", example: "source examples/SampleApp.rtsh"
    ) { session, arguments, command in
        guard arguments.words.count == 1 else { throw command.usageError("give one file or directory") }
        let path = session.resolve(arguments.words[0], relativeTo: session.currentFile)
        if Session.isObjectiveCSource(path) {
            session.loadSources([path])
            return
        }
        guard !session.sourceStack.contains(path) else {
            throw ShellError("\(arguments.words[0]) is already being sourced: a file that sources itself would never end")
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ShellError("cannot read \(arguments.words[0]): \(error.localizedDescription)")
        }
        session.sourceStack.append(path)
        defer { session.sourceStack.removeLast() }
        session.run(script: text, file: path)
    }

    static let reset = Command(
        name: "reset", summary: "start over: a fresh runtime and class library, no variables",
        usage: "reset", example: "reset"
    ) { session, arguments, command in
        guard arguments.words.isEmpty else { throw command.usageError("it takes no arguments") }
        try session.reset()
    }

    static let quit = Command(
        name: "quit", summary: "leave the shell", usage: "quit", example: "quit"
    ) { _, arguments, command in
        guard arguments.words.isEmpty else { throw command.usageError("it takes no arguments") }
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
