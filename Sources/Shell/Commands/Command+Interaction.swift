import Foundation
import Runtime
import UIKitModel

/// The shell's face of the UI engine (`ClassLibrary+Finding`, `ClassLibrary+Steps`): the same
/// finder, waits and steps as KIF's actors, worded for the prompt. A LABEL is a quoted
/// accessibility label (or words typed as they are), or `#identifier` for an accessibility
/// identifier, optionally followed by `traits button`; a step waits up to `timeout SECONDS`
/// of virtual time (10 by default, as KIF).
extension Command {
    static let interaction: [Command] = [window, views, screenshot, enter, clear, tap, longpress, swipe, scroll, toggle, slide, pick, waitfor]

    static let window = Command(
        name: "window", summary: "show a view controller in a new key window, replacing the previous one",
        signature: Signature([.argument("CONTROLLER", .object)]), example: "window hello"
    ) { session, arguments, command in
        let controller = try session.requireObject(arguments["CONTROLLER"]!, for: command)
        try session.interacting { try $0.showInKeyWindow(controller) }
    }

    static let views = Command(
        name: "views", summary: "print the view hierarchy with classes and accessibility labels (the key window's by default)",
        signature: Signature([.optional([.argument("CONTROLLER", .object)])]), example: "views hello"
    ) { session, arguments, command in
        try session.interacting { library in
            if let name = arguments["CONTROLLER"] {
                guard let view = try session.runtime.send("view", to: try session.requireObject(name, for: command)).object else { return }
                session.printTree(try library.viewTree(of: view))
                return
            }
            guard try library.keyWindow() != nil else { throw ClassLibraryError.noKeyWindow }
            session.printTree(try library.screenTree())
        }
    }

    static let screenshot = Command(
        name: "screenshot",
        summary: "draw the key window's views as an SVG file: each a box at its frame (views never sized are stacked, dashed) "
            + "with its class, label, identifier, text and traits; hidden ones faded",
        signature: Signature([.argument("FILE", .path)]), example: "screenshot signin.svg"
    ) { session, arguments, command in
        let file = arguments["FILE"]!
        let written = try file.string()
        guard written.lowercased().hasSuffix(".svg") else {
            throw command.usageError("screenshot writes SVG, so the file's name ends in .svg, as in \((written as NSString).deletingPathExtension).svg",
                                     at: file.location)
        }
        try session.interacting { library in
            guard try library.keyWindow() != nil else { throw ClassLibraryError.noKeyWindow }
            let tree = try library.screenTree()
            do {
                try TextFile.write(ScreenDrawing(tree).svg, to: session.resolve(written, relativeTo: session.currentFile))
            } catch {
                throw ShellError("\(error); give a path in a directory that exists and can be written", at: file.location)
            }
            session.output.print("wrote \(written): \(tree.count) view\(tree.count == 1 ? "" : "s")")
        }
    }

    /// `LABEL [traits TRAIT]`: the view a step works on.
    private static let labelled: [Part] = [.argument("LABEL", .label), .optional([.word("traits"), .argument("TRAIT", .label)])]
    /// `[timeout SECONDS]`: how long a step waits.
    private static let timeout: Part = .optional([.word("timeout"), .argument("SECONDS", .expression)])

    static let enter = Command(
        name: "enter", summary: "type text after the text in a field (in place of it once selected), one character at a time through its delegate",
        signature: Signature([.argument("TEXT", .label), .word("into")] + labelled + [timeout]), example: "enter \"Ada\" into \"Name\""
    ) { session, arguments, command in
        let text = try arguments["TEXT"]!.string()
        let query = try session.query(arguments, for: command)
        try session.automating { try $0.enterText(text, into: query, timeout: try session.timeout(arguments, for: command)) }
    }

    static let clear = Command(
        name: "clear", summary: "delete the text of a field, one character at a time through its delegate",
        signature: Signature(labelled + [timeout]), example: "clear \"Name\""
    ) { session, arguments, command in
        let query = try session.query(arguments, for: command)
        try session.automating { try $0.clearText(from: query, timeout: try session.timeout(arguments, for: command)) }
    }

    static let tap = Command(
        name: "tap",
        summary: "tap a view once it can be touched (a control sends its actions, a cell selects its row), or a table's row by number",
        signature: Signature(
            [.word("row"), .argument("ROW", .object), .optional([.word("in"), .word("section"), .argument("SECTION", .object)]), .word("of")] + labelled + [timeout],
            labelled + [timeout]),
        example: "tap \"Say Hello\""
    ) { session, arguments, command in
        let query = try session.query(arguments, for: command)
        let timeout = try session.timeout(arguments, for: command)
        guard arguments.has("row") else {
            try session.automating { try $0.tap(query, timeout: timeout) }
            return
        }
        let row = try session.integer(arguments["ROW"]!, for: command)
        let section = try arguments["SECTION"].map { try session.integer($0, for: command) } ?? 0
        try session.automating { try $0.tapRow(row, section: section, inTable: query, timeout: timeout) }
    }

