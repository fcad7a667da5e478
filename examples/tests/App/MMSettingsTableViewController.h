#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

extern NSString * const MMSettingsCellIdentifier;

/// The settings: one row per option, in one section.
@interface MMSettingsTableViewController : UITableViewController

@property (nonatomic, copy, readonly) NSArray<NSString *> *options;
/// The option of the row last tapped, if any.
@property (nonatomic, copy, readonly, nullable) NSString *selectedOption;

@end

NS_ASSUME_NONNULL_END
