/// A method named as Objective-C developers name one: `-[Class selector]` for an instance
/// method, `+[Class selector]` for a class method.
public struct MethodReference: Hashable, Sendable, CustomStringConvertible {
    public let className: String
    public let selector: String
    public let isClassMethod: Bool

    public init(className: String, selector: String, isClassMethod: Bool = false) {
        self.className = className
        self.selector = selector
        self.isClassMethod = isClassMethod
    }

    /// Parses `-[Class selector]` or `+[Class selector]`; spaces inside are tolerated.
    public init(parsing text: String) throws(RuntimeError) {
        let trimmed = text.trimmingWhitespace()
        guard let sign = trimmed.first, sign == "-" || sign == "+" else {
            throw .invalidMethodReference(text, reason: "it must start with '-' (instance method) or '+' (class method)")
        }
        let body = trimmed.dropFirst().trimmingWhitespace()
        guard body.first == "[", body.last == "]" else {
            throw .invalidMethodReference(text, reason: "the class and selector must be in brackets")
        }
        let words = body.dropFirst().dropLast().split(separator: " ", omittingEmptySubsequences: true)
        guard words.count == 2 else {
            throw .invalidMethodReference(text, reason: "the brackets must hold a class name and a selector separated by a space")
        }
        guard Selector.isValidName(String(words[1])) else {
            throw .invalidMethodReference(text, reason: "'\(words[1])' is not a selector")
        }
        self.init(className: String(words[0]), selector: String(words[1]), isClassMethod: sign == "+")
    }

    /// `-[UIViewController viewDidLoad]`
    public var description: String { "\(isClassMethod ? "+" : "-")[\(className) \(selector)]" }

    /// Appends the ``description``'s UTF-8 bytes, for text that holds the reference among
    /// other parts and is built without a string for the reference on the way.
    package func appendDescription(to bytes: inout [UInt8]) {
        bytes += (isClassMethod ? "+[" : "-[").utf8
        bytes += className.utf8
        bytes.append(UInt8(ascii: " "))
        bytes += selector.utf8
        bytes.append(UInt8(ascii: "]"))
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace; shared with the shell.
    package func trimmingWhitespace() -> String {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return String(self[start..<Swift.max(start, end)])
    }
}
