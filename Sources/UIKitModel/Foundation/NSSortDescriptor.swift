import Runtime

extension ClassLibrary {
    /// `NSSortDescriptor`: a key path, a direction, and a comparison (a selector, `compare:`
    /// by default, or a comparator block), as `sortedArrayUsingDescriptors:` and
    /// `sortUsingDescriptors:` apply them: by the first descriptor, then the next on a tie.
    /// A nil key compares the elements themselves; nil sorts before any object.
    static func defineNSSortDescriptor(in runtime: Runtime, root: Class) throws {
        let compare = try runtime.selector("compare:")
        let initialize = try runtime.selector("initWithKey:ascending:selector:")
        // Interned here: the class's definition, kept until its first use, must not hold the runtime.
        let factories = try [
            ("sortDescriptorWithKey:ascending:", "initWithKey:ascending:"),
            ("sortDescriptorWithKey:ascending:selector:", "initWithKey:ascending:selector:"),
            ("sortDescriptorWithKey:ascending:comparator:", "initWithKey:ascending:comparator:"),
        ].map { factory, initializer in (factory, try runtime.selector(initializer)) }
        try runtime.registerLazyClass(named: "NSSortDescriptor", superclass: root) { c in
            try c.addProperty(Property(name: "key", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "ascending", type: .bool, attributes: [.readOnly]))
            try c.addProperty(Property(name: "selector", type: .selector, attributes: [.readOnly]))
            try c.addProperty(Property(name: "comparator", type: .block, attributes: [.readOnly, .copy]))
            @Sendable func make(_ m: borrowing Message, selector: Value, comparator: Value) throws -> Value {
                switch m[0] {
                case .nil, .string: break
                default: throw m.wrongArgument(0, expected: "a key path string or nil")
                }
                guard case .selector = selector else { throw m.wrongArgument(2, expected: "a comparison selector such as @selector(compare:)") }
                try m.setIvar("_key", m[0])
                try m.setIvar("_ascending", .bool(m[1].isTruthy))
                try m.setIvar("_selector", selector)
                try m.setIvar("_comparator", comparator)
                return .object(m.receiver)
            }
            try c.addMethod("initWithKey:ascending:", types: "@@:@B") { m in try make(m, selector: .selector(compare), comparator: .nil) }
            try c.addMethod("initWithKey:ascending:selector:", types: "@@:@B:") { m in
                try make(m, selector: m[2] == .nil ? .selector(compare) : m[2], comparator: .nil)
            }
            try c.addMethod("initWithKey:ascending:comparator:", types: "@@:@B@?") { m in
                guard case .block = m[2] else { throw m.wrongArgument(2, expected: "a comparator block") }
                return try make(m, selector: .selector(compare), comparator: m[2])
            }
            for (factory, made) in factories {
                try c.addClassMethod(factory, types: factory.hasSuffix("comparator:") ? "@@:@B@?" : factory.hasSuffix("selector:") ? "@@:@B:" : "@@:@B") { m in
                    try m.allocInit(made, m.arguments)
                }
            }
            try c.addMethod("reversedSortDescriptor", types: "@@:") { m in
                let reversed = try m.make(m.receiver.isa.name, initialize, Arguments([try m.ivar("_key"), .bool(!(try m.ivar("_ascending").isTruthy)), try m.ivar("_selector")]))
                if let object = reversed.object { try m.runtime.setIvar("_comparator", of: object, to: try m.ivar("_comparator")) }
                return reversed
            }
            try c.addMethod("compareObject:toObject:", types: "q@:@@") { m in
                .int(try order(m[0], m[1], by: [.object(m.receiver)], m))
            }
        }
    }

    /// How `a` and `b` compare under `descriptors` (NSComparisonResult: -1, 0 or 1).
    static func order(_ a: Value, _ b: Value, by descriptors: [Value], _ m: borrowing Message) throws -> Int {
        let runtime = m.runtime, depth = m.depth + 1
        let valueForKeyPath = try runtime.selector("valueForKeyPath:"), descriptorClass = try runtime.requireClass(named: "NSSortDescriptor")
        for descriptor in descriptors {
            guard let object = descriptor.object, object.isKind(of: descriptorClass) else {
                throw m.wrongArgument(0, expected: "an array of NSSortDescriptors")
            }
            let key = try runtime.ivarValue("_key", of: object)
            @Sendable func value(_ element: Value) throws -> Value {
                guard key != .nil, element != .nil else { return element }
                return try runtime.send(valueForKeyPath, toValue: element, [key], nestedAt: depth)
            }
            let (x, y) = (try value(a), try value(b))
            var result: Int
            switch (x, y) {
            case (.nil, .nil): result = 0
            case (.nil, _): result = -1
            case (_, .nil): result = 1
            default:
                if case .block(let comparator) = try runtime.ivarValue("_comparator", of: object) {
                    result = try comparator.call([x, y], nestedAt: depth).intValue ?? 0
                } else {
                    guard case .selector(let selector) = try runtime.ivarValue("_selector", of: object) else { continue }
                    result = try runtime.send(selector, toValue: x, [y], nestedAt: depth).intValue ?? 0
                }
            }
            if !(try runtime.ivarValue("_ascending", of: object).isTruthy) { result = -result }
            if result != 0 { return result.signum() }
        }
        return 0
    }

    /// The elements ordered by argument 0, an array of sort descriptors.
    static func sorted(_ elements: [Value], byDescriptorsOf m: borrowing Message) throws -> [Value] {
        let descriptors = try m.arrayArgument(0, acceptingNil: true)
        return try stableSorted(elements) { a, b in try order(a, b, by: descriptors, m) }
    }
}
