import Shell
import Testing

/// Points and rects converted between views' coordinates, as layout and keyboard code does.
@Suite("Coordinates between views")
struct ViewGeometryTests {
    @Test func pointsAndRectsConvertThroughFramesAndAScrollViewsOffset() throws {
        let shell = try ShellHarness()
        shell.run("""
            UIView *root = [[UIView alloc] initWithFrame:CGRectMake(0, 0, 320, 480)];
            UIScrollView *scroll = [[UIScrollView alloc] initWithFrame:CGRectMake(10, 20, 300, 400)];
            [root addSubview:scroll];
            UIView *inner = [[UIView alloc] initWithFrame:CGRectMake(5, 100, 50, 50)];
            [scroll addSubview:inner];
            scroll.contentOffset = CGPointMake(0, 60);
            """)
        #expect(shell.run(
            "[inner convertPoint:CGPointMake(1, 2) toView:root]", "[root convertPoint:CGPointMake(16, 62) toView:inner]",
            "[inner convertRect:inner.bounds toView:nil]", "[root convertRect:CGRectMake(15, 60, 50, 50) fromView:scroll]",
            "[inner convertPoint:CGPointZero fromView:inner]"
        ) == ["{16, 62}", "{1, 2}", "{{15, 60}, {50, 50}}", "{{25, 20}, {50, 50}}", "{0, 0}"])
        #expect(shell.run("[inner convertRect:@3 toView:root]").first?.contains("-[UIView convertRect:toView:] expects a CGRect") == true)
    }
}
