import Foundation

/// The size of the terminal a stream writes to, read afresh each time it is asked, so
/// that a resized window is followed.
struct TerminalSize: Equatable {
    var rows: Int
    var columns: Int

    /// The size of the terminal `descriptor` is, or nil when it is not a terminal or does
    /// not say.
    static func of(_ descriptor: Int32) -> TerminalSize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return TerminalSize(rows: Int(size.ws_row), columns: Int(size.ws_col))
    }
}
