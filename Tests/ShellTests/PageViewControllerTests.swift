import Shell
import Testing

/// A page view controller's pages, and the bars, images and scroll view settings a photo
/// viewer sets up.
@Suite("Page view controllers and bars")
struct PageViewControllerTests {
    @Test func pagesAreChildrenThatAppearAndDisappearAsTheyAreReplaced() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMPage : UIViewController
            @end
            @implementation MMPage
            - (void)viewWillAppear:(BOOL)animated { [super viewWillAppear:animated]; NSLog(@"%@ appears", self.title); }
            - (void)viewDidDisappear:(BOOL)animated { [super viewDidDisappear:animated]; NSLog(@"%@ gone", self.title); }
            @end
            """)
        #expect(shell.run(
            "UIPageViewController *p = [[UIPageViewController alloc] initWithTransitionStyle:UIPageViewControllerTransitionStyleScroll navigationOrientation:UIPageViewControllerNavigationOrientationHorizontal options:nil]; p.transitionStyle",
            "MMPage *a = [MMPage new]; a.title = @\"A\"; MMPage *b = [MMPage new]; b.title = @\"B\"; [p setViewControllers:@[a] direction:UIPageViewControllerNavigationDirectionForward animated:NO completion:nil]",
            "window p",
            "__block BOOL done = NO; [p setViewControllers:@[b] direction:UIPageViewControllerNavigationDirectionReverse animated:YES completion:^(BOOL finished) { done = finished; }]",
            "done && p.viewControllers.count == 1 && p.viewControllers.firstObject == b && a.parentViewController == nil",
            "b.view.superview == p.view && a.view.superview == nil && CGRectEqualToRect(b.view.frame, p.view.bounds)",
            "[UIPageViewController new].navigationOrientation"
        ) == ["1", "A appears", "B appears", "A gone", "YES", "YES", "0"])
        #expect(shell.run("[p setViewControllers:@[@1] direction:0 animated:NO completion:nil]").first?.contains("expects an array of view controllers") == true)
    }

    @Test func aBarOnItsOwnKeepsAStackOfItemsAndItsImages() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "UINavigationBar *bar = [UINavigationBar new]; UINavigationItem *a = [[UINavigationItem alloc] initWithTitle:@\"A\"]; [bar setItems:@[a] animated:NO]; [bar pushNavigationItem:[[UINavigationItem alloc] initWithTitle:@\"B\"] animated:YES]; bar.topItem.title",
            "bar.backItem.title", "[bar popNavigationItemAnimated:NO].title", "bar.topItem == a && bar.backItem == nil",
            "UIImage *image = [UIImage imageNamed:@\"bar\"]; [bar setBackgroundImage:image forBarMetrics:UIBarMetricsDefault]; [bar backgroundImageForBarMetrics:UIBarMetricsDefault] == image",
            "[bar backgroundImageForBarMetrics:UIBarMetricsCompact]",
            "UIBarButtonItem *item = [[UIBarButtonItem alloc] initWithImage:image landscapeImagePhone:nil style:UIBarButtonItemStylePlain target:nil action:nil]; item.image == image && item.landscapeImagePhone == nil"
        ) == ["\"B\"", "\"A\"", "\"B\"", "YES", "YES", "nil", "YES"])
    }

    @Test func viewsImagesAndScrollViewsHaveUIKitsDefaults() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "UIView *v = [UIView new]; CGAffineTransformIsIdentity(v.transform)", "v.transform = CGAffineTransformMakeScale(2, 3); v.transform.d",
            "UIScrollView *s = [UIScrollView new]; s.decelerationRate == UIScrollViewDecelerationRateNormal && s.bouncesZoom",
            "[UIImage imageWithData:[NSData data]]", "[UIImage imageWithData:[@\"not an image\" dataUsingEncoding:NSUTF8StringEncoding]].size",
            "[NSString localizedStringWithFormat:@\"%d items\", 3]",
            "[[UITextView alloc] initWithFrame:CGRectMake(0, 0, 10, 20) textContainer:nil].frame",
            "UIViewController *vc = [UIViewController new]; vc.transitioningDelegate = (id)vc; vc.modalPresentationCapturesStatusBarAppearance = YES; vc.transitioningDelegate == vc"
        ) == ["YES", "3.0", "YES", "nil", "{0, 0}", "\"3 items\"", "{{0, 0}, {10, 20}}", "YES"])
        #expect(shell.run("[v setTransform:@3]").first?.contains("-[UIView setTransform:] expects a CGAffineTransform") == true)
    }
}
