import Shell
import Testing

/// Code that nests without end is refused with an error before the thread's stack runs
/// out, whatever the build's frame sizes: by the runtime's depth limit or, first in a
/// debug build, by the stack check.
@Suite("Nesting deeper than the stack allows")
struct StackSpaceTests {
    @Test func runawayRecursionIsAnErrorNotACrash() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMRecurser : NSObject
            - (int)down:(int)n;
            @end
            @implementation MMRecurser
            - (int)down:(int)n { return n ? [self down:n - 1] + 1 : 0; }
            @end
            int mm_down(int n) { return n ? mm_down(n - 1) + 1 : 0; }
            """)
        for statement in ["[[MMRecurser new] down:100000]", "mm_down(100000)"] {
            let answer = shell.run(statement)
            #expect(answer.first?.hasPrefix("error: ") == true, "\(answer)")
            #expect(answer.first.map { $0.contains("call depth limit of 150 exceeded") || $0.contains("calls nest too deeply for the thread's stack") } == true)
        }
        // The shell goes on afterwards.
        #expect(shell.run("[[MMRecurser new] down:20]") == ["20"])
    }

    /// Past the clock's suspended strands, each wait runs the queued work inside it, so work
    /// that waits for work queued after it nests one wait deeper each time, with no send
    /// depth to count.
    @Test func waitsNestedInsideQueuedWorkAreAnErrorNotACrash() throws {
        let shell = try ShellHarness()
        shell.run("""
            void mm_step(dispatch_queue_t queue, int n) {
                dispatch_semaphore_t done = dispatch_semaphore_create(0);
                dispatch_async(queue, ^{
                    if (n > 0) mm_step(queue, n - 1);
                    dispatch_semaphore_signal(done);
                });
                dispatch_semaphore_wait(done, DISPATCH_TIME_FOREVER);
            }
            """)
        let answer = shell.run("mm_step(dispatch_get_global_queue(0, 0), 100000)")
        // Where it stops depends on the build's frame sizes; it says so at the call it refused.
        #expect(answer.first?.hasPrefix("error: line ") == true, "\(answer)")
        #expect(answer.first?.contains(": calls nest too deeply for the thread's stack: runaway recursion") == true, "\(answer)")
        #expect(shell.run("mm_step(dispatch_get_global_queue(0, 0), 3); 1") == ["1"])
    }
}
