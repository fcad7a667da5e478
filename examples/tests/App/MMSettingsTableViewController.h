#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

extern NSString * const MMSettingsCellIdentifier;

/// The settings: one row per option, in one section.
@interface MMSettingsTableViewController : UITableViewController

@property (nonatomic, copy, readonly) NSArray<NSString *> *options;

@end

NS_ASSUME_NONNULL_END
