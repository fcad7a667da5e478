import Foundation
import Shell
import Testing

@Suite("Blocks, collections and fixtures")
struct BlockAndFixtureTests {
    @Test func blocksAreValuesThatCanBeStoredPassedAndCalled() throws {
        let shell = try ShellHarness()
        #expect(shell.run("twice = ^(NSInteger n) { return n * 2; }", "twice(21)", "twice") == ["42", "<block taking 1 argument>"])
        #expect(shell.run("hello = ^{ NSLog(@\"hello\"); }", "hello()") == ["hello"])
        shell.run("""
            @implementation MMFetcher : NSObject
            - (void)fetch:(void (^)(id result, NSString *source))completion {
                completion(@[1, 2], @"cache");
            }
            @end
            """)
        #expect(shell.run("f = [MMFetcher new]", "[f fetch:^(id result, NSString *source) { NSLog(@\"%@ from %@\", result, source); }]") == [
            "(", "    1,", "    2", ") from cache",
        ])
        // A block sees the variables around it, and self inside a method.
        shell.run("""
            @interface MMCounter : NSObject
            @property (nonatomic) NSInteger total;
            @end
            @implementation MMCounter
            - (void)addAll:(NSArray *)numbers {
                [MMEach each:numbers do:^(id number) { self.total = self.total + number; }];
            }
            @end
            @implementation MMEach : NSObject
            + (void)each:(NSArray *)items do:(void (^)(id item))body {
                body(items[0]);
                body(items[1]);
            }
            @end
            """)
        #expect(shell.run("c = [MMCounter new]", "[c addAll:@[3, 4]]", "c.total") == ["7"])
        #expect(shell.run("twice(1, 2)")[0].contains("the block takes 1 argument but was called with 2"))
        #expect(shell.run("answer = 3", "answer(1)")[0].contains("'answer' is an integer, not a block"))
    }

    @Test func blocksCopyWhatTheyCaptureAndShareBlockVariablesAsCDoes() throws {
        let shell = try ShellHarness()
        shell.run("""
            @implementation MMCapture : NSObject {
                NSInteger _hits;
            }
            - (NSArray *)blocksForEachOf:(NSArray *)names {
                NSMutableArray *blocks = [NSMutableArray array];
                for (NSString *name in names) {
                    NSInteger length = name.length;
                    [blocks addObject:^{ return [NSString stringWithFormat:@"%@ %ld", name, (long)length]; }];
                }
                return blocks;
            }
            - (NSInteger)valueSeenLater {
                NSInteger value = 1;
                NSInteger (^read)(void) = ^{ return value; };
                value = 2;
                return read();
            }
            - (NSInteger)sharedCount {
                __block NSInteger count = 0;
                void (^increment)(void) = ^{ count++; };
                increment();
                increment();
                return count;
            }
            - (NSInteger)hitsThroughABlock {
                void (^hit)(void) = ^{ _hits += 5; };
                hit();
                return _hits;
            }
            // The observer idiom: the __block variable is the block's from before its
            // initializer runs, so the block removes the observer it was made for.
            - (void)observeOnce {
                NSNotificationCenter *center = [NSNotificationCenter defaultCenter];
                __block id observer = [center addObserverForName:@"MMPing" object:nil queue:nil usingBlock:^(NSNotification *note) {
                    _hits += 1;
                    [center removeObserver:observer];
                }];
            }
            @end
            """)
        #expect(shell.run("c = [MMCapture new]", "b = [c blocksForEachOf:@[@\"Ada\", @\"Grace\"]]", "b[0]()", "b[1]()") == [
            "\"Ada 3\"", "\"Grace 5\"",
        ])
        // A block copies a variable when it is made; a __block one it shares.
        #expect(shell.run("[c valueSeenLater]", "[c sharedCount]") == ["1", "2"])
        // An instance variable is reached through the self the block captured.
        #expect(shell.run("[c hitsThroughABlock]") == ["5"])
        #expect(shell.run(
            "[c observeOnce]", "[[NSNotificationCenter defaultCenter] postNotificationName:@\"MMPing\" object:nil]",
            "[[NSNotificationCenter defaultCenter] postNotificationName:@\"MMPing\" object:nil]", "[c hitsThroughABlock]"
        ) == ["11"], "one ping heard (5 + 1), then the block's 5")
    }

    /// `__block` holds when the declaration's type is read from a block with declarations
    /// of its own, as Parse's `__block typeof((block())) result;` macro has it.
    @Test func blockStorageSurvivesABlockInsideTheDeclarationsType() throws {
        let shell = try ShellHarness()
        _ = shell.run("""
            @implementation MMPerformer : NSObject
            + (NSString *)text:(int)i {
                NSString *(^make)(void) = ^NSString *{ const char *bytes = "abc"; return i > 2 ? nil : @(bytes); };
                __block typeof((^NSString *{ const char *unused = "x"; return nil; }())) result;
                void (^fill)(void) = ^{ result = make(); };
                fill();
                return result;
            }
            @end
            """)
        #expect(shell.run("[MMPerformer text:1]", "[MMPerformer text:3]") == ["\"abc\"", "nil"])
    }

    @Test func aCapturedVariableAssignedWithoutBlockStorageIsRefusedWhereItIsWritten() throws {
        let shell = try ShellHarness()
        let output = shell.run("""
            @implementation MMCopyOnly : NSObject
            - (void)run {
                NSInteger count = 0;
                void (^increment)(void) = ^{ count = count + 1; };
                increment();
            }
            @end
            """)
        #expect(output.first == "error: line 4, column 34: 'count' is captured by the block, which holds a copy it cannot assign; declare it __block (as in __block id count = ...;) to share it")
        #expect(shell.run("[MMCopyOnly class]").first?.contains("no variable or class named 'MMCopyOnly'") == true)
        // A rethrow outside @catch is refused when written, not when it runs.
        #expect(shell.run("""
            @implementation MMRethrow : NSObject
            - (void)run { @throw; }
            @end
            """).first == "error: line 2, column 15: '@throw;' without a value raises the caught exception again, so it belongs inside @catch")
    }

    @Test func collectionsAnswerFoundationsMessagesAndSubscripts() throws {
        let shell = try ShellHarness()
        shell.run("list = @[@\"a\", @\"b\"]", "info = @{@\"name\": @\"Ada\", @\"age\": 36}")
        #expect(shell.run("list[1]", "list.count", "[list firstObject]", "[list containsObject:@\"b\"]", "[list componentsJoinedByString:@\", \"]") == [
            "\"b\"", "2", "\"a\"", "YES", "\"a, b\"",
        ])
        #expect(shell.run("info[@\"name\"]", "info[@\"missing\"]", "[info allKeys]", "[info objectForKey:@\"age\"]") == [
            "\"Ada\"", "nil", "@[\"age\", \"name\"]", "36",
        ])
        #expect(shell.run("@\"Ada\".length", "[@\"Ada\" uppercaseString]", "[@\"12\" integerValue] + 1") == ["3", "\"ADA\"", "13"])
        #expect(shell.run("list[5]")[0].contains("index 5 is beyond the array's bounds (0..1)"))
        // With stand-ins off, as objc answers a selector nothing implements.
        shell.run("standins off")
        #expect(shell.run("[list frobnicate]")[0] == "error: line 1, column 1: -[NSArray frobnicate]: unrecognized selector sent to @[\"a\", \"b\"]")
    }

    @Test func fixturesReadJSONRelativeToTheScript() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rtsh-fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("data"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try #"{"items": [1, 2.5, "three", true, null, {"nested": []}], "empty": {}}"#
            .write(to: directory.appendingPathComponent("data/good.json"), atomically: true, encoding: .utf8)
        try "{\n  \"a\": 1,\n  \"b\" 2\n}".write(to: directory.appendingPathComponent("data/bad.json"), atomically: true, encoding: .utf8)
        try "json = fixture(\"data/good.json\")\n".write(to: directory.appendingPathComponent("load.rtsh"), atomically: true, encoding: .utf8)
        let shell = try ShellHarness()
        shell.run("source \(directory.path)/load.rtsh")
        #expect(shell.run("json[@\"items\"]", "json[@\"empty\"]") == ["@[1, 2.5, \"three\", YES, nil, @{\"nested\": @[]}]", "@{}"])
        shell.session.workingDirectory = directory.path
        #expect(shell.run("fixture(\"data/bad.json\")")[0]
            == "error: line 1, column 1: the fixture \(directory.path)/data/bad.json is not valid JSON: line 3, column 7: expected ':' after the member name \"b\", but found '2'")
        #expect(shell.run("fixture(\"data/missing.json\")")[0].contains("cannot read the fixture \(directory.path)/data/missing.json: there is no such file"))
        try String(repeating: "[", count: 100_000).write(to: directory.appendingPathComponent("data/deep.json"), atomically: true, encoding: .utf8)
        #expect(shell.run("fixture(\"data/deep.json\")")[0]
            == "error: line 1, column 1: the fixture \(directory.path)/data/deep.json is not valid JSON: line 1, column 513: objects and arrays nest more than 512 levels deep here")
    }
}

@Suite("What values answer")
struct ValueMessageErrorTests {
    @Test func aValueAnswersWhatItsClassAnswersAndANearMissIsSuggested() throws {
        let shell = try ShellHarness()
        shell.run("standins off")
        #expect(shell.run("b = ^{ return 1; }", "[b frobnicate]").first
            == "error: line 1, column 1: -[NSBlock frobnicate]: unrecognized selector sent to <block taking 0 arguments>")
        #expect(shell.run("[b copy] == b", "[b class]") == ["YES", "NSBlock"])
        #expect(shell.run("[@[1] coutn]").first == "error: line 1, column 1: -[NSArray coutn]: unrecognized selector sent to @[1]; did you mean 'count'?")
        #expect(shell.run("[@selector(viewDidLoad) name]").first == "error: line 1, column 1: a selector is not an object, so it cannot be sent 'name'")
    }
}

@Suite("Values are instances of Foundation's classes")
struct FoundationClassShellTests {
    @Test func stringsAreNSStringsThatCategoriesSwizzlingAndTracingReach() throws {
        let shell = try ShellHarness()
        #expect(shell.run("[@\"a\" isKindOfClass:[NSString class]]", "[@[] class]", "[@{} class]", "[@2 class]") == ["YES", "NSArray", "NSDictionary", "NSNumber"])
        #expect(shell.run("classes NS*") == [
            "NSArray", "NSAttributedString", "NSBlock", "NSBlockOperation", "NSBundle", "NSCache", "NSCalendar", "NSCharacterSet", "NSCoder", "NSCompoundPredicate", "NSCondition", "NSConditionLock", "NSCountedSet", "NSData", "NSDate", "NSDateComponents", "NSDateComponentsFormatter", "NSDateFormatter", "NSDecimalNumber", "NSDecimalNumberHandler", "NSDictionary", "NSEnumerator", "NSError", "NSException", "NSFileCoordinator", "NSFileHandle", "NSFileManager", "NSFormatter", "NSHTTPCookie", "NSHTTPCookieStorage", "NSHTTPURLResponse", "NSHashTable", "NSISO8601DateFormatter", "NSIndexPath", "NSIndexSet", "NSInputStream", "NSInvocation",
            "NSInvocationOperation", "NSJSONSerialization", "NSKeyValueMutableArray", "NSKeyValueMutableOrderedSet", "NSKeyValueMutableSet", "NSKeyedArchiver", "NSKeyedUnarchiver", "NSLayoutAnchor", "NSLayoutConstraint", "NSLayoutDimension", "NSLayoutXAxisAnchor", "NSLayoutYAxisAnchor", "NSLocale", "NSLock", "NSMapTable", "NSMethodSignature", "NSMutableArray", "NSMutableAttributedString", "NSMutableCharacterSet", "NSMutableData", "NSMutableDictionary", "NSMutableIndexSet", "NSMutableOrderedSet", "NSMutableParagraphStyle", "NSMutableSet", "NSMutableString", "NSMutableURLRequest", "NSNotification", "NSNotificationCenter", "NSNull", "NSNumber", "NSNumberFormatter", "NSObject",
            "NSOperation", "NSOperationQueue", "NSOrderedSet", "NSOutputStream", "NSParagraphStyle", "NSPointerArray", "NSPredicate", "NSProcessInfo", "NSProgress", "NSPropertyListSerialization", "NSProxy", "NSRecursiveLock", "NSRegularExpression", "NSRunLoop", "NSScanner", "NSSet", "NSSortDescriptor", "NSStream", "NSString", "NSTextCheckingResult", "NSThread", "NSTimeZone", "NSTimer", "NSURL", "NSURLComponents", "NSURLConnection", "NSURLProtocol", "NSURLQueryItem", "NSURLRequest", "NSURLResponse", "NSURLSession", "NSURLSessionConfiguration", "NSURLSessionDataTask", "NSURLSessionDownloadTask", "NSURLSessionTask", "NSURLSessionUploadTask", "NSUUID", "NSUserDefaults", "NSValue", "NSValueTransformer",
        ])
        #expect(shell.run("methods NSString").contains("- length  Q@:"))
        shell.run("""
            @interface NSString (MMShout)
            - (NSString *)shout;
            @end
            @implementation NSString (MMShout)
            - (NSString *)shout { return [[self uppercaseString] stringByAppendingString:@"!"]; }
            - (NSUInteger)fakeLength { return 99; }
            @end
            """)
        #expect(shell.run("[@\"hi\" shout]") == ["\"HI!\""])
        shell.run("exchange -[NSString length] -[NSString fakeLength]")
        #expect(shell.run("[@\"hi\" length]") == ["99"])
        shell.run("restore all")
        #expect(shell.run("trace on NSString", "[@\"hi\" length]", "trace off") == ["trace: -[NSString length] \"hi\"", "2"])
    }

    @Test func mutableCollectionsChangeInPlaceAndEveryReferenceSeesIt() throws {
        let shell = try ShellHarness()
        shell.run("a = [NSMutableArray array]", "alias = a", "[a addObject:@1]", "[alias addObject:@\"two\"]", "a[2] = @3", "a[0] = @0")
        #expect(shell.run("a") == ["<NSMutableArray: 0x1> @[0, \"two\", 3]"])
        #expect(shell.run("[a count]", "a[1]", "[a isKindOfClass:[NSArray class]]", "[a isEqual:@[@0, @\"two\", @3]]", "[@[@0, @\"two\", @3] isEqual:a]") == ["3", "\"two\"", "YES", "YES", "YES"])
        shell.run("snapshot = [a copy]", "[a removeObjectAtIndex:0]")
        #expect(shell.run("snapshot", "alias") == ["@[0, \"two\", 3]", "<NSMutableArray: 0x1> @[\"two\", 3]"])
        #expect(shell.run("total = 0", "for (id x in @[@1, @2]) { [a addObject:x]; }", "[a count]") == ["4"])
        #expect(shell.run("[a addObject:nil]")[0] == "error: line 1, column 1: NSInvalidArgumentException in -[NSMutableArray addObject:]: object cannot be nil")
        #expect(shell.run("[@[@1] addObject:@2]")[0].hasPrefix("error: line 1, column 1: -[NSArray addObject:]: unrecognized selector"))
        #expect(shell.run("m = [@[@1] mutableCopy]", "[m addObject:@2]", "m", "[[NSMutableArray alloc] init]") == [
            "<NSMutableArray: 0x2> @[1, 2]", "<NSMutableArray: 0x3> @[]",
        ])
        shell.run("d = [NSMutableDictionary dictionary]", "d[@\"k\"] = @1", "[d setObject:@2 forKey:@\"j\"]")
        #expect(shell.run("[d objectForKey:@\"k\"]", "d[@\"j\"]", "[d count]") == ["1", "2", "2"])
        shell.run("d[@\"k\"] = nil", "[d removeObjectForKey:@\"j\"]")
        #expect(shell.run("d", "[d count]") == ["<NSMutableDictionary: 0x4> @{}", "0"])
        shell.run("s = [NSMutableString stringWithString:@\"abc\"]", "[s appendFormat:@\"-%03d\", 4]", "[s insertString:@\">\" atIndex:0]")
        #expect(shell.run("s", "[s length]", "[s hasPrefix:@\">ab\"]", "[NSString stringWithFormat:@\"%@!\", s]") == [
            "<NSMutableString: 0x5> \">abc-004\"", "8", "YES", "\">abc-004!\"",
        ])
    }

    @Test func assigningNilToADictionaryElementRemovesIt() throws {
        let shell = try ShellHarness()
        #expect(shell.run("d = @{@\"a\": @1, @\"b\": @2}", "d[@\"a\"] = nil", "d", "[d count]") == ["@{\"b\": 2}", "1"])
    }
}

