import Runtime
import Testing
import UIKitModel

struct Boom: Error, CustomStringConvertible {
    var description: String
}

/// Controllers with every kind of super call, defined through the runtime.
struct AuditStage {
    let library: ClassLibrary
    var runtime: Runtime { library.runtime }
    var audit: SuperCallAudit { SuperCallAudit(runtime: runtime) }

    init() throws {
        library = try ClassLibrary()
        let runtime = library.runtime
        let viewController = try runtime.requireClass(named: "UIViewController")
        let viewWillAppear = try runtime.selector("viewWillAppear:")
        // Calls super everywhere it overrides.
        let good = try runtime.registerClass(named: "MMGood", superclass: viewController) { c in
            try c.addMethod("viewDidLoad", types: "v@:") { m in try m.sendSuper() }
            try c.addMethod("viewWillAppear:", types: "v@:B") { m in try m.sendSuper() }
            try c.addMethod("viewDidDisappear:", types: "v@:B") { m in try m.sendSuper() }
            try c.addMethod("loadView", types: "v@:") { m in
                try m.send("setView:", to: m.receiver, try m.send("new", to: m.runtime.requireClass(named: "UIView")))
            }
            try c.addMethod("helper", types: "v@:") { _ in .nil }
        }
        try runtime.registerClass(named: "MMForgetful", superclass: viewController) { c in
            try c.addMethod("viewWillAppear:", types: "v@:B") { _ in .nil }
        }
        try runtime.registerClass(named: "MMTwice", superclass: viewController) { c in
            try c.addMethod("viewDidAppear:", types: "v@:B") { m in
                try m.sendSuper()
                return try m.sendSuper()
            }
        }
        try runtime.registerClass(named: "MMSuperLoad", superclass: viewController) { c in
            try c.addMethod("loadView", types: "v@:") { m in try m.sendSuper() }
        }
        try runtime.registerClass(named: "MMRaises", superclass: viewController) { c in
            try c.addMethod("viewWillAppear:", types: "v@:B") { _ in throw Boom(description: "boom in viewWillAppear:") }
        }
        try runtime.registerClass(named: "MMRecurses", superclass: viewController) { c in
            try c.addMethod("viewWillAppear:", types: "v@:B") { m in try m.send(viewWillAppear, to: m.receiver, m.arguments) }
        }
        // Inherits MMGood's overrides and adds one that forgets super.
        try runtime.registerClass(named: "MMGoodChild", superclass: good) { c in
            try c.addMethod("viewDidAppear:", types: "v@:B") { _ in .nil }
        }
        try runtime.registerClass(named: "MMInheritsOnly", superclass: good)
    }
}

