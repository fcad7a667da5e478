#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How much of the running thread's stack interpreted code may still use.
///
/// The runtime's depth limit stops runaway recursion after so many sends, but how much
/// stack a send takes depends on the build (a debug build's frames are many times a
/// release build's) and on what nests besides sends: a wait inside queued work runs the
/// next piece of work inside it. So every interpreted call also checks the stack itself,
/// and a call that would leave less than a margin is refused with an error rather than
/// let the process crash.
enum StackSpace {
    /// Whether the calling thread's stack has less than the margin left.
    static var isNearlyExhausted: Bool {
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        return here < lowestUsable()
    }

    /// What is kept free below the deepest call allowed: room for the error's unwinding
    /// and reporting, and for Swift code a call makes without interpreting (the class
    /// library's methods), at most a quarter of the stack.
    private static let margin: UInt = 1 << 20

    /// Where each thread's usable stack ends, found once per thread: finding the main
    /// thread's reads the process's memory map.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { free($0) }
        return key
    }()

    private static func lowestUsable() -> UInt {
        if let stored = pthread_getspecific(key) { return stored.load(as: UInt.self) }
        let (bottom, size) = bounds()
        let limit = size == 0 ? 0 : bottom + min(margin, size / 4)
        let stored = malloc(MemoryLayout<UInt>.size)!
        stored.storeBytes(of: limit, as: UInt.self)
        pthread_setspecific(key, stored)
        return limit
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
