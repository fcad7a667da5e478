import Foundation
import Runtime

/// Test data read from JSON files: `fixture("coaches.json")`.
enum Fixtures {
    /// The JSON file `name`, taken relative to `directory`, as values.
    static func load(_ name: String, relativeTo directory: String, at location: SourceLocation) throws -> Value {
        let path = name.hasPrefix("/") ? name : (directory as NSString).appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw EvaluationError(.fixtureMissing(path: path), at: location)
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw EvaluationError(.fixtureNotUTF8(path: path), at: location)
        }
        do {
            return try JSON.parse(text)
        } catch {
            throw EvaluationError(.fixtureNotJSON(path: path, error), at: location)
        }
    }
}
