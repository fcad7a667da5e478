import Runtime

/// Kiwi's verifiers as they settle: at once, as the clock runs for the eventual forms, or
/// when the example ends (a nil subject, `shouldBeNil`, `receive:` counts, notifications).
extension ClassLibrary {
    /// A verifier made where `should` (or another form) was written: the message's first
    /// two arguments are the file and line.
    func makeVerifier(_ m: borrowing Message, _ ivars: [String: Value]) throws -> Object {
        let verifier = try runtime.createInstance(of: try runtime.requireClass(named: "RTSHKiwiVerifier"))
        for (name, value) in ivars.merging(["_file": m[0], "_line": m[1]], uniquingKeysWith: { given, _ in given }) {
            try runtime.setIvar(name, of: verifier, to: value)
        }
        kiwi.add(verifier: verifier)
        return verifier
    }

    /// Checks the verifier's subject against `matcher`, waiting for it as an eventual
    /// verifier does, and records a failure where the verifier was made when it does not
    /// hold (with `shouldNot`, when it does).
    ///
    /// - Parameter collection: what to send the subject for the collection counted, for
    ///   `[[[cart should] have:3] items]`.
    func check(_ verifier: Object, _ matcher: KiwiMatcher, collection: Selector? = nil, nestedAt depth: Int) throws {
        try settle(verifier, nestedAt: depth) { subject in
            guard let collection else { return try matcher.matches(subject, in: self, nestedAt: depth) }
            return try matcher.matches(try runtime.send(collection, toValue: subject, Arguments(), nestedAt: depth), in: self, nestedAt: depth)
        } failure: { subject, negated, eventually in
            if matcher.kind == .beNil || matcher.kind == .beNonNil {
                return (matcher.kind == .beNil) != negated ? "expected subject to be nil, got \(try kiwiText(of: subject, nestedAt: depth))" : "expected subject not to be nil"
            }
            var message = "expected subject \(negated ? "not " : "")to \(eventually ? "eventually " : "")\(try matcher.phrase { try kiwiText(of: $0, nestedAt: depth) })"
            if !negated, ![.raise, .raiseWithName, .raiseWithReason, .raiseWithNameAndReason, .change, .changeBy].contains(matcher.kind) {
                let shown = try collection.map { try runtime.send($0, toValue: subject, Arguments(), nestedAt: depth) } ?? subject
                message += ", got \(try kiwiText(of: shown, nestedAt: depth))"
            }
            return message
        }
    }

    /// Settles a verifier: whether `holds` says its subject matches (not, for `shouldNot`),
    /// asked again as the virtual clock runs for an eventual one (or once its wait is over,
    /// for `shouldAfterWait`), and if not, records what `failure` says (given the subject,
    /// whether negated, and whether eventual) where the verifier was made.
    func settle(
        _ verifier: Object, nestedAt depth: Int, holds matches: (Value) throws -> Bool, failure: (Value, Bool, Bool) throws -> String
    ) throws {
        try runtime.setIvar("_settled", of: verifier, to: .bool(true))
        let negated = try runtime.ivarValue("_negated", of: verifier).isTruthy
        let timeout = try runtime.ivarValue("_timeout", of: verifier).numberValue ?? -1
        func holds() throws -> Bool { try matches(try kiwiSubject(of: verifier, nestedAt: depth)) != negated }
        var held: Bool
        if timeout >= 0, try runtime.ivarValue("_waits", of: verifier).isTruthy {
            try wait(upTo: timeout) { false }
            held = try holds()
        } else {
            held = try holds()
            if !held, timeout >= 0 { try wait(upTo: timeout) { held = (try? holds()) ?? false; return held } }
        }
        guard !held else { return }
        try recordKiwiFailure(try failure(try kiwiSubject(of: verifier, nestedAt: depth), negated, timeout >= 0), at: verifier, nestedAt: depth)
    }

    /// A matcher of the user's (a `KWMatcher` subclass whose name starts with a prefix
    /// `registerMatchers` named, listing `selector` in its `+matcherStrings`): made for the
    /// subject, sent `selector` with `arguments` to configure it, and asked to `-evaluate`;
    /// its `-failureMessageForShould` (or `…ShouldNot`) words a failure. False when no
    /// registered matcher takes `selector`.
    func checkUserMatcher(_ verifier: Object, _ selector: Selector, _ arguments: [Value], nestedAt depth: Int) throws -> Bool {
        guard let base = runtime.class(named: "KWMatcher") else { return false }
        let prefixes = kiwi.matcherPrefixes
        let candidates = runtime.classes.filter { cls in cls !== base && cls.isSubclass(of: base) && prefixes.contains { cls.name.hasPrefix($0) } }
        var found: Class?
        for cls in candidates.sorted(by: { $0.name < $1.name }) where found == nil {
            let strings = try runtime.send(try runtime.selector("matcherStrings"), to: cls, Arguments(), nestedAt: depth).arrayElements
            if strings.contains(.string(selector.name)) { found = cls }
        }
        guard let found else { return false }
        let negated = try runtime.ivarValue("_negated", of: verifier).isTruthy
        var matcher: Object?
        try settle(verifier, nestedAt: depth) { subject in
            let made = try runtime.send(try runtime.selector("alloc"), to: found, Arguments(), nestedAt: depth).object
            matcher = try runtime.send(try runtime.selector("initWithSubject:"), to: made, Arguments(subject), nestedAt: depth).object
            _ = try runtime.send(try runtime.selector("setWillEvaluateAgainstNegativeExpectation:"), to: matcher, Arguments(.bool(negated)), nestedAt: depth)
            _ = try runtime.send(selector, to: matcher, Arguments(arguments), nestedAt: depth)
            return try runtime.send(try runtime.selector("evaluate"), to: matcher, Arguments(), nestedAt: depth).isTruthy
        } failure: { _, negated, _ in
            let message = try runtime.send(try runtime.selector(negated ? "failureMessageForShouldNot" : "failureMessageForShould"), to: matcher, Arguments(), nestedAt: depth)
            return message.text ?? "expected subject \(negated ? "not " : "")to match \(selector.name)"
        }
        return true
    }

