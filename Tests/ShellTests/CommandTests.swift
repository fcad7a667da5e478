import Foundation
import Shell
import Testing

@Suite("Commands")
struct CommandTests {
    /// A harness with a small hierarchy: MMBase ← MMChild (forgets super), MMBase ← MMOther.
    private func harness() throws -> ShellHarness {
        let shell = try ShellHarness()
        shell.run("""
            @implementation MMBase : UIViewController
            - (void)viewDidLoad { [super viewDidLoad]; }
            - (NSString *)name { return @"base"; }
            @end
            @implementation MMChild : MMBase
            - (void)viewWillAppear:(BOOL)animated { }
            - (NSString *)name { return @"child"; }
            - (NSString *)other { return @"other"; }
            @end
            @implementation MMOther : MMBase
            - (void)viewWillAppear:(NSInteger)count { [super viewWillAppear:count]; }
            @end
            """)
        return shell
    }

    @Test func classesAndTree() throws {
        let shell = try harness()
        #expect(shell.run("classes MM*") == ["MMBase", "MMChild", "MMOther"])
        #expect(shell.run("classes --subclasses-of MMBase") == ["MMChild", "MMOther"])
        #expect(shell.run("classes UI*View --subclasses-of UIView") == ["UIActivityIndicatorView", "UIAlertView", "UICollectionReusableView", "UICollectionView", "UIImageView", "UIPickerView", "UIProgressView", "UIScrollView", "UITableView", "UITextView"])
        #expect(shell.run("tree MMBase") == ["MMBase", "├── MMChild", "└── MMOther"])
        #expect(shell.run("tree UIResponder").prefix(3) == ["UIResponder", "├── UIApplication", "├── UIScene"])
    }

