import Testing
@testable import Shell

@Suite struct AutoLayoutTests {
    /// A superview at 0x1 with a label (0x2) and a button (0x3) in it.
    private func shellWithViews() throws -> ShellHarness {
        let shell = try ShellHarness()
        _ = shell.run(
            "UIView *root = [[UIView alloc] initWithFrame:CGRectMake(0, 0, 320, 480)]",
            "UILabel *label = [UILabel new]; UIButton *button = [UIButton new]; [root addSubview:label]; [root addSubview:button]",
            "NSDictionary *views = NSDictionaryOfVariableBindings(label, button)")
        return shell
    }

    @Test func theVisualFormatMakesEdgeSpacingAndSizeConstraints() throws {
        let shell = try shellWithViews()
        #expect(shell.run(
            "NSArray *h = [NSLayoutConstraint constraintsWithVisualFormat:@\"H:|-[label]-(>=8)-[button(80@750)]-20-|\" options:NSLayoutFormatAlignAllCenterY metrics:nil views:views]; h.count",
            "[h[0] description]", "[h[1] description]", "[h[2] description]", "[h[3] description]", "[h[4] description]",
            "[h[0] isActive]"
        ) == [
            "5",
            "\"<NSLayoutConstraint: 0x4 UILabel:0x2.leading == UIView:0x1.leading + 20>\"",
            "\"<NSLayoutConstraint: 0x5 UIButton:0x3.leading >= UILabel:0x2.trailing + 8>\"",
            "\"<NSLayoutConstraint: 0x6 UIButton:0x3.width == 80 @750>\"",
            "\"<NSLayoutConstraint: 0x7 UIButton:0x3.centerY == UILabel:0x2.centerY>\"",
            "\"<NSLayoutConstraint: 0x8 UIView:0x1.trailing == UIButton:0x3.trailing + 20>\"",
            "NO",
        ])
    }

    @Test func flushConnectionsMetricsAndViewPredicates() throws {
        let shell = try shellWithViews()
        _ = shell.run("NSArray *v = [NSLayoutConstraint constraintsWithVisualFormat:@\"V:|[label(==button)][button(>=height,<=200)]-(pad@999)-|\" options:0 metrics:@{@\"height\": @44, @\"pad\": @12.5} views:views]")
        #expect(shell.run("v.count", "[v valueForKey:@\"description\"]") == [
            "6",
            "@[\"<NSLayoutConstraint: 0x4 UILabel:0x2.top == UIView:0x1.top>\", \"<NSLayoutConstraint: 0x5 UILabel:0x2.height == UIButton:0x3.height>\", "
                + "\"<NSLayoutConstraint: 0x6 UIButton:0x3.top == UILabel:0x2.bottom>\", \"<NSLayoutConstraint: 0x7 UIButton:0x3.height >= 44>\", "
                + "\"<NSLayoutConstraint: 0x8 UIButton:0x3.height <= 200>\", \"<NSLayoutConstraint: 0x9 UIView:0x1.bottom == UIButton:0x3.bottom + 12.5 @999>\"]",
        ])
    }

    @Test func unreadableFormatsRaiseAsUIKitDoes() throws {
        let shell = try shellWithViews()
        let missing = shell.run("[NSLayoutConstraint constraintsWithVisualFormat:@\"H:|-[labl]-|\" options:0 metrics:nil views:views]").joined(separator: "\n")
        #expect(missing.contains("NSInvalidArgumentException in +[NSLayoutConstraint constraintsWithVisualFormat:options:metrics:views:]: Unable to parse constraint format: \nlabl is not a key in the views dictionary. \nH:|-[labl]-| \n     ^"))
        let orphan = shell.run("UIView *loose = [UIView new]; [NSLayoutConstraint constraintsWithVisualFormat:@\"|[loose]\" options:0 metrics:nil views:NSDictionaryOfVariableBindings(loose)]")
            .joined(separator: "\n")
        #expect(orphan.contains("Unable to interpret '|' character, because the related view doesn't have a superview \n|[loose] \n^"))
        let axis = shell.run("[NSLayoutConstraint constraintsWithVisualFormat:@\"[label][button]\" options:NSLayoutFormatAlignAllLeading metrics:nil views:views]")
            .joined(separator: "\n")
        #expect(axis.contains("Options mask required views to be aligned on a horizontal edge, which is not allowed for layout that is also horizontal."))
        let metric = shell.run("[NSLayoutConstraint constraintsWithVisualFormat:@\"[label]-gap-[button]\" options:0 metrics:nil views:views]").joined(separator: "\n")
        #expect(metric.contains("gap is not a key in the metrics dictionary."))
    }

    @Test func activationAddsToTheNearestCommonAncestor() throws {
        let shell = try shellWithViews()
        #expect(shell.run(
            "NSLayoutConstraint *w = [label.widthAnchor constraintEqualToConstant:100]; w.active",
            "w.active = YES; label.constraints.count",
            "NSLayoutConstraint *t = [label.topAnchor constraintEqualToAnchor:root.safeAreaLayoutGuide.topAnchor constant:12]; [NSLayoutConstraint activateConstraints:@[t]]; root.constraints.count",
            "[t.description hasSuffix:@\"UILabel:0x2.top == UILayoutGuide:0x7.top + 12>\"]",
            "root.safeAreaLayoutGuide.identifier",
            "[NSLayoutConstraint deactivateConstraints:@[t, w]]; [NSLayoutConstraint deactivateConstraints:nil]; [NSLayoutConstraint activateConstraints:nil]; @[@(root.constraints.count), @(label.constraints.count), @(t.active)]",
            "NSLayoutConstraint *e = [NSLayoutConstraint constraintWithItem:label attribute:NSLayoutAttributeHeight relatedBy:NSLayoutRelationEqual toItem:button attribute:NSLayoutAttributeHeight multiplier:0.5 constant:-4]; [e.description componentsSeparatedByString:@\" \"].lastObject",
            "[root addConstraint:e]; @[@(root.constraints.count), @(e.active), @(e.firstItem == label), @(e.secondAttribute == NSLayoutAttributeHeight)]",
            "[root removeConstraint:e]; @[@(root.constraints.count), @(e.active)]"
        ) == [
            "NO", "1", "1", "YES", "\"UIViewSafeAreaLayoutGuide\"", "@[0, 0, NO]", "\"4>\"",
            "@[1, YES, YES, YES]", "@[0, NO]",
        ])
        let apart = shell.run("UIView *loose = [UIView new]; [loose.leadingAnchor constraintEqualToAnchor:label.leadingAnchor].active = YES").joined(separator: "\n")
        #expect(apart.contains("NSGenericException: Unable to activate constraint with anchors UIView:0x"))
        #expect(apart.contains("because they have no common ancestor."))
    }

    @Test func viewsKeepPrioritiesByAxisAndRunTheConstraintPass() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "@interface MMBadge : UIView\n@property NSInteger updates;\n@end\n@implementation MMBadge\n- (void)updateConstraints { self.updates += 1; [super updateConstraints]; }\n@end",
            "MMBadge *badge = [MMBadge new]; [badge contentHuggingPriorityForAxis:UILayoutConstraintAxisHorizontal]",
            "[badge setContentHuggingPriority:UILayoutPriorityRequired forAxis:UILayoutConstraintAxisVertical]; @[@([badge contentHuggingPriorityForAxis:1]), @([badge contentHuggingPriorityForAxis:0]), @([badge contentCompressionResistancePriorityForAxis:0])]",
            "[badge layoutIfNeeded]; badge.updates",
            "[badge setNeedsUpdateConstraints]; badge.needsUpdateConstraints",
            "[badge layoutIfNeeded]; @[@(badge.updates), @(badge.needsUpdateConstraints)]",
            "badge.intrinsicContentSize.width == UIViewNoIntrinsicMetric"
        ) == ["250.0", "@[1000.0, 250.0, 750.0]", "0", "YES", "@[1, NO]", "YES"])
    }

    @Test func layoutPlacesTheSubviewsConstraintsPlace() throws {
        let shell = try ShellHarness()
        _ = shell.run(
            "UIView *root = [[UIView alloc] initWithFrame:CGRectMake(0, 0, 1000, 1000)]",
            "UIView *a = [UIView new]; UIView *b = [UIView new]; UIView *fixed = [[UIView alloc] initWithFrame:CGRectMake(5, 6, 7, 8)]",
            "a.translatesAutoresizingMaskIntoConstraints = NO; b.translatesAutoresizingMaskIntoConstraints = NO",
            "[root addSubview:a]; [root addSubview:b]; [root addSubview:fixed]",
            "NSLayoutConstraint *width = [a.widthAnchor constraintEqualToConstant:100]",
            "[NSLayoutConstraint activateConstraints:@[width, [a.heightAnchor constraintEqualToConstant:100], [a.centerXAnchor constraintEqualToAnchor:root.centerXAnchor], [a.centerYAnchor constraintEqualToAnchor:root.centerYAnchor]]]",
            "NSDictionary *views = NSDictionaryOfVariableBindings(a, b, fixed)",
            "[root addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@\"H:|-[b]-|\" options:0 metrics:nil views:views]]",
            "[root addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@\"V:[a]-10-[b(50@750,>=20)]\" options:0 metrics:nil views:views]]")
        #expect(shell.run(
            "[root layoutIfNeeded]; @[NSStringFromCGRect(a.frame), NSStringFromCGRect(b.frame), NSStringFromCGRect(fixed.frame)]",
            // A new constant is laid out at the next layout; a contradicting required constraint is left out.
            "width.constant = 300; [b.heightAnchor constraintEqualToConstant:10].active = YES; [root layoutIfNeeded]; @[NSStringFromCGRect(a.frame), NSStringFromCGRect(b.frame)]",
            "[a.leadingAnchor constraintEqualToAnchor:root.layoutMarginsGuide.leadingAnchor].active = YES; [root layoutIfNeeded]; a.frame.origin.x"
        ) == [
            "@[\"{{450, 450}, {100, 100}}\", \"{{20, 560}, {960, 50}}\", \"{{5, 6}, {7, 8}}\"]",
            "@[\"{{350, 450}, {300, 100}}\", \"{{20, 560}, {960, 50}}\"]",
            "8.0",
        ])
    }

    @Test func anIntrinsicSizeHoldsAtItsHuggingAndCompressionPriorities() throws {
        let shell = try ShellHarness()
        _ = shell.run(
            "@interface MMBadge : UIView\n@end\n@implementation MMBadge\n- (CGSize)intrinsicContentSize { return CGSizeMake(40, 20); }\n@end",
            "UIView *root = [[UIView alloc] initWithFrame:CGRectMake(0, 0, 300, 100)]",
            "MMBadge *badge = [MMBadge new]; badge.translatesAutoresizingMaskIntoConstraints = NO; [root addSubview:badge]",
            "[NSLayoutConstraint activateConstraints:@[[badge.leadingAnchor constraintEqualToAnchor:root.leadingAnchor constant:10], [badge.topAnchor constraintEqualToAnchor:root.topAnchor]]]")
        #expect(shell.run(
            "[root layoutIfNeeded]; NSStringFromCGRect(badge.frame)",
            // Stretched to the trailing edge at a priority above hugging's 250, it grows.
            "NSLayoutConstraint *stretch = [badge.trailingAnchor constraintEqualToAnchor:root.trailingAnchor]; stretch.priority = 500; stretch.active = YES; [root setNeedsLayout]; [root layoutIfNeeded]; NSStringFromCGRect(badge.frame)",
            "[badge setContentHuggingPriority:UILayoutPriorityDefaultHigh + 1 forAxis:UILayoutConstraintAxisHorizontal]; [root setNeedsLayout]; [root layoutIfNeeded]; NSStringFromCGRect(badge.frame)"
        ) == ["\"{{10, 0}, {40, 20}}\"", "\"{{10, 0}, {290, 20}}\"", "\"{{10, 0}, {40, 20}}\""])
    }

    /// A controller's top and bottom layout guides, made when first asked for, come with
    /// UIKit's two constraints each in its view (the guide's length and its edge), which
    /// `vc.view.constraints` counts beside the code's own.
    @Test func layoutGuidesBringTheirConstraintsIntoTheView() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "UIViewController *vc = [UIViewController new]; UIView *box = [UIView new]; box.translatesAutoresizingMaskIntoConstraints = NO; [vc.view addSubview:box]",
            "[NSLayoutConstraint activateConstraints:@[[box.topAnchor constraintEqualToAnchor:vc.topLayoutGuide.bottomAnchor], [box.bottomAnchor constraintEqualToAnchor:vc.bottomLayoutGuide.topAnchor]]]; vc.view.constraints.count",
            "vc.topLayoutGuide == vc.topLayoutGuide && vc.view.constraints.count == 6"
        ).suffix(2) == ["6", "YES"])
    }
}
