import Runtime

extension ClassLibrary {
    /// The names of the spec frameworks' classes the library defines.
    static let specClassNames = ["QuickConfiguration", "QuickSpec", "RTSHSpecDSL", "SPTSpec"]

    /// Specta's and Quick's specs: `SPTSpec` and `QuickSpec`, test case classes whose tests
    /// are the examples their `-spec` declares with the DSL (`describe`, `context`, `it`,
    /// `beforeEach`, `afterEach`, `beforeAll`, `afterAll`, shared examples, focused and
    /// pending forms), which the shell's macros send to `RTSHSpecDSL`.
    ///
    /// A spec class is asked for its tests as XCTest asks (`+testInvocations`): the first
    /// time, an instance runs `-spec`, and each example becomes a method of the class named
    /// after its groups and itself (`login_screen_shows_an_error`), which runs the
    /// `beforeAll` hooks of the groups it opens, the `beforeEach` hooks outermost first, the
    /// example, the `afterEach` hooks innermost first, and the `afterAll` hooks of the groups
    /// it closes. A pending example (`xit`, `pending`, one without a block, or in an
    /// `xdescribe`) is skipped; when any example is focused (`fit`, `fdescribe`), only the
    /// focused ones run. Quick's configurations (`QuickConfiguration` subclasses' `+configure:`)
    /// run once before the first Quick spec declares itself, so their shared examples are there.
    func defineSpecs(root: Class) throws {
        let library = unheld
        let testCase = try runtime.requireClass(named: "XCTestCase")
        for name in ["SPTSpec", "QuickSpec", "KWSpec"] {
            try runtime.registerLazyClass(named: name, superclass: testCase) { c in
                try c.addMethod("spec", types: "v@:") { _ in .nil }
                try c.addClassMethod("testInvocations", types: "@@:") { m in
                    let own = try m.sendSuper().arrayElements
                    return .array(own + (try library.specInvocations(of: try m.receiverClass(), isQuick: name == "QuickSpec", m)))
                }
            }
        }
        try runtime.registerLazyClass(named: "QuickConfiguration", superclass: root) { c in
            try c.addClassMethod("configure:", types: "v@:@") { _ in .nil }
        }
        try defineSpecDSL(root: root)
    }

    /// The invocations of `cls`'s examples, declaring them (and adding their methods) the first time.
    private func specInvocations(of cls: Class, isQuick: Bool, _ m: borrowing Message) throws -> [Value] {
        let runtime = m.runtime, depth = m.depth + 1
        if isQuick, specs.takeConfiguration(), let configuration = runtime.class(named: "QuickConfiguration") {
            for configurer in runtime.classes.sorted(by: { $0.name < $1.name }) where configurer !== configuration && configurer.isSubclass(of: configuration) {
                _ = try runtime.send(try runtime.selector("configure:"), to: configurer, Arguments(.nil), nestedAt: depth)
            }
        }
        let runs = try specs.runs(of: cls) {
            let instance = try runtime.send("init", to: try runtime.send("alloc", to: cls).object)
            _ = try runtime.send(try runtime.selector("spec"), to: instance.object, Arguments(), nestedAt: depth)
        }
        // Each example's method, named after it; a name written twice gets a number.
        var taken: Set<String> = [], named: [(String, SpecRun)] = []
        for run in runs {
            var name = run.selectorName, suffix = 2
            while !taken.insert(name).inserted {
                name = run.selectorName + "_\(suffix)"
                suffix += 1
            }
            named.append((name, run))
        }
        let missing = try named.filter { name, _ in runtime.lookUpMethod(try runtime.selector(name), in: cls) == nil }
        if !missing.isEmpty {
            let library = unheld
            try runtime.extendDefinition(of: cls) { builder in
                for (name, run) in missing {
                    try builder.addMethod(name, types: "v@:") { m in
                        try library.run(run, nestedAt: m.depth + 1)
                        return .nil
                    }
                }
            }
        }
        let signatureFor = try runtime.selector("instanceMethodSignatureForSelector:")
        let invocationClass = try runtime.requireClass(named: "NSInvocation")
        return try named.map { name, _ in
            let selector = Value.selector(try runtime.selector(name))
            let signature = try runtime.send(signatureFor, to: cls, Arguments(selector), nestedAt: depth)
            let invocation = try runtime.send("invocationWithMethodSignature:", to: invocationClass, signature)
            _ = try runtime.send("setSelector:", to: invocation.object, selector)
            return invocation
        }
    }

