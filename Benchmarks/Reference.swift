import Foundation

/// GNU libobjc's figures from `objc-baseline`, one `name value unit ...` line each: read
/// from a file of them, or measured by running the reference executable between rtsh's own
/// rounds, so that both sides' samples come from the same stretch of the machine's time.
///
/// Each figure is the median of the samples taken: one run of the reference is a single
/// timing that moves by a tenth between runs on a shared machine, as much as the ratio's
/// margin.
struct Reference {
    private var samples: [String: [Double]] = [:]
    /// The `objc-baseline` executable to run for more samples, when one was given.
    let executable: String?

    /// No figures: rtsh's are printed without a reference.
    init() { executable = nil }

    /// The figures in the file at `path`, or, when the file is an executable (the built
    /// `objc-baseline`), none yet: ``measure(classes:)`` runs it.
    init(parsing path: String?) throws {
        guard let path else { executable = nil; return }
        if FileManager.default.isExecutableFile(atPath: path) {
            executable = path
            return
        }
        executable = nil
        add(try String(contentsOfFile: path, encoding: .utf8), classes: true)
    }

    /// Runs the reference executable once (100 million sends, and `classes` classes
    /// registered and listed when not zero) and adds its figures; does nothing without one.
    mutating func measure(classes: Int) throws {
        guard let executable else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["100000000", String(classes)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ReferenceError(message: "\(executable) exited with status \(process.terminationStatus)")
        }
        add(text, classes: classes > 0)
    }

    /// Adds the figures of one run's output; the registration and listing figures only from
    /// a run that registered classes (a run of none reports zeros).
    private mutating func add(_ text: String, classes: Bool) {
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 2, let value = Double(fields[1]) else { continue }
            let name = String(fields[0])
            if !classes && (name.hasPrefix("register_") || name.hasPrefix("list_")) { continue }
            samples[name, default: []].append(value)
        }
    }

    /// The median of the figure's samples; nil when there are none.
    subscript(name: String) -> Double? { samples[name].map(Benchmarks.median(of:)) }

    /// How many samples the figure has.
    func sampleCount(_ name: String) -> Int { samples[name]?.count ?? 0 }

    /// Each figure's median, one `name value` line each in name order, as `objc-baseline` prints them.
    var summary: String {
        samples.keys.sorted().map { name in
            let values = samples[name]!
            let spread = values.count > 1 ? String(format: " (median of %d: %.2f-%.2f)", values.count, values.min()!, values.max()!) : ""
            return String(format: "%@ %.2f%@", name, self[name]!, spread)
        }.joined(separator: "\n")
    }
}

/// The reference executable failed.
struct ReferenceError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
