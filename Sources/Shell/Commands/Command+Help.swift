extension Command {
    static let help = Command(
        name: "help", summary: "list the commands, or explain one",
        usage: "help [COMMAND]", example: "help methods"
    ) { session, arguments, command in
        guard let name = arguments.words.first else {
            let width = all.map(\.name.count).max() ?? 0
            session.output.print("Commands:")
            for command in all {
                session.output.print("  " + command.name.padding(to: width) + "  " + command.summary)
            }
            session.output.print("""
                Anything else is a statement in Objective-C's message syntax ([vc viewDidLoad], \
                vc.title = "Login", x = [MMLogin new]) or a definition (@interface, @protocol, \
                @implementation ... @end). METHOD is written -[Class selector] or +[Class selector].
                """)
            return
        }
        guard let command = named(name) else {
            throw ShellError("no command named '\(name)'" + Suggestions.didYouMean(name, among: all.map(\.name)))
        }
        session.output.print("\(command.name): \(command.summary)")
        session.output.print("usage: \(command.usage)")
        session.output.print("example: \(command.example)")
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