    /// Runs one example with its hooks. An `afterEach` or `afterAll` hook runs even when the
    /// example or an earlier hook failed; the first failure is the test's.
    private func run(_ run: SpecRun, nestedAt depth: Int) throws {
        if run.isPending {
            _ = try tests.skip("pending: " + run.path.joined(separator: " "), file: run.example.file, line: run.example.line)
            return
        }
        var failure: (any Error)?
        kiwi.beginExample()
        do {
            for hook in run.beforeAll + run.beforeEach { _ = try hook.call(Arguments(), nestedAt: depth) }
            _ = try run.example.block?.call(Arguments(), nestedAt: depth)
            // Kiwi's verifiers settle as the example ends, before its afterEach hooks.
            try finishKiwiExample(nestedAt: depth)
        } catch {
            failure = error
        }
        for hook in run.afterEach + run.afterAll {
            do { _ = try hook.call(Arguments(), nestedAt: depth) } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
    }

    /// `RTSHSpecDSL`: what the spec macros send. Each method takes the file and line where
    /// it was written first, and what the user wrote (`@"name", ^{ ... }`) as its variadic rest.
    private func defineSpecDSL(root: Class) throws {
        let library = unheld
        try runtime.registerLazyClass(named: "RTSHSpecDSL", superclass: root) { c in
            try c.addClassMethod("_group:line:focused:pending:named:", types: "v@:*iBB@", variadic: true) { m in
                try library.requireSpec("describe", m)
                let name = try m.text(of: m[4])
                let block = try Self.declaringBlock(m, 5, function: "describe")
                let group = SpecGroup(name: name, isFocused: m[2].isTruthy, isPending: m[3].isTruthy)
                try library.specs.group(group) { _ = try block?.call(Arguments(), nestedAt: m.depth + 1) }
                return .nil
            }
            try c.addClassMethod("_example:line:focused:pending:named:", types: "v@:*iBB@", variadic: true) { m in
                try library.requireSpec("it", m)
                let block = try Self.declaringBlock(m, 5, function: "it")
                library.specs.add(SpecExample(
                    name: try m.text(of: m[4]), block: block, file: try m.optionalStringArgument(0), line: try m.integerArgument(1),
                    isFocused: m[2].isTruthy, isPending: m[3].isTruthy))
                return .nil
            }
            try c.addClassMethod("_hook:block:", types: "v@:@@?") { m in
                let kind = try m.stringArgument(0)
                try library.requireSpec(kind, m)
                guard let block = try m.blockArgument(1) else { throw m.wrongArgument(1, expected: "a block, as in \(kind)(^{ ... })") }
                library.specs.addHook(kind, block)
                return .nil
            }
            // Kiwi's `let(name, ^{ ... })`: `setter` stores what the block answers (nil without
            // a block) in the variable the macro declared (see ``SpecLet``).
            try c.addClassMethod("_let:named:block:", types: "v@:@?*@?") { m in
                try library.requireSpec("let", m)
                guard let setter = try m.blockArgument(0) else { throw m.wrongArgument(0, expected: "the let's variable setter") }
                library.specs.addLet(SpecLet(name: try m.stringArgument(1), setter: setter, value: try m.blockArgument(2)))
                return .nil
            }
            try c.addClassMethod("_share:named:", types: "v@:B@", variadic: true) { m in
                guard let block = try Self.declaringBlock(m, 2, function: "sharedExamplesFor") else {
                    throw m.wrongArgument(2, expected: "a block declaring the examples, as in sharedExamplesFor(@\"a list\", ^(NSDictionary *data) { ... })")
                }
                library.specs.share(SpecRegistry.Shared(block: block, takesContextBlock: m[0].isTruthy), named: try m.text(of: m[1]))
                return .nil
            }
            try c.addClassMethod("_behaveLike:line:named:", types: "v@:*i@", variadic: true) { m in
                try library.requireSpec("itBehavesLike", m)
                let name = try m.text(of: m[2])
                guard let shared = library.specs.shared(named: name) else {
                    throw ClassLibraryError.invalidArgument(
                        method: "itBehavesLike", reason: "no shared examples are named \"\(name)\": declare them first with sharedExamplesFor (Specta) or sharedExamples (Quick)")
                }
                let source = m.arguments.count > 3 ? m[3] : .nil
                let depth = m.depth + 1
                @Sendable func data() throws -> Value {
                    if case .block(let block) = source { return try block.call(Arguments(), nestedAt: depth) }
                    return source
                }
                // Quick's examples ask a block for the data as they run; Specta's get it now.
                let passed: Value = shared.takesContextBlock ? .block(Block(parameterCount: 0, body: { _, _ in try data() })) : try data()
                try library.specs.group(SpecGroup(name: name)) {
                    _ = try shared.block.call(Arguments(shared.block.parameterCount == 0 ? [] : [passed]), nestedAt: depth)
                }
                return .nil
            }
            try c.addClassMethod("_setAsyncTimeout:", types: "v@:d") { m in
                library.specs.asyncTimeout = try m.numberArgument(0)
                return .nil
            }
            try c.addClassMethod("_waitUntil:line:timeout:block:", types: "v@:*id@?") { m in
                guard let block = try m.blockArgument(3) else { throw m.wrongArgument(3, expected: "a block taking the done block, as in waitUntil(^(DoneCallback done) { ... done(); })") }
                let done = Block(parameterCount: 0) { _ in
                    library.specs.markDone()
                    return .nil
                }
                library.specs.resetDone()
                _ = try block.call(Arguments(.block(done)), nestedAt: m.depth + 1)
                // A negative timeout is Specta's default, which `setAsyncSpecTimeout` sets.
                let given = try m.numberArgument(2)
                let seconds = given < 0 ? library.specs.asyncTimeout : given
                try library.wait(upTo: seconds) { library.specs.isDone }
                if !library.specs.isDone {
                    let message = "waitUntil timed out after \(Self.seconds(seconds)): the block did not call done()"
                    guard try library.tests.recordFailure(message, file: try m.optionalStringArgument(0), line: try m.integerArgument(1), in: m.runtime, nestedAt: m.depth + 1) else {
                        throw ClassLibraryError.invalidArgument(method: "waitUntil", reason: message)
                    }
                }
                return .nil
            }
        }
    }

    /// Refuses a DSL call made outside a spec's declaration.
    private func requireSpec(_ function: String, _ m: borrowing Message) throws {
        guard specs.isBuilding else {
            throw ClassLibraryError.invalidArgument(
                method: function + "()", reason: "it declares part of a spec, so it belongs inside SpecBegin(...) ... SpecEnd or a QuickSpec's -spec")
        }
    }

    /// The block a DSL call declares with, at `index`; nil when none was given.
    private static func declaringBlock(_ m: borrowing Message, _ index: Int, function: String) throws -> Block? {
        guard m.arguments.count > index, m[index] != .nil else { return nil }
        guard case .block(let block) = m[index] else { throw m.wrongArgument(index, expected: "a block, as in \(function)(@\"name\", ^{ ... })") }
        return block
    }

    private static func seconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) second\(seconds == 1 ? "" : "s")" : "\(seconds) seconds"
    }
}
