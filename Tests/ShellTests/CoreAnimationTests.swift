import Testing

/// Layers, their animations on the virtual clock, shape and gradient layers, the Bézier
/// paths and colours Core Animation takes as CGPathRef and CGColorRef, and image contexts.
@Suite("Core Animation, Core Graphics and Bézier paths")
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

    /// A HUD's test reads that its fade is under way: alpha changed in an animation block
    /// animates the layer's opacity from the old value to the new until the block's time is up.
    @Test func alphaChangedInAnAnimationBlockAnimatesTheLayersOpacityUntilItEnds() throws {
        let shell = try ShellHarness()
        shell.run("UIView *bezel = [UIView new]; NSMutableArray *log = [NSMutableArray array]")
        #expect(shell.run(
            "[UIView animateWithDuration:0.3 animations:^{ bezel.alpha = 0.5; } completion:^(BOOL done) { [log addObject:bezel.layer.animationKeys ?: @\"none\"]; }]; bezel.layer.animationKeys",
            "CABasicAnimation *fade = (CABasicAnimation *)[bezel.layer animationForKey:@\"opacity\"]; @[fade.fromValue, fade.toValue, @(fade.duration)]",
            "[[NSRunLoop currentRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:1]]; @[log, bezel.layer.animationKeys ?: @\"none\"]",
            // No change, no time, or outside a block: nothing animates.
            "[UIView animateWithDuration:0.3 animations:^{ bezel.alpha = 0.5; }]; [UIView animateWithDuration:0 animations:^{ bezel.alpha = 1; }]; bezel.alpha = 0; bezel.layer.animationKeys",
        ) == ["@[\"opacity\"]", "@[1.0, 0.5, 0.3]", "@[<NSMutableArray: 0x2> @[\"none\"], \"none\"]", "nil"])
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

    /// As a category darkening a colour reads them: `CGFloat *c = (CGFloat *)CGColorGetComponents(self.CGColor)`.
    @Test func coreGraphicsReadsAColoursComponents() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "UIColor *c = [UIColor colorWithRed:0.5 green:0.25 blue:1 alpha:0.8]",
            "CGFloat *parts = (CGFloat *)CGColorGetComponents(c.CGColor); parts[1]", "CGColorGetNumberOfComponents(c.CGColor)",
            "CGColorGetAlpha(c.CGColor)", "CGColorEqualToColor(c.CGColor, [c copy].CGColor)", "CGColorGetAlpha(CGColorCreateCopyWithAlpha(c.CGColor, 0.1))",
            "CGColorGetNumberOfComponents(NULL)"
        ) == ["0.25", "4", "0.8", "YES", "0.1", "0"])
        #expect(shell.run("CGColorGetComponents(@\"x\")").first == "error: line 1, column 1: CGColorGetComponents takes a CGColor, as in CGColorGetComponents(color.CGColor), but was given a string")
    }

    /// As a category darkening a colour makes the darker one: components in a C array,
    /// a device colour space, `CGColorCreate`, then `colorWithCGColor:`.
    @Test func coreGraphicsMakesAColourFromComponents() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "CGFloat parts[4]; parts[0] = 0.5; parts[1] = 0.25; parts[2] = 0; parts[3] = 1",
            "CGColorSpaceRef space = CGColorSpaceCreateDeviceRGB(); CGColorRef made = CGColorCreate(space, parts); CGColorSpaceRelease(space)",
            "UIColor *c = [UIColor colorWithCGColor:made]; CGFloat red = 0, green = 0; [c getRed:&red green:&green blue:NULL alpha:NULL]; red + green",
            "CGColorSpaceGetNumberOfComponents(CGColorSpaceCreateDeviceGray())", "CGColorSpaceGetNumberOfComponents(NULL)",
            "CGFloat grey[2] = {0.5, 0.4}; CGColorGetAlpha(CGColorCreate(CGColorSpaceCreateDeviceGray(), grey))"
        ) == ["YES", "0.75", "1", "0", "0.4"])
        #expect(shell.run("CGFloat two[2] = {0, 1}; CGColorCreate(CGColorSpaceCreateDeviceRGB(), two)").first
            == "error: line 1, column 26: CGColorCreate takes a colour space and its components, as in CGColorCreate(CGColorSpaceCreateDeviceRGB(), components), but was given a string, an array")
    }

    /// As a bubble factory makes its images: stretchable from the centre, flipped through
    /// `imageWithCGImage:scale:orientation:`, each keeping what it was made with (and the
    /// flipped one another picture, made of pixels rather than named).
    @Test func imagesKeepTheirCapInsetsResizingModeAndOrientation() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "UIImage *bubble = [UIImage imageNamed:@\"bubble\"]",
            "UIImage *stretched = [bubble resizableImageWithCapInsets:UIEdgeInsetsMake(1, 2, 3, 4) resizingMode:UIImageResizingModeStretch]",
            "stretched.resizingMode == UIImageResizingModeStretch && UIEdgeInsetsEqualToEdgeInsets(stretched.capInsets, UIEdgeInsetsMake(1, 2, 3, 4))",
            "[bubble resizableImageWithCapInsets:UIEdgeInsetsZero].resizingMode == UIImageResizingModeTile",
            "UIImage *flipped = [UIImage imageWithCGImage:stretched.CGImage scale:3 orientation:UIImageOrientationUpMirrored]",
            "flipped.scale", "flipped.imageOrientation == UIImageOrientationUpMirrored", "flipped.resizingMode", "[flipped isEqual:bubble]",
            "[bubble stretchableImageWithLeftCapWidth:5 topCapHeight:6].topCapHeight",
            // The initializers, as SDWebImage's decoders make their images.
            "UIImage *decoded = [[UIImage alloc] initWithCGImage:bubble.CGImage scale:2 orientation:UIImageOrientationDown]",
            "@[@(decoded.scale), @(decoded.imageOrientation == UIImageOrientationDown), @([[[UIImage alloc] initWithCGImage:bubble.CGImage] scale])]",
            "[[UIImage alloc] initWithCGImage:NULL] == nil"
        ) == ["YES", "YES", "3.0", "YES", "1", "NO", "6", "@[2.0, YES, 1.0]", "YES"])
        #expect(shell.run("[[UIImage imageNamed:@\"b\"] resizableImageWithCapInsets:UIEdgeInsetsZero resizingMode:7]").first?
            .hasSuffix("expects a UIImageResizingMode (UIImageResizingModeTile 0 or UIImageResizingModeStretch 1) as argument 2, but got an integer") == true)
    }

    /// As a media item keeps its image (`_image = [image copy]`) and archives it: an image
    /// cannot change, so its copy is itself, and it comes back from an archive as it was.
    @Test func imagesCopyAsThemselvesAndArchive() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "UIImage *bubble = [[UIImage imageNamed:@\"bubble\"] resizableImageWithCapInsets:UIEdgeInsetsMake(1, 2, 3, 4)]",
            "[bubble copy] == bubble",
            "UIImage *back = [NSKeyedUnarchiver unarchiveObjectWithData:[NSKeyedArchiver archivedDataWithRootObject:bubble]]",
            "back != bubble && [back isEqual:bubble] && UIEdgeInsetsEqualToEdgeInsets(back.capInsets, UIEdgeInsetsMake(1, 2, 3, 4)) && back.scale == bubble.scale"
        ) == ["YES", "YES"])
    }

    /// UIKit keeps one instance of each named colour: code compares them, and their
    /// CGColors, by pointer.
    @Test func namedColoursAreOneInstanceEach() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "[UIColor lightGrayColor] == [UIColor lightGrayColor] && [UIColor lightGrayColor].CGColor == [UIColor lightGrayColor].CGColor",
            "[UIColor lightGrayColor] != [UIColor whiteColor] && [UIColor colorWithWhite:1 alpha:1] != [UIColor whiteColor]",
            "@interface MMColor : UIColor @end\n@implementation MMColor @end",
            "[[MMColor redColor] class] == [MMColor class] && [MMColor redColor] != [UIColor redColor] && [[MMColor redColor] isEqual:[UIColor redColor]]"
        ) == ["YES", "YES", "YES"])
    }

    /// As an avatar factory draws: the image has the context's size, at the screen's scale for 0.
    @Test func imageContextsMakeImagesOfTheirSizeAndScale() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "UIGraphicsBeginImageContextWithOptions(CGSizeMake(30, 40), NO, 0); UIGraphicsGetCurrentContext() != nil",
            "UIImage *img = UIGraphicsGetImageFromCurrentImageContext(); UIGraphicsEndImageContext(); img.size", "img.scale",
            "UIGraphicsBeginImageContext(CGSizeMake(5, 5)); UIGraphicsGetImageFromCurrentImageContext().scale",
            "UIGraphicsEndImageContext(); UIGraphicsGetCurrentContext()", "UIGraphicsGetImageFromCurrentImageContext()",
            "UIGraphicsImageRenderer *r = [[UIGraphicsImageRenderer alloc] initWithBounds:CGRectMake(0, 0, 10, 20)]; __block BOOL current = NO",
            "UIImage *drawn = [r imageWithActions:^(UIGraphicsImageRendererContext *c) { current = UIGraphicsGetCurrentContext() == c.CGContext; }]; drawn.size",
            "current", "UIGraphicsGetCurrentContext()", "r.format.scale",
            // The frameworks' block types hold blocks.
            "UIGraphicsImageDrawingActions actions = ^(UIGraphicsImageRendererContext *c) { current = NO; }; [r imageWithActions:actions].size",
            "current"
        ) == ["YES", "{30, 40}", "2.0", "1.0", "nil", "nil", "{10, 20}", "YES", "nil", "2.0", "{10, 20}", "NO"])
        #expect(shell.run("UIGraphicsBeginImageContext(3)").first == "error: line 1, column 1: UIGraphicsBeginImageContext takes a size, as in UIGraphicsBeginImageContext(CGSizeMake(40, 40)), but was given an integer")
        // Its CGImage (the image itself) has the pixels of its size at its scale, four bytes each, as a cache costs it.
        #expect(shell.run(
            "@[@(CGImageGetWidth(img.CGImage)), @(CGImageGetHeight(img.CGImage)), @(CGImageGetBytesPerRow(img.CGImage)), @(CGImageGetBitsPerPixel(img.CGImage)), @(CGImageGetWidth(NULL))]"
        ) == ["@[60, 80, 240, 32, 0]"])
    }
}
