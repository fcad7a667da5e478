#import "MMBaseViewController.h"

/// The settings screen, which logs each appearance.
@interface MMSettingsViewController : MMBaseViewController
@property (nonatomic, strong) UISwitch *notificationsSwitch;
@end
