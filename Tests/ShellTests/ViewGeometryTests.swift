import Foundation
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

    /// An image made from data is as big as its header says, whatever its format (PNG, GIF,
    /// JPEG, BMP), in points at its scale; data that is no image makes none, as UIKit answers.
    @Test func imagesFromDataAreSizedByTheirHeaders() throws {
        let shell = try ShellHarness()
        shell.run("""
            const unsigned char mm_gif[] = {'G','I','F','8','9','a', 3,0, 2,0, 0x80,0,0, 0,0,0, 255,255,255, 0x21,0xF9,4,0,10,0,0,0, 0x2C,0,0,0,0,3,0,2,0,0, 2,2,0x44,1,0, 0x3B};
            const unsigned char mm_jpeg[] = {0xFF,0xD8, 0xFF,0xE0,0,16,'J','F','I','F',0,1,1,0,0,1,0,1,0,0, 0xFF,0xC0,0,17,8,0,5,0,7,3,1,0x22,0,2,0x11,1,3,0x11,1};
            const unsigned char mm_bmp[] = {'B','M', 0,0,0,0, 0,0,0,0, 0,0,0,0, 40,0,0,0, 9,0,0,0, 0xFC,0xFF,0xFF,0xFF};
            const unsigned char mm_png[] = {0x89,'P','N','G',0x0D,0x0A,0x1A,0x0A, 0,0,0,13,'I','H','D','R', 0,0,0,40, 0,0,0,20};
            """)
        #expect(shell.run(
            "[UIImage imageWithData:[NSData dataWithBytes:mm_gif length:sizeof(mm_gif)]].size",
            "[[UIImage alloc] initWithData:[NSData dataWithBytes:mm_jpeg length:sizeof(mm_jpeg)] scale:2].size",
            "[[UIImage alloc] initWithData:[NSData dataWithBytes:mm_bmp length:sizeof(mm_bmp)]].size",
            "UIImage *png = [UIImage imageWithData:[NSData dataWithBytes:mm_png length:sizeof(mm_png)] scale:2]; @[NSStringFromCGSize(png.size), @(CGImageGetWidth(png.CGImage))]",
            "[UIImage imageWithData:[@\"not an image\" dataUsingEncoding:NSUTF8StringEncoding]] == nil"
        ) == ["{3, 2}", "{3.5, 2.5}", "{9, 4}", "@[\"{20, 10}\", 40]", "YES"])
    }

    /// `imageNamed:` finds an asset catalog's image set, at the scale its `Contents.json`
    /// gives the file for the screen, before a bundle file of the name; a name the tree has
    /// no file for still makes an image of that name, with no size. A PNG's or JPEG's data of
    /// an image makes an image of the same pixels again, and an image of a CGImage's pixels
    /// is another picture than the named one.
    @Test func namedImagesComeFromAssetCatalogsAndTheirDataRoundTrips() throws {
        let tree = try TemporaryTree([
            "App/Images.xcassets/Avatars/jobs.imageset/Contents.json": #"{"images": [{"idiom": "universal", "filename": "face.png", "scale": "1x"}, {"idiom": "universal", "filename": "face@2x.png", "scale": "2x"}], "info": {"version": 1}}"#,
            "App/Tests.m": """
                @interface MMImageTests : XCTestCase @end
                @implementation MMImageTests
                - (void)testNamedImages {
                    UIImage *jobs = [UIImage imageNamed:@"jobs"];
                    XCTAssertEqualObjects(NSStringFromCGSize(jobs.size), @"{24, 12}");
                    XCTAssertEqual(jobs.scale, 2.0);
                    XCTAssertEqualObjects(NSStringFromCGSize([UIImage imageNamed:@"icon"].size), @"{5, 3}");
                    XCTAssertEqualObjects(NSStringFromCGSize([UIImage imageNamed:@"icon.png"].size), @"{5, 3}");
                    XCTAssertEqualObjects(NSStringFromCGSize([UIImage imageNamed:@"missing"].size), @"{0, 0}");
                    UIImage *fromPNG = [UIImage imageWithData:UIImagePNGRepresentation(jobs) scale:2];
                    XCTAssertEqualObjects(NSStringFromCGSize(fromPNG.size), @"{24, 12}");
                    UIImage *fromJPEG = [UIImage imageWithData:UIImageJPEGRepresentation(jobs, 0.8)];
                    XCTAssertEqualObjects(NSStringFromCGSize(fromJPEG.size), @"{48, 24}");
                    XCTAssertNil(UIImagePNGRepresentation(nil));
                    UIImage *pixels = [UIImage imageWithCGImage:jobs.CGImage];
                    XCTAssertEqualObjects(NSStringFromCGSize(pixels.size), @"{48, 24}");
                    XCTAssertNotEqualObjects(pixels, jobs);
                    XCTAssertNil(pixels.CIImage);
                }
                @end
                """,
        ])
        func png(width: UInt8, height: UInt8) -> Data {
            Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, width, 0, 0, 0, height])
        }
        let set = tree.root.appendingPathComponent("App/Images.xcassets/Avatars/jobs.imageset")
        try png(width: 24, height: 12).write(to: set.appendingPathComponent("face.png"))
        try png(width: 48, height: 24).write(to: set.appendingPathComponent("face@2x.png"))
        try png(width: 10, height: 6).write(to: tree.root.appendingPathComponent("App/icon@2x.png"))
        try png(width: 5, height: 3).write(to: tree.root.appendingPathComponent("App/icon.png"))
        let shell = try ShellHarness()
        _ = shell.session.testSources([tree.root.path], selection: Session.TestSelection())
        let lines = shell.take().all
        #expect(lines.last == "1 passed, 0 failed", "\(lines)")
    }

    /// ImageIO's sources read what the header says: a GIF's frames, each frame's size and
    /// delay (clamped as ImageIO clamps one under 11 ms) and its loop count, the format's
    /// type, images and thumbnails as UIImages of that size; data that is no image makes none.
    @Test func imageSourcesReadTheirImagesHeaders() throws {
        let shell = try ShellHarness()
        shell.run("""
            const unsigned char mm_gif[] = {'G','I','F','8','9','a', 30,0, 20,0, 0x80,0,0, 0,0,0, 255,255,255, \
                0x21,0xFF,0x0B,'N','E','T','S','C','A','P','E','2','.','0',3,1,0,0,0, \
                0x21,0xF9,4,0,10,0,0,0, 0x2C,0,0,0,0,3,0,2,0,0, 2,2,0x44,1,0, \
                0x21,0xF9,4,0,1,0,0,0, 0x2C,0,0,0,0,3,0,2,0,0, 2,2,0x44,1,0, 0x3B};
            CGImageSourceRef source = CGImageSourceCreateWithData((__bridge CFDataRef)[NSData dataWithBytes:mm_gif length:sizeof(mm_gif)], NULL);
            """)
        #expect(shell.run(
            "@[@(CGImageSourceGetCount(source)), (__bridge NSString *)CGImageSourceGetType(source), @(CGImageSourceGetStatus(source) == kCGImageStatusComplete)]",
            "NSDictionary *first = (__bridge NSDictionary *)CGImageSourceCopyPropertiesAtIndex(source, 0, NULL); @[first[(__bridge NSString *)kCGImagePropertyPixelWidth], first[@\"{GIF}\"][@\"DelayTime\"]]",
            "(__bridge NSDictionary *)CGImageSourceCopyPropertiesAtIndex(source, 1, NULL)[(__bridge NSString *)kCGImagePropertyGIFDictionary]",
            "(__bridge NSDictionary *)CGImageSourceCopyProperties(source, NULL)",
            "CGImageGetHeight(CGImageSourceCreateImageAtIndex(source, 1, NULL))",
            "[UIImage imageWithCGImage:CGImageSourceCreateThumbnailAtIndex(source, 0, (__bridge CFDictionaryRef)@{(__bridge NSString *)kCGImageSourceThumbnailMaxPixelSize: @15})].size",
            "CGImageSourceCreateImageAtIndex(source, 2, NULL) == NULL && CGImageSourceCreateWithData((__bridge CFDataRef)[@\"x\" dataUsingEncoding:NSUTF8StringEncoding], NULL) == NULL",
            "kCGImagePropertyOrientationUp"
        ) == [
            "@[2, \"com.compuserve.gif\", YES]", "@[30, 0.1]", "@{\"DelayTime\": 0.1, \"LoopCount\": 0, \"UnclampedDelayTime\": 0.01}",
            "@{\"FileSize\": 85, \"{GIF}\": @{\"LoopCount\": 0}}", "20", "{15, 10}", "YES", "1",
        ])
        #expect(shell.run("CGImageSourceGetCount(@3)").first?.contains("CGImageSourceGetCount takes an image source") == true)
    }
}
