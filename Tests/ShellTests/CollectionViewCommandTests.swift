import Testing

/// Collection views driven by Objective-C as an app's code drives them.
@Suite("Collection views in Objective-C")
struct CollectionViewCommandTests {
    /// A gallery controller with a cell class of its own, as real code writes one.
    static let gallery = """
        @interface MMPhotoCell : UICollectionViewCell
        @property (nonatomic, strong) UILabel *titleLabel;
        @property (nonatomic) NSInteger reuses;
        @end
        @implementation MMPhotoCell
        - (instancetype)initWithFrame:(CGRect)frame {
            self = [super initWithFrame:frame];
            if (self) {
                _titleLabel = [[UILabel alloc] initWithFrame:self.contentView.bounds];
                [self.contentView addSubview:_titleLabel];
            }
            return self;
        }
        - (void)prepareForReuse {
            [super prepareForReuse];
            self.reuses += 1;
            self.titleLabel.text = nil;
        }
        @end
        @interface MMGallery : UICollectionViewController <UICollectionViewDelegateFlowLayout>
        @property (nonatomic, strong) NSMutableArray *photos;
        @end
        @implementation MMGallery
        - (void)viewDidLoad {
            [super viewDidLoad];
            self.photos = [@[@"Beach", @"Hills", @"Lake"] mutableCopy];
            [self.collectionView registerClass:[MMPhotoCell class] forCellWithReuseIdentifier:@"Photo"];
        }
        - (NSInteger)collectionView:(UICollectionView *)collectionView numberOfItemsInSection:(NSInteger)section {
            return self.photos.count;
        }
        - (UICollectionViewCell *)collectionView:(UICollectionView *)collectionView cellForItemAtIndexPath:(NSIndexPath *)indexPath {
            MMPhotoCell *cell = [collectionView dequeueReusableCellWithReuseIdentifier:@"Photo" forIndexPath:indexPath];
            cell.titleLabel.text = self.photos[indexPath.item];
            return cell;
        }
        - (CGSize)collectionView:(UICollectionView *)collectionView layout:(UICollectionViewLayout *)layout sizeForItemAtIndexPath:(NSIndexPath *)indexPath {
            return CGSizeMake(100, 80);
        }
        @end
        """

