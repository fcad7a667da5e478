#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

/// Posted when signing in has finished; the object is the screen.
extern NSString * const MMSignInDidFinishNotification;

/// Signs a coach in: an email and a password, a "Remember me" switch, and a button that is
/// enabled once the email looks like one and there is a password. Signing in shows a
/// spinner for two seconds (the pretend server's round trip), then a welcome.
@interface MMSignInViewController : UIViewController <UITextFieldDelegate>

@property (nonatomic, strong, readonly) UITextField *emailField;
@property (nonatomic, strong, readonly) UITextField *passwordField;
@property (nonatomic, strong, readonly) UISwitch *rememberSwitch;
@property (nonatomic, strong, readonly) UIButton *signInButton;
@property (nonatomic, strong, readonly) UIActivityIndicatorView *spinner;
@property (nonatomic, strong, readonly) UILabel *welcomeLabel;
@property (nonatomic, assign, readonly) BOOL remembersEmail;
@property (nonatomic, assign, readonly) NSUInteger signInCount;

@end

NS_ASSUME_NONNULL_END
