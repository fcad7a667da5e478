import Runtime
import Testing
import UIKitModel

/// Screenshots as SVG: views the code placed are drawn at their frames, the others stacked
/// in their superview, hidden ones faded; the same tree always draws the same text.
@Suite("Screen drawings")
struct ScreenDrawingTests {
    private let library: ClassLibrary

    init() throws {
        library = try ClassLibrary()
    }

    private func view(_ className: String = "UIView") throws -> Object {
        try library.runtime.createInstance(of: try library.runtime.requireClass(named: className))
    }

    private typealias Rect = ViewTreeEntry.Rect

    private func entry(
        _ view: Object, depth: Int, label: String? = nil, text: String? = nil, traits: Int = 0, hidden: Bool = false,
        frame: Rect? = nil, bounds: Rect? = nil
    ) -> ViewTreeEntry {
        ViewTreeEntry(view: view, depth: depth, accessibilityLabel: label, traits: traits, text: text, title: nil, isHidden: hidden,
                      isTransparent: false, frame: frame, bounds: bounds)
    }

    /// The `<rect …/>` line of the box whose title names `view`.
    private func rect(of view: Object, in svg: String) -> String? {
        let lines = svg.split(separator: "\n").map(String.init)
        guard let title = lines.firstIndex(of: "  <title>&lt;\(view.description.dropFirst().dropLast())&gt;</title>") else { return nil }
        return lines[title + 1].trimmingPrefix("  ").description
    }

    @Test func placedViewsAreDrawnAtTheirFramesLessTheirSuperviewsOffset() throws {
        let window = try view("UIWindow"), scroller = try view("UIScrollView"), button = try view("UIButton")
        let svg = ScreenDrawing([
            entry(window, depth: 0, frame: Rect(x: 0, y: 0, width: 320, height: 480)),
            entry(scroller, depth: 1, frame: Rect(x: 10, y: 100, width: 300, height: 200), bounds: Rect(x: 0, y: 40, width: 300, height: 200)),
            entry(button, depth: 2, label: "Go", traits: AccessibilityTrait.button, frame: Rect(x: 20, y: 50, width: 80.25, height: 44)),
        ]).svg
        #expect(svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"320\" height=\"480\" viewBox=\"0 0 320 480\">"))
        #expect(rect(of: scroller, in: svg) == "<rect x=\"10\" y=\"100\" width=\"300\" height=\"200\"/>")
        // 10 + 20 across; 100 + 50 - 40 down: the scroll view's offset moves what is inside it.
        #expect(rect(of: button, in: svg) == "<rect x=\"30\" y=\"110\" width=\"80.3\" height=\"44\"/>")
        #expect(svg.contains("<g class=\"view control\">\n  <title>&lt;UIButton: "))
        #expect(svg.contains(">UIButton &quot;Go&quot;</text>\n  <text class=\"details\" x=\"33\" y=\"133\">button</text>"))
    }

    @Test func viewsNeverSizedAreStackedDashedAndHiddenOnesFaded() throws {
        let window = try view("UIWindow"), panel = try view(), name = try view("UILabel"), secret = try view("UIButton"), inner = try view()
        let svg = ScreenDrawing([
            entry(window, depth: 0),
            entry(panel, depth: 1),
            entry(name, depth: 2, label: "Name", text: "Ada <&> \"Lovelace\""),
            entry(secret, depth: 2, label: "Secret", hidden: true),
            entry(inner, depth: 3),
        ]).svg
        // With no frame the root is the main screen.
        #expect(svg.contains("width=\"375\" height=\"667\""))
        // The panel holds its header, Name (30), and Secret, whose two lines of text come before Inner (28 + 30 + 4).
        #expect(rect(of: panel, in: svg) == "<rect x=\"4\" y=\"16\" width=\"367\" height=\"116\"/>")
        #expect(rect(of: name, in: svg) == "<rect x=\"8\" y=\"32\" width=\"359\" height=\"30\"/>")
        #expect(rect(of: secret, in: svg) == "<rect x=\"8\" y=\"66\" width=\"359\" height=\"62\"/>")
        #expect(rect(of: inner, in: svg) == "<rect x=\"12\" y=\"94\" width=\"351\" height=\"30\"/>")
        #expect(svg.contains("<g class=\"view unplaced\">\n  <title>&lt;UILabel: "))
        #expect(svg.contains("<text class=\"details\" x=\"11\" y=\"55\">text &quot;Ada &lt;&amp;&gt; &quot;Lovelace&quot;&quot;</text>"))
        // Inside a hidden view, a view is faded too.
        #expect(svg.contains("<g class=\"view control unplaced hidden\">\n  <title>&lt;UIButton: "))
        #expect(svg.contains("<g class=\"view unplaced hidden\">\n  <title>&lt;\(inner.description.dropFirst().dropLast())&gt;</title>"))
    }

    @Test func theSameTreeDrawsTheSameTextAndAbsurdFramesAreClamped() throws {
        let window = try view("UIWindow"), wild = try view()
        let tree = [
            entry(window, depth: 0, frame: Rect(x: 0, y: 0, width: 375, height: 667)),
            entry(wild, depth: 1, frame: Rect(x: .nan, y: .infinity, width: 1e300, height: 10)),
        ]
        let svg = ScreenDrawing(tree).svg
        #expect(svg == ScreenDrawing(tree).svg)
        #expect(rect(of: wild, in: svg) == "<rect x=\"0\" y=\"1000000000\" width=\"1000000000\" height=\"10\"/>")
        #expect(ScreenDrawing([]).svg.contains("No key window: no view controller has been shown in one."))
    }
}
