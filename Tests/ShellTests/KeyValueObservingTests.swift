import Testing
@testable import Shell

@Suite("Key-value coding by path and key-value observing")
struct KeyValueObservingTests {
    private static let classes = """
        @interface MMModel : NSObject
        @property (nonatomic, copy) NSString *title;
        @property (nonatomic) NSInteger count;
        @property (nonatomic, strong) MMModel *child;
        @end
        @implementation MMModel
        + (BOOL)automaticallyNotifiesObserversForKey:(NSString *)key { return ![key isEqualToString:@"count"]; }
        @end
        @interface MMWatcher : NSObject
        @property (nonatomic, strong) NSMutableArray *seen;
        @end
        @implementation MMWatcher
        - (instancetype)init { self = [super init]; _seen = [NSMutableArray array]; return self; }
        - (void)observeValueForKeyPath:(NSString *)keyPath ofObject:(id)object change:(NSDictionary *)change context:(void *)context {
            [self.seen addObject:[NSString stringWithFormat:@"%@ %@->%@%@", keyPath, change[NSKeyValueChangeOldKey], change[NSKeyValueChangeNewKey],
                change[NSKeyValueChangeNotificationIsPriorKey] ? @" prior" : @""]];
        }
        @end
        """

    @Test func settersAndManualNotificationsReachTheObserver() throws {
        let shell = try ShellHarness()
        shell.run(Self.classes)
        #expect(shell.run(
            "MMModel *model = [MMModel new]; MMWatcher *w = [MMWatcher new]",
            "[model addObserver:w forKeyPath:@\"title\" options:NSKeyValueObservingOptionNew | NSKeyValueObservingOptionOld | NSKeyValueObservingOptionInitial context:NULL]",
            "model.title = @\"a\"; [model setValue:@\"b\" forKey:@\"title\"]; model.count = 3",
            "[model willChangeValueForKey:@\"title\"]; [model didChangeValueForKey:@\"title\"]; w.seen",
            "[model removeObserver:w forKeyPath:@\"title\"]; model.title = @\"c\"; w.seen.count"
        ) == ["<NSMutableArray: 0x3> @[\"title (null)-><null>\", \"title <null>->a\", \"title a->b\", \"title b->b\"]", "4"])
        // A class can turn automatic notifications off for a key; its own will/did pairs still notify.
        #expect(shell.run(
            "[model addObserver:w forKeyPath:@\"count\" options:NSKeyValueObservingOptionNew | NSKeyValueObservingOptionPrior context:NULL]",
            "model.count = 4; w.seen.count",
            "[model willChangeValueForKey:@\"count\"]; model.count = 5; [model didChangeValueForKey:@\"count\"]; [w.seen subarrayWithRange:NSMakeRange(4, 2)]"
        ) == ["4", "@[\"count (null)->(null) prior\", \"count (null)->5\"]"])
    }

    @Test func aKeyPathFollowsItsFirstKeyAndRemovingWhatIsNotThereRaises() throws {
        let shell = try ShellHarness()
        shell.run(Self.classes)
        #expect(shell.run(
            "MMModel *model = [MMModel new]; model.child = [MMModel new]; model.child.title = @\"x\"; MMWatcher *w = [MMWatcher new]",
            "[model addObserver:w forKeyPath:@\"child.title\" options:NSKeyValueObservingOptionNew context:NULL]",
            "MMModel *other = [MMModel new]; other.title = @\"y\"; model.child = other; w.seen",
            "[model valueForKeyPath:@\"child.title\"]"
        ) == ["<NSMutableArray: 0x4> @[\"child.title (null)->y\"]", "\"y\""])
        let unregistered = shell.run("[model removeObserver:w forKeyPath:@\"title\"]").joined(separator: "\n")
        #expect(unregistered.contains(
            "NSRangeException: Cannot remove an observer <MMWatcher 0x3> for the key path \"title\" from <MMModel 0x1> because it is not registered as an observer."))
        // An observer that does not handle the change hears NSObject's complaint.
        let unhandled = shell.run("NSObject *plain = [NSObject new]; [model addObserver:plain forKeyPath:@\"title\" options:0 context:NULL]; model.title = @\"z\"").joined(separator: "\n")
        #expect(unhandled.contains("An -observeValueForKeyPath:ofObject:change:context: message was received but not handled.\nKey path: title"))
    }

    /// An observation of a longer key path hears a change of any key along it: of the
    /// object the path reaches (its setter, its manual notifications, its to-many changes)
    /// as well as of the observed object's own first key; what it reaches at the time is what it hears.
    @Test func aKeyPathHearsChangesOfEveryObjectAlongIt() throws {
        let shell = try ShellHarness()
        shell.run(Self.classes)
        #expect(shell.run(
            "MMModel *model = [MMModel new]; MMModel *first = [MMModel new]; model.child = first; first.title = @\"a\"; MMWatcher *w = [MMWatcher new]",
            "[model addObserver:w forKeyPath:@\"child.title\" options:NSKeyValueObservingOptionNew | NSKeyValueObservingOptionOld | NSKeyValueObservingOptionPrior context:NULL]",
            "first.title = @\"b\"; [first willChangeValueForKey:@\"title\"]; [first didChangeValueForKey:@\"title\"]; first.count = 9; [w.seen copy]",
            "MMModel *second = [MMModel new]; second.title = @\"c\"; model.child = second; first.title = @\"unheard\"; second.title = @\"d\"; [w.seen subarrayWithRange:NSMakeRange(4, 4)]",
            "[model removeObserver:w forKeyPath:@\"child.title\"]; second.title = @\"e\"; w.seen.count"
        ) == [
            "@[\"child.title a->(null) prior\", \"child.title a->b\", \"child.title b->(null) prior\", \"child.title b->b\"]",
            "@[\"child.title b->(null) prior\", \"child.title b->c\", \"child.title c->(null) prior\", \"child.title c->d\"]",
            "8",
        ])
    }

    /// `-removeObserver:forKeyPath:` removes an observation whatever context it was added
    /// with; only the form naming a context asks for that one.
    @Test func removingWithoutAContextRemovesAnObservationAddedWithOne() throws {
        let shell = try ShellHarness()
        shell.run(Self.classes)
        #expect(shell.run(
            "MMModel *model = [MMModel new]; MMWatcher *w = [MMWatcher new]",
            "[model addObserver:w forKeyPath:@\"title\" options:NSKeyValueObservingOptionNew context:(void *)@\"mine\"]",
            "[model removeObserver:w forKeyPath:@\"title\"]; model.title = @\"a\"; w.seen.count"
        ) == ["0"])
        let wrongContext = shell.run(
            "[model addObserver:w forKeyPath:@\"title\" options:NSKeyValueObservingOptionNew context:(void *)@\"mine\"]",
            "[model removeObserver:w forKeyPath:@\"title\" context:(void *)@\"other\"]").joined(separator: "\n")
        #expect(wrongContext.contains("because it is not registered as an observer"))
    }

    /// A key no accessor or ivar answers goes to `-setValue:forUndefinedKey:` or
    /// `-valueForUndefinedKey:`, which a class overrides (a model skipping a JSON key it has
    /// no property for) and NSObject's raise; a stand-in for a framework class the model
    /// lacks keeps any key, so a storyboard's outlets on it (a search bar's delegate) load.
    @Test func undefinedKeysGoToTheirOverridableMethods() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMLenient : NSObject
            @property (nonatomic, strong) NSMutableArray *skipped;
            @end
            @implementation MMLenient
            - (void)setValue:(id)value forUndefinedKey:(NSString *)key { if (!_skipped) _skipped = [NSMutableArray array]; [_skipped addObject:key]; }
            - (id)valueForUndefinedKey:(NSString *)key { return [@"no " stringByAppendingString:key]; }
            @end
            """)
        #expect(shell.run(
            "MMLenient *lenient = [MMLenient new]; [lenient setValue:@1 forKey:@\"extra\"]; lenient.skipped",
            "[lenient valueForKey:@\"missing\"]",
            "UISearchBarMM *bar = [UISearchBarMM new]; [bar setValue:lenient forKey:@\"delegate\"]; [bar valueForKey:@\"delegate\"] == lenient",
            "UIViewController *vc = [UIViewController new]; [vc setValue:bar forKey:@\"searchDisplayController\"]; vc.searchDisplayController == bar"
        ).filter { !$0.hasPrefix("note: stand-ins") }.map { $0.replacing(/0x[0-9a-f]+/, with: "0x?") } == ["<NSMutableArray: 0x?> @[\"extra\"]", "\"no missing\"", "YES", "YES"])
        let strict = shell.run("[[NSObject new] setValue:@1 forKey:@\"extra\"]").joined(separator: "\n")
        #expect(strict.contains("NSUnknownKeyException"))
    }

    /// A string set for a scalar property through KVC is read as Foundation unboxes it,
    /// with `boolValue`, `longLongValue` or `doubleValue` (JSONModel sets `"true"` so).
    @Test func aStringSetForAScalarThroughKeyValueCodingIsUnboxed() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMFlags : NSObject
            @property (nonatomic) BOOL on;
            @property (nonatomic) NSInteger count;
            @property (nonatomic) double ratio;
            @property (nonatomic, copy) NSString *name;
            @end
            @implementation MMFlags
            @end
            """)
        #expect(shell.run(
            "MMFlags *f = [MMFlags new]; [f setValue:@\"true\" forKey:@\"on\"]; [f setValue:@\"42\" forKey:@\"count\"]; [f setValue:@\"0.5\" forKey:@\"ratio\"];",
            "[f setValue:@\"7\" forKey:@\"name\"]; [f setValue:@3 forKey:@\"count\"];", "@[@(f.on), @(f.count), @(f.ratio), f.name]"
        ) == ["@[YES, 3, 0.5, \"7\"]"])
    }

    @Test func keyPathsReadThroughObjectsDictionariesAndCollectionOperators() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSArray *a = @[@{@\"p\": @2, @\"n\": @\"x\"}, @{@\"p\": @5, @\"n\": @\"x\"}]",
            "@[[a valueForKeyPath:@\"@count\"], [a valueForKeyPath:@\"@sum.p\"], [a valueForKeyPath:@\"@avg.p\"], [a valueForKeyPath:@\"@max.p\"], [a valueForKeyPath:@\"@min.p\"]]",
            "[a valueForKeyPath:@\"@distinctUnionOfObjects.n\"]", "[a valueForKeyPath:@\"p\"]",
            "[@{@\"x\": @{@\"y\": @3}} valueForKeyPath:@\"x.y\"]",
            "NSMutableDictionary *d = [@{@\"x\": [NSMutableDictionary dictionary]} mutableCopy]; [d setValue:@4 forKeyPath:@\"x.y\"]; d[@\"x\"][@\"y\"]",
            // A path of one key sets it on the receiver.
            "[d setValue:@5 forKeyPath:@\"z\"]; d[@\"z\"]"
        ) == ["@[2, 7, 3.5, 5, 2]", "@[\"x\"]", "@[2, 5]", "3", "4", "5"])
        #expect(shell.run("[@[] valueForKeyPath:@\"@median.p\"]").first?.hasSuffix(
            "this class does not implement the median operation; use @count, @sum, @avg, @max, @min, @unionOfObjects or @distinctUnionOfObjects") == true)
    }

    /// `validateValue:forKey:error:` sends the class's `validate<Key>:error:`, which may put
    /// another value in or refuse with an error; without one every value is valid.
    /// `dictionaryWithValuesForKeys:` gives each key's value, NSNull for nil.
    @Test func validationAndDictionariesOfValuesGoThroughTheKeys() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMAccount : NSObject
            @property (nonatomic, copy) NSString *name;
            @property (nonatomic, copy) NSString *email;
            @end
            @implementation MMAccount
            - (BOOL)validateName:(id *)value error:(NSError **)error {
                if ([*value length] == 0) { *error = [NSError errorWithDomain:@"MMAccount" code:1 userInfo:nil]; return NO; }
                *value = [*value capitalizedString];
                return YES;
            }
            @end
            MMAccount *account = [MMAccount new];
            account.name = @"ada";
            """)
        #expect(shell.run(
            "id name = @\"grace\"; NSError *error = nil; @[@([account validateValue:&name forKey:@\"name\" error:&error]), name]",
            "id empty = @\"\"; @[@([account validateValue:&empty forKey:@\"name\" error:&error]), error.domain]",
            "id anything = @3; @([account validateValue:&anything forKey:@\"email\" error:NULL])",
            "[account dictionaryWithValuesForKeys:@[@\"name\", @\"email\"]]"
        ) == ["@[YES, \"Grace\"]", "@[NO, \"MMAccount\"]", "YES", "@{\"email\": <NSNull: 0x3>, \"name\": \"ada\"}"])
    }

    /// A progress tree: a child made while its parent is current takes the pending units,
    /// the parent's fraction counts the child's, observers of `fractionCompleted` hear every
    /// change up the tree, a finished child adds its units to its parent's count, and
    /// cancelling reaches the children and runs their handlers.
    @Test func progressTreesCountTheirChildrenAndTellObservers() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMProgressWatcher : NSObject
            @property (nonatomic) NSInteger heard;
            @end
            @implementation MMProgressWatcher
            - (void)observeValueForKeyPath:(NSString *)path ofObject:(id)object change:(NSDictionary *)change context:(void *)context { self.heard++; }
            @end
            """)
        shell.run("""
            NSProgress *overall = [NSProgress progressWithTotalUnitCount:10]; MMProgressWatcher *watcher = [MMProgressWatcher new];
            [overall becomeCurrentWithPendingUnitCount:4]; NSProgress *download = [NSProgress progressWithTotalUnitCount:100]; [overall resignCurrent];
            [overall addObserver:watcher forKeyPath:@"fractionCompleted" options:0 context:NULL];
            """)
        #expect(shell.run(
            "download.completedUnitCount = 50; @[@(overall.fractionCompleted), @(download.fractionCompleted), @(watcher.heard)]",
            "download.completedUnitCount = 100; @[@(overall.completedUnitCount), @(overall.fractionCompleted), overall.localizedDescription, overall.localizedAdditionalDescription, @(download.finished)]",
            "NSProgress *child = [NSProgress discreteProgressWithTotalUnitCount:2]; [overall addChild:child withPendingUnitCount:6]; __block BOOL stopped = NO; child.cancellationHandler = ^{ stopped = YES; }; [overall cancel]; @[@(child.cancelled), @(stopped), @(overall.finished)]",
            "child.completedUnitCount = 2; @[@(overall.completedUnitCount), @(overall.finished), @([NSProgress currentProgress] == nil)]",
            "NSProgress *bare = [NSProgress new]; @[@(bare.indeterminate), @(bare.cancellable), @(bare.pausable), @(bare.fractionCompleted)]"
        ) == [
            "@[0.2, 0.5, 1]", "@[4, 0.4, \"40% completed\", \"4 of 10\", YES]", "@[YES, YES, NO]", "@[10, YES, YES]", "@[YES, YES, NO, 0.0]",
        ])
        #expect(shell.run("[overall resignCurrent]").first?.contains("this progress was not the current progress") == true)
    }

    private static let toMany = """
        @interface MMList : NSObject
        @property (nonatomic, copy) NSArray *items;
        @property (nonatomic, copy) NSOrderedSet *ordered;
        @property (nonatomic, copy) NSSet *tags;
        @end
        @implementation MMList
        @end
        @interface MMChanges : NSObject
        @property (nonatomic, strong) NSMutableArray *seen;
        @end
        @implementation MMChanges
        - (instancetype)init { self = [super init]; _seen = [NSMutableArray array]; return self; }
        - (void)observeValueForKeyPath:(NSString *)keyPath ofObject:(id)object change:(NSDictionary *)change context:(void *)context {
            NSIndexSet *indexes = change[NSKeyValueChangeIndexesKey];
            NSArray *old = [change[NSKeyValueChangeOldKey] isKindOfClass:[NSSet class]] ? [change[NSKeyValueChangeOldKey] allObjects] : change[NSKeyValueChangeOldKey];
            NSArray *new = [change[NSKeyValueChangeNewKey] isKindOfClass:[NSSet class]] ? [change[NSKeyValueChangeNewKey] allObjects] : change[NSKeyValueChangeNewKey];
            [self.seen addObject:[NSString stringWithFormat:@"%@%@ %@ at %@: %@ -> %@", change[NSKeyValueChangeNotificationIsPriorKey] ? @"prior " : @"",
                keyPath, change[NSKeyValueChangeKindKey], indexes ? @(indexes.firstIndex) : @"-",
                old ? [old componentsJoinedByString:@","] : @"_", new ? [new componentsJoinedByString:@","] : @"_"]];
        }
        @end
        """

    /// A proxy from `mutableArrayValueForKey:` and its kin changes the property through
    /// its setter, and observers hear what each change was: an insertion, a removal or a
    /// replacement at indexes, or a set mutation; the setter's own notification is not heard.
    @Test func collectionProxiesChangeThePropertyAndObserversHearWhatChanged() throws {
        let shell = try ShellHarness()
        shell.run(Self.toMany)
        let options = "NSKeyValueObservingOptionNew | NSKeyValueObservingOptionOld"
        #expect(shell.run(
            "MMList *list = [MMList new]; list.items = @[@1, @2]; MMChanges *c = [MMChanges new]",
            "[list addObserver:c forKeyPath:@\"items\" options:\(options) | NSKeyValueObservingOptionPrior context:NULL]",
            "NSMutableArray *items = [list mutableArrayValueForKey:@\"items\"]; [items addObject:@3]; [items removeObjectAtIndex:0]",
            "[items replaceObjectAtIndex:0 withObject:@9]; [items count]",
            "list.items", "c.seen", "[items isKindOfClass:[NSMutableArray class]]"
        ) == [
            "2", "@[9, 3]",
            "<NSMutableArray: 0x3> @[\"prior items 2 at 2: _ -> _\", \"items 2 at 2: _ -> 3\", \"prior items 3 at 0: 1 -> _\", \"items 3 at 0: 1 -> _\", "
                + "\"prior items 4 at 0: 2 -> _\", \"items 4 at 0: 2 -> 9\"]",
            "YES",
        ])
        #expect(shell.run(
            "[list addObserver:c forKeyPath:@\"ordered\" options:\(options) context:NULL]; [list addObserver:c forKeyPath:@\"tags\" options:\(options) context:NULL]",
            "[c.seen removeAllObjects]; NSMutableOrderedSet *ordered = [list mutableOrderedSetValueForKeyPath:@\"ordered\"]; [ordered addObject:@0]",
            "[ordered insertObject:@1 atIndex:0]; [ordered minusOrderedSet:[NSOrderedSet orderedSetWithObject:@0]]; list.ordered.array",
            "[[list mutableSetValueForKey:@\"tags\"] addObject:@\"x\"]; [[list mutableSetValueForKey:@\"tags\"] unionSet:[NSSet setWithObjects:@\"x\", @\"y\", nil]]",
            "[[list mutableSetValueForKey:@\"tags\"] removeObject:@\"x\"]; list.tags.allObjects", "c.seen"
        ) == [
            "@[1]", "@[\"y\"]",
            "<NSMutableArray: 0x3> @[\"ordered 2 at 0: _ -> 0\", \"ordered 2 at 0: _ -> 1\", \"ordered 3 at 1: 0 -> _\", "
                + "\"tags 2 at -: _ -> x\", \"tags 2 at -: _ -> y\", \"tags 3 at -: x -> _\"]",
        ])
    }

    /// A proxy changes a to-many property through the class's indexed accessors when it
    /// has them, else its setter, else its ivar (a mutable collection there changed in
    /// place); a key with none raises as key-value coding does.
    @Test func collectionProxiesUseIndexedAccessorsThenTheSetterThenTheIvar() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMRows : NSObject {
                NSMutableArray *_rows;
                NSMutableSet *_marks;
            }
            @property (nonatomic, strong) NSMutableArray *log;
            @end
            @implementation MMRows
            - (instancetype)init { self = [super init]; _rows = [NSMutableArray array]; _marks = [NSMutableSet set]; _log = [NSMutableArray array]; return self; }
            - (NSUInteger)countOfRows { return _rows.count; }
            - (id)objectInRowsAtIndex:(NSUInteger)index { return _rows[index]; }
            - (void)insertObject:(id)row inRowsAtIndex:(NSUInteger)index { [_log addObject:[NSString stringWithFormat:@"+%@@%lu", row, (unsigned long)index]]; [_rows insertObject:row atIndex:index]; }
            - (void)removeObjectFromRowsAtIndex:(NSUInteger)index { [_log addObject:[NSString stringWithFormat:@"-%lu", (unsigned long)index]]; [_rows removeObjectAtIndex:index]; }
            - (NSMutableSet *)marksHeld { return _marks; }
            @end
            """)
        #expect(shell.run(
            "MMRows *r = [MMRows new]; NSMutableArray *rows = [r mutableArrayValueForKey:@\"rows\"]",
            "[rows addObject:@\"a\"]; [rows insertObject:@\"b\" atIndex:0]; [rows removeLastObject]; [rows replaceObjectAtIndex:0 withObject:@\"c\"]",
            "r.log", "[r valueForKey:@\"rows\"]",
            "NSMutableSet *held = r.marksHeld; [[r mutableSetValueForKey:@\"marks\"] addObject:@1]; held == r.marksHeld && [held containsObject:@1]"
        ) == ["<NSMutableArray: 0x4> @[\"+a@0\", \"+b@0\", \"-1\", \"-0\", \"+c@0\"]", "@[\"c\"]", "YES"])
        let undefined = shell.run("[[r mutableArrayValueForKey:@\"nothing\"] addObject:@1]").joined(separator: "\n")
        #expect(undefined.contains("NSUnknownKeyException") && undefined.contains("not key value coding-compliant for the key nothing"))
    }

    /// `valueForKey:` and `setValue:forKey:` search as Foundation does: `get<Key>` and
    /// `_<key>` getters, a to-many property's indexed accessors, `_is<Key>` ivars; nil for a
    /// scalar goes to `setNilValueForKey:`, which raises unless the class overrides it.
    @Test func keyValueCodingSearchesAsFoundationDoes() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMSearched : NSObject {
                BOOL _isOpen;
            }
            @property (nonatomic) NSInteger level;
            @property (nonatomic) BOOL lenient;
            @end
            @implementation MMSearched
            - (NSString *)getTitle { return @"got"; }
            - (NSString *)_secret { return @"hidden"; }
            - (NSUInteger)countOfLetters { return 2; }
            - (id)objectInLettersAtIndex:(NSUInteger)index { return index == 0 ? @"a" : @"b"; }
            - (void)setNilValueForKey:(NSString *)key { if (self.lenient) self.level = -1; else [super setNilValueForKey:key]; }
            @end
            """)
        #expect(shell.run(
            "MMSearched *s = [MMSearched new]; @[[s valueForKey:@\"title\"], [s valueForKey:@\"secret\"], [s valueForKey:@\"letters\"], [s valueForKeyPath:@\"letters.@count\"]]",
            "[s setValue:@YES forKey:@\"open\"]; [s valueForKey:@\"open\"]",
            "s.lenient = YES; [s setValue:nil forKey:@\"level\"]; s.level"
        ) == ["@[\"got\", \"hidden\", @[\"a\", \"b\"], 2]", "YES", "-1"])
        let strict = shell.run("s.lenient = NO; [s setValue:nil forKey:@\"level\"]").joined(separator: "\n")
        #expect(strict.contains("NSInvalidArgumentException") && strict.contains("could not set nil as the value for the key level."))
    }
}
