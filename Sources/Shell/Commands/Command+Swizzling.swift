import Runtime

extension Command {
    static let swizzling: [Command] = [exchange, swizzle, swizzles, restore]

    static let exchange = Command(
        name: "exchange", summary: "exchange two methods' implementations (an inherited one is first copied in)",
        usage: "exchange METHOD METHOD", example: "exchange -[MMLoginViewController viewDidLoad] -[MMLoginViewController probe]"
    ) { session, arguments, command in
        guard arguments.words.count == 2 else { throw command.usageError("give two methods") }
        try exchangeMethods(arguments.words[0], arguments.words[1], in: session)
    }

    static let swizzle = Command(
        name: "swizzle", summary: "swizzle a method with another, as the classic method swizzle does",
        usage: "swizzle METHOD with METHOD", example: "swizzle +[MMNetwork request:] with +[MMNetworkStub request:]"
    ) { session, arguments, command in
        let words = arguments.words
        guard words.count == 3, words[1] == "with" else { throw command.usageError("write the word 'with' between the two methods") }
        try exchangeMethods(words[0], words[2], in: session)
    }

    private static func exchangeMethods(_ first: String, _ second: String, in session: Session) throws {
        let a = try session.requireMethod(first)
        let b = try session.requireMethod(second)
        let entry = try session.runtime.exchangeImplementations(a.reference, b.reference)
        session.output.print(entry.description)
    }

    static let swizzles = Command(
        name: "swizzles", summary: "list the changes in effect (the ledger), oldest first",
        usage: "swizzles", example: "swizzles"
    ) { session, arguments, command in
        guard arguments.words.isEmpty else { throw command.usageError("it takes no arguments") }
        let ledger = session.runtime.ledger
        if ledger.isEmpty { session.output.print("no changes") }
        for entry in ledger { session.output.print(entry.description) }
    }

    static let restore = Command(
        name: "restore", summary: "undo the newest change, the changes to one method, or all of them (your own definitions stay)",
        usage: "restore [METHOD|all]", example: "restore -[MMLoginViewController viewDidLoad]"
    ) { session, arguments, command in
        let runtime = session.runtime
        let undone: [LedgerEntry]
        switch arguments.words.first {
        case nil:
            guard let newest = runtime.ledger.last else { throw ShellError("there is nothing to restore: the ledger is empty") }
            undone = try runtime.undo(newest.id)
        case "all":
            undone = runtime.undoAll()
        case let method?:
            let reference: MethodReference
            do { reference = try MethodReference(parsing: method) } catch { throw ShellError("\(error)") }
            let touching = runtime.ledger.filter { $0.references.contains(reference) }
            guard let oldest = touching.first else {
                throw ShellError("no change in effect touches \(reference); swizzles lists the changes")
            }
            undone = try runtime.undo(oldest.id)
        }
        for entry in undone { session.output.print("restored \(entry.description)") }
    }
}

extension LedgerEntry {
    /// The methods the entry names.
    var references: [MethodReference] {
        switch kind {
        case .addMethod(let method), .replaceMethod(let method), .setImplementation(let method): [method]
        case .exchangeImplementations(let first, let second): [first, second]
        default: addedInheritedMethods
        }
    }
}
