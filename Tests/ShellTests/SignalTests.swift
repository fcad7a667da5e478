import Shell
import Testing

/// What a crash reporter installs: signal actions for the signals a crash sends, kept and
/// answered back as the previous action, and the uncaught-exception handler; none is called,
/// as rtsh's process receives no signal.
@Suite("Signal handlers")
struct SignalTests {
    @Test func signalActionsAndTheExceptionHandlerAreKeptAndAnsweredBack() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            static int MMSeen = 0;
            void MMSignalHandler(int signalNumber, struct __siginfo *info, void *context) { MMSeen = signalNumber; }
            void MMHandleException(NSException *exception) { }
            @interface MMReporter : NSObject
            @property (nonatomic) struct sigaction *previous;
            - (NSArray *)install;
            @end
            @implementation MMReporter
            - (NSArray *)install {
                NSUncaughtExceptionHandler *before = NSGetUncaughtExceptionHandler();
                NSSetUncaughtExceptionHandler(&MMHandleException);
                struct sigaction action;
                sigemptyset(&action.sa_mask);
                action.sa_flags = SA_SIGINFO;
                action.sa_sigaction = &MMSignalHandler;
                _previous = calloc(NSIG, sizeof(struct sigaction));
                int signals[] = {SIGABRT, SIGILL, SIGSEGV, SIGFPE, SIGBUS};
                int failures = 0;
                for (int i = 0; i < sizeof(signals) / sizeof(int); i++) {
                    struct sigaction prev_action;
                    int err = sigaction(signals[i], &action, &prev_action);
                    if (err == 0) { memcpy(_previous + signals[i], &prev_action, sizeof(prev_action)); } else { failures++; }
                }
                struct sigaction mine;
                sigaction(SIGABRT, NULL, &mine);
                struct sigaction old = self.previous[SIGABRT];
                sigset_t set; sigemptyset(&set); sigaddset(&set, SIGPIPE);
                return @[@(before == NULL), @(NSGetUncaughtExceptionHandler() == &MMHandleException), @(failures), @(old.sa_handler == SIG_DFL), @(mine.sa_flags == SA_SIGINFO), @(mine.sa_sigaction == &MMSignalHandler), @(sigismember(&set, SIGPIPE)), @(signal(SIGPIPE, SIG_IGN) == SIG_DFL), @(signal(SIGPIPE, SIG_DFL) == SIG_IGN)];
            }
            @end
            """) == [])
        #expect(shell.run("[[MMReporter new] install]", "MMSeen") == ["@[YES, YES, 0, YES, YES, YES, 1, YES, YES]", "0"])
        // SIGKILL cannot be caught; a number that is no signal is refused.
        #expect(shell.run("struct sigaction kill = {0}; @[@(sigaction(SIGKILL, &kill, NULL)), @(sigaction(99, &kill, NULL)), @(NSIG)]") == ["@[-1, -1, 32]"])
        #expect(shell.run("sigaddset(3, SIGABRT)").first?.contains("sigaddset takes the address of a signal set and a signal") == true)
    }

    /// `&s.field` is the address of a struct variable's field, as `sigemptyset(&action.sa_mask)` takes it.
    @Test func theAddressOfAStructVariablesFieldWritesTheField() throws {
        let shell = try ShellHarness()
        #expect(shell.run("CGRect frame = CGRectMake(1, 2, 3, 4); CGFloat *width = &frame.size.width; *width = 10.5; frame.size.width", "int *bad = &frame.nothing;")
            .prefix(2) == ["10.5", "error: line 1, column 18: '&' takes the address of a variable, as in &error"])
    }
}
