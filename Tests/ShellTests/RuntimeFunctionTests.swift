import Shell
import Testing

/// The Objective-C runtime's C API, as the seed articles' test code calls it.
@Suite("The runtime's C functions")
struct RuntimeFunctionTests {
    /// A controller with a method and a probe to swizzle it with.
    private static let login = """
        @interface MMLogin : UIViewController
        @end
        @implementation MMLogin
        - (void)viewDidLoad { [super viewDidLoad]; NSLog(@"original"); }
        - (void)probe_viewDidLoad { NSLog(@"probe"); [self probe_viewDidLoad]; }
        @end
        """

    /// What swizzling libraries (JRSwizzle, BlocksKit, KIF) call: `objc_msgSendSuper`
    /// through the function-pointer cast strict prototypes require, the IMP a class would
    /// run, a protocol's method declarations, and the modern runtime's version macro.
    @Test func superSendsImplementationsAndProtocolDeclarationsThroughTheCAPI() throws {
        let shell = try ShellHarness()
        shell.run("""
            @protocol MMSource <NSObject>
            - (NSInteger)count;
            @optional
            + (NSString *)title;
            @end
            @interface MMBase : NSObject
            @end
            @implementation MMBase
            - (NSString *)who { return @"base"; }
            @end
            @interface MMLeaf : MMBase
            @end
            @implementation MMLeaf
            - (NSString *)who { return @"leaf"; }
            - (NSString *)viaSuper {
                struct objc_super info = { self, [MMBase class] };
                return ((NSString *(*)(struct objc_super *, SEL))objc_msgSendSuper)(&info, @selector(who));
            }
            // ReactiveObjC's dealloc swizzle keeps the cast function in a variable first.
            - (NSString *)viaPointer {
                struct objc_super info = { .receiver = self, .super_class = [MMBase class] };
                NSString *(*msgSend)(struct objc_super *, SEL) = (__typeof__(msgSend))objc_msgSendSuper;
                NSString *(*plain)(id, SEL) = (__typeof__(plain))objc_msgSend;
                return [msgSend(&info, @selector(who)) stringByAppendingString:plain(self, @selector(who))];
            }
            @end
            """)
        #expect(shell.run(
            "[[MMLeaf new] viaPointer]", "[[MMLeaf new] viaSuper]", "((NSString *(*)(id, SEL))objc_msgSend)(@\"abc\", @selector(uppercaseString))",
            "class_getMethodImplementation([MMLeaf class], @selector(who)) == method_getImplementation(class_getInstanceMethod([MMLeaf class], @selector(who)))",
            "class_getMethodImplementation([MMLeaf class], @selector(nothing)) == _objc_msgForward",
            "struct objc_method_description d = protocol_getMethodDescription(@protocol(MMSource), @selector(count), YES, YES);",
            "NSStringFromSelector(d.name)", "d.types",
            "NSStringFromSelector(protocol_getMethodDescription(@protocol(MMSource), @selector(title), NO, NO).name)",
            "protocol_getMethodDescription(@protocol(MMSource), @selector(title), YES, NO).name == NULL",
            "OBJC_API_VERSION"
        ) == ["\"baseleaf\"", "\"base\"", "\"ABC\"", "YES", "YES", "\"count\"", "\"q@:\"", "\"title\"", "YES", "2"])
        // A lookup that starts outside the receiver's superclasses is refused, naming both.
        let errors = shell.run("struct objc_super other = { [MMLeaf new], [NSString class] };", "objc_msgSendSuper(&other, @selector(who))")
        #expect(errors.contains { $0.contains("the lookup cannot start at 'NSString': an instance of 'MMLeaf' inherits nothing from it") }, "\(errors)")
    }

    /// A protocol's own declarations by section and kind (its properties' accessors among
    /// them), the protocols it inherits and those a class adopts, as a multicast delegate or
    /// a forwarding proxy lists them; NULL and a count of 0 for none, as objc4 answers.
    @Test func protocolsListTheirMethodsAndTheProtocolsTheyAdopt() throws {
        let shell = try ShellHarness()
        shell.run("""
            @protocol MMBase <NSObject>
            - (void)base;
            @end
            @protocol MMSource <MMBase>
            @property (nonatomic, readonly) NSInteger count;
            - (NSString *)titleAt:(NSInteger)index;
            + (instancetype)shared;
            @optional
            - (void)refresh;
            @end
            @interface MMList : NSObject <MMSource, NSCopying>
            @end
            @implementation MMList
            @end
            """)
        #expect(shell.run(
            "unsigned int count = 0; struct objc_method_description *list = protocol_copyMethodDescriptionList(@protocol(MMSource), YES, YES, &count); count",
            "@[NSStringFromSelector(list[0].name), NSStringFromSelector(list[1].name), [NSString stringWithUTF8String:list[1].types]]",
            "protocol_copyMethodDescriptionList(@protocol(MMSource), YES, NO, &count) != NULL && count == 1",
            "protocol_copyMethodDescriptionList(@protocol(MMSource), NO, NO, &count) == NULL && count == 0",
            "free(list);",
            "Protocol * __unsafe_unretained *adopted = class_copyProtocolList([MMList class], &count); @[@(count), NSStringFromProtocol(adopted[0]), NSStringFromProtocol(adopted[1])]",
            "NSStringFromProtocol(protocol_copyProtocolList(@protocol(MMSource), &count)[0])",
            "class_copyProtocolList(Nil, &count) == NULL && count == 0"
        ).filter { !$0.isEmpty } == ["2", #"@["count", "titleAt:", "@@:q"]"#, "YES", "YES", #"@[2, "MMSource", "NSCopying"]"#, "\"MMBase\"", "YES"])
    }

    /// The process and the device as the system's functions answer, agreeing with
    /// NSProcessInfo and the model's iPhone 8: `sysctlbyname` fills a buffer or an integer,
    /// tells the size a NULL buffer needs, and refuses an unknown name or a small buffer
    /// with `errno`, as the real one does.
    @Test func theProcessAndTheDeviceAnswerAsTheModelsIPhone() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "@[@(getpid()), @(getppid()), @(getuid()), @(geteuid()), @(getgid()), @(getprogname()), @(__builtin_expect(7, 0))]",
            "size_t size = 0; sysctlbyname(\"hw.machine\", NULL, &size, NULL, 0);", "size",
            "char machine[32]; sysctlbyname(\"hw.machine\", machine, &size, NULL, 0);", "@(machine)",
            "int cpus = 0; size_t length = sizeof(cpus); @[@(sysctlbyname(\"hw.ncpu\", &cpus, &length, NULL, 0)), @(cpus)]",
            "@[@(sysctlbyname(\"no.such\", NULL, &size, NULL, 0)), @(errno)]",
            "char small[2]; size_t two = 2; @[@(sysctlbyname(\"kern.osversion\", small, &two, NULL, 0)), @(errno)]"
        ) == ["@[1, 0, 501, 501, 501, \"rtsh\", 7]", "0", "11", "0", "\"iPhone10,4\"", "@[0, 2]", "@[-1, 2]", "@[-1, 12]"])
        #expect(shell.run("[NSProcessInfo processInfo].processIdentifier == getpid()") == ["YES"])
        // `uname`, as a device-model helper reads the machine.
        #expect(shell.run(
            "struct utsname systemInfo; uname(&systemInfo)",
            "@[[NSString stringWithCString:systemInfo.machine encoding:NSUTF8StringEncoding], @(systemInfo.sysname), @(sizeof(struct utsname))]"
        ) == ["0", #"@["iPhone10,4", "Darwin", 1280]"#])
        // `sysctl` by number: the device's names, and a process's kinfo_proc, with no debugger attached (Apple's QA1361 check).
        #expect(shell.run(
            "int mib[4] = {CTL_KERN, KERN_PROC, KERN_PROC_PID, getpid()}; struct kinfo_proc info; info.kp_proc.p_flag = 0; size_t infoSize = sizeof(info);",
            "@[@(sysctl(mib, 4, &info, &infoSize, NULL, 0)), @((info.kp_proc.p_flag & P_TRACED) != 0), @(info.kp_proc.p_pid)]",
            "int hw[2] = {CTL_HW, HW_MACHINE}; char model[32]; size_t modelSize = sizeof(model); (void)sysctl(hw, 2, model, &modelSize, NULL, 0); @(model)",
            "int unknown[2] = {CTL_HW, 999}; @[@(sysctl(unknown, 2, model, &modelSize, NULL, 0)), @(errno)]",
            // ResearchKit's device record reads `HW_PRODUCT` and names the levels from `<sys/sysctl.h>`'s tables.
            "int product[2] = {CTL_HW, HW_PRODUCT}; modelSize = sizeof(model); (void)sysctl(product, 2, model, &modelSize, NULL, 0); @(model)",
            "struct ctlname levels[] = CTL_NAMES; struct ctlname hardware[] = CTL_HW_NAMES; @[@(levels[CTL_HW].ctl_name), @(hardware[HW_PRODUCT].ctl_name), @(hardware[HW_NCPU].ctl_type == CTLTYPE_INT)]",
            "@[@(sysctl(product, 2, model, &modelSize, NULL, 0) == KERN_SUCCESS), @(KERN_FAILURE)]",
            "int build[2] = {CTL_KERN, KERN_OSVERSION}; modelSize = sizeof(model); (void)sysctl(build, 2, model, &modelSize, NULL, 0); struct ctlname kernel[] = CTL_KERN_NAMES; @[@(model), @(kernel[KERN_OSTYPE].ctl_name)]"
        ) == ["@[0, NO, 1]", "\"iPhone10,4\"", "@[-1, 2]", "\"iPhone10,4\"", "@[\"hw\", \"product\", YES]", "@[YES, 5]", "@[\"21A329\", \"ostype\"]"])
    }

    /// C's spellings of its types: `short int`, `unsigned short int`, `long int`, and
    /// `register` variables (flex's generated scanners declare theirs so).
    @Test func cTypesSpelledOutAndRegisterVariables() throws {
        let shell = try ShellHarness()
        // A parameter of function type, its name in parentheses, is a function pointer
        // (ResearchKit's `ORKAdjustToScale(CGFloat (adjustFunction)(CGFloat), ...)`).
        shell.run("static double mm_apply(double (adjust)(double), double v) { return adjust(v); }", "static double mm_twice(double x) { return 2 * x; }")
        #expect(shell.run("mm_apply(mm_twice, 1.5)") == ["3.0"])
        #expect(shell.run(
            "short int a = 3; unsigned short int b = 4; long int c = 5; register int d = 6; unsigned long int e = 7; long long int g = 8;",
            "@[@(a), @(b), @(c), @(d), @(e), @(g), @(sizeof(short int)), @(sizeof(unsigned short int))]",
            "int (^sum)(void) = ^{ register int total = 0; register int i; for (i = 0; i < 4; i++) total += i; return total; }; sum()"
        ) == ["@[3, 4, 5, 6, 7, 8, 2, 2]", "6"])
    }

    /// `printf` and the other stream functions write to the console a line at a time:
    /// text short of a newline waits for the rest of its line, `fflush`, or the end of the
    /// input (or of the test) that wrote it; a stream that is not `stdout` or `stderr` is
    /// refused.
    @Test func printfWritesLinesToTheConsole() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "(void)printf(\"%d items\\n\", 3);", "(void)fprintf(stderr, \"failed: %s\\n\", \"disk\");",
            "(void)printf(\"a\"); (void)fputs(\"b\", stdout); (void)putchar('c'); (void)puts(\"d\");", "(void)fputc('e', stderr); (void)fflush(NULL);",
            "(void)printf(\"no newline\");"
        ) == ["3 items", "failed: disk", "abcd", "e", "no newline"])
        #expect(shell.run("fprintf(3, \"x\")").first?.contains("fprintf takes a stream and a format with its values") == true)
    }

    /// `access`, `unlink`, `rmdir`, `remove`, `open` and `close` work on the app's
    /// container, as `NSFileManager` does, with the C library's `errno` for what fails.
    @Test func thePathFunctionsWorkOnTheContainer() throws {
        let shell = try ShellHarness()
        shell.run("""
            NSString *folder = [NSTemporaryDirectory() stringByAppendingPathComponent:@"cache"];
            [[NSFileManager defaultManager] createDirectoryAtPath:folder withIntermediateDirectories:YES attributes:nil error:NULL];
            NSString *file = [folder stringByAppendingPathComponent:@"entry"];
            [@"data" writeToFile:file atomically:YES encoding:NSUTF8StringEncoding error:NULL];
            """)
        #expect(shell.run(
            "@[@(access(file.UTF8String, F_OK)), @(unlink(folder.UTF8String)), @(errno), @(rmdir(folder.UTF8String)), @(errno)]",
            "@[@(rmdir(file.UTF8String)), @(errno), @(unlink(file.UTF8String)), @(access(file.UTF8String, R_OK | W_OK)), @(errno)]",
            "@[@(remove(folder.UTF8String)), @([[NSFileManager defaultManager] fileExistsAtPath:folder]), @(remove(\"/etc/hosts\")), @(errno)]"
        ) == ["@[0, -1, 1, -1, 66]", "@[-1, 20, 0, -1, 2]", "@[0, NO, -1, 1]"])
        // `open` gives a descriptor for what is there, or what O_CREAT makes, numbered with
        // file handles' (ResearchKit's data logger watches its folder through one); `close`
        // lets it go.
        #expect(shell.run(
            "int watched = open(NSTemporaryDirectory().fileSystemRepresentation, O_EVTONLY); NSFileHandle *handle = [NSFileHandle fileHandleForReadingAtPath:@\"Package.swift\"]; @[@(watched), @(handle.fileDescriptor)]",
            "@[@(close(watched)), @(close(watched)), @(errno), @(open(\"/no/such/file\", O_RDONLY)), @(errno)]",
            "NSString *made = [NSTemporaryDirectory() stringByAppendingPathComponent:@\"made.txt\"]; @[@(open(made.UTF8String, O_CREAT | O_WRONLY | O_EXLOCK | O_NONBLOCK, S_IRUSR | S_IWUSR) > 2), @([[NSFileManager defaultManager] fileExistsAtPath:made]), @(open(\"/etc/made\", O_CREAT, 0644)), @(errno)]"
        ) == ["@[3, 4]", "@[0, -1, 9, -1, 2]", "@[YES, YES, -1, 13]"])
    }

    /// System sounds play nothing: a sound's ID is its file's, the same on every run, and
    /// a completion runs at the next turn of the main queue.
    @Test func systemSoundsAreMadePlayedAndDisposed() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "SystemSoundID sound = 0; OSStatus made = AudioServicesCreateSystemSoundID((__bridge CFURLRef)[NSURL fileURLWithPath:@\"/tap.caf\"], &sound); @[@(made), @(sound > kSystemSoundID_Vibrate)]",
            "SystemSoundID again = 0; (void)AudioServicesCreateSystemSoundID((__bridge CFURLRef)[NSURL fileURLWithPath:@\"/tap.caf\"], &again); @(again == sound)",
            "__block BOOL played = NO; AudioServicesPlaySystemSoundWithCompletion(sound, ^{ played = YES; }); AudioServicesPlaySystemSound(kSystemSoundID_Vibrate); played",
            "@[@(played), @(AudioServicesDisposeSystemSoundID(sound)), @(AudioServicesCreateSystemSoundID(NULL, &sound))]"
        ) == ["@[0, YES]", "YES", "NO", "@[YES, 0, -50]"])
    }

    @Test func theCharacterTestsAndMachTimeAreTheCLibrarys() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "isdigit('7') + isalpha('7') * 2 + isspace('\\t') * 4 + isxdigit('F') * 8 + ispunct('a') * 16", "toupper('a') == 'A'", "tolower('Q') == 'q'",
            "toupper('1') == '1'", "mach_timebase_info_data_t base; mach_timebase_info(&base); base.numer * 10 + base.denom",
            "uint64_t start = mach_absolute_time();", "advance 2", "mach_absolute_time() - start",
            "void (^handler)(void) = ^{ NSLog(@\"ran\"); };", "Block_copy(handler)(); Block_release(handler);"
        // Reading the time took a microsecond (VirtualClock.readingTime), as on a device.
        ) == ["13", "YES", "YES", "YES", "0", "11", "advanced 2 s to 2.000001 s: nothing was due", "2000001000", "ran"])
        // No environment variable is set, on any machine; a test runner's check picks its default.
        #expect(shell.run("getenv(\"HOME\") == NULL", "getenv(\"GHUNIT_CLI\") ? 1 : 2") == ["YES", "2"])
        // Clang's bit counting, as KVOController enumerates its option flags with it.
        #expect(shell.run("@[@(__builtin_ctzl(8)), @(__builtin_clz(1)), @(__builtin_clzl(1)), @(__builtin_popcount(7)), @(__builtin_ctz(0))]") == ["@[3, 31, 63, 3, 32]"])
    }

    @Test func exchangingImplementationsGoesInTheLedgerAndRestoreUndoesIt() throws {
        let shell = try ShellHarness()
        shell.run(Self.login)
        #expect(shell.run("""
            Method original = class_getInstanceMethod([MMLogin class], @selector(viewDidLoad));
            Method swizzled = class_getInstanceMethod([MMLogin class], @selector(probe_viewDidLoad));
            original
            method_exchangeImplementations(original, swizzled);
            [[MMLogin new] viewDidLoad];
            """) == ["<Method -[MMLogin viewDidLoad]>", "probe", "original"])
        #expect(shell.run("swizzles") == ["#1 exchange -[MMLogin viewDidLoad] with -[MMLogin probe_viewDidLoad]"])
        #expect(shell.run("restore", "[[MMLogin new] viewDidLoad];", "swizzles") == [
            "restored #1 exchange -[MMLogin viewDidLoad] with -[MMLogin probe_viewDidLoad]", "original", "no changes",
        ])
    }

    @Test func aMethodAddedWithABlockRunsWithSelfFirstAndIsInTheLedger() throws {
        let shell = try ShellHarness()
        shell.run(Self.login)
        #expect(shell.run("""
            BOOL added = class_addMethod([MMLogin class], @selector(testGreeting:), imp_implementationWithBlock(^(id self, NSString *name) { return [NSString stringWithFormat:@"%@ greets %@", NSStringFromClass([self class]), name]; }), "@@:@");
            added
            [[MMLogin new] testGreeting:@"Ada"]
            class_addMethod([MMLogin class], @selector(testGreeting:), imp_implementationWithBlock(^(id self, id name) { return nil; }), "@@:@")
            class_respondsToSelector([MMLogin class], @selector(testGreeting:))
            """) == ["YES", "\"MMLogin greets Ada\"", "NO", "YES"])
        #expect(shell.run("swizzles") == ["#1 add -[MMLogin testGreeting:]"])
        #expect(shell.run("restore", "class_respondsToSelector([MMLogin class], @selector(testGreeting:))") == [
            "restored #1 add -[MMLogin testGreeting:]", "NO",
        ])
    }

    @Test func theMethodListIsIndexedWithItsCountOutParameter() throws {
        let shell = try ShellHarness()
        shell.run(Self.login)
        #expect(shell.run("""
            unsigned int count = 0;
            Method *list = class_copyMethodList([MMLogin class], &count);
            for (unsigned int i = 0; i < count; i++) { NSLog(@"%@ %s", NSStringFromSelector(method_getName(list[i])), method_getTypeEncoding(list[i])); }
            free(list);
            count
            """) == ["probe_viewDidLoad v@:", "viewDidLoad v@:", "2"])
        // In a function, as test code writes it, with NULL for the count.
        #expect(shell.run("""
            NSArray *names(Class cls) { unsigned int n; Method *methods = class_copyMethodList(cls, &n); NSMutableArray *all = [NSMutableArray array]; for (unsigned int i = 0; i < n; i++) [all addObject:NSStringFromSelector(method_getName(methods[i]))]; free(methods); return all; }
            names([MMLogin class])
            [class_copyMethodList([MMLogin class], NULL) count]
            """) == ["<NSMutableArray: 0x1> @[\"probe_viewDidLoad\", \"viewDidLoad\"]", "2"])
    }

    @Test func implementationsAreSetReplacedAndCalledAsFunctions() throws {
        let shell = try ShellHarness()
        shell.run(Self.login)
        #expect(shell.run("""
            Method method = class_getInstanceMethod([MMLogin class], @selector(viewDidLoad));
            IMP original = method_getImplementation(method);
            original
            IMP previous = method_setImplementation(method, imp_implementationWithBlock(^(id self) { NSLog(@"replaced"); original(self, @selector(viewDidLoad)); }));
            previous == original
            [[MMLogin new] viewDidLoad];
            ((void (*)(id, SEL))original)([MMLogin new], @selector(viewDidLoad));
            """) == ["<IMP written for MMLogin>", "YES", "replaced", "original", "original"])
        #expect(shell.run("swizzles") == ["#1 set implementation of -[MMLogin viewDidLoad]"])
        // class_replaceMethod gives the class's own previous IMP, and nil for an inherited one.
        #expect(shell.run("""
            class_replaceMethod([MMLogin class], @selector(viewDidLoad), original, "v@:") != nil
            class_replaceMethod([MMLogin class], @selector(viewWillAppear:), imp_implementationWithBlock(^(id self, BOOL animated) { NSLog(@"appearing"); }), NULL)
            [[MMLogin new] viewWillAppear:NO];
            [[UIViewController new] viewWillAppear:NO];
            """) == ["YES", "nil", "appearing"])
    }

    @Test func aCFunctionCastToAnIMPReceivesSelfAndTheSelector() throws {
        let shell = try ShellHarness()
        shell.run(Self.login)
        #expect(shell.run("""
            void mm_swizzled(id self, SEL _cmd) { NSLog(@"%@ got %@", NSStringFromClass([self class]), NSStringFromSelector(_cmd)); }
            Method method = class_getInstanceMethod([MMLogin class], @selector(viewDidLoad));
            method_setImplementation(method, (IMP)mm_swizzled);
            [[MMLogin new] viewDidLoad];
            void mm_greet(id self, SEL _cmd, NSString *name) { NSLog(@"hello %@", name); }
            class_addMethod([MMLogin class], @selector(greet:), (IMP)mm_greet, "v@:@");
            [[MMLogin new] greet:@"Ada"];
            """) == ["<IMP written for MMLogin>", "MMLogin got viewDidLoad", "YES", "hello Ada"])
        // A function must take self and _cmd before the method's arguments, as an IMP does.
        #expect(shell.run("""
            void mm_short(id self) { }
            method_setImplementation(class_getInstanceMethod([MMLogin class], @selector(greet:)), (IMP)mm_short);
            """).joined(separator: "\n").contains(
                "the function given as the IMP of -[MMLogin greet:] takes 1 parameter, but the method passes self, _cmd and 1 argument: it needs 3, as in void f(id self, SEL _cmd, id arg)") == true)
    }

    @Test func propertiesAndIvarsAreListedWithTheirAttributesAndEncodings() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMUser : NSObject
            @property (nonatomic, copy) NSString *name;
            @property (nonatomic, readonly) NSInteger age;
            @property (nonatomic, getter=isActive) BOOL active;
            @end
            @implementation MMUser
            @end
            """)
        #expect(shell.run("""
            unsigned int count = 0;
            objc_property_t *props = class_copyPropertyList([MMUser class], &count);
            for (unsigned int i = 0; i < count; i++) NSLog(@"%s %s", property_getName(props[i]), property_getAttributes(props[i]));
            free(props);
            char *type = property_copyAttributeValue(class_getProperty([MMUser class], "name"), "T"); NSLog(@"%s", type); free(type);
            Ivar *ivars = class_copyIvarList([MMUser class], &count);
            for (unsigned int i = 0; i < count; i++) NSLog(@"%s %s", ivar_getName(ivars[i]), ivar_getTypeEncoding(ivars[i]));
            NSLog(@"%d %d %s", class_getProperty([MMUser class], "missing") == NULL, property_copyAttributeValue(class_getProperty([MMUser class], "age"), "C") == NULL, ivar_getName(class_getInstanceVariable([MMUser class], "_age")));
            """) == [
            "name T@\"NSString\",C,N,V_name", "age Tq,R,N,V_age", "active TB,N,GisActive,V_active", "@\"NSString\"",
            "_name @\"NSString\"", "_age q", "_active B", "1 1 _age",
        ])
        // Model libraries (YYModel) read the attributes one by one, by letter.
        #expect(shell.run("""
            objc_property_attribute_t *attrs = property_copyAttributeList(class_getProperty([MMUser class], "active"), &count);
            for (unsigned int i = 0; i < count; i++) { switch (attrs[i].name[0]) { case 'G': NSLog(@"getter %s", attrs[i].value); break; default: NSLog(@"%s=%s", attrs[i].name, attrs[i].value); } }
            free(attrs);
            """) == ["T=B", "N=", "getter isActive", "V=_active"])
        // Protocols qualifying a property's type are spelled as the compiler spells them,
        // which model libraries (JSONModel's `<Optional>`) read; a generic's arguments are not.
        shell.run("""
            @protocol MMOptional @end
            @protocol MMImage @end
            @interface MMPost : NSObject
            @property (nonatomic, strong) NSString<MMOptional> *subtitle;
            @property (nonatomic, strong) NSArray<MMImage, MMOptional> *images;
            @property (nonatomic, weak) id<MMImage> cover;
            @property (nonatomic, copy) NSArray<NSString *> *tags;
            @end
            @implementation MMPost
            @end
            """)
        #expect(shell.run("""
            for (NSString *name in @[@"subtitle", @"images", @"cover", @"tags"]) NSLog(@"%s", property_getAttributes(class_getProperty([MMPost class], name.UTF8String)));
            """) == [
            "T@\"NSString<MMOptional>\",&,N,V_subtitle", "T@\"NSArray<MMImage><MMOptional>\",&,N,V_images", "T@\"<MMImage>\",W,N,V_cover",
            "T@\"NSArray\",C,N,V_tags",
        ])
        // `@dynamic` promises the accessors come at run time: no ivar, no accessors, "D" in
        // the attributes (Mantle and Core Data read it). A read-only property with its own
        // getter, or a read-write one with both accessors, gets no ivar from clang either.
        shell.run("""
            @interface MMDynamic : NSObject
            @property (nonatomic, copy) NSString *dyn;
            @property (nonatomic, readonly) NSString *computed;
            @property (nonatomic) NSInteger both;
            @property (nonatomic) NSInteger kept;
            @end
            @implementation MMDynamic
            @dynamic dyn;
            - (NSString *)computed { return @"c"; }
            - (NSInteger)both { return 1; }
            - (void)setBoth:(NSInteger)value { }
            @end
            """)
        #expect(shell.run("""
            for (NSString *name in @[@"dyn", @"computed", @"both", @"kept"]) NSLog(@"%s", property_getAttributes(class_getProperty([MMDynamic class], name.UTF8String)));
            NSLog(@"%d %d %d", [[MMDynamic new] respondsToSelector:@selector(dyn)], [[MMDynamic new] respondsToSelector:@selector(setDyn:)], class_getInstanceVariable([MMDynamic class], "_computed") == NULL);
            """) == [
            "T@\"NSString\",C,N,D", "T@\"NSString\",R,N", "Tq,N", "Tq,N,V_kept", "0 0 1",
        ])
        #expect(shell.run("property_getName(@\"name\")").first?.hasSuffix("property_getName takes an objc_property_t, as class_copyPropertyList gives one, but was given a string") == true)
    }

    /// What a model library reads of a method to call it with the right kinds of values,
    /// and the class list as `objc_getClassList` fills a buffer of it.
    @Test func methodTypesOneByOneAndTheClassListInABuffer() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMScale : NSObject
            - (BOOL)fits:(NSInteger)size within:(CGRect)frame;
            @end
            @implementation MMScale
            - (BOOL)fits:(NSInteger)size within:(CGRect)frame { return YES; }
            @end
            """)
        #expect(shell.run("""
            Method m = class_getInstanceMethod([MMScale class], @selector(fits:within:));
            char *returned = method_copyReturnType(m);
            NSLog(@"%@ %s %s %s %s %d", [NSString stringWithUTF8String:returned], method_copyArgumentType(m, 0), method_copyArgumentType(m, 1), method_copyArgumentType(m, 2), method_copyArgumentType(m, 3), method_copyArgumentType(m, 4) == NULL);
            free(returned);
            int total = objc_getClassList(NULL, 0);
            Class *classes = (Class *)malloc(sizeof(Class) * total);
            int filled = objc_getClassList(classes, total);
            int found = 0;
            for (int i = 0; i < filled; i++) { if (classes[i] == [MMScale class]) found++; }
            free(classes);
            NSLog(@"%d %d %d %d", filled == total, total > 100, found, object_isClass([MMScale class]) && !object_isClass([MMScale new]));
            """) == ["B @ : q {CGRect={CGPoint=dd}{CGSize=dd}} 1", "1 1 1 1"])
        // A C array sized when it runs is filled as a buffer is (ResearchKit's secure-coding sweep).
        #expect(shell.run("""
            int count = objc_getClassList(NULL, 0);
            Class listed[count];
            int listedCount = objc_getClassList(listed, count);
            BOOL seen = NO;
            for (int i = 0; i < listedCount; i++) { if (listed[i] == [MMScale class]) seen = YES; }
            NSLog(@"%d %d", listedCount == count, seen);
            """) == ["1 1"])
        // Offsets as clang lays an instance out: the isa, then each class's ivars from the root.
        shell.run("@interface MMBase : NSObject { BOOL _flag; id _object; }\n@end\n@implementation MMBase\n@end\n@interface MMDerived : MMBase { char _c; double _d; }\n@end\n@implementation MMDerived\n@end")
        #expect(shell.run("""
            NSLog(@"%td %td %td %td", ivar_getOffset(class_getInstanceVariable([MMDerived class], "_flag")), ivar_getOffset(class_getInstanceVariable([MMDerived class], "_object")), ivar_getOffset(class_getInstanceVariable([MMDerived class], "_c")), ivar_getOffset(class_getInstanceVariable([MMDerived class], "_d")));
            """) == ["8 16 24 32"])
        // objc registers a selector of any name, as model libraries read one from JSON.
        #expect(shell.run("NSStringFromSelector(NSSelectorFromString(@\"1-2 3\"))", "[@\"x\" respondsToSelector:sel_registerName(\"a b\")]", "NSSelectorFromString(@\"\")")
            == ["\"1-2 3\"", "NO", "nil"])
    }

    @Test func classesObjectsSelectorsAndProtocolsByName() throws {
        let shell = try ShellHarness()
        shell.run(Self.login)
        #expect(shell.run("""
            objc_getClass("MMLogin")
            objc_lookUpClass("MMNothing")
            class_getName(object_getClass([MMLogin class]))
            class_isMetaClass(object_getClass([MMLogin class]))
            class_getSuperclass([MMLogin class])
            object_getClassName(@"text")
            class_getClassMethod([MMLogin class], @selector(new))
            method_getNumberOfArguments(class_getInstanceMethod([MMLogin class], @selector(viewWillAppear:)))
            sel_getName(sel_registerName("tableView:numberOfRowsInSection:"))
            NSSelectorFromString(@"viewDidLoad") == @selector(viewDidLoad)
            class_conformsToProtocol([MMLogin class], @protocol(NSObject))
            protocol_getName(NSProtocolFromString(@"NSObject"))
            NSStringFromProtocol(@protocol(NSObject))
            """) == [
                "MMLogin", "nil", "\"MMLogin\"", "YES", "UIViewController", "\"NSString\"", "<Method +[NSObject new]>", "3",
                "\"tableView:numberOfRowsInSection:\"", "YES", "YES", "\"NSObject\"", "\"NSObject\"",
            ])
    }

    @Test func associatedObjectsLiveWithTheirObject() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            static char kBadgeKey;
            view = [UIView new];
            objc_setAssociatedObject(view, &kBadgeKey, @"3", OBJC_ASSOCIATION_RETAIN_NONATOMIC);
            objc_getAssociatedObject(view, &kBadgeKey)
            objc_getAssociatedObject([UIView new], &kBadgeKey)
            objc_setAssociatedObject(view, @selector(badge), @42, OBJC_ASSOCIATION_COPY);
            objc_getAssociatedObject(view, @selector(badge))
            objc_setAssociatedObject(view, &kBadgeKey, nil, OBJC_ASSOCIATION_ASSIGN);
            objc_getAssociatedObject(view, &kBadgeKey)
            objc_removeAssociatedObjects(view);
            objc_getAssociatedObject(view, @selector(badge))
            OBJC_ASSOCIATION_RETAIN
            """) == ["\"3\"", "nil", "42", "nil", "nil", "769"])
    }

    @Test func wrongArgumentsAreLocatedAndSayWhatWouldBeRight() throws {
        let shell = try ShellHarness()
        shell.run(Self.login)
        #expect(shell.run("class_getInstanceMethod(@\"MMLogin\", @selector(viewDidLoad))") == [
            "error: line 1, column 1: class_getInstanceMethod takes a class and a selector, as in class_getInstanceMethod([UIView class], @selector(layoutSubviews)), but was given a string, a selector",
            "  class_getInstanceMethod(@\"MMLogin\", @selector(viewDidLoad))",
            "  ^",
        ])
        #expect(shell.run("x = 1; method_getName(x)").first
            == "error: line 1, column 8: method_getName takes a Method, as class_getInstanceMethod gives one, but was given an integer")
        #expect(shell.run("class_addMethod([MMLogin class], @selector(two:), imp_implementationWithBlock(^(id self) { return 1; }), \"q@:q\")").first
            == "error: line 1, column 1: the block given as the IMP of -[MMLogin two:] takes 1 parameter, but the method passes self and 1 argument: it needs 2, self first, then the arguments (no _cmd), as in ^(id self, id arg) { ... }")
        // A malformed type encoding is the runtime's error, at the call.
        #expect(shell.run("class_addMethod([MMLogin class], @selector(three), imp_implementationWithBlock(^(id self) { return 1; }), \"q@:q\")").first?
            .hasPrefix("error: line 1, column 1: ") == true)
        #expect(shell.run("objc_setAssociatedObject(@selector(title), \"k\", @1, 1)").first?.hasPrefix(
            "error: line 1, column 1: objc_setAssociatedObject takes an object, a key, a value and a policy") == true)
        #expect(shell.run("free(3)").first?.hasPrefix("error: line 1, column 1: free takes what a copy function returned") == true)
        #expect(shell.run("swizzles") == ["no changes"])
    }

    /// The functions that read a Method, an Ivar or a property take NULL and answer NULL (an
    /// ivar's offset 0, no arguments), and exchanging or setting NULL changes nothing, as
    /// objc's do: code hands on what a lookup that found nothing gave.
    @Test func nullMethodsIvarsAndPropertiesAnswerNull() throws {
        let shell = try ShellHarness()
        shell.run(Self.login)
        shell.run("Method missing = class_getInstanceMethod([MMLogin class], @selector(noSuchMethod))")
        #expect(shell.run(
            "@[@(method_getImplementation(missing) == NULL), @(method_getName(missing) == NULL), @(method_getTypeEncoding(missing) == NULL)]",
            "method_getNumberOfArguments(missing)",
            "Ivar none = class_getInstanceVariable([MMLogin class], \"_noSuchIvar\"); @[@(ivar_getOffset(none)), @(ivar_getName(none) == NULL)]",
            "property_getName(class_getProperty([MMLogin class], \"noSuchProperty\")) == NULL",
            "@[@(class_getInstanceVariable([MMLogin class], NULL) == NULL), @(class_getProperty([MMLogin class], NULL) == NULL), @(class_getInstanceVariable([MMLogin class], ((NSString *)nil).UTF8String) == NULL)]",
            "method_exchangeImplementations(missing, class_getInstanceMethod([MMLogin class], @selector(viewDidLoad))); method_setImplementation(missing, NULL) == NULL",
            "swizzles"
        ) == ["@[YES, YES, YES]", "0", "@[0, YES]", "YES", "@[YES, YES, YES]", "YES", "no changes"])
    }
}
