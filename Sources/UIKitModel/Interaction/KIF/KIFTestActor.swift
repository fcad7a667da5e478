import Runtime

/// KIF's face of the UI engine: the actors test code reaches through the `tester`,
/// `system` and `viewTester` macros (`KIFMacros`), each made at the macro's file and line,
/// so that a step that fails is the running test's failure there, in KIF's words, followed
/// by the view tree at that moment; and the test stops, as KIF stops it.
extension ClassLibrary {
    /// KIF's classes: the actors.
    static let kifClassNames = ["KIFSystemTestActor", "KIFTestActor", "KIFTypist", "KIFUITestActor", "KIFUIViewTestActor"]

    /// KIF's timing knobs with their defaults, as class properties of the class named:
    /// kept and read back, though with time virtual no step waits on them.
    private static let kifKnobs: [(className: String, name: String, standard: Double)] = [
        ("KIFTestActor", "defaultAnimationWaitingTimeout", 0.5), ("KIFTestActor", "defaultAnimationStabilizationTimeout", 0.5),
        ("KIFTestActor", "stepDelay", 0.1), ("KIFTestActor", "mainThreadDispatchStabilizationTimeout", 0.5),
        ("KIFTypist", "keystrokeDelay", 0.01),
    ]

    func defineKIF(root: Class) throws {
        let actor = try defineKIFTestActor(root: root)
        try defineKIFUITestActor(actor: actor)
        try defineKIFUIViewTestActor(actor: actor)
        try defineKIFSystemTestActor(actor: actor)
        try extendKIFTestCase()
        let library = unheld
        // `KIFTypist`: how KIF types; there is no hardware keyboard here.
        try runtime.registerLazyClass(named: "KIFTypist", superclass: root) { c in
            try c.addClassMethod("hasHardwareKeyboard", types: "B@:") { _ in false }
        }
        for knob in Self.kifKnobs {
            try runtime.extendDefinition(of: runtime.requireClass(named: knob.className)) { c in
                try c.addClassMethod(knob.name, types: "d@:") { _ in .double(library.automation.knob(knob.name, standard: knob.standard)) }
                let setter = "set" + knob.name.prefix(1).uppercased() + knob.name.dropFirst() + ":"
                try c.addClassMethod(setter, types: "v@:d") { m in
                    library.automation.setKnob(knob.name, to: try m.numberArgument(0))
                    return .nil
                }
            }
        }
        // KIF's category on UIApplication: how fast animations run (the model's take no time).
        try runtime.extendDefinition(of: runtime.requireClass(named: "UIApplication")) { c in
            try c.addMethod("animationSpeed", types: "f@:") { _ in .double(library.automation.knob("animationSpeed", standard: 1)) }
            try c.addMethod("setAnimationSpeed:", types: "v@:f") { m in
                library.automation.setKnob("animationSpeed", to: try m.numberArgument(0))
                return .nil
            }
        }
        // KIF's category on NSError, which step code written for KIF calls.
        try runtime.extendDefinition(of: runtime.requireClass(named: "NSError")) { c in
            try c.addClassMethod("KIFErrorWithFormat:", types: "@@:@", variadic: true) { m in
                try m.send("errorWithDomain:code:userInfo:", to: m.receiver, .string("KIFTest"), .int(0),
                           .dictionary([.string("NSLocalizedDescription"): .string(try m.formatted(from: 0))]))
            }
        }
    }

