#import "MMCoachesViewController.h"
#import "MMCoachAPI.h"
#import "MMProfileViewController.h"

@interface MMCoachesViewController ()
@property (nonatomic, copy, readwrite) NSArray *coaches;
@property (nonatomic, strong, readwrite) NSError *lastError;
@property (nonatomic, assign, readwrite, getter=isLoading) BOOL loading;
@end

@implementation MMCoachesViewController

- (instancetype)initWithNibName:(NSString *)nibNameOrNil bundle:(NSBundle *)nibBundleOrNil {
    self = [super initWithNibName:nibNameOrNil bundle:nibBundleOrNil];
    if (self) {
        _coaches = @[];
        self.title = @"Coaches";
    }
    return self;
}

- (void)viewDidLoad {
    [super viewDidLoad];
    self.view.backgroundColor = [UIColor whiteColor];
}

- (void)viewDidAppear:(BOOL)animated {
    [super viewDidAppear:animated];
    if (self.coaches.count == 0 && !self.isLoading) {
        [self refreshWithCompletion:nil];
    }
}

- (void)refreshWithCompletion:(void (^)(void))completion {
    self.loading = YES;
    __weak typeof(self) weakSelf = self;
    [MMCoachAPI fetchCoachesWithCompletion:^(NSArray *coaches, NSError *error) {
        __strong typeof(weakSelf) strongSelf = weakSelf;
        if (strongSelf == nil) {
            return;
        }
        strongSelf.loading = NO;
        strongSelf.lastError = error;
        if (coaches != nil) {
            strongSelf.coaches = coaches;
        }
        if (completion) {
            completion();
        }
    }];
}

- (void)showCoach:(MMCoach *)coach {
    MMProfileViewController *profile = [[MMProfileViewController alloc] initWithCoach:coach];
    [self.navigationController pushViewController:profile animated:YES];
}

@end