    /// The verifier's subject: what a future answers now, for `expectFutureValue`.
    func kiwiSubject(of verifier: Object, nestedAt depth: Int) throws -> Value {
        let subject = try runtime.ivarValue("_subject", of: verifier)
        if let future = subject.object, future.isa.name == "RTSHKiwiFuture", case .block(let block) = try runtime.ivarValue("_block", of: future) {
            return try block.call(Arguments(), nestedAt: depth)
        }
        return subject
    }

    func recordKiwiFailure(_ message: String, at verifier: Object, nestedAt depth: Int) throws {
        let file: String? = if case .string(let path) = try runtime.ivarValue("_file", of: verifier) { path } else { nil }
        let line = try runtime.ivarValue("_line", of: verifier).intValue ?? 0
        guard try tests.recordFailure(message, file: file, line: line, in: runtime, nestedAt: depth) else {
            throw ClassLibraryError.invalidArgument(method: "should", reason: message)
        }
    }

    /// A value as Kiwi's failures show it: a string quoted, an object by its description.
    func kiwiText(of value: Value, nestedAt depth: Int) throws -> String {
        if case .string(let text) = value { return "\"\(text)\"" }
        return try nimbleText(of: value, nestedAt: depth)
    }

    /// What the example left to check, as Kiwi checks it when an example ends: a verifier
    /// whose subject was nil (never attached, so no matcher reached it), `shouldBeNil` and
    /// `shouldNotBeNil`, `receive:` expectations (waiting for an eventual one), and
    /// notifications expected to be posted.
    public func finishKiwiExample(nestedAt depth: Int = 0) throws {
        let (verifiers, messages, posts) = kiwi.takeChecks()
        for verifier in verifiers {
            let attached = try runtime.ivarValue("_attached", of: verifier).isTruthy
            let subject = attached ? try runtime.ivarValue("_subject", of: verifier) : .nil
            let settled = try runtime.ivarValue("_settled", of: verifier).isTruthy
            switch try runtime.ivarValue("_existence", of: verifier).intValue ?? 0 {
            case 1 where subject == .nil:
                try recordKiwiFailure("expected subject not to be nil", at: verifier, nestedAt: depth)
            case 2 where subject != .nil:
                try recordKiwiFailure("expected subject to be nil, got \(try kiwiText(of: subject, nestedAt: depth))", at: verifier, nestedAt: depth)
            case 0 where !attached && !settled:
                try recordKiwiFailure("expected subject not to be nil", at: verifier, nestedAt: depth)
            default: break
            }
        }
        for expectation in messages {
            func count() -> Int {
                expectation.mock.receivedCalls.dropFirst(expectation.baseline).filter { (try? expectation.matcher.matches($0, in: runtime, depth: depth)) ?? false }.count
            }
            func met() -> Bool { expectation.quantifier.accepts(count()) != expectation.negated }
            if !met(), let timeout = expectation.timeout { try wait(upTo: timeout) { met() } }
            guard !met() else { continue }
            let received = count()
            let message = "expected \(expectation.subject) \(expectation.negated ? "not " : "")to receive \(expectation.matcher) "
                + (expectation.negated ? "" : "\(expectation.quantifier), ") + "but received it " + (received == 1 ? "once" : "\(received) times")
            guard try tests.recordFailure(message, file: expectation.file, line: expectation.line, in: runtime, nestedAt: depth) else {
                throw ClassLibraryError.invalidArgument(method: "receive:", reason: message)
            }
        }
        for post in posts {
            if let timeout = post.timeout, try !post.matches() { try wait(upTo: timeout) { (try? post.matches()) ?? false } }
            let matched = try post.matches()
            let center = try runtime.send("defaultCenter", to: try runtime.requireClass(named: "NSNotificationCenter"))
            _ = try runtime.send(try runtime.selector("removeObserver:"), to: center.object, Arguments(post.observer), nestedAt: depth)
            if !matched { try recordKiwiFailure("expected \(post.description) to be posted", at: post.verifier, nestedAt: depth) }
        }
    }
}
