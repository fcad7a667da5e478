#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

@class MMLoginViewController;

@protocol MMLoginViewControllerDelegate <NSObject>
- (void)loginViewController:(MMLoginViewController *)controller didLogInWithName:(NSString *)name;
@end

/// Asks for the coach's name; the button is enabled once there is one.
@interface MMLoginViewController : UIViewController

@property (nonatomic, strong, readonly) UITextField *nameField;
@property (nonatomic, strong, readonly) UIButton *loginButton;
@property (nonatomic, weak, nullable) id<MMLoginViewControllerDelegate> delegate;

/// The name typed, trimmed of surrounding spaces.
@property (nonatomic, copy, readonly) NSString *enteredName;

- (IBAction)loginTapped:(id)sender;
- (void)nameDidChange:(UITextField *)field;

@end

NS_ASSUME_NONNULL_END
