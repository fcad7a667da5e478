import Runtime
import Shell
import Testing

/// Objects go when their last strong reference does, as under ARC: `-dealloc` runs (with
/// the `[super dealloc]` ARC adds), `__weak` variables and ivars read nil, and a scope
/// lets go of its variables when it ends.
@Suite("Object lifetime")
struct ObjectLifetimeTests {
    /// `MMTracked`'s `-dealloc` logs its name and whether its weak `peer` is still there;
    /// `MMTrackedChild`'s logs too, and (written for ARC) sends no `[super dealloc]`.
    private static let tracked = """
        @interface MMTracked : NSObject
        @property (nonatomic, copy) NSString *name;
        @property (nonatomic, weak) id peer;
        @end
        @implementation MMTracked
        + (NSMutableArray *)log { static NSMutableArray *log; if (!log) log = [NSMutableArray array]; return log; }
        - (void)dealloc { [[MMTracked log] addObject:[NSString stringWithFormat:@"%@ gone", self.name]]; }
        @end
        @interface MMTrackedChild : MMTracked
        @end
        @implementation MMTrackedChild
        - (void)dealloc { [[MMTracked log] addObject:[NSString stringWithFormat:@"child %@ gone", self.name]]; }
        @end
        """

    @Test func deallocRunsWhenTheLastReferenceGoesWithARCsSuperCall() throws {
        let shell = try ShellHarness()
        shell.run(Self.tracked)
        shell.run("a = [MMTracked new]", "a.name = @\"first\"", "c = [MMTrackedChild new]", "c.name = @\"second\"")
        #expect(shell.run("[[MMTracked log] componentsJoinedByString:@\", \"]") == ["\"\""])
        shell.run("a = nil")
        #expect(shell.run("[[MMTracked log] componentsJoinedByString:@\", \"]") == ["\"first gone\""])
        // The child's -dealloc, then its superclass's, which ARC's [super dealloc] reaches.
        shell.run("c = nil")
        #expect(shell.run("[[MMTracked log] componentsJoinedByString:@\", \"]") == ["\"first gone, child second gone, second gone\""])
    }

    @Test func aDeallocWrittenForReferenceCountingSendsItsOwnSuperCallOnce() throws {
        let shell = try ShellHarness()
        shell.run(Self.tracked, """
            @interface MMCounted : MMTracked
            @end
            @implementation MMCounted
            - (void)dealloc {
                [[MMTracked log] addObject:@"counted"];
                [super dealloc];
            }
            @end
            """)
        shell.run("m = [MMCounted new]", "m.name = @\"mrc\"", "m = nil")
        #expect(shell.run("[[MMTracked log] componentsJoinedByString:@\", \"]") == ["\"counted, mrc gone\""])
    }

    @Test func weakVariablesReadNilOnceTheirObjectHasGone() throws {
        let shell = try ShellHarness()
        shell.run(Self.tracked, """
            @interface MMWatcher : NSObject {
                __weak id _seen;
            }
            @end
            @implementation MMWatcher
            - (NSArray *)watch {
                __weak MMTracked *weakLocal;
                @autoreleasepool {
                    MMTracked *made = [MMTracked new];
                    made.name = @"scoped";
                    weakLocal = made;
                    _seen = made;
                    [[MMTracked log] addObject:weakLocal ? @"alive inside" : @"gone inside"];
                }
                // The scope let go of `made`: nothing holds it, so it went at once.
                return @[weakLocal ?: @"nil", _seen ?: @"nil", [[MMTracked log] componentsJoinedByString:@", "]];
            }
            @end
            """)
        #expect(shell.run("[[MMWatcher new] watch]") == ["@[\"nil\", \"nil\", \"alive inside, scoped gone\"]"])
    }

    @Test func aBlockCapturesAWeakSelfWeaklySoItsOwnerCanGo() throws {
        let shell = try ShellHarness()
        shell.run(Self.tracked, """
            @interface MMHandlerOwner : MMTracked
            @property (nonatomic, copy) void (^handler)(void);
            @end
            @implementation MMHandlerOwner
            - (void)install {
                __weak typeof(self) weakSelf = self;
                self.handler = ^{ [[MMTracked log] addObject:weakSelf ? weakSelf.name : @"no owner"]; };
            }
            @end
            """)
        shell.run("o = [MMHandlerOwner new]", "o.name = @\"owner\"", "[o install]", "h = o.handler", "h()")
        shell.run("o = nil", "h()")
        #expect(shell.run("[[MMTracked log] componentsJoinedByString:@\", \"]") == ["\"owner, owner gone, no owner\""])
    }

    /// The common self-observer: `-init` observes its own property, `-dealloc` removes the
    /// observation, which went with the instance, without raising.
    @Test func aDeallocRemovingItsOwnObservationDoesNotRaise() throws {
        let shell = try ShellHarness()
        shell.run(Self.tracked, """
            @interface MMSelfObserver : MMTracked
            @property (nonatomic) BOOL enabled;
            @end
            @implementation MMSelfObserver
            - (instancetype)init {
                self = [super init];
                [self addObserver:self forKeyPath:@"enabled" options:NSKeyValueObservingOptionNew context:NULL];
                return self;
            }
            - (void)dealloc {
                [self removeObserver:self forKeyPath:@"enabled" context:NULL];
                [[MMTracked log] addObject:@"observer removed"];
            }
            @end
            """)
        #expect(shell.run("s = [MMSelfObserver new]", "s = nil") == [])
        #expect(shell.run("[[MMTracked log] componentsJoinedByString:@\", \"]") == ["\"observer removed, (null) gone\""])
    }