@Suite("The super-call audit")
struct AuditTests {
    @Test func eachFindingIsReportedForWhatTheOverrideDoes() throws {
        let stage = try AuditStage()
        let audit = stage.audit
        let cls = { try stage.runtime.requireClass(named: $0) }
        #expect(try audit.audit(cls("MMGood"), "viewWillAppear:").summary == "ok -[MMGood viewWillAppear:] calls super once")
        #expect(try audit.audit(cls("MMGood"), "loadView").summary == "ok -[MMGood loadView] does not call super")
        #expect(try audit.audit(cls("MMGood"), "viewDidLoad").finding == .passed(calls: 1))
        #expect(try audit.audit(cls("MMForgetful"), "viewWillAppear:").summary
            == "failed -[MMForgetful viewWillAppear:] does not call super")
        #expect(try audit.audit(cls("MMTwice"), "viewDidAppear:").finding == .calledTimes(2))
        #expect(try audit.audit(cls("MMSuperLoad"), "loadView").summary
            == "failed -[MMSuperLoad loadView] calls super once but must not call it")
        #expect(try audit.audit(cls("MMRaises"), "viewWillAppear:").finding == .raised("boom in viewWillAppear:"))
        let recursion = try audit.audit(cls("MMRecurses"), "viewWillAppear:")
        #expect(recursion.finding == .raised("call depth limit of 150 exceeded in -[MMRecurses viewWillAppear:]: runaway recursion, such as a method or block that calls itself forever"))
    }

    @Test func theRuntimeIsAlwaysPutBack() throws {
        let stage = try AuditStage()
        let runtime = stage.runtime
        let superMethod = try runtime.method(MethodReference(className: "UIViewController", selector: "viewWillAppear:"))
        let original = superMethod.implementation
        for name in ["MMGood", "MMForgetful", "MMRaises", "MMRecurses"] {
            _ = try stage.audit.audit(runtime.requireClass(named: name), "viewWillAppear:")
            #expect(runtime.ledger.isEmpty)
            #expect(superMethod.implementation === original)
        }
        _ = try stage.audit.audit(runtime.requireClass(named: "MMTwice"), "viewDidAppear:")
        #expect(runtime.ledger.isEmpty)
        // The forgetful controller still forgets afterwards, and the good one still works.
        let vc = try #require(try runtime.send("new", to: runtime.requireClass(named: "MMGood")).object)
        try stage.library.appear(vc)
        #expect(try stage.library.appearanceState(of: vc) == .appeared)
    }

    @Test func changesTheFiredCodeMakesAreUndoneAndEarlierOnesKept() throws {
        let stage = try AuditStage()
        let runtime = stage.runtime
        let mine = try runtime.addMethod("mine", types: "v@:", to: runtime.requireClass(named: "MMGood")) { _ in .nil }
        let viewController = try runtime.requireClass(named: "UIViewController")
        try runtime.registerClass(named: "MMMeddler", superclass: viewController) { c in
            try c.addMethod("viewWillAppear:", types: "v@:B") { m in
                try m.runtime.addMethod("added", types: "v@:", to: m.receiver.isa) { _ in .nil }
                return try m.sendSuper()
            }
        }
        let result = try stage.audit.audit(runtime.requireClass(named: "MMMeddler"), "viewWillAppear:")
        #expect(result.passed)
        #expect(runtime.ledger.map(\.id) == [mine.id])
    }

    @Test func theProbeCountsOnlyTheAuditedInstance() throws {
        let stage = try AuditStage()
        let runtime = stage.runtime
        let viewController = try runtime.requireClass(named: "UIViewController")
        try runtime.registerClass(named: "MMHost", superclass: viewController) { c in
            // Makes a second controller appear (its super calls must not count), and forgets its own.
            try c.addMethod("viewWillAppear:", types: "v@:B") { m in
                let other = try m.send("new", to: m.runtime.requireClass(named: "MMGood"))
                try m.send("viewWillAppear:", to: other.object, false)
                return .nil
            }
        }
        #expect(try stage.audit.audit(runtime.requireClass(named: "MMHost"), "viewWillAppear:").finding == .notCalled)
    }

    @Test func aSweepCoversOverridesOnlyInAStableOrder() throws {
        let stage = try AuditStage()
        let results = try stage.audit.sweep(.matching(try Glob("MM*")))
        #expect(results.map(\.summary) == [
            "failed -[MMForgetful viewWillAppear:] does not call super",
            "ok -[MMGood loadView] does not call super",
            "ok -[MMGood viewDidLoad] calls super once",
            "ok -[MMGood viewWillAppear:] calls super once",
            "ok -[MMGood viewDidDisappear:] calls super once",
            "failed -[MMGoodChild viewDidAppear:] does not call super",
            "error -[MMRaises viewWillAppear:] raised: boom in viewWillAppear:",
            "error -[MMRecurses viewWillAppear:] raised: call depth limit of 150 exceeded in -[MMRecurses viewWillAppear:]: runaway recursion, such as a method or block that calls itself forever",
            "failed -[MMSuperLoad loadView] calls super once but must not call it",
            "failed -[MMTwice viewDidAppear:] calls super 2 times (expected once)",
        ])
        // Sorted by class name, then policy order; MMInheritsOnly inherits everything and is not audited.
        #expect(results.map(\.method.description) == [
            "-[MMForgetful viewWillAppear:]",
            "-[MMGood loadView]", "-[MMGood viewDidLoad]", "-[MMGood viewWillAppear:]", "-[MMGood viewDidDisappear:]",
            "-[MMGoodChild viewDidAppear:]",
            "-[MMRaises viewWillAppear:]",
            "-[MMRecurses viewWillAppear:]",
            "-[MMSuperLoad loadView]",
            "-[MMTwice viewDidAppear:]",
        ])
        #expect(results.filter(\.passed).count == 4)
        // Three verdicts, never conflated: a raise is an error, not a failure of the rule.
        #expect(results.map(\.verdict) == [.failed, .ok, .ok, .ok, .ok, .failed, .error, .error, .failed, .failed])
        #expect(stage.runtime.ledger.isEmpty)
        // The same classes by descent, and a chosen selector only.
        let good = try stage.runtime.requireClass(named: "MMGood")
        #expect(try stage.audit.sweep(.descendants(of: good)).map(\.method.description) == ["-[MMGoodChild viewDidAppear:]"])
        #expect(try stage.audit.sweep(.matching(try Glob("MM*")), selectors: ["loadView"]).map(\.method.description)
            == ["-[MMGood loadView]", "-[MMSuperLoad loadView]"])
    }

    @Test func thePolicyIsDataAUserExtends() throws {
        let stage = try AuditStage()
        var audit = stage.audit
        let good = try stage.runtime.requireClass(named: "MMGood")
        #expect(throws: AuditError.notPoliced("helper", policed: SuperCallPolicy.uikit.rules.map(\.selector))) {
            try audit.audit(good, "helper")
        }
        try stage.runtime.addMethod("helper", types: "v@:", to: try stage.runtime.requireClass(named: "UIViewController")) { _ in .nil }
        audit.policy.set(.required, for: "helper")
        #expect(try audit.audit(good, "helper").finding == .notCalled)
        audit.policy.set(.prohibited, for: "helper")
        #expect(try audit.audit(good, "helper").passed)
        audit.policy.remove("viewWillAppear:")
        #expect(try audit.sweep(.matching(try Glob("MMForgetful"))).isEmpty)
    }

    @Test func auditingAnInheritedSelectorIsAnError() throws {
        let stage = try AuditStage()
        let inherits = try stage.runtime.requireClass(named: "MMInheritsOnly")
        let error = #expect(throws: AuditError.self) { try stage.audit.audit(inherits, "viewWillAppear:") }
        #expect(error?.description == "-[MMInheritsOnly viewWillAppear:] is not implemented by MMInheritsOnly itself: it only inherits it, so there is no override to audit")
    }

    @Test func theCreationCheck() throws {
        let stage = try AuditStage()
        let runtime = stage.runtime
        let root = try runtime.requireClass(named: "NSObject")
        try runtime.registerClass(named: "MXPlain", superclass: root)
        try runtime.registerClass(named: "MXImpostor", superclass: root) { c in
            try c.addClassMethod("new", types: "@@:") { m in try m.send("new", to: m.runtime.requireClass(named: "MXPlain")) }
        }
        try runtime.registerClass(named: "MXNothing", superclass: root) { c in
            try c.addMethod("init", types: "@@:") { _ in .nil }
        }
        try runtime.registerClass(named: "MXBroken", superclass: root) { c in
            try c.addMethod("init", types: "@@:") { _ in throw Boom(description: "init failed") }
        }
        let results = stage.audit.checkCreation(.matching(try Glob("MX*")))
        #expect(results.map(\.summary) == [
            "error +[MXBroken new] raised: init failed",
            "failed +[MXImpostor new] new returned <MXPlain: 0x2>, an instance of MXPlain, not of the class itself",
            "failed +[MXNothing new] new returned nil",
            "ok +[MXPlain new] created <MXPlain: 0x4>",
        ])
        #expect(runtime.ledger.isEmpty)
    }
}

