import Runtime

/// A shell command: a word at the start of a line, what it takes, and its help text.
struct Command: Sendable {
    let name: String
    /// One line for `help`.
    let summary: String
    /// What it takes: its usage line, its argument checks and Tab completion read this.
    let signature: Signature
    let example: String
    /// Whether a recording keeps it: commands about the session itself (`record`, `help`,
    /// `quit`) are left out of a transcript.
    var isRecorded = true
    /// Other names it answers to, as users of other shells type them (`exit` for `quit`).
    var aliases: [String] = []
    /// Runs the command with its arguments, already read by ``signature``; it receives
    /// itself for its usage text.
    let run: @Sendable (Session, CommandArguments, Command) throws -> Void

    /// Every command, in the order `help` lists them.
    static let all: [Command] = [help] + introspection + printing + swizzling + lifecycle + checks + [standIns] + doubles + interaction + clock + testing + sessionCommands + [record]

    static func named(_ name: String) -> Command? {
        guard let first = name.utf8.first, nameShapes[Int(first)] & lengthBit(name.utf8.count) != 0 else { return nil }
        return byName[name]
    }

    private static let byName = Dictionary(uniqueKeysWithValues: all.flatMap { command in ([command.name] + command.aliases).map { ($0, command) } })

    /// For each byte a command's name starts with, the lengths those names have, as bits
    /// (a longer name sets bit 63). Most statements start with a variable's name, and
    /// this tells it from a command without hashing it.
    private static let nameShapes: [UInt64] = byName.keys.reduce(into: [UInt64](repeating: 0, count: 256)) { shapes, name in
        if let first = name.utf8.first { shapes[Int(first)] |= lengthBit(name.utf8.count) }
    }

    private static func lengthBit(_ length: Int) -> UInt64 { 1 << UInt64(min(length, 63)) }

    /// How to call it, for `help NAME` and usage errors: read from ``signature``.
    var usage: String { signature.usage(of: name) }

    /// A usage error for this command.
    func usageError(_ problem: String, at location: SourceLocation? = nil) -> ShellError {
        ShellError("\(problem); usage: \(usage)", at: location)
    }
}

extension Session {
    /// The command a line's tokens start with, and the tokens of its arguments, unless the
    /// line is a statement that merely starts with a name that is also a command
    /// (`info = 3`, `trace.count`, `help;`).
    func commandInvocation(_ tokens: ArraySlice<Token>) -> (command: Command, arguments: ArraySlice<Token>)? {
        guard let first = tokens.first else { return nil }
        // `?` and `:help`, as other REPLs spell help, when they begin the line.
        if first.kind == .symbol("?") { return (Command.help, tokens.dropFirst()) }
        if first.kind == .symbol(":"), let word = tokens.dropFirst().first, word.identifier == "help",
           word.bytes.lowerBound == first.bytes.upperBound {
            return (Command.help, tokens.dropFirst(2))
        }
        guard let name = first.identifier, let command = Command.named(name) else { return nil }
        let arguments = tokens.dropFirst()
        guard let next = arguments.first else { return (command, arguments) }
        // `info[@"name"]`, `check(1)`: a name with no space after it is the statement's.
        guard next.bytes.lowerBound > tokens[tokens.startIndex].bytes.upperBound else { return nil }
        // `source = 3`, `trace .count` and `help ;` are statements; `source ../app.rtsh` is not.
        if !command.takesPath {
            switch next.kind {
            case .symbol(";"), .symbol("="): return nil
            case .symbol("."):
                let after = arguments.dropFirst().first
                if after?.identifier != nil, after?.bytes.lowerBound == next.bytes.upperBound { return nil }
            default: break
            }
        }
        return (command, arguments)
    }

    /// Reads the arguments, whose tokens `line` was lexed into, and runs the command.
    func run(_ command: Command, arguments: ArraySlice<Token>, line: String, file: String?, lineNumber: Int) -> Outcome {
        do {
            let bytes = Array(line.utf8)
            let words = ArgumentWords(arguments, of: bytes, endingAt: argumentsEnd(of: bytes, file: file, lineNumber: lineNumber))
            try command.run(self, CommandArguments(words, for: command), command)
        } catch is QuitRequest {
            return .quit
        } catch {
            report(error, file: file, firstLine: lineNumber, source: line)
        }
        return .done
    }