    @Test func methodsGroupedByDefiningClass() throws {
        let shell = try harness()
        #expect(shell.run("methods MMChild") == ["- name  @@:", "- other  @@:", "- viewWillAppear:  v@:B"])
        let all = shell.run("methods MMChild --all")
        #expect(Array(all.prefix(7)) == [
            "MMChild",
            "  - name  @@:  (overrides MMBase)",
            "  - other  @@:",
            "  - viewWillAppear:  v@:B  (overrides UIViewController)",
            "MMBase",
            "  - name  @@:",
            "  - viewDidLoad  v@:  (overrides UIViewController)",
        ])
        #expect(all.contains("NSObject") && all.contains("  - isKindOfClass:  B@:#"))
        #expect(shell.run("methods NSObject --class").contains("+ alloc  @@:"))
    }

    @Test func implementorsShowDefinersInheritorsAndMismatchedTypes() throws {
        let shell = try harness()
        let lines = shell.run("implementors viewWillAppear:")
        #expect(lines.contains("-[MMChild viewWillAppear:]  v@:B  overrides -[UIViewController viewWillAppear:]"))
        #expect(lines.contains("-[MMOther viewWillAppear:]  v@:q  overrides -[UIViewController viewWillAppear:]  (types differ: v@:q vs v@:B)"))
        #expect(lines.contains("  MMBase inherits it from UIViewController"))
        #expect(shell.run("implementors nosuchSelector")[0] == "error: line 1, column 14: no class implements 'nosuchSelector'")
    }

    @Test func infoDescribesAClass() throws {
        let shell = try harness()
        let lines = shell.run("info UIButton")
        #expect(lines.first == "class UIButton")
        #expect(lines.contains("  ancestry: UIButton → UIControl → UIView → UIResponder → NSObject"))
        #expect(lines.contains("    title  T@\"NSString\",C,V_title"))
    }

    @Test func exchangeSwizzlesAndRestore() throws {
        let shell = try harness()
        shell.run("c = [MMChild new]")
        #expect(shell.run("exchange -[MMChild name] -[MMChild other]") == ["#1 exchange -[MMChild name] with -[MMChild other]"])
        #expect(shell.run("[c name]") == ["\"other\""])
        #expect(shell.run("swizzle -[MMOther name] with -[MMChild other]") == [
            "#2 exchange -[MMOther name] with -[MMChild other] (added inherited -[MMOther name])",
        ])
        #expect(shell.run("swizzles") == [
            "#1 exchange -[MMChild name] with -[MMChild other]",
            "#2 exchange -[MMOther name] with -[MMChild other] (added inherited -[MMOther name])",
        ])
        #expect(shell.run("restore -[MMChild name]") == [
            "restored #2 exchange -[MMOther name] with -[MMChild other] (added inherited -[MMOther name])",
            "restored #1 exchange -[MMChild name] with -[MMChild other]",
        ])
        #expect(shell.run("[c name]", "[[MMOther new] name]") == ["\"child\"", "\"base\""])
        #expect(shell.run("restore") == ["error: there is nothing to restore: the ledger is empty"])
        #expect(shell.run("exchange -[MMChild name] -[MMChild nam]") == [
            "error: line 1, column 26: -[MMChild nam] does not exist: MMChild has no such instance method; did you mean 'name'?",
            "  exchange -[MMChild name] -[MMChild nam]",
            "                           ^",
        ])
        #expect(shell.run("swizzle -[MMChild name] -[MMChild other]")[0].hasSuffix("usage: swizzle METHOD with METHOD"))
    }

    @Test func checksPrintOneLineEachAndASummaryAndCountFailures() throws {
        let shell = try harness()
        #expect(shell.run("check super MM*") == [
            "ok -[MMBase viewDidLoad] calls super once",
            "FAIL -[MMChild viewWillAppear:] does not call super",
            "ok -[MMOther viewWillAppear:] calls super once",
            "2 passed, 1 failed",
        ])
        #expect(shell.session.failureCount == 1)
        #expect(shell.run("check super MMBase viewDidLoad") == ["ok -[MMBase viewDidLoad] calls super once", "1 passed, 0 failed"])
        #expect(shell.run("check super MMBase nosuch")[0].hasPrefix("error: line 1, column 20: 'nosuch' has no super-call rule"))
        let creation = shell.run("check creation MMC*")
        #expect(creation.count == 2 && creation[0].hasPrefix("ok +[MMChild new] created <MMChild: 0x") && creation[1] == "1 passed, 0 failed")
        #expect(shell.run("check super XYZ*") == [
            "error: line 1, column 13: nothing to check: no class matching 'XYZ*' overrides a policed selector",
            "  check super XYZ*",
            "              ^",
        ])
        #expect(shell.run("check super MMNope")[0] == "error: line 1, column 13: no class named 'MMNope'")
        #expect(shell.run("swizzles") == ["no changes"])
    }

    @Test func assertPassesSilentlyAndExplainsFailures() throws {
        let shell = try harness()
        shell.run("c = [MMChild new]")
        #expect(shell.run("assert [c name] == @\"child\"", "assert YES", "assert c") == [])
        #expect(shell.run("assert [c name] == @\"base\"") == ["error: assertion failed: [c name] == @\"base\"", "  left:  \"child\"", "  right: \"base\""])
        #expect(shell.run("assert [c isViewLoaded]") == ["error: assertion failed: [c isViewLoaded] (was NO)"])
        #expect(shell.session.failureCount == 2)
    }

    @Test func lifecycleEventsAndTheTree() throws {
        let shell = try harness()
        shell.run("c = [MMChild new]")
        #expect(shell.run("lifecycle c") == [
            "load",
            "  -[UIViewController loadView]",
            "  -[MMBase viewDidLoad]  reached super",
            "    super -[UIViewController viewDidLoad]",
            "appear",
            "  -[MMChild viewWillAppear:]  did not reach super",
            "  -[UIViewController viewIsAppearing:]",
            "  -[UIViewController viewWillLayoutSubviews]",
            "  -[UIViewController viewDidLayoutSubviews]",
            "  -[UIViewController viewDidAppear:]",
            "disappear",
            "  -[UIViewController viewWillDisappear:]",
            "  -[UIViewController viewDidDisappear:]",
        ])
        #expect(shell.run("fire c viewDidDisappear:") == ["Unbalanced calls to begin/end appearance transitions for <MMChild: 0x1>."])
        #expect(shell.session.failureCount == 1)
        #expect(shell.run("fire c viewExploded")[0].hasPrefix("error: line 1, column 8: 'viewExploded' is not a lifecycle event; use one of loadView, viewDidLoad"))
        #expect(shell.run("appear 42")[0] == "error: line 1, column 8: '42' is an integer (42), not an object; usage: appear OBJECT")
        #expect(shell.run("appear c", "c.isViewLoaded") == ["YES"])
    }

    @Test func traceShowsMatchingSendsAsATree() throws {
        let shell = try harness()
        shell.run("c = [MMChild new]", "trace on")
        #expect(shell.run("[c name]") == ["trace: -[MMChild name] <MMChild: 0x1>", "\"child\""])
        shell.run("trace off")
        #expect(shell.run("[c name]") == ["\"child\""])
        shell.run("trace on view*")
        #expect(shell.run("[c view]").filter { $0.hasPrefix("trace:") } == [
            "trace: -[UIViewController view] <MMChild: 0x1>",
            "trace:   -[MMBase viewDidLoad] <MMChild: 0x1>",
            "trace:     super -[UIViewController viewDidLoad] <MMChild: 0x1>",
        ])
    }

    @Test func sourceResetVarsAndQuit() throws {
        let shell = try harness()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rtsh-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "answer = 42\nsource inner.rtsh\n".write(to: directory.appendingPathComponent("outer.rtsh"), atomically: true, encoding: .utf8)
        try "doubled = answer * 2\nsource outer.rtsh\n".write(to: directory.appendingPathComponent("inner.rtsh"), atomically: true, encoding: .utf8)
        shell.session.workingDirectory = directory.path
        let sourced = shell.run("source outer.rtsh")
        #expect(sourced.count == 1 && sourced[0].contains("is already being sourced"))
        #expect(shell.run("vars") == ["answer = 42", "doubled = 84"])
        #expect(shell.run("source missing.rtsh")[0].hasPrefix("error: cannot read missing.rtsh"))
        // A path that starts with dots is a path, not dot syntax.
        #expect(shell.run("source ../missing.rtsh")[0].hasPrefix("error: cannot read ../missing.rtsh"))
        #expect(shell.run("trace = 3", "vars").contains("trace = 3"))
        shell.run("reset")
        #expect(shell.run("vars", "classes MM*") == ["error: no class matches 'MM*'"])
        #expect(shell.session.execute(line: "quit") == .quit)
        #expect(shell.run("quit now") == ["error: line 1, column 6: unexpected 'now': quit takes nothing more; usage: quit", "  quit now", "       ^"])
    }

    @Test func helpListsAndExplains() throws {
        let shell = try harness()
        let listing = shell.run("help")
        #expect(listing.first == "Commands:")
        #expect(listing.contains { $0.hasPrefix("  check ") })
        #expect(shell.run("help check") == [
            "check: audit super calls (check super) or creation with new (check creation); one ok/FAIL/ERROR line each",
            "usage: check super TARGET [SELECTOR...] | check creation GLOB",
            "example: check super MM*",
        ])
        // The functions an unknown function's error points to, wrapped rather than one long line.
        let functions = shell.run("help functions")
        #expect(functions.first == "Functions a statement can call, besides blocks in variables:")
        #expect(functions.dropFirst().allSatisfy { $0.hasPrefix("  ") && $0.count <= 98 })
        #expect(functions.dropFirst().joined(separator: " ").contains("NSLog, format, fixture"))
        #expect(shell.run("frobnicate()").first?.hasSuffix("is not a function rtsh knows, nor a block in a variable (help functions lists the functions)") == true)
    }
}
