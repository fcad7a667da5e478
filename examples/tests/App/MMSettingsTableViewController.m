#import "MMSettingsTableViewController.h"

NSString * const MMSettingsCellIdentifier = @"SettingsCell";

@interface MMSettingsTableViewController ()
@property (nonatomic, copy, readwrite) NSArray<NSString *> *options;
@property (nonatomic, copy, readwrite, nullable) NSString *selectedOption;
@end

@implementation MMSettingsTableViewController

- (instancetype)init {
    return [self initWithStyle:UITableViewStyleGrouped];
}

- (instancetype)initWithStyle:(UITableViewStyle)style {
    self = [super initWithStyle:style];
    if (self) {
        _options = @[@"Notifications", @"Units", @"Privacy", @"About"];
        self.title = @"Settings";
    }
    return self;
}

- (void)viewDidLoad {
    [super viewDidLoad];
    [self.tableView registerClass:[UITableViewCell class] forCellReuseIdentifier:MMSettingsCellIdentifier];
    self.tableView.accessibilityIdentifier = @"Settings Table";
}

- (void)viewWillAppear:(BOOL)animated {
    [super viewWillAppear:animated];
    [self.tableView reloadData];
}

- (void)viewDidDisappear:(BOOL)animated {
    [super viewDidDisappear:animated];
}

#pragma mark - UITableViewDataSource

- (NSInteger)numberOfSectionsInTableView:(UITableView *)tableView {
    return 1;
}

- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section {
    return self.options.count;
}

- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
    UITableViewCell *cell = [tableView dequeueReusableCellWithIdentifier:MMSettingsCellIdentifier forIndexPath:indexPath];
    cell.textLabel.text = self.options[indexPath.row];
    cell.accessoryType = UITableViewCellAccessoryDisclosureIndicator;
    return cell;
}

#pragma mark - UITableViewDelegate

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
    self.selectedOption = self.options[indexPath.row];
    [tableView deselectRowAtIndexPath:indexPath animated:YES];
}

@end
