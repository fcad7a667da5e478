#import "MMSignInViewController.h"

NSString * const MMSignInDidFinishNotification = @"MMSignInDidFinishNotification";

@interface MMSignInViewController ()
@property (nonatomic, strong, readwrite) UITextField *emailField;
@property (nonatomic, strong, readwrite) UITextField *passwordField;
@property (nonatomic, strong, readwrite) UISwitch *rememberSwitch;
@property (nonatomic, strong, readwrite) UIButton *signInButton;
@property (nonatomic, strong, readwrite) UIActivityIndicatorView *spinner;
@property (nonatomic, strong, readwrite) UILabel *welcomeLabel;
@property (nonatomic, assign, readwrite) BOOL remembersEmail;
@property (nonatomic, assign, readwrite) NSUInteger signInCount;
@end

@implementation MMSignInViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Sign In";
    self.view.backgroundColor = [UIColor whiteColor];

    self.emailField = [[UITextField alloc] initWithFrame:CGRectMake(20, 80, 335, 44)];
    self.emailField.placeholder = @"Email";
    self.emailField.keyboardType = UIKeyboardTypeEmailAddress;
    [self.emailField addTarget:self action:@selector(fieldsChanged:) forControlEvents:UIControlEventEditingChanged];
    [self.view addSubview:self.emailField];

    self.passwordField = [[UITextField alloc] initWithFrame:CGRectMake(20, 130, 335, 44)];
    self.passwordField.placeholder = @"Password";
    self.passwordField.secureTextEntry = YES;
    self.passwordField.delegate = self;
    [self.passwordField addTarget:self action:@selector(fieldsChanged:) forControlEvents:UIControlEventEditingChanged];
    [self.view addSubview:self.passwordField];

    UILabel *rememberLabel = [[UILabel alloc] initWithFrame:CGRectMake(20, 185, 200, 31)];
    rememberLabel.text = @"Remember me";
    [self.view addSubview:rememberLabel];

    self.rememberSwitch = [[UISwitch alloc] initWithFrame:CGRectMake(300, 185, 51, 31)];
    self.rememberSwitch.accessibilityLabel = @"Remember me";
    [self.rememberSwitch addTarget:self action:@selector(rememberChanged:) forControlEvents:UIControlEventValueChanged];
    [self.view addSubview:self.rememberSwitch];

    self.signInButton = [UIButton buttonWithType:UIButtonTypeSystem];
    self.signInButton.frame = CGRectMake(20, 230, 335, 44);
    self.signInButton.accessibilityIdentifier = @"signInButton";
    [self.signInButton setTitle:@"Sign In" forState:UIControlStateNormal];
    [self.signInButton addTarget:self action:@selector(signIn:) forControlEvents:UIControlEventTouchUpInside];
    [self.view addSubview:self.signInButton];

    self.spinner = [[UIActivityIndicatorView alloc] initWithActivityIndicatorStyle:UIActivityIndicatorViewStyleMedium];
    self.spinner.frame = CGRectMake(177, 290, 20, 20);
    self.spinner.accessibilityLabel = @"Signing in";
    [self.view addSubview:self.spinner];

    self.welcomeLabel = [[UILabel alloc] initWithFrame:CGRectMake(20, 330, 335, 30)];
    self.welcomeLabel.hidden = YES;
    [self.view addSubview:self.welcomeLabel];

    [self fieldsChanged:nil];
}

- (void)fieldsChanged:(id)sender {
    NSString *email = self.emailField.text ?: @"";
    NSString *password = self.passwordField.text ?: @"";
    self.signInButton.enabled = [email containsString:@"@"] && password.length > 0 && !self.spinner.isAnimating;
}

- (void)rememberChanged:(UISwitch *)sender {
    self.remembersEmail = sender.isOn;
}

#pragma mark - UITextFieldDelegate

// Passwords never hold spaces: a space typed is refused.
- (BOOL)textField:(UITextField *)textField shouldChangeCharactersInRange:(NSRange)range replacementString:(NSString *)string {
    return ![string containsString:@" "];
}

#pragma mark - Signing in

- (IBAction)signIn:(id)sender {
    self.signInCount += 1;
    self.welcomeLabel.hidden = YES;
    [self.spinner startAnimating];
    [self fieldsChanged:nil];
    NSString *name = [[self.emailField.text componentsSeparatedByString:@"@"] firstObject];
    dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(2 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{
        [self.spinner stopAnimating];
        self.welcomeLabel.text = [NSString stringWithFormat:@"Welcome, %@!", name];
        self.welcomeLabel.hidden = NO;
        [self fieldsChanged:nil];
        [[NSNotificationCenter defaultCenter] postNotificationName:MMSignInDidFinishNotification object:self];
    });
}

@end
