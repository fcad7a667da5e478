import Foundation

/// A drawing of the screen when a UI step failed (``UIKitModel/ScreenDrawing``), and the
/// file a run with `--junit` writes it to, in a directory beside the report.
public struct Screenshot: Hashable, Sendable {
    /// The JUnit test case it belongs to, as its report names it: a test's name
    /// (`-[MMSignInKIFTests testSignIn]`), or a script and its failure's place.
    public let testCase: String
    public let path: String
    public let svg: String

    /// Where a JUnit report's screenshots go: a directory beside it, named after it
    /// (`build/report.xml` → `build/report-screenshots`).
    public static func directory(besideReport report: String) -> String {
        let stem = (report as NSString).deletingPathExtension
        return (stem.isEmpty ? report : stem) + "-screenshots"
    }

    /// As a JUnit `<system-out>` names an attachment, which Jenkins and GitLab show with the test.
    var attachment: String { "[[ATTACHMENT|\(path)]]" }

    /// `svg` as the `ordinal`th screenshot named `name` (counted from 1), of `testCase`:
    /// written in `directory` as `name.svg`, then `name.2.svg`….
    init(_ svg: String, named name: String, ordinal: Int, of testCase: String, in directory: String) {
        let file = name + (ordinal == 1 ? "" : ".\(ordinal)") + ".svg"
        self.testCase = testCase
        self.path = (directory as NSString).appendingPathComponent(file)
        self.svg = svg
    }
}
