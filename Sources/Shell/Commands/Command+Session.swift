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
        name: "source",
        summary: "run a script here as if typed, or load Objective-C (.h, .m, or a directory of them: one holding several apps "
            + "that define the same classes loads its first, and names the others); run again, it reloads what changed "
            + "(--load: as rtsh --load, so reset reloads it too)",
        signature: Signature([.flags(["--load"]), .argument("PATH", .path)]), example: "source examples/SampleApp.rtsh"
    ) { session, arguments, command in
        let written = try arguments["PATH"]!.string()
        let path = session.resolve(written, relativeTo: session.currentFile)
        if arguments.has("--load") {
            session.loadAtStartup(written, at: path)
            return
        }
        // What is loaded at the prompt, a recording started later loads again.
        try session.source(written, at: path)
        if session.currentFile == nil { session.rememberLoaded(path) }
    }

    static let reset = Command(
        name: "reset",
        summary: "start over: a fresh runtime and class library, no variables; reloads the --load file (reset all: nothing)",
        signature: Signature([], [.word("all")]), example: "reset all"
    ) { session, arguments, command in
        session.output.print(try session.reset(all: arguments.has("all")))
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
        // From `.`, the path as written: errors in a script name it as the user did.
        return base.isEmpty || base == "." ? path : (base as NSString).appendingPathComponent(path)
    }
}
