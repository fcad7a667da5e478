#import "MMLegacyViewController.h"

@implementation MMLegacyViewController

// loadView must not call super when it sets the view itself.
- (void)loadView {
    [super loadView];
    UIView *root = [[UIView alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
    root.backgroundColor = [UIColor groupTableViewBackgroundColor];
    self.view = root;
}

- (void)didReceiveMemoryWarning {
    [super didReceiveMemoryWarning];
}

@end