    static let longpress = Command(
        name: "longpress",
        summary: "hold a finger on a view (half a second by default): a long-press recognizer that takes a press that long begins and ends; "
            + "otherwise a text field or view shows the edit menu (Select All, Cut, Copy, Paste: tap them by title), and any other view is tapped",
        signature: Signature(labelled + [.optional([.word("for"), .argument("DURATION", .object)]), timeout]), example: "longpress \"Card\" for 1.5"
    ) { session, arguments, command in
        let query = try session.query(arguments, for: command)
        let duration = try arguments["DURATION"].map { try session.number($0, for: command) } ?? 0.5
        guard duration >= 0 else {
            throw command.usageError("a press lasts 0 seconds or more, not \(arguments["DURATION"]!.text)", at: arguments["DURATION"]?.location)
        }
        try session.automating { try $0.longPress(query, duration: duration, timeout: try session.timeout(arguments, for: command)) }
    }

    static let pick = Command(
        name: "pick",
        summary: "turn a picker's wheel to the row with a title (the first picker on screen, or the one named), telling its delegate",
        signature: Signature(
            [.argument("TITLE", .label), .optional([.word("in"), .word("component"), .argument("COMPONENT", .object)]),
             .optional([.word("of")] + labelled), timeout]),
        example: "pick \"Tuesday\" in component 1"
    ) { session, arguments, command in
        let title = try arguments["TITLE"]!.string()
        let component = try arguments["COMPONENT"].map { try session.integer($0, for: command) } ?? 0
        let query = arguments["LABEL"] == nil ? nil : try session.query(arguments, for: command)
        let timeout = try session.timeout(arguments, for: command)
        try session.automating { try $0.selectPickerRow(titled: title, inComponent: component, of: query, timeout: timeout) }
    }

    static let swipe = Command(
        name: "swipe", summary: "swipe a view left, right, up or down: the first swipe gesture recognizer for that direction on it or a view it is inside recognizes",
        signature: Signature([.argument("LABEL", .label), .argument("DIRECTION", .label), timeout]), example: "swipe \"Card\" left"
    ) { session, arguments, command in
        let query = try session.query(arguments, for: command)
        let written = arguments["DIRECTION"]!
        guard let direction = SwipeDirection.allCases.first(where: { $0.name == written.text }) else {
            throw command.usageError("'\(written.text)' is no direction: swipe left, right, up or down", at: written.location)
        }
        try session.automating { try $0.swipe(query, direction, timeout: try session.timeout(arguments, for: command)) }
    }

    static let scroll = Command(
        name: "scroll", summary: "drag a scroll view by fractions of its size, as a finger does (negative DY scrolls down)",
        signature: Signature(labelled + [.word("by"), .argument("DX", .object), .argument("DY", .object), timeout]), example: "scroll \"Settings\" by 0 -0.5"
    ) { session, arguments, command in
        let query = try session.query(arguments, for: command)
        let dx = try session.number(arguments["DX"]!, for: command), dy = try session.number(arguments["DY"]!, for: command)
        try session.automating {
            try $0.scroll(query, byFractionOfSizeHorizontal: dx, vertical: dy, timeout: try session.timeout(arguments, for: command))
        }
    }

    static let toggle = Command(
        name: "toggle", summary: "turn a switch on or off (or flip it), sending value-changed when it changes",
        signature: Signature(labelled + [.word("on"), timeout], labelled + [.word("off"), timeout], labelled + [timeout]), example: "toggle \"Notifications\" on"
    ) { session, arguments, command in
        let query = try session.query(arguments, for: command)
        let timeout = try session.timeout(arguments, for: command)
        try session.automating { library in
            if arguments.has("on") || arguments.has("off") {
                try library.setSwitch(query, on: arguments.has("on"), timeout: timeout)
            } else {
                try library.tap(query, timeout: timeout)
            }
        }
    }

    static let slide = Command(
        name: "slide", summary: "move a slider to a value, sending value-changed when it changes",
        signature: Signature(labelled + [.word("to"), .argument("VALUE", .object), timeout]), example: "slide \"Volume\" to 0.75"
    ) { session, arguments, command in
        let query = try session.query(arguments, for: command)
        let value = try session.number(arguments["VALUE"]!, for: command)
        try session.automating { try $0.setSlider(query, to: value, timeout: try session.timeout(arguments, for: command)) }
    }

