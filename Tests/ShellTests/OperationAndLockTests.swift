import Shell
import Testing

/// Foundation's locks, conditions and operation queues, on rtsh's one thread and the run
/// loop's clock: waits let scheduled work run, and a wait nothing can end raises, never hangs.
@Suite("Locks, conditions and operation queues")
struct OperationAndLockTests {
    @Test func aConditionWaitRunsTheWorkThatSignalsIt() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMTask : NSObject
            @property (nonatomic, strong) NSCondition *condition;
            @property (nonatomic) BOOL completed;
            - (void)waitUntilFinished;
            - (void)finishLater;
            @end
            @implementation MMTask
            - (instancetype)init { self = [super init]; _condition = [[NSCondition alloc] init]; return self; }
            - (void)finishLater {
                dispatch_async(dispatch_get_global_queue(0, 0), ^{
                    [self.condition lock];
                    self.completed = YES;
                    [self.condition broadcast];
                    [self.condition unlock];
                });
            }
            - (void)waitUntilFinished {
                [self.condition lock];
                while (!self.completed) { [self.condition wait]; }
                [self.condition unlock];
            }
            @end
            """)
        #expect(shell.run("MMTask *t = [MMTask new]; [t finishLater]; [t waitUntilFinished]; t.completed") == ["YES"])
        let stuck = shell.run("MMTask *u = [MMTask new]; [u waitUntilFinished]").first ?? ""
        #expect(stuck.contains("in -[MMTask waitUntilFinished]: -[NSCondition wait] would wait for ever for the NSCondition to be signalled"))
        #expect(shell.run("NSCondition *c = [NSCondition new]; [c lock]; [c waitUntilDate:[NSDate dateWithTimeIntervalSinceNow:5]]", "[[NSDate date] timeIntervalSinceReferenceDate] - 43200")
            == ["NO", "5.0"])
    }

    @Test func aLockTakenTwiceRaisesWhereFoundationWouldDeadlock() throws {
        let shell = try ShellHarness()
        #expect(shell.run("NSLock *l = [NSLock new]; l.name = @\"cache\"; [l lock]; [l tryLock]", "[l unlock]; [l tryLock]") == ["NO", "YES"])
        #expect(shell.run("[l lock]").first == "error: line 1, column 1: -[NSLock lock] would deadlock: the NSLock 'cache' is already locked on this thread, "
            + "which would wait for ever for itself to unlock it; unlock it first, or use an NSRecursiveLock where a method that holds the lock calls another that takes it")
        #expect(shell.run("NSRecursiveLock *r = [NSRecursiveLock new]; [r lock]; [r lock]; [r tryLock]") == ["YES"])
        #expect(shell.run("[l description]") == ["\"<NSLock: 0x1>{name = 'cache'}\""])
    }

    /// A lock queued work holds while it waits, suspended, is that work's: other work, and
    /// the code outside the queues, wait for it to be let go rather than take it or raise.
    @Test func aLockHeldByWaitingWorkMakesOthersWaitForIt() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            """
            NSLock *lock = [NSLock new]; dispatch_semaphore_t go = dispatch_semaphore_create(0); NSMutableArray *log = [NSMutableArray array];
            dispatch_async(dispatch_get_global_queue(0, 0), ^{ [lock lock]; [log addObject:@"a holds"]; dispatch_semaphore_wait(go, DISPATCH_TIME_FOREVER); [log addObject:@"a lets go"]; [lock unlock]; });
            dispatch_async(dispatch_get_global_queue(0, 0), ^{ [log addObject:@"b tries"]; [log addObject:@([lock tryLock])]; [lock lock]; [log addObject:@"b holds"]; [lock unlock]; });
            dispatch_async(dispatch_get_global_queue(0, 0), ^{ [log addObject:@"signal"]; dispatch_semaphore_signal(go); });
            """,
            "[log componentsJoinedByString:@\", \"]",
            "dispatch_async(dispatch_get_global_queue(0, 0), ^{ [lock lock]; dispatch_semaphore_wait(go, DISPATCH_TIME_FOREVER); [lock unlock]; });",
            "dispatch_after(dispatch_time(DISPATCH_TIME_NOW, NSEC_PER_SEC), dispatch_get_main_queue(), ^{ dispatch_semaphore_signal(go); }); [lock lock]; @(CACurrentMediaTime())"
        ) == ["\"a holds, b tries, 0, signal, a lets go, b holds\"", "1.0"])
    }

    @Test func aConditionLockWaitsForItsCondition() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSConditionLock *c = [[NSConditionLock alloc] initWithCondition:0]; c.condition",
            "dispatch_after(dispatch_time(DISPATCH_TIME_NOW, 2 * NSEC_PER_SEC), dispatch_get_main_queue(), ^{ [c lock]; [c unlockWithCondition:7]; })",
            "[c lockWhenCondition:7]; c.condition",
            "[c tryLockWhenCondition:7]", "[c unlockWithCondition:1]; [c tryLockWhenCondition:1]"
        ) == ["0", "7", "NO", "YES"])
        #expect(shell.run("[c unlock]; [c lockWhenCondition:9]").first?.contains("-[NSConditionLock lockWhenCondition:] would wait for ever for the NSConditionLock to be free with condition 9") == true)
    }

    /// The shell runs the main run loop's turn after each statement, so each operation runs
    /// once the line that added it is done; `a` waits for `b`, added after it.
    @Test func operationQueuesRunTheirOperationsInOrderAfterTheirDependencies() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            NSMutableArray *log = [NSMutableArray array];
            NSOperationQueue *q = [[NSOperationQueue alloc] init];
            q.name = @"work";
            NSBlockOperation *a = [NSBlockOperation blockOperationWithBlock:^{ [log addObject:@"a"]; }];
            NSBlockOperation *b = [NSBlockOperation blockOperationWithBlock:^{ [log addObject:@"b"]; }];
            [a addDependency:b];
            a.completionBlock = ^{ [log addObject:@"a done"]; };
            [q addOperation:a];
            [q addOperationWithBlock:^{ [log addObject:[NSOperationQueue currentQueue] == q ? @"on q" : @"elsewhere"]; }];
            [q addOperation:b];
            [log count]
            """, "[q waitUntilAllOperationsAreFinished]; log", "q.operationCount", "a.isFinished && a.finished && !a.isExecuting",
            "[NSOperationQueue currentQueue] == [NSOperationQueue mainQueue]") == ["4", "<NSMutableArray: 0x1> @[\"on q\", \"b\", \"a\", \"a done\"]", "0", "YES", "YES"])
    }

    @Test func aSuspendedQueueHoldsItsOperationsAndCancelledOnesDoNotRun() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            __block int runs = 0;
            NSOperationQueue *q = [NSOperationQueue new];
            q.suspended = YES;
            [q addOperationWithBlock:^{ runs += 1; }];
            NSBlockOperation *skipped = [NSBlockOperation blockOperationWithBlock:^{ runs += 100; }];
            [q addOperation:skipped];
            [skipped cancel];
            [[NSRunLoop mainRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:1]];
            runs
            """, "q.suspended = NO; [q waitUntilAllOperationsAreFinished]; runs", "skipped.isCancelled && skipped.isFinished") == ["0", "1", "YES"])
        #expect(shell.run("[q addOperation:[NSBlockOperation new]]; [q addOperation:@3]").first?.contains("-[NSOperationQueue addOperation:] expects an object or nil, but got an integer") == true)
    }

    @Test func anOperationSubclassRunsItsMainAndAnInvocationOperationItsSelector() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMFetch : NSOperation
            @property (nonatomic, copy) NSString *result;
            @end
            @implementation MMFetch
            - (void)main { self.result = self.isExecuting ? @"fetched" : @"not executing"; }
            @end
            @interface MMTarget : NSObject
            - (NSString *)greet:(NSString *)name;
            @end
            @implementation MMTarget
            - (NSString *)greet:(NSString *)name { return [@"hi " stringByAppendingString:name]; }
            @end
            """)
        #expect(shell.run(
            "MMFetch *f = [MMFetch new]; [f start]; f.result",
            "NSInvocationOperation *i = [[NSInvocationOperation alloc] initWithTarget:[MMTarget new] selector:@selector(greet:) object:@\"ann\"]; [[NSOperationQueue mainQueue] addOperation:i]; [i waitUntilFinished]; i.result"
        ) == ["\"fetched\"", "\"hi ann\""])
        #expect(shell.run("[f start]").first?.contains("NSInvalidArgumentException in -[MMFetch start]: the operation has already started") == true)
    }

    /// A concurrent operation synthesizes the state NSOperation declares (`@synthesize
    /// finished = _finished;`) and tells the queue through key-value notifications.
    @Test func aConcurrentOperationSynthesizesTheStateItsSuperclassDeclares() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMAsync : NSOperation
            @end
            @implementation MMAsync
            @synthesize executing = _executing;
            @synthesize finished = _finished;
            - (BOOL)isAsynchronous { return YES; }
            - (void)start { self.executing = YES; }
            - (void)complete { self.executing = NO; self.finished = YES; }
            - (void)setExecuting:(BOOL)executing { [self willChangeValueForKey:@"isExecuting"]; _executing = executing; [self didChangeValueForKey:@"isExecuting"]; }
            - (void)setFinished:(BOOL)finished { [self willChangeValueForKey:@"isFinished"]; _finished = finished; [self didChangeValueForKey:@"isFinished"]; }
            @end
            """)
        #expect(shell.run(
            "NSOperationQueue *queue = [NSOperationQueue new]; MMAsync *op = [MMAsync new]; [queue addOperation:op];",
            "[[NSRunLoop mainRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:0.1]]; @[@(op.isExecuting), @(op.finished), @(queue.operationCount)]",
            "[op complete]; [[NSRunLoop mainRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:0.1]]; @[@(op.isExecuting), @(op.isFinished), @(queue.operationCount)]"
        ) == ["@[YES, NO, 1]", "@[NO, YES, 0]"])
    }

    @Test func aRunLoopSpunForWhatNeverComesRaisesInsteadOfSpinningForEver() throws {
        let shell = try ShellHarness()
        let output = shell.run("BOOL done = NO; while (!done) { [[NSRunLoop currentRunLoop] runMode:NSDefaultRunLoopMode beforeDate:[NSDate dateWithTimeIntervalSinceNow:0.1]]; }")
        #expect(output.first?.contains("-[NSRunLoop runMode:beforeDate:] was called again and again for an hour of virtual time with nothing scheduled to run") == true)
        // Spinning while work comes due is not idle: a timer firing every minute for two hours.
        #expect(shell.run("""
            __block int fired = 0;
            NSTimer *timer = [NSTimer scheduledTimerWithTimeInterval:60 repeats:YES block:^(NSTimer *t) { fired += 1; }];
            while (fired < 120) { [[NSRunLoop currentRunLoop] runMode:NSDefaultRunLoopMode beforeDate:[NSDate dateWithTimeIntervalSinceNow:0.1]]; }
            fired
            """) == ["120"])
    }

    @Test func theThreadFunctionsAnswerForTheMainThread() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "pthread_equal(pthread_self(), pthread_self())", "pthread_main_np()",
            "pthread_get_stacksize_np(pthread_self()) - (pthread_get_stackaddr_np(pthread_self()) - (uint8_t *)__builtin_frame_address(0))"
        ) == ["1", "1", "8384512"])
        #expect(shell.run("pthread_get_stacksize_np(3)").first?.contains("pthread_get_stacksize_np takes a thread, as in pthread_get_stacksize_np(pthread_self())") == true)
    }

    /// Thread-specific values, as a template engine keeps its current context stack: a key
    /// made, a value set and read back, EINVAL for a key never made.
    @Test func threadSpecificValuesAreKeptByKey() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "static pthread_key_t key; pthread_key_create(&key, NULL)", "pthread_getspecific(key) == NULL",
            "NSMutableArray *stack = [NSMutableArray arrayWithObject:@\"a\"]; pthread_setspecific(key, (__bridge void *)stack)",
            "[(__bridge NSMutableArray *)pthread_getspecific(key) count]", "pthread_setspecific(99, NULL)",
            "pthread_key_delete(key)", "pthread_getspecific(key) == NULL"
        ) == ["0", "YES", "0", "1", "22", "0", "YES"])
        #expect(shell.run("pthread_key_create(3, NULL)").first?.contains("pthread_key_create takes a pointer to the key and a destructor (or NULL)") == true)
    }

    @Test func theCurrentDispatchQueueIsTheOneWhoseBlockRuns() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            dispatch_queue_t q = dispatch_queue_create("com.example.work", NULL);
            __block NSString *seen = nil;
            dispatch_async(q, ^{ seen = [NSString stringWithUTF8String:dispatch_queue_get_label(DISPATCH_CURRENT_QUEUE_LABEL)]; });
            """, "seen", "dispatch_get_current_queue() == dispatch_get_main_queue()") == ["\"com.example.work\"", "YES"])
    }
}

