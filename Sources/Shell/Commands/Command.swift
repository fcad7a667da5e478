import Runtime

/// A shell command: a word at the start of a line, with its help text.
struct Command: Sendable {
    let name: String
    /// One line for `help`.
    let summary: String
    /// How to call it, for `help NAME` and usage errors.
    let usage: String
    let example: String
    /// Runs the command; it receives itself for its usage text.
    let run: @Sendable (Session, CommandArguments, Command) throws -> Void

    /// Every command, in the order `help` lists them.
    static let all: [Command] = [help] + introspection + swizzling + lifecycle + checks + doubles + interaction + sessionCommands + [record]

    static func named(_ name: String) -> Command? {
        all.first { $0.name == name }
    }

    /// A usage error for this command.
    func usageError(_ problem: String) -> ShellError {
        ShellError("\(problem); usage: \(usage)")
    }
}

/// A command's arguments: words split at spaces, with `-[Class selector]`, `+[...]` and
/// quoted strings kept whole.
struct CommandArguments {
    let words: [String]
    /// Everything after the command name, as typed.
    let text: String

    init(_ text: String) {
        self.text = text
        var words: [String] = []
        var current = ""
        var bracketDepth = 0
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
                continue
            }
            if character == "\"" && current.isEmpty {
                quote = character
                continue
            }
            if character == "[" { bracketDepth += 1 }
            if character == "]" { bracketDepth = max(0, bracketDepth - 1) }
            if character.isWhitespace && bracketDepth == 0 {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        self.words = words
    }

    /// Whether `flag` was given, and the words without it.
    func hasFlag(_ flag: String) -> Bool { words.contains(flag) }

    /// The value after `option`, if the option was given.
    func value(after option: String) -> String? {
        guard let index = words.firstIndex(of: option), index + 1 < words.count else { return nil }
        return words[index + 1]
    }

    /// The words that are neither options nor option values.
    func positional(options: Set<String> = [], flags: Set<String> = []) -> [String] {
        var result: [String] = []
        var skipNext = false
        for word in words {
            if skipNext { skipNext = false; continue }
            if options.contains(word) { skipNext = true; continue }
            if flags.contains(word) { continue }
            result.append(word)
        }
        return result
    }
}

extension Session {
    /// The command a line starts with, unless the line is a statement that merely starts
    /// with a name that is also a command (`info = 3`, `trace.count`).
    func commandInvocation(_ line: String) -> (Command, CommandArguments)? {
        let name = String(line.prefix { !$0.isWhitespace })
        guard let command = Command.named(name) else { return nil }
        let rest = line.dropFirst(name.count).trimmingWhitespace()
        // `source = 3`, `trace.count` and `help;` are statements; `source ../app.rtsh` is not.
        let next = rest.first
        let dotSyntax = next == "." && rest.dropFirst().first.map { $0 == "_" || $0.isLetter } == true
        if !Self.pathCommands.contains(name), dotSyntax || next == ";" || (next == "=" && !rest.hasPrefix("==")) {
            return nil
        }
        return (command, CommandArguments(rest))
    }

    func run(_ command: Command, arguments: CommandArguments, file: String?, line: Int) -> Outcome {
        do {
            try command.run(self, arguments, command)
        } catch is QuitRequest {
            return .quit
        } catch {
            report(error, file: file, firstLine: line, source: nil)
        }
        return .done
    }

    /// The class named `name`, or an error that suggests the nearest one.
    func requireClass(_ name: String) throws -> Class {
        guard let cls = try findClass(named: name) else { throw unknownClass(name) }
        return cls
    }

    /// `-[Class selector]` or `+[Class selector]`, checked against the runtime.
    func requireMethod(_ text: String) throws -> (reference: MethodReference, method: Method) {
        let reference: MethodReference
        do { reference = try MethodReference(parsing: text) } catch { throw ShellError("\(error)") }
        let cls = try requireClass(reference.className)
        let target = reference.isClassMethod ? cls.isa : cls
        let selector = try runtime.selector(reference.selector)
        guard let method = runtime.lookUpMethod(selector, in: target) else {
            let known = target.lineage.flatMap { runtime.methods(of: $0).map(\.selector.name) }
            throw ShellError("\(reference) does not exist: \(cls.name) has no such \(reference.isClassMethod ? "class" : "instance") method"
                + Suggestions.didYouMean(reference.selector, among: known))
        }
        return (reference, method)
    }

    /// The object an argument names: a variable or any expression.
    func requireObject(_ text: String, for command: Command) throws -> Object {
        guard !text.isEmpty else { throw command.usageError("an object is needed") }
        let value = try evaluateExpression(text)
        guard let object = value.object else {
            throw ShellError("'\(text)' is \(value.kindDescription) (\(value)), not an object; usage: \(command.usage)")
        }
        return object
    }
}

extension Session {
    /// Commands whose argument is a path, which may start with a dot.
    static let pathCommands: Set<String> = ["source", "record"]
}

/// Thrown by `quit` to end the session.
struct QuitRequest: Error {}
