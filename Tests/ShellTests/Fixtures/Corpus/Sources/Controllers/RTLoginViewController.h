#import "RTBaseViewController.h"
#import "RTConstants.h"

@protocol RTLoginViewControllerDelegate;

typedef NS_ENUM(NSUInteger, RTLoginState) {
    RTLoginStateIdle,
    RTLoginStateSigningIn,
    RTLoginStateFailed,
    RTLoginStateSignedIn,
};

@interface RTLoginViewController : RTBaseViewController <UITextFieldDelegate>

@property (nonatomic, weak, nullable) id<RTLoginViewControllerDelegate> delegate;
@property (nonatomic, readonly) RTLoginState state;
@property (nonatomic, copy, nullable) RTCompletion completion;

- (IBAction)signIn:(id)sender;
- (BOOL)validateName:(NSString *)name password:(NSString *)password error:(NSError **)error;

@end

@protocol RTLoginViewControllerDelegate <NSObject>
@required
- (void)loginViewControllerDidSignIn:(RTLoginViewController *)controller;
@optional
- (void)loginViewController:(RTLoginViewController *)controller didFailWithAttempts:(NSInteger)attempts;
@end
