import Runtime

/// Variables in scope: a method's parameters and locals, or the session's variables.
final class Environment: @unchecked Sendable {
    private var slots: [String: Frame.Slot] = [:]
    /// The names here declared as objects (`id value`, `NSNumber *count`): a test of their
    /// truth asks whether they hold an object (see ``Expression/holdsObject(_:)``).
    private var objects: Set<String> = []
    private let parent: Environment?

    init(parent: Environment? = nil) {
        self.parent = parent
    }

    func lookUp(_ name: String) -> Value? {
        slots[name]?.value ?? parent?.lookUp(name)
    }

    /// Whether `name` is declared here or in an enclosing scope.
    func declares(_ name: String) -> Bool {
        slots[name] != nil || parent?.declares(name) == true
    }

    /// Whether the variable `name` seen from here was declared as an object.
    func holdsObject(_ name: String) -> Bool {
        slots[name] != nil ? objects.contains(name) : parent?.holdsObject(name) == true
    }

    /// Declares `name` here, hiding any outer one.
    func define(_ name: String, _ value: Value, holdsObject: Bool = false) {
        slots[name] = .value(value)
        note(name, holdsObject: holdsObject)
    }

    /// Declares `name` here as a `static`: reads and writes go to `storage`.
    func defineStatic(_ name: String, _ storage: StaticStorage, holdsObject: Bool = false) {
        slots[name] = .static(storage)
        note(name, holdsObject: holdsObject)
    }

    private func note(_ name: String, holdsObject: Bool) {
        if holdsObject { objects.insert(name) } else { objects.remove(name) }
    }

    /// Assigns an existing variable where it lives, or declares it here.
    func assign(_ name: String, _ value: Value) {
        switch slots[name] {
        case .static(let storage)?:
            storage.set(value)
        case .value?:
            slots[name] = .value(value)
        case .referenced(let reference)?:
            reference.value = value
        case .weak(let variable)?:
            variable.assign(value)
        case nil:
            if let parent, parent.declares(name) {
                parent.assign(name, value)
            } else {
                slots[name] = .value(value)
            }
        }
    }

    /// The C function `name` names, if it names one here or in an enclosing scope.
    func function(named name: String) -> Value? {
        switch slots[name] {
        case .static(let storage)? where storage.isFunction: storage.value
        case nil: parent?.function(named: name)
        default: nil
        }
    }

    /// A pointer to the variable `name` where it lives (`&name`): from now on the variable's
    /// value is the pointer's (a `static`'s is the one every call shares). Nil when no
    /// scope declares `name`.
    func reference(to name: String) -> Reference? {
        switch slots[name] {
        case .referenced(let reference)?:
            return reference
        case .value?, .weak?:
            let reference = Reference(slots[name]?.value ?? .nil)
            slots[name] = .referenced(reference)
            return reference
        case .static(let storage)?:
            return storage.reference
        case nil:
            return parent?.reference(to: name)
        }
    }

    func remove(_ name: String) {
        slots[name] = nil
        objects.remove(name)
    }

    func removeAll() {
        slots.removeAll()
        objects.removeAll()
    }

    /// Every variable visible here, sorted by name.
    var all: [(name: String, value: Value)] {
        var merged = parent.map { Dictionary(uniqueKeysWithValues: $0.all.map { ($0.name, $0.value) }) } ?? [:]
        merged.merge(slots.mapValues(\.value)) { _, inner in inner }
        return merged.map { (name: $0.key, value: $0.value) }.sorted { $0.name < $1.name }
    }
}
