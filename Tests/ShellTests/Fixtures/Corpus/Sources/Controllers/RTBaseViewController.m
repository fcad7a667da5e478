#import "RTBaseViewController.h"
#import "RTConstants.h"

@implementation RTBaseViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    [self configureNavigationItem];
}

- (void)viewWillAppear:(BOOL)animated {
    [super viewWillAppear:animated];
    self.appearanceCount++;
}

- (void)configureNavigationItem {
    // Subclasses give their own title.
}

@end