    /// Where a command line ends, for the error of a missing argument.
    private func argumentsEnd(of line: [UInt8], file: String?, lineNumber: Int) -> SourceLocation {
        // Columns count Unicode scalars, as the lexer's do: every byte that does not go on a
        // character's UTF-8 sequence. Trailing blanks are not counted.
        var columns = 0
        var trailingBlanks = 0
        for byte in line where byte & 0xC0 != 0x80 {
            columns += 1
            trailingBlanks = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") ? trailingBlanks + 1 : 0
        }
        return SourceLocation(file: file, line: lineNumber, column: columns - trailingBlanks + 1)
    }

    /// The class named `name`, or an error that suggests the nearest one.
    func requireClass(_ name: String, at location: SourceLocation? = nil) throws -> Class {
        guard let cls = try findClass(named: name, makingStandIns: false) else { throw unknownClass(name, at: location) }
        return cls
    }

    /// The class an argument names.
    /// The class a command's argument names, or the class of the object in the variable
    /// it names (`info vc`), as lldb users expect of an instance.
    func requireClass(_ argument: ArgumentWords.Word) throws -> Class {
        if let object = try objectInVariable(argument) { return object as? Class ?? object.isa }
        return try requireClass(argument.text, at: argument.location)
    }

    /// The object in the variable `argument` names, when no class has that name.
    func objectInVariable(_ argument: ArgumentWords.Word) throws -> Object? {
        guard try findClass(named: argument.text, makingStandIns: false) == nil else { return nil }
        return variables.lookUp(argument.text)?.object
    }

    /// The glob an argument is written as (`MM*`).
    func glob(_ argument: ArgumentWords.Word) throws -> Glob {
        do { return try Glob(argument.text) } catch { throw ShellError("\(error)", at: argument.location) }
    }

    /// `-[Class selector]` or `+[Class selector]` as written, not yet checked against the runtime.
    func methodReference(_ argument: ArgumentWords.Word) throws -> MethodReference {
        do { return try MethodReference(parsing: argument.text) } catch { throw ShellError("\(error)", at: argument.location) }
    }

    /// `-[Class selector]` or `+[Class selector]`, checked against the runtime.
    func requireMethod(_ argument: ArgumentWords.Word) throws -> (reference: MethodReference, method: Method) {
        let reference = try methodReference(argument)
        let cls = try requireClass(reference.className, at: argument.location)
        let target = reference.isClassMethod ? cls.isa : cls
        let selector = try runtime.selector(reference.selector)
        guard let method = runtime.lookUpMethod(selector, in: target) else {
            let known = target.lineage.flatMap { runtime.methods(of: $0).map(\.selector.name) }
            throw ShellError("\(reference) does not exist: \(cls.name) has no such \(reference.isClassMethod ? "class" : "instance") method"
                + Suggestions.didYouMean(reference.selector, among: known), at: argument.location)
        }
        return (reference, method)
    }

    /// The value an argument is written as: a variable or any expression.
    func evaluate(_ argument: ArgumentWords.Word) throws -> Value {
        try topLevelInterpreter().bindAndEvaluate(argument.expression(types: types))
    }

    /// The object an argument names: a variable or any expression.
    func requireObject(_ argument: ArgumentWords.Word, for command: Command) throws -> Object {
        let value = try evaluate(argument)
        guard let object = value.object else {
            throw command.usageError("'\(argument.text)' is \(value.kindDescription) (\(value)), not an object", at: argument.location)
        }
        return object
    }
}

extension Command {
    /// Whether the argument is a path, which may start with a dot (`source`, `record`).
    var takesPath: Bool { name == "source" || name == "record" }
}

/// Thrown by `quit` to end the session.
struct QuitRequest: Error {}
