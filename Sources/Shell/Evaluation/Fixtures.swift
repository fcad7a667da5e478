import Foundation
import Runtime

/// Test data read from JSON files: `fixture("coaches.json")`.
enum Fixtures {
    /// The JSON file `name`, taken relative to `directory`, as values.
    static func load(_ name: String, relativeTo directory: String, at location: SourceLocation) throws -> Value {
        let path = name.hasPrefix("/") ? name : (directory as NSString).appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ShellError("cannot read the fixture \(path): there is no such file", at: location)
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw ShellError("the fixture \(path) is not UTF-8 text", at: location)
        }
        do {
            return try JSON.parse(text)
        } catch {
            throw ShellError("the fixture \(path) is not valid JSON: \(error)", at: location)
        }
    }
}
