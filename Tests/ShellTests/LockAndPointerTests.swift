import Shell
import Testing

/// Pointers into objects and the locks and atomic operations thread-safe code uses them with.
@Suite("Pointers to ivars, locks and atomic operations")
struct LockAndPointerTests {
    @Test func theAddressOfAnIvarReadsAndWritesTheIvar() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMCounter : NSObject {
                @public NSInteger _count;
            }
            - (void)bump;
            @end
            void mm_add(NSInteger *target, NSInteger n) { *target = *target + n; }
            @implementation MMCounter
            - (void)bump { mm_add(&_count, 2); mm_add(&self->_count, 3); }
            @end
            """)
        #expect(shell.run("MMCounter *c = [MMCounter new]; [c bump]; c->_count", "mm_add(&c->_count, 10); c->_count", "&c->_count == &c->_count") == ["5", "15", "YES"])
        #expect(shell.run("&c->_missing").first?.hasSuffix("'&' takes the address of a variable, as in &error") == true)
    }

    @Test func locksAreFreeAndAtomicsDoTheirArithmeticThroughThePointer() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMStore : NSObject {
                pthread_mutex_t _lock;
                os_unfair_lock _fast;
                int32_t _hits;
            }
            - (int)hit;
            @end
            @implementation MMStore
            - (instancetype)init { self = [super init]; pthread_mutex_init(&_lock, NULL); _fast = OS_UNFAIR_LOCK_INIT; return self; }
            - (int)hit {
                pthread_mutex_lock(&_lock);
                os_unfair_lock_lock(&_fast);
                int32_t now = OSAtomicIncrement32(&_hits);
                OSAtomicAdd32(10, &_hits);
                os_unfair_lock_unlock(&_fast);
                pthread_mutex_unlock(&_lock);
                return now;
            }
            @end
            """)
        #expect(shell.run(
            "MMStore *s = [MMStore new]; [s hit]", "[s hit]",
            "int flag = 0; @[@(OSAtomicCompareAndSwap32(0, 1, &flag)), @(OSAtomicCompareAndSwap32(0, 1, &flag)), @(flag)]",
            "int32_t top = INT32_MAX; OSAtomicIncrement32(&top)", "os_unfair_lock l = OS_UNFAIR_LOCK_INIT; os_unfair_lock_trylock(&l)"
        ) == ["1", "12", "@[YES, NO, 1]", "-2147483648", "YES"])
        #expect(shell.run("pthread_mutex_lock(NULL)").first?.hasSuffix(
            "pthread_mutex_lock takes a pointer to the lock, as in pthread_mutex_lock(&_lock), but was given nil") == true)
    }

    /// A recursive mutex made from attributes, and a condition that queued work signals, as
    /// PINOperationQueue makes and waits on them.
    @Test func mutexAttributesAndConditionsWaitForQueuedWork() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMQueue : NSObject {
                pthread_mutex_t _lock;
                pthread_cond_t _done;
                BOOL _finished;
            }
            - (int)runAndWait;
            @end
            @implementation MMQueue
            - (instancetype)init {
                self = [super init];
                pthread_mutexattr_t attr;
                pthread_mutexattr_init(&attr);
                pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
                pthread_mutex_init(&_lock, &attr);
                pthread_mutexattr_destroy(&attr);
                pthread_cond_init(&_done, NULL);
                return self;
            }
            - (int)runAndWait {
                dispatch_async(dispatch_get_global_queue(0, 0), ^{
                    pthread_mutex_lock(&_lock);
                    _finished = YES;
                    pthread_cond_broadcast(&_done);
                    pthread_mutex_unlock(&_lock);
                });
                pthread_mutex_lock(&_lock);
                int waits = 0;
                while (!_finished) { pthread_cond_wait(&_done, &_lock); waits++; }
                pthread_mutex_unlock(&_lock);
                return waits;
            }
            @end
            """)
        #expect(shell.run(
            "[[MMQueue new] runAndWait]",
            "atomic_flag flag = ATOMIC_FLAG_INIT; @[@(atomic_flag_test_and_set(&flag)), @(atomic_flag_test_and_set(&flag))]",
            "atomic_flag_clear(&flag); atomic_flag_test_and_set_explicit(&flag, memory_order_relaxed)"
        ) == ["1", "@[NO, YES]", "nil", "NO"])
        let waitForever = shell.run("pthread_cond_t c = PTHREAD_COND_INITIALIZER; pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; pthread_cond_wait(&c, &m)")
        #expect(waitForever.first?.contains("pthread_cond_wait would wait for ever for the condition to be signalled: nothing scheduled") == true, "\(waitForever)")
        #expect(shell.run("pthread_mutexattr_settype(NULL, 2)").first?.hasSuffix(
            "pthread_mutexattr_settype takes a pointer to the attributes and a type, as in pthread_mutexattr_settype(&attributes, PTHREAD_MUTEX_RECURSIVE), but was given nil, an integer") == true)
    }
}