/// What thread-safe libraries ask of the queue and the thread they run on, and C11's atomics.
@Suite("Queue-specific values, thread identity and C11 atomics")
struct QueueSpecificAndAtomicTests {
    @Test func aQueuesSpecificValueIsSeenOnlyByItsOwnBlocks() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "static void *MMQueueKey = &MMQueueKey; dispatch_queue_t q = dispatch_queue_create(\"com.example.q\", NULL); dispatch_queue_set_specific(q, MMQueueKey, (__bridge void *)q, NULL); dispatch_get_specific(MMQueueKey) == NULL",
            "__block BOOL onQueue = NO; dispatch_sync(q, ^{ onQueue = dispatch_get_specific(MMQueueKey) == (__bridge void *)q; }); onQueue",
            "dispatch_async(q, ^{ onQueue = NO; onQueue = dispatch_get_specific(MMQueueKey) != NULL; })", "onQueue",
            "dispatch_queue_get_specific(q, MMQueueKey) == q && dispatch_queue_get_specific(dispatch_get_main_queue(), MMQueueKey) == nil",
            "dispatch_queue_set_specific(q, MMQueueKey, NULL, NULL); dispatch_queue_get_specific(q, MMQueueKey)"
        ) == ["YES", "YES", "YES", "YES", "nil"])
    }

    @Test func c11AtomicsWorkThroughThePointerAndErrnoIsAVariable() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "_Atomic(int) n; atomic_init(&n, 5); atomic_fetch_add(&n, 3)", "atomic_load(&n)",
            "int expected = 7; atomic_compare_exchange_strong(&n, &expected, 1)", "expected",
            "atomic_compare_exchange_weak_explicit(&n, &expected, 1, memory_order_seq_cst, memory_order_relaxed) && atomic_load_explicit(&n, memory_order_acquire) == 1",
            "atomic_int flags = ATOMIC_VAR_INIT(6); atomic_fetch_and(&flags, 3); flags", "atomic_exchange(&flags, 9); flags",
            "qos_class_self() == QOS_CLASS_USER_INTERACTIVE",
            "__uint64_t tid = 0; pthread_threadid_np(NULL, &tid); tid", "errno = 0; errno"
        ) == ["5", "8", "NO", "8", "YES", "6", "2", "2", "9", "YES", "0", "1", "0"])
        #expect(shell.run("atomic_load(3)").first?.contains("atomic_load takes a pointer to the variable") == true)
        // Fences order nothing on the one thread; they check what they are given.
        #expect(shell.run("atomic_thread_fence(memory_order_seq_cst); atomic_signal_fence(memory_order_acquire); __sync_synchronize(); OSMemoryBarrier(); 1") == ["1"])
        #expect(shell.run("atomic_thread_fence()").first?.contains("atomic_thread_fence takes a memory order") == true)
    }
    /// A data source runs its handler once at the next turn for the values merged since,
    /// added (or or-ed) into what `dispatch_source_get_data` reads, and not while suspended;
    /// a source of file changes (CocoaLumberjack's log file watch) is made, activated and
    /// cancelled as GCD's, and never fires, as nothing changes the app's files under it.
    @Test func dataSourcesCoalesceTheirMergesAndSystemSourcesNeverFire() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            NSMutableArray *seen = [NSMutableArray array];
            dispatch_source_t adds = dispatch_source_create(DISPATCH_SOURCE_TYPE_DATA_ADD, 0, 0, dispatch_get_main_queue());
            dispatch_source_set_event_handler(adds, ^{ [seen addObject:@(dispatch_source_get_data(adds))]; });
            dispatch_source_merge_data(adds, 2); dispatch_resume(adds); dispatch_source_merge_data(adds, 3);
            """, "[seen copy]", "dispatch_suspend(adds); dispatch_source_merge_data(adds, 4);", "[seen copy]", "dispatch_resume(adds);", "[seen copy]",
            "dispatch_source_t ors = dispatch_source_create(DISPATCH_SOURCE_TYPE_DATA_OR, 0, 0, dispatch_get_main_queue()); dispatch_source_set_event_handler(ors, ^{ [seen addObject:@(dispatch_source_get_data(ors))]; }); dispatch_activate(ors); dispatch_activate(ors); dispatch_source_merge_data(ors, 1); dispatch_source_merge_data(ors, 4);",
            "[seen copy]"
        ) == ["@[5]", "@[5]", "@[5, 4]", "@[5, 4, 5]"])
        #expect(shell.run(
            "__block BOOL fired = NO; dispatch_source_t watch = dispatch_source_create(DISPATCH_SOURCE_TYPE_VNODE, 7, DISPATCH_VNODE_DELETE | DISPATCH_VNODE_RENAME, dispatch_get_main_queue());",
            "dispatch_source_set_event_handler(watch, ^{ fired = YES; }); dispatch_activate(watch); [[NSRunLoop mainRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:5]];",
            "@[@(fired), @(dispatch_source_get_handle(watch)), @(dispatch_source_get_mask(watch)), [watch description]]",
            "dispatch_source_cancel(watch); dispatch_source_testcancel(watch)"
        ) == ["@[NO, 7, 33, \"<OS_dispatch_source: 0x5 vnode, running>\"]", "1"])
    }

    /// `dispatch_set_target_queue` moves a source's handler to the queue targeted; a queue
    /// targeting another runs its blocks as before, in the order dispatched.
    @Test func aSourceRunsOnTheQueueItTargets() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            NSMutableArray *seen = [NSMutableArray array];
            dispatch_queue_t work = dispatch_queue_create("com.example.work", DISPATCH_QUEUE_SERIAL);
            dispatch_source_t adds = dispatch_source_create(DISPATCH_SOURCE_TYPE_DATA_ADD, 0, 0, dispatch_get_main_queue());
            dispatch_set_target_queue(adds, work);
            dispatch_source_set_event_handler(adds, ^{ [seen addObject:@(dispatch_queue_get_label(DISPATCH_CURRENT_QUEUE_LABEL))]; });
            dispatch_resume(adds); dispatch_source_merge_data(adds, 1);
            dispatch_queue_t other = dispatch_queue_create("com.example.other", DISPATCH_QUEUE_SERIAL);
            dispatch_set_target_queue(other, dispatch_get_global_queue(QOS_CLASS_UTILITY, 0));
            dispatch_async(other, ^{ [seen addObject:@"other"]; });
            """, "[seen copy]") == ["@[\"com.example.work\", \"other\"]"])
        #expect(shell.run("dispatch_set_target_queue(@\"queue\", nil);").first?.contains("dispatch_set_target_queue takes a queue or a source and the queue to target") == true)
    }

    @Test func aTimerSourceFiresOnTheClockUntilCancelled() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            __block int ticks = 0;
            dispatch_source_t timer = dispatch_source_create(DISPATCH_SOURCE_TYPE_TIMER, 0, 0, dispatch_get_main_queue());
            dispatch_source_set_timer(timer, dispatch_time(DISPATCH_TIME_NOW, 1 * NSEC_PER_SEC), 1 * NSEC_PER_SEC, 0);
            dispatch_source_set_event_handler(timer, ^{ ticks += 1; if (ticks == 3) dispatch_source_cancel(timer); });
            dispatch_source_set_cancel_handler(timer, ^{ NSLog(@"cancelled after %d", ticks); });
            [[NSRunLoop mainRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:5]];
            ticks
            """, "dispatch_resume(timer); [[NSRunLoop mainRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:10]]; ticks",
            "dispatch_source_testcancel(timer)") == ["0", "cancelled after 3", "3", "1"])
        #expect(shell.run("dispatch_resume(timer)").first?.contains("dispatch_resume: the source is not suspended") == true)
        #expect(shell.run("dispatch_source_create(\"DISPATCH_SOURCE_TYPE_UNKNOWN\", 3, 0, dispatch_get_main_queue())").first?
            .contains("not DISPATCH_SOURCE_TYPE_UNKNOWN") == true)
        // Suspended, it skips its firings; resumed, it goes on from the clock's time.
        #expect(shell.run("""
            __block int beats = 0;
            dispatch_source_t beat = dispatch_source_create(DISPATCH_SOURCE_TYPE_TIMER, 0, 0, dispatch_get_main_queue());
            dispatch_source_set_event_handler(beat, ^{ beats += 1; });
            dispatch_source_set_timer(beat, DISPATCH_TIME_NOW, 2 * NSEC_PER_SEC, 0);
            dispatch_resume(beat);
            [[NSRunLoop mainRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:3]];
            beats
            """, "dispatch_suspend(beat); [[NSRunLoop mainRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:10]]; beats",
            "dispatch_resume(beat); [[NSRunLoop mainRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:1]]; beats") == ["2", "2", "3"])
    }
}
