import Foundation

/// GNU libobjc's figures from `objc-baseline`, one `name value unit ...` line each.
struct Reference {
    private var values: [String: Double] = [:]

    init(parsing path: String?) throws {
        guard let path else { return }
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count >= 2, let value = Double(fields[1]) { values[String(fields[0])] = value }
        }
    }

    subscript(name: String) -> Double? { values[name] }
}