    /// `KIFTestActor`: the file and line it was made at, its delegate (the test case), a
    /// timeout of its own (`usingTimeout:`), the default timeout of every step
    /// (`+defaultTimeout`, 10 seconds), `runBlock:` for steps of the test's own, and
    /// `failWithError:stopTest:`, which a category's steps call as KIF's own do.
    private func defineKIFTestActor(root: Class) throws -> Class {
        let library = unheld
        let initWithFile = try runtime.selector("initWithFile:line:delegate:"), initialize = try runtime.selector("init")
        return try runtime.registerLazyClass(named: "KIFTestActor", superclass: root) { c in
            try c.addProperty(Property(name: "file", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "line", type: .integer(code: "q"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: [.readOnly, .weak]))
            try c.addProperty(Property(name: "executionBlockTimeout", type: .double, attributes: [.nonatomic]))
            try c.addClassMethod("actorInFile:atLine:delegate:", types: "@@:@q@") { m in try m.allocInit(initWithFile, Arguments([m[0], m[1], m[2]])) }
            try c.addMethod("initWithFile:line:delegate:", types: "@@:@q@") { m in
                let file = try m.optionalStringArgument(0).map(Value.string) ?? .nil, line = Value.int(try m.integerArgument(1))
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_file": file, "_line": line, "_delegate": m[2], "_executionBlockTimeout": .double(-1)])
                }
            }
            try c.addClassMethod("defaultTimeout", types: "d@:") { _ in .double(library.automation.defaultTimeout) }
            try c.addClassMethod("setDefaultTimeout:", types: "v@:d") { m in
                library.automation.defaultTimeout = try m.numberArgument(0)
                return .nil
            }
            try c.addMethod("usingTimeout:", types: "@@:d") { m in
                try m.setIvar("_executionBlockTimeout", .double(try m.numberArgument(0)))
                return .object(m.receiver)
            }
            try c.addMethod("waitForTimeInterval:", types: "v@:d") { m in
                try library.waitForTimeInterval(try m.numberArgument(0))
                return .nil
            }
            try c.addMethod("failWithError:stopTest:", types: "v@:@B") { m in
                let message = try m.text(of: try m.send("localizedDescription", to: try m.objectArgument(0)))
                try library.failKIFStep(m.receiver, message: message, stop: m[1].isTruthy, m)
                return .nil
            }
            // A step of the test's own: the block answers KIFTestStepResultSuccess (1),
            // Wait (2) or Failure (0), filling in its error, and is asked again as the clock runs.
            try c.addMethod("runBlock:", types: "v@:@?") { m in
                guard let block = try m.blockArgument(0) else { throw m.wrongArgument(0, expected: "a step block") }
                try library.runKIFBlock(block, actor: m.receiver, timeout: try library.kifTimeout(of: m.receiver), m)
                return .nil
            }
            try c.addMethod("runBlock:timeout:", types: "v@:@?d") { m in
                guard let block = try m.blockArgument(0) else { throw m.wrongArgument(0, expected: "a step block") }
                try library.runKIFBlock(block, actor: m.receiver, timeout: try m.numberArgument(1), m)
                return .nil
            }
        }
    }

    /// `KIFSystemTestActor`: waits for notifications, and memory warnings.
    private func defineKIFSystemTestActor(actor: Class) throws {
        let library = unheld
        try runtime.registerLazyClass(named: "KIFSystemTestActor", superclass: actor) { c in
            try c.addMethod("waitForNotificationName:object:", types: "@@:@@") { m in
                let name = try m.optionalStringArgument(0) ?? ""
                return try library.kifStep(m) { timeout in .object(try library.waitForNotification(named: name, object: m[1].object, timeout: timeout)) }
            }
            try c.addMethod("simulateMemoryWarning", types: "v@:") { _ in
                try library.simulateMemoryWarning()
                return .nil
            }
        }
    }

    /// `-[KIFTestCase failWithException:stopTest:]`, the actors' delegate method: the
    /// failure is the test's, at the file and line the exception's user info names
    /// (`FilenameKey`, `LineNumberKey`), recorded as KIF records it (unexpected); a stopping
    /// failure ends the test.
    private func extendKIFTestCase() throws {
        let library = unheld
        try runtime.extendDefinition(of: runtime.requireClass(named: "KIFTestCase")) { c in
            try c.addMethod("failWithException:stopTest:", types: "v@:@B") { m in
                guard let exception = try m.objectArgument(0) else { throw m.wrongArgument(0, expected: "an NSException") }
                let reason = try m.text(of: try m.send("reason", to: exception))
                let info = try m.send("userInfo", to: exception)
                var file: String?, line = 0
                if case .dictionary(let entries) = info {
                    if case .string(let path)? = entries[.string("FilenameKey")] { file = path }
                    line = entries[.string("LineNumberKey")]?.intValue ?? 0
                }
                guard try library.tests.recordFailure(reason, file: file, line: line, expected: false, in: m.runtime, nestedAt: m.depth + 1) else {
                    throw try ClassLibrary.raised(exception, in: m.runtime)
                }
                if m[1].isTruthy { throw TestInterruption(test: library.tests.currentName ?? "the test") }
                return .nil
            }
        }
    }

    // MARK: Steps and failures

    /// The timeout of an actor's steps: its own (`usingTimeout:`), else nil for the default.
    func kifTimeout(of actor: Object) throws -> Double? {
        guard let own = try runtime.ivarValue("_executionBlockTimeout", of: actor).numberValue, own >= 0 else { return nil }
        return own
    }

