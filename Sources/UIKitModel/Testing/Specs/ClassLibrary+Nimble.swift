import Runtime

extension ClassLibrary {
    /// The names of Nimble's classes the library defines.
    static let nimbleClassNames = ["NMBExpectation", "NMBObjCMatcher"]

    /// Nimble's Objective-C API, as its macros (the shell's `NimbleMacros`) reach it:
    /// `expect(actual)` makes an `NMBExpectation` of a block that reads the actual value;
    /// `to`, `toNot`/`notTo`, `toEventually` and `toEventuallyNot` each answer a block that
    /// takes a matcher (an `NMBObjCMatcher`: `equal`, `beNil`, `beTruthy`, `beAKindOf`,
    /// `contain`, `haveCount`, `beGreaterThan`, `beCloseTo`, ...) and records a failure, in
    /// Nimble's words (`expected to equal <2>, got <1>`), at the `expect`'s file and line.
    /// The eventual forms ask again as the virtual clock runs on, for up to a second, or
    /// what `withTimeout` says.
    func defineNimble(root: Class) throws {
        let library = unheld
        try runtime.registerLazyClass(named: "NMBObjCMatcher", superclass: root) { c in
            try c.addIvar("_kind", type: .object(className: "NSString"))
            try c.addIvar("_expected", type: .object(className: nil))
            try c.addClassMethod("_matcher:expected:", types: "@@:@@") { m in
                let kind = try m.stringArgument(0)
                guard NimbleMatcher.Kind(rawValue: kind) != nil else { throw m.wrongArgument(0, expected: "a Nimble matcher's name") }
                let made = try m.runtime.createInstance(of: try m.receiverClass())
                try m.runtime.setIvars(of: made, ["_kind": .string(kind), "_expected": m[1]])
                return .object(made)
            }
            // `raiseException()`, narrowed by `.named(...)`, `.reason(...)`, `.userInfo(...)`
            // and `.satisfyingBlock(...)`, each a block property answering the matcher.
            for criterion in NimbleMatcher.ExceptionCriterion.allCases {
                try c.addIvar("_" + criterion.rawValue, type: .object(className: nil))
            }
            try c.addClassMethod("_raiseException", types: "@@:") { m in
                let made = try m.runtime.createInstance(of: try m.receiverClass())
                try m.runtime.setIvar("_kind", of: made, to: .string(NimbleMatcher.Kind.raiseException.rawValue))
                return .object(made)
            }
            for criterion in NimbleMatcher.ExceptionCriterion.allCases {
                try c.addMethod(criterion.rawValue, types: "@?@:") { m in
                    let matcher = m.receiver, runtime = m.runtime
                    return .block(Block(parameterCount: 1) { arguments, _ in
                        try runtime.setIvar("_" + criterion.rawValue, of: matcher, to: arguments.count > 0 ? arguments[0] : .nil)
                        return .object(matcher)
                    })
                }
            }
        }
        try runtime.registerLazyClass(named: "NMBExpectation", superclass: root) { c in
            try c.addIvar("_actual", type: .block)
            try c.addIvar("_file", type: .object(className: "NSString"))
            try c.addIvar("_line", type: .integer(code: "q"))
            try c.addIvar("_timeout", type: .double)
            try c.addIvar("_isAction", type: .bool)
            try c.addClassMethod("_expect:file:line:", types: "@@:@?*q") { m in
                let made = try m.runtime.createInstance(of: try m.receiverClass())
                try m.runtime.setIvars(of: made, ["_actual": m[0], "_file": m[1], "_line": m[2], "_timeout": .double(1)])
                return .object(made)
            }
            // `expectAction(...)`: the code to run, which `raiseException()` checks.
            try c.addClassMethod("_expectAction:file:line:", types: "@@:@?*q") { m in
                let made = try m.runtime.createInstance(of: try m.receiverClass())
                try m.runtime.setIvars(of: made, ["_actual": m[0], "_file": m[1], "_line": m[2], "_timeout": .double(1), "_isAction": true])
                return .object(made)
            }
            let senses: [(String, negated: Bool, eventually: Bool)] = [
                ("to", false, false), ("toNot", true, false), ("notTo", true, false),
                ("toEventually", false, true), ("toEventuallyNot", true, true), ("toNotEventually", true, true),
            ]
            for (name, negated, eventually) in senses {
                try c.addMethod(name, types: "@?@:") { m in
                    let expectation = m.receiver, depth = m.depth + 1
                    return .block(Block(parameterCount: 1) { arguments in
                        try library.check(expectation, against: arguments[0], negated: negated, eventually: eventually, nestedAt: depth)
                        return .nil
                    })
                }
            }
            try c.addMethod("withTimeout", types: "@?@:") { m in
                let expectation = m.receiver
                return .block(Block(parameterCount: 1) { arguments in
                    guard let seconds = arguments[0].numberValue else { throw ClassLibraryError.invalidArgument(method: "withTimeout", reason: "it takes a number of seconds") }
                    try library.runtime.setIvar("_timeout", of: expectation, to: .double(seconds))
                    return .object(expectation)
                })
            }
        }
    }