    @Test func aGalleryShowsItsPhotosAndReusesItsCells() throws {
        let shell = try ShellHarness()
        shell.run(Self.gallery)
        #expect(shell.run(
            "layout = [UICollectionViewFlowLayout new]", "layout.scrollDirection = UICollectionViewScrollDirectionHorizontal",
            "gallery = [[MMGallery alloc] initWithCollectionViewLayout:layout]", "window gallery",
            "gallery.collectionView.visibleCells.count", "[gallery.collectionView.visibleCells.lastObject titleLabel].text",
            "NSStringFromCGRect([gallery.collectionView.visibleCells[1] frame])",
            "gallery.collectionView.dataSource == gallery", "layout.collectionView == gallery.collectionView")
            == ["3", "\"Lake\"", "\"{{110, 0}, {100, 80}}\"", "YES", "YES"])
        // Inserting a photo the data source reflects reuses the three cells, prepared, and makes one.
        #expect(shell.run(
            "[gallery.photos addObject:@\"Snow\"]",
            "[gallery.collectionView performBatchUpdates:^{ [gallery.collectionView insertItemsAtIndexPaths:@[[NSIndexPath indexPathForItem:3 inSection:0]]]; } completion:nil]",
            "[gallery.collectionView numberOfItemsInSection:0]", "[[gallery.collectionView.visibleCells valueForKey:@\"reuses\"] componentsJoinedByString:@\",\"]")
            == ["4", "\"1,1,1,0\""])
        // One the data source does not reflect raises UIKit's exception.
        #expect(shell.run("""
            @try {
                [gallery.collectionView deleteItemsAtIndexPaths:@[[NSIndexPath indexPathForItem:0 inSection:0]]];
            } @catch (NSException *e) {
                NSLog(@"%@: %@", e.name, [e.reason substringToIndex:53]);
            }
            """).last == "NSInternalInconsistencyException: Invalid update: invalid number of items in section 0.")
    }

    @Test func frameworkConstantsAndErrorsReadAsInUIKit() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "UICollectionElementKindSectionHeader", "UICollectionViewScrollPositionCenteredVertically",
            "UICollectionViewFlowLayoutAutomaticSize.width == CGFLOAT_MAX", "[UICollectionViewFlowLayout new].itemSize")
            == ["\"UICollectionElementKindSectionHeader\"", "2", "YES", "{50, 50}"])
        #expect(shell.run("""
            @try { [[UICollectionView alloc] initWithFrame:CGRectZero collectionViewLayout:nil]; }
            @catch (NSException *e) { NSLog(@"%@", e.name); }
            """).last == "NSInvalidArgumentException")
        #expect(shell.run("""
            @try {
                UICollectionView *view = [[UICollectionView alloc] initWithFrame:CGRectZero collectionViewLayout:[UICollectionViewFlowLayout new]];
                [view dequeueReusableCellWithReuseIdentifier:@"Missing" forIndexPath:[NSIndexPath indexPathForItem:0 inSection:0]];
            } @catch (NSException *e) { NSLog(@"%@", e.name); }
            """).last == "NSInternalInconsistencyException")
    }

    /// A layout's own attributes subclass copies as UIKit's requires: super's copy is an
    /// instance of the subclass with UIKit's fields, and the subclass copies its own.
    @Test func layoutAttributesCopyThroughSuperAndCompareTheirFields() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMAttributes : UICollectionViewLayoutAttributes
            @property (nonatomic) CGFloat bubbleWidth;
            @end
            @implementation MMAttributes
            - (instancetype)copyWithZone:(NSZone *)zone {
                MMAttributes *copy = [super copyWithZone:zone];
                copy.bubbleWidth = self.bubbleWidth;
                return copy;
            }
            - (BOOL)isEqual:(id)object {
                return [object isKindOfClass:[MMAttributes class]] && [object bubbleWidth] == self.bubbleWidth && [super isEqual:object];
            }
            @end
            """)
        #expect(shell.run(
            "MMAttributes *a = [MMAttributes layoutAttributesForCellWithIndexPath:[NSIndexPath indexPathForItem:2 inSection:1]]",
            "a.frame = CGRectMake(1, 2, 30, 40); a.zIndex = 3; a.bubbleWidth = 120",
            "MMAttributes *b = [a copy]; [b class] == [MMAttributes class] && b != a",
            "b.bubbleWidth == 120 && CGRectEqualToRect(b.frame, a.frame) && b.zIndex == 3 && b.indexPath.item == 2",
            "[a isEqual:b] && a.hash == b.hash",
            "b.alpha = 0.5; [a isEqual:b]",
            "[a conformsToProtocol:@protocol(NSCopying)]"
        ) == ["YES", "YES", "YES", "NO", "YES"])
    }

    @Test func checkSuperAuditsCollectionViewOverrides() throws {
        let shell = try ShellHarness()
        shell.run(Self.gallery, """
            @interface MMForgetfulCell : UICollectionViewCell
            @end
            @implementation MMForgetfulCell
            - (void)prepareForReuse { }
            - (void)setHighlighted:(BOOL)highlighted { [super setHighlighted:highlighted]; }
            @end
            """)
        #expect(shell.run("check super MM*") == [
            "FAIL -[MMForgetfulCell prepareForReuse] does not call super",
            "ok -[MMForgetfulCell setHighlighted:] calls super once",
            "ok -[MMGallery viewDidLoad] calls super once",
            "ok -[MMPhotoCell prepareForReuse] calls super once",
            "3 passed, 1 failed",
        ])
    }
}