    /// Runs a step of the engine for an actor: its failure is the actor's
    /// (``failKIFStep(_:message:stop:_:)``), and the step then answers zero.
    func kifStep(_ m: borrowing Message, _ body: (Double?) throws -> Value) throws -> Value {
        do {
            return try body(try kifTimeout(of: m.receiver))
        } catch let error as UIAutomationError {
            let failure = try kifError(Self.kifWords(for: error), m)
            try tests.whileFailing(showing: ScreenDrawing(error.tree).svg) {
                _ = try m.send("failWithError:stopTest:", to: m.receiver, .object(failure), true)
            }
            return .nil
        }
    }

    private func kifError(_ message: String, _ m: borrowing Message) throws -> Object {
        let made = try m.send("errorWithDomain:code:userInfo:", to: m.runtime.requireClass(named: "NSError"), .string("KIFTest"), .int(0),
                              .dictionary([.string("NSLocalizedDescription"): .string(message)]))
        guard let error = made.object else { throw ClassLibraryError.wrongArgument(method: "+[NSError errorWithDomain:code:userInfo:]", expected: "an error", got: "nil") }
        return error
    }

    /// A failed step: an exception at the actor's file and line, given to its delegate
    /// (`failWithException:stopTest:`); with no delegate to take it, raised.
    func failKIFStep(_ actor: Object, message: String, stop: Bool, _ m: borrowing Message) throws {
        let file = try runtime.ivarValue("_file", of: actor), line = try runtime.ivarValue("_line", of: actor)
        let made = try m.send("exceptionWithName:reason:userInfo:", to: m.runtime.requireClass(named: "NSException"), .string("KIFFailureException"),
                              .string(message), .dictionary([.string("FilenameKey"): file, .string("LineNumberKey"): line]))
        guard let exception = made.object else { throw try ClassLibrary.exception(named: "KIFFailureException", reason: message, in: m.runtime) }
        let delegate = try runtime.ivarValue("_delegate", of: actor).object
        guard try responds(delegate, to: "failWithException:stopTest:") else { throw try ClassLibrary.raised(exception, in: m.runtime) }
        try m.send("failWithException:stopTest:", to: delegate, .object(exception), .bool(stop))
    }

    /// `runBlock:`: asks the block until it succeeds or fails, or the time is up.
    private func runKIFBlock(_ block: Block, actor: Object, timeout: Double?, _ m: borrowing Message) throws {
        let limit = VirtualClock.nanoseconds(fromSeconds: timeout ?? automation.defaultTimeout)
        let start = clock.now
        try clock.runDue()
        while true {
            let errorSlot = Reference(.nil)
            let result = try block.call(Arguments(.reference(errorSlot)), nestedAt: m.depth + 1).intValue ?? 0
            if result == 1 { return }
            let described = try errorSlot.value.object.map { try m.text(of: try m.send("localizedDescription", to: $0)) }
            let waited = clock.now - start
            if result == 0 || waited >= limit {
                let reason = described ?? "the step failed"
                let message = result == 0 ? reason : "The step timed out after \(Self.kifSeconds(waited)) seconds: \(reason)"
                try m.send("failWithError:stopTest:", to: actor, .object(try kifError(message, m)), true)
                return
            }
            try clock.advance(by: min(UIAutomationSettings.pollInterval, limit - waited))
        }
    }

    // MARK: KIF's words

