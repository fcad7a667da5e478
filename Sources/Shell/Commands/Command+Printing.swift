import Runtime

extension Command {
    /// lldb's printing commands, for users who type them out of habit.
    static let printing: [Command] = [p, po]

    static let p = Command(
        name: "p", summary: "print an expression's value, as lldb's p does; _ holds it afterwards",
        signature: Signature([.argument("EXPRESSION", .expression)]), example: "p vc.title"
    ) { session, arguments, command in
        let value = try session.evaluate(arguments["EXPRESSION"]!)
        session.output.print(value.description)
        session.rememberLastValue(value)
    }

    static let po = Command(
        name: "po", summary: "print an object's description (-description), as lldb's po does; _ holds it afterwards",
        signature: Signature([.argument("EXPRESSION", .expression)]), example: "po vc"
    ) { session, arguments, command in
        let value = try session.evaluate(arguments["EXPRESSION"]!)
        if case .string(let text) = value {
            session.output.print(text)
        } else if let object = value.object, case .string(let description) = try session.runtime.send("description", to: object) {
            session.output.print(description)
        } else {
            session.output.print(value.description)
        }
        session.rememberLastValue(value)
    }
}

extension Session {
    /// The name that holds the last value printed, as in lldb and Python's REPL.
    static let lastValueName = "_"

    /// Keeps `value` as `_` for the next statement.
    func rememberLastValue(_ value: Value) {
        variables.define(Self.lastValueName, value)
    }
}
