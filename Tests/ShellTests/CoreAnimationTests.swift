import Testing

/// Layers, their animations on the virtual clock, shape and gradient layers, and the
/// Bézier paths and colours Core Animation takes as CGPathRef and CGColorRef.
@Suite("Core Animation and Bézier paths")
struct CoreAnimationTests {
    @Test func sublayersKnowTheirSuperlayerAndMoveWhenAddedElsewhere() throws {
        let shell = try ShellHarness()
        shell.run("CALayer *root = [CALayer layer]; CALayer *other = [CALayer layer]; CAShapeLayer *shape = [CAShapeLayer layer]; CAGradientLayer *fill = [CAGradientLayer layer]")
        #expect(shell.run(
            "[root addSublayer:shape]; [root insertSublayer:fill below:shape]; root.sublayers",
            "shape.superlayer == root", "[other addSublayer:shape]; root.sublayers", "shape.superlayer == other",
            "[shape removeFromSuperlayer]; other.sublayers", "shape.superlayer",
            "[root replaceSublayer:fill with:shape]; root.sublayers", "fill.superlayer"
        ) == [
            "@[<CAGradientLayer: 0x5>, <CAShapeLayer: 0x3>]", "YES", "@[<CAGradientLayer: 0x5>]", "YES", "@[]", "nil",
            "@[<CAShapeLayer: 0x3>]", "nil",
        ])
        #expect(shell.run("root.anchorPoint", "root.opacity", "shape.lineWidth", "shape.strokeEnd", "fill.endPoint", "fill.type")
            == ["{0.5, 0.5}", "1.0", "1.0", "1.0", "{0.5, 1}", "\"axial\""])
    }

    @Test func anAnimationsDelegateHearsItStartAndStopOnTheVirtualClock() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMSpinner : NSObject
            @property (nonatomic, strong) NSMutableArray *log;
            @end
            @implementation MMSpinner
            - (void)animationDidStart:(CAAnimation *)a { [self.log addObject:[@"start " stringByAppendingString:((CABasicAnimation *)a).keyPath]]; }
            - (void)animationDidStop:(CAAnimation *)a finished:(BOOL)flag { [self.log addObject:[NSString stringWithFormat:@"stop %@ %d", ((CABasicAnimation *)a).keyPath, flag]]; }
            @end
            """)
        shell.run(
            "MMSpinner *s = [MMSpinner new]; s.log = [NSMutableArray array]; CALayer *layer = [CALayer layer]",
            "CABasicAnimation *spin = [CABasicAnimation animationWithKeyPath:@\"transform.rotation\"]; spin.duration = 0.5; spin.repeatCount = 2; spin.delegate = s",
            "CABasicAnimation *fade = [CABasicAnimation animationWithKeyPath:@\"opacity\"]; fade.duration = 3; fade.delegate = s; fade.removedOnCompletion = NO")
        #expect(shell.run(
            "[layer addAnimation:spin forKey:@\"spin\"]; [layer addAnimation:fade forKey:@\"fade\"]; layer.animationKeys",
            // Two repeats of half a second: the spin is over after one, the fade is not.
            "[[NSRunLoop currentRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:1.5]]; s.log",
            "layer.animationKeys", "[layer animationForKey:@\"fade\"] == fade", "[layer removeAnimationForKey:@\"fade\"]; [s.log lastObject]",
            "layer.animationKeys", "[CAMediaTimingFunction functionWithName:kCAMediaTimingFunctionEaseInEaseOut].name"
        ) == [
            "@[\"spin\", \"fade\"]", "<NSMutableArray: 0x2> @[\"start transform.rotation\", \"start opacity\", \"stop transform.rotation 1\"]",
            "@[\"fade\"]", "YES", "\"stop opacity 0\"", "nil", "\"easeInEaseOut\"",
        ])
        // One kept after finishing stays until removed.
        #expect(shell.run(
            "[layer addAnimation:fade forKey:@\"fade\"]; [[NSRunLoop currentRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:4]]; layer.animationKeys",
            "[layer removeAllAnimations]; [s.log lastObject]"
        ) == ["@[\"fade\"]", "\"stop opacity 0\""])
        #expect(shell.run("[layer addAnimation:nil forKey:@\"x\"]").first?.hasSuffix("NSInvalidArgumentException in -[CALayer addAnimation:forKey:]: animation cannot be nil") == true)
    }

    @Test func bezierPathsKeepTheirPointsForBoundsAndHitTesting() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "UIBezierPath *card = [UIBezierPath bezierPathWithRoundedRect:CGRectMake(10, 10, 100, 50) cornerRadius:8]",
            "card.bounds", "[card containsPoint:CGPointMake(20, 20)]", "[card containsPoint:CGPointMake(200, 20)]",
            "UIBezierPath *q = [UIBezierPath bezierPath]; [q moveToPoint:CGPointZero]; [q addLineToPoint:CGPointMake(10, 0)]",
            "[q addCurveToPoint:CGPointMake(10, 10) controlPoint1:CGPointMake(20, 0) controlPoint2:CGPointMake(20, 10)]; q.currentPoint",
            "[q closePath]; q.bounds", "q.currentPoint", "[q applyTransform:CGAffineTransformMakeTranslation(5, 5)]; q.bounds",
            "UIBezierPath *dot = [UIBezierPath bezierPathWithOvalInRect:CGRectMake(0, 0, 10, 10)]",
            "[dot containsPoint:CGPointMake(5, 5)]", "[dot containsPoint:CGPointMake(1, 1)]",
            "[UIBezierPath bezierPathWithArcCenter:CGPointMake(5, 5) radius:5 startAngle:0 endAngle:M_PI clockwise:YES].bounds",
            "[UIBezierPath bezierPath].isEmpty"
        ) == [
            "{{10, 10}, {100, 50}}", "YES", "NO", "{10, 10}", "{{0, 0}, {20, 10}}", "{0, 0}", "{{5, 5}, {20, 10}}", "YES", "NO",
            "{{0, 0}, {10, 10}}", "YES",
        ])
    }

    /// Core Animation's CGColorRef and CGPathRef are the UIColor and UIBezierPath objects.
    @Test func layersKeepColoursAndPathsAsTheObjectsThemselves() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "UIView *v = [UIView new]; v.layer.borderColor = [UIColor redColor].CGColor; [[UIColor colorWithCGColor:v.layer.borderColor] isEqual:[UIColor redColor]]",
            "UIBezierPath *p = [UIBezierPath bezierPathWithRect:v.bounds]; v.layer.shadowPath = p.CGPath; v.layer.shadowPath == p",
            "CAShapeLayer *shape = [CAShapeLayer layer]; shape.path = p.CGPath; [UIBezierPath bezierPathWithCGPath:shape.path].bounds"
        ) == ["YES", "YES", "{{0, 0}, {0, 0}}"])
        #expect(shell.run("[UIColor colorWithCGColor:@\"red\"]").first?.hasSuffix("expects a CGColor (a UIColor's CGColor) as argument 1, but got a string") == true)
    }
}
