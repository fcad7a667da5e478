#import "RTSettingsViewController.h"
#import "RTUser.h"

static NSString *const RTSettingsCellIdentifier = @"SettingsCell";

@implementation RTSettingsViewController {
    NSMutableDictionary *_toggles;
    NSInteger _reloadCount;
}

@synthesize rows = _rows;

- (instancetype)init {
    if ((self = [super init])) {
        _toggles = [@{} mutableCopy];
        _rows = @[
            @[@"Name", @"Email"],
            @[@"Push", @"Sounds", @"Badges"],
            @[@"Version"],
        ];
    }
    return self;
}

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Settings";
}

- (NSInteger)numberOfSectionsInTableView:(UITableView *)tableView {
    return RTSectionCount;
}

- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section {
    if (section < 0 || section >= (NSInteger)self.rows.count) {
        return 0;
    }
    return [self.rows[section] count];
}

- (NSString *)tableView:(UITableView *)tableView titleForHeaderInSection:(NSInteger)section {
    switch ((RTSection)section) {
        case RTSectionAccount:
            return @"Account";
        case RTSectionNotifications: {
            NSString *title = @"Notifications";
            return title;
        }
        case RTSectionAbout:
        default:
            break;
    }
    return nil;
}

- (NSInteger)totalRowCount {
    NSInteger total = 0;
    for (NSArray *section in self.rows) {
        total += section.count;
    }
    return total;
}

- (NSString *)summary {
    NSString *text = @"";
    NSUInteger index = 0;
    do {
        text = [NSString stringWithFormat:@"%@%@%@", text, index > 0 ? @", " : @"", self.rows[index][0]];
        index++;
    } while (index < self.rows.count);
    return text;
}

- (CGFloat)tableView:(UITableView *)tableView heightForRowAtIndexPath:(NSIndexPath *)indexPath {
    return indexPath.section == RTSectionAbout ? RT_ROW_HEIGHT * 2 : RT_ROW_HEIGHT;
}

- (void)setEditing:(BOOL)editing animated:(BOOL)animated {
    [super setEditing:editing animated:animated];
    _reloadCount++;
}

@end
