import Foundation
import Shell
import Testing

/// The Objective-C front end: each construct of real view controllers, read and run.
@Suite("Objective-C, as its authors write it")
struct ObjectiveCTests {
    // MARK: Preprocessor

    @Test func macrosExpandOnTokens() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "#define kPadding 8", "#define SQUARE(x) ((x) * (x))", "#define JOIN(a, b) a ## b",
            "#define NAME(x) #x", "#define LOG(fmt, ...) format(fmt, ##__VA_ARGS__)",
            "SQUARE(kPadding + 1)", "JOIN(12, 34)", "NAME(hello world)", "LOG(@\"%d-%d\", 1, 2)", "LOG(@\"plain\")") == [
            "81", "1234", "\"hello world\"", "\"1-2\"", "\"plain\"",
        ])
    }

    /// A number C's preprocessor reads as one token (`3x`) pastes onto a name, as image
    /// resource macros name their scales (`base##3x`); libextobjc's macros, which rtsh
    /// predefines for trees without it, do not count as defined, so a tree's own guarded
    /// `weakify` is made.
    @Test func preprocessingNumbersPasteAndLibraryStandInsAreNotDefined() throws {
        let shell = try ShellHarness()
        shell.run("""
            #define MMSCALED(base) base##3x
            #define MMCLASS(name) NSClassFromString(@ #name)
            static const int MMIcon3x[] = {7, 9};
            #ifndef strongify
            #define weakify(var) __weak __typeof(var) mm_weak_##var = var;
            #define strongify(var) __strong __typeof(var) var = mm_weak_##var;
            #endif
            @interface MMHolder : NSObject
            - (int)check;
            @end
            @implementation MMHolder
            - (int)check { weakify(self)
                int (^block)(void) = ^{ strongify(self); return self ? 1 : 0; };
                return block();
            }
            @end
            """)
        #expect(shell.run("MMSCALED(MMIcon)[1]", "[[MMHolder new] check]", "#ifdef keypath\nNO\n#else\nYES\n#endif", "MMCLASS(NSString)")
            == ["9", "1", "YES", "NSString"])
    }

    /// An expansion is rescanned with what follows it, so a macro that expands to a
    /// function-like macro's name takes the arguments written after it, as libextobjc's
    /// metamacros (`metamacro_concat(metamacro_at, N)(...)`) rely on.
    @Test func anExpansionEndingInAMacrosNameTakesTheArgumentsAfterIt() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "#define MMTWICE(x) ((x) * 2)", "#define MMPICK MMTWICE", "#define MMCAT_(a, b) a ## b", "#define MMCAT(a, b) MMCAT_(a, b)",
            "#define MMAT1(a, b) (a + b * 100)", "#define MMAT(N, ...) MMCAT(MMAT, N)(__VA_ARGS__)",
            "MMPICK(21)", "MMCAT(MMAT, 1)(5, 1)", "MMAT(1, 2, 3)"
        ) == ["42", "105", "302"])
    }

    /// A macro's own name in its expansion is never expanded again, even where the
    /// expansion is an argument another macro's body takes and rescans (Kiwi's `beNil`,
    /// `#define beNil beNil:[...]`, inside `it(@"...", ^{ ... })`).
    @Test func aMacrosOwnNameInItsExpansionStaysAName() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSMutableArray *log = [NSMutableArray array]", "#define MMADD addObject:@\"once\"", "#define MMRUN(...) __VA_ARGS__",
            "int mmvalue = 4", "#define mmvalue mmvalue + 1",
            "MMRUN([log MMADD]); MMRUN(MMRUN([log MMADD])); log.count", "MMRUN(mmvalue)"
        ) == ["2", "5"])
    }

    /// A C array passed to a C function decays to a pointer to it: what the function writes
    /// through the pointer is the caller's array, and a parameter that takes an object gets
    /// the array itself.
    @Test func aCArrayPassedToAFunctionIsTheCallersArray() throws {
        let shell = try ShellHarness()
        shell.run("""
            void mm_fill(int a[], int n) { for (int i = 0; i < n; i++) a[i] = i * 2; }
            int mm_sum(int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
            NSUInteger mm_count(NSArray *items) { return items.count; }
            id mm_first(int count, ...) { va_list list; va_start(list, count); id first = va_arg(list, id); va_end(list); return first; }
            """)
        #expect(shell.run(
            "int buf[5]; mm_fill(buf, 5); @[@(buf[4]), @(mm_sum(buf, 5))]",
            "NSArray *names = @[@\"a\", @\"b\"]; mm_count(names)",
            // Passed among a variadic function's arguments, an NSArray is the array itself (Expecta's `_EXPObjectify`).
            "[mm_first(1, names) count]"
        ) == ["@[8, 20]", "2", "2"])
    }

    /// A local function pointer whose parameters have names, typed by an opaque reference
    /// (`CFStringRef (*copy)(CFStringRef domain) = ...`), is a declaration, not a call.
    @Test func aFunctionPointerWithNamedParametersIsADeclaration() throws {
        let shell = try ShellHarness()
        shell.run("""
            int mm_twice(int x) { return 2 * x; }
            int mm_apply(void) {
                CFStringRef (*unused)(CFStringRef domain) = NULL;
                int (*twice)(int value) = mm_twice;
                return unused == NULL ? twice(21) : -1;
            }
            """)
        #expect(shell.run("mm_apply()") == ["42"])
    }

    /// A function rtsh provides, named as a value, is a function pointer that calls it: the
    /// destructor `free` given to `dispatch_queue_set_specific`, as Parse's queues pass it,
    /// or a comparison kept in a variable.
    @Test func aLibraryFunctionNamedAsAValueIsAFunctionPointer() throws {
        let shell = try ShellHarness()
        shell.run("""
            int mm_compare(int (*compare)(const char *, const char *)) { return compare("a", "b"); }
            void mm_keep(dispatch_queue_t queue) { static int key; dispatch_queue_set_specific(queue, &key, (void *)strdup("x"), free); }
            """)
        #expect(shell.run(
            "mm_compare(strcmp)", "mm_keep(dispatch_queue_create(\"q\", NULL)); 1",
            "NSString *(*name)(Class) = NSStringFromClass; name([NSArray class]);", "void *pointer = free; pointer != NULL"
        ) == ["-1", "1", "\"NSArray\"", "YES"])
    }

    /// A function's address is the function (`CFArrayApplyFunction(array, range, &applier,
    /// NULL)`, as ReactiveObjC's disposables pass one), and a function pointer dereferenced
    /// is the function it points at; a variable's address is still the variable's.
    @Test func aFunctionsAddressIsTheFunction() throws {
        let shell = try ShellHarness()
        shell.run("""
            static void mm_collect(const void *value, void *context) { [(__bridge NSMutableArray *)context addObject:(__bridge id)value]; }
            static NSInteger mm_compare(id a, id b, void *context) { return [a compare:b]; }
            NSArray *mm_applied(void) {
                NSMutableArray *seen = [NSMutableArray array];
                CFArrayRef array = (__bridge CFArrayRef)@[@1, @2];
                CFArrayApplyFunction(array, CFRangeMake(0, 2), &mm_collect, (__bridge void *)seen);
                void (*collect)(const void *, void *) = &mm_collect;
                (*collect)((__bridge void *)@3, (__bridge void *)seen);
                return seen;
            }
            """)
        #expect(shell.run(
            "[mm_applied() isEqualToArray:@[@1, @2, @3]]",
            "[@[@3, @1] sortedArrayUsingFunction:&mm_compare context:NULL]",
            "&mm_collect != NULL",
            "int mm_number = 4; int *mm_pointer = &mm_number; *mm_pointer"
        ) == ["YES", "@[1, 3]", "YES", "4"])
    }

    /// A block keeps associated objects, as the object it is in Objective-C, and a number or
    /// a string by its value, as objc4 keeps a tagged pointer's. A string cast to
    /// an integer is a number its characters give, the same for the same characters (an
    /// interned selector name's address as a hash). No protocol has no name; a protocol is an
    /// object of the class `Protocol`, hashed and compared as a key.
    @Test func blocksKeepAssociationsAndStringsCastToStableNumbers() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "static char MMKey; void (^block)(void) = ^{}; objc_setAssociatedObject(block, &MMKey, @YES, OBJC_ASSOCIATION_RETAIN); objc_getAssociatedObject(block, &MMKey)",
            "objc_getAssociatedObject(^{}, &MMKey) == nil",
            "objc_setAssociatedObject(@3, &MMKey, @YES, OBJC_ASSOCIATION_RETAIN); @[objc_getAssociatedObject(@3, &MMKey), @(objc_getAssociatedObject(@4, &MMKey) == nil), @(objc_getAssociatedObject(@\"x\", &MMKey) == nil)]",
            "(NSUInteger)sel_getName(@selector(viewDidLoad)) == (NSUInteger)sel_getName(NSSelectorFromString(@\"viewDidLoad\"))",
            "(NSUInteger)sel_getName(@selector(viewDidLoad)) != (NSUInteger)sel_getName(@selector(loadView))",
            "NSProtocolFromString(nil) == nil",
            "@protocol MMShape <NSObject> @end",
            "@[@(@protocol(MMShape).hash == @protocol(MMShape).hash), @([@protocol(MMShape) isEqual:@protocol(MMShape)]), @([@protocol(MMShape) conformsToProtocol:@protocol(NSObject)]), [@{@protocol(MMShape): @1} objectForKey:@protocol(MMShape)], [@protocol(MMShape) class]]"
        ) == ["YES", "YES", "@[YES, YES, YES]", "YES", "YES", "YES", "@[YES, YES, YES, 1, Protocol]"])
    }

    /// A parameter declared `__weak` is captured weakly by a block, as a `__weak` local is:
    /// the block sees nil once the object has gone (a router's handler for a weak target).
    /// A subscript with an object key sends `objectForKeyedSubscript:`, as clang compiles it,
    /// which a category on NSArray may answer; the SDK's availability macros read as nothing.
    @Test func weakParametersAreCapturedWeaklyAndObjectKeysSubscriptByKey() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            @interface MMTarget : NSObject
            - (BOOL)handle;
            @end
            @implementation MMTarget
            - (BOOL)handle { return YES; }
            @end
            @interface MMRouter : NSObject
            + (BOOL (^)(void))handlerForWeakTarget:(__weak id)target;
            @end
            @implementation MMRouter
            + (BOOL (^)(void))handlerForWeakTarget:(__weak id)target { return ^BOOL{ return [target handle]; }; }
            @end
            @interface NSArray (MMRanges)
            - (id)objectForKeyedSubscript:(id)key;
            @end
            @implementation NSArray (MMRanges)
            - (id)objectForKeyedSubscript:(id)key { return [self subarrayWithRange:NSRangeFromString(key)]; }
            @end
            typedef NS_ENUM(NSInteger, MMAccess) {
                MMAccessWhenUnlocked = 1,
                MMAccessAlways
                __OSX_AVAILABLE_STARTING(__MAC_10_10, __IPHONE_8_0),
            };
            @interface MMStore : NSObject
            @property (nonatomic, readonly) MMAccess access
            __OSX_AVAILABLE_STARTING(__MAC_10_10, __IPHONE_8_0);
            @end
            """) == [])
        #expect(shell.run(
            "MMTarget *target = [MMTarget new]; BOOL (^handler)(void) = [MMRouter handlerForWeakTarget:target]; handler()",
            "target = nil; handler()",
            "@[@1, @2, @3, @4][@\"1,2\"]", "MMAccessAlways"
        ) == ["YES", "NO", "@[2, 3]", "2"])
    }

    /// The properties a category's `@interface` declares belong to the class once the
    /// category is implemented, with no storage (`@dynamic` ones marked `D`), on a framework
    /// class too, as clang puts them in the category's metadata; a property the class
    /// declares itself stays the class's.
    @Test func aCategorysPropertiesBelongToItsClass() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMThing : NSObject
            @property (nonatomic, copy) NSString *name;
            @end
            @implementation MMThing
            @end
            @interface MMThing (Extra)
            @property (nonatomic, copy) NSString *extra;
            @property (nonatomic, copy) NSString *name;
            @property (nonatomic, readonly) NSInteger computed;
            @end
            @implementation MMThing (Extra)
            @dynamic extra;
            - (NSInteger)computed { return 7; }
            @end
            @interface NSCache (MMBlocks)
            @property (nonatomic, copy) void (^mm_evicted)(id object);
            @end
            @implementation NSCache (MMBlocks)
            @dynamic mm_evicted;
            @end
            """)
        #expect(shell.run(
            "@(property_getAttributes(class_getProperty([MMThing class], \"extra\")))",
            "@(property_getAttributes(class_getProperty([MMThing class], \"computed\")))",
            "@(property_getAttributes(class_getProperty([MMThing class], \"name\")))",
            "@(property_getAttributes(class_getProperty([NSCache class], \"mm_evicted\")))",
            "[[MMThing new] computed]"
        ) == ["\"T@\\\"NSString\\\",C,N,D\"", "\"Tq,R,N\"", "\"T@\\\"NSString\\\",C,N,V_name\"", "\"T@?,C,N,D\"", "7"])
    }

    /// The protocols a category's `@interface` adopts are its class's once the category is
    /// implemented (mixpanel's `NSString (MixpanelTypeCategory) <MixpanelType>`, which its
    /// equality checks with `conformsToProtocol:`); an interface never implemented adds none.
    @Test func aCategorysProtocolsAreItsClasss() throws {
        let shell = try ShellHarness()
        shell.run("""
            @protocol MMTyped <NSObject>
            - (BOOL)typed;
            @end
            @interface NSNumber (MMTyped) <MMTyped>
            @end
            @implementation NSNumber (MMTyped)
            - (BOOL)typed { return YES; }
            @end
            @interface NSArray (MMTyped) <MMTyped>
            @end
            """)
        #expect(shell.run(
            "[@1 conformsToProtocol:@protocol(MMTyped)]", "[NSNumber conformsToProtocol:@protocol(MMTyped)]",
            "[@[] conformsToProtocol:@protocol(MMTyped)]"
        ) == ["YES", "YES", "NO"])
        #expect(shell.run("@interface NSData (MMUnknown) <MMNoSuchProtocol>\n@end\n@implementation NSData (MMUnknown)\n@end").first
            == "error: line 1, column 1: no protocol named 'MMNoSuchProtocol'")
    }

    /// A subscript assignment to nil is a setter sent to nil: nothing happens, as in
    /// Objective-C (SDWebImage's `[context mutableCopy]` of a nil context, then `copy[key] = nil`).
    @Test func aSubscriptAssignmentToNilDoesNothing() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSDictionary *none = nil; NSMutableDictionary *copy = [none mutableCopy]; copy[@\"key\"] = @1; copy[@\"other\"] = nil; copy == nil",
            "NSMutableArray *list = nil; list[0] = @1; list[0] == nil"
        ) == ["YES", "YES"])
    }

    /// A generic class's superclass may take type arguments before the protocols the class
    /// adopts (`: NSCache <KeyType, ObjectType> <MMCaching>`, as SDWebImage's cache declares).
    @Test func aSuperclassesTypeArgumentsComeBeforeTheProtocols() throws {
        let shell = try ShellHarness()
        shell.run("""
            @protocol MMCaching <NSObject>
            @end
            @interface MMCache <KeyType, ObjectType> : NSCache <KeyType, ObjectType> <MMCaching>
            @end
            @implementation MMCache
            @end
            @interface MMBag <ObjectType> : NSObject <MMCaching>
            @end
            @implementation MMBag
            @end
            @interface MMNames : NSArray <NSString *>
            @end
            @implementation MMNames
            @end
            """)
        #expect(shell.run(
            "[MMCache conformsToProtocol:@protocol(MMCaching)]", "[MMCache superclass]", "[MMBag conformsToProtocol:@protocol(MMCaching)]", "[MMNames superclass]"
        ) == ["YES", "NSCache", "YES", "NSArray"])
    }

    /// A message's receiver is evaluated before its arguments, as clang evaluates it.
    @Test func aMessagesReceiverIsEvaluatedBeforeItsArguments() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSMutableArray *log = [NSMutableArray array]",
            "id (^receiver)(void) = ^id{ [log addObject:@\"receiver\"]; return log; }",
            "id (^argument)(void) = ^id{ [log addObject:@\"argument\"]; return nil; }",
            "[receiver() containsObject:argument()]", "[log componentsJoinedByString:@\", \"]"
        ) == ["NO", "\"receiver, argument\""])
    }

    /// `@'a'` boxes a character, and `@NAME` a macro's or a constant's value, as clang
    /// boxes them (OCHamcrest's tests write `equalTo(@'a')` and `equalTo(@INT_MIN)`).
    @Test func aCharacterAMacroAndAConstantAreBoxedAfterAnAt() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "#define MMLIMIT (-7 - 1)", "#define MMNAME \"text\"", "@'a'", "@MMLIMIT", "@INT_MIN", "@MMNAME"
        ) == ["97", "-8", "-2147483648", "\"text\""])
        #expect(shell.run("@NSNotFound") == [String(Int.max)])
    }

    @Test func resetForgetsTheMacrosReadAndKeepsTheFrameworks() throws {
        let shell = try ShellHarness()
        #expect(shell.run("#define kPadding 8", "kPadding * 2") == ["16"])
        shell.run("reset")
        #expect(shell.run("#ifdef kPadding", "x = 1", "#else", "x = 2", "#endif", "x") == ["2"])
        // The framework's macros, read on first use, are there after a reset as before it.
        #expect(shell.run("NSLocalizedString(@\"hi\", nil)", "MAX(3, 4)") == ["\"hi\"", "4"])
    }

    @Test func theQualifiersOfMethodTypesAreOrdinaryNamesElsewhere() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSData *out = [@\"ab\" dataUsingEncoding:NSUTF8StringEncoding];", "int in = 3;", "in = in + 1;",
            "(in) * 2", "[[NSString alloc] initWithData:out encoding:NSUTF8StringEncoding]",
            "@protocol MMSink\n- (oneway void)take:(in bycopy id)value into:(out id *)result;\n@end",
            "[[(id)out class] isEqual:[NSData class]]") == ["8", "\"ab\"", "YES"])
        // A loop's item named `out`, as a test iterating over its expected output names it.
        #expect(shell.run("NSMutableArray *seen = [NSMutableArray array]; for (id out in @[@1, @2]) [seen addObject:out]; [seen copy]") == ["@[1, 2]"])
    }

    /// `super.name` is the property's getter sent to super, and `super.name = value` its
    /// setter, custom names and compound assignment included, as `[super name]` would be.
    @Test func propertiesOfSuperAreReadAndWrittenThroughSendsToSuper() throws {
        let shell = try ShellHarness()
        _ = shell.run("""
            @interface MMBase : UIView
            @property (nonatomic) NSInteger size;
            @property (nonatomic, getter=isOn) BOOL on;
            @property (nonatomic, readonly) NSString *label;
            @end
            @implementation MMBase
            - (NSUInteger)hash { return 40; }
            - (NSString *)label { return @"base"; }
            @end
            @interface MMDot : MMBase
            @end
            @implementation MMDot
            - (NSUInteger)hash { return super.hash + 2; }
            - (NSInteger)size { return super.size * 2; }
            - (void)setSize:(NSInteger)size { super.size = size + 1; }
            - (BOOL)isOn { return !super.on; }
            - (NSString *)label { return [super.label stringByAppendingString:@"+dot"]; }
            - (void)grow { super.size += 10; }
            - (CGFloat)width { super.frame = CGRectMake(0, 0, 30, 5); return super.frame.size.width; }
            - (void)relabel { super.label = @"no"; }
            @end
            """)
        #expect(shell.session.failureCount == 0)
        #expect(shell.run(
            "d = [MMDot new]", "[d hash]", "d.size = 4", "[d size]", "[d grow]", "[d size]", "[d isOn]", "[d label]", "[d width]") == [
            "42", "10", "30", "YES", "\"base+dot\"", "30.0",
        ])
        let errors = shell.run("[d relabel]", "super.size")
        #expect(errors.contains { $0.contains("in -[MMDot relabel]: property 'label' of MMBase is read-only") }, "\(errors)")
        #expect(errors.contains { $0.contains("'super' is only meaningful inside a method") }, "\(errors)")
    }

    @Test func conditionalsChooseTheirBranch() throws {
        let shell = try ShellHarness()
        let script = """
            #define LEVEL 2
            #if LEVEL > 3
            x = 1
            #elif defined(LEVEL) && LEVEL == 2
            x = 2
            #else
            x = 3
            #endif
            #ifndef MISSING
            y = 'a'
            #endif
            #if 0
            this branch is not read, even with a stray ' quote
            #endif
            """
        // Each line as typed: the prompt waits for the #endif of an open #if.
        for line in script.split(separator: "\n") { shell.run(String(line)) }
        #expect(shell.run("x", "y", "__LINE__") == ["2", "97", "1"])
    }

    /// `@interface Box<__covariant ObjectType : id<NSCopying>> : NSObject`: the parameters
    /// are `id` inside the interface and unknown after it.
    @Test func aGenericClassesTypeParametersAreObjectsInItsInterface() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMBox<__covariant ObjectType : id<NSCopying>, KeyType> : NSObject
            @property (nonatomic, strong) ObjectType item;
            - (ObjectType)itemForKey:(KeyType)key NS_SWIFT_DISABLE_ASYNC;
            @end
            @interface MMBox<ObjectType> (MMFirst)
            - (ObjectType)first;
            @end
            @implementation MMBox
            - (id)itemForKey:(id)key { return self.item; }
            @end
            """)
        #expect(shell.run("MMBox<NSString *> *b = [MMBox new]; b.item = @\"x\"; [b itemForKey:@1]") == ["\"x\""])
        #expect(shell.run("ObjectType").first == "error: line 1, column 1: no variable or class named 'ObjectType'")
        // A root class's protocols are no type parameters: it is read, and needs a superclass here.
        #expect(shell.run("@interface MMRoot <NSObject>\n@end", "[MMRoot class]").contains("error: line 1, column 1: MMRoot needs a superclass, as in @interface MMRoot : NSObject"))
    }

    /// A fresh ivar of a struct the code declares is made from its type encoding, which
    /// holds no field names; its fields still read and write by name.
    @Test func aFreshStructIvarsFieldsAreReadAndWrittenByName() throws {
        let shell = try ShellHarness()
        shell.run("""
            typedef struct MMConfig { BOOL enabled; double interval; } MMConfig;
            @interface MMUpdater : NSObject
            @property (nonatomic, assign) MMConfig config;
            @end
            @implementation MMUpdater
            - (BOOL)isOn { return _config.enabled; }
            - (void)turnOn { MMConfig c = self.config; c.enabled = YES; c.interval = 2; self.config = c; }
            @end
            """)
        #expect(shell.run("MMUpdater *u = [MMUpdater new]; [u isOn]", "u.config.enabled", "[u turnOn]; [u isOn]", "u.config.interval") == ["NO", "NO", "YES", "2.0"])
    }

    @Test func aLiteralsAtMayStandApartAndForInTakesABlockVariable() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSArray *a = @ [@1, @2]; a", "@ {@\"k\": @ (3)}", "@{@1: @ \"one\"}",
            "__block NSInteger n = 0; NSArray *blocks = @[^{ n += 1; }, ^{ n += 10; }]; for (void (^block)(void) in blocks) { block(); } n"
        ) == ["@[1, 2]", "@{\"k\": 3}", "@{1: \"one\"}", "11"])
    }

    /// `typedef UIImage LIImage;`, as a library written for iOS and macOS names its classes.
    @Test func aTypedefOfAClassIsAnotherNameForIt() throws {
        let shell = try ShellHarness()
        shell.run("typedef UIView MMPlatformView, MMSurface;")
        #expect(shell.run("MMPlatformView *v = [MMPlatformView new]", "[v isMemberOfClass:[UIView class]]", "[[MMSurface alloc] init].class") == ["YES", "UIView"])
        #expect(shell.run("UIView v2;").first?.contains("'UIView' is a class: an object is written with a star") == true)
    }

    @Test func atFileIsTheFilesNameAsAnNSString() throws {
        // Kiwi's SPEC_BEGIN writes `[self file]` returning `@__FILE__`.
        let shell = try ShellHarness()
        #expect(shell.run("[@__FILE__ length]", "[__FILE__ isEqual:@__FILE__]") == ["8", "YES"])
    }

    @Test func aScriptCommentThatBeginsWithADirectivesWordIsAComment() throws {
        let shell = try ShellHarness()
        #expect(shell.run("# if this fails, say so", "#  define nothing", "x = 1", "x") == ["1"])
        #expect(shell.session.execute(line: "@implementation MMCommented : NSObject") == .needsMore)
        #expect(shell.session.execute(line: "# if it is long, it is still a comment") == .needsMore)
        #expect(shell.session.execute(line: "@end") == .done)
        #expect(shell.session.failureCount == 0)
    }

    @Test func theFrameworksMacrosAreKnown() throws {
        let shell = try ShellHarness()
        shell.run("""
            NS_ASSUME_NONNULL_BEGIN
            typedef NS_ENUM(NSInteger, MMStyle) { MMStyleA, MMStyleB = 5, MMStyleC };
            typedef NS_OPTIONS(NSUInteger, MMEdges) { MMEdgeTop = 1 << 0, MMEdgeLeft = 1 << 1 };
            NS_REQUIRES_PROPERTY_DEFINITIONS @interface MMMacros : NSObject
            @property (nonatomic, strong, nullable) IBOutlet UIView *box API_AVAILABLE(ios(13.0));
            - (IBAction)tap:(id)sender NS_REQUIRES_SUPER;
            @end
            NS_ASSUME_NONNULL_END
            static inline BOOL MMIsWide(CGImageRef cg_nullable image) { return image == NULL; }
            """)
        #expect(shell.run("MMStyleC", "MMEdgeTop | MMEdgeLeft", "MIN(3, MAX(1, 2))", "[MMMacros instancesRespondToSelector:@selector(box)]", "MMIsWide(NULL)")
            == ["6", "3", "2", "YES", "YES"])
        #expect(shell.run("#error this is not finished").first == "error: line 1, column 1: #error this is not finished")
    }

    /// `@` before a macro whose expansion is parenthesized boxes it as `@(...)` does, so a C
    /// string becomes an NSString: libextobjc's `@keypath(object.name)`, whose expansion is
    /// `(..., strchr("object.name", '.') + 1)`.
    @Test func anAtBeforeAParenthesizedMacroBoxesItsCString() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "#define mm_keypath1(PATH) (((void)(NO && ((void)PATH, NO)), strchr(# PATH, '.') + 1))",
            "NSString *mm_path = @\"\"; id mm_box = @mm_keypath1(mm_path.length); @[mm_box, [mm_box class]]"
        ) == ["@[\"length\", NSString]"])
    }

    /// A file written for manual reference counting guards itself with
    /// `#if __has_feature(objc_arc)` / `#error`: rtsh runs it as it runs ARC code, so it
    /// reads on; an `#error` under any other condition still stops it. The objc headers'
    /// `OBJC_EXPORT` declares as `extern` does.
    @Test func aFileForManualReferenceCountingReadsOnAndObjcExportDeclares() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            #if __has_feature(objc_arc)
            #error This file must be compiled with -fno-objc-arc
            #endif
            OBJC_EXPORT NSString *const MMMRCName;
            NSString *const MMMRCName = @"mrc";
            @interface MMManual : NSObject
            @end
            @implementation MMManual
            - (id)retained { return [[self retain] autorelease]; }
            @end
            """, "[[MMManual new] retained] != nil", "MMMRCName") == ["YES", "\"mrc\""])
        #expect(shell.run("#if !__has_feature(objc_arc)\n#endif\n#if 1\n#error still an error\n#endif").first?.hasSuffix("#error still an error") == true)
    }

    // MARK: Literals and operators

    @Test func literalsInEveryCSpelling() throws {
        let shell = try ShellHarness()
        #expect(shell.run("0x2a", "017", "0b101", "'A'", "'\\n'", "1e3", "0.5f", "10UL", "@42", "@-1", "@\"a\" \"b\" @\"c\"", "@\"\\u00e9\\x41\"") == [
            "42", "15", "5", "65", "10", "1000.0", "0.5", "10", "42", "-1", "\"abc\"", "\"éA\"",
        ])
        #expect(shell.run("0.1f") == [String(Double(Float(0.1)))])
    }

    @Test func operatorsHaveCsPrecedenceAndMeaning() throws {
        let shell = try ShellHarness()
        #expect(shell.run("1 + 2 << 3", "6 & 3 == 3", "~0", "-7 / 2", "-7 % 3", "1 ? 2 : 3 ? 4 : 5", "nil ?: @\"x\"", "!5 + 2", "(char)300", "(unsigned char)-1", "sizeof(CGRect)", "sizeof(int)") == [
            "24", "0", "-1", "-3", "-1", "2", "\"x\"", "2", "44", "255", "32", "4",
        ])
        // Assignments and increments print nothing, as statements.
        #expect(shell.run("i = 5", "i += 3", "i <<= 1", "i", "i++", "i", "--i", "i %= 5", "i") == ["16", "17", "1"])
        #expect(shell.run("j = i++ + 10", "j", "i", "k = --i", "k") == ["11", "2", "1"])
    }

    @Test func aProductAtThePromptIsNotADeclaration() throws {
        let shell = try ShellHarness()
        #expect(shell.run("a = 6", "b = 7", "a * b") == ["42"])
    }

    // MARK: Statements

    @Test func cStatementsRunAsInC() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMLoops : NSObject
            @end
            @implementation MMLoops
            - (NSInteger)run:(NSInteger)n {
                NSInteger total = 0, i;
                for (i = 0; i < n; i++) {
                    if (i == 2) continue;
                    if (i == 8) break;
                    total += i;
                }
                int j = 0;
                while (j < 3) { j++; }
                do { j--; } while (j > 1);
                for (NSNumber *value in @[@100, @200]) { total += [value integerValue]; }
                switch (n) {
                    case 1:
                        total = -1;
                    case 10: {
                        total += 1000;
                        break;
                    }
                    default:
                        total = 0;
                }
                { NSInteger total = 5; (void)total; }
                return total + j;
            }
            @end
            """)
        // 0+1+3+4+5+6+7 = 26, +300 from the array, +1000 from case 10, +1 for j; with 1,
        // case 1 falls through into case 10: -1 + 1000 + 1.
        #expect(shell.run("[[MMLoops new] run:10]", "[[MMLoops new] run:1]", "[[MMLoops new] run:3]") == ["1327", "1000", "1"])
    }

    @Test func libextobjcsKeywordMacrosReadWhenTheTreeDoesNotHoldThem() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMArtist : NSObject
            @property (nonatomic, copy) NSString *name;
            @end
            @implementation MMArtist
            - (NSString *)sortKey {
                @weakify(self);
                NSString *(^key)(void) = ^{
                    @strongify(self);
                    return [self.name stringByAppendingString:@keypath(MMArtist.new, name)];
                };
                return key();
            }
            - (NSArray *)paths { return @[@keypath(self.name), @keypath(self.name.length), @keypath(MMArtist.new, name.length)]; }
            @end
            """)
        #expect(shell.run("a = [MMArtist new]", "a.name = @\"Ada \"", "[a sortKey]") == ["\"Ada name\""])
        // One argument: what follows its first dot, as libextobjc's does.
        #expect(shell.run("[a paths]") == ["@[\"name\", \"name.length\", \"name.length\"]"])
    }

    /// A macro that expands to nothing between '@' and a keyword leaves the '@' to the
    /// keyword, as clang reads it (OCHamcrest's test helper writes
    /// `@NS_ASSUME_NONNULL_BEGIN` and `interface` on the next line).
    @Test func anAtBeforeAnEmptyMacroJoinsTheWordAfterIt() throws {
        let shell = try ShellHarness()
        shell.run("""
            #define MM_NOTHING
            @MM_NOTHING
            interface MMJoined : NSObject
            - (int)answer;
            @end
            @implementation MMJoined
            - (int)answer { return 42; }
            @end
            """)
        #expect(shell.run("[[MMJoined new] answer]") == ["42"])
    }

    @Test func aCaseLabelInsideBracesBelongsToTheSwitch() throws {
        let shell = try ShellHarness()
        shell.run("""
            @implementation MMSwitch : NSObject
            - (NSInteger)pick:(NSInteger)tag {
                NSInteger result = 0;
                switch (tag) {
                    case 1: {
                        result = 10;
                        break;
                    case 2:
                        result = 20;
                        break;
                    }
                    case 3: {
                        NSInteger inner = 30;
                        result = inner;
                        break;
                    }
                    default:
                        result = -1;
                }
                return result;
            }
            @end
            """)
        #expect(shell.run("[[MMSwitch new] pick:1]", "[[MMSwitch new] pick:2]", "[[MMSwitch new] pick:3]", "[[MMSwitch new] pick:4]") == [
            "10", "20", "30", "-1",
        ])
    }

    @Test func exceptionsAreCaughtAndFinallyAlwaysRuns() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMRisky : NSObject
            @property (nonatomic) NSInteger cleanups;
            @end
            @implementation MMRisky
            - (id)attempt:(BOOL)fail {
                id result = @"fine";
                @try {
                    if (fail) @throw @"boom";
                } @catch (NSException *exception) {
                    result = exception;
                } @finally {
                    self.cleanups += 1;
                }
                return result;
            }
            - (void)rethrow {
                @try { @throw @"again"; } @catch (id e) { @throw; }
            }
            - (NSString *)swallow {
                // An exception caught by its class alone, unnamed (RestKit's `@catch(NSException*)`).
                @try { [NSException raise:@"MMFailure" format:@"failed"]; } @catch (NSException *) { return @"swallowed"; }
                return @"not raised";
            }
            @end
            """)
        #expect(shell.run("r = [MMRisky new]", "[r attempt:NO]", "[r attempt:YES]", "r.cleanups", "[r swallow]") == ["\"fine\"", "\"boom\"", "2", "\"swallowed\""])
        #expect(shell.run("[r rethrow]").first?.hasSuffix("uncaught exception: again") == true)
        #expect(shell.run("@synchronized (r) { x = 1; }", "@autoreleasepool { x = 2; }", "x") == ["2"])
    }

    @Test func theCommaOperatorAndTheTypesRealCodeSpellsOut() throws {
        let shell = try ShellHarness()
        // Each value checked with gcc.
        #expect(shell.run("""
            @implementation MMComma : NSObject
            - (NSString *)run {
                long a = 1, b = 2;
                long c = (a += 2, b *= a, a + b);
                int i = 0, j = 10;
                for (i = 0, j = 10; i < j; i++, j--);
                u_int32_t u = (u_int32_t)-1;
                return [NSString stringWithFormat:@"%ld %ld %ld %d %d %u", a, b, c, i, j, u];
            }
            - (NSString *)types {
                NSDictionary *query = @{@"k": @1};
                CFDictionaryRef ref = (__bridge CFDictionaryRef)query;
                __weak typeof(self) weakSelf = self;
                __weak typeof(UIView *)weakView = nil;
                Class arrays = [NSArray<NSString *> class];
                return [NSString stringWithFormat:@"%@ %@ %@ %@", arrays, weakView, [weakSelf class], ref == nil ? @"nil" : @"set"];
            }
            @end
            """, "[[MMComma new] run]", "[[MMComma new] types]", "x = 1, 2") == ["\"3 6 9 5 5 4294967295\"", "\"NSArray (null) MMComma set\"", "2"])
        #expect(shell.run("@interface MMRefs : NSObject\n- (void)trust:(SecTrustRef)trust;\n@end", "methods MMRefs") == [])
        // A framework typedef of NSString * holds a string; an unknown escape keeps its character, as clang does.
        #expect(shell.run("""
            NSNotificationName const MMDidLoad = @"MMDidLoad";
            NSString *MMPath(void) { return @"a\\/b\\d"; }
            """, "MMDidLoad", "MMPath()") == ["\"MMDidLoad\"", "\"a/bd\""])
    }

    @Test func aBoxedExpressionIsOneMacroArgumentAndAReceiverMayBeAConditional() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            #define MMDescribe(number) _Pragma("clang diagnostic push") [number description] _Pragma("clang diagnostic pop")
            @implementation MMBoxing : NSObject
            - (NSString *)run:(BOOL)flag {
                SystemSoundID sound = 3;
                __auto_type unused = @"inferred";
                NSString *described = MMDescribe(@(sound + 1));
                return [flag ? described : @"no" stringByAppendingString:@"!"];
            }
            @end
            """, "[[MMBoxing new] run:YES]", "[[MMBoxing new] run:NO]") == ["\"4!\"", "\"no!\""])
    }

    @Test func aTypeFromALibraryTheTreeDoesNotHoldKeepsItsValuesAsTheyAre() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            @interface MMNet : NSObject {
                AudioComponentInstance _unit;
                double _frequency;
            }
            - (NSInteger)status:(NetworkStatus)status;
            @end
            @implementation MMNet
            - (NSInteger)status:(NetworkStatus)status {
                NetworkStatus current = status;
                _frequency = 2;
                NSInteger (^plusOne)(SDImageCacheType) = ^(SDImageCacheType type) { return type + 1; };
                return plusOne(current);
            }
            @end
            """, "[[MMNet new] status:3]") == ["4"])
        // A lowercase name is no such type: a typo stays an error.
        #expect(shell.run("@interface MMTypo : NSObject\n- (void)take:(nsinteger)n;\n@end").first?.contains("unknown type name 'nsinteger'") == true)
        // Except before a declarator's name, where only a type can stand (C libraries' `xmlDocPtr`),
        // and C declarations inside an @interface belong to the file.
        #expect(shell.run("""
            @interface MMXml : NSObject
            typedef struct { NSInteger depth; } MMXmlState;
            - (NSInteger)parse;
            @end
            @implementation MMXml
            - (NSInteger)parse { xmlDocPtr doc = nil; MMXmlState state = {2}; return doc == nil ? state.depth : 0; }
            @end
            """, "[[MMXml new] parse]") == ["2"])
    }

    @Test func theCLibrarysAndFoundationsLimitsHaveTheirIOSValues() throws {
        let shell = try ShellHarness()
        #expect(shell.run("INT_MAX", "INT_MIN", "LONG_MAX == NSIntegerMax", "NSNotFound == NSIntegerMax", "NSIntegerMin")
            == ["2147483647", "-2147483648", "YES", "YES", "-9223372036854775808"])
        #expect(shell.run("DBL_MAX == CGFLOAT_MAX", "DBL_MAX > 1e308", "FLT_MAX > 3.4e38", "M_PI > 3.14159 && M_PI < 3.1416", "M_PI_2 * 2 == M_PI", "NSFoundationVersionNumber > NSFoundationVersionNumber_iOS_9_x_Max")
            == ["YES", "YES", "YES", "YES", "YES", "YES"])
        #expect(shell.run("UINT8_MAX + UINT16_MAX + CHAR_BIT", "UINT32_MAX") == ["65798", "4294967295"])
        // The unsigned 64-bit maxima are all ones, as the literal is here (rtsh's integers are
        // signed 64-bit): equal to what code computes as the maximum, printed as C prints them by %lu.
        #expect(shell.run("ULONG_MAX == (unsigned long)-1", "[NSString stringWithFormat:@\"%lu\", NSUIntegerMax]")
            == ["YES", "\"18446744073709551615\""])
    }

    /// A typedef of an anonymous struct, as an ivar never set and its getter read it, keeps
    /// its fields' names (its encoding, `{?=qq}`, holds none).
    @Test func anAnonymousStructsZeroValueKeepsItsFieldNames() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            typedef struct { NSInteger passed; NSInteger total; } MMStats;
            @interface MMGroup : NSObject { MMStats stats_; }
            @property (readonly, nonatomic) MMStats stats;
            - (NSInteger)add:(MMGroup *)other;
            @end
            @implementation MMGroup
            @synthesize stats = stats_;
            - (NSInteger)add:(MMGroup *)other { stats_.total += [other stats].total + 2; return stats_.total; }
            @end
            """, "[[MMGroup new] add:[MMGroup new]]") == ["2"])
    }

    @Test func breakOutsideALoopIsRefusedWhereItIsWritten() throws {
        let shell = try ShellHarness()
        #expect(shell.run("@implementation MMBreak : NSObject\n- (void)go {\n    break;\n}\n@end").first
            == "error: line 3, column 5: 'break' belongs inside a loop or a switch")
    }

    // MARK: Types and structs

    /// A message to nil answers 0 for a number, so a struct made from an unconnected
    /// outlet's numbers (no nib connects it here) holds zeros; a string still is refused.
    @Test func structFunctionsTakeNilFromAMessageToNilAsZero() throws {
        let shell = try ShellHarness()
        #expect(shell.run("id outlet = nil", "CGSizeMake([outlet constant], 2)", "CGRectMake(1, [outlet constant], 3, 4)") == [
            "{0, 2}", "{{1, 0}, {3, 4}}",
        ])
        #expect(shell.run("CGSizeMake(@\"wide\", 2)").first?.contains("CGSizeMake takes numbers, but its argument 'width' is a string") == true)
    }

    @Test func structsHaveValueSemanticsAndMembers() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "CGRect a = CGRectMake(1, 2, 30, 40);", "CGRect b = a;", "b.origin.x = 10;", "b.size.height += 5;",
            "a", "b", "CGRectGetMaxX(b)", "(CGPoint){.y = 3}", "(CGRect){{1, 2}, {3, 4}}", "CGRect flat = {5, 6, 7, 8};", "flat.size") == [
            "{{1, 2}, {30, 40}}", "{{10, 2}, {30, 45}}", "40.0", "{0, 3}", "{{1, 2}, {3, 4}}", "{7, 8}",
        ])
        shell.run("v = [UIView new]", "v.frame = CGRectMake(0, 0, 100, 50)")
        #expect(shell.run("v.frame.size.width") == ["100.0"])
        #expect(shell.run("v.frame.origin.x = 5").first?.contains("copy it into a variable, change it, and assign it back") == true)
        // A struct cannot hold itself (only a pointer to its type): refused where it is written, not a crash.
        #expect(shell.run("typedef struct { int a; } MMNode;", "struct MMNode { MMNode inner; };").first
            == "error: line 1, column 8: the struct MMNode would hold itself; a struct can hold a pointer to its own type, not itself")
    }

    /// A struct or union without a tag inside another (FBSnapshotTestCase's pixel union):
    /// each keeps its own fields, and encodes as `?` as clang encodes it.
    @Test func anUntaggedStructInsideAnotherIsItsOwn() throws {
        let shell = try ShellHarness()
        shell.run("""
            typedef union { unsigned int raw; struct { char red; char green; } __attribute__((packed)) pixels; } MMPixel;
            typedef struct { struct { int a; int b; } inner; int c; } MMOuter;
            typedef struct { double x; } MMOther;
            """)
        #expect(shell.run(
            "MMOuter o; o.inner.b = 3; o.c = 4;", "o", "@encode(MMOuter)", "MMPixel p; p.pixels.green = 7;", "p.pixels.green",
            "MMOther w = {2.5};", "w.x", "o.inner.b"
        ) == ["{{0, 3}, 4}", "\"{?={?=ii}i}\"", "7", "2.5", "3"])
    }

    /// What block-introspecting and swizzling libraries (BlocksKit, Aspects) write: a
    /// struct holding a pointer to itself and to an untagged struct, GNU C's named variadic
    /// macro parameter, a function returning `Protocol *` before any file declares the
    /// class, a comma expression between `?` and `:`, and an unnamed array parameter.
    @Test func theCOfBlockAndSwizzlingLibrariesReads() throws {
        let shell = try ShellHarness()
        shell.run("""
            struct MMNode { int value; struct MMNode *next; };
            typedef struct _MMBlockish {
                int flags;
                void (*invoke)(struct _MMBlockish *block, ...);
                struct { unsigned long size; const char *signature; } *descriptor;
            } *MMBlockishRef;
            #define MMCHECK(value, expected, format...) ((value) == (expected) ? @"ok" : [NSString stringWithFormat:@"bad" format])
            @protocol MMThing
            @end
            """)
        let tree = try TemporaryTree([
            "MMProtocols.m": "Protocol *MMProtocolNamed(NSString *name);\nProtocol *MMProtocolNamed(NSString *name) { return NSProtocolFromString(name); }\n",
        ])
        #expect(shell.run("source \(tree.root.path)") == ["loaded 1 file: 0 classes, 0 categories, 0 protocols; 0 errors"])
        #expect(shell.run(
            "struct MMNode first = {1, NULL}; struct MMNode second = {2, &first};", "second.next->value",
            "int total = 0; int count = 0;", "count == 0 ? total += 10, total += 5 : (total = 1);", "total",
            "MMCHECK(1, 1)", "MMCHECK(1, 2, @\" %d\", 2)", "NSStringFromProtocol(MMProtocolNamed(@\"MMThing\"))",
            "BOOL (^check)(int []) = ^BOOL(int values[]) { return values[1] == 7; };", "int numbers[2] = {3, 7};", "check(numbers)"
        ) == ["1", "15", "15", "\"ok\"", "\"bad 2\"", "\"MMThing\"", "YES"])
    }

    /// `<netinet/in.h>`'s socket addresses have their system layout, as reachability code
    /// fills them (AFNetworking's `+[AFNetworkReachabilityManager manager]`).
    @Test func socketAddressesHaveTheirSystemLayout() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "struct sockaddr_in6 address; bzero(&address, sizeof(address)); address.sin6_len = sizeof(address); address.sin6_family = AF_INET6;",
            "@[@(address.sin6_len), @(address.sin6_family), @(address.sin6_addr.s6_addr[15])]",
            "struct sockaddr_in zero; zero.sin_family = AF_INET; zero.sin_addr.s_addr = INADDR_ANY;", "@[@(sizeof(zero)), @(zero.sin_family)]"
        ) == ["@[28, 30, 0]", "@[16, 2]"])
    }

    /// `goto` out of blocks and loops, forward to a cleanup label and back to retry, as C
    /// code and the SDK's `__Require` macros (AFNetworking's trust evaluation) use it.
    @Test func gotoLeavesBlocksForALabelForwardOrBack() throws {
        let shell = try ShellHarness()
        shell.run("""
            @implementation MMCleanup : NSObject
            - (NSString *)check:(NSInteger)value {
                NSMutableArray *steps = [NSMutableArray array];
                NSInteger tries = 0;
            retry:
                tries++;
                [steps addObject:@"start"];
                if (tries < 2) goto retry;
                for (NSInteger i = 0; i < 10; i++) {
                    if (i == value) { [steps addObject:@"found"]; goto out; }
                }
                __Require_Quiet(value > 100, out);
                [steps addObject:@"big"];
            out:
                [steps addObject:@"cleanup"];
                return [steps componentsJoinedByString:@" "];
            }
            @end
            """)
        #expect(shell.run("[[MMCleanup new] check:3]", "[[MMCleanup new] check:50]", "[[MMCleanup new] check:500]") == [
            "\"start start found cleanup\"", "\"start start cleanup\"", "\"start start big cleanup\"",
        ])
    }

    /// An object or a selector cast to an integer reads as the number it prints as, the
    /// same at every read: `(NSUInteger)self` as a hash, `(uintptr_t)(void *)_cmd` as a
    /// cache key (libextobjc's method signature cache).
    @Test func objectsAndSelectorsCastToIntegersReadAsTheirNumbers() throws {
        let shell = try ShellHarness()
        shell.run("NSObject *object = [NSObject new]; NSObject *other = [NSObject new];")
        #expect(shell.run(
            #"[[NSString stringWithFormat:@"%p", object] isEqualToString:[NSString stringWithFormat:@"0x%lx", (unsigned long)object]]"#,
            "@[@((NSUInteger)object == (NSUInteger)object), @((NSUInteger)object != (NSUInteger)other)]",
            "uintptr_t key = (uintptr_t)((void *)@selector(count));",
            "@[@(key == (uintptr_t)@selector(count)), @(key != (uintptr_t)@selector(copy)), @(key != 0), @((key & 0xff) < 256)]"
        ) == ["YES", "@[YES, YES]", "@[YES, YES, YES, YES]"])
    }

    /// `@available` and `__builtin_available` answer for the model's iOS, 17.0, as
    /// `isOperatingSystemAtLeastVersion:` and the SDK's version macros do: code for a later
    /// iOS takes its fallback, consistent with `#ifdef __IPHONE_26_0` being false.
    @Test func availabilityChecksAnswerForTheModelsIOS() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "@[@(@available(iOS 13.0, *)), @(@available(iOS 17, *)), @(@available(iOS 17.0.1, *)), @(@available(iOS 26.0, *))]",
            "@[@(@available(macOS 15, *)), @(__builtin_available(iOS 11.0, tvOS 11.0, *)), @(__builtin_available(iOS 18.0, *))]",
            "#ifdef __IPHONE_26_0\nNSString *sdk = @\"26\";\n#else\nNSString *sdk = @\"17\";\n#endif\nsdk"
        ) == ["@[YES, YES, NO, NO]", "@[YES, YES, NO]", "\"17\""])
    }

    /// nil is a null pointer: it compares equal to the literal 0, C's null pointer constant
    /// (`strstr(type, "#") != 0`, Expecta's test for an object's type encoding), but not to
    /// a zero that is a value, which may be an NSNumber (Expecta's `actual == nil` of `@NO`).
    @Test func nilComparesEqualToTheNullPointerConstant() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "@[@(nil == 0), @(NULL == 0), @(0 == nil), @(NO == nil), @(nil != 0), @((void *)0 == nil)]",
            "@[@(strstr(\":\", \"#\") != 0), @(strstr(\"a#\", \"#\") != 0), @(@\"a\" == 0), @(1 == nil)]",
            "id number = @NO; NSInteger zero = 0; @[@(number == nil), @(zero == nil), @(number != nil)]"
        ) == ["@[YES, YES, YES, YES, NO, YES]", "@[NO, YES, NO, NO]", "@[NO, NO, YES]"])
    }

    @Test func typedScalarsConvertWhatTheyAreGiven() throws {
        let shell = try ShellHarness()
        #expect(shell.run("int x = 3.9;", "x", "BOOL flag = 2;", "flag", "unsigned char c = 257;", "c", "CGFloat f = 2;", "f") == ["3", "YES", "1", "2.0"])
    }

    @Test func outParametersWriteThroughAPointer() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMValidator : NSObject
            @end
            @implementation MMValidator
            - (BOOL)check:(NSString *)text error:(NSError **)error {
                if ([text length] == 0) {
                    if (error != NULL) *error = @"empty";
                    return NO;
                }
                return YES;
            }
            @end
            """)
        #expect(shell.run("NSError *error = nil;", "[[MMValidator new] check:@\"\" error:&error]", "error", "[[MMValidator new] check:@\"\" error:NULL]") == [
            "NO", "\"empty\"", "NO",
        ])
    }

    // MARK: Declarations

    @Test func synthesizingAPropertyAProtocolDeclaresGivesTheClassItAndItsIvar() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            @protocol MMHasProgress <NSObject>
            @property (nonatomic) double progress;
            @end
            @protocol MMTracked <MMHasProgress>
            @end
            @interface MMTask : NSObject <MMTracked>
            @property (nonatomic) BOOL done;
            @end
            @implementation MMTask
            @synthesize progress;
            @synthesize done;
            - (void)run { progress = 0.5; done = YES; }
            @end
            """, "t = [MMTask new]", "[t run]", "t.progress", "t.done") == ["0.5", "YES"])
    }

    /// `@synthesize` of a property a protocol of the superclass declares gives the subclass
    /// its own accessors, over the superclass's (Objection's entries' `lifeCycle`).
    @Test func synthesizingAPropertyOfASuperclasssProtocolOverridesItsAccessor() throws {
        let shell = try ShellHarness()
        shell.run("""
            typedef enum { MMScopeNone = -1, MMScopeNormal, MMScopeSingleton } MMScope;
            @protocol MMEntry <NSObject>
            @property (nonatomic, readonly) MMScope lifeCycle;
            @end
            @interface MMBaseEntry : NSObject <MMEntry>
            @end
            @implementation MMBaseEntry
            @dynamic lifeCycle;
            - (MMScope)lifeCycle { return MMScopeNone; }
            @end
            @interface MMClassEntry : MMBaseEntry { MMScope _lifeCycle; }
            - (instancetype)initWithScope:(MMScope)scope;
            @end
            @implementation MMClassEntry
            @synthesize lifeCycle = _lifeCycle;
            - (instancetype)initWithScope:(MMScope)scope { if ((self = [super init])) { _lifeCycle = scope; } return self; }
            @end
            """)
        #expect(shell.run("@[@([[MMClassEntry alloc] initWithScope:MMScopeSingleton].lifeCycle), @([MMBaseEntry new].lifeCycle)]") == ["@[1, -1]"])
    }

    /// `@(struct)` boxes the struct in an NSValue of its declared encoding, as the SDK's
    /// structs are boxable (SDWebImage's `@(thumbnailSize)` read back as `.CGSizeValue`).
    @Test func aBoxedStructIsAnNSValue() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSValue *size = @(CGSizeMake(3, 4)); @[NSStringFromClass([size class]), @(size.CGSizeValue.height)]",
            "@[@([@(NSMakeRange(1, 2)) isEqual:[NSValue valueWithRange:NSMakeRange(1, 2)]]), @(@(UIEdgeInsetsMake(1, 2, 3, 4)).UIEdgeInsetsValue.left)]"
        ) == ["@[\"NSValue\", 4.0]", "@[YES, 2.0]"])
    }

    /// C arrays of objects with a count, as literals compile to; an invocation's arguments
    /// never set are zero.
    @Test func collectionsTakeCArraysAndAnInvocationZeroesWhatWasNotSet() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "id objs[] = {@\"a\", @\"b\"}; [NSArray arrayWithObjects:objs count:sizeof(objs) / sizeof(id)]",
            "[NSDictionary dictionaryWithObjects:objs forKeys:objs count:2]",
            "NSMutableArray *grown = [[NSMutableArray alloc] initWithObjects:objs count:1]; [grown addObject:@\"c\"]; @[@([NSSet setWithObjects:objs count:2].count), [grown copy]]",
            "NSInvocation *call = [NSInvocation invocationWithMethodSignature:[NSNumber methodSignatureForSelector:@selector(numberWithInt:)]]; call.target = [NSNumber class]; call.selector = @selector(numberWithInt:); [call invoke]; id made = nil; [call getReturnValue:&made]; made"
        ) == ["@[\"a\", \"b\"]", "@{\"a\": \"a\", \"b\": \"b\"}", "@[2, @[\"a\", \"c\"]]", "0"])
        #expect(shell.run("id holes[2] = {@\"a\", nil}; [NSArray arrayWithObjects:holes count:2]").first?.hasSuffix(
            "NSInvalidArgumentException in +[NSArray arrayWithObjects:count:]: attempt to insert nil object from objects[1]") == true)
    }

    @Test func classExtensionsIvarsAndSynthesizeMergeIntoTheClass() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMAccount : NSObject
            @property (nonatomic, readonly) NSInteger balance;
            @property (nonatomic, copy) NSString *owner;
            @end
            @interface MMAccount () {
                NSInteger _deposits;
            }
            @property (nonatomic, readwrite) NSInteger balance;
            @end
            @implementation MMAccount
            @synthesize owner = _holder;
            - (void)deposit:(NSInteger)amount {
                _balance += amount;
                self->_deposits++;
                _holder = @"ada";
            }
            - (NSInteger)deposits { return _deposits; }
            @end
            """)
        #expect(shell.run("a = [MMAccount new]", "[a deposit:5]", "a.balance = a.balance + 1", "a.balance", "[a deposits]", "a.owner") == ["6", "1", "\"ada\""])
        #expect(shell.run("info MMAccount").contains("  ivars: _deposits q, _holder @\"NSString\", _balance q"))
    }

    @Test func cFunctionsAndFileScopeVariables() throws {
        let shell = try ShellHarness()
        #expect(shell.run("static NSInteger square(NSInteger x) { return x * x; }", "square(12)") == ["144"])
        #expect(shell.run("CGFloat half(CGFloat x);", "half(3)").first?.contains("the function half is declared at line 1, column 9 but defined in none of the sources loaded") == true)
    }

    @Test func cDeclarationsMaySitBetweenMethods() throws {
        let shell = try ShellHarness()
        shell.run("""
            @implementation MMBetween : NSObject
            static const int kLimit = 0xff;
            static CGFloat scaled(CGFloat value) { return value * 2; }
            - (CGFloat)limit { return scaled(kLimit); }
            @end
            """)
        #expect(shell.run("[[MMBetween new] limit]") == ["510.0"])
    }

    /// A literal 0 given to a pointer (`FMStatement *statement = 0x00;`, `(const char *)0`) is
    /// C's null pointer, nil, not the number `@0` would box: `!statement` is true.
    @Test func aLiteralZeroForAPointerIsNull() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMCached : NSObject
            - (NSString *)statement;
            @end
            @implementation MMCached
            - (NSString *)statement {
                NSObject *cached = 0x00;
                NSString *found = @"cached";
                if (!cached) { found = @"made"; }
                cached = [NSObject new];
                cached = 0;
                return [NSString stringWithFormat:@"%@ %@ %d %d", found, cached, (const unsigned char *)0 == NULL, (id)0 == nil];
            }
            @end
            """)
        #expect(shell.run("[[MMCached new] statement]", "NSNumber *zero = @0; zero != nil") == ["\"made (null) 1 1\"", "YES"])
        // A property set to 0 takes the number: its setter's parameter is no pointer.
        #expect(shell.run("NSMutableData *data = [NSMutableData dataWithLength:4]; data.length = 0; data.length", "UIProgressView *bar = [UIProgressView new]; bar.progress = 0; bar.progress")
            == ["0", "0.0"])
        // Given for an object parameter the code declares, or returned by a method that
        // returns an object, the literal 0 is nil too (FMDB's `orDictionary:0x00`, `return
        // 0x00;`); a number's parameter, `@0` and a block's own return keep the number.
        shell.run("""
            @interface MMQuery : NSObject
            - (NSString *)run:(NSArray *)array orDictionary:(NSDictionary *)dictionary limit:(NSInteger)limit;
            - (id)statement;
            - (id)counted;
            @end
            @implementation MMQuery
            - (NSString *)run:(NSArray *)array orDictionary:(NSDictionary *)dictionary limit:(NSInteger)limit {
                return [NSString stringWithFormat:@"%d %d %ld", array == nil, dictionary == nil, (long)limit];
            }
            - (id)statement { return 0x00; }
            - (id)counted { NSInteger (^none)(void) = ^NSInteger { return 0; }; return @(none()); }
            - (NSString *)ownQuery { return [self run:@0 orDictionary:0 limit:0]; }
            @end
            """)
        #expect(shell.run(
            "[[MMQuery new] run:@0 orDictionary:0x00 limit:0]", "[[MMQuery new] ownQuery]", "[[MMQuery new] statement] == nil",
            "[[MMQuery new] counted]"
        ) == ["\"0 1 0\"", "\"0 1 0\"", "YES", "0"])
    }

    @Test func bitFieldsKeepOnlyTheirBits() throws {
        let shell = try ShellHarness()
        shell.run("""
            typedef struct MMFlags { unsigned int loading : 1; int delta : 2; unsigned int : 4; } MMFlags;
            @interface MMFlagged : NSObject {
                unsigned int _dirty : 1;
            }
            @end
            @implementation MMFlagged
            - (NSInteger)dirtied { _dirty = 3; return _dirty; }
            @end
            """)
        #expect(shell.run("MMFlags f = {1, 3};", "f.delta", "f.loading = 2;", "f.loading", "sizeof(MMFlags)", "[[MMFlagged new] dirtied]")
            == ["-1", "0", "4", "1"])
        // A delegate's flags, an ivar of an unnamed struct of bit-fields: each flag is a field.
        shell.run("""
            @interface MMDelegating : NSObject {
                struct { unsigned int respondsToStart : 1; unsigned int respondsToEnd : 1; unsigned int respondsToError : 1; } _delegateFlags;
            }
            @end
            @implementation MMDelegating
            - (NSInteger)flags { _delegateFlags.respondsToEnd = YES; return _delegateFlags.respondsToStart * 4 + _delegateFlags.respondsToEnd * 2 + _delegateFlags.respondsToError; }
            @end
            """)
        #expect(shell.run("[[MMDelegating new] flags]") == ["2"])
        #expect(shell.run("typedef struct { CGRect r : 1; } MMWrong;").first
            == "error: line 1, column 27: a bit-field holds an integer, not '{CGRect={CGPoint=dd}{CGSize=dd}}'; declare it as an integer type, as in unsigned int flag : 1")
        // The width is a constant expression, as Parse's `BOOL shouldSignUp : YES;` writes one bit.
        #expect(shell.run("typedef struct { BOOL shown : YES; unsigned int mode : 1 + 2; } MMWidths;", "MMWidths w = {1, 9};", "@[@(w.shown), @(w.mode)]")
            == ["@[1, 1]"])
        #expect(shell.run("typedef struct { int wide : 65; } MMTooWide;").first
            == "error: line 1, column 29: expected the bit-field's width, a number of bits from 1 to 64, but found '65'")
    }

    @Test func cArraysHoldTheirElementsAndSizeofMeasuresVariables() throws {
        let shell = try ShellHarness()
        #expect(shell.run("int values[4] = {1, 2};", "values", "values[3] = 7.9;", "values[3]", "sizeof(values) / sizeof(values[0])")
            == ["@[1, 2, 0, 0]", "7", "4"])
        #expect(shell.run("NSString *names[] = {@\"a\", @\"b\"};", "*names", "sizeof names / sizeof *names", "char word[] = \"abc\";", "sizeof(word)")
            == ["\"a\"", "2", "4"])
        #expect(shell.run("CGPoint points[2] = {{1, 2}, {3, 4}};", "points[1].y", "int grid[2][3];", "sizeof(grid) / sizeof(grid[0])")
            == ["4.0", "2"])
        // A struct's field, directly or through a pointer, as socket code sizes a copy.
        #expect(shell.run("struct sockaddr_in addr; struct sockaddr_in *to = &addr;", "@[@(sizeof(addr.sin_addr)), @(sizeof(addr.sin_zero)), @(sizeof(to->sin_port)), @(sizeof(points[0].x))]")
            == ["@[4, 8, 2, 8]"])
        // MacTypes' character types, as a parser of UTF-8 bytes sizes its buffer.
        #expect(shell.run("@[@(sizeof(UTF8Char)), @(sizeof(UTF16Char)), @(sizeof(UTF32Char)), @(sizeof(UniChar))]") == ["@[1, 2, 4, 2]"])
        // A type of a library the tree does not hold (Mach's, as a memory monitor sizes its
        // statistics) is measured as the id its values are kept as, not refused with the method.
        #expect(shell.run("vm_statistics_data_t stats;", "@[@(sizeof(vm_statistics_data_t)), @(sizeof(MMUndeclared)), @(sizeof stats)]")
            == ["@[8, 8, 8]"])
        #expect(shell.run("int few[2] = {1, 2, 3};").first
            == "error: line 1, column 14: the array holds 2 elements, but the initializer gives 3; give at most 2, or make the array larger")
        // A size known only when the code runs (C's variable-length arrays, a library's
        // constant) is worked out then; sizeof cannot measure such an array before.
        #expect(shell.run("NSInteger n = 3;", "int sized[n];", "sized", "int wrong[-n];", "sizeof(sized)")
            == ["@[0, 0, 0]", "error: line 1, column 11: an array's size must be a whole number of elements, 0 or more, but this one is -3",
                "  int wrong[-n];", "            ^",
                "error: line 1, column 7: sizeof measures a type, a variable, an element of an array, a struct's field or a number; write the type here, as in sizeof(NSInteger)",
                "  sizeof(sized)", "        ^"])
        #expect(shell.run("@interface MMSized : NSObject { char _bytes[n]; }\n@end").first
            == "error: line 1, column 38: an array's size must be a number, or arithmetic on numbers and sizeof, as in char buffer[16] or a #define of one")
        #expect(shell.run("char huge[1 << 30];").first
            == "error: line 1, column 6: the array holds more elements than rtsh makes (at most 1048576); declare a smaller one")
        #expect(shell.run("sizeof([UIView new])").first
            == "error: line 1, column 7: sizeof measures a type, a variable, an element of an array, a struct's field or a number; write the type here, as in sizeof(NSInteger)")
        // An ivar array is the ivar's own storage, and sizeof measures it.
        shell.run("""
            @interface MMBuffer : NSObject {
                char _bytes[16];
            }
            @end
            @implementation MMBuffer
            - (NSInteger)fill { _bytes[2] = 'x'; return _bytes[2] + sizeof(_bytes); }
            @end
            """)
        #expect(shell.run("[[MMBuffer new] fill]") == ["136"])
    }

    @Test func aVariadicMethodReadsItsArgumentsWithVaArg() throws {
        let shell = try ShellHarness()
        shell.run("""
            @implementation MMJoiner : NSObject
            - (NSString *)join:(NSString *)first, ... {
                NSString *joined = first;
                va_list args;
                va_start(args, first);
                NSString *next;
                while ((next = va_arg(args, NSString *))) { joined = [joined stringByAppendingString:next]; }
                va_end(args);
                return joined;
            }
            @end
            """)
        #expect(shell.run("[[MMJoiner new] join:@\"a\", @\"b\", @\"c\", nil]", "[[MMJoiner new] join:@\"alone\", nil]")
            == ["\"abc\"", "\"alone\""])
        // A `va_list` handed on to `-initWithFormat:arguments:`, as KIF's failures are made.
        shell.run("""
            CF_EXPORT SInt32 MMRunLoopRun(CFStringRef mode, CFTimeInterval seconds, Boolean returnAfter);
            @implementation MMFormatter : NSObject
            + (NSString *)line:(NSString *)format, ... {
                va_list list;
                va_start(list, format);
                NSString *text = [[NSString alloc] initWithFormat:format arguments:list];
                va_end(list);
                return text;
            }
            @end
            """)
        #expect(shell.run("[MMFormatter line:@\"%@ is %d\", @\"x\", 3]", "sleep(2) + usleep(10)") == ["\"x is 3\"", "0"])
        #expect(shell.run("va_list list;", "va_start(list, x)").first
            == "error: line 1, column 1: va_start reads the arguments after '...' of a method or function declared with ', ...'; there is none here")
    }

    @Test func aStaticMayTakeItsOwnAddressAndATypedefMaySitInAProtocol() throws {
        let shell = try ShellHarness()
        // The KVO context idiom: a pointer to itself, unique and stable.
        #expect(shell.run("static void *MMContext = &MMContext;", "MMContext == &MMContext", "MMContext == nil") == ["YES", "NO"])
        #expect(shell.run("""
            @protocol MMLoader <NSObject>
            typedef void (^MMLoaded)(BOOL finished);
            - (void)loadWithCompletion:(MMLoaded)completion;
            @end
            """, "@protocol(MMLoader)") == ["@protocol(MMLoader)"])
    }

    @Test func aCastToAClassNotLoadedIsStillACast() throws {
        let shell = try ShellHarness()
        #expect(shell.run("v = [UIView new]", "(MMNotLoaded *)v == v", "(MMNotLoaded **)nil") == ["YES", "nil"])
    }

    @Test func aForwardProtocolDeclarationDoesNotWaitForAnEnd() throws {
        let shell = try ShellHarness()
        #expect(shell.session.execute(line: "@protocol MMForward;") == .done)
        #expect(shell.session.execute(line: "@class MMLater, MMOther;") == .done)
        #expect(shell.session.execute(line: "@protocol MMDefined <NSObject>") == .needsMore)
        #expect(shell.session.execute(line: "@end") == .done)
        #expect(shell.run("@protocol(MMDefined)") == ["@protocol(MMDefined)"])
    }

    @Test func nothingIsMisreadSilently() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMNamed : NSObject
            @property (nonatomic, copy) NSString *name;
            @end
            @implementation MMNamed
            - (void)rename:(NSString *)x { _name = x; }
            @end
            """)
        #expect(shell.run("n = [MMNamed new]", "[n rename:@\"ok\"]", "n.name", "0x2a") == ["\"ok\"", "42"])
        #expect(shell.run("@implementation MMNamed (Bad)\n- (void)f { int 3x = 1; }\n@end").first?.hasPrefix("error: line 2, column") == true)
        #expect(shell.run("'hello'").first == "error: line 1, column 1: a character constant holds one character, or a code of up to four ASCII ones, and ends with ', as in 'a' or 'alac'; use \"...\" for a string")
        // Up to four characters are a four-character code, the first in the highest byte, as Clang reads it.
        #expect(shell.run("'ab'", "'alac' == 0x616C6163", "kAudioFormatAppleLossless == 'alac'", "'\\0\\1'") == ["24930", "YES", "YES", "1"])
    }

    @Test func typesFromLibrariesTheTreeDoesNotHoldDeclareAndCast() throws {
        // Each of these was read as a product or a parenthesized name, so that the variable
        // was "assigned but never declared" or the cast an error.
        let tree = try TemporaryTree([
            "MMStore.m": """
                @interface MMStore : NSObject
                @end
                @implementation MMStore
                - (NSInteger)open {
                    FILE *file;
                    sqlite3_stmt **statement, *other;
                    file = nil;
                    statement = NULL;
                    return (NSInteger)(CC_LONG)[@"abc" length] + (MyEnumT)2 + (file == nil);
                }
                @end
                """,
        ])
        let shell = try ShellHarness()
        #expect(shell.run("source \(tree.root.path)") == ["loaded 1 file: 1 class, 0 categories, 0 protocols; 0 errors"])
        #expect(shell.run("[[MMStore new] open]") == ["6"])
        // At the prompt, a lowercase product stays a product.
        #expect(shell.run("int a = 6;", "int b = 7;", "a * b;", "a * b") == ["42", "42"])
    }

    // MARK: Loading source trees

    @Test func aTreeLoadsHeadersFirstAndClassesWaitForTheirSuperclass() throws {
        let tree = try TemporaryTree([
            "A/MMChild.h": "#import \"MMParent.h\"\n@interface MMChild : MMParent\n@end\n",
            "A/MMChild.m": "#import \"MMChild.h\"\n@implementation MMChild\n- (NSString *)who { return [@\"child of \" stringByAppendingString:[super who]]; }\n@end\n",
            "Z/MMParent.h": "#define MM_NAME @\"parent\"\n@interface MMParent : NSObject\n- (NSString *)who;\n@end\n",
            "Z/MMParent.m": "#import <App/MMParent.h>\nstatic NSString *const kName = MM_NAME;\n@implementation MMParent\n- (NSString *)who { return kName; }\n@end\n",
            "Z/MMOther.m": "static NSString *const kName = @\"other\";\n@interface MMOther : NSObject\n@end\n@implementation MMOther\n- (NSString *)who { return kName; }\n@end\n",
        ])
        let shell = try ShellHarness()
        #expect(shell.run("source \(tree.root.path)") == ["loaded 5 files: 3 classes, 0 categories, 0 protocols; 0 errors"])
        #expect(shell.run("[[MMChild new] who]", "[[MMOther new] who]") == ["\"child of parent\"", "\"other\""])
    }

    @Test func aPrefixHeadersMacrosReachEveryFileAndALatin1FileReads() throws {
        let tree = try TemporaryTree([
            "App/App-Prefix.pch": "#define DLog(fmt, ...) NSLog((@\"%s \" fmt), __func__, ##__VA_ARGS__)\n#define kAnswer 42\n",
            "App/MMAnswer.m": "@interface MMAnswer : NSObject\n@end\n@implementation MMAnswer\n- (NSInteger)answer { DLog(@\"%d\", kAnswer); return kAnswer; }\n@end\n",
        ])
        // A comment written by an older editor in ISO Latin-1: `©` is the single byte 0xA9.
        let latin1 = Data("// \u{00A9} 2012\n@interface MMOld : NSObject\n@end\n@implementation MMOld\n- (NSString *)sign { return @\"caf\u{00E9}\"; }\n@end\n".unicodeScalars.map { UInt8($0.value) })
        try latin1.write(to: tree.root.appendingPathComponent("App/MMOld.m"))
        let shell = try ShellHarness()
        #expect(shell.run("source \(tree.root.path)") == ["loaded 3 files: 2 classes, 0 categories, 0 protocols; 0 errors"])
        #expect(shell.run("[[MMAnswer new] answer]", "[[MMOld new] sign]") == ["-[MMAnswer answer] 42", "42", "\"caf\u{00E9}\""])
    }

    @Test func oneBrokenMethodIsLeftOutAndTheRestLoads() throws {
        let tree = try TemporaryTree([
            "MMBroken.m": """
                @interface MMBroken : NSObject
                @end
                @implementation MMBroken
                - (int)good { return 1; }
                - (void)bad {
                    this is not code;
                }
                - (int)alsoGood { return 2; }
                @end
                @implementation MMOrphan : NSObjcet
                @end
                """,
        ])
        let shell = try ShellHarness()
        let file = tree.root.appendingPathComponent("MMBroken.m").path
        let output = shell.run("source \(tree.root.path)")
        #expect(output.contains("error: \(file):6:10: expected ';' to end the statement, but found 'is'; -[MMBroken bad] is left out of the class"))
        #expect(output.contains("error: \(file):10:1: no class named 'NSObjcet'; did you mean 'NSObject'?"))
        #expect(output.last == "loaded 1 file: 1 class, 0 categories, 0 protocols; 2 errors")
        #expect(shell.run("[[MMBroken new] good]", "[[MMBroken new] alsoGood]") == ["1", "2"])
        #expect(shell.session.unreadMethods.mapValues { $0.map(\.method.description) } == ["MMBroken": ["-[MMBroken bad]"]])
    }

    /// A macro of a library the tree does not hold, used among a class's members (MJExtension's
    /// coding, a singleton's synthesizer), is reported and the class loads without what it
    /// would make; a name followed by a declarator on its line is still a declaration (of a
    /// variable whose type is the library's).
    @Test func aLibrarysMacroAmongAClasssMembersIsReportedAndTheClassLoads() throws {
        let tree = try TemporaryTree([
            "MMStore.m": """
                @interface MMStore : NSObject
                @end
                @implementation MMStore
                MJExtensionCodingImplementation
                SYNTHESIZE_SINGLETON_FOR_CLASS(MMStore);
                - (int)answer { return 42; }
                @end
                @implementation MMCache : NSObject
                MMUnknownType _cache;
                @end
                """,
        ])
        let shell = try ShellHarness()
        let file = tree.root.appendingPathComponent("MMStore.m").path
        let output = shell.run("source \(tree.root.path)")
        let reason = "is a macro no loaded file defines, from a library the tree does not hold; load the header that #defines it for the methods it makes"
        #expect(output.contains("error: \(file):4:1: 'MJExtensionCodingImplementation' inside @implementation MMStore \(reason); the rest of @implementation MMStore is read"))
        #expect(output.contains("error: \(file):5:1: 'SYNTHESIZE_SINGLETON_FOR_CLASS' inside @implementation MMStore \(reason); the rest of @implementation MMStore is read"))
        #expect(output.last == "loaded 1 file: 2 classes, 0 categories, 0 protocols; 2 errors")
        #expect(shell.run("[[MMStore new] answer]") == ["42"])
    }

    @Test func theDefaultPolicyCoversLayoutEditingAndTraitOverrides() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMBadge : UIView
            @end
            @implementation MMBadge
            - (void)layoutSubviews { self.alpha = 0.5; }
            - (void)traitCollectionDidChange:(id)previous { [super traitCollectionDidChange:previous]; }
            @end
            @interface MMEditor : UIViewController
            @end
            @implementation MMEditor
            - (void)setEditing:(BOOL)editing animated:(BOOL)animated {
                if (editing) { [super setEditing:editing animated:animated]; }
            }
            - (void)viewWillTransitionToSize:(CGSize)size withTransitionCoordinator:(id)coordinator {
                [super viewWillTransitionToSize:size withTransitionCoordinator:coordinator];
            }
            @end
            """)
        // The audit runs the code: `setEditing:NO` takes the branch that skips super.
        #expect(shell.run("check super MMBadge", "check super MMEditor") == [
            "ok -[MMBadge traitCollectionDidChange:] calls super once",
            "FAIL -[MMBadge layoutSubviews] does not call super",
            "1 passed, 1 failed",
            "FAIL -[MMEditor setEditing:animated:] does not call super",
            "ok -[MMEditor viewWillTransitionToSize:withTransitionCoordinator:] calls super once",
            "1 passed, 1 failed",
        ])
        #expect(shell.run("e = [MMEditor new]", "[e setEditing:YES animated:NO]", "e.editing") == ["YES"])
    }

    @Test func anOverrideThatCouldNotBeReadIsAnAuditErrorNotAPass() throws {
        let tree = try TemporaryTree([
            "MMHalf.m": """
                @interface MMHalf : UIViewController
                @end
                @implementation MMHalf
                - (void)viewDidLoad {
                    [super viewDidLoad] this is not code;
                }
                - (void)viewWillAppear:(BOOL)animated { [super viewWillAppear:animated]; }
                @end
                """,
        ])
        let shell = try ShellHarness()
        let file = tree.root.appendingPathComponent("MMHalf.m").path
        shell.run("source \(tree.root.path)")
        #expect(shell.run("check super MMHalf") == [
            "ok -[MMHalf viewWillAppear:] calls super once",
            "ERROR -[MMHalf viewDidLoad] was not loaded: its body could not be read (\(file):5:25)",
            "1 passed, 0 failed, 1 error",
        ])
        #expect(shell.session.checkOutcomes.map(\.verdict) == [.ok, .error])
        let report = ReplayReport.junit(scripts: [.init(script: "audit.rtsh", checks: shell.session.checkOutcomes, failures: [], seconds: 0)])
        #expect(report.contains("<testsuites tests=\"2\" failures=\"0\" errors=\"1\">"))
        #expect(report.contains("<error message=\"ERROR -[MMHalf viewDidLoad] was not loaded: its body could not be read (\(file):5:25)\"/>"))
    }

    @Test func aFunctionOfALibraryTheTreeDoesNotHoldLoadsAndRaisesOnlyWhenCalled() throws {
        let tree = try TemporaryTree([
            "MMFeed.m": """
                @interface MMFeed : NSObject
                @end
                @implementation MMFeed
                - (int)refresh {
                    static BOOL posted;
                    UIAccessibilityPostNotification(posted, nil);
                    return 1;
                }
                - (int)count { return MMCountOf(self); }
                @end
                """,
        ])
        let shell = try ShellHarness()
        let file = tree.root.appendingPathComponent("MMFeed.m").path
        #expect(shell.run("source \(tree.root.path)") == [
            "loaded 1 file: 1 class, 0 categories, 0 protocols; 0 errors",
            "note: the code calls 1 C function rtsh does not have (MMCountOf); a call raises if it runs",
        ])
        #expect(shell.run("[[MMFeed new] count]").first?.hasPrefix("error: \(file):9:23: in -[MMFeed count]: 'MMCountOf' is not a function rtsh knows") == true)
        // A framework's function the model lacks has a stand-in, unless stand-ins are off.
        #expect(shell.run("[[MMFeed new] refresh]") == [
            "1", "note: stand-ins answered for what rtsh's model lacks: function UIAccessibilityPostNotification() ('standins' lists them)",
        ])
        shell.run("standins off")
        #expect(shell.run("[[MMFeed new] refresh]").first?.hasPrefix("error: \(file):6:5: in -[MMFeed refresh]: 'UIAccessibilityPostNotification' is not a function rtsh knows") == true)
        // Code typed at the prompt is still checked when it is written.
        #expect(shell.run("@implementation MMTyped : NSObject\n- (void)go { MMCountOf(nil); }\n@end").first?
            .hasPrefix("error: line 2, column 14: 'MMCountOf' is not a function rtsh knows") == true)
    }

    @Test func theCorpusOfRealStyleControllersLoadsWithoutAnError() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Corpus/Sources").path
        let shell = try ShellHarness()
        #expect(shell.run("source \(corpus)") == ["loaded 17 files: 6 classes, 1 category, 1 protocol; 0 errors"])
        #expect(shell.session.failureCount == 0)
        // The code runs: a login that fails validation, then one that passes.
        #expect(shell.run(
            "login = [RTLoginViewController new]", "[login view]", "login.title", "[login signIn:nil]",
            "login.state == RTLoginStateFailed", "feed = [RTFeedViewController new]", "[feed frameForItemAtIndex:2 inWidth:320]",
            "[feed clampedIndex:7]", "settings = [RTSettingsViewController new]", "[settings totalRowCount]",
            "[settings tableView:nil titleForHeaderInSection:RTSectionNotifications]", "[[RTUser guest] displayName]") == [
            "-[RTLoginViewController viewDidLoad] loaded with 3 subviews", "<UIView: 0x2>", "\"Sign In\"", "YES", "{{16, 104}, {288, 44}}", "0", "6", "\"Notifications\"", "\"Guest\"",
        ])
    }
}

/// Type encodings, as the compiler writes them: each expected value below is what
/// `clang -target arm64-apple-ios -S -emit-llvm` gives for `@encode(type)` (BOOL is
/// `bool` on arm64, so `B`).
@Suite("Type encodings match clang's")
struct TypeEncodingTests {
    static let cases: [(type: String, encoding: String)] = [
        ("int", "i"), ("NSInteger", "q"), ("NSUInteger", "Q"), ("CGFloat", "d"), ("float", "f"), ("double", "d"),
        ("long", "q"), ("unsigned", "I"), ("char", "c"), ("BOOL", "B"), ("bool", "B"), ("id", "@"), ("Class", "#"),
        ("SEL", ":"), ("void (^)(BOOL)", "@?"), ("CGRect", "{CGRect={CGPoint=dd}{CGSize=dd}}"), ("CGPoint", "{CGPoint=dd}"),
        ("NSRange", "{_NSRange=QQ}"), ("UIEdgeInsets", "{UIEdgeInsets=dddd}"), ("MMEncodingStyle", "q"), ("NSError **", "^@"),
        ("char *", "*"), ("unsigned char", "C"), ("short", "s"), ("long long", "q"), ("unsigned long long", "Q"),
        ("void *", "^v"), ("NSString *", "@"), ("int *", "^i"), ("CGSize", "{CGSize=dd}"), ("CFDictionaryRef", "^{__CFDictionary=}"), ("SecTrustRef", "^{__SecTrust=}"), ("u_int32_t", "I"),
        ("NSArray<NSString *> *", "@"), ("id<NSObject>", "@"), ("UITableViewCellEditingStyle", "q"), ("UIViewAnimationOptions", "Q"),
        ("MMPacked", "{?=b1b2[2i]}"), ("MMNamedFlags", "{MMNamedFlags=b1b2}"),
        ("CFArrayEqualCallBack", "^?"), ("CFComparatorFunction", "^?"), ("NSDecimal", "{?=b8b4b1b1b18[8S]}"),
    ]

    /// Ivars of the types a method cannot take: arrays and bit-fields.
    static let ivarCases: [(declaration: String, encoding: String)] = [
        ("char _bytes[16];", "[16c]"), ("int _grid[2][3];", "[2[3i]]"), ("NSString *_names[4];", "[4@\"NSString\"]"), ("unsigned int _flag : 1;", "b1"),
    ]

    /// A synthesized setter stores a number as C stores it in the property's type, wrapped
    /// to its width (a `uint32_t` of all ones passed for an `int` is -1), as a method's
    /// parameter already did; `kCFNull` is `[NSNull null]`; the objc headers' arm64 macros hold.
    @Test func propertiesStoreNumbersAtTheirWidthAndCoreFoundationsNullIsNSNull() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "@interface MMWidths : NSObject\n@property int count;\n@property (nonatomic) unsigned char level;\n@end\n@implementation MMWidths\n@end",
            "MMWidths *w = [MMWidths new]; ((void (*)(id, SEL, uint32_t))objc_msgSend)(w, @selector(setCount:), 4294967295u); w.level = 300; @[@(w.count), @(w.level)]",
            // Dispatch objects are Objective-C objects, as SDWebImage's `#if !OS_OBJECT_USE_OBJC` / `#error` checks.
            "@[@((id)kCFNull == [NSNull null]), @(OBJC_BOOL_IS_BOOL), @(OS_OBJECT_USE_OBJC), @([dispatch_get_main_queue() isKindOfClass:[NSObject class]])]"
        ).suffix(2) == ["@[-1, 44]", "@[YES, 1, 1, YES]"])
    }

    @Test func eachTypeEncodesAsClangEncodesIt() throws {
        let shell = try ShellHarness()
        var source = "typedef NS_ENUM(NSInteger, MMEncodingStyle) { MMEncodingStyleA };\n"
            + "typedef struct { unsigned int a : 1; unsigned int b : 2; int c[2]; } MMPacked;\n"
            + "typedef struct MMNamedFlags { unsigned int a : 1; int s : 2; } MMNamedFlags;\n"
            + "@interface MMEncodings : NSObject {\n" + Self.ivarCases.map(\.declaration).joined(separator: "\n") + "\n}\n@end\n@implementation MMEncodings\n"
        for (index, entry) in Self.cases.enumerated() {
            source += "- (\(entry.type))value\(index):(\(entry.type))argument { return argument; }\n"
        }
        source += "@end"
        #expect(shell.run(source) == [])
        let cls = try #require(shell.session.runtime.class(named: "MMEncodings"))
        for (index, entry) in Self.cases.enumerated() {
            let selector = try shell.session.runtime.selector("value\(index):")
            let method = try #require(shell.session.runtime.lookUpMethod(selector, in: cls))
            #expect(method.types.description == "\(entry.encoding)@:\(entry.encoding)", "\(entry.type)")
        }
        let ivars = shell.session.runtime.ivars(of: cls)
        #expect(ivars.map(\.type.description) == Self.ivarCases.map(\.encoding))
    }

    @Test func exceptionsAreNSExceptionObjectsThatCodeRaisesCatchesAndReads() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "@try { [NSException raise:@\"MMSyncError\" format:@\"retry %d of %d\", 2, 3]; } @catch (NSException *e) { NSLog(@\"%@ | %@ | %@\", e.name, e.reason, e); }",
            "NSException *made = [NSException exceptionWithName:NSInternalInconsistencyException reason:@\"method unavailable\" userInfo:nil]",
            "@try { [made raise]; } @catch (NSException *e) { NSLog(@\"same: %d\", e == made); }"
        ) == ["MMSyncError | retry 2 of 3 | retry 2 of 3", "same: 1"])
        // Uncaught, it says its name and reason, where it was thrown.
        #expect(shell.run("@throw made").first == "error: line 1, column 1: uncaught exception: NSInternalInconsistencyException: method unavailable")
        #expect(shell.run("standins") == ["no stand-ins used"])
    }

    /// An enum defined inside an `@implementation`, between its methods, belongs to the
    /// file, though a method after it declares local variables (ResearchKit's task tests
    /// define their result options there): its constants are not the first such method's.
    @Test func anEnumInsideAnImplementationIsTheFilesThoughAMethodDeclaresLocals() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMTasks : NSObject
            @end
            @implementation MMTasks
            typedef NS_OPTIONS(NSUInteger, MMTaskOptions) {
                MMTaskOptionHeadache = 1 << 0,
                MMTaskOptionDizziness = 1 << 1,
            };
            - (NSArray *)resultsFor:(MMTaskOptions)options {
                NSMutableArray *results = [NSMutableArray new];
                typedef enum { MMLocalA = 7 } MMLocal;
                if (options & MMTaskOptionDizziness) [results addObject:@(MMLocalA)];
                return results;
            }
            - (NSUInteger)both { return MMTaskOptionHeadache | MMTaskOptionDizziness; }
            @end
            """)
        #expect(shell.run("[[MMTasks new] resultsFor:MMTaskOptionDizziness].copy", "[[MMTasks new] both]", "MMTaskOptionHeadache") == ["@[7]", "3", "1"])
    }
}
