#import "RTFeedViewController.h"

typedef struct {
    CGFloat top;
    CGFloat spacing;
} RTFeedMetrics;

static const RTFeedMetrics RTDefaultMetrics = {8.0, 4.0};

@interface RTFeedViewController ()
@property (nonatomic, strong) UILabel *emptyLabel;
@property (nonatomic, assign) NSUInteger loadCount;
@end

@implementation RTFeedViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.loadCount += 1;
    if (self.items == nil) {
        self.items = @[];
    }
    __weak typeof(self) weakSelf = self;
    void (^updateEmptyState)(void) = ^{
        __strong typeof(weakSelf) strongSelf = weakSelf;
        if (!strongSelf) return;
        strongSelf.title = strongSelf.items.count == 0 ? @"Nothing yet" : @"Feed";
    };
    updateEmptyState();
}

- (void)configureNavigationItem {
    self.title = @"Feed";
}

- (NSArray *)visibleItems {
    if (self.filter == RTFeedFilterNone) {
        return self.items;
    }
    NSMutableArray *visible = [NSMutableArray array];
    for (NSDictionary *item in self.items) {
        BOOL unread = [item[@"unread"] boolValue];
        BOOL starred = [item[@"starred"] boolValue];
        if (((self.filter & RTFeedFilterUnread) && unread) || ((self.filter & RTFeedFilterStarred) && starred)) {
            [visible addObject:item];
        }
    }
    return visible;
}

- (CGRect)frameForItemAtIndex:(NSUInteger)index inWidth:(CGFloat)width {
    RTFeedMetrics metrics = RTDefaultMetrics;
    CGRect frame = CGRectZero;
    frame.origin.x = RT_PADDING;
    frame.origin.y = metrics.top + index * (RT_ROW_HEIGHT + metrics.spacing);
    frame.size = CGSizeMake(width - 2 * RT_PADDING, RT_ROW_HEIGHT);
    return frame;
}

- (NSInteger)clampedIndex:(NSInteger)index {
    NSInteger last = (NSInteger)self.items.count - 1;
    return RT_CLAMP(index, 0, MAX(last, 0));
}

- (void)viewDidAppear:(BOOL)animated {
    [super viewDidAppear:animated];
    @try {
        if (self.items.count > 100) {
            @throw @"too many items";
        }
    } @catch (NSException *exception) {
        self.title = @"Feed (trimmed)";
    } @finally {
        self.loadCount = self.loadCount;
    }
}

@end
