import Runtime
import UIKitModel

extension Command {
    static let interaction: [Command] = [window, views, enter, tap, waitfor]

    static let window = Command(
        name: "window", summary: "show a view controller in a new key window, replacing the previous one",
        usage: "window CONTROLLER", example: "window hello"
    ) { session, arguments, command in
        guard arguments.words.count == 1 else { throw command.usageError("give one view controller") }
        try session.interacting { try $0.showInKeyWindow(try session.requireObject(arguments.words[0], for: command)) }
    }

    static let views = Command(
        name: "views", summary: "print the view hierarchy with classes and accessibility labels (the key window's by default)",
        usage: "views [CONTROLLER]", example: "views hello"
    ) { session, arguments, command in
        guard arguments.words.count <= 1 else { throw command.usageError("give at most one view controller") }
        try session.interacting { library in
            if let name = arguments.words.first {
                guard let view = try session.runtime.send("view", to: try session.requireObject(name, for: command)).object else { return }
                for line in try library.describeTree(of: view) { session.output.print(line) }
                return
            }
            guard let window = try library.keyWindow() else { throw ClassLibraryError.noKeyWindow }
            session.output.print(window.description)
            guard let root = try session.runtime.send("rootViewController", to: window).object,
                  let view = try session.runtime.send("view", to: try library.visibleController(from: root)).object else { return }
            for line in try library.describeTree(of: view, depth: 1) { session.output.print(line) }
        }
    }

    static let enter = Command(
        name: "enter", summary: "type text into the text field with an accessibility label",
        usage: "enter TEXT into LABEL", example: "enter \"Ada\" into \"Name\""
    ) { session, arguments, command in
        let words = arguments.words
        guard words.count == 3, words[1] == "into" else { throw command.usageError("write the text, the word 'into', then the label") }
        try session.interacting { try $0.enter(words[0], into: words[2]) }
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
        Command(name: name, summary: summary, usage: "\(name) LABEL", example: example) { session, arguments, command in
            guard arguments.words.count == 1 else { throw command.usageError("give one label (in quotes if it has spaces)") }
            try session.interacting { try interaction($0, arguments.words[0]) }
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
            default: throw ShellError(error.description)
            }
        }
    }
}