    static let waitfor = Command(
        name: "waitfor",
        summary: "wait on the virtual clock for a view to be visible, to be tappable, or to be gone (10 s by default; no sleeping)",
        signature: Signature(
            [.word("absence")] + labelled + [timeout],
            labelled + [.word("to"), .word("be"), .word("tappable"), timeout],
            labelled + [timeout]),
        example: "waitfor \"Greeting\""
    ) { session, arguments, command in
        let query = try session.query(arguments, for: command)
        let timeout = try session.timeout(arguments, for: command)
        try session.automating { library in
            if arguments.has("absence") {
                try library.waitForAbsence(of: query, timeout: timeout)
            } else {
                try library.waitForView(query, tappable: arguments.has("tappable"), timeout: timeout)
            }
        }
    }
}

extension Session {
    /// Runs a UI interaction, reporting the class library's complaint as a shell error.
    @discardableResult
    func interacting<Result>(_ body: (ClassLibrary) throws -> Result) throws -> Result {
        do {
            return try body(library)
        } catch let error as ClassLibraryError {
            switch error {
            case .noKeyWindow: throw ShellError("\(error); show a controller first with window CONTROLLER")
            default: throw ShellError(error.description)
            }
        }
    }

    /// Runs a step of the UI engine: a view the step expected that is not there, or not
    /// usable, fails it as a broken expectation, worded for the prompt.
    func automating(_ body: (ClassLibrary) throws -> Void) throws {
        do {
            try interacting(body)
        } catch let error as UIAutomationError {
            if error.reason == .noKeyWindow { throw ShellError("there is no key window: no controller has been shown in one; show a controller first with window CONTROLLER") }
            throw BrokenExpectation(message: Self.words(for: error), screenshot: ScreenDrawing(error.tree).svg)
        }
    }

    /// The view a command names: `"Say Hello"`, `Done`, `#loginButton`, with `traits button`.
    fileprivate func query(_ arguments: CommandArguments, for command: Command) throws -> ViewQuery {
        let written = arguments["LABEL"]!
        let text = try written.string()
        var query: ViewQuery = written.tokens.count > 1 && text.hasPrefix("#") && !text.contains(" ")
            ? .identifier(String(text.dropFirst())) : .label(text)
        if let trait = arguments["TRAIT"] {
            guard let found = AccessibilityTrait.names.first(where: { $0.name.lowercased() == trait.text.lowercased() }) else {
                throw command.usageError(
                    "'\(trait.text)' is no accessibility trait; use one of " + AccessibilityTrait.names.map { $0.name.prefix(1).lowercased() + $0.name.dropFirst() }.joined(separator: ", "),
                    at: trait.location)
            }
            query.traits = found.value
        }
        return query
    }

    fileprivate func timeout(_ arguments: CommandArguments, for command: Command) throws -> Double? {
        guard let written = arguments["SECONDS"] else { return nil }
        let seconds = try number(written, for: command)
        guard seconds >= 0 else { throw command.usageError("a timeout is 0 seconds or more, not \(written.text)", at: written.location) }
        return seconds
    }

    fileprivate func number(_ written: ArgumentWords.Word, for command: Command) throws -> Double {
        let value = try evaluate(written)
        guard let number = value.numberValue, number.isFinite else {
            throw command.usageError("\(command.name) takes a number here, such as 0.5, but '\(written.text)' is \(value)", at: written.location)
        }
        return number
    }

    fileprivate func integer(_ written: ArgumentWords.Word, for command: Command) throws -> Int {
        let number = try number(written, for: command)
        guard number >= 0, number == number.rounded(.towardZero), let whole = Int(exactly: number) else {
            throw command.usageError("a row or section is a whole number, 0 or more, not \(written.text)", at: written.location)
        }
        return whole
    }

