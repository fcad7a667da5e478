import CLibEdit

/// Reads lines from the terminal with editing, history and Tab completion (libedit).
///
/// Emacs keys edit the line and Up and Down walk the history. Tab asks the completer
/// for candidates for the word before the cursor: one candidate replaces the word,
/// followed by a space unless it ends in `:`, `/`, `[`, `(` or `.`; several insert
/// what they have in common beyond the word, or are listed below the line when they
/// share nothing more; none beeps. Ctrl-C abandons the line being typed, and Ctrl-D
/// on an empty line ends input.
///
/// The text being edited can hold several lines: a block the caller added to the history
/// as one entry comes back whole with Up, and a paste (the terminal's bracketed paste,
/// asked for while a line is read) goes in as text, line breaks and tabs included, and
/// waits for Enter. Tab on a line of a block with only blanks before the cursor indents
/// it instead of completing; ``readLine(prompt:isContinuation:)`` says when the prompt
/// itself continues a block.
///
/// ```swift
/// let editor = LineEditor(programName: "rtsh", historyFile: historyPath) { before in
///     let word = before.split(separator: " ", omittingEmptySubsequences: false).last ?? ""
///     let names = ["classes", "clear", "tree"].filter { $0.hasPrefix(word) }
///     return .init(wordStart: before.count - word.count, candidates: names)
/// }
/// loop: while true {
///     switch editor.readLine(prompt: "rtsh> ") {
///     case .line(let text): editor.addToHistory(text); text.split(separator: "\n").forEach(run)
///     case .interrupted: continue
///     case .endOfFile: break loop
///     }
/// }
/// ```
///
/// Ctrl-C is caught only while ``readLine(prompt:)`` waits; at other times SIGINT
/// does whatever the caller has set up (by default, it ends the process).
public final class LineEditor {
    /// What one call to ``readLine(prompt:)`` read.
    public enum Input: Equatable, Sendable {
        /// What was entered, without its final line break. It holds line breaks when
        /// the text was a block (recalled from the history or pasted): the caller takes
        /// its lines in order, as if they had been typed one by one.
        case line(String)
        /// Ctrl-C abandoned the line being typed and moved to a new line; the caller
        /// should prompt again.
        case interrupted
        /// Ctrl-D on an empty line, or the end of the input. The cursor stays after
        /// the prompt, so the caller should end the line before printing more.
        case endOfFile
    }

    /// What to complete: candidates for the word that starts at `wordStart` (a Character
    /// offset into the line before the cursor).
    public struct Completion: Equatable, Sendable {
        /// Where the word being completed starts, in Characters from the start of the
        /// line; a value outside the text before the cursor is brought within it.
        public var wordStart: Int
        /// Whole words that could replace the word; their order does not matter.
        public var candidates: [String]

        /// Creates a completion of the word at `wordStart` with `candidates`.
        public init(wordStart: Int, candidates: [String]) {
            self.wordStart = wordStart
            self.candidates = candidates
        }
    }

    /// Finds the completions for the text before the cursor.
    public typealias Completer = @Sendable (_ lineBeforeCursor: String) -> Completion

    /// The most lines the history keeps; older ones are dropped.
    static let historyCapacity = 1000

    /// libedit's editor; nil when libedit could not start, and then every read is the
    /// end of input.
    let editor: OpaquePointer?
    let history: LineHistory?
    let completer: Completer
    /// Whether the prompt of the read in progress continues a block, for Tab.
    var isContinuation = false

    /// Creates an editor on standard input and output.
    ///
    /// - Parameters:
    ///   - programName: Selects this program's lines in `~/.editrc`.
    ///   - historyFile: Where the history is loaded from and saved to (such as
    ///     `~/.rtsh_history`), or nil to keep it for this session only.
    ///   - completer: Called on Tab with the text before the cursor.
    public init(programName: String, historyFile: String?, completer: @escaping Completer) {
        self.completer = completer
        history = LineHistory(capacity: Self.historyCapacity, file: historyFile)
        editor = cle_init(programName)
        guard let editor else { return }
        if let history {
            cle_use_history(editor, history.handle)
        }
        // The editor lives no longer than self (deinit ends it), so it can hold self unretained.
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = cle_bind_key(editor, "^I", "rtsh-complete", "Complete the word before the cursor", { editor, context in
            guard let context else { return CLE_KEY_ERROR }
            return Unmanaged<LineEditor>.fromOpaque(context).takeUnretainedValue().completeWord(in: editor)
        }, context)
        // The terminal sends ESC[200~ before pasted text once cle_gets asks for it.
        _ = cle_bind_key(editor, "\\e[200~", "rtsh-paste", "Insert pasted text as it is", { editor, context in
            guard let context else { return CLE_KEY_ERROR }
            return Unmanaged<LineEditor>.fromOpaque(context).takeUnretainedValue().insertPaste(in: editor)
        }, context)
        cle_set_bracketed_paste(editor, 1)
    }

    deinit {
        // Before `history` is released: the editor refers to it.
        cle_end(editor)
    }

    /// Reads one line with editing, showing `prompt`. Ctrl-C abandons the line being
    /// typed and returns `.interrupted` (the caller keeps running); Ctrl-D on an empty
    /// line returns `.endOfFile`.
    ///
    /// - Parameters:
    ///   - prompt: Shown before the line.
    ///   - isContinuation: Whether the line continues a block (the prompt is a
    ///     continuation prompt such as `...> `), so that Tab before any text indents.
    public func readLine(prompt: String, isContinuation: Bool = false) -> Input {
        guard let editor else { return .endOfFile }
        self.isContinuation = isContinuation
        _ = cle_set_prompt(editor, prompt)
        var text: UnsafePointer<CChar>?
        var length = 0
        let status = cle_gets(editor, &text, &length)
        if status == CLE_READ_LINE, let text {
            var bytes = UnsafeRawBufferPointer(start: text, count: length)[...]
            while let last = bytes.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") {
                bytes = bytes.dropLast()
            }
            return .line(String(decoding: bytes, as: UTF8.self))
        }
        return status == CLE_READ_INTERRUPTED ? .interrupted : .endOfFile
    }

    /// Adds an entry to the history, and saves the history file at once.
    ///
    /// An entry may hold line breaks: a block (a definition typed over several lines)
    /// added as one entry comes back whole with Up, and survives the history file.
    /// Blank entries and an entry equal to the previous one are not added.
    public func addToHistory(_ entry: String) {
        guard entry.contains(where: { !$0.isWhitespace }) else { return }
        history?.add(entry)
    }
}
