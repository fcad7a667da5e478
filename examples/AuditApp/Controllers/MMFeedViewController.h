#import "MMBaseViewController.h"

/// The list of posts, editable in place.
@interface MMFeedViewController : MMBaseViewController <UITableViewDataSource, UITableViewDelegate>
@property (nonatomic, strong) UITableView *tableView;
@property (nonatomic, copy) NSArray<NSString *> *posts;
@end
