import Runtime

extension Command {
    static let swizzling: [Command] = [exchange, swizzle, swizzles, restore]

    static let exchange = Command(
        name: "exchange", summary: "exchange two methods' implementations (an inherited one is first copied in)",
        signature: Signature([.argument("METHOD", .method), .argument("METHOD", .method)]),
        example: "exchange -[MMLoginViewController viewDidLoad] -[MMLoginViewController probe]"
    ) { session, arguments, command in
        try exchangeMethods(arguments.all("METHOD"), in: session)
    }

    static let swizzle = Command(
        name: "swizzle", summary: "swizzle a method with another, as the classic method swizzle does",
        signature: Signature([.argument("METHOD", .method), .word("with"), .argument("METHOD", .method)]),
        example: "swizzle +[MMNetwork request:] with +[MMNetworkStub request:]"
    ) { session, arguments, command in
        try exchangeMethods(arguments.all("METHOD"), in: session)
    }

    /// Exchanges the two methods the signature guarantees.
    private static func exchangeMethods(_ methods: [ArgumentWords.Word], in session: Session) throws {
        let a = try session.requireMethod(methods[0])
        let b = try session.requireMethod(methods[1])
        let entry = try session.runtime.exchangeImplementations(a.reference, b.reference)
        session.output.print(entry.description)
    }

    static let swizzles = Command(
        name: "swizzles", summary: "list the changes in effect (the ledger), oldest first",
        signature: Signature([]), example: "swizzles"
    ) { session, arguments, command in
        let ledger = session.runtime.ledger
        if ledger.isEmpty { session.output.print("no changes") }
        for entry in ledger { session.output.print(entry.description) }
    }

    static let restore = Command(
        name: "restore", summary: "undo the newest change, the changes to one method, or all of them (your own definitions stay)",
        signature: Signature([.word("all")], [.argument("METHOD", .changedMethod)], []),
        example: "restore -[MMLoginViewController viewDidLoad]"
    ) { session, arguments, command in
        let runtime = session.runtime
        let undone: LedgerEntries
        if arguments.has("all") {
            undone = runtime.undoAll()
        } else if let method = arguments["METHOD"] {
            let reference = try session.methodReference(method)
            let touching = runtime.ledger.filter { $0.references.contains(reference) }
            guard let oldest = touching.first else {
                throw ShellError("no change in effect touches \(reference); swizzles lists the changes", at: method.location)
            }
            undone = try runtime.undo(oldest.id)
        } else {
            guard let newest = runtime.ledger.last else { throw ShellError("there is nothing to restore: the ledger is empty") }
            undone = try runtime.undo(newest.id)
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
