extension Command {
    static let help = Command(
        name: "help", summary: "list the commands, or explain one",
        signature: Signature([.optional([.argument("COMMAND", .command)])]), example: "help methods", isRecorded: false
    ) { session, arguments, command in
        guard let written = arguments["COMMAND"] else {
            let width = all.map(\.name.count).max() ?? 0
            session.output.print("Commands:")
            for command in all {
                session.output.print("  " + command.name.padding(to: width) + "  " + command.summary)
            }
            session.output.print("""
                Anything else is a statement in Objective-C's message syntax ([vc viewDidLoad], \
                vc.title = "Login", x = [MMLogin new]) or a definition (@interface, @protocol, \
                @implementation ... @end). What is not finished yet (an open block or bracket, \
                x =, if (ready)) continues on the next line at ...> ; Ctrl-C abandons it. Tab completes \
                from what the parser expects there, without running anything. METHOD is written \
                -[Class selector] or +[Class selector]. _ is the last value printed; ? and :help \
                show this list.
                """)
            return
        }
        guard let command = named(written.text) else {
            throw ShellError("no command named '\(written.text)'" + Suggestions.didYouMean(written.text, among: all.map(\.name)), at: written.location)
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
