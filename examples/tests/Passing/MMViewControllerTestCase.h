#import <GHUnitIOS/GHUnit.h>
#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

/// The base of every view controller's GHUnit test case. A subclass names the class it
/// tests in -classUnderTest, and gets a controller of that class made before each test
/// and a test named test<Class>Creation that checks the controller was made.
@interface MMViewControllerTestCase : GHTestCase

@property (nonatomic, strong, nullable) UIViewController *viewControllerUnderTest;

/// The view controller class this test case tests. Subclasses must override it.
- (Class)classUnderTest;

@end

NS_ASSUME_NONNULL_END
