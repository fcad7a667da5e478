import Runtime

extension ClassLibrary {
    /// `OCMArg` and `OCMConstraint`: the argument constraints OCMock's users write
    /// (`[OCMArg any]`, `[OCMArg checkWithBlock:]`, `[OCMArg setTo:]`, …) and the base class
    /// of their own, whose `-evaluate:` a subclass overrides (the fourth seed article's
    /// `OCMKindOfClassConstraint`), made with `+constraint`.
    func defineOCMArg(root: Class) throws {
        let constraint = try runtime.registerLazyClass(named: "OCMConstraint", superclass: root) { c in
            try c.addIvar("_value", type: .object(className: nil))
            try c.addIvar("_selector", type: .selector)
            try c.addClassMethod("constraint", types: "@@:") { m in try m.allocInit(m.runtime.selector("init")) }
            try c.addClassMethod("constraintWithSelector:onObject:", types: "@@::@") { m in
                try OCMArgument.make("OCMInvocationConstraint", ["_selector": m[0], "_value": m[1]], in: m.runtime)
            }
            // `CONSTRAINTV(@selector(check:against:), x)`: the selector gets the argument and `x`.
            try c.addClassMethod("constraintWithSelector:onObject:withValue:", types: "@@::@@") { m in
                try OCMArgument.make("OCMInvocationConstraint", ["_selector": m[0], "_value": m[1], "_extra": .array([m[2]])], in: m.runtime)
            }
            // The base class accepts nothing: a subclass says what it accepts.
            try c.addMethod("evaluate:", types: "B@:@") { _ in false }
        }
        let evaluations: [(String, @Sendable (borrowing Message, Value) throws -> Bool)] = [
            ("OCMAnyConstraint", { _, _ in true }),
            ("OCMIsNilConstraint", { _, value in value == .nil }),
            ("OCMIsNotNilConstraint", { _, value in value != .nil }),
            ("OCMIsEqualConstraint", { m, value in try m.runtime.isEqual(try m.ivar("_value"), value, nestedAt: m.depth + 1) }),
            ("OCMIsNotEqualConstraint", { m, value in try !m.runtime.isEqual(try m.ivar("_value"), value, nestedAt: m.depth + 1) }),
            ("OCMBlockConstraint", { m, value in
                guard case .block(let block) = try m.ivar("_value") else { return false }
                return try block.call(Arguments(value), nestedAt: m.depth + 1).isTruthy
            }),
            ("OCMInvocationConstraint", { m, value in
                guard case .selector(let selector) = try m.ivar("_selector") else { return false }
                let extra = try m.ivar("_extra").arrayElements
                return try m.send(selector, to: try m.ivar("_value").object, Arguments([value] + extra)).isTruthy
            }),
        ]
        for (name, evaluate) in evaluations {
            try runtime.registerLazyClass(named: name, superclass: constraint) { c in
                if name == "OCMInvocationConstraint" { try c.addIvar("_extra", type: .object(className: "NSArray")) }
                try c.addMethod("evaluate:", types: "B@:@") { m in .bool(try evaluate(m, m[0])) }
            }
        }
        for name in ["OCMBlockArgCaller", "OCMPassByRefSetter"] {
            try runtime.registerLazyClass(named: name, superclass: root) { c in
                try c.addIvar("_value", type: .object(className: nil))
                try c.addIvar("_hasValue", type: .bool)
            }
        }
        try runtime.registerLazyClass(named: "OCMArg", superclass: root) { c in
            let plain: [(String, String)] = [
                ("any", "OCMAnyConstraint"), ("anyPointer", "OCMAnyConstraint"), ("anySelector", "OCMAnyConstraint"),
                ("anyObjectRef", "OCMAnyConstraint"), ("isNil", "OCMIsNilConstraint"), ("isNotNil", "OCMIsNotNilConstraint"),
            ]
            for (factory, className) in plain {
                try c.addClassMethod(factory, types: "@@:") { m in try OCMArgument.make(className, [:], in: m.runtime) }
            }
            try c.addClassMethod("isEqual:", types: "@@:@") { m in try OCMArgument.make("OCMIsEqualConstraint", ["_value": m[0]], in: m.runtime) }
            try c.addClassMethod("isNotEqual:", types: "@@:@") { m in try OCMArgument.make("OCMIsNotEqualConstraint", ["_value": m[0]], in: m.runtime) }
            try c.addClassMethod("checkWithBlock:", types: "@@:@?") { m in
                guard case .block(let block) = m[0], block.parameterCount == 1 else {
                    throw m.wrongArgument(0, expected: "a block taking the argument and answering BOOL, as in ^BOOL(id value) { return value != nil; }")
                }
                return try OCMArgument.make("OCMBlockConstraint", ["_value": m[0]], in: m.runtime)
            }
            try c.addClassMethod("checkWithSelector:onObject:", types: "@@::@") { m in
                try OCMArgument.make("OCMInvocationConstraint", ["_selector": m[0], "_value": m[1]], in: m.runtime)
            }
            try c.addClassMethod("invokeBlock", types: "@@:") { m in try OCMArgument.make("OCMBlockArgCaller", [:], in: m.runtime) }
            try c.addClassMethod("invokeBlockWithArgs:", types: "@@:@", variadic: true) { m in
                // nil ends the list; `[NSNull null]` passes nil, as OCMock's documentation says.
                let null = try m.send("null", to: m.runtime.requireClass(named: "NSNull"))
                let arguments = m.argumentsUpToNil().map { $0 == null ? Value.nil : $0 }
                return try OCMArgument.make("OCMBlockArgCaller", ["_value": .array(arguments), "_hasValue": true], in: m.runtime)
            }
            for factory in ["setTo:", "setToValue:"] {
                try c.addClassMethod(factory, types: "@@:@") { m in try OCMArgument.make("OCMPassByRefSetter", ["_value": m[0]], in: m.runtime) }
            }
        }
    }
}