    /// A failed step as KIF words it (`The step timed out after 10.00 seconds: Failed to
    /// find accessibility element with the label "Done"`), then the view tree.
    static func kifWords(for error: UIAutomationError) -> String {
        let named = switch error.query?.key {
        case .label(let label)?: label
        case .identifier(let identifier)?: identifier
        case .any?, .firstResponder?, nil: ""
        }
        func labelled(_ view: Object) -> String {
            if case .label(let label)? = error.query?.key { return label }
            return "\(view)"
        }
        let what: String = switch error.reason {
        case .noKeyWindow:
            "Could not find the key window: no view controller has been shown in one"
        case .notFound:
            if case .identifier? = error.query?.key {
                "Could not find element with Accessibility identifier equal to \"\(named)\""
            } else if case .firstResponder? = error.query?.key {
                "Failed to find the first responder"
            } else if case .any? = error.query?.key {
                "Failed to find accessibility element with the value \"\(error.query?.value ?? "")\""
            } else {
                "Failed to find accessibility element with the label \"\(named)\""
            }
        case .valueDiffers(let actual):
            "Found an accessibility element with the label \"\(named)\", but with the value \"\(actual ?? "(null)")\", not \"\(error.query?.value ?? "")\""
        case .traitsDiffer:
            "Found an accessibility element with the label \"\(named)\", but not with the traits \"\(error.query?.traits ?? 0)\""
        case .notVisible(let view, .covered), .notTappable(let view, .interactionDisabled):
            "Accessibility element with label \"\(labelled(view))\" is not tappable. It may be blocked by other views."
        case .notVisible(let view, .outsideWindow):
            "Accessibility element with label \"\(labelled(view))\" is not visible: it lies outside the window."
        case .notVisible(let view, _):
            "Accessibility element with label \"\(labelled(view))\" is hidden."
        case .notTappable(let view, _):
            "View is not enabled for interaction: \(view)"
        case .stillPresent(let view):
            "Accessibility element with label \"\(labelled(view))\" is visible and not hidden."
        case .wrongKind(let view, let expected):
            "View with accessibility label \"\(labelled(view))\" is a \(view.isa.name), not a \(expected)"
        case .textDiffers(let expected, let actual):
            "Failed to get text \"\(expected)\" in field; instead, it was \"\(actual)\""
        case .firstResponderDiffers(let actual):
            "Expected accessibility label for first responder to be '\(named)', got '\(actual.map { "\($0)" } ?? "(null)")'"
        case .noSuchRow(let section, let row, let counts):
            counts.indices.contains(section) || counts.indices.contains(counts.count + section)
                ? "Row \(row) is not found in section \(section) of table view with accessibility identifier \"\(named)\""
                : "Section \(section) is not found in table view with accessibility identifier \"\(named)\""
        case .noRefreshControl:
            "Pull to refresh view with accessibility label \"\(named)\" has no refresh control"
        case .noDateRow(let titles, _):
            "Failed to select date picker value \"\(titles.joined(separator: ", "))\""
        case .cannotMoveRows:
            "Table view with accessibility identifier \"\(named)\" does not allow moving that row"
        case .cellNotShown(let list):
            "Cell not visible in \(list.isa.name) with accessibility identifier \"\(named)\": it has no size to show it in"
        case .noSuchItem(let section, let item, let counts):
            counts.indices.contains(section) || counts.indices.contains(counts.count + section)
                ? "Item \(item) is not found in section \(section) of collection view with accessibility identifier \"\(named)\""
                : "Section \(section) is not found in collection view with accessibility identifier \"\(named)\""
        case .notPosted(let name):
            "Notification \"\(name)\" was not posted"
        case .noPicker:
            "No picker view is present"
        case .noPickerRow(let title, _, _, _):
            "Failed to find picker view value with title \"\(title)\""
        }
        let timed = error.waited > 0 ? "The step timed out after \(kifSeconds(error.waited)) seconds: \(what)" : what
        guard !error.tree.isEmpty else { return timed }
        return timed + "\nView hierarchy:\n" + error.tree.map(kifLine).joined(separator: "\n")
    }

    /// Seconds as KIF prints them, `%.2f`.
    static func kifSeconds(_ nanoseconds: Int) -> String {
        let hundredths = (Double(nanoseconds) / Double(VirtualClock.nanosecondsPerSecond) * 100).rounded()
        let whole = Int(hundredths) / 100, fraction = Int(hundredths) % 100
        return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// One view of the tree, as UIKit's `recursiveDescription` lays it out.
    private static func kifLine(_ entry: ViewTreeEntry) -> String {
        var parts = [String(entry.view.description.dropLast())]
        if let label = entry.accessibilityLabel { parts.append("label = \"\(label)\"") }
        if let identifier = entry.accessibilityIdentifier { parts.append("identifier = \"\(identifier)\"") }
        if let value = entry.accessibilityValue, value != entry.text { parts.append("value = \"\(value)\"") }
        if let text = entry.text { parts.append("text = \"\(text)\"") }
        if let title = entry.title, title != entry.accessibilityLabel { parts.append("title = \"\(title)\"") }
        if entry.isHidden { parts.append("hidden = YES") }
        if entry.isTransparent { parts.append("alpha = 0") }
        return String(repeating: "   | ", count: entry.depth) + parts.joined(separator: "; ") + ">"
    }
}
