import Foundation
import Runtime
import UIKitModel

/// What Tab can complete: candidates for the word that starts at `wordStart`.
public struct Completion: Equatable, Sendable {
    /// Where the word being completed starts, as a Character offset into the line.
    public var wordStart: Int
    /// Every known name that starts with the word, sorted.
    public var candidates: [String]
}

extension Session {
    /// Completions for the text before the cursor, by context: commands at the start of a
    /// line, class names where a class goes, variables, the receiver class's selectors
    /// after `[receiver `, a class's selectors after `-[Class `, properties after `object.`,
    /// file names after `source`.
    public func complete(_ lineBeforeCursor: String) -> Completion {
        let line = Array(lineBeforeCursor)
        var start = line.count
        while start > 0, !Self.separators.contains(line[start - 1]) { start -= 1 }
        let word = String(line[start...])
        let before = String(line[..<start])
        return Completion(wordStart: start, candidates: candidates(for: word, before: before).filter { $0.hasPrefix(word) }.sortedUnique())
    }

    private static let separators: Set<Character> = [" ", "\t", "[", "(", ",", "=", "!", "&", "|", "{", "}", ";", "@"]

    private func candidates(for word: String, before: String) -> [String] {
        let words = before.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        // `-[Class ` and `+[Class `: that class's selectors; `-[`: class names.
        if let method = before.lastMethodReferenceStart {
            let inside = before[method.range].dropFirst(2)
            let parts = inside.split(separator: " ")
            if before.hasSuffix(" "), parts.count == 1, let cls = runtime.class(named: String(parts[0])) {
                return selectorNames(of: method.isClassMethod ? cls.isa : cls)
            }
            if parts.isEmpty || (parts.count == 1 && !before.hasSuffix(" ")) { return classNames(startingWith: word) }
        }
        let command = words.first.flatMap { Command.named($0) }
        // Dot syntax: the properties and argument-free methods of the object before the dot.
        if let dot = word.lastIndex(of: ".") {
            let prefix = String(word[...dot])
            guard case .member(let base)? = expectation(at: before + prefix, isCommand: command != nil),
                  let cls = staticClass(of: base) else { return [] }
            return zeroArgumentNames(of: cls).map { prefix + $0 }
        }
        // Inside an expression, what the parser expected where the text ends.
        switch expectation(at: before, isCommand: command != nil) {
        case .selector(of: .expression(let receiver), let soFar)?:
            guard let cls = staticClass(of: receiver) else { return [] }
            // The whole selector first; once parts are written, the part that comes next.
            return soFar.isEmpty ? selectorNames(of: cls) : selectorNames(of: cls).compactMap { Self.nextPart(of: $0, after: soFar) }
        case .selector?, .member?:
            return []
        case .expression?:
            return variableAndClassNames(startingWith: word)
        case nil:
            break
        }
        guard !isContinuing else { return variableAndClassNames(startingWith: word) }
        // At the start of a line: commands, variables and classes.
        guard let command else {
            return words.isEmpty && !before.contains("[") ? Command.all.map(\.name) + variableAndClassNames(startingWith: word) : variableAndClassNames(startingWith: word)
        }
        return arguments(of: command, before: before, word: word)
    }

    /// The part of `selector` that follows the parts already written (`animated:` of
    /// `pushViewController:animated:` after `pushViewController:`), or nil if it does not
    /// start with them.
    private static func nextPart(of selector: String, after written: String) -> String? {
        guard selector.hasPrefix(written), selector.count > written.count else { return nil }
        let rest = selector.dropFirst(written.count)
        return String(rest.firstIndex(of: ":").map { rest[...$0] } ?? rest)
    }

    /// What the parser expected where `text` ends, if the text ends inside an expression:
    /// the text is read, never run. In a command's line, the expression may start at any
    /// argument, so each tail of the line after the command's name is tried, longest first.
    func expectation(at text: String, isCommand: Bool) -> Parser.Expectation? {
        guard let tokens = try? Lexer.tokens(of: text, at: .start, mode: .script) else { return nil }
        let starts = isCommand ? Array(tokens.indices.dropFirst().dropLast()) : [tokens.startIndex]
        for start in starts {
            var parser = Parser(tokens: Array(tokens[start...]), mode: .prompt, types: types)
            do {
                _ = try parser.parseAll()
            } catch {
                if error.isIncompleteInput, let expectation = parser.expectedAtEnd { return expectation }
            }
        }
        return nil
    }

