import Runtime
import Synchronization

/// The objects whose address code took as an integer (`(uintptr_t)self`,
/// `(unsigned long)CFBridgingRetain(sequence)`), by the number it got, so that casting the
/// number back to a pointer (`(__bridge id)(void *)state->state`) finds the object again
/// while it lives, as C's round trip does. Objects are held weakly: taking an address
/// keeps nothing alive.
final class ObjectAddresses: Sendable {
    private final class Entry: @unchecked Sendable {
        // @unchecked: read and written under the table's lock; Swift loads a weak reference atomically.
        weak var object: Object?
        init(_ object: Object) { self.object = object }
    }

    private let table = Mutex<[Int: Entry]>([:])

    /// Notes that `object`'s address was read as `number`.
    func remember(_ object: Object, as number: Int) {
        table.withLock { table in
            if table[number]?.object === object { return }
            // Entries of objects gone are dropped as the table doubles, so it cannot grow without end.
            if table.count >= 64, table.count.isPowerOf2 { table = table.filter { $0.value.object != nil } }
            table[number] = Entry(object)
        }
    }

    /// The live object whose address read as `number`, if any.
    func object(at number: Int) -> Object? {
        table.withLock { $0[number]?.object }
    }
}

private extension Int {
    var isPowerOf2: Bool { self > 0 && self & (self - 1) == 0 }
}
