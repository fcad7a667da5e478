import Synchronization
import Testing
@testable import Shell

/// A loop that never ends is an error at the loop, not a hang: bounded by its iterations
/// and by the sends they make, so a heavy body (or one spinning while it waits for a block
/// another queue would run) stops in seconds.
@Suite("Loop limits")
struct LoopLimitTests {
    @Test func aLoopSpinningForAnotherQueuesBlockStopsAtItsSendLimit() throws {
        let shell = try ShellHarness()
        shell.session.framework.loopSendLimit.store(1_000, ordering: .relaxed)
        shell.run("""
            @implementation MMSpinner : NSObject
            - (NSInteger)spin {
                __block BOOL stop = NO;
                dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (long long)(0.1 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{ stop = YES; });
                NSInteger n = 0;
                while (!stop) { n = [@(n) integerValue] + 1; }
                return n;
            }
            - (NSInteger)heavyTurn {
                NSInteger n = 0;
                for (NSInteger i = 0; i < 150; i++) n = [@(n) integerValue] + 1;
                return n;
            }
            - (NSInteger)heavy:(NSInteger)turns {
                NSInteger total = 0;
                for (NSInteger i = 0; i < turns; i++) total += [self heavyTurn];
                return total;
            }
            - (NSInteger)light {
                NSInteger total = 0;
                for (NSInteger i = 0; i < 100000; i++) total += i % 3;
                return total;
            }
            @end
            """)
        let spun = shell.run("[[MMSpinner new] spin]")
        #expect(spun.first?.contains(
            "this loop made 1001 sends in 1001 times round without ending; rtsh stops a loop there (a loop waiting for another queue's block never ends here") == true,
            "\(spun)")
        // A loop whose turns are heavy work (a test filling a cache) may make twenty times
        // the sends, and stops past them.
        #expect(shell.run("[[MMSpinner new] heavy:20]") == ["3000"])
        let heavy = shell.run("[[MMSpinner new] heavy:200]")
        #expect(heavy.first?.contains("sends in 1") == true && heavy.first?.contains("times round without ending") == true, "\(heavy)")
        // A loop of many turns that sends nothing is bounded by its turns alone.
        #expect(shell.run("[[MMSpinner new] light]") == ["99999"])
    }
}
