import Testing

@Suite("CoreFoundation's run loop, on the virtual clock")
struct RunLoopFunctionTests {
    /// The pattern of an older asynchronous test: start the work, run the loop, and let the
    /// callback stop it. The run ends at the callback's time; with nothing scheduled that
    /// could stop it, it is an error that says so instead of a hang.
    @Test func runningTheLoopEndsWhenACallbackStopsIt() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            __block BOOL done = NO; double start = CACurrentMediaTime(); \
            dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(0.3 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{ done = YES; CFRunLoopStop(CFRunLoopGetCurrent()); }); \
            CFRunLoopRun(); NSLog(@"done %d after %.1f s", done, CACurrentMediaTime() - start);
            """) == ["done 1 after 0.3 s"])
        let stranded = shell.run("CFRunLoopRun();")
        #expect(stranded.first?.contains("CFRunLoopRun would wait for ever for CFRunLoopStop to stop the run loop") == true)
        #expect(stranded.first?.contains("CFRunLoopRunInMode(kCFRunLoopDefaultMode, seconds, false)") == true)
        // A stop with no run going on is forgotten, as CoreFoundation's is: the next run starts afresh.
        #expect(shell.run("CFRunLoopStop(CFRunLoopGetMain()); CFRunLoopRunInMode(kCFRunLoopDefaultMode, 0.5, false)") == ["3"])
        #expect(shell.run("CFRunLoopGetMain() == [NSRunLoop mainRunLoop] && [[NSRunLoop currentRunLoop] getCFRunLoop] == CFRunLoopGetCurrent()") == ["YES"])
    }

    /// `CFRunLoopRunInMode` answers why it returned: its time was up, it was stopped, or it
    /// was asked to return once something ran and something did, at that time.
    @Test func runningInAModeForAWhileAnswersWhyItReturned() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            double start = CACurrentMediaTime(); SInt32 timedOut = CFRunLoopRunInMode(kCFRunLoopDefaultMode, 0.25, false); \
            dispatch_after(dispatch_time(DISPATCH_TIME_NOW, NSEC_PER_SEC), dispatch_get_main_queue(), ^{ NSLog(@"ran"); }); \
            SInt32 handled = CFRunLoopRunInMode(kCFRunLoopDefaultMode, 5, true); \
            dispatch_after(dispatch_time(DISPATCH_TIME_NOW, NSEC_PER_SEC), dispatch_get_main_queue(), ^{ CFRunLoopStop(CFRunLoopGetMain()); }); \
            SInt32 stopped = CFRunLoopRunInMode(kCFRunLoopDefaultMode, 5, false); \
            NSLog(@"%d %d %d at %.2f s", (int)timedOut, (int)handled, (int)stopped, CACurrentMediaTime() - start);
            """) == ["ran", "3 4 2 at 2.25 s"])
        #expect(shell.run("@[@(kCFRunLoopRunFinished), @(kCFRunLoopRunStopped), @(kCFRunLoopRunTimedOut), @(kCFRunLoopRunHandledSource)]") == ["@[1, 2, 3, 4]"])
        #expect(shell.run("CFRunLoopRunInMode(kCFRunLoopDefaultMode, 0.1);").first?.contains(
            "CFRunLoopRunInMode takes a mode, a number of seconds and whether to return once something ran") == true)
    }

    /// Observers hear each run's entry and exit and each turn's stages, in their order; one
    /// that does not repeat is told once; a C function's callout gets its context's `info`.
    @Test func observersHearTheStagesOfEachTurn() throws {
        let shell = try ShellHarness()
        shell.run("""
            static void MMHeard(CFRunLoopObserverRef observer, CFRunLoopActivity activity, void *info) { NSLog(@"%@ heard %lu", (__bridge NSString *)info, (unsigned long)activity); }
            """)
        #expect(shell.run("""
            CFRunLoopObserverRef watcher = CFRunLoopObserverCreateWithHandler(NULL, kCFRunLoopEntry | kCFRunLoopBeforeWaiting | kCFRunLoopAfterWaiting | kCFRunLoopExit, YES, 10, ^(CFRunLoopObserverRef observer, CFRunLoopActivity activity) { NSLog(@"watcher %lu", (unsigned long)activity); }); \
            CFRunLoopObserverContext context = {0, (__bridge void *)@"once", NULL, NULL, NULL}; \
            CFRunLoopObserverRef once = CFRunLoopObserverCreate(NULL, kCFRunLoopAllActivities, NO, 0, MMHeard, &context); \
            CFRunLoopAddObserver(CFRunLoopGetMain(), watcher, kCFRunLoopCommonModes); CFRunLoopAddObserver(CFRunLoopGetMain(), once, kCFRunLoopDefaultMode); \
            dispatch_after(dispatch_time(DISPATCH_TIME_NOW, NSEC_PER_SEC), dispatch_get_main_queue(), ^{ NSLog(@"block"); }); \
            (void)CFRunLoopRunInMode(kCFRunLoopDefaultMode, 2, false); \
            NSLog(@"valid %d %d, contains %d", CFRunLoopObserverIsValid(watcher), CFRunLoopObserverIsValid(once), CFRunLoopContainsObserver(CFRunLoopGetMain(), watcher, kCFRunLoopDefaultMode)); \
            CFRunLoopRemoveObserver(CFRunLoopGetMain(), watcher, kCFRunLoopCommonModes); (void)CFRunLoopRunInMode(kCFRunLoopDefaultMode, 1, false); \
            NSLog(@"%lu %d %ld", (unsigned long)CFRunLoopObserverGetActivities(watcher), CFRunLoopObserverDoesRepeat(watcher), (long)CFRunLoopObserverGetOrder(watcher));
            """) == [
                "once heard 1", "watcher 1", "watcher 32", "block", "watcher 64", "watcher 32", "watcher 64", "watcher 128",
                "valid 1 0, contains 1", "225 1 10",
            ])
        #expect(shell.run("CFRunLoopAddObserver(CFRunLoopGetMain(), @\"observer\", kCFRunLoopDefaultMode);").first?.contains(
            "CFRunLoopAddObserver takes a run loop, an observer and a mode") == true)
    }

    /// OCHamcrest's `assertWithTimeout` runs the loop with an observer that stops it once the
    /// value matches and wakes it otherwise: it ends when the value changes, or at the
    /// timeout, measured in the clock's time.
    @Test func anObserverThatStopsTheLoopOnceAConditionHoldsEndsItThen() throws {
        let shell = try ShellHarness()
        shell.run("""
            static double MMWaitFor(BOOL (^fulfilled)(void), double timeout) {
                uint64_t start = mach_absolute_time();
                CFRunLoopObserverRef observer = CFRunLoopObserverCreateWithHandler(NULL, kCFRunLoopBeforeWaiting, YES, 0, ^(CFRunLoopObserverRef o, CFRunLoopActivity a) {
                    if (fulfilled()) CFRunLoopStop(CFRunLoopGetCurrent()); else CFRunLoopWakeUp(CFRunLoopGetCurrent());
                });
                CFRunLoopAddObserver(CFRunLoopGetCurrent(), observer, kCFRunLoopDefaultMode);
                CFRunLoopRunInMode(kCFRunLoopDefaultMode, timeout, false);
                CFRunLoopRemoveObserver(CFRunLoopGetCurrent(), observer, kCFRunLoopDefaultMode);
                CFRelease(observer);
                return (mach_absolute_time() - start) / 1e9;
            }
            """)
        #expect(shell.run("""
            __block NSString *value = @"foo"; \
            dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(0.2 * NSEC_PER_SEC)), dispatch_get_global_queue(0, 0), ^{ value = @"bar"; }); \
            NSLog(@"%.1f %.1f", MMWaitFor(^{ return [value isEqual:@"bar"]; }, 1), MMWaitFor(^{ return NO; }, 0.5));
            """) == ["0.2 0.5"])
    }

    /// `-[NSRunLoop runUntilDate:]` turns the same loop, telling the observers, and runs on
    /// to its date when stopped, as its repeated runs do on a device; a run with no
    /// deadline that a repeating timer keeps busy ends in an error, not a hang.
    @Test func foundationsRunsTellTheObserversAndARunawayRunEnds() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            __block NSInteger waits = 0; \
            CFRunLoopObserverRef observer = CFRunLoopObserverCreateWithHandler(NULL, kCFRunLoopBeforeWaiting, YES, 0, ^(CFRunLoopObserverRef o, CFRunLoopActivity a) { waits++; CFRunLoopStop(CFRunLoopGetMain()); }); \
            CFRunLoopAddObserver(CFRunLoopGetMain(), observer, kCFRunLoopCommonModes); double start = CACurrentMediaTime(); \
            dispatch_after(dispatch_time(DISPATCH_TIME_NOW, NSEC_PER_SEC), dispatch_get_main_queue(), ^{ NSLog(@"block"); }); \
            [[NSRunLoop mainRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:2]]; \
            NSLog(@"%ld waits, %.0f s", (long)waits, CACurrentMediaTime() - start); CFRunLoopObserverInvalidate(observer);
            """) == ["block", "2 waits, 2 s"])
        let runaway = shell.run("[NSTimer scheduledTimerWithTimeInterval:0.01 repeats:YES block:^(NSTimer *timer) { }]; CFRunLoopRun();")
        #expect(runaway.contains { $0.contains("after running 100000 blocks, timers and delayed performs") }, "\(runaway)")
    }

    /// CoreFoundation's timers are NSTimers: one made for an absolute time fires then, one
    /// with an interval repeats (its callout given the context's info), a new fire date
    /// moves it, and taking it off the run loop leaves it valid. NSTimer's own fire dates:
    /// made with one, moved, and an interval from when it was made.
    @Test func timersFireAtTheirDates() throws {
        let shell = try ShellHarness()
        shell.run("""
            void mm_fire(CFRunLoopTimerRef timer, void *info) { NSLog(@"%@ at %.1f s", (__bridge id)info, CACurrentMediaTime()); }
            """)
        #expect(shell.run("""
            CFAbsoluteTime start = CFAbsoluteTimeGetCurrent();             CFRunLoopTimerRef once = CFRunLoopTimerCreateWithHandler(NULL, start + 2, 0, 0, 0, ^(CFRunLoopTimerRef t) { NSLog(@"once after %.1f s", CFAbsoluteTimeGetCurrent() - start); });             CFRunLoopAddTimer(CFRunLoopGetMain(), once, kCFRunLoopCommonModes);             NSLog(@"%d %d %.1f", CFRunLoopContainsTimer(CFRunLoopGetMain(), once, kCFRunLoopCommonModes), CFRunLoopTimerDoesRepeat(once), CFRunLoopTimerGetNextFireDate(once) - start);             CFRunLoopRunInMode(kCFRunLoopDefaultMode, 5, false);             NSLog(@"valid %d", CFRunLoopTimerIsValid(once));
            """) == ["1 0 2.0", "once after 2.0 s", "3", "valid 0"])
        #expect(shell.run("""
            CFRunLoopTimerContext context = {0, (__bridge void *)@"tick", NULL, NULL, NULL};             CFRunLoopTimerRef ticking = CFRunLoopTimerCreate(NULL, CFAbsoluteTimeGetCurrent() + 1, 1, 0, 0, mm_fire, &context);             CFRunLoopAddTimer(CFRunLoopGetCurrent(), ticking, kCFRunLoopDefaultMode);             CFRunLoopRunInMode(kCFRunLoopDefaultMode, 2.5, false);             CFRunLoopTimerSetNextFireDate(ticking, CFAbsoluteTimeGetCurrent() + 10);             CFRunLoopRunInMode(kCFRunLoopDefaultMode, 5, false);             CFRunLoopRemoveTimer(CFRunLoopGetMain(), ticking, kCFRunLoopCommonModes);             NSLog(@"interval %.0f, valid %d, on the loop %d", CFRunLoopTimerGetInterval(ticking), CFRunLoopTimerIsValid(ticking),                 CFRunLoopContainsTimer(CFRunLoopGetMain(), ticking, kCFRunLoopCommonModes));
            """) == ["tick at 6.0 s", "tick at 7.0 s", "3", "3", "interval 1, valid 1, on the loop 0"])
        #expect(shell.run("""
            NSDate *start = [NSDate date];             NSTimer *timer = [[NSTimer alloc] initWithFireDate:[start dateByAddingTimeInterval:3] interval:0 repeats:NO block:^(NSTimer *t) { NSLog(@"fired after %.1f s", -[start timeIntervalSinceNow]); }];             NSLog(@"%.0f", [timer.fireDate timeIntervalSinceDate:start]);             [[NSRunLoop mainRunLoop] addTimer:timer forMode:NSRunLoopCommonModes];             timer.fireDate = [start dateByAddingTimeInterval:1];             [[NSRunLoop mainRunLoop] runUntilDate:[start dateByAddingTimeInterval:1.5]];             NSTimer *later = [NSTimer timerWithTimeInterval:2 repeats:NO block:^(NSTimer *t) {}];             NSLog(@"%.1f", [later.fireDate timeIntervalSinceNow]);
            """) == ["3", "fired after 1.0 s", "2.0"])
        // Sleeping until a date moves the clock there.
        // Each reading of the time takes a microsecond, as on a device.
        #expect(shell.run("CFAbsoluteTime before = CFAbsoluteTimeGetCurrent(); [NSThread sleepUntilDate:[NSDate dateWithTimeIntervalSinceNow:2]]; [NSString stringWithFormat:@\"%.6f\", CFAbsoluteTimeGetCurrent() - before]") == ["\"2.000002\""])
        #expect(shell.run("CFRunLoopTimerCreateWithHandler(NULL, 0, 0, 0, 0, ^{ });").first?.contains(
            "CFRunLoopTimerCreateWithHandler takes an allocator, a fire date, an interval, flags, an order and a block taking the timer") == true)
    }
}
