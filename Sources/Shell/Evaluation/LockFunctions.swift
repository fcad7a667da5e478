import Runtime
import UIKitModel

/// The C library's locks and atomic operations, as thread-safe code calls them on its
/// ivars and statics (`pthread_mutex_lock(&_lock)`, `OSAtomicIncrement32(&_count)`).
///
/// rtsh runs an app's code one piece at a time (dispatch queues run on the run loop's
/// clock, each block going on only where another waits), so a lock is always free: locking
/// succeeds at once, `trylock` succeeds, and the lock's storage is left as it was. A
/// condition variable (`pthread_cond_t`) holds how often it was signalled:
/// `pthread_cond_wait` runs the clock (the queued work, the timers) until it is signalled
/// again, and raises when nothing scheduled can signal it; inside queued work, the wait
/// suspends the work until then (see ``VirtualClock``). The atomic
/// operations do their arithmetic through the pointer and answer what the real ones
/// answer: the new value, or whether a compare and swap swapped. Each takes the address
/// of a variable or an ivar, as the real ones do.
///
/// The thread functions answer for that one thread, the main one: `pthread_self()` is
/// always the same thread (whose `pthread_threadid_np` id is 1), `pthread_main_np()` is 1,
/// and its stack is the main thread's
/// 8 MiB, of which code asking `__builtin_frame_address(0)` sees 4 KiB used. Its
/// thread-specific values (`pthread_key_create`, `pthread_setspecific`,
/// `pthread_getspecific`) are kept by key (``ThreadSpecifics``); a key's destructor would
/// run when a thread exits, which the one thread never does.
enum LockFunctions {
    /// The thread functions and what each takes.
    private static let threadFunctions = [
        "pthread_self": "nothing, as in pthread_self()",
        "pthread_main_np": "nothing, as in pthread_main_np()",
        "pthread_equal": "two threads, as in pthread_equal(pthread_self(), thread)",
        "pthread_get_stacksize_np": "a thread, as in pthread_get_stacksize_np(pthread_self())",
        "pthread_get_stackaddr_np": "a thread, as in pthread_get_stackaddr_np(pthread_self())",
        "__builtin_frame_address": "a frame level, as in __builtin_frame_address(0)",
        "pthread_threadid_np": "a thread (or NULL for this one) and a pointer to the id, as in pthread_threadid_np(NULL, &threadID)",
        "qos_class_self": "nothing, as in qos_class_self()",
        "qos_class_main": "nothing, as in qos_class_main()",
        // A fence orders nothing on one thread.
        "OSMemoryBarrier": "nothing, as in OSMemoryBarrier()",
        "atomic_thread_fence": "a memory order, as in atomic_thread_fence(memory_order_seq_cst)",
        "atomic_signal_fence": "a memory order, as in atomic_signal_fence(memory_order_seq_cst)",
        "__sync_synchronize": "nothing, as in __sync_synchronize()",
        "pthread_key_create": "a pointer to the key and a destructor (or NULL), as in pthread_key_create(&key, NULL)",
        "pthread_key_delete": "a key, as in pthread_key_delete(key)",
        "pthread_setspecific": "a key and a value, as in pthread_setspecific(key, (__bridge void *)value)",
        "pthread_getspecific": "a key, as in pthread_getspecific(key)",
    ]

    /// `EINVAL`: what the thread-specific functions answer for a key that was never made.
    private static let invalidArgument = 22

    /// C11's <stdatomic.h> operations (and their `_explicit` forms, whose memory orders
    /// change nothing on one thread): how many values follow the pointer.
    private static let standardAtomics: [String: Int] = {
        var table = ["atomic_init": 1, "atomic_load": 0, "atomic_store": 1, "atomic_exchange": 1, "atomic_compare_exchange_strong": 2,
                     "atomic_compare_exchange_weak": 2, "atomic_flag_test_and_set": 0, "atomic_flag_clear": 0]
        for operation in ["add", "sub", "or", "xor", "and"] { table["atomic_fetch_\(operation)"] = 1 }
        for (name, count) in table where name != "atomic_init" { table[name + "_explicit"] = count }
        return table
    }()
    /// The one thread's `pthread_t`, an address as the real one is.
    private static let mainThread = 0x1_0000_1000
    /// The main thread's stack: its top (stacks grow down from it) and its size.
    private static let stackTop = 0x7ff7_bfc0_0000, stackSize = 8 << 20

    private static let lockFunctions = [
        "pthread_mutex_init", "pthread_mutex_lock", "pthread_mutex_unlock", "pthread_mutex_trylock", "pthread_mutex_destroy",
        "pthread_mutexattr_init", "pthread_mutexattr_settype", "pthread_mutexattr_destroy",
        "pthread_cond_init", "pthread_cond_signal", "pthread_cond_broadcast", "pthread_cond_wait", "pthread_cond_destroy",
        "pthread_rwlock_init", "pthread_rwlock_rdlock", "pthread_rwlock_wrlock", "pthread_rwlock_unlock", "pthread_rwlock_tryrdlock",
        "pthread_rwlock_trywrlock", "pthread_rwlock_destroy",
        "os_unfair_lock_lock", "os_unfair_lock_unlock", "os_unfair_lock_trylock", "os_unfair_lock_assert_owner", "os_unfair_lock_assert_not_owner",
        "OSSpinLockLock", "OSSpinLockUnlock", "OSSpinLockTry",
    ]

