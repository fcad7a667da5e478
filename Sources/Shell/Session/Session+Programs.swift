import Foundation

/// Running the audit or the tests of a tree that holds several programs (see
/// ``SourceTree``): each program in a session of its own, made like this one, whose
/// results count as this session's.
extension Session {
    /// The tree under `paths`, or nil when it cannot be listed (reported).
    func sourceTree(_ paths: [String]) -> SourceTree? {
        do {
            return try SourceTree(paths, maximumTreeEntries: maximumSourceTreeEntries)
        } catch {
            report(error, file: nil, firstLine: 1, source: nil)
            return nil
        }
    }

    /// Runs `body` once for each of the tree's programs, in a fresh session with this one's
    /// settings (stand-ins, super-call policy, working directory) printing here; each
    /// program's output follows a heading with its folder. The sessions' failures and
    /// checks become this session's; an error a program reports that an earlier one
    /// reported (in a file they share) is left out.
    func forEachProgram<Result>(of tree: SourceTree, named paths: [String], _ body: (Session, SourceTree.Program) -> Result?) -> [Result]? {
        output.print(tree.programsNote(named: paths))
        var results: [Result] = []
        var reported: Set<String> = []
        for program in tree.programs {
            output.print(program.heading)
            let session: Session
            do {
                session = try Session(output: output, workingDirectory: workingDirectory)
            } catch {
                report(error, file: nil, firstLine: 1, source: nil)
                return nil
            }
            session.library.standIns.isEnabled = library.standIns.isEnabled
            session.superCallPolicy = superCallPolicy
            session.errorsReportedBefore = reported
            let result = body(session, program)
            for failure in session.failures where failure.kind == .error { reported.insert(Self.errorKey(failure.message, failure.file, failure.line)) }
            failureCount += session.failureCount
            failures += session.failures
            checkOutcomes += session.checkOutcomes
            guard let result else { return nil }
            results.append(result)
        }
        return results
    }

    /// An error's message and place, as one key.
    static func errorKey(_ message: String, _ file: String?, _ line: Int) -> String { "\(file ?? ""):\(line): \(message)" }
}
