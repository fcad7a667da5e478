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
                show this list, and help functions the functions a statement can call.
                """)
            return
        }
        if written.text == "functions" {
            session.output.print("Functions a statement can call, besides blocks in variables:")
            for line in Interpreter.listedFunctions.joined(separator: ", ").wrapped(to: 96) { session.output.print("  " + line) }
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
    /// The text in lines of at most `width` characters, broken at spaces; a longer word
    /// has a line to itself.
    func wrapped(to width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return line.isEmpty ? lines : lines + [line]
    }

    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
