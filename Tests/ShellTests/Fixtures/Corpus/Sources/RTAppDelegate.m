#import "RTAppDelegate.h"
#import "RTLoginViewController.h"
#import "RTFeedViewController.h"

@interface RTAppDelegate () <RTLoginViewControllerDelegate>
@property (nonatomic, strong) UINavigationController *navigationController;
@end

@implementation RTAppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    RTLoginViewController *login = [[RTLoginViewController alloc] init];
    login.delegate = self;
    self.navigationController = [[UINavigationController alloc] initWithRootViewController:login];
    self.window = [[UIWindow alloc] init];
    self.window.rootViewController = self.navigationController;
    [self.window makeKeyAndVisible];
    return YES;
}

- (void)loginViewControllerDidSignIn:(RTLoginViewController *)controller {
    RTFeedViewController *feed = [RTFeedViewController new];
    [self.navigationController pushViewController:feed animated:NO];
}

@end