    /// Checks the expectation's actual value against `matcher`, recording a failure where
    /// the `expect` was written when it does not hold (with `negated`, when it does).
    private func check(_ expectation: Object, against matcher: Value, negated: Bool, eventually: Bool, nestedAt depth: Int) throws {
        let runtime = self.runtime
        guard let matcherObject = matcher.object, case .string(let kindName) = try runtime.ivarValue("_kind", of: matcherObject),
              let kind = NimbleMatcher.Kind(rawValue: kindName) else {
            throw ClassLibraryError.invalidArgument(method: "to", reason: "it takes a Nimble matcher, as in expect(x).to(equal(@2)), not \(matcher.kindDescription)")
        }
        var nimble = NimbleMatcher(kind: kind, expected: try runtime.ivarValue("_expected", of: matcherObject))
        guard case .block(let actualBlock) = try runtime.ivarValue("_actual", of: expectation) else { return }
        if kind == .raiseException {
            for criterion in NimbleMatcher.ExceptionCriterion.allCases {
                let wanted = try runtime.ivarValue("_" + criterion.rawValue, of: matcherObject)
                if wanted != .nil { nimble.exceptionCriteria[criterion] = wanted }
            }
        }
        // An action's actual value is what it raised; an expression's, what it answers.
        var actual = kind == .raiseException
            ? try Self.raisedValue(running: actualBlock, in: runtime, nestedAt: depth) ?? .nil
            : try actualBlock.call(Arguments(), nestedAt: depth)
        func holds() throws -> Bool { try nimble.matches(actual, in: runtime, nestedAt: depth) != negated }
        var held = try holds()
        if !held, eventually {
            let timeout = try runtime.ivarValue("_timeout", of: expectation).numberValue ?? 1
            try wait(upTo: timeout) {
                actual = (try? actualBlock.call(Arguments(), nestedAt: depth)) ?? actual
                held = (try? holds()) ?? false
                return held
            }
        }
        guard !held else { return }
        let got = try kind == .raiseException ? raisedText(actual) : "<\(try nimbleText(of: actual, nestedAt: depth))>"
        let message = "expected to \(eventually ? "eventually " : "")\(negated ? "not " : "")\(try nimble.phrase(in: self, nestedAt: depth)), got \(got)"
        let file: String? = if case .string(let path) = try runtime.ivarValue("_file", of: expectation) { path } else { nil }
        let line = try runtime.ivarValue("_line", of: expectation).intValue ?? 0
        guard try tests.recordFailure(message, file: file, line: line, in: runtime, nestedAt: depth) else {
            throw ClassLibraryError.invalidArgument(method: "expect", reason: message)
        }
    }

    /// What an action raised, as Nimble tells it: `no exception`, or the exception's name and reason.
    private func raisedText(_ raised: Value) throws -> String {
        guard ClassLibrary.isException(raised, in: runtime), let exception = raised.object else { return raised == .nil ? "no exception" : "<\(raised)>" }
        let described = try Self.raised(exception, in: runtime)
        return "<\(described.name) { \(described.reason ?? "") }>"
    }

    /// A value as Nimble shows it between `<` and `>`: an object by its `-description`.
    func nimbleText(of value: Value, nestedAt depth: Int) throws -> String {
        switch value {
        case .nil: return "nil"
        case .string(let text): return text
        case .object(let object) where !(object is Class):
            return Self.plain(try runtime.send(try runtime.selector("description"), to: object, Arguments(), nestedAt: depth))
        default: return Self.plain(value)
        }
    }

    private static func plain(_ value: Value) -> String {
        if case .string(let text) = value { return text }
        return value.description
    }
}
