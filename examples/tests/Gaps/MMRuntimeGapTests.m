#import <XCTest/XCTest.h>
#import <UIKit/UIKit.h>
#import <objc/runtime.h>
#import <objc/message.h>

// rtsh gaps: Objective-C runtime functions and declarations that swizzling and
// test-generating code uses.

@interface UIView (MMGapMarking)
@property (nonatomic, assign, setter=mm_setMarked:) BOOL mm_marked;
@end

static char MMGapMarkedKey;

@implementation UIView (MMGapMarking)

- (BOOL)mm_marked {
    return [objc_getAssociatedObject(self, &MMGapMarkedKey) boolValue];
}

- (void)mm_setMarked:(BOOL)marked {
    objc_setAssociatedObject(self, &MMGapMarkedKey, @(marked), OBJC_ASSOCIATION_RETAIN_NONATOMIC);
}

@end

@interface MMRuntimeGapTests : XCTestCase
@end

@implementation MMRuntimeGapTests

// rtsh: "'objc_getClassList' is not a function rtsh knows" (and the load notes that
// malloc is missing too). This is how ClassGetSubclasses-style helpers walk the classes.
- (void)testGetClassList {
    int count = objc_getClassList(NULL, 0);
    Class *classes = (Class *)malloc(sizeof(Class) * count);
    count = objc_getClassList(classes, count);
    BOOL found = NO;
    for (int i = 0; i < count; i++) {
        if (classes[i] == [MMRuntimeGapTests class]) {
            found = YES;
        }
    }
    free(classes);
    XCTAssertTrue(found);
}

// rtsh: "no variable or class named 'objc_msgSend'": objc_msgSend cast to the method's
// function type, the usual way to send a selector held in a variable with a BOOL argument.
- (void)testMsgSendThroughACast {
    UIViewController *controller = [[UIViewController alloc] init];
    controller.title = @"Coaches";
    NSString *(*sendTitle)(id, SEL) = (NSString *(*)(id, SEL))objc_msgSend;
    XCTAssertEqualObjects(sendTitle(controller, @selector(title)), @"Coaches");
    void (*sendAnimated)(id, SEL, BOOL) = (void (*)(id, SEL, BOOL))objc_msgSend;
    sendAnimated(controller, @selector(setEditing:), YES);
    XCTAssertTrue(controller.isEditing);
}

// rtsh: dot-syntax assignment to a category property with a custom setter sends
// -setMm_marked: (a stand-in answers) instead of the declared -mm_setMarked:. The same
// property in a class's own @interface works.
- (void)testCategoryPropertyCustomSetter {
    UIView *view = [[UIView alloc] init];
    view.mm_marked = YES;
    XCTAssertTrue(view.mm_marked);
}

@end
