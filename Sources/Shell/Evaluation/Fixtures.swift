import Foundation
import Runtime
import UIKitModel

/// Test data read from JSON files: `fixture("coaches.json")`.
enum Fixtures {
    /// The JSON file `name`, taken relative to `directory`, as values: objects become
    /// dictionaries, numbers integers (or doubles with a fraction or exponent), `null` nil.
    static func load(_ name: String, relativeTo directory: String, at location: SourceLocation) throws -> Value {
        let path = name.hasPrefix("/") ? name : (directory as NSString).appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw EvaluationError(.fixtureMissing(path: path), at: location)
        }
        do throws(JSONReadError) {
            return value(of: try JSONReader.read([UInt8](data), allowingFragments: true))
        } catch {
            if error.kind == .invalidUTF8 { throw EvaluationError(.fixtureNotUTF8(path: path), at: location) }
            throw EvaluationError(.fixtureNotJSON(path: path, error), at: location)
        }
    }

    private static func value(of node: JSONNode) -> Value {
        switch node {
        case .null: .nil
        case .bool(let flag): .bool(flag)
        case .int(let number): .int(number)
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(value(of:)))
        case .object(let members): .dictionary(Dictionary(members.map { (Value.string($0.key), value(of: $0.value)) }) { _, last in last })
        }
    }

    /// A reading error in the shell's words: where, what was expected and what was there.
    static func describe(_ error: JSONReadError) -> String {
        let what: String = switch error.kind {
        case .empty: "the file is empty"
        case .unexpected(let found, let expected): "expected \(describe(expected)), but found " + (found.map { "'\(JSONReadError.shown($0))'" } ?? "the end of the file")
        case .leadingZero: "a number cannot start with 0"
        case .invalidEscape: "this is not a JSON escape (use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u and four hexadecimal digits)"
        case .unpairedSurrogate: "a \\u escape of half a UTF-16 surrogate pair needs its other half"
        case .controlCharacter: "a control character must be escaped inside a string"
        case .invalidUTF8: "the string is not UTF-8"
        case .tooDeep: "objects and arrays nest more than \(JSONReader.maximumDepth) levels deep here"
        case .notArrayOrObject: "expected an array or an object"
        case .numberOutOfRange: "the number is too large"
        }
        return "line \(error.line), column \(error.column): \(what)"
    }

    private static func describe(_ expectation: JSONReadError.Expectation) -> String {
        switch expectation {
        case .value: "a value (an object, array, string, number, true, false or null)"
        case .memberName: "a member name in quotes"
        case .colon(let member): "':' after the member name \"\(member)\""
        case .commaOrObjectEnd: "',' or '}' after an object member"
        case .commaOrArrayEnd: "',' or ']' after an array element"
        case .digit: "a digit"
        case .literal(let word): "'\(word)'"
        case .closingQuote: "'\"' to close the string"
        case .endOfText: "the end of the document"
        }
    }
}