/// Reading OCMock's argument objects as the engine's constraints.
enum OCMArgument {
    static func make(_ className: String, _ ivars: KeyValuePairs<String, Value>, in runtime: Runtime) throws -> Value {
        let object = try runtime.createInstance(of: try runtime.requireClass(named: className))
        try runtime.setIvars(of: object, ivars)
        return .object(object)
    }

    /// The constraint an OCMock argument object stands for, or nil for any other object.
    static func constraint(of object: Object, in runtime: Runtime) -> ArgumentConstraint? {
        func ivar(_ name: String) -> Value { (try? runtime.ivarValue(name, of: object)) ?? .nil }
        switch object.isa.name {
        case "OCMAnyConstraint": return .any
        case "OCMIsNilConstraint": return .isNil
        case "OCMIsNotNilConstraint": return .notNil
        case "OCMIsEqualConstraint": return .equal(ivar("_value"))
        case "OCMIsNotEqualConstraint": return .notEqual(ivar("_value"))
        case "OCMBlockConstraint":
            if case .block(let block) = ivar("_value") { return .predicate(block) }
            return nil
        case "OCMInvocationConstraint":
            // With a value for the selector's second argument (`CONSTRAINTV`), its -evaluate: decides.
            if ivar("_extra") != .nil { return .object(object) }
            if case .selector(let selector) = ivar("_selector"), let target = ivar("_value").object { return .check(selector, on: target) }
            return nil
        case "OCMBlockArgCaller": return .invokesBlock(arguments: ivar("_hasValue").isTruthy ? ivar("_value").arrayElements : nil)
        case "OCMPassByRefSetter": return .setsReference(ivar("_value"))
        default:
            // A user's constraint: its own -evaluate: decides.
            guard let base = runtime.class(named: "OCMConstraint"), object.isKind(of: base) else { return nil }
            return .object(object)
        }
    }
}
