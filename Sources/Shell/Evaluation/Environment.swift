import Runtime

/// Variables in scope: a method's parameters and locals, or the session's variables.
final class Environment: @unchecked Sendable {
    private var values: [String: Value] = [:]
    private let parent: Environment?

    init(parent: Environment? = nil) {
        self.parent = parent
    }

    func lookUp(_ name: String) -> Value? {
        values[name] ?? parent?.lookUp(name)
    }

    /// Declares `name` here, hiding any outer one.
    func define(_ name: String, _ value: Value) {
        values[name] = value
    }

    /// Assigns an existing variable where it lives, or declares it here.
    func assign(_ name: String, _ value: Value) {
        if values[name] == nil, let parent, parent.lookUp(name) != nil {
            parent.assign(name, value)
        } else {
            values[name] = value
        }
    }

    func remove(_ name: String) { values[name] = nil }
    func removeAll() { values.removeAll() }

    /// Every variable visible here, sorted by name.
    var all: [(name: String, value: Value)] {
        var merged = parent.map { Dictionary(uniqueKeysWithValues: $0.all.map { ($0.name, $0.value) }) } ?? [:]
        merged.merge(values) { _, inner in inner }
        return merged.map { (name: $0.key, value: $0.value) }.sorted { $0.name < $1.name }
    }
}
