#import "MMViewControllerTestCase.h"
#import "MMLoginViewController.h"

@interface MMLoginViewControllerTests : MMViewControllerTestCase <MMLoginViewControllerDelegate>
@property (nonatomic, copy) NSString *loggedInName;
@end

@implementation MMLoginViewControllerTests

- (Class)classUnderTest {
    return [MMLoginViewController class];
}

- (MMLoginViewController *)loginController {
    return (MMLoginViewController *)self.viewControllerUnderTest;
}

- (void)setUp {
    [super setUp];
    self.loggedInName = nil;
    [self loginController].delegate = self;
    [[self loginController] loadViewIfNeeded];
}

- (void)loginViewController:(MMLoginViewController *)controller didLogInWithName:(NSString *)name {
    self.loggedInName = name;
}

- (void)testViewHasNameFieldAndButton {
    MMLoginViewController *login = [self loginController];
    GHAssertNotNil(login.nameField, nil);
    GHAssertNotNil(login.loginButton, nil);
    GHAssertEqualObjects(login.nameField.superview, login.view, @"the field is not in the view");
    GHAssertEqualStrings([login.loginButton titleForState:UIControlStateNormal], @"Log In", nil);
    GHAssertEqualStrings(login.title, @"Log In", nil);
}

- (void)testButtonIsDisabledUntilANameIsTyped {
    MMLoginViewController *login = [self loginController];
    GHAssertFalse(login.loginButton.enabled, @"enabled with no name");

    login.nameField.text = @"   ";
    [login.nameField sendActionsForControlEvents:UIControlEventEditingChanged];
    GHAssertFalse(login.loginButton.isEnabled, @"spaces are no name");

    login.nameField.text = @"Ada";
    [login.nameField sendActionsForControlEvents:UIControlEventEditingChanged];
    GHAssertTrue(login.loginButton.isEnabled, @"a name was typed");
}

- (void)testTappingLogInTellsTheDelegateTheTrimmedName {
    MMLoginViewController *login = [self loginController];
    login.nameField.text = @"  Grace ";
    [login.nameField sendActionsForControlEvents:UIControlEventEditingChanged];
    [login.loginButton sendActionsForControlEvents:UIControlEventTouchUpInside];
    GHAssertEqualStrings(self.loggedInName, @"Grace", nil);
}

- (void)testTappingLogInWithoutANameDoesNothing {
    [[self loginController] loginTapped:nil];
    GHAssertNil(self.loggedInName, @"the delegate heard of a login without a name");
}

@end