@Suite("Dynamically named tests")
struct TestNameTests {
    @Test func checksAreNamedAsTheArticleNamesItsTests() throws {
        let stage = try AuditStage()
        let runtime = stage.runtime
        let results = try stage.audit.sweep(.matching(try Glob("MMGood")))
        #expect(results.map(\.testName) == [
            "testMMGoodDoesNotCallSuperLoadView", "testMMGoodCallsSuperViewDidLoad",
            "testMMGoodCallsSuperViewWillAppear", "testMMGoodCallsSuperViewDidDisappear",
        ])
        #expect(stage.audit.checkCreation(.matching(try Glob("MMTwice"))).map(\.testName) == ["testMMTwiceCreation"])
        var audit = stage.audit
        try runtime.addMethod("pushViewController:animated:", types: "v@:@B", to: runtime.requireClass(named: "MMGood")) { m in
            try m.sendSuper()
        }
        try runtime.addMethod("pushViewController:animated:", types: "v@:@B", to: runtime.requireClass(named: "UIViewController")) { _ in .nil }
        audit.policy.set(.required, for: "pushViewController:animated:")
        #expect(try audit.audit(runtime.requireClass(named: "MMGood"), "pushViewController:animated:").testName
            == "testMMGoodCallsSuperPushViewControllerAnimated")
    }
}

/// A result in one line, verdict first, so that a test reads every part at once.
extension SuperCallResult {
    var summary: String { "\(verdict.rawValue) \(method) \(finding)" }
}

extension CreationResult {
    fileprivate var summary: String { "\(verdict.rawValue) +[\(className) new] \(finding)" }
}
