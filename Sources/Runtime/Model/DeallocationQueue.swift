import Synchronization

/// Objects gone since the runtime last sent `-dealloc`, waiting for it: each the successor
/// of an instance whose class implements `-dealloc` (beyond a root class's), holding that
/// instance's class, number and instance variables.
///
/// An instance's last reference may go anywhere, on any thread, even while a lock of the
/// runtime or the class library is held; running Objective-C code there could deadlock or
/// re-enter what the lock guards. So the instance only queues its successor here, taking
/// nothing but this queue's own lock, and whoever runs code (the shell, between
/// statements) sends the queued ones `-dealloc` through ``Runtime/sendPendingDeallocs()``.
/// The successor stands in for the instance during `-dealloc`: Swift's own object cannot
/// be used once its `deinit` has begun, and code in `-dealloc` may keep `self`.
final class DeallocationQueue: Sendable {
    private let queued = Mutex<[Object]>([])
    /// How many are queued, read without the lock by the check between statements.
    private let count = Atomic<Int>(0)
    /// False once the runtime has gone: its classes' instances then go without `-dealloc`.
    private let isOpen = Atomic<Bool>(true)

    /// Whether any successor waits for `-dealloc`.
    var hasPending: Bool { count.load(ordering: .relaxed) != 0 }

    /// Whether an instance going now should queue a successor.
    var accepts: Bool { isOpen.load(ordering: .relaxed) }

    func append(_ successor: Object) {
        queued.withLock { $0.append(successor) }
        count.add(1, ordering: .relaxed)
    }

    /// Everything queued, in the order the instances went, leaving the queue empty.
    func takeAll() -> [Object] {
        let taken = queued.withLock { queued in
            defer { queued = [] }
            return queued
        }
        count.subtract(taken.count, ordering: .relaxed)
        return taken
    }

    /// Stops queueing and drops what is queued, as the runtime goes away.
    func close() {
        isOpen.store(false, ordering: .relaxed)
        _ = takeAll()
    }
}

/// The object that receives `-dealloc` in place of an instance that has gone (see
/// ``DeallocationQueue``). When it goes in turn, nothing is queued again.
final class DeallocatingObject: Object, @unchecked Sendable {
    // @unchecked: it adds no state to Object, whose own is guarded as Object documents.
}
