#import <UIKit/UIKit.h>
#import "RTConstants.h"

@class RTUser;

@interface RTSettingsViewController : UITableViewController
@property (nonatomic, strong) RTUser *user;
@property (nonatomic, copy) NSArray<NSArray<NSString *> *> *rows;
@end
