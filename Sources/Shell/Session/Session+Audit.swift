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
    /// - Returns: the audits, or nil when a path cannot be read.
    @discardableResult
    public func auditSources(_ paths: [String]) -> [CheckOutcome]? {
        guard let loaded = loadSources(paths) else { return nil }
        let standIns = library.standIns
        let audited: [CheckOutcome]
        do {
            audited = try superCallChecks(.classes(runtime.classes.filter { !standIns.isFrameworkClass($0) }))
        } catch {
            // A sweep of the policy's own rules names no selector that could lack one.
            report(error, file: nil, firstLine: 1, source: nil)
            return []
        }
        let notLoaded = loaded.classesNotLoaded.sorted { $0.key < $1.key }.map { name, location in
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