    /// The weak tables hold members, keys and objects without keeping them: each that goes
    /// leaves its table. The pointer personality matches by identity, not `-isEqual:`.
    @Test func weakTablesLetTheirObjectsGoAndPointerPersonalityMatchesByIdentity() throws {
        let shell = try ShellHarness()
        shell.run("""
            NSHashTable *delegates = [NSHashTable weakObjectsHashTable];
            NSMapTable *byKey = [NSMapTable weakToStrongObjectsMapTable];
            NSMapTable *toObjects = [NSMapTable strongToWeakObjectsMapTable];
            NSMutableArray *keep = [NSMutableArray array];
            """)
        shell.run("id kept = [NSObject new]; [keep addObject:kept]; [delegates addObject:kept]; [byKey setObject:@1 forKey:kept]; [toObjects setObject:kept forKey:@\"kept\"];")
        shell.run("id passing = [NSObject new]; [delegates addObject:passing]; [byKey setObject:@2 forKey:passing]; [toObjects setObject:passing forKey:@\"passing\"];")
        #expect(shell.run("delegates.count", "byKey.count", "toObjects.count") == ["2", "2", "2"])
        shell.run("passing = nil; kept = nil;")
        #expect(shell.run("delegates.count", "byKey.count", "toObjects.count", "[toObjects objectForKey:@\"passing\"]") == ["1", "1", "1", "nil"])
        #expect(shell.run("[delegates containsObject:keep[0]]", "[byKey objectForKey:keep[0]]") == ["YES", "1"])
        // Equal strings are one member by -isEqual:, two by identity.
        shell.run("""
            NSHashTable *equal = [NSHashTable hashTableWithOptions:NSHashTableStrongMemory];
            NSHashTable *same = [NSHashTable hashTableWithOptions:NSHashTableStrongMemory | NSHashTableObjectPointerPersonality];
            NSMutableString *first = [NSMutableString stringWithString:@"a"]; NSMutableString *second = [NSMutableString stringWithString:@"a"];
            [equal addObject:first]; [equal addObject:second]; [same addObject:first]; [same addObject:second];
            """)
        #expect(shell.run("equal.count", "same.count") == ["1", "2"])
    }

    /// A weak pointer array holds its objects without keeping them: one that goes leaves
    /// NULL in its place, still counted, until `compact`; a strong one keeps them.
    @Test func aWeakPointerArrayLeavesNullWhereAnObjectWent() throws {
        let shell = try ShellHarness()
        shell.run("""
            NSPointerArray *weak = [NSPointerArray weakObjectsPointerArray]; NSPointerArray *strong = [NSPointerArray strongObjectsPointerArray];
            id kept = [NSObject new]; id passing = [NSObject new];
            [weak addPointer:(__bridge void *)passing]; [weak addPointer:(__bridge void *)kept]; [weak insertPointer:NULL atIndex:0];
            [strong addPointer:(__bridge void *)passing];
            """)
        #expect(shell.run("@[@(weak.count), @(weak.allObjects.count), @([weak pointerAtIndex:2] == kept)]") == ["@[3, 2, YES]"])
        shell.run("passing = nil;")
        #expect(shell.run("@[@(weak.count), @(weak.allObjects.count), @(strong.allObjects.count)]") == ["@[3, 2, 1]"])
        shell.run("[strong removePointerAtIndex:0]; passing = nil;")
        #expect(shell.run("@[@(weak.count), @(weak.allObjects.count), @([weak pointerAtIndex:1] == NULL)]", "[weak compact]; weak.count",
                          "weak.count = 3; @[@(weak.count), @([weak pointerAtIndex:2] == NULL)]", "NSMutableArray *seen = [NSMutableArray array]; for (id each in weak) [seen addObject:each]; seen.count") == [
            "@[3, 1, YES]", "1", "@[3, YES]", "1",
        ])
        #expect(shell.run("[weak pointerAtIndex:7]").first?.contains("index 7 beyond bounds") == true)
    }

    /// The notification center holds a selector's observer weakly, as Foundation has since
    /// iOS 9: an observer that goes hears nothing more, and posting goes on without it.
    @Test func theNotificationCenterLetsAnObserverGo() throws {
        let shell = try ShellHarness()
        shell.run(Self.tracked, """
            @interface MMListener : MMTracked
            @end
            @implementation MMListener
            - (instancetype)init {
                self = [super init];
                [[NSNotificationCenter defaultCenter] addObserver:self selector:@selector(heard:) name:@"MMPing" object:nil];
                return self;
            }
            - (void)heard:(NSNotification *)note { [[MMTracked log] addObject:[NSString stringWithFormat:@"%@ heard", self.name]]; }
            @end
            """)
        shell.run("MMListener *staying = [MMListener new]; staying.name = @\"staying\";", "MMListener *leaving = [MMListener new]; leaving.name = @\"leaving\";")
        shell.run("[[NSNotificationCenter defaultCenter] postNotificationName:@\"MMPing\" object:nil]", "leaving = nil;")
        shell.run("[[NSNotificationCenter defaultCenter] postNotificationName:@\"MMPing\" object:nil]")
        #expect(shell.run("[[MMTracked log] componentsJoinedByString:@\", \"]") == ["\"staying heard, leaving heard, leaving gone, staying heard\""])
    }

    @Test func anErrorInDeallocIsReportedWhereItIsWritten() throws {
        let shell = try ShellHarness()
        shell.run("""
            @implementation MMBrokenDealloc : NSObject
            - (void)dealloc {
                [self undefinedCleanup];
            }
            @end
            """)
        let output = shell.run("b = [MMBrokenDealloc new]", "b = nil")
        #expect(output.contains { $0.contains("-[MMBrokenDealloc dealloc]") && $0.contains("undefinedCleanup") }, "\(output)")
    }
}
