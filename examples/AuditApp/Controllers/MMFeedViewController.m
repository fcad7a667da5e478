#import "MMFeedViewController.h"
#import "MMPostCell.h"

static NSString * const MMPostCellIdentifier = @"MMPostCell";

@implementation MMFeedViewController

- (void)configure {
    [super configure];
    self.title = NSLocalizedString(@"Feed", nil);
    self.posts = @[@"Hello", @"World"];
    self.tableView = [[UITableView alloc] initWithFrame:self.view.bounds style:UITableViewStylePlain];
    self.tableView.dataSource = self;
    self.tableView.delegate = self;
    [self.tableView registerClass:[MMPostCell class] forCellReuseIdentifier:MMPostCellIdentifier];
    [self.view addSubview:self.tableView];
    self.navigationItem.rightBarButtonItem = self.editButtonItem;
}

- (void)viewWillAppear:(BOOL)animated {
    [super viewWillAppear:animated];
    [self.tableView reloadData];
}

- (void)setEditing:(BOOL)editing animated:(BOOL)animated {
    [super setEditing:editing animated:animated];
    [self.tableView setEditing:editing animated:animated];
}

- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section {
    return self.posts.count;
}

- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
    MMPostCell *cell = [tableView dequeueReusableCellWithIdentifier:MMPostCellIdentifier forIndexPath:indexPath];
    cell.textLabel.text = self.posts[indexPath.row];
    cell.accessoryType = UITableViewCellAccessoryDisclosureIndicator;
    return cell;
}

@end
