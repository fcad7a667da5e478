import Foundation
import Runtime

/// `source`, `--load` and `reset`: running a script or loading Objective-C, running it
/// again, and starting over.
extension Session {
    /// Runs the script, or loads the Objective-C, at `path` (`written` as the user wrote it),
    /// as `source` does.
    ///
    /// A file run before is reloaded: the changes its last run made to the runtime that are
    /// still in the ledger (swizzles, mocks) are undone first, so that running it again makes
    /// them once; a script's statements run again; a class, category or protocol that reads
    /// as before is left alone, a class that changed is defined again, a new one is added;
    /// and one line says what it did (`reloaded app.rtsh: 1 class redefined, 3 unchanged`).
    ///
    /// - Throws: ``ShellError`` when a script or a folder of sources cannot be read, or a
    ///   script is being sourced already.
    func source(_ written: String, at path: String) throws {
        let isObjectiveC = Self.isObjectiveCSource(path)
        var text = ""
        if !isObjectiveC {
            guard !sourceStack.contains(path) else {
                throw ShellError("\(written) is already being sourced: a file that sources itself would never end")
            }
            do {
                text = try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                let reason = FileManager.default.fileExists(atPath: path) ? "it is not readable UTF-8 text" : "there is no such file"
                throw ShellError("cannot read \(written): \(reason)")
            }
        }
        let key = (path as NSString).standardizingPath
        let lastRun = sourcedRuns[key]
        if let lastRun { undo(lastRun, madeByTheLastRunOf: written) }
        let outerTally = tally
        tally = DefinitionTally()
        defer { tally = outerTally }
        let failuresBefore = failures.count
        let mark = runtime.ledgerMark
        if isObjectiveC {
            try loadSources([path], summarizing: lastRun == nil)
        } else {
            sourceStack.append(path)
            defer { sourceStack.removeLast() }
            run(script: text, file: path)
        }
        sourcedRuns[key] = runtime.ledger.map(\.id).filter { $0 > mark }
        if lastRun != nil {
            let errors = failures.dropFirst(failuresBefore).count { $0.kind == .error }
            output.print("reloaded \(written): \(tally.summary)" + (errors == 0 ? "" : "; \(errors) error\(errors == 1 ? "" : "s")"))
        }
    }

    /// Undoes the changes `ids` that are still in the ledger, with what rests on them, and says so.
    private func undo(_ ids: [LedgerEntry.ID], madeByTheLastRunOf written: String) {
        var undone: [LedgerEntry] = []
        for id in ids.sorted(by: >) where runtime.ledger.contains(where: { $0.id == id }) {
            // The entry is there, so the undo cannot fail.
            guard let taken = try? runtime.undo(id) else { continue }
            undone += taken
        }
        for entry in undone.sorted(by: { $0.id < $1.id }) {
            output.print("note: undid \(entry), made by the last run of \(written)")
        }
    }

    /// Runs the script or loads the sources at `path`, as `rtsh --load` does: `reset` loads
    /// it again, a recording begins by loading it, and `source` of it reloads it.
    ///
    /// - Returns: false when it cannot be read at all (the reason is printed); errors
    ///   inside count in ``failureCount``.
    @discardableResult
    public func loadAtStartup(_ path: String) -> Bool {
        loadAtStartup(path, at: resolve(path, relativeTo: nil))
    }

    /// ``loadAtStartup(_:)`` for `path`, written `written` (`source --load`).
    @discardableResult
    func loadAtStartup(_ written: String, at path: String) -> Bool {
        guard load(written, at: path) else { return false }
        if !startupPaths.contains(where: { $0.path == path }) { startupPaths.append((written, path)) }
        return true
    }

    /// Sources `path` (written `written`) from outside any script, for recordings to begin with.
    private func load(_ written: String, at path: String) -> Bool {
        do {
            try source(written, at: path)
        } catch {
            report(error, file: nil, firstLine: 1, source: nil)
            return false
        }
        rememberLoaded(path)
        return true
    }

    /// Starts over: a fresh runtime and class library, no variables, no trace, nothing
    /// defined or loaded; then what `--load` loaded is loaded again, unless `all`, which
    /// forgets it too. The session's settings (stand-ins, the super-call policy) stay.
    ///
    /// - Returns: what it did, as `reset` says it: `reset: fresh runtime, variables cleared;
    ///   reloaded /path/to/examples/SampleApp.rtsh`. Paths are named in full, as `record`
    ///   names its file, so that a recording that resets replays the same from anywhere.
    @discardableResult
    public func reset(all: Bool = false) throws -> String {
        let startup = all ? [] : startupPaths
        let hadStartupPaths = !startupPaths.isEmpty
        try startOver()
        var said = "reset: fresh runtime, variables cleared"
        if all, hadStartupPaths { said += "; nothing reloaded" }
        let reloaded = startup.map { written, path -> String in
            let failuresBefore = failures.count
            guard loadAtStartup(written, at: path) else { return "could not reload \(fullPath(path))" }
            let errors = failures.dropFirst(failuresBefore).count { $0.kind == .error }
            return "reloaded \(fullPath(path))" + (errors == 0 ? "" : " with \(errors) error\(errors == 1 ? "" : "s")")
        }
        if !reloaded.isEmpty { said += "; " + reloaded.joined(separator: ", ") }
        return said
    }
}
