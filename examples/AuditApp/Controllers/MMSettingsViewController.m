#import "MMSettingsViewController.h"

@implementation MMSettingsViewController

// Does not call super: the subclass rule in audit.policy catches it.
- (void)configure {
    self.notificationsSwitch = [[UISwitch alloc] initWithFrame:CGRectZero];
    [self.notificationsSwitch setOn:[[NSUserDefaults standardUserDefaults] boolForKey:@"notifications"] animated:NO];
    [self.view addSubview:self.notificationsSwitch];
}

// Calls super twice when the appearance is not animated: both calls are in the text,
// so only running it shows the second.
- (void)viewDidAppear:(BOOL)animated {
    [super viewDidAppear:animated];
    if (!animated) {
        NSLog(@"settings appeared without animation");
        [super viewDidAppear:animated];
    }
}

@end