    /// The atomic operations: how many arguments come before the pointer, which is last.
    private static let atomicFunctions: [String: Int] = {
        var table: [String: Int] = [:]
        for width in ["32", "64"] {
            for barrier in ["", "Barrier"] {
                table["OSAtomicIncrement\(width)\(barrier)"] = 0
                table["OSAtomicDecrement\(width)\(barrier)"] = 0
                table["OSAtomicAdd\(width)\(barrier)"] = 1
                table["OSAtomicCompareAndSwap\(width)\(barrier)"] = 2
            }
        }
        // The bitwise ones, on 32 bits: the plain form answers the new value, `Orig` the old.
        for operation in ["And", "Or", "Xor"] {
            for form in ["", "Orig"] {
                for barrier in ["", "Barrier"] { table["OSAtomic\(operation)32\(form)\(barrier)"] = 1 }
            }
        }
        for barrier in ["", "Barrier"] {
            table["OSAtomicCompareAndSwapPtr\(barrier)"] = 2
            table["OSAtomicCompareAndSwapInt\(barrier)"] = 2
            table["OSAtomicCompareAndSwapLong\(barrier)"] = 2
        }
        return table
    }()

    /// The functions, sorted.
    static let names = (lockFunctions + atomicFunctions.keys + threadFunctions.keys + standardAtomics.keys).sorted()