    /// The class of what `expression` evaluates to, found without running anything: Tab
    /// must never send a message (`vc.view` would load the view and run `viewDidLoad`).
    /// Variables and class names are read; a property's class, also when it is asked for
    /// as a message (`[vc view]`), is its declared type's.
    private func staticClass(of expression: Expression) -> Class? {
        switch expression {
        case .name(let name, _):
            if let value = variables.lookUp(name) { return value.object?.isa }
            // A class object's messages are its metaclass's.
            return runtime.class(named: name)?.isa
        case .property(let base, let name, _):
            return staticClass(ofProperty: name, of: base)
        case .message(receiver: .expression(let base), let selector, let arguments, _) where arguments.isEmpty:
            return staticClass(ofProperty: selector, of: base)
        default:
            return nil
        }
    }

    /// The declared class of the property `name` of what `base` evaluates to.
    private func staticClass(ofProperty name: String, of base: Expression) -> Class? {
        guard let baseClass = staticClass(of: base), let property = runtime.property(named: name, in: baseClass),
              case .object(let className?) = property.type else { return nil }
        return runtime.class(named: className)
    }

    /// What may come next in the command's arguments, read from its signature.
    private func arguments(of command: Command, before: String, word: String) -> [String] {
        let typed = before.drop { !$0.isWhitespace }
        let words = (try? ArgumentWords(String(typed), at: .start))?.words.map(\.text) ?? []
        var matcher = SignatureMatcher(words)
        return matcher.next(in: command.signature).flatMap { part -> [String] in
            switch part {
            case .word(let word): [word]
            case .flags(let flags): flags.filter { !words.contains($0) }
            case .optional: []
            case .value(let argument): candidates(for: argument.kind, word: word)
            }
        }
    }

    private func candidates(for kind: Argument.Kind, word: String) -> [String] {
        switch kind {
        case .className, .classPattern, .filter: classNames(startingWith: word)
        case .selector: runtime.selectors.map(\.name)
        case .auditedSelector: superCallPolicy.rules.map(\.selector)
        case .ruleTarget: superCallPolicy.rules.map(\.selector) + ["-["]
        case .method: ["-[", "+["]
        case .changedMethod: runtime.ledger.flatMap(\.references).map(\.description)
        case .event: LifecycleEvent.allCases.map(\.selectorName)
        case .boolean: ["YES", "NO"]
        case .object: variableNames()
        case .expression, .message, .label: variableAndClassNames(startingWith: word)
        case .command: Command.all.map(\.name)
        case .path: fileNames(matching: word)
        case .newName: []
        }
    }

    // MARK: Name lists

    /// Class names that start with `word`, from the runtime's sorted index: completion
    /// must not list every class on each keystroke.
    private func classNames(startingWith word: String) -> [String] { runtime.classNames(withPrefix: word) }
    private func variableNames() -> [String] { variables.all.map(\.name) }
    private func variableAndClassNames(startingWith word: String) -> [String] {
        variableNames() + classNames(startingWith: word)
    }

    /// Selectors the class (or metaclass) responds to, its own and inherited.
    private func selectorNames(of cls: Class) -> [String] {
        cls.lineage.flatMap { runtime.methods(of: $0).map(\.selector.name) }
    }

    private func zeroArgumentNames(of cls: Class) -> [String] {
        cls.lineage.flatMap { runtime.methods(of: $0).map(\.selector.name) }.filter { !$0.contains(":") }
    }

    /// Paths that complete `word`: entries of its directory, directories with a trailing `/`.
    private func fileNames(matching word: String) -> [String] {
        let directoryPart = word.contains("/") ? String(word[...word.lastIndex(of: "/")!]) : ""
        let directory = resolve(directoryPart.isEmpty ? "." : directoryPart, relativeTo: nil)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return entries.filter { !$0.hasPrefix(".") }.map { entry in
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(entry), isDirectory: &isDirectory)
            return directoryPart + entry + (isDirectory.boolValue ? "/" : "")
        }
    }
}

extension Array where Element == String {
    func sortedUnique() -> [String] { Array(Set(self)).sorted() }
}

extension String {
    /// The last `-[` or `+[` not yet closed, if the text ends inside one.
    var lastMethodReferenceStart: (range: Range<String.Index>, isClassMethod: Bool)? {
        guard let open = range(of: "[", options: .backwards), open.lowerBound > startIndex else { return nil }
        let sign = self[index(before: open.lowerBound)]
        guard sign == "-" || sign == "+", !self[open.upperBound...].contains("]") else { return nil }
        return (index(before: open.lowerBound)..<endIndex, sign == "+")
    }
}
