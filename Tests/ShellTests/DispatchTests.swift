import Shell
import Testing

/// Dispatch queues, timers, delayed performs and the run loop, on the virtual clock.
@Suite("Dispatch and the run loop, on the virtual clock")
struct DispatchTests {
    /// A block `dispatch_block_create` made does nothing once cancelled, as a search
    /// debounced that way drops the query typed over.
    @Test func aCancelledDispatchBlockDoesNotRun() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "dispatch_block_t first = dispatch_block_create(0, ^{ NSLog(@\"first\"); });",
            "dispatch_block_t second = dispatch_block_create(0, ^{ NSLog(@\"second\"); });",
            "dispatch_after(dispatch_time(DISPATCH_TIME_NOW, NSEC_PER_SEC), dispatch_get_main_queue(), first);",
            "dispatch_async(dispatch_get_main_queue(), second);", "dispatch_block_cancel(first);",
            "@[@(dispatch_block_testcancel(first)), @(dispatch_block_testcancel(second))]", "advance 1"
        ) == ["second", "@[1, 0]", "advanced 1 s to 1 s: 1 block ran"])
        #expect(shell.run("dispatch_block_cancel(^{ });").first?.contains("dispatch_block_cancel") == true)
    }

    /// `dispatch_apply` runs its block for each index in order before it returns, on the
    /// queue given (`dispatch_get_current_queue()` inside is that queue); `dispatch_benchmark`
    /// runs its block the times asked and answers the clock's nanoseconds a run took, 0 for
    /// a block that never waits.
    @Test func applyRunsEachIndexInOrderAndBenchmarkCountsTheClock() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "dispatch_queue_t queue = dispatch_queue_create(\"com.example.apply\", DISPATCH_QUEUE_SERIAL);",
            "NSMutableArray *seen = [NSMutableArray array]; dispatch_apply(3, queue, ^(size_t i) { [seen addObject:@(i)]; [seen addObject:@(dispatch_queue_get_label(DISPATCH_CURRENT_QUEUE_LABEL))]; });",
            "[seen copy]", "__block NSInteger runs = 0; @[@(dispatch_benchmark(5, ^{ runs++; })), @(runs)]"
        ) == ["@[0, \"com.example.apply\", 1, \"com.example.apply\", 2, \"com.example.apply\"]", "@[0, 5]"])
        #expect(shell.run("dispatch_apply(2, dispatch_get_main_queue(), ^{ });").first?.contains("dispatch_apply takes a count, a queue and a block taking the index") == true)
    }

    @Test func asyncBlocksRunAfterTheStatementInOrderWithTheBlocksTheyQueue() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            dispatch_async(dispatch_get_main_queue(), ^{ NSLog(@"first"); dispatch_async(dispatch_get_main_queue(), ^{ NSLog(@"queued by first"); }); }); dispatch_async(dispatch_get_global_queue(QOS_CLASS_DEFAULT, 0), ^{ NSLog(@"second"); }); NSLog(@"statement");
            """) == ["statement", "first", "second", "queued by first"])
        // Inside a method, as a view controller writes it.
        shell.run("""
            @interface MMFeed : NSObject
            @end
            @implementation MMFeed
            - (void)refresh {
                dispatch_queue_t queue = dispatch_queue_create("com.example.feed", DISPATCH_QUEUE_SERIAL);
                dispatch_async(queue, ^{
                    NSLog(@"loaded on %s", dispatch_queue_get_label(queue));
                    dispatch_async(dispatch_get_main_queue(), ^{ NSLog(@"shown on %s", dispatch_queue_get_label(dispatch_get_main_queue())); });
                });
                NSLog(@"refresh returns");
            }
            @end
            """)
        #expect(shell.run("[[MMFeed new] refresh];") == ["refresh returns", "loaded on com.example.feed", "shown on com.apple.main-thread"])
        #expect(shell.run("dispatch_get_main_queue() == dispatch_get_main_queue()", "dispatch_sync(dispatch_get_main_queue(), ^{ NSLog(@\"now\"); }); NSLog(@\"after\");") == [
            "YES", "now", "after",
        ])
    }

    /// A `dispatch_sync` waits for what was queued before it: all of a serial queue's
    /// blocks, a concurrent queue's up to its last barrier (AFNetworking's image cache writes
    /// with `dispatch_barrier_async` and reads with `dispatch_sync`); the rest run on the
    /// run loop's turn, once each.
    @Test func aSyncDispatchRunsTheBlocksQueuedBeforeItThatItWaitsFor() throws {
        let shell = try ShellHarness()
        shell.run("""
            dispatch_queue_t cache = dispatch_queue_create("cache", DISPATCH_QUEUE_CONCURRENT); NSMutableDictionary *store = [NSMutableDictionary dictionary]; NSMutableArray *order = [NSMutableArray array];
            dispatch_queue_t serial = dispatch_queue_create("serial", DISPATCH_QUEUE_SERIAL);
            """)
        #expect(shell.run(
            "dispatch_barrier_async(cache, ^{ store[@\"a\"] = @1; }); __block id seen = nil; dispatch_sync(cache, ^{ seen = store[@\"a\"]; }); seen",
            "dispatch_async(serial, ^{ [order addObject:@1]; }); dispatch_async(serial, ^{ [order addObject:@2]; }); dispatch_sync(serial, ^{ [order addObject:@3]; }); dispatch_async(serial, ^{ [order addObject:@4]; }); [order copy]",
            "[order copy]",
            "dispatch_async(cache, ^{ [order addObject:@5]; }); dispatch_sync(cache, ^{ [order addObject:@6]; }); [order copy]",
            "[order copy]",
            "dispatch_async(cache, ^{ [order addObject:@7]; }); dispatch_barrier_sync(cache, ^{ [order addObject:@8]; }); [order copy]"
        ) == ["1", "@[1, 2, 3]", "@[1, 2, 3, 4]", "@[1, 2, 3, 4, 6]", "@[1, 2, 3, 4, 6, 5]", "@[1, 2, 3, 4, 6, 5, 7, 8]"])
    }

    /// Reading the present takes a microsecond, as on a device: a delay measured from a
    /// date read before it is longer than the delay (OHHTTPStubs' timing tests), and two
    /// dates read one after the other differ (a cache's least recently used).
    @Test func readingThePresentTakesAMoment() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSDate *sent = [NSDate date]; __block NSTimeInterval took = 0; dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(0.6 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{ took = -[sent timeIntervalSinceNow]; });",
            "advance 1", "@[@(took > 0.6), @(took < 0.601)]",
            "NSDate *first = [NSDate date]; NSDate *second = [NSDate date]; @[@([first isEqualToDate:second]), @([second timeIntervalSinceDate:first] > 0)]",
            // The class's own reading of the present, as ReactiveObjC's timers measure with it.
            "NSTimeInterval start = NSDate.timeIntervalSinceReferenceDate; NSTimeInterval apart = [NSDate date].timeIntervalSinceReferenceDate - start; apart > 0 && apart < 0.00001"
        ) == ["advanced 1 s to 1.000001 s: 1 block ran", "@[YES, YES]", "@[NO, YES]", "YES"])
    }

    /// `sleep` and `usleep` pass the time as `+[NSThread sleepForTimeInterval:]` does: what
    /// comes due runs meanwhile, as other threads work while one sleeps (PINCache's tests
    /// sleep while the cache trims itself in the background).
    @Test func sleepingLetsTheTimePassAndTheQueuesRun() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "__block int trimmed = 0; dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(1.5 * NSEC_PER_SEC)), dispatch_get_global_queue(0, 0), ^{ trimmed = 1; });",
            "NSDate *before = [NSDate date]; sleep(2); usleep(250000); @[@(trimmed), [NSString stringWithFormat:@\"%.2f\", -[before timeIntervalSinceNow]]]"
        ) == ["0", "0", "@[1, \"2.25\"]"])
    }

    @Test func afterBlocksRunOnlyOnceTheClockPassesTheirTime() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(0.5 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{ NSLog(@"half a second"); });
            dispatch_after(dispatch_time(DISPATCH_TIME_NOW, 2 * NSEC_PER_SEC), dispatch_get_main_queue(), ^{ NSLog(@"two seconds"); });
            dispatch_after(DISPATCH_TIME_FOREVER, dispatch_get_main_queue(), ^{ NSLog(@"never"); });
            """) == [])
        #expect(shell.run("advance 0.4") == ["advanced 0.4 s to 0.4 s: nothing was due"])
        #expect(shell.run("advance 0.1") == ["half a second", "advanced 0.1 s to 0.5 s: 1 block ran"])
        #expect(shell.run("dispatch_time(DISPATCH_TIME_NOW, 0)", "dispatch_time(DISPATCH_TIME_NOW, 0.25 * NSEC_PER_SEC)", "advance 10") == [
            "500000000", "750000000", "two seconds", "advanced 10 s to 10.5 s: 1 block ran",
        ])
        // The wall clock is the same clock: NULL is now, and a timespec is as far ahead as it
        // is from the model's present, noon on a fresh clock (one in the past is now).
        let fresh = try ShellHarness()
        #expect(fresh.run(
            "dispatch_walltime(NULL, NSEC_PER_SEC) == dispatch_time(DISPATCH_TIME_NOW, NSEC_PER_SEC)",
            // The date read took a microsecond (VirtualClock.readingTime), which the timespec does not count.
            "struct timespec soon = {(long)[[NSDate date] timeIntervalSince1970] + 2, 500000000}; dispatch_walltime(&soon, 0) - dispatch_time(DISPATCH_TIME_NOW, 0) > 2499990000",
            "struct timespec past = {0, 0}; dispatch_walltime(&past, 7) - dispatch_time(DISPATCH_TIME_NOW, 0)"
        ) == ["YES", "YES", "7"])
        #expect(fresh.run("dispatch_walltime(@\"soon\", 0)").first?.hasSuffix(
            "dispatch_walltime takes NULL for now, or the address of a struct timespec, and nanoseconds to add, as in dispatch_walltime(NULL, (int64_t)(5 * NSEC_PER_SEC)), but was given a string, an integer") == true)
    }

    @Test func onceRunsOncePerTokenInMethodsAndFunctions() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMStore : NSObject
            + (instancetype)sharedStore;
            @end
            @implementation MMStore
            + (instancetype)sharedStore {
                static MMStore *shared;
                static dispatch_once_t onceToken;
                dispatch_once(&onceToken, ^{ NSLog(@"made"); shared = [[self alloc] init]; });
                return shared;
            }
            @end
            int counter(void) { static dispatch_once_t once; static int calls = 0; dispatch_once(&once, ^{ calls = 100; }); return ++calls; }
            """)
        #expect(shell.run("[MMStore sharedStore] == [MMStore sharedStore]") == ["made", "YES"])
        #expect(shell.run("counter()", "counter()") == ["101", "102"])
        #expect(shell.run("dispatch_once_t token = 0; dispatch_once(&token, ^{ NSLog(@\"ran\"); }); dispatch_once(&token, ^{ NSLog(@\"again\"); }); token") == ["ran", "-1"])
    }

    @Test func timersFireOnTheClockRepeatingUntilInvalidated() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMPoller : NSObject
            @property (nonatomic) NSInteger polls;
            @property (nonatomic, strong) NSTimer *timer;
            @end
            @implementation MMPoller
            - (void)start { self.timer = [NSTimer scheduledTimerWithTimeInterval:0.25 target:self selector:@selector(poll:) userInfo:@{@"feed": @"news"} repeats:YES]; }
            - (void)poll:(NSTimer *)timer { self.polls++; NSLog(@"poll %ld of %@", (long)self.polls, timer.userInfo[@"feed"]); if (self.polls == 3) [timer invalidate]; }
            @end
            """)
        #expect(shell.run("p = [MMPoller new]; [p start];", "p.timer.isValid", "p.timer.timeInterval") == ["YES", "0.25"])
        #expect(shell.run("advance 0.6") == ["poll 1 of news", "poll 2 of news", "advanced 0.6 s to 0.6 s: 2 timers fired"])
        #expect(shell.run("advance 1") == ["poll 3 of news", "advanced 1 s to 1.6 s: 1 timer fired"])
        #expect(shell.run("p.timer.isValid", "p.polls") == ["NO", "3"])
        // A block timer that does not repeat fires once; one made unscheduled waits for a run
        // loop, and added after its fire date (an interval after it was made) fires at once.
        #expect(shell.run("""
            [NSTimer scheduledTimerWithTimeInterval:1 repeats:NO block:^(NSTimer *timer) { NSLog(@"once"); }];
            NSTimer *later = [NSTimer timerWithTimeInterval:0.5 repeats:YES block:^(NSTimer *timer) { NSLog(@"added"); [timer invalidate]; }];
            advance 2
            [[NSRunLoop mainRunLoop] addTimer:later forMode:NSRunLoopCommonModes];
            advance 2
            """) == ["<NSTimer: 0x3>", "once", "advanced 2 s to 3.6 s: 1 timer fired", "added", "advanced 2 s to 5.6 s: nothing was due"])
        #expect(shell.run("t = [NSTimer timerWithTimeInterval:5 repeats:NO block:^(NSTimer *timer) { NSLog(@\"fired by hand\"); }]; [t fire];", "t.isValid") == [
            "fired by hand", "NO",
        ])
    }

    @Test func aTimerThatWouldFireWithoutEndStopsTheClockWithAnError() throws {
        let shell = try ShellHarness()
        shell.run("__block int fired = 0; t = [NSTimer scheduledTimerWithTimeInterval:0 repeats:YES block:^(NSTimer *timer) { fired++; }];")
        #expect(shell.run("advance 3600") == [
            "error: the run loop stopped at 1 s after running 10000 blocks, timers and delayed performs, the most it runs at once, with more still due "
                + "before 3600 s: a repeating timer with a tiny interval, or a block that schedules itself again, keeps it busy; invalidate the timer, or advance by less",
        ])
        #expect(shell.run("fired", "[t invalidate];", "advance 1") == ["10000", "advanced 1 s to 2 s: nothing was due"])
        // A block that queues itself again is stopped the same way after a statement.
        shell.run("void (^again)(void); again = ^{ dispatch_async(dispatch_get_main_queue(), again); };")
        let stopped = shell.run("dispatch_async(dispatch_get_main_queue(), again);")
        #expect(stopped.first?.hasPrefix("error: the run loop stopped at 2 s after running 10000") == true)
        #expect(stopped.first?.hasSuffix("; what was still due now (1) is dropped, so that later statements run") == true)
        #expect(shell.run("NSLog(@\"free again\");") == ["free again"])
    }

    @Test func delayedPerformsRunOnTheClockAndCanBeCancelled() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMSearch : NSObject
            @end
            @implementation MMSearch
            - (void)search:(NSString *)text { NSLog(@"searching %@", text); }
            - (void)typed:(NSString *)text {
                [NSObject cancelPreviousPerformRequestsWithTarget:self];
                [self performSelector:@selector(search:) withObject:text afterDelay:0.3];
            }
            @end
            """)
        #expect(shell.run("s = [MMSearch new]; [s typed:@\"a\"]; [s typed:@\"ab\"];", "advance 0.2", "[s typed:@\"abc\"];", "advance 0.3") == [
            "advanced 0.2 s to 0.2 s: nothing was due", "searching abc", "advanced 0.3 s to 0.5 s: 1 delayed perform ran",
        ])
        // By selector and object: only the performs of that selector with an equal object go.
        #expect(shell.run("""
            [s performSelector:@selector(search:) withObject:@"kept" afterDelay:0.1]; \
            [s performSelector:@selector(search:) withObject:@"dropped" afterDelay:0.1]; \
            [s performSelector:@selector(typed:) withObject:@"dropped" afterDelay:0.1]; \
            [NSObject cancelPreviousPerformRequestsWithTarget:s selector:@selector(search:) object:[@"drop" stringByAppendingString:@"ped"]];
            """, "advance 0.5") == ["searching kept", "searching dropped", "advanced 0.5 s to 1 s: 3 delayed performs ran"])
    }

    @Test func spinningTheRunLoopUntilACompletionRanEnds() throws {
        let shell = try ShellHarness()
        // A date as NSDate gives one (here a minimal stand-in answering timeIntervalSinceNow).
        shell.run("""
            @interface MMDate : NSObject
            @property (nonatomic) double interval;
            + (instancetype)dateWithTimeIntervalSinceNow:(double)seconds;
            @end
            @implementation MMDate
            + (instancetype)dateWithTimeIntervalSinceNow:(double)seconds { MMDate *date = [self new]; date.interval = seconds; return date; }
            - (double)timeIntervalSinceNow { return self.interval; }
            @end
            @interface MMClient : NSObject
            @end
            @implementation MMClient
            - (void)fetch:(void (^)(NSString *))completion {
                dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(1.5 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{ completion(@"done"); });
            }
            @end
            """)
        #expect(shell.run("""
            __block BOOL done = NO;
            __block int spins = 0;
            [[MMClient new] fetch:^(NSString *result) { NSLog(@"completed: %@", result); done = YES; }];
            while (!done) { spins++; [[NSRunLoop currentRunLoop] runMode:NSDefaultRunLoopMode beforeDate:[MMDate dateWithTimeIntervalSinceNow:0.1]]; }
            spins
            [[NSRunLoop mainRunLoop] runUntilDate:[MMDate dateWithTimeIntervalSinceNow:1]];
            advance 0
            """) == ["completed: done", "15", "advanced 0 s to 2.5 s: nothing was due"])
    }

    @Test func wrongArgumentsAreLocatedAndSayWhatWouldBeRight() throws {
        let shell = try ShellHarness()
        #expect(shell.run("dispatch_async(nil, ^{ });").first
            == "error: line 1, column 1: dispatch_async takes a queue and a block taking nothing, as in dispatch_async(dispatch_get_main_queue(), ^{ ... }), but was given nil, a block")
        #expect(shell.run("dispatch_after(DISPATCH_TIME_NOW, dispatch_get_main_queue(), ^(int x) { });").first?
            .hasPrefix("error: line 1, column 1: dispatch_after takes a time, a queue and a block taking nothing") == true)
        #expect(shell.run("dispatch_once_t t; dispatch_once(t, ^{ });").first?.hasPrefix("error: line 1, column 20: dispatch_once takes a pointer to a static dispatch_once_t") == true)
        #expect(shell.run("advance -1") == [
            "error: line 1, column 9: advance takes a number of seconds, 0 or more, such as 0.5, but '-1' is -1; usage: advance SECONDS", "  advance -1", "          ^",
        ])
        #expect(shell.run("[NSTimer scheduledTimerWithTimeInterval:1 repeats:YES block:^{ }]").first?
            .hasPrefix("error: line 1, column 1: +[NSTimer scheduledTimerWithTimeInterval:repeats:block:] expects a block taking the timer") == true)
        #expect(shell.run("[[NSRunLoop mainRunLoop] runUntilDate:@\"soon\"]").first?
            .hasPrefix("error: line 1, column 1: -[NSRunLoop runUntilDate:] expects a date, such as [NSDate dateWithTimeIntervalSinceNow:0.1]") == true)
    }

    @Test func resetForgetsWhatWasScheduled() throws {
        let shell = try ShellHarness()
        shell.run("dispatch_after(dispatch_time(DISPATCH_TIME_NOW, NSEC_PER_SEC), dispatch_get_main_queue(), ^{ NSLog(@\"stale\"); });", "reset")
        #expect(shell.run("advance 2") == ["advanced 2 s to 2 s: nothing was due"])
    }

    /// Blocks that wait inside queued work (a condition a later block signals, as a disk
    /// cache waits until its directory is ready) are suspended in their waits and go on in
    /// turn; each keeps its own queue meanwhile.
    @Test func blocksWaitingInsideQueuedWorkGoOnOnceTheWorkTheyWaitForRan() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMDiskCache : NSObject {
                pthread_mutex_t _mutex;
                pthread_cond_t _writable;
                BOOL _ready;
            }
            @property (nonatomic, strong) NSMutableArray *log;
            @end
            @implementation MMDiskCache
            - (instancetype)init {
                self = [super init];
                pthread_mutex_init(&_mutex, NULL);
                pthread_cond_init(&_writable, NULL);
                _log = [NSMutableArray array];
                return self;
            }
            - (void)write:(NSString *)key on:(dispatch_queue_t)queue {
                dispatch_async(queue, ^{
                    pthread_mutex_lock(&_mutex);
                    while (!_ready) pthread_cond_wait(&_writable, &_mutex);
                    [self.log addObject:[NSString stringWithFormat:@"%@ on %s", key, dispatch_queue_get_label(DISPATCH_CURRENT_QUEUE_LABEL)]];
                    pthread_mutex_unlock(&_mutex);
                });
            }
            - (void)prepare {
                dispatch_async(dispatch_get_global_queue(0, 0), ^{
                    pthread_mutex_lock(&_mutex);
                    _ready = YES;
                    pthread_cond_broadcast(&_writable);
                    pthread_mutex_unlock(&_mutex);
                });
            }
            @end
            """)
        #expect(shell.run(
            """
            dispatch_queue_t first = dispatch_queue_create("first", DISPATCH_QUEUE_SERIAL), second = dispatch_queue_create("second", DISPATCH_QUEUE_SERIAL);
            MMDiskCache *cache = [MMDiskCache new];
            """,
            "for (int i = 0; i < 200; i++) [cache write:[NSString stringWithFormat:@\"k%d\", i] on:(i % 2 ? second : first)]; [cache prepare];",
            "@[@(cache.log.count), cache.log[0], cache.log[199]]"
        ) == ["@[200, \"k0 on first\", \"k199 on second\"]"])
        // The code outside the queues waits as it did: the run loop runs until it is done.
        #expect(shell.run(
            "dispatch_semaphore_t done = dispatch_semaphore_create(0); dispatch_async(first, ^{ dispatch_semaphore_wait(done, DISPATCH_TIME_FOREVER); [cache.log addObject:@\"released\"]; });",
            "dispatch_async(second, ^{ dispatch_semaphore_signal(done); }); dispatch_group_t g = dispatch_group_create(); dispatch_group_async(g, first, ^{}); dispatch_group_wait(g, DISPATCH_TIME_FOREVER); cache.log.lastObject"
        ) == ["0", "\"released\""])
    }

    /// A serial queue runs one block at a time even while that block waits: its later
    /// blocks, and a `dispatch_sync` onto it, wait their turn; a concurrent queue's go on.
    @Test func aSerialQueueHoldsItsBlocksWhileOneWaits() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            """
            dispatch_queue_t serial = dispatch_queue_create("serial", DISPATCH_QUEUE_SERIAL), concurrent = dispatch_queue_create("concurrent", DISPATCH_QUEUE_CONCURRENT);
            dispatch_semaphore_t go = dispatch_semaphore_create(0); NSMutableArray *log = [NSMutableArray array];
            """,
            """
            dispatch_async(serial, ^{ [log addObject:@"s1 waits"]; dispatch_semaphore_wait(go, DISPATCH_TIME_FOREVER); [log addObject:@"s1 goes on"]; });
            dispatch_async(serial, ^{ [log addObject:@"s2"]; });
            dispatch_async(concurrent, ^{ [log addObject:@"c1 waits"]; dispatch_semaphore_wait(go, DISPATCH_TIME_FOREVER); [log addObject:@"c1 goes on"]; });
            dispatch_async(concurrent, ^{ [log addObject:@"c2"]; });
            dispatch_async(dispatch_get_global_queue(0, 0), ^{ [log addObject:@"signal"]; dispatch_semaphore_signal(go); dispatch_semaphore_signal(go); });
            """,
            "[log componentsJoinedByString:@\", \"]",
            """
            [log removeAllObjects];
            dispatch_async(serial, ^{ dispatch_semaphore_wait(go, DISPATCH_TIME_FOREVER); [log addObject:@"s3"]; });
            dispatch_async(dispatch_get_global_queue(0, 0), ^{ dispatch_sync(serial, ^{ [log addObject:@"sync"]; }); });
            dispatch_async(dispatch_get_global_queue(0, 0), ^{ [log addObject:@"signal"]; dispatch_semaphore_signal(go); });
            """,
            "[log componentsJoinedByString:@\", \"]"
        ) == ["\"s1 waits, c1 waits, c2, signal, s1 goes on, c1 goes on, s2\"", "\"signal, s3, sync\""])
    }

    @Test func semaphoreAndGroupWaitsRunTheClockUntilTheyAreDone() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            dispatch_semaphore_t sema = dispatch_semaphore_create(0);
            __block NSString *result = nil;
            dispatch_async(dispatch_get_global_queue(0, 0), ^{ result = @"done"; dispatch_semaphore_signal(sema); });
            NSLog(@"%ld %@", dispatch_semaphore_wait(sema, DISPATCH_TIME_FOREVER), result);
            NSLog(@"%ld %.1f", dispatch_semaphore_wait(sema, dispatch_time(DISPATCH_TIME_NOW, (int64_t)(2 * NSEC_PER_SEC))), CACurrentMediaTime());
            """) == ["0 done", "49 2.0"])
        #expect(shell.run("""
            dispatch_group_t group = dispatch_group_create();
            NSMutableArray *order = [NSMutableArray array];
            dispatch_group_async(group, dispatch_get_main_queue(), ^{ [order addObject:@"a"]; });
            dispatch_group_enter(group);
            dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(1 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{ [order addObject:@"b"]; dispatch_group_leave(group); });
            dispatch_group_notify(group, dispatch_get_main_queue(), ^{ [order addObject:@"notified"]; });
            NSLog(@"%ld %@", dispatch_group_wait(group, DISPATCH_TIME_FOREVER), order);
            """) == ["0 (", "    a,", "    b,", "    notified", ")"])
        // What would hang on a device is an error here, and so is an unbalanced leave.
        #expect(shell.run("dispatch_semaphore_wait(sema, DISPATCH_TIME_FOREVER)").first?.hasSuffix(
            "dispatch_semaphore_wait would wait for ever for the semaphore to be signalled: nothing scheduled on the run loop is left to run, "
                + "and rtsh runs one thread; signal or leave before waiting, dispatch the work that does, or wait with a timeout") == true)
        #expect(shell.run("dispatch_group_leave(group)").first?.hasSuffix("Unbalanced call to dispatch_group_leave(): the group was left more often than it was entered; "
            + "pair each dispatch_group_leave with a dispatch_group_enter") == true)
        #expect(shell.run("dispatch_semaphore_create(-1) == nil", "dispatch_semaphore_signal(group)").prefix(2) == [
            "YES", "error: line 1, column 1: dispatch_semaphore_signal takes a semaphore, as in dispatch_semaphore_signal(semaphore), but was given an object",
        ])
    }
}
