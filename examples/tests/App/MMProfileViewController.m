#import "MMProfileViewController.h"
#import "MMCoach.h"

@interface MMProfileViewController ()
@property (nonatomic, strong, readwrite) UILabel *nameLabel;
@property (nonatomic, strong, readwrite) UILabel *detailLabel;
@property (nonatomic, assign, readwrite) NSInteger appearanceCount;
@end

@implementation MMProfileViewController

- (instancetype)initWithCoach:(MMCoach *)coach {
    self = [super initWithNibName:nil bundle:nil];
    if (self) {
        _coach = coach;
        self.title = @"Profile";
    }
    return self;
}

- (instancetype)initWithNibName:(NSString *)nibNameOrNil bundle:(NSBundle *)nibBundleOrNil {
    return [self initWithCoach:nil];
}

- (void)viewDidLoad {
    [super viewDidLoad];
    self.nameLabel = [[UILabel alloc] initWithFrame:CGRectMake(16, 80, 288, 28)];
    self.nameLabel.font = [UIFont boldSystemFontOfSize:22];
    [self.view addSubview:self.nameLabel];

    self.detailLabel = [[UILabel alloc] initWithFrame:CGRectMake(16, 112, 288, 22)];
    self.detailLabel.textColor = [UIColor grayColor];
    [self.view addSubview:self.detailLabel];
}

- (void)viewWillAppear:(BOOL)animated {
    [super viewWillAppear:animated];
    [self showCoach];
}

- (void)viewDidAppear:(BOOL)animated {
    [super viewDidAppear:animated];
    self.appearanceCount++;
}

- (void)viewWillDisappear:(BOOL)animated {
    [super viewWillDisappear:animated];
    [self.view endEditing:YES];
}

- (void)showCoach {
    if (self.coach == nil) {
        self.nameLabel.text = @"No coach";
        self.detailLabel.text = nil;
        return;
    }
    self.nameLabel.text = self.coach.name;
    self.detailLabel.text = [self.coach summary];
}

@end
