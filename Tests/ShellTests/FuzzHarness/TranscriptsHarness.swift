import Shell

/// Reads fuzz input as a transcript, exactly as the `TranscriptsFuzzer` target does; the
/// regression tests replay kept inputs through the same code. This file is shared with
/// Fuzz/ by a symbolic link.
///
/// Besides parsing, it runs the public output matcher over the parsed entries (each
/// entry's expectations, wildcards and ` (re)` included, against the next entry's lines)
/// and checks that writing the transcript out and reading it back gives the same text,
/// which `rtsh replay --update` relies on when it rewrites a file.
enum TranscriptsHarness {
    /// Why a kept input failed, for the tests; the fuzz target traps instead.
    struct Violation: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ bytes: some Collection<UInt8>) throws(Violation) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let transcript = try? Transcript(parsing: text, file: "fuzz.transcript") else { return }
        let entries = transcript.entries
        for (index, entry) in entries.enumerated() {
            let next = index + 1 < entries.count ? entries[index + 1] : entry
            _ = Replay.outputMatches(entry.expected, next.statement + next.expected)
        }
        let written = transcript.text
        let reread: Transcript
        do {
            reread = try Transcript(parsing: written, file: "fuzz.transcript")
        } catch {
            throw Violation(description: "a transcript written out cannot be read back: \(error)")
        }
        guard reread.text == written else {
            throw Violation(description: "a transcript written out reads back differently:\n\(written)\n---\n\(reread.text)")
        }
    }
}
