import Runtime

/// The local variables of one run of a method, a function, a block or a statement at the
/// prompt, each in the slot the ``Binder`` gave it.
///
/// A frame belongs to the one run that made it, on that run's thread; blocks copy what
/// they capture out of it when they are made, so no frame is shared between threads.
final class Frame: ManagedBuffer<Frame.Header, Frame.Slot> {
    /// A variable's storage, in a frame's slot or under a name in an ``Environment``.
    enum Slot: Sendable {
        case value(Value)
        /// A `static`: its storage lives as long as its code, shared by every run.
        case `static`(StaticStorage)
        /// A `__block` variable, or one whose address was taken (`&error`): reads and
        /// writes go through the reference, which blocks and pointers share.
        case referenced(Reference)
        /// A `__weak` variable.
        case weak(WeakVariable)

        var value: Value {
            switch self {
            case .value(let value): value
            case .static(let storage): storage.value ?? .nil
            case .referenced(let reference): reference.value
            case .weak(let variable): variable.value
            }
        }
    }

    /// Where the slots are and how many there are. `slots` points into the frame's own
    /// tail until `reserve` grows it into a buffer of its own.
    struct Header {
        var slots: UnsafeMutablePointer<Slot>
        var size: Int
    }

    // The slots live in the frame object itself, after its header, rather than in an array
    // or a buffer of their own: a method's frame is made and dropped on every send, and a
    // second allocation cost as much again as the object's own. Only `reserve` moves the
    // slots out, and only the prompt's frame, which no one reads at the same time, is
    // reserved in. The header is read through `headerPointer`, which no exclusivity check
    // guards.

    /// A frame of `size` slots, each holding nil.
    static func make(size: Int) -> Frame {
        let frame = unsafeDowncast(
            create(minimumCapacity: size) { buffer in
                Header(slots: buffer.withUnsafeMutablePointerToElements { $0 }, size: size)
            }, to: Frame.self)
        frame.headerPointer.pointee.slots.initialize(repeating: .value(.nil), count: size)
        return frame
    }

    deinit {
        let header = headerPointer.pointee
        // One slot at a time: `deinitialize(count:)` of more than one goes through the
        // generic array destroyer, several times slower for the few slots a frame has.
        for slot in 0..<header.size { (header.slots + slot).deinitialize(count: 1) }
        if header.slots != tail { header.slots.deallocate() }
    }

    private var headerPointer: UnsafeMutablePointer<Header> { withUnsafeMutablePointerToHeader { $0 } }
    private var tail: UnsafeMutablePointer<Slot> { withUnsafeMutablePointerToElements { $0 } }
    private var slots: UnsafeMutablePointer<Slot> { headerPointer.pointee.slots }

    /// Empties every slot, for a frame used again by another run of the same code.
    func clear() {
        let header = headerPointer.pointee
        for slot in 0..<header.size { header.slots[slot] = .value(.nil) }
    }

    /// Makes room for code that needs `size` slots (statements at the prompt share one
    /// frame): the slots move to a buffer of their own, leaving the tail uninitialized.
    func reserve(_ size: Int) {
        let header = headerPointer.pointee
        guard size > header.size else { return }
        let grown = UnsafeMutablePointer<Slot>.allocate(capacity: size)
        grown.moveInitialize(from: header.slots, count: header.size)
        (grown + header.size).initialize(repeating: .value(.nil), count: size - header.size)
        if header.slots != tail { header.slots.deallocate() }
        headerPointer.pointee = Header(slots: grown, size: size)
    }

    subscript(slot: Int) -> Value { slots[checked(slot)].value }

    /// A variable's storage, for a block that shares it: a `__block`, `static` or `__weak`
    /// one's as it is; a plain one's made shared now, as taking its address makes it (a
    /// block run in place of an expression shares every variable it uses).
    func sharedStorage(at slot: Int) -> Slot {
        if case .value = slots[checked(slot)] { return .referenced(reference(at: slot)) }
        return slots[slot]
    }

    /// Starts a variable's life: a fresh value, or (for `__block`) a fresh shared one, or
    /// (for `__weak`) one that does not keep its object alive.
    func declare(_ value: Value, at slot: Int, shared: Bool = false, weak: Bool = false) {
        slots[checked(slot)] = shared ? .referenced(Reference(value)) : weak ? .weak(WeakVariable(value)) : .value(value)
    }

    /// Ends the lives of a scope's variables as it closes, letting go of what they held, as
    /// ARC releases them: an object nothing else holds goes now.
    func release(_ scopeSlots: [Int]) {
        for slot in scopeSlots { slots[checked(slot)] = .value(.nil) }
    }

    /// Puts storage in place as it is: a `static`'s, or one a block captured.
    func place(_ storage: Slot, at slot: Int) {
        slots[checked(slot)] = storage
    }

    /// Assigns a variable where its storage is.
    func set(_ value: Value, at slot: Int) {
        switch slots[checked(slot)] {
        case .value: slots[slot] = .value(value)
        case .static(let storage): storage.set(value)
        case .referenced(let reference): reference.value = value
        case .weak(let variable): variable.assign(value)
        }
    }

    /// A pointer to the variable (`&name`): from now on its value is the pointer's. A
    /// `static`'s is the one every run shares.
    func reference(at slot: Int) -> Reference {
        switch slots[checked(slot)] {
        case .value, .weak:
            // A `__weak` one, through a pointer, holds as any variable does.
            let reference = Reference(slots[slot].value)
            slots[slot] = .referenced(reference)
            return reference
        case .referenced(let reference): return reference
        case .static(let storage): return storage.reference
        }
    }

    /// `slot`, once it is known to be inside the frame: the binder gives out no other, and
    /// a mistake there must stop rather than touch memory outside the buffer.
    @inline(__always)
    private func checked(_ slot: Int) -> Int {
        let size = headerPointer.pointee.size
        precondition(slot >= 0 && slot < size, "slot \(slot) outside a frame of \(size)")
        return slot
    }
}
