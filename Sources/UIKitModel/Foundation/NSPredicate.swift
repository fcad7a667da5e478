import Runtime

extension ClassLibrary {
    /// `NSPredicate` and `NSCompoundPredicate`: a test of an object, made from a format
    /// string (``PredicateParser``), a block or a constant, and the collections' filters
    /// (`filteredArrayUsingPredicate:`, `filterUsingPredicate:`, `filteredSetUsingPredicate:`).
    /// A predicate keeps its test as a block (`_test`, taking the object and the
    /// substitution variables, a dictionary or nil, and answering BOOL) and its format,
    /// which `-predicateFormat` and `-description` answer.
    static func defineNSPredicate(in runtime: Runtime, root: Class) throws {
        @Sendable func make(_ m: borrowing Message, format: String, test: @escaping @Sendable (Value, Predicate.Bindings, Int) throws -> Bool) throws -> Value {
            let predicate = try m.runtime.createInstance(of: try m.receiverClass())
            try m.runtime.setIvar("_format", of: predicate, to: .string(format))
            try m.runtime.setIvar("_test", of: predicate, to: .block(Block(parameterCount: 2, body: { arguments, depth in
                .bool(try test(arguments[0], arguments.count > 1 ? Self.bindings(arguments[1]) : [:], depth))
            })))
            return .object(predicate)
        }
        @Sendable func parsed(_ m: borrowing Message, _ format: String, _ arguments: [Value]) throws -> Value {
            let predicate: Predicate
            do { predicate = try PredicateParser.parse(format, arguments: arguments) } catch {
                throw ClassLibraryError.invalidArgument(method: m.methodName, reason: error.description)
            }
            let runtime = m.runtime
            return try make(m, format: predicate.description) { object, bindings, depth in
                try predicate.evaluate(object, bindings: bindings, in: runtime, nestedAt: depth)
            }
        }
        let predicateClass = try runtime.registerLazyClass(named: "NSPredicate", superclass: root) { c in
            try c.addIvar("_format", type: .object(className: "NSString"))
            try c.addIvar("_test", type: .block)
            try c.addClassMethod("predicateWithFormat:", types: "@@:@", variadic: true) { m in
                try parsed(m, try m.stringArgument(0), Array(m.arguments.dropFirst()))
            }
            try c.addClassMethod("predicateWithFormat:argumentArray:", types: "@@:@@") { m in
                try parsed(m, try m.stringArgument(0), try m.arrayArgument(1, acceptingNil: true))
            }
            try c.addClassMethod("predicateWithValue:", types: "@@:B") { m in
                let value = m[0].isTruthy
                return try make(m, format: value ? "TRUEPREDICATE" : "FALSEPREDICATE") { _, _, _ in value }
            }
            // The block takes the object and the substitution variables.
            try c.addClassMethod("predicateWithBlock:", types: "@@:@?") { m in
                guard let block = try m.blockArgument(0) else { throw m.wrongArgument(0, expected: "a block, as in ^BOOL(id object, NSDictionary *bindings) { ... }") }
                return try make(m, format: "BLOCKPREDICATE(\(block))") { object, bindings, depth in
                    try block.call(Arguments(block.parameterCount == 1 ? [object] : [object, Predicate.value(of: bindings)]), nestedAt: depth).isTruthy
                }
            }
            try c.addMethod("evaluateWithObject:", types: "B@:@") { m in .bool(try test(m)(m[0], [:], m.depth + 1)) }
            try c.addMethod("evaluateWithObject:substitutionVariables:", types: "B@:@@") { m in
                .bool(try test(m)(m[0], Self.bindings(m[1]), m.depth + 1))
            }
            // The variables given now, then the ones evaluation gives for any others.
            try c.addMethod("predicateWithSubstitutionVariables:", types: "@@:@") { m in
                let (inner, given) = (try test(m), Self.bindings(m[0]))
                let made = try m.runtime.createInstance(of: m.receiver.isa)
                try m.runtime.setIvar("_format", of: made, to: try m.ivar("_format"))
                try m.runtime.setIvar("_test", of: made, to: .block(Block(parameterCount: 2, body: { arguments, depth in
                    .bool(try inner(arguments[0], given.merging(arguments.count > 1 ? Self.bindings(arguments[1]) : [:]) { first, _ in first }, depth))
                })))
                return .object(made)
            }
            // A predicate is immutable: a copy is the predicate itself, as Foundation's is.
            for (name, types) in [("copy", "@@:"), ("copyWithZone:", "@@:^v")] {
                try c.addMethod(name, types: types) { m in .object(m.receiver) }
            }
            try c.addMethod("predicateFormat", types: "@@:") { m in try m.ivar("_format") }
            try c.addMethod("description", types: "@@:") { m in try m.ivar("_format") }
        }
        // `[NSCompoundPredicate andPredicateWithSubpredicates:@[a, b]]` and its OR and NOT.
        try runtime.registerLazyClass(named: "NSCompoundPredicate", superclass: predicateClass) { c in
            for (name, word) in [("andPredicateWithSubpredicates:", "AND"), ("orPredicateWithSubpredicates:", "OR")] {
                try c.addClassMethod(name, types: "@@:@") { m in
                    let parts = try m.arrayArgument(0).map { part in
                        guard let object = part.object, object.isKind(of: predicateClass) else { throw m.wrongArgument(0, expected: "an array of NSPredicates") }
                        return object
                    }
                    let runtime = m.runtime
                    let tests = try parts.map { part -> Block in
                        guard case .block(let block) = try runtime.ivarValue("_test", of: part) else { throw m.wrongArgument(0, expected: "an array of NSPredicates") }
                        return block
                    }
                    let format = try parts.map { "(" + (try runtime.ivarValue("_format", of: $0).text ?? "") + ")" }.joined(separator: " \(word) ")
                    return try make(m, format: format) { object, bindings, depth in
                        let arguments = Arguments(object, Predicate.value(of: bindings))
                        return word == "AND"
                            ? try tests.allSatisfy { try $0.call(arguments, nestedAt: depth).isTruthy }
                            : try tests.contains { try $0.call(arguments, nestedAt: depth).isTruthy }
                    }
                }
            }
            try c.addClassMethod("notPredicateWithSubpredicate:", types: "@@:@") { m in
                guard let part = m[0].object, part.isKind(of: predicateClass), case .block(let inner) = try m.runtime.ivarValue("_test", of: part) else {
                    throw m.wrongArgument(0, expected: "an NSPredicate")
                }
                let format = "NOT (" + (try m.runtime.ivarValue("_format", of: part).text ?? "") + ")"
                return try make(m, format: format) { object, bindings, depth in
                    try !inner.call(Arguments(object, Predicate.value(of: bindings)), nestedAt: depth).isTruthy
                }
            }
        }
        try runtime.extendDefinition(of: try runtime.requireClass(named: "NSArray")) { c in
            try c.addMethod("filteredArrayUsingPredicate:", types: "@@:@") { m in
                .array(try filtered(m.receiverValue.arrayElements, by: m))
            }
        }
        try runtime.extendDefinition(of: try runtime.requireClass(named: "NSMutableArray")) { c in
            try c.addMethod("filterUsingPredicate:", types: "v@:@") { m in
                let kept = try filtered(m.receiverValue.arrayElements, by: m)
                return try m.send(try m.runtime.selector("setArray:"), to: m.receiver, Arguments(.array(kept)))
            }
        }
        try runtime.extendDefinition(of: try runtime.requireClass(named: "NSSet")) { c in
            try c.addMethod("filteredSetUsingPredicate:", types: "@@:@") { m in
                let kept = try filtered(try m.send(try m.runtime.selector("allObjects"), to: m.receiver).arrayElements, by: m)
                return try m.send(try m.runtime.selector("setWithArray:"), to: try m.runtime.requireClass(named: "NSSet"), Arguments(.array(kept)))
            }
        }
    }