    /// A failed step in the shell's words: what was looked for, why it would not do, and
    /// for a view not found, the labels on screen.
    static func words(for error: UIAutomationError) -> String {
        var what = switch error.query?.key {
        case .label(let label)?: "the view labelled \(Value.string(label))"
        case .identifier(let identifier)?: "the view #\(identifier)"
        case .any?: "a view"
        case .firstResponder?: "the first responder"
        case nil: "the step"
        }
        if let traits = error.query?.traits, traits != 0 { what += " with traits \(traitNames(traits))" }
        if let value = error.query?.value { what += " and value \(Value.string(value))" }
        let waited = error.waited > 0 ? " after waiting \(VirtualClock.secondsText(error.waited))" : ""
        switch error.reason {
        case .noKeyWindow:
            return "there is no key window: no controller has been shown in one"
        case .notFound:
            let labels = error.labelsOnScreen
            return "\(what) is not on screen\(waited); the labels there are " + (labels.isEmpty ? "none" : labels.map { "\(Value.string($0))" }.joined(separator: ", "))
        case .valueDiffers(let actual):
            return "\(what) is not on screen\(waited): the view with that label has the value \(actual.map { "\(Value.string($0))" } ?? "nil")"
        case .traitsDiffer(let actual):
            return "\(what) is not on screen\(waited): the view with that label has the traits \(traitNames(actual))"
        case .notVisible(let view, let obstruction):
            return "\(what) (\(view)) is on screen but cannot be seen\(waited): \(words(for: obstruction, of: view)); show it before waiting for it"
        case .notTappable(let view, let obstruction):
            return "\(what) (\(view)) cannot be tapped\(waited): \(words(for: obstruction, of: view))"
        case .stillPresent(let view):
            return "\(what) (\(view)) is still on screen\(waited)"
        case .wrongKind(let view, let expected):
            return "\(what) is \(view), not a \(expected)"
        case .textDiffers(let expected, let actual):
            return "\(what) holds \(Value.string(actual)), not \(Value.string(expected)): its delegate refused some of the typing"
        case .firstResponderDiffers(let actual):
            return "\(what) is not the first responder\(waited); the first responder is \(actual.map { "\($0)" } ?? "nothing")"
        case .noSuchRow(let section, let row, let counts):
            let sections = counts.enumerated().map { "section \($0.offset) has \($0.element) row\($0.element == 1 ? "" : "s")" }
            return "\(what) has no row \(row) in section \(section); " + (sections.isEmpty ? "it has no sections" : sections.joined(separator: ", "))
        case .noRefreshControl(let scrollView):
            return "\(scrollView) has no refresh control to pull: set its refreshControl (or the table view controller's) first"
        case .noDateRow(let titles, let mode):
            let wheels = ["hour, minute and AM or PM", "month, day and year", "day (Jun 17 or Today), hour, minute and AM or PM", "hours and minutes"][min(max(mode, 0), 3)]
            return "the date picker's wheels have no \(titles.joined(separator: ", ")): in this mode they are \(wheels)"
        case .cannotMoveRows(let table):
            return "\(table) cannot move that row: its data source must implement tableView:moveRowAtIndexPath:toIndexPath: (and not refuse the row in tableView:canMoveRowAtIndexPath:)"
        case .cellNotShown(let list):
            return "\(list) shows no cell there even scrolled to it: give it a frame (and put it in the window) so it has room for cells"
        case .noSuchItem(let section, let item, let counts):
            let sections = counts.enumerated().map { "section \($0.offset) has \($0.element) item\($0.element == 1 ? "" : "s")" }
            return "\(what) has no item \(item) in section \(section); " + (sections.isEmpty ? "it has no sections" : sections.joined(separator: ", "))
        case .notPosted(let name):
            return "no \(name) notification was posted\(waited)"
        case .noPicker:
            return "no picker view can be seen\(waited); show one before picking from it"
        case .noPickerRow(let title, let component, let components, let titles):
            let picker = error.query == nil ? "the picker" : what
            guard component < components else {
                return "\(picker) has no component \(component)\(waited): it has \(components) (numbered from 0)"
            }
            return "\(picker) has no row titled \(Value.string(title)) in component \(component)\(waited); its titles are "
                + (titles.isEmpty ? "none" : titles.map { "\(Value.string($0))" }.joined(separator: ", "))
        }
    }

    private static func words(for obstruction: UIAutomationError.Obstruction, of view: Object) -> String {
        func which(_ other: Object) -> String { other === view ? "it is" : "it is inside \(other), which is" }
        return switch obstruction {
        case .hidden(let other): "\(which(other)) hidden"
        case .transparent(let other): "\(which(other)) fully transparent (alpha 0)"
        case .outsideWindow: "it lies outside the window"
        case .covered(let cover): "\(cover) covers it"
        case .interactionDisabled(let other): "\(which(other)) not taking touches (userInteractionEnabled is NO)"
        case .notEnabled: "it is not enabled"
        }
    }

    private static func traitNames(_ traits: Int) -> String {
        let names = AccessibilityTrait.described(traits)
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }

    /// Prints a view tree one view a line, indented by depth: the view, then its label,
    /// identifier, value, text or title, and whether it is hidden or transparent.
    func printTree(_ tree: [ViewTreeEntry], indentedBy extraDepth: Int = 0) {
        for entry in tree {
            var line = String(repeating: "  ", count: extraDepth + entry.depth) + entry.view.description
            if let label = entry.accessibilityLabel { line += " label=\(Value.string(label))" }
            if let identifier = entry.accessibilityIdentifier { line += " id=#\(identifier)" }
            if let value = entry.accessibilityValue, value != entry.text { line += " value=\(Value.string(value))" }
            if let text = entry.text { line += " text=\(Value.string(text))" }
            if let title = entry.title { line += " title=\(Value.string(title))" }
            if entry.isHidden { line += " hidden" }
            if entry.isTransparent { line += " alpha=0" }
            output.print(line)
        }
    }
}
