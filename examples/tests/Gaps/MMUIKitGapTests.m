#import <XCTest/XCTest.h>
#import <UIKit/UIKit.h>

// rtsh gap: -[UIViewController loadViewIfNeeded] (iOS 9) is a stand-in: the view is not
// loaded and -viewDidLoad does not run. Tests call it to get a controller's outlets.

@interface MMLoadViewGapViewController : UIViewController
@property (nonatomic, strong) UILabel *titleLabel;
@end

@implementation MMLoadViewGapViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.titleLabel = [[UILabel alloc] initWithFrame:CGRectZero];
    [self.view addSubview:self.titleLabel];
}

@end

@interface MMUIKitGapTests : XCTestCase
@end

@implementation MMUIKitGapTests

- (void)testLoadViewIfNeeded {
    MMLoadViewGapViewController *controller = [[MMLoadViewGapViewController alloc] init];
    [controller loadViewIfNeeded];
    XCTAssertTrue(controller.isViewLoaded);
    XCTAssertNotNil(controller.titleLabel);
}

@end