    /// The receiving predicate's test.
    private static func test(_ m: borrowing Message) throws -> @Sendable (Value, Predicate.Bindings, Int) throws -> Bool {
        guard case .block(let block) = try m.ivar("_test") else { return { _, _, _ in false } }
        return { object, bindings, depth in try block.call(Arguments(object, Predicate.value(of: bindings)), nestedAt: depth).isTruthy }
    }

    /// Substitution variables as a predicate reads them: a dictionary's string keys.
    private static func bindings(_ value: Value) -> Predicate.Bindings {
        guard case .dictionary(let entries) = value else { return [:] }
        return Dictionary(entries.compactMap { key, value in key.text.map { ($0, value) } }) { first, _ in first }
    }


    /// The elements the predicate passed as argument 0 accepts, in order.
    private static func filtered(_ elements: [Value], by m: borrowing Message) throws -> [Value] {
        guard let predicate = m[0].object, let predicateClass = m.runtime.class(named: "NSPredicate"), predicate.isKind(of: predicateClass),
              case .block(let block) = try m.runtime.ivarValue("_test", of: predicate) else {
            throw m.wrongArgument(0, expected: "an NSPredicate, as in [NSPredicate predicateWithFormat:@\"age > 18\"]")
        }
        return try elements.filter { try block.call(Arguments($0, .nil), nestedAt: m.depth + 1).isTruthy }
    }
}
