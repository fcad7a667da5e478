import Runtime
import UIKitModel

extension Command {
    static let interaction: [Command] = [window, views, enter, tap, waitfor]

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
            guard let window = try library.keyWindow() else { throw ClassLibraryError.noKeyWindow }
            session.output.print(window.description)
            guard let root = try session.runtime.send("rootViewController", to: window).object,
                  let view = try session.runtime.send("view", to: try library.visibleController(from: root)).object else { return }
            session.printTree(try library.viewTree(of: view), indentedBy: 1)
        }
    }

    static let enter = Command(
        name: "enter", summary: "type text into the text field with an accessibility label",
        signature: Signature([.argument("TEXT", .label), .word("into"), .argument("LABEL", .label)]), example: "enter \"Ada\" into \"Name\""
    ) { session, arguments, command in
        let text = try arguments["TEXT"]!.string(), label = try arguments["LABEL"]!.string()
        try session.interacting { try $0.enter(text, into: label) }
    }

    static let tap = labelCommand(
        "tap", summary: "tap the button with an accessibility label: it sends its actions", example: "tap \"Say Hello\""
    ) { library, label in try library.tap(label) }

    static let waitfor = labelCommand(
        "waitfor", summary: "check that a visible view with an accessibility label is on screen (bounded: no sleeping)",
        example: "waitfor \"Greeting\""
    ) { library, label in try library.waitFor(label) }

    /// `tap LABEL` and `waitfor LABEL`: one label, one interaction.
    private static func labelCommand(
        _ name: String, summary: String, example: String, interaction: @escaping @Sendable (ClassLibrary, String) throws -> Void
    ) -> Command {
        Command(name: name, summary: summary, signature: Signature([.argument("LABEL", .label)]), example: example) { session, arguments, command in
            let label = try arguments["LABEL"]!.string()
            try session.interacting { try interaction($0, label) }
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
            // A view the test expected that is not there, or not usable, fails the test.
            switch error {
            case .noViewLabelled, .hiddenView, .notInteractive: throw BrokenExpectation(message: error.description)
            case .noKeyWindow: throw ShellError("\(error); show a controller first with window CONTROLLER")
            default: throw ShellError(error.description)
            }
        }
    }

    /// Prints a view tree one view a line, indented by depth: the view, then its label,
    /// text or title, and whether it is hidden or transparent.
    func printTree(_ tree: [ViewTreeEntry], indentedBy extraDepth: Int = 0) {
        for entry in tree {
            var line = String(repeating: "  ", count: extraDepth + entry.depth) + entry.view.description
            if let label = entry.accessibilityLabel { line += " label=\(Value.string(label))" }
            if let text = entry.text { line += " text=\(Value.string(text))" }
            if let title = entry.title { line += " title=\(Value.string(title))" }
            if entry.isHidden { line += " hidden" }
            if entry.isTransparent { line += " alpha=0" }
            output.print(line)
        }
    }
}
