import Runtime
import UIKitModel

extension Session {
    /// Changes the session's super-call rules with a policy file's (see `policy load`),
    /// reporting what is wrong with it; false when it could not be read or applied.
    public func loadPolicy(_ path: String) -> Bool {
        do {
            superCallPolicy = try PolicyFile.read(resolve(path, relativeTo: nil), named: path, over: superCallPolicy)
            return true
        } catch {
            report(error, file: nil, firstLine: 1, source: nil)
            return false
        }
    }

    /// The super-call audit over a source tree, as `rtsh audit` runs it: loads `paths`
    /// (as `source` loads them), then audits every override the policy polices in every
    /// class the code defined (controllers, views and cells alike), each object made as
    /// an app makes it. Prints one ok/FAIL/ERROR line per audit (an ERROR too for each
    /// class that could not be loaded), the summary, and the stand-ins used.
    ///
    /// A tree of several programs (see ``SourceTree``) is audited a program at a time, each
    /// in a runtime of its own, every class once; the totals of all of them end the output.
    ///
    /// - Returns: the audits, or nil when a path cannot be read.
    @discardableResult
    public func auditSources(_ paths: [String]) -> [CheckOutcome]? {
        guard let tree = sourceTree(paths) else { return nil }
        guard tree.programs.count > 1 else { return audit(tree.programs[0], onlyItsOwn: false, named: paths) }
        let audited = forEachProgram(of: tree, named: paths) { session, program in
            session.audit(program, onlyItsOwn: true, named: [program.root ?? ""])
        }
        guard let checks = audited?.flatMap({ $0 }) else { return nil }
        output.print("all \(tree.programs.count) programs: \(Self.tally(checks))")
        return checks
    }

    /// Loads `program` and audits its classes: only those its own files define when
    /// `onlyItsOwn` (the classes the programs share are the first's).
    private func audit(_ program: SourceTree.Program, onlyItsOwn: Bool, named paths: [String]) -> [CheckOutcome] {
        let loaded = loadSources(program)
        let standIns = library.standIns
        func isOwn(_ location: SourceLocation?) -> Bool { !onlyItsOwn || location?.file.map(program.ownFiles.contains) == true }
        let classes = runtime.classes.filter { cls in !standIns.isFrameworkClass(cls) && isOwn(definedClasses[cls.name]?.implementation?.location) }
        let audited: [CheckOutcome]
        do {
            audited = try superCallChecks(.classes(classes))
        } catch {
            // A sweep of the policy's own rules names no selector that could lack one.
            report(error, file: nil, firstLine: 1, source: nil)
            return []
        }
        let notLoaded = loaded.classesNotLoaded.filter { isOwn($0.value) }.sorted { $0.key < $1.key }.map { name, location in
            CheckOutcome(testName: "test\(name)Loads", verdict: .error, text: "ERROR \(name) was not loaded (\(location)): see the error reported as it loaded")
        }
        let checks = audited + notLoaded
        guard !checks.isEmpty else {
            output.print("nothing to audit: no class in \(paths.joined(separator: ", ")) overrides a policed selector")
            return []
        }
        report(checks)
        let uses = standIns.uses
        for use in uses { output.print(use.listing) }
        if !uses.isEmpty { output.print(Self.standInSummary(uses)) }
        return checks
    }
}