    private static let lockNames = Set(lockFunctions)
    /// The lock functions whose second argument is the attributes (or the mutex a condition waits with).
    private static let takingSecond: Set = [
        "pthread_mutex_init", "pthread_rwlock_init", "pthread_mutexattr_settype", "pthread_cond_init", "pthread_cond_wait",
    ]

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], clock: VirtualClock, specifics: ThreadSpecifics, at location: SourceLocation) throws -> Value? {
        if let expected = threadFunctions[name] {
            let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
            switch name {
            case "pthread_key_create":
                try call.expect(2)
                guard let target = try call.pointer(0) else { throw call.mistake }
                target.value = .int(specifics.makeKey())
                return .int(0)
            case "pthread_key_delete":
                try call.expect(1)
                return .int(specifics.deleteKey(try call.integer(0)) ? 0 : invalidArgument)
            case "pthread_setspecific":
                try call.expect(2)
                return .int(specifics.set(call[1], for: try call.integer(0)) ? 0 : invalidArgument)
            case "pthread_getspecific":
                try call.expect(1)
                return specifics.value(for: try call.integer(0))
            case "pthread_self", "pthread_main_np":
                try call.expect(0)
                return .int(name == "pthread_self" ? mainThread : 1)
            case "pthread_equal":
                try call.expect(2)
                return .int(try call.integer(0) == (try call.integer(1)) ? 1 : 0)
            case "OSMemoryBarrier", "__sync_synchronize":
                try call.expect(0)
                return .nil
            case "atomic_thread_fence", "atomic_signal_fence":
                try call.expect(1)
                _ = try call.integer(0)
                return .nil
            case "qos_class_self", "qos_class_main":
                // QOS_CLASS_USER_INTERACTIVE: the main thread's.
                try call.expect(0)
                return .int(0x21)
            case "pthread_threadid_np":
                // The one thread's system-wide id is 1.
                try call.expect(2)
                let thread = call[0] == .nil ? mainThread : try call.integer(0)
                guard thread == mainThread, let target = try call.pointer(1) else { throw call.mistake }
                target.value = .int(1)
                return .int(0)
            case "__builtin_frame_address":
                try call.expect(1)
                return .int(stackTop - 4096 * (try call.integer(0) + 1))
            default:
                try call.expect(1)
                guard try call.integer(0) == mainThread else { throw call.mistake }
                return .int(name == "pthread_get_stacksize_np" ? stackSize : stackTop)
            }
        }
        if lockNames.contains(name) {
            let takesSecond = takingSecond.contains(name)
            let expected = switch name {
            case "pthread_cond_wait": "a pointer to the condition and one to its mutex, as in pthread_cond_wait(&_condition, &_lock)"
            case "pthread_mutexattr_settype": "a pointer to the attributes and a type, as in pthread_mutexattr_settype(&attributes, PTHREAD_MUTEX_RECURSIVE)"
            case _ where name.hasPrefix("pthread_mutexattr"): "a pointer to the attributes, as in \(name)(&attributes)"
            case _ where name.hasPrefix("pthread_cond"): takesSecond
                ? "a pointer to the condition and its attributes (or NULL), as in \(name)(&_condition, NULL)"
                : "a pointer to the condition, as in \(name)(&_condition)"
            case _ where takesSecond: "a pointer to the lock and its attributes (or NULL), as in \(name)(&_lock, &attributes)"
            default: "a pointer to the lock, as in \(name)(&_lock)"
            }
            let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
            try call.expect(takesSecond ? 2 : 1)
            guard let target = try call.pointer(0) else { throw call.mistake }
            if name.hasPrefix("pthread_cond") { return try condition(name, target, call, clock: clock) }
            // A trylock succeeds: true for the Boolean ones, 0 (no error) for pthread's.
            return name == "os_unfair_lock_trylock" || name == "OSSpinLockTry" ? .bool(true) : name.hasPrefix("pthread") ? .int(0) : .nil
        }
        if let values = standardAtomics[name] { return try standardAtomic(name, values: values, arguments, at: location) }
        guard let leading = atomicFunctions[name] else { return nil }
        let example = leading == 0 ? "\(name)(&_count)" : leading == 1 ? "\(name)(5, &_count)" : "\(name)(0, 1, &_flag)"
        let call = FunctionCall(
            function: name, arguments: arguments,
            expected: leading == 0 ? "a pointer to the integer, as in \(example)" : "\(leading == 1 ? "an amount" : "the expected and the new value") and a pointer, as in \(example)",
            location: location)
        try call.expect(leading + 1)
        guard let target = try call.pointer(leading) else { throw call.mistake }
        if leading == 2 {
            guard target.value.isEqual(to: call[0]) || (target.value == .nil && call[0] == .int(0)) else { return .bool(false) }
            target.value = call[1]
            return .bool(true)
        }
        let is32 = name.contains("32")
        let current = target.value.intValue ?? 0
        if let operation = ["And", "Or", "Xor"].first(where: { name.hasPrefix("OSAtomic\($0)32") }) {
            let mask = try call.integer(0)
            let result = operation == "And" ? current & mask : operation == "Or" ? current | mask : current ^ mask
            let updated = Int(Int32(truncatingIfNeeded: result))
            target.value = .int(updated)
            return .int(name.contains("Orig") ? Int(Int32(truncatingIfNeeded: current)) : updated)
        }
        let delta = name.contains("Increment") ? 1 : name.contains("Decrement") ? -1 : try call.integer(0)
        // The 32-bit ones wrap as an int32_t does.
        let updated = is32 ? Int(Int32(truncatingIfNeeded: current &+ delta)) : current &+ delta
        target.value = .int(updated)
        return .int(updated)
    }

    /// A condition variable's function on the condition `target` points at, which holds
    /// how often it was signalled.
    private static func condition(_ name: String, _ target: Reference, _ call: FunctionCall, clock: VirtualClock) throws -> Value {
        let signals = target.value.intValue ?? 0
        switch name {
        case "pthread_cond_init": target.value = .int(0)
        case "pthread_cond_signal", "pthread_cond_broadcast": target.value = .int(signals + 1)
        case "pthread_cond_wait":
            // The mutex is given up while waiting, and the model's locks are always free.
            try DispatchFunctions.waitForever(call, until: { (target.value.intValue ?? 0) != signals }, what: "the condition to be signalled", clock: clock)
        default: break
        }
        return .int(0)
    }

    /// One of <stdatomic.h>'s operations on the variable its first argument points at; the
    /// memory orders of the `_explicit` forms, after the values, are read and ignored.
    private static func standardAtomic(_ name: String, values: Int, _ arguments: [Value], at location: SourceLocation) throws -> Value {
        let base = name.hasSuffix("_explicit") ? String(name.dropLast("_explicit".count)) : name
        let orders = name.hasSuffix("_explicit") ? (base.hasPrefix("atomic_compare_exchange") ? 2 : 1) : 0
        let example = values == 0 ? "\(name)(&_count)" : values == 1 ? "\(name)(&_count, 1)" : "\(name)(&_count, &expected, 1)"
        let call = FunctionCall(function: name, arguments: arguments, expected: "a pointer to the variable and \(values) value(s), as in \(example)", location: location)
        try call.expect(1 + values + orders)
        guard let target = try call.pointer(0) else { throw call.mistake }
        let old = target.value
        switch base {
        case "atomic_load":
            return old
        case "atomic_init", "atomic_store":
            target.value = call[1]
            return .nil
        case "atomic_exchange":
            target.value = call[1]
            return old
        case "atomic_flag_test_and_set":
            target.value = .bool(true)
            return .bool(old.isTruthy)
        case "atomic_flag_clear":
            target.value = .bool(false)
            return .nil
        case "atomic_compare_exchange_strong", "atomic_compare_exchange_weak":
            // Swaps when the variable holds what `expected` points at; otherwise writes what
            // it holds there, as C's does.
            guard let expected = try call.pointer(1) else { throw call.mistake }
            guard old.isEqual(to: expected.value) else {
                expected.value = old
                return .bool(false)
            }
            target.value = call[2]
            return .bool(true)
        default:
            let (current, operand) = (old.intValue ?? 0, try call.integer(1))
            let updated = switch base {
            case "atomic_fetch_add": current &+ operand
            case "atomic_fetch_sub": current &- operand
            case "atomic_fetch_or": current | operand
            case "atomic_fetch_xor": current ^ operand
            default: current & operand
            }
            target.value = .int(updated)
            return .int(current)
        }
    }
}
