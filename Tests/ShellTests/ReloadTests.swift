import Foundation
import Shell
import Testing

/// `source` run again reloads what changed; `reset` says what it did and loads `--load`'s
/// paths again.
@Suite("Reloading and resetting")
struct ReloadTests {
    private static let script = """
        @implementation MMA : NSObject
        - (NSString *)a { return @"a1"; }
        - (NSString *)b { return @"b1"; }
        @end
        @implementation MMB : NSObject
        - (NSString *)b { return @"b1"; }
        @end
        [[MMB new] b]
        """

    private func shell(in tree: TemporaryTree) throws -> ShellHarness {
        let shell = try ShellHarness()
        shell.session.workingDirectory = tree.root.path
        return shell
    }

    private func write(_ text: String, to file: String, in tree: TemporaryTree) throws {
        try text.write(toFile: tree.path(file), atomically: true, encoding: .utf8)
    }

    @Test func aScriptSourcedAgainRedefinesWhatChangedAndRunsItsStatementsAgain() throws {
        let tree = try TemporaryTree(["app.rtsh": Self.script])
        let shell = try shell(in: tree)
        #expect(shell.run("source app.rtsh") == ["\"b1\""])
        #expect(shell.run("source app.rtsh") == ["\"b1\"", "reloaded app.rtsh: 2 classes unchanged"])
        try write(Self.script.replacingOccurrences(of: "return @\"b1\"; }\n@end\n[", with: "return @\"b2\"; }\n@end\n@implementation MMC : MMB\n@end\n["), to: "app.rtsh", in: tree)
        #expect(shell.run("source app.rtsh") == [
            "redefined MMB: 1 method replaced",
            "\"b2\"",
            "reloaded app.rtsh: 1 class redefined, 1 added, 1 unchanged",
        ])
        // A file that sources itself is still refused.
        try write("source app.rtsh\n", to: "app.rtsh", in: tree)
        #expect(shell.run("source app.rtsh").first?.hasSuffix("app.rtsh is already being sourced: a file that sources itself would never end") == true)
    }

    @Test func aScriptSourcedAgainUndoesTheChangesItsLastRunMadeSoItMakesThemOnce() throws {
        let tree = try TemporaryTree(["swizzle.rtsh": Self.script + "\nexchange -[MMA a] -[MMA b]\n"])
        let shell = try shell(in: tree)
        shell.run("source swizzle.rtsh")
        #expect(shell.run("source swizzle.rtsh") == [
            "note: undid #1 exchange -[MMA a] with -[MMA b], made by the last run of swizzle.rtsh",
            "\"b1\"",
            "#2 exchange -[MMA a] with -[MMA b]",
            "reloaded swizzle.rtsh: 2 classes unchanged",
        ])
        #expect(shell.run("swizzles") == ["#2 exchange -[MMA a] with -[MMA b]"])
        #expect(shell.run("[[MMA new] a]") == ["\"b1\""])
    }

    @Test func aTreeSourcedAgainReloadsTheClassesWhoseFilesChanged() throws {
        let tree = try TemporaryTree([
            "App/MMA.h": "@interface MMA : NSObject\n- (NSString *)a;\n@end\n",
            "App/MMA.m": "#import \"MMA.h\"\nstatic NSString *suffix(void) { return @\"1\"; }\n@implementation MMA\n- (NSString *)a { return [@\"a\" stringByAppendingString:suffix()]; }\n@end\n",
            "App/MMB.h": "@interface MMB : NSObject\n@end\n",
            "App/MMB.m": "#import \"MMB.h\"\n@implementation MMB\n- (NSString *)b { return @\"b1\"; }\n@end\n",
        ])
        let shell = try shell(in: tree)
        #expect(shell.run("source App") == ["loaded 4 files: 2 classes, 0 categories, 0 protocols; 0 errors"])
        #expect(shell.run("source App") == ["reloaded App: 2 classes unchanged"])

        try write("#import \"MMB.h\"\n@implementation MMB\n- (NSString *)b { return @\"b2\"; }\n@end\n", to: "App/MMB.m", in: tree)
        #expect(shell.run("source App") == ["redefined MMB: 1 method replaced", "reloaded App: 1 class redefined, 1 unchanged"])
        #expect(shell.run("[[MMB new] b]") == ["\"b2\""])

        // A function of the file changed, not the class: the class is left alone and calls the new function.
        try write(
            "#import \"MMA.h\"\nstatic NSString *suffix(void) { return @\"2\"; }\n@implementation MMA\n- (NSString *)a { return [@\"a\" stringByAppendingString:suffix()]; }\n@end\n",
            to: "App/MMA.m", in: tree)
        #expect(shell.run("source App") == ["reloaded App: 2 classes unchanged"])
        #expect(shell.run("[[MMA new] a]") == ["\"a2\""])

        // A header alone (sourced for the first time on its own): the class is defined again
        // with the @implementation it had.
        try write("@interface MMB : NSObject\n@property (nonatomic) NSInteger count;\n@end\n", to: "App/MMB.h", in: tree)
        #expect(shell.run("source App/MMB.h") == ["MMB's instance variables changed (added _count): existing instances keep the old class"])
        #expect(shell.run("[MMB new].count", "[[MMB new] b]") == ["0", "\"b2\""])
        #expect(shell.run("source App") == ["reloaded App: 2 classes unchanged"])
    }

    @Test func aMethodFixedInItsFileIsAuditedOnceTheTreeIsSourcedAgain() throws {
        let broken = "@implementation MMScreen : UIViewController\n- (void)viewDidLoad {\n    [super viewDidLoad] oops;\n}\n@end\n"
        let tree = try TemporaryTree(["Screen/MMScreen.m": broken])
        let shell = try shell(in: tree)
        shell.run("source Screen")
        #expect(shell.run("check super MMScreen").first?.hasPrefix("ERROR -[MMScreen viewDidLoad]") == true)
        try write(broken.replacingOccurrences(of: " oops", with: ""), to: "Screen/MMScreen.m", in: tree)
        #expect(shell.run("source Screen") == ["redefined MMScreen: 1 method added", "reloaded Screen: 1 class redefined"])
        #expect(shell.run("check super MMScreen") == ["ok -[MMScreen viewDidLoad] calls super once", "1 passed, 0 failed"])
    }

    @Test func resetLoadsWhatLoadLoadedAgainAndResetAllDropsIt() throws {
        let tree = try TemporaryTree(["boot.rtsh": "@implementation MMBoot : NSObject\n@end\nbooted = 1\n"])
        let shell = try shell(in: tree)
        #expect(shell.session.loadAtStartup("boot.rtsh"))
        shell.run("typed = 2")
        // The path is named in full, as `record` names its file, so a recording replays the same anywhere.
        #expect(shell.run("reset") == ["reset: fresh runtime, variables cleared; reloaded \(tree.path("boot.rtsh"))"])
        #expect(shell.run("vars", "classes MM*") == ["booted = 1", "MMBoot"])
        // Loaded again, it is a reload.
        #expect(shell.run("source boot.rtsh") == ["reloaded boot.rtsh: 1 class unchanged"])

        try write("@implementation MMBoot : NSObject\n@end\nbooted = missing\n", to: "boot.rtsh", in: tree)
        #expect(shell.run("reset").last == "reset: fresh runtime, variables cleared; reloaded \(tree.path("boot.rtsh")) with 1 error")

        #expect(shell.run("reset all") == ["reset: fresh runtime, variables cleared; nothing reloaded"])
        #expect(shell.run("vars", "classes MM*") == ["error: no class matches 'MM*'"])
        #expect(shell.run("reset") == ["reset: fresh runtime, variables cleared"])
        // Both forms are declared, so Tab offers the word.
        #expect(shell.session.complete("reset a").candidates == ["all"])
        #expect(shell.run("help reset") == [
            "reset: start over: a fresh runtime and class library, no variables; reloads the --load file (reset all: nothing)",
            "usage: reset | reset all",
            "example: reset all",
        ])
    }

    @Test func aLoadThatCannotBeReadSaysWhy() throws {
        let tree = try TemporaryTree(["boot.rtsh": "booted = 1\n"])
        let shell = try shell(in: tree)
        #expect(!shell.session.loadAtStartup("missing.rtsh"))
        #expect(shell.take().all == ["error: cannot read missing.rtsh: there is no such file"])
        #expect(shell.session.loadAtStartup("boot.rtsh"))
        try FileManager.default.removeItem(atPath: tree.path("boot.rtsh"))
        #expect(shell.run("reset") == [
            "error: cannot read boot.rtsh: there is no such file",
            "reset: fresh runtime, variables cleared; could not reload \(tree.path("boot.rtsh"))",
        ])
    }

    @Test func aRecordingThatResetsReplaysOnItsOwn() throws {
        let tree = try TemporaryTree(["Package.swift": "", "boot.rtsh": "@implementation MMBoot : NSObject\n@end\n", "sessions/.keep": ""])
        let shell = try shell(in: tree)
        #expect(shell.session.loadAtStartup("boot.rtsh"))
        shell.run("record sessions/reset.transcript", "reset", "[MMBoot class]", "record stop")
        let path = tree.path("sessions/reset.transcript")
        // What --load loaded begins the recording as `source --load`, which reset loads again too.
        #expect(try String(contentsOfFile: path, encoding: .utf8) == """
            rtsh> source --load ../boot.rtsh
            ...
            rtsh> reset
            reset: fresh runtime, variables cleared; reloaded [ROOT]/boot.rtsh
            rtsh> [MMBoot class]
            MMBoot

            """)
        #expect(Replay.run(file: path).passed)
    }
}
