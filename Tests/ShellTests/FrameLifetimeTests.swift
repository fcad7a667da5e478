import Runtime
import Shell
import Testing

/// The lifetime rules the interpreter's per-call state relies on: a run's frame and
/// context borrow what the send or the block holds, so whatever outlives the run must
/// have copied it.
@Suite("Frame lifetime")
struct FrameLifetimeTests {
    @Test func aBlockMadeInAMethodKeepsSelfAndItsCapturesAfterTheCallReturns() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMKeeper : NSObject
            @property (nonatomic, copy) NSString *name;
            @end
            @implementation MMKeeper
            - (id)counter {
                NSInteger start = 40;
                __block NSInteger count = 0;
                return ^{ count++; return [NSString stringWithFormat:@"%@ %ld", self.name, (long)(start + count)]; };
            }
            @end
            """)
        // The keeper is only referenced by the block once the statement that made it ends.
        shell.run("k = [MMKeeper new]", "k.name = @\"kept\"", "b = [k counter]", "k = nil")
        #expect(shell.run("b()", "b()") == ["\"kept 41\"", "\"kept 42\""])
    }

    @Test func aMethodThatRaisedLeavesTheNextCallAFreshFrame() throws {
        let shell = try ShellHarness()
        shell.run("""
            @implementation MMFlaky : NSObject
            - (NSInteger)value:(BOOL)fail {
                NSInteger local;
                if (fail) { local = 7; @throw @"failed"; }
                return local + 1;
            }
            @end
            """)
        #expect(shell.run("[[MMFlaky new] value:YES]").first?.contains("failed") == true)
        #expect(shell.run("[[MMFlaky new] value:NO]") == ["1"])
        #expect(shell.run("[[MMFlaky new] value:NO]") == ["1"])
    }

    @Test func aFrameKeptForTheNextCallDoesNotKeepSelfAlive() throws {
        let shell = try ShellHarness()
        shell.run("@interface MMHolder : NSObject\n@property (nonatomic, weak) id target;\n@end\n@implementation MMHolder\n@end",
                  "@implementation MMMortal : NSObject\n- (void)touch { id me = self; }\n@end")
        shell.run("h = [MMHolder new]", "o = [MMMortal new]", "h.target = o", "[o touch]", "o = nil")
        // Only the weak property saw it: once the variable lets go, nothing holds it.
        #expect(shell.run("h.target") == ["nil"])
    }

    @Test func aMethodThatCallsItselfGetsAFrameForEachCall() throws {
        let shell = try ShellHarness()
        shell.run("""
            @implementation MMFactorial : NSObject
            - (NSInteger)of:(NSInteger)n {
                NSInteger here = n;
                if (n <= 1) return 1;
                NSInteger below = [self of:n - 1];
                return here * below;
            }
            @end
            """)
        #expect(shell.run("[[MMFactorial new] of:10]", "[[MMFactorial new] of:5]") == ["3628800", "120"])
    }

    @Test func aMethodOutlivesTheSessionThatDefinedIt() throws {
        var session: Session? = try Session(output: ShellOutput(standardOutput: { _ in }, standardError: { _ in }))
        #expect(session?.run(script: "@implementation MMLasting : NSObject\n- (NSInteger)twice:(NSInteger)n { NSInteger m = n * 2; return m; }\n@end\n", file: "lasting.m") == true)
        let runtime = try #require(session?.runtime)
        session = nil
        let instance = try runtime.createInstance(of: runtime.requireClass(named: "MMLasting"))
        #expect(try runtime.send(runtime.selector("twice:"), to: instance, Arguments(.int(21))) == .int(42))
    }

    @Test func aStatementAtThePromptWithManyLocalsKeepsEachOne() throws {
        let shell = try ShellHarness()
        let declarations = (0..<40).map { "NSInteger v\($0) = \($0);" }.joined(separator: " ")
        let sum = (0..<40).map { "v\($0)" }.joined(separator: " + ")
        #expect(shell.run("({ \(declarations) \(sum); })") == ["780"])
    }

    @Test func aBlockKeptByTheRuntimesOwnObjectsDoesNotKeepItAliveAndSaysSoWhenCalledLater() throws {
        let shell = try ShellHarness()
        // The runtime holds the class, the static holds the object, the object the block:
        // a block holding the runtime would close the cycle.
        shell.run("""
            @interface MMHook : NSObject
            @property (nonatomic, copy) id block;
            @end
            @implementation MMHook
            + (MMHook *)shared {
                static MMHook *hook = nil;
                if (!hook) { hook = [MMHook new]; hook.block = ^{ return [[NSObject new] hash] > 0; }; }
                return hook;
            }
            @end
            """)
        var block: Block?
        weak var runtime: Runtime?
        do {
            let current = shell.session.runtime
            runtime = current
            let hook = try current.send("shared", to: current.class(named: "MMHook"))
            guard case .block(let kept)? = try hook.object.map({ try current.send("block", to: $0) }) else {
                Issue.record("+[MMHook shared].block is not a block")
                return
            }
            block = kept
            #expect(try kept.call(Arguments()) == .bool(true))
        }
        shell.run("reset")
        #expect(runtime == nil)
        let error = #expect(throws: (any Error).self) { try block?.call(Arguments()) }
        #expect(error.map { "\($0)" } == "this block belongs to a runtime that has been reset")
    }

    @Test func resetAndTheSessionsEndFreeTheRuntime() throws {
        weak var beforeReset: Runtime?
        weak var atTheEnd: Runtime?
        do {
            let shell = try ShellHarness()
            shell.run("@implementation MMCounter : UIViewController\n- (void)viewDidLoad { [super viewDidLoad]; }\n@end", "[[MMCounter new] view]")
            beforeReset = shell.session.runtime
            shell.run("reset")
            #expect(beforeReset == nil)
            shell.run("b = ^{ return 1; }", "b()")
            atTheEnd = shell.session.runtime
        }
        #expect(atTheEnd == nil)
    }
}
