import Foundation
import Shell

/// The process's standard streams: whether they are terminals, colour, and writing lines.
struct Terminal {
    let inputIsInteractive = isatty(STDIN_FILENO) != 0
    /// Whether each stream is coloured (``ColourOptions`` decides).
    private let colourOut: Bool
    private let colourError: Bool
    /// What is running now, on standard error, for runs longer than a second.
    let progress = ProgressLine()
    /// At the interactive prompt only: fits lines to the width and pages long output.
    private(set) var screen: InteractiveScreen?

    init(colourOut: Bool, colourError: Bool) {
        self.colourOut = colourOut
        self.colourError = colourError
    }

    /// This terminal with its output going through `screen`, for the interactive prompt.
    func showing(on screen: InteractiveScreen) -> Terminal {
        var terminal = self
        terminal.screen = screen
        return terminal
    }

    var output: ShellOutput {
        let colourOut = colourOut
        let colourError = colourError
        let progress = progress
        if let screen {
            return ShellOutput(
                standardOutput: { line in screen.show(line, isError: false) { colourOut ? Colouring.output($0) : $0 } },
                standardError: { line in screen.show(line, isError: true) { colourError ? Colouring.error($0) : $0 } })
        }
        return ShellOutput(
            standardOutput: { line in
                progress.clear()
                Self.write((colourOut ? Colouring.output(line) : line) + "\n", to: STDOUT_FILENO)
            },
            standardError: { line in
                progress.clear()
                Self.write((colourError ? Colouring.error(line) : line) + "\n", to: STDERR_FILENO)
            })
    }

    /// The text of a script, or nil after saying on standard error why it cannot be read.
    func readScript(_ path: String) -> String? {
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "it is not readable UTF-8 text" : "there is no such file"
            output.printError("error: cannot run \(path): \(reason)")
            return nil
        }
    }

    /// How scripts and transcripts read from standard input (`-`) are named in messages.
    static let standardInputName = "<stdin>"

    /// All of standard input as text, or nil after saying on standard error why it cannot be read.
    func readStandardInput() -> String? {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        guard let text = String(validating: data, as: UTF8.self) else {
            output.printError("error: cannot read standard input: it is not UTF-8 text")
            return nil
        }
        return text
    }

    /// Writes a report (`--junit`), or says on standard error why it could not; false then.
    func writeReport(_ text: String, to path: String) -> Bool {
        do {
            try TextFile.write(text, to: path)
            return true
        } catch {
            output.printError("error: \(error)")
            return false
        }
    }

    /// Writes the screenshots of failed UI steps, making their directory, and says where
    /// they went; or says on standard error why it could not, and answers false.
    func writeScreenshots(_ screenshots: [Screenshot]) -> Bool {
        guard let directory = screenshots.first.map({ ($0.path as NSString).deletingLastPathComponent }) else { return true }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            output.printError("error: cannot make \(directory) for the screenshots of failed UI steps: \(error.localizedDescription)")
            return false
        }
        for screenshot in screenshots where !writeReport(screenshot.svg, to: screenshot.path) { return false }
        output.print("screenshots of \(screenshots.count) failed UI step\(screenshots.count == 1 ? "" : "s") in \(directory)")
        return true
    }

    /// One write per line, unbuffered, so standard output and standard error interleave
    /// in the order things happened.
    static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}

extension Terminal {
    /// Why a report cannot be written at `path`, checked before anything runs so that a
    /// long run does not end in a lost report; nil when it can be.
    static func problemWritingReport(at path: String) -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return "\(path) is a directory; give the report's file name, as in \(path)/report.xml" }
            return access(path, W_OK) == 0 ? nil : "\(path) is not writable"
        }
        let parent = (path as NSString).deletingLastPathComponent
        let directory = parent.isEmpty ? "." : parent
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            return "the directory \(directory) does not exist; create it first or write the report elsewhere"
        }
        return access(directory, W_OK) == 0 ? nil : "the directory \(directory) is not writable"
    }
}
