#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How much of the running thread's stack interpreted code may still use.
///
/// The runtime's depth limit stops runaway recursion after so many sends, but how much
/// stack a send takes depends on the build (a debug build's frames are many times a
/// release build's) and on what nests besides sends: past the clock's suspended strands, a
/// wait inside queued work runs the next piece of work inside it. So every interpreted call also checks the stack itself,
/// and a call that would leave less than a margin is refused with an error rather than
/// let the process crash.
enum StackSpace {
    /// Whether the calling thread's stack has less than the margin left, for the call about
    /// to be made: a send's or a call's site asks, so that the error says where. A site
    /// refuses a little before an interpreted body would (``siteSlack``), so that what goes
    /// too deep is refused where it is written, not in the callee that cannot say where.
    static var isNearlyExhausted: Bool {
        isNearlyExhausted(threadRecord())
    }

    private static func isNearlyExhausted(_ record: UnsafeMutablePointer<Record>) -> Bool {
        isExhausted(record, nesting: record.pointee.nesting + 1 + siteSlack.calls, slack: siteSlack.bytes)
    }

    /// How much earlier a call's site refuses than a body: a few calls' frames.
    private static let siteSlack = (bytes: UInt(256 << 10), calls: 4)

    /// One interpreted call running on this thread, counted until it ends.
    struct Entry {
        fileprivate let record: UnsafeMutablePointer<Record>

        /// Ends the call.
        func leave() { record.pointee.nesting -= 1 }

        /// ``StackSpace/isNearlyExhausted``, asked by a site inside this call, on the call's
        /// own thread: the thread's record is at hand, not looked up again.
        var isNearlyExhausted: Bool { StackSpace.isNearlyExhausted(record) }
    }

    /// Notes one more interpreted call running on this thread; nil, counting nothing, when
    /// the stack is nearly exhausted there.
    static func enter() -> Entry? {
        let record = threadRecord()
        guard !isExhausted(record, nesting: record.pointee.nesting + 1) else { return nil }
        record.pointee.nesting += 1
        return Entry(record: record)
    }

    /// What is kept free below the deepest call allowed: room for the error's unwinding
    /// and reporting, and for Swift code a call makes without interpreting (the class
    /// library's methods), at most a quarter of the stack.
    private static let margin: UInt = 1 << 20

    /// The most interpreted calls nested on one thread when where they are says nothing
    /// (AddressSanitizer keeps frames on a heap of its own, to catch uses after return, so
    /// a local is not on the thread's stack): few, as such a build's frames are large and
    /// a wait inside queued work nests a clock's and a queue's frames besides.
    private static let nestingLimitOffStack = 48

    /// A thread's stack and how many interpreted calls run on it, kept in memory of the
    /// thread's own (a `pthread_key_t`'s value): finding the main thread's stack reads the
    /// process's memory map, so it is found once.
    fileprivate struct Record {
        var bottom: UInt
        var top: UInt
        /// The lowest a call may leave the stack at.
        var limit: UInt
        var nesting: Int
    }

    /// Whether the stack is nearly exhausted where the caller is, or, off the stack, whether
    /// `nesting` interpreted calls are too many.
    private static func isExhausted(_ record: UnsafeMutablePointer<Record>, nesting: Int, slack: UInt = 0) -> Bool {
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        let (bottom, top, limit) = (record.pointee.bottom, record.pointee.top, record.pointee.limit)
        guard here >= bottom, here < top else { return nesting > nestingLimitOffStack }
        return here < limit &+ slack
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { free($0) }
        return key
    }()

    /// The calling thread's record, made on its first call; a stack of unknown bounds
    /// (0, 0) holds no local, so only the nesting speaks for it.
    private static func threadRecord() -> UnsafeMutablePointer<Record> {
        if let stored = pthread_getspecific(key) { return stored.assumingMemoryBound(to: Record.self) }
        let (bottom, size) = bounds()
        let made = malloc(MemoryLayout<Record>.stride)!.bindMemory(to: Record.self, capacity: 1)
        made.initialize(to: Record(bottom: bottom, top: bottom + size, limit: size == 0 ? 0 : bottom + min(margin, size / 4), nesting: 0))
        pthread_setspecific(key, made)
        return made
    }

    /// The lowest address of the calling thread's stack and its size; (0, 0) when unknown.
    private static func bounds() -> (bottom: UInt, size: UInt) {
        #if canImport(Glibc)
        // glibc's own answer for any thread; Swift's Glibc module leaves GNU extensions
        // out, so the function is looked up by name.
        typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return (0, 0) }
        let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
        var attributes = pthread_attr_t()
        guard getAttributes(pthread_self(), &attributes) == 0 else { return (0, 0) }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return (0, 0) }
        return (UInt(bitPattern: address), UInt(size))
        #elseif canImport(Darwin)
        // Darwin gives the top of the stack, which grows down from it.
        let thread = pthread_self()
        let size = UInt(pthread_get_stacksize_np(thread))
        return (UInt(bitPattern: pthread_get_stackaddr_np(thread)) - size, size)
        #else
        return (0, 0)
        #endif
    }
}
