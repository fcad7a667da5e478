#import "MMLoginViewController.h"

@interface MMLoginViewController ()
@property (nonatomic, strong, readwrite) UITextField *nameField;
@property (nonatomic, strong, readwrite) UIButton *loginButton;
@property (nonatomic, assign) NSUInteger attempts;
@end

@implementation MMLoginViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Log In";
    self.view.backgroundColor = [UIColor whiteColor];

    self.nameField = [[UITextField alloc] initWithFrame:CGRectMake(20, 100, 280, 44)];
    self.nameField.placeholder = @"Your name";
    self.nameField.accessibilityLabel = @"Name";
    [self.nameField addTarget:self action:@selector(nameDidChange:) forControlEvents:UIControlEventEditingChanged];
    [self.view addSubview:self.nameField];

    self.loginButton = [UIButton buttonWithType:UIButtonTypeSystem];
    self.loginButton.frame = CGRectMake(20, 160, 280, 44);
    [self.loginButton setTitle:@"Log In" forState:UIControlStateNormal];
    self.loginButton.accessibilityLabel = @"Log In";
    [self.loginButton addTarget:self action:@selector(loginTapped:) forControlEvents:UIControlEventTouchUpInside];
    [self.view addSubview:self.loginButton];

    [self updateLoginButton];
}

- (void)viewWillAppear:(BOOL)animated {
    [super viewWillAppear:animated];
    [self updateLoginButton];
}

- (NSString *)enteredName {
    NSString *text = self.nameField.text ?: @"";
    return [text stringByTrimmingCharactersInSet:[NSCharacterSet whitespaceCharacterSet]];
}

- (void)nameDidChange:(UITextField *)field {
    [self updateLoginButton];
}

- (void)updateLoginButton {
    self.loginButton.enabled = self.enteredName.length > 0;
}

- (IBAction)loginTapped:(id)sender {
    if (self.enteredName.length == 0) {
        return;
    }
    self.attempts += 1;
    [self.delegate loginViewController:self didLogInWithName:self.enteredName];
}

@end
