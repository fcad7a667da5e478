import Runtime
import Shell
import Testing

@Suite("The language")
struct LanguageTests {
    @Test func statementsThatYieldAValuePrintIt() throws {
        let shell = try ShellHarness()
        #expect(shell.run("vc = [UIViewController new]") == [])
        #expect(shell.run("vc") == ["<UIViewController: 0x1>"])
        #expect(shell.run("vc.title = @\"Login\"", "vc.title", "[vc title]") == ["\"Login\"", "\"Login\""])
        #expect(shell.run("[vc isViewLoaded]", "YES", "nil", "42", "1.5", "@selector(viewDidAppear:)") == ["NO", "YES", "nil", "42", "1.5", "@selector(viewDidAppear:)"])
        #expect(shell.run("[vc viewDidLoad]") == []) // returns void
        #expect(shell.run("UIView") == ["UIView"])
        #expect(shell.run("@[1, @\"two\", nil]", "@{@\"b\": 2, @\"a\": 1}", "1 + 2 * 3", "(1 + 2) * 3", "7 / 2", "7.0 / 2") == [
            "@[1, \"two\", nil]", "@{\"a\": 1, \"b\": 2}", "7", "9", "3", "3.5",
        ])
        #expect(shell.run("!NO && (2 > 1)", "YES == 1", "vc == vc", "vc != nil") == ["YES", "YES", "YES", "YES"])
    }

    /// A `float` property keeps a float's precision, as C stores one, so it equals the same
    /// number written as a float literal and not as a double; a double keeps its own.
    @Test func aFloatPropertyKeepsAFloatsPrecision() throws {
        let shell = try ShellHarness()
        shell.run("@interface MMGauge : NSObject\n@property float level;\n@property double exact;\n@end\n@implementation MMGauge\n@end")
        #expect(shell.run(
            "MMGauge *g = [MMGauge new]; g.level = 12.34; g.exact = 12.34",
            "@[@(g.level == 12.34f), @(g.level == 12.34), @(g.exact == 12.34), @([[g valueForKey:@\"level\"] floatValue] == g.level)]"
        ) == ["@[YES, NO, YES, YES]"])
        // Boxed, it writes as iOS writes a float's number; a double keeps its every digit.
        #expect(shell.run("[NSString stringWithFormat:@\"%@ %@ %@\", @(g.level), [@(g.level) stringValue], @(0.1 + 0.2)]")
            == ["\"12.34 12.34 0.30000000000000004\""])
    }

    @Test func arrayInitializersNameTheirIndexesAsC99Allows() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            typedef NS_ENUM(NSInteger, MMState) { MMStateOff, MMStateOn, MMStateUnknown };
            static NSString * const names[] = { [MMStateUnknown] = @"?", [MMStateOff] = @"off", @"on" };
            NSLog(@"%@ %@ %@", names[0], names[1], names[2]);
            int widths[4] = { [2] = 40, 50 };
            NSLog(@"%d %d %d %d", widths[0], widths[1], widths[2], widths[3]);
            NSArray *objects[] = { [NSNull null], @1 };
            NSLog(@"%@ %@", objects[0], objects[1]);
            int sparse[] = { [5] = 1 };
            NSLog(@"%d %d", sparse[4], sparse[5]);
            """) == ["off on ?", "0 0 40 50", "<null> 1", "0 1"])
        #expect(shell.run("int bad[2] = { [2] = 3 };").first == "error: line 1, column 17: index 2 is beyond the array's bounds (0..1)")
        #expect(shell.run("int over[2] = { [1] = 1, 2 };").first?.hasSuffix("the array holds 2 elements, but the initializer gives 3; give at most 2, or make the array larger") == true)
    }

    /// GNU's `__inline__`, which macros such as YYModel's `force_inline` expand to, and a
    /// cast to a function pointer returning a fixed-width integer, as code calls
    /// `objc_msgSend` for each of a property's types.
    @Test func gnuInlineFunctionsAndFunctionPointerCastsOfAnyType() throws {
        let shell = try ShellHarness()
        shell.run("""
            #define force_inline __inline__ __attribute__((always_inline))
            static force_inline BOOL mm_isSmall(int8_t value) { return value < 10; }
            __inline__ static int mm_twice(int value) { return value * 2; }
            """)
        #expect(shell.run(
            "@[@(mm_isSmall(3)), @(mm_twice(4))]",
            "@[@(((int8_t (*)(id, SEL))(void *) objc_msgSend)(@\"abc\", @selector(length))), @(((uint16_t (*)(id, SEL))objc_msgSend)(@[@1], @selector(count)))]"
        ) == ["@[YES, 8]", "@[3, 1]"])
    }

    /// Declarations from real headers: a generic's parameter qualified by a protocol, the C
    /// library's time structs, a root class's annotations, and a cast to a pointer to a type
    /// no loaded file declares.
    @Test func headerDeclarationsOfGenericsTimesRootClassesAndForeignPointers() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMCache<KeyType, ObjectType> : NSObject
            - (nullable ObjectType)objectForKeyedSubscript:(KeyType <NSCopying>)key;
            @end
            @implementation MMCache
            - (id)objectForKeyedSubscript:(id<NSCopying>)key { return key; }
            @end
            OBJC_ROOT_CLASS
            @interface MMRoot {
                Class isa OBJC_ISA_AVAILABILITY;
            }
            @end
            """)
        #expect(shell.run(
            "[[MMCache new] objectForKeyedSubscript:@\"k\"]",
            "struct timeval tv = {5, 20}; struct timespec ts = {1, 500}; struct timezone tz = {60, 0}; @[@(tv.tv_usec), @(ts.tv_nsec), @(sizeof(struct timeval)), @(tz.tz_minuteswest)]",
            "void *zones[2] = {@\"a\", @\"b\"}; id zone = (malloc_zone_t *)zones[1]; zone",
            "int a = 3, b = 4; (a * b)"
        ) == ["\"k\"", "@[20, 500, 16, 60]", "\"b\"", "12"])
    }

    /// `@(...)` of a C string makes an NSString, as form libraries box a class name read
    /// from a property's type encoding; `%C` prints a unichar.
    @Test func boxedCStringsAreStringsAndUnicharsFormat() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "const char *encoding = \"T@\\\"NSDate\\\"\"; char *className = strndup(encoding + 3, strlen(encoding) - 4); NSString *name = @(className); @[name, @([name isKindOfClass:[NSString class]]), @(name.length)]",
            "@[@(42), @(\"literal\"), @(1 + 2)]",
            "[NSString stringWithFormat:@\"%C%C!\", (unichar)0x48, (unichar)0xE9]"
        ) == ["@[\"NSDate\", YES, 6]", "@[42, \"literal\", 3]", "\"Hé!\""])
    }

    /// GNU C's ranges of indexes, as test fixtures fill a buffer: numbered indexes also size
    /// an unsized array, as in C.
    @Test func arrayInitializersFillRangesOfIndexes() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "const uint8_t bytes[] = { [0 ... 255] = 0x7F }; @[@(sizeof(bytes)), @(bytes[0]), @(bytes[255])]",
            "int mixed[] = { [1 ... 2] = 9, 4, [6] = 1 }; @[@(sizeof(mixed) / sizeof(int)), @(mixed[0]), @(mixed[2]), @(mixed[3]), @(mixed[5])]"
        ) == ["@[256, 127, 127]", "@[7, 0, 9, 4, 0]"])
        #expect(shell.run("int bad[] = { [3 ... 1] = 0 };").first == "error: line 1, column 18: a range of indexes in an initializer ([0 ... 255] = x) "
            + "needs constant integer bounds, the first not above the last, and at most 65536 elements")
    }

    @Test func nestedAndKeywordMessages() throws {
        let shell = try ShellHarness()
        shell.run("root = [[UIViewController alloc] init]", "next = [UIViewController new]")
        shell.run("nav = [[UINavigationController alloc] initWithRootViewController:root]")
        #expect(shell.run("[nav topViewController] == root", "[nav pushViewController:next animated:NO]", "nav.topViewController") == [
            "YES", "<UIViewController: 0x2>",
        ])
        #expect(shell.run("[nil anything]", "[nil isViewLoaded]") == ["nil", "NO"])
    }

    @Test func definitionsWithSuperPropertiesAndNSLog() throws {
        let shell = try ShellHarness()
        let printed = shell.run("""
            @interface MMLogin : UIViewController <NSObject>
            @property (nonatomic, copy) NSString *username;
            @property (nonatomic) BOOL remembered;
            @end
            @implementation MMLogin
            - (void)viewDidLoad {
                [super viewDidLoad];
                self.title = @"Login";
                NSLog(@"loaded %@ as %@", self, self.title);
            }
            - (NSString *)greeting:(NSString *)name times:(NSInteger)count {
                NSString *text = [NSString stringFrom:name];
                return text;
            }
            + (instancetype)make {
                MMLogin *made = [self new];
                made.username = @"ada";
                return made;
            }
            - (BOOL)isReady {
                if (self.username == nil) {
                    return NO;
                } else {
                    return YES;
                }
            }
            @end
            """)
        #expect(printed == [])
        #expect(shell.run("l = [MMLogin make]", "l.username", "[l isReady]", "[[MMLogin new] isReady]") == ["\"ada\"", "YES", "NO"])
        #expect(shell.run("[l view]") == ["loaded <MMLogin: 0x1> as Login", "<UIView: 0x3>"])
        #expect(shell.run("l.remembered = YES", "l.remembered") == ["YES"])
        #expect(shell.run("methods MMLogin").contains("- greeting:times:  @@:@q"))
    }

    @Test func multiLineInputContinuesUntilTheBlockCloses() throws {
        let shell = try ShellHarness()
        #expect(shell.session.execute(line: "@implementation MMA : NSObject") == .needsMore)
        #expect(shell.session.prompt == "...> ")
        #expect(shell.session.execute(line: "- (NSInteger)answer {") == .needsMore)
        #expect(shell.session.execute(line: "") == .needsMore)
        #expect(shell.session.execute(line: "    return 42;") == .needsMore)
        #expect(shell.session.execute(line: "}") == .needsMore)
        #expect(shell.session.execute(line: "@end") == .done)
        #expect(shell.session.prompt == "rtsh> ")
        #expect(shell.run("[[MMA new] answer]") == ["42"])
        // A bracket left open continues too, and cancelling drops it.
        #expect(shell.session.execute(line: "[[MMA new]") == .needsMore)
        shell.session.cancelPendingInput()
        #expect(shell.session.prompt == "rtsh> ")
        #expect(shell.run("[[MMA new] answer]") == ["42"])
    }

    @Test func aCommentOrAContinuedLineCarriesOverToTheNextLine() throws {
        let shell = try ShellHarness()
        #expect(shell.session.execute(line: "x = 1 /* a comment that [goes") == .needsMore)
        #expect(shell.session.execute(line: "   on ( and on") == .needsMore)
        #expect(shell.session.execute(line: "   and ends */ + 2") == .done)
        #expect(shell.run("x") == ["3"])
        #expect(shell.session.execute(line: "#define TWICE(v) \\") == .needsMore)
        #expect(shell.session.execute(line: "    ((v) * 2)") == .done)
        #expect(shell.run("TWICE(x)") == ["6"])
        // A directive's brackets are not the program's: this one is whole.
        #expect(shell.session.execute(line: "#define OPEN {") == .done)
        // Each line keeps its own number in errors.
        #expect(shell.session.execute(line: "y = [UIView") == .needsMore)
        #expect(shell.session.execute(line: "   nosuch 3]") == .done)
        #expect(shell.session.lastStatementOutput.first?.hasPrefix("error: line 2, column 11: ") == true)
    }

    @Test func categoriesAndProtocols() throws {
        let shell = try ShellHarness()
        shell.run("""
            @protocol MMGreeter <NSObject>
            - (NSString *)greet;
            @optional
            - (void)wave;
            @end
            @implementation UIViewController (Greeting)
            - (NSString *)greet { return @"hello"; }
            @end
            """)
        #expect(shell.run("[[UIViewController new] greet]") == ["\"hello\""])
        #expect(shell.run("swizzles") == ["no changes"])
        #expect(shell.run("protocols").contains("MMGreeter <NSObject>"))
        #expect(shell.run("[[UIViewController new] conformsToProtocol:@protocol(MMGreeter)]") == ["NO"])
    }

    @Test func raisingAnErrorInAMethod() throws {
        let shell = try ShellHarness()
        shell.run("@implementation MMBroken : NSObject\n- (void)fail { @throw @\"it broke\"; }\n@end")
        let result = shell.run("[[MMBroken new] fail]")
        #expect(result == ["error: uncaught exception: it broke"])
        #expect(shell.session.failureCount == 1)
    }
    /// C and Objective-C as library code writes it: generic forward declarations, a typedef
    /// inside a method, subscripts on a class of the program's own, a pointer tested with `> 0`.
    @Test func genericForwardDeclarationsLocalTypedefsOwnSubscriptsAndPointerOrdering() throws {
        let shell = try ShellHarness()
        shell.run("""
            @class MMTask<__covariant ResultType>, MMOther;
            @interface MMBag : NSObject
            - (id)objectAtIndexedSubscript:(NSUInteger)index;
            - (id)objectForKeyedSubscript:(id)key;
            - (void)setObject:(id)object forKeyedSubscript:(id)key;
            - (NSString *)relation:(NSInteger)a to:(NSInteger)b;
            @end
            @implementation MMBag {
                NSMutableDictionary *_stored;
            }
            - (id)objectAtIndexedSubscript:(NSUInteger)index { return [NSString stringWithFormat:@"item %lu", (unsigned long)index]; }
            - (id)objectForKeyedSubscript:(id)key { return _stored[key]; }
            - (void)setObject:(id)object forKeyedSubscript:(id)key {
                if (_stored == nil) _stored = [NSMutableDictionary dictionary];
                _stored[key] = object;
            }
            - (NSString *)relation:(NSInteger)a to:(NSInteger)b {
                typedef NS_ENUM(NSUInteger, MMRelation) { MMRelationBefore, MMRelationSame, MMRelationAfter };
                MMRelation relation = a < b ? MMRelationBefore : a == b ? MMRelationSame : MMRelationAfter;
                return @[@"before", @"same", @"after"][relation];
            }
            @end
            """)
        #expect(shell.run("MMBag *bag = [MMBag new]; bag[3]", "bag[@\"k\"] = @7; bag[@\"k\"]", "[bag relation:2 to:1]") == ["\"item 3\"", "7", "\"after\""])
        #expect(shell.run("NSArray *items = @[]; items > 0", "bag > 0 && !(bag <= 0)", "nil > 0") == ["YES", "YES", "NO"])
        #expect(shell.run("[NSObject new][0]").first?.contains("-[NSObject objectAtIndexedSubscript:]: unrecognized selector") == true)
    }
    /// The C library as tested code calls it: clearing a struct through a pointer, the
    /// classification macros, <tgmath.h>'s forms, and an unnamed array type as a parameter.
    @Test func memsetClassificationTypeGenericMathAndArrayParameters() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMSource : NSObject
            - (NSUInteger)countByEnumeratingWithState:(NSFastEnumerationState *)state objects:(__unsafe_unretained id [])buffer count:(NSUInteger)length;
            @end
            @implementation MMSource
            - (NSUInteger)countByEnumeratingWithState:(NSFastEnumerationState *)state objects:(__unsafe_unretained id [])buffer count:(NSUInteger)length { return 0; }
            @end
            """)
        #expect(shell.run(
            "CGRect r = CGRectMake(1, 2, 3, 4); memset(&r, 0, sizeof(r)); r", "int n = 5; bzero(&n, sizeof(n)); n",
            "isnan(0.0 / 0.0) && isinf(1.0 / 0.0) && !isfinite(1.0 / 0.0) && signbit(-2.0)", "__tg_floor(2.7) + __tg_pow(2, 3)",
            "[MMSource instancesRespondToSelector:@selector(countByEnumeratingWithState:objects:count:)]"
        ) == ["{{0, 0}, {0, 0}}", "0", "YES", "10.0", "YES"])
        #expect(shell.run("memset(&n, 1, sizeof(n))").first?.contains("memset takes a pointer, 0 and a size") == true)
    }
    /// A class property declares class methods the class writes itself; an instance
    /// property of the same name is another thing.
    @Test func classPropertiesAreTheClassMethodsBesideInstanceProperties() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMLog : NSObject
            @property (class, nonatomic, copy, readonly) NSArray *allLoggers;
            @property (nonatomic, copy, readonly) NSArray *allLoggers;
            @property (class, nonatomic) NSInteger level;
            @end
            @implementation MMLog
            static NSInteger MMLevel = 3;
            + (NSArray *)allLoggers { return @[@"class"]; }
            - (NSArray *)allLoggers { return @[@"instance"]; }
            + (NSInteger)level { return MMLevel; }
            + (void)setLevel:(NSInteger)level { MMLevel = level; }
            @end
            """)
        #expect(shell.run("MMLog.allLoggers", "[MMLog new].allLoggers", "MMLog.level = 5; MMLog.level", "[MMLog instancesRespondToSelector:@selector(level)]")
            == ["@[\"class\"]", "@[\"instance\"]", "5", "NO"])
    }
    /// C as libraries write it: variadic functions read with `va_arg`, C string functions,
    /// an `extern` declaration in a body, a deprecated enum constant, infinities, and
    /// numbers that are values.
    @Test func variadicFunctionsCStringsExternsAndNumbersAsValues() throws {
        let shell = try ShellHarness()
        shell.run("""
            int mm_sum(int count, ...) { va_list args; va_start(args, count); int total = 0; for (int i = 0; i < count; i++) total += va_arg(args, int); va_end(args); return total; }
            NSString *mm_join(NSString *first, ...) {
                va_list args; va_start(args, first);
                NSMutableArray *all = [NSMutableArray arrayWithObject:first];
                NSString *next;
                while ((next = va_arg(args, NSString *))) [all addObject:next];
                va_end(args);
                return [all componentsJoinedByString:@","];
            }
            int mm_plain(int a) { va_list args; va_start(args, a); return 0; }
            typedef NS_ENUM(NSInteger, MMLocation) { MMLocationTop, MMLocationUp __deprecated_enum_msg("Use MMLocationTop.") = MMLocationTop };
            @implementation MMFlusher : NSObject
            - (int)flush { extern void __gcov_flush(void); extern int mm_counter; return 3; }
            @end
            """)
        #expect(shell.run(
            "mm_sum(3, 1, 2, 3)", "mm_sum(0)", "mm_join(@\"a\", @\"b\", @\"c\", nil)", "MMLocationUp == MMLocationTop", "[[MMFlusher new] flush]",
            "strcmp(@encode(id), \"@\") == 0 && strcmp(\"a\", \"b\") < 0 && strncmp(\"MMView\", \"MMCell\", 2) == 0 && strcasecmp(\"Abc\", \"aBC\") == 0",
            "strlen(\"héllo\")", "strstr(\"hello world\", \"wor\")", "strstr(\"abc\", \"x\") == NULL",
            "INFINITY > DBL_MAX && isnan(NAN) && isinf(HUGE_VAL)",
            "[@10.5 isKindOfClass:[NSValue class]] && [NSNumber superclass] == [NSValue class]", "[@2.5 objCType]"
        ) == ["6", "0", "\"a,b,c\"", "YES", "3", "YES", "6", "\"world\"", "YES", "YES", "YES", "\"d\""])
        #expect(shell.run("mm_plain(1)").first?.contains("va_start reads the arguments after '...' of a method or function declared with ', ...'") == true)
        #expect(shell.run("mm_sum()").first?.contains("takes 1 argument") == true)
    }

    /// A block literal whose parameters end in `, ...` takes more arguments, which its
    /// `va_start` reads: a logging library's handler block, called by its macros.
    @Test func variadicBlocksReadTheirExtraArguments() throws {
        let shell = try ShellHarness()
        shell.run("""
            typedef NSString *(^MMLogBlock)(NSUInteger level, NSString *format, ...);
            MMLogBlock MMLogHandler = ^NSString *(NSUInteger level, NSString *format, ...) {
                va_list args;
                va_start(args, format);
                NSString *message = [[NSString alloc] initWithFormat:format arguments:args];
                va_end(args);
                return [NSString stringWithFormat:@"%lu %@", (unsigned long)level, message];
            };
            """)
        #expect(shell.run(
            "MMLogHandler(3, @\"%@ and %d\", @\"one\", 2)", "MMLogHandler(1, @\"plain\")",
            "int (^sum)(int, ...) = ^int(int count, ...) { va_list a; va_start(a, count); int t = 0; for (int i = 0; i < count; i++) t += va_arg(a, int); va_end(a); return t; };",
            "sum(3, 1, 2, 3)"
        ) == ["\"3 one and 2\"", "\"1 plain\"", "6"])
        // A block that is not variadic still takes only its own arguments.
        #expect(shell.run("^(int x) { return x; }(1, 2)").first == "error: line 1, column 23: the block takes 1 argument but was called with 2")
    }

    /// `@encode(typeof(x))` boxes a value as Masonry's `MASBoxValue` does: a literal's or a
    /// cast's type as written, anything else by the value it has when run.
    @Test func encodeOfTypeofBoxesByTheValuesType() throws {
        let shell = try ShellHarness()
        shell.run("""
            static inline id mm_box(const char *type, ...) {
                va_list v; va_start(v, type);
                id box = nil;
                if (strcmp(type, @encode(id)) == 0) { box = va_arg(v, id); }
                else if (strcmp(type, @encode(CGPoint)) == 0) { CGPoint p = va_arg(v, CGPoint); box = [NSValue valueWithCGPoint:p]; }
                else if (strcmp(type, @encode(double)) == 0) { box = [NSNumber numberWithDouble:va_arg(v, double)]; }
                else if (strcmp(type, @encode(int)) == 0) { box = [NSNumber numberWithInt:va_arg(v, int)]; }
                else if (strcmp(type, @encode(long)) == 0) { box = [NSNumber numberWithLong:va_arg(v, long)]; }
                va_end(v);
                return box;
            }
            #define MMBox(value) mm_box(@encode(__typeof__((value))), (value))
            @interface MMBoxed : NSObject
            @property (nonatomic) CGFloat inset;
            @end
            @implementation MMBoxed
            - (NSArray *)boxes { NSInteger count = 3; self.inset = 2.5; return @[MMBox(10), MMBox(count), MMBox(self.inset), MMBox(CGPointMake(1, 2)), MMBox(@"text"), MMBox((CGFloat)4)]; }
            @end
            """)
        #expect(shell.run(
            "[[MMBoxed new] boxes]", "@encode(typeof(10))", "@encode(__typeof__((CGFloat)1))", "@encode(typeof(UIView *))",
            "NSInteger n = 1; @encode(typeof(n))", "@encode(typeof(CGRectZero))"
        ) == [
            "@[10, 3, 2.5, <NSValue: 0x2>, \"text\", 4.0]", "\"i\"", "\"d\"", "\"@\\\"UIView\\\"\"", "\"q\"",
            "\"{CGRect={CGPoint=dd}{CGSize=dd}}\"",
        ])
    }

    /// A type name with constant array sizes is an array type (`sizeof(char[16])`,
    /// `@encode(double[4])`); one without a size is a pointer, as a parameter takes it. A
    /// struct read as an array, as Expecta reads a CGRect passed to it (`(double *)va_arg(v,
    /// double[4])`), is its fields' values in order.
    /// A typedef may name a struct whose fields are not known, an opaque handle's type
    /// (`typedef struct sqlite3_stmt sqlite3_stmt;`, Parse's SQLite statements), used
    /// through pointers; a struct named without `*` or a typedef is still refused, and a
    /// typedef's struct's fields must be complete.
    @Test func aTypedefMayNameAStructWhoseFieldsAreNotKnown() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "typedef struct mm_stmt mm_stmt; typedef struct mm_db *mm_db_ref;",
            "mm_stmt *statement = NULL; mm_db_ref db = NULL; @[@(statement == NULL), @(db == NULL)]"
        ) == ["@[YES, YES]"])
        #expect(shell.run("struct mm_unknown value;").first?.hasSuffix("unknown struct 'mm_unknown'; define it first with its fields") == true)
        #expect(shell.run("typedef struct { struct mm_missing inner; } mm_outer;").first?.hasSuffix("unknown struct 'mm_missing'; define it first with its fields") == true)
    }

    @Test func arrayTypeNamesAndAStructReadAsAnArray() throws {
        let shell = try ShellHarness()
        shell.run("""
            static double mm_sum(const char *type, ...) {
                va_list v; va_start(v, type);
                double *values = (double *)va_arg(v, double[4]);
                va_end(v);
                return values[0] + values[1] + values[2] + values[3];
            }
            """)
        #expect(shell.run(
            "@[@(sizeof(double[4])), @(sizeof(char[2][3])), @(@encode(double[4])), @(@encode(id []))]",
            "mm_sum(@encode(CGRect), CGRectMake(1, 2, 3, 4))", "(float[2])CGPointMake(5, 6)", "(CGFloat[2]){0, 1}"
        ) == ["@[32, 6, \"[4d]\", \"^@\"]", "10.0", "@[5.0, 6.0]", "@[0.0, 1.0]"])
        #expect(shell.run("(double[5])CGRectZero").first == "error: line 1, column 1: the cast holds 5 values, so it cannot store a CGRect of 4")
    }

    /// A program's own prototype of a function rtsh provides (a test helper's header
    /// declaring libdispatch's private `dispatch_benchmark`) calls rtsh's; a prototype of
    /// one nothing defines is still an error where it is called.
    @Test func aPrototypeOfAProvidedFunctionCallsIt() throws {
        let shell = try ShellHarness()
        shell.run("extern uint64_t dispatch_benchmark(size_t count, void (^block)(void));\nextern int mm_missing(int value);")
        #expect(shell.run("dispatch_benchmark(2, ^{ })") == ["0"])
        #expect(shell.run("mm_missing(1)").first == "error: line 1, column 1: the function mm_missing is declared at line 1, column 12 but defined in none of the sources loaded")
    }

    /// An ordering of an unsigned variable compares as C compares unsigned integers, so a
    /// loop up to `NSUIntegerMax` runs (ReactiveObjC's `stepAll`), as does one to a count.
    @Test func orderingsOfUnsignedIntegersCompareUnsigned() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSUInteger limit = NSUIntegerMax; int steps = 0; for (NSUInteger i = 0; i < limit; i++) { if (++steps == 3) break; } steps",
            "NSUInteger none = 0; @[@(none < limit), @(limit > 5), @(limit >= none)]",
            "NSInteger below = -1; @[@(below < 0), @(below < 5)]"
        ) == ["3", "@[YES, YES, YES]", "@[YES, YES]"])
    }

    /// A block's parameter declared as an object is tested as one: `@0` is an object, not
    /// nil, however its number reads (ReactiveObjC's `x ?: nilValue`).
    @Test func aBlocksObjectParameterIsTestedAsAnObject() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "id (^orNone)(id) = ^(id x) { return x ?: @\"none\"; }; @[orNone(@0), orNone(nil), orNone(@NO)]",
            "NSString * (^which)(id, NSInteger) = ^(id x, NSInteger n) { return [NSString stringWithFormat:@\"%@ %@\", x ? @\"object\" : @\"nil\", n ? @\"some\" : @\"zero\"]; }; which(@0, 0)"
        ) == ["@[0, \"none\", NO]", "\"object zero\""])
        // A boxed literal is an object too: `@NO ?: x` is `@NO`, as RACTuplePack boxes its values.
        #expect(shell.run(
            "@[@NO ?: @\"f\", @0 ?: @\"f\", @(0) ?: @\"f\", @0.0 ?: @\"f\", @YES, @-1, @1.5]"
        ) == ["@[NO, 0, 0, 0.0, YES, -1, 1.5]"])
        // A property read with a dot is tested as its receiver's getter answers: an object's
        // (`@NO` held) is there, a BOOL's is its truth, though another class's getter of the
        // same name answers an object (OCMockito's `capture`).
        shell.run("""
            @interface MMHeld : NSObject
            @property (nonatomic, strong) id last;
            @property (nonatomic) BOOL capture;
            @end
            @implementation MMHeld
            - (NSString *)state { return !self.capture ? @"not captured" : @"captured"; }
            @end
            """)
        #expect(shell.run(
            "MMHeld *held = [MMHeld new]; held.last = @NO; @[held.last ?: @\"none\", held.state, @(held.capture ?: 5)]"
        ) == ["@[NO, \"not captured\", 5]"])
        // A getter the model lacks tells by its value: a stand-in's NO is false (TOCropView's isZooming).
        #expect(shell.run("UIScrollView *scroll = [UIScrollView new]; (scroll.isDragging || scroll.isZooming) ? @\"moving\" : @\"still\"").first == "\"still\"")
        // An element of a collection in an object variable or ivar is an object: an `@NO`
        // entry is there (AppAuth's `if (!_discoveryDictionary[key]) return YES;`); a C
        // array's element is a C value.
        shell.run("""
            static NSString *const MMSupportedKey = @"supported";
            @interface MMSettings : NSObject {
                NSDictionary *_values;
                int _counts[2];
            }
            @end
            @implementation MMSettings
            - (instancetype)init { self = [super init]; _values = @{MMSupportedKey: @NO}; return self; }
            - (BOOL)supported { if (!_values[MMSupportedKey]) { return YES; } return [_values[MMSupportedKey] boolValue]; }
            - (NSString *)counted { return _counts[1] ? @"counted" : @"none"; }
            @end
            """)
        #expect(shell.run(
            "MMSettings *settings = [MMSettings new]; @[@(settings.supported), settings.counted]",
            "NSArray *flags = @[@NO]; int bits[1] = {0}; @[flags[0] ? @\"there\" : @\"absent\", bits[0] ? @\"set\" : @\"clear\"]"
        ) == ["@[NO, \"none\"]", "@[\"there\", \"clear\"]"])
    }

    /// Clang's version macros (ReactiveObjC's `RACObserve` picks its definition by
    /// `__clang_major__`), a `#pragma` inside a macro's arguments, a variable measured in
    /// its own initializer, and `_Complex` types encoded as clang encodes them.
    @Test func clangsVersionPragmasInMacroArgumentsAndSelfMeasuringInitializers() throws {
        let shell = try ShellHarness()
        shell.run("""
            #define MM_TWICE(block) ({ id b = (block); @[b, b]; })
            #if __clang__ && (__clang_major__ >= 8)
            #define MM_CLANG_IS_RECENT 1
            #else
            #define MM_CLANG_IS_RECENT 0
            #endif
            """)
        #expect(shell.run(
            "MM_CLANG_IS_RECENT",
            """
            NSArray *pair = MM_TWICE(^{
                #pragma clang diagnostic push
                #pragma clang diagnostic ignored "-Warc-performSelector-leaks"
                return @"ok";
                #pragma clang diagnostic pop
            }); pair.count
            """,
            "id *values = (id *)calloc(4, sizeof(*values)); sizeof(*values)",
            "@[@(@encode(_Complex float)), @(@encode(_Complex double))]"
        ) == ["1", "2", "8", "@[\"jf\", \"jd\"]"])
    }

    /// `<inttypes.h>`'s format macros join the strings around them, `<sys/types.h>`'s
    /// System V names, ids (`uid_t`) and Darwin names (`__uint8_t`) and Mach's `boolean_t` are types, and `for (item in ...)` with `item`
    /// declared before assigns it, even where `item in` could start a declaration.
    @Test func formatMacrosSystemVTypesAndAForInOverADeclaredVariable() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "uint64_t big = 255; [NSString stringWithFormat:@\"0x%\" PRIx64 \" %\" PRId32 \" %\" PRIu8, big, (int32_t)-3, (uint8_t)7]",
            "@[@((uint)3.7), @((ushort)65537), @(sizeof(boolean_t)), @((intmax_t)-5), @((cpu_subtype_t)2)]",
            "NSString *item; NSMutableString *all = [NSMutableString string]; for (item in @[@\"a\", @\"b\"]) [all appendString:item]; [all copy]"
        ) == ["\"0xff -3 7\"", "@[3, 1, 4, -5, 2]", "\"ab\""])
        // Its ids and the Darwin names behind them, as a logger or a socket client declares them.
        #expect(shell.run(
            "uid_t const reader = geteuid(); reader",
            "@[@((__uint8_t)257), @((__darwin_time_t)5), @(sizeof(suseconds_t)), @((gid_t)-1 > 0), @((__int16_t)40000)]"
        ) == ["501", "@[1, 5, 4, YES, -25536]"])
    }

    /// A scalar's compound literal is its value converted (OCMock's
    /// `OCMOCK_VALUE((NSUInteger){3})`); empty braces are its zero.
    @Test func aScalarCompoundLiteralIsItsValue() throws {
        let shell = try ShellHarness()
        #expect(shell.run("@[@((NSUInteger){3}), @((CGFloat){2.5}), @((int){}), @((BOOL){1}), @((int){7.9})]") == ["@[3, 2.5, 0, YES, 7]"])
    }

    /// Braces after a parenthesized lowercase type name are a compound literal: a typedef's
    /// struct is made, and a type from a library the tree lacks (Accelerate's
    /// `vImage_CGImageFormat`, as SDWebImage makes one) leaves the method loaded, failing
    /// only where it runs.
    @Test func aLowercaseTypesCompoundLiteralIsOne() throws {
        let shell = try ShellHarness()
        let loaded = shell.run("""
            typedef struct { int version; void *decode; } mm_format;
            @implementation MMFormats : NSObject
            + (int)version { mm_format f = (mm_format) { .version = 3, .decode = NULL }; return f.version; }
            + (int)scaled:(BOOL)scale { if (scale) { vImage_CGImageFormat format = (vImage_CGImageFormat) { .version = 0 }; } return 1; }
            @end
            """)
        #expect(loaded.isEmpty)
        #expect(shell.run("[MMFormats version]", "[MMFormats scaled:NO]") == ["3", "1"])
        #expect(shell.run("[MMFormats scaled:YES]").first?.contains("an initializer in braces needs a struct type") == true)
    }

    /// A message to nil returns the zero of the method the receiver's declared class has,
    /// not of the selector's first declaration anywhere (NSIndexPath's integer `item`).
    @Test func aMessageToANilPropertyOrIvarTakesItsReturnTypeFromTheDeclaredClass() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMAttribute : NSObject
            @property (nonatomic, strong) id item;
            @end
            @implementation MMAttribute
            @end
            @interface MMConstraint : NSObject { MMAttribute *_other; }
            @property (nonatomic, strong) MMAttribute *second;
            @end
            @implementation MMConstraint
            - (id)secondItem { UIView *item = self.second.item; return item; }
            - (id)otherItem { return [_other item]; }
            @end
            """)
        #expect(shell.run(
            "[[MMConstraint new] secondItem] == nil", "[[MMConstraint new] otherItem] == nil", "NSIndexPath *path = nil; [path item]"
        ) == ["YES", "YES", "0"])
    }

    /// `@` may end a line with its literal on the next, as clang reads it; `NSClassFromString`
    /// and `NSStringFromClass` take nil to nil; `NSAssert1`…`NSAssert5` format their arguments.
    @Test func anAtBeforeANewlineNilClassNamesAndNumberedAssertions() throws {
        let tree = try TemporaryTree([
            "MMMapper.m": """
                @implementation MMMapper : NSObject
                - (NSDictionary *)map {
                    return @
                    {
                        @"a": @
                        [@1]
                    };
                }
                - (void)check:(NSInteger)count { NSAssert2(count < 3, @"%ld of %d", (long)count, 3); }
                @end
                """,
        ])
        let shell = try ShellHarness()
        _ = shell.run("source \(tree.root.path)")
        #expect(shell.session.failureCount == 0)
        #expect(shell.run("[[MMMapper new] map]", "NSClassFromString(nil) == nil && NSStringFromClass(nil) == nil", "NSClassFromString(@\"MMMapper\")")
            == ["@{\"a\": @[1]}", "YES", "MMMapper"])
        #expect(shell.run("[[MMMapper new] check:5]").first?.contains("5 of 3") == true)
    }
}
