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
            if parts.isEmpty || (parts.count == 1 && !before.hasSuffix(" ")) { return classNames() }
        }
        // Dot syntax: the properties and argument-free methods of the object before the dot.
        if let dot = word.lastIndex(of: ".") {
            let receiverName = String(word[..<dot])
            let prefix = String(word[...dot])
            guard let cls = staticClass(of: receiverName) else { return [] }
            return zeroArgumentNames(of: cls).map { prefix + $0 }
        }
        // `[receiver `: the selectors the receiver responds to.
        if before.hasSuffix(" "), let receiverName = String(before.dropLast()).lastMessageReceiver {
            return staticClass(of: receiverName).map(selectorNames) ?? []
        }
        guard !isContinuing else { return variableAndClassNames() }
        // At the start of a line: commands, variables and classes.
        guard let commandName = words.first, let command = Command.named(commandName) else {
            return words.isEmpty && !before.contains("[") ? Command.all.map(\.name) + variableAndClassNames() : variableAndClassNames()
        }
        return arguments(of: command, before: before, word: word)
    }

    /// The class of what `text` evaluates to, found without running anything: Tab must
    /// never send a message (`vc.view` would load the view and run `viewDidLoad`). Variables
    /// and class names are read; a property's class is its declared type's.
    func staticClass(of text: String) -> Class? {
        guard var parser = try? Parser(text, types: types), let expression = try? parser.expression(), parser.atEnd else { return nil }
        return staticClass(of: expression)
    }

    private func staticClass(of expression: Expression) -> Class? {
        switch expression {
        case .name(let name, _):
            if let value = variables.lookUp(name) { return value.object?.isa }
            // A class object's messages are its metaclass's.
            return runtime.class(named: name)?.isa
        case .property(let base, let name, _):
            guard let baseClass = staticClass(of: base), let property = runtime.property(named: name, in: baseClass),
                  case .object(let className?) = property.type else { return nil }
            return runtime.class(named: className)
        default:
            return nil
        }
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
        case .className, .classPattern, .filter: classNames()
        case .selector: runtime.selectors.map(\.name)
        case .auditedSelector: SuperCallPolicy.uikit.rules.map(\.selector)
        case .method: ["-[", "+["]
        case .changedMethod: runtime.ledger.flatMap(\.references).map(\.description)
        case .event: LifecycleEvent.allCases.map(\.selectorName)
        case .boolean: ["YES", "NO"]
        case .object: variableNames()
        case .expression, .message, .label: variableAndClassNames()
        case .command: Command.all.map(\.name)
        case .path: fileNames(matching: word)
        case .newName: []
        }
    }

    // MARK: Name lists

    private func classNames() -> [String] { runtime.classes.map(\.name) }
    private func variableNames() -> [String] { variables.all.map(\.name) }
    private func variableAndClassNames() -> [String] { variableNames() + classNames() }

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

    /// The receiver of a message being typed: the name right after the last unclosed `[`.
    var lastMessageReceiver: String? {
        var depth = 0
        for index in indices.reversed() {
            switch self[index] {
            case "]": depth += 1
            case "[":
                if depth == 0 {
                    let receiver = self[self.index(after: index)...].trimmingWhitespace()
                    return receiver.isEmpty || receiver.contains(" ") ? nil : receiver
                }
                depth -= 1
            default: break
            }
        }
        return nil
    }
}
