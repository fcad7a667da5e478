import Runtime

/// The local variables of one run of a method, a function, a block or a statement at the
/// prompt, each in the slot the ``Binder`` gave it.
///
/// A frame belongs to the one run that made it, on that run's thread; blocks copy what
/// they capture out of it when they are made, so no frame is shared between threads.
final class Frame {
    /// A variable's storage, in a frame's slot or under a name in an ``Environment``.
    enum Slot: Sendable {
        case value(Value)
        /// A `static`: its storage lives as long as its code, shared by every run.
        case `static`(StaticStorage)
        /// A `__block` variable, or one whose address was taken (`&error`): reads and
        /// writes go through the reference, which blocks and pointers share.
        case referenced(Reference)

        var value: Value {
            switch self {
            case .value(let value): value
            case .static(let storage): storage.value ?? .nil
            case .referenced(let reference): reference.value
            }
        }
    }

    private var slots: [Slot]

    init(size: Int) {
        slots = Array(repeating: .value(.nil), count: size)
    }

    /// Makes room for code that needs `size` slots (statements at the prompt share one frame).
    func reserve(_ size: Int) {
        if size > slots.count { slots += Array(repeating: .value(.nil), count: size - slots.count) }
    }

    subscript(slot: Int) -> Value { slots[slot].value }

    /// A variable's storage as it is, for a block that shares it.
    func storage(at slot: Int) -> Slot { slots[slot] }

    /// Starts a variable's life: a fresh value, or (for `__block`) a fresh shared one.
    func declare(_ value: Value, at slot: Int, shared: Bool = false) {
        slots[slot] = shared ? .referenced(Reference(value)) : .value(value)
    }

    /// Puts storage in place as it is: a `static`'s, or one a block captured.
    func place(_ storage: Slot, at slot: Int) {
        slots[slot] = storage
    }

    /// Assigns a variable where its storage is.
    func set(_ value: Value, at slot: Int) {
        switch slots[slot] {
        case .value: slots[slot] = .value(value)
        case .static(let storage): storage.set(value)
        case .referenced(let reference): reference.value = value
        }
    }

    /// A pointer to the variable (`&name`): from now on its value is the pointer's. A
    /// `static`'s is the one every run shares.
    func reference(at slot: Int) -> Reference {
        switch slots[slot] {
        case .value(let value):
            let reference = Reference(value)
            slots[slot] = .referenced(reference)
            return reference
        case .referenced(let reference): return reference
        case .static(let storage): return storage.reference
        }
    }
}
