import Runtime

/// A spec as Specta's and Quick's DSL declares it: groups (`describe`, `context`) holding
/// examples (`it`) and hooks, in the order written.
struct SpecGroup: Sendable {
    /// An example or a nested group, in the order written.
    indirect enum Child: Sendable {
        case group(SpecGroup)
        case example(SpecExample)
    }

    var name: String
    var isFocused = false
    var isPending = false
    var children: [Child] = []
    /// Kiwi's `let`s: each sets its variable before each example, before any `beforeEach`.
    var lets: [SpecLet] = []
    var beforeEach: [Block] = []
    var afterEach: [Block] = []
    var beforeAll: [Block] = []
    var afterAll: [Block] = []

    init(name: String, isFocused: Bool = false, isPending: Bool = false) {
        self.name = name
        self.isFocused = isFocused
        self.isPending = isPending
    }

    /// The examples with what runs around each, in the order written: a test each.
    /// `beforeAll` runs before a group's first example that runs and `afterAll` after its
    /// last. When any example is focused (`fit`, or in an `fdescribe`), only focused ones
    /// are listed.
    func flattened() -> [SpecRun] {
        var runs: [SpecRun] = []
        // Each group's once-hooks, by its number: depth-first, so an inner group's is higher.
        var onceHooks: [(before: [Block], after: [Block])] = []
        func visit(
            _ group: SpecGroup, path: [String], lets: [SpecLet], befores: [Block], afters: [Block], focused: Bool, pending: Bool, groups: [Int]
        ) {
            let groups = groups + [onceHooks.count]
            onceHooks.append((group.beforeAll, group.afterAll))
            let path = group.name.isEmpty ? path : path + [group.name]
            let lets = lets + group.lets, befores = befores + group.beforeEach, afters = group.afterEach + afters
            let focused = focused || group.isFocused, pending = pending || group.isPending
            for child in group.children {
                switch child {
                case .group(let inner):
                    visit(inner, path: path, lets: lets, befores: befores, afters: afters, focused: focused, pending: pending, groups: groups)
                case .example(let example):
                    runs.append(SpecRun(
                        path: path + [example.name], example: example, beforeEach: (lets.isEmpty ? [] : [SpecLet.evaluating(lets)]) + befores, afterEach: afters,
                        isFocused: focused || example.isFocused, isPending: pending || example.isPending || example.block == nil, groups: groups))
                }
            }
        }
        visit(self, path: [], lets: [], befores: [], afters: [], focused: false, pending: false, groups: [])
        if runs.contains(where: \.isFocused) { runs.removeAll { !$0.isFocused } }
        var started: Set<Int> = [], last: [Int: Int] = [:]
        for (index, run) in runs.enumerated() where !run.isPending {
            for group in run.groups where started.insert(group).inserted { runs[index].beforeAll += onceHooks[group].before }
            for group in run.groups { last[group] = index }
        }
        // Innermost first: a deeper group has a higher number.
        for (group, index) in last.sorted(by: { $0.key > $1.key }) { runs[index].afterAll += onceHooks[group].after }
        return runs
    }
}

/// Kiwi's `let(name, ^{ ... })`: the variable's name, what sets the variable the macro
/// declared, and the block that answers its value (none for `let(name, nil)`).
struct SpecLet: Sendable {
    let name: String
    let setter: Block
    let value: Block?

    /// What sets an example's `let`s (`lets`, outermost first) before its `beforeEach` hooks,
    /// as Kiwi does: each name in the order it was first declared, with the value of its
    /// innermost definition, stored in every variable of that name, so that an outer
    /// `let` reading a name an inner context defines again reads the inner value.
    static func evaluating(_ lets: [SpecLet]) -> Block {
        var order: [String] = [], innermost: [String: SpecLet] = [:], setters: [String: [Block]] = [:]
        for declared in lets {
            if innermost[declared.name] == nil { order.append(declared.name) }
            innermost[declared.name] = declared
            setters[declared.name, default: []].append(declared.setter)
        }
        return Block(parameterCount: 0) { [order, innermost, setters] _, depth in
            for name in order {
                let value = try innermost[name]?.value?.call(Arguments(), nestedAt: depth) ?? .nil
                for setter in setters[name] ?? [] { _ = try setter.call(Arguments(value), nestedAt: depth) }
            }
            return .nil
        }
    }
}

/// One `it`: its name, its block (nil for a pending one written without), and where.
struct SpecExample: Sendable {
    let name: String
    let block: Block?
    let file: String?
    let line: Int
    var isFocused = false
    var isPending = false
}

/// An example as it runs: its group's hooks around it, outermost `beforeEach` first (after
/// every `let`, outermost first) and innermost `afterEach` first.
struct SpecRun: Sendable {
    /// The names of its groups and its own, outermost first.
    let path: [String]
    let example: SpecExample
    let beforeEach: [Block]
    let afterEach: [Block]
    let isFocused: Bool
    let isPending: Bool
    /// The groups it is in, by number, outermost first.
    let groups: [Int]
    /// The `beforeAll` hooks of the groups it is the first example of, outermost first.
    var beforeAll: [Block] = []
    /// The `afterAll` hooks of the groups it is the last example of, innermost first.
    var afterAll: [Block] = []

    /// Its test's name, as a selector: the path's words joined by underscores, each
    /// character that cannot be in a selector an underscore too.
    var selectorName: String {
        let words = path.map { part in
            String(part.unicodeScalars.map { scalar in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? Character(scalar) : "_"
            })
        }
        let joined = words.joined(separator: "_")
        guard let first = joined.unicodeScalars.first, !("0"..."9").contains(first) else { return "test_" + joined }
        return joined
    }
}
