#import "RTLoginViewController.h"
#import "RTUser.h"

static const NSUInteger kMinimumPasswordLength = 6;

static BOOL RTIsBlank(NSString *text) {
    return text == nil || text.length == 0;
}

@interface RTLoginViewController () {
    NSInteger _attempts;
    BOOL _keyboardVisible;
}
@property (nonatomic, readwrite) RTLoginState state;
@property (nonatomic, strong) IBOutlet UITextField *nameField;
@property (nonatomic, strong) IBOutlet UITextField *passwordField;
@property (nonatomic, strong) IBOutlet UIButton *signInButton;
@end

@implementation RTLoginViewController

#pragma mark - Lifecycle

- (void)viewDidLoad {
    [super viewDidLoad];
    self.nameField = [[UITextField alloc] init];
    self.passwordField = [[UITextField alloc] init];
    self.signInButton = [[UIButton alloc] init];
    [self.view addSubview:self.nameField];
    [self.view addSubview:self.passwordField];
    [self.view addSubview:self.signInButton];
    self.state = RTLoginStateIdle;
    RTLog(@"loaded with %lu subviews", (unsigned long)self.view.subviews.count);
}

- (void)configureNavigationItem {
    self.title = RTLocalized(@"Sign In");
}

- (void)viewDidAppear:(BOOL)animated {
    [super viewDidAppear:animated];
    _keyboardVisible = NO;
}

#pragma mark - Actions

- (IBAction)signIn:(id)sender {
    NSError *error = nil;
    _attempts += 1;
    if (![self validateName:self.nameField.text password:self.passwordField.text error:&error]) {
        self.state = RTLoginStateFailed;
        if ([self.delegate respondsToSelector:@selector(loginViewController:didFailWithAttempts:)]) {
            [self.delegate loginViewController:self didFailWithAttempts:_attempts];
        }
        if (self.completion) {
            self.completion(NO, error);
        }
        return;
    }
    self.state = RTLoginStateSignedIn;
    [self.delegate loginViewControllerDidSignIn:self];
    if (self.completion) self.completion(YES, nil);
}

- (BOOL)validateName:(NSString *)name password:(NSString *)password error:(NSError **)error {
    NSString *reason = nil;
    if (RTIsBlank(name)) {
        reason = @"name";
    } else if (password.length < kMinimumPasswordLength) {
        reason = @"password";
    } else if (_attempts > RTMaximumAttempts) {
        reason = @"attempts";
    }
    if (reason != nil && error != NULL) {
        *error = reason;
    }
    return reason == nil;
}

#pragma mark - UITextFieldDelegate

- (BOOL)textFieldShouldReturn:(UITextField *)textField {
    if (textField == self.nameField) {
        return NO;
    }
    [self signIn:textField];
    return YES;
}

@end
