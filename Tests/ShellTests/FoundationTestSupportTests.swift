import Foundation
import Shell
import Testing

/// What test suites lean on in Foundation, UIKit and the runtime: key-value coding,
/// character sets, capacities, `loadViewIfNeeded`, IMPs by selector, exceptions from
/// unrecognized selectors, and the virtual clock's animations and media time.
@Suite("Foundation that test suites use")
struct FoundationTestSupportTests {
    @Test func keyValueCodingReadsGettersIvarsAndArraysAndRaisesForUnknownKeys() throws {
        let shell = try ShellHarness()
        _ = shell.run("@interface MMCoach : NSObject\n@property NSString *name;\n@property BOOL active;\n@end\n@implementation MMCoach\n@end")
        _ = shell.run("ada = [MMCoach new]", "[ada setValue:@\"Ada\" forKey:@\"name\"]", "ada.active = YES")
        #expect(shell.run("[ada valueForKey:@\"name\"]", "[ada valueForKey:@\"active\"]", "[@[ada, @\"abc\"] valueForKey:@\"length\"]").prefix(2) == ["\"Ada\"", "YES"])
        #expect(shell.run("[[@[ada, ada] valueForKey:@\"name\"] componentsJoinedByString:@\",\"]") == ["\"Ada,Ada\""])
        #expect(shell.run("[ada valueForKey:@\"age\"]").first?.contains(
            "NSUnknownKeyException: [<MMCoach 0x") == true)
    }

    /// A struct property or ivar answers `valueForKey:` boxed in an NSValue, as Foundation
    /// boxes it, and takes an NSValue from `setValue:forKey:`, its struct stored.
    @Test func keyValueCodingBoxesStructs() throws {
        let shell = try ShellHarness()
        _ = shell.run("@interface MMSpan : NSObject { CGPoint _origin; }\n@property (nonatomic) NSRange range;\n@end\n@implementation MMSpan\n@end")
        #expect(shell.run(
            "MMSpan *span = [MMSpan new]",
            "[span setValue:[NSValue valueWithRange:NSMakeRange(20, 12)] forKey:@\"range\"]",
            "@[@(span.range.location), @(span.range.length)]",
            "NSValue *boxed = [span valueForKey:@\"range\"]; @[@([boxed isKindOfClass:[NSValue class]]), @(boxed.rangeValue.length)]",
            "[span setValue:[NSValue valueWithCGPoint:CGPointMake(3, 4)] forKey:@\"origin\"]",
            "[[span valueForKey:@\"origin\"] CGPointValue].y"
        ) == ["@[20, 12]", "@[YES, 12]", "4.0"])
    }

    /// `valueWithPointer:` boxes a pointer as given, and two boxes of one pointer are equal.
    @Test func aValueBoxesAPointer() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "char c = 7; NSValue *pointer = [NSValue valueWithPointer:&c];",
            "@[@([pointer isKindOfClass:[NSValue class]]), @(*(char *)[pointer pointerValue]), @([pointer isEqual:[NSValue valueWithPointer:&c]])]",
            "[[NSValue valueWithPointer:@selector(count)] isKindOfClass:[NSValue class]] && [NSValue valueWithPointer:NULL].pointerValue == NULL"
        ) == ["@[YES, 7, YES]", "YES"])
    }

    /// An object graph goes to data and back through its objects' own `NSCoding`: values,
    /// collections (a mutable one comes back mutable), dates, and an object met twice (a
    /// cycle) as one object; an object that does not adopt `NSCoding`, and data no archiver
    /// made, are refused.
    @Test func keyedArchivingRoundTripsAnObjectGraphThroughNSCoding() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMUser : NSObject <NSCoding>
            @property (nonatomic, copy) NSString *name;
            @property (nonatomic) NSInteger age;
            @property (nonatomic) BOOL admin;
            @property (nonatomic) double score;
            @property (nonatomic, strong) NSDate *joined;
            @property (nonatomic, strong) NSArray *tags;
            @property (nonatomic, strong) MMUser *friend;
            @property (nonatomic, strong) NSMutableDictionary *extra;
            @end
            @implementation MMUser
            - (void)encodeWithCoder:(NSCoder *)coder {
                [coder encodeObject:self.name forKey:@"name"]; [coder encodeInteger:self.age forKey:@"age"]; [coder encodeBool:self.admin forKey:@"admin"];
                [coder encodeDouble:self.score forKey:@"score"]; [coder encodeObject:self.joined forKey:@"joined"]; [coder encodeObject:self.tags forKey:@"tags"];
                [coder encodeObject:self.friend forKey:@"friend"]; [coder encodeObject:self.extra forKey:@"extra"];
            }
            - (instancetype)initWithCoder:(NSCoder *)coder {
                if ((self = [super init])) {
                    _name = [coder decodeObjectForKey:@"name"]; _age = [coder decodeIntegerForKey:@"age"]; _admin = [coder decodeBoolForKey:@"admin"];
                    _score = [coder decodeDoubleForKey:@"score"]; _joined = [coder decodeObjectOfClass:[NSDate class] forKey:@"joined"];
                    _tags = [coder decodeObjectForKey:@"tags"]; _friend = [coder decodeObjectForKey:@"friend"]; _extra = [coder decodeObjectForKey:@"extra"];
                }
                return self;
            }
            @end
            """)
        #expect(shell.run(
            "MMUser *u = [MMUser new]; u.name = @\"Ann\"; u.age = 31; u.admin = YES; u.score = 2.5; u.joined = [NSDate dateWithTimeIntervalSinceReferenceDate:100]; u.tags = @[@\"a\", @2]; u.extra = [@{@\"k\": @1} mutableCopy]",
            "MMUser *f = [MMUser new]; f.name = @\"Bob\"; f.friend = u; u.friend = f",
            "MMUser *c = [NSKeyedUnarchiver unarchiveObjectWithData:[NSKeyedArchiver archivedDataWithRootObject:u]]",
            "@[c.name, @(c.age), @(c.admin), @(c.score), c.tags, c.friend.name, @(c.friend.friend == c), @(c == u), @([c.joined timeIntervalSinceReferenceDate]), @([c.extra isKindOfClass:[NSMutableDictionary class]])]",
            "[NSKeyedUnarchiver unarchiveObjectWithData:[NSKeyedArchiver archivedDataWithRootObject:@{@\"a\": @[@1, @2.5, @YES]}]]"
        ) == ["@[\"Ann\", 31, YES, 2.5, @[\"a\", 2], \"Bob\", YES, NO, 100.0, YES]", "@{\"a\": @[1, 2.5, YES]}"])
        // To a file and back, in the app's container as NSData's writes are (a disk cache's
        // files, their sizes read as resource values), and never onto the host's disk.
        #expect(shell.run(
            "NSString *file = [[NSSearchPathForDirectoriesInDomains(NSCachesDirectory, NSUserDomainMask, YES) firstObject] stringByAppendingPathComponent:@\"user.archive\"]",
            "@[@([NSKeyedArchiver archiveRootObject:u toFile:file]), @([[NSFileManager defaultManager] fileExistsAtPath:file])]",
            "[[[NSURL fileURLWithPath:file] resourceValuesForKeys:@[NSURLTotalFileAllocatedSizeKey] error:NULL][NSURLTotalFileAllocatedSizeKey] integerValue] > 0",
            "((MMUser *)[NSKeyedUnarchiver unarchiveObjectWithFile:file]).friend.name",
            "@[@([NSKeyedArchiver archiveRootObject:u toFile:@\"/rtsh-outside-the-container.archive\"]), @([NSKeyedUnarchiver unarchiveObjectWithFile:@\"/no/such.archive\"] == nil)]"
        ).filter { !$0.isEmpty } == ["@[YES, YES]", "YES", "\"Bob\"", "@[NO, YES]"])
        #expect(!FileManager.default.fileExists(atPath: "/rtsh-outside-the-container.archive"))
        // Integers past a double's 53 bits come back as they went; date components archive,
        // an unset one (NSDateComponentUndefined, NSIntegerMax) staying unset.
        #expect(shell.run(
            "[NSKeyedUnarchiver unarchiveObjectWithData:[NSKeyedArchiver archivedDataWithRootObject:@[@(NSIntegerMax), @9007199254740993, @2.0]]]",
            "NSDateComponents *parts = [NSDateComponents new]; parts.hour = 7; NSData *archived = [NSKeyedArchiver archivedDataWithRootObject:parts requiringSecureCoding:YES error:nil]",
            "NSDateComponents *back = [NSKeyedUnarchiver unarchivedObjectOfClass:[NSDateComponents class] fromData:archived error:nil]; @[@(back.hour), @(back.minute == NSDateComponentUndefined)]"
        ) == ["@[9223372036854775807, 9007199254740993, 2.0]", "@[7, YES]"])
        // A calendar, a zone and a locale archive; calendars are equal by identifier and zone,
        // and a copy is a calendar of its own.
        #expect(shell.run(
            "NSCalendar *calendar = [NSCalendar calendarWithIdentifier:NSCalendarIdentifierGregorian]; calendar.timeZone = [NSTimeZone timeZoneWithName:@\"Europe/Paris\"]",
            "NSArray *settings = [NSKeyedUnarchiver unarchiveObjectWithData:[NSKeyedArchiver archivedDataWithRootObject:@[calendar, calendar.timeZone, [NSLocale localeWithLocaleIdentifier:@\"fr_FR\"]]]]",
            "@[@([settings[0] isEqual:calendar]), [settings[1] name], [settings[2] localeIdentifier]]",
            "NSCalendar *copied = [calendar copy]; @[@(copied == calendar), @([copied isEqual:calendar]), @([copied isEqual:[NSCalendar currentCalendar]])]"
        ) == ["@[YES, \"Europe/Paris\", \"fr_FR\"]", "@[NO, YES, NO]"])
        // A colour, a link found in text and a session's configuration archive, as a label
        // and a session manager archive theirs.
        #expect(shell.run(
            "NSArray *things = @[[UIColor colorWithRed:1 green:0.5 blue:0 alpha:1], [NSTextCheckingResult linkCheckingResultWithRange:NSMakeRange(2, 5) URL:[NSURL URLWithString:@\"http://a.b\"]]]",
            "NSURLSessionConfiguration *configuration = [NSURLSessionConfiguration defaultSessionConfiguration]; configuration.timeoutIntervalForRequest = 12; configuration.HTTPAdditionalHeaders = @{@\"A\": @\"b\"}",
            "NSArray *back = [NSKeyedUnarchiver unarchiveObjectWithData:[NSKeyedArchiver archivedDataWithRootObject:[things arrayByAddingObject:configuration]]]",
            "@[@([back[0] isEqual:things[0]]), @([back[1] range].location), [back[1] URL].absoluteString, @([back[2] timeoutIntervalForRequest]), [back[2] HTTPAdditionalHeaders], @([back[2] HTTPMaximumConnectionsPerHost])]"
        ) == ["@[YES, 2, \"http://a.b\", 12.0, @{\"A\": \"b\"}, 4]"])
        #expect(shell.run("[NSKeyedArchiver archivedDataWithRootObject:@[[NSObject new]]]").first?.hasSuffix(
            "-[NSObject encodeWithCoder:]: unrecognized selector sent to instance; NSObject does not adopt NSCoding") == true)
        #expect(shell.run("[NSKeyedUnarchiver unarchiveObjectWithData:[@\"junk\" dataUsingEncoding:NSUTF8StringEncoding]]").first?.hasSuffix(
            "the data is not an archive NSKeyedArchiver made") == true)
    }

    /// An index set archives as its indexes and comes back equal; the zone forms of the
    /// copies (`copyWithZone:`, as an NSCopying class copies its ivars) copy a library object.
    /// An error archives as Foundation's does: its domain, code and user info come back.
    @Test func anErrorArchivesWithItsDomainCodeAndUserInfo() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSError *e = [NSError errorWithDomain:@\"MMDomain\" code:7 userInfo:@{NSLocalizedDescriptionKey: @\"Broke\"}]",
            "NSError *back = [NSKeyedUnarchiver unarchiveObjectWithData:[NSKeyedArchiver archivedDataWithRootObject:e]]",
            "@[back.domain, @(back.code), back.localizedDescription, @([back isEqual:e])]"
        ).last == "@[\"MMDomain\", 7, \"Broke\", YES]")
    }

    /// Strings, numbers, arrays and dictionaries code themselves through a coder under
    /// Foundation's keys: an object that archives the dictionary it holds in its own place
    /// (`[_values encodeWithCoder:coder]`) reads it back with `-[NSDictionary initWithCoder:]`.
    @Test func valuesEncodeAndDecodeThemselvesThroughACoder() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMOldEncoding : NSObject <NSSecureCoding>
            @property (nonatomic, copy) NSDictionary *values;
            @property (nonatomic, copy) NSArray *list;
            @property (nonatomic, copy) NSString *name;
            @property (nonatomic, strong) NSNumber *count;
            @end
            @implementation MMOldEncoding
            + (BOOL)supportsSecureCoding { return YES; }
            - (void)encodeWithCoder:(NSCoder *)coder {
                [_values encodeWithCoder:coder];
                NSKeyedArchiver *inner = [[NSKeyedArchiver alloc] initRequiringSecureCoding:YES];
                [_list encodeWithCoder:inner]; [_name encodeWithCoder:inner]; [_count encodeWithCoder:inner];
                [coder encodeObject:inner.encodedData forKey:@"rest"];
            }
            - (instancetype)initWithCoder:(NSCoder *)decoder {
                self = [super init];
                _values = [[NSDictionary alloc] initWithCoder:decoder];
                NSKeyedUnarchiver *inner = [[NSKeyedUnarchiver alloc] initForReadingFromData:[decoder decodeObjectForKey:@"rest"] error:NULL];
                _list = [[NSArray alloc] initWithCoder:inner];
                _name = [[NSMutableString alloc] initWithCoder:inner];
                _count = [[NSNumber alloc] initWithCoder:inner];
                return self;
            }
            @end
            """)
        #expect(shell.run(
            "MMOldEncoding *old = [MMOldEncoding new]; old.values = @{@\"b\": @[@NO], @\"a\": @1}; old.list = @[@\"x\", @2]; old.name = @\"n\"; old.count = @3",
            "NSData *data = [NSKeyedArchiver archivedDataWithRootObject:old requiringSecureCoding:YES error:NULL]",
            "MMOldEncoding *back = [NSKeyedUnarchiver unarchivedObjectOfClass:[MMOldEncoding class] fromData:data error:NULL]",
            "@[back.values, back.list, back.name.copy, back.count, @([back.name isKindOfClass:[NSMutableString class]])]",
            "NSDictionary *none = [[NSDictionary alloc] initWithCoder:[[NSKeyedUnarchiver alloc] initForReadingFromData:data error:NULL]]; none"
        ).suffix(2) == ["@[@{\"a\": 1, \"b\": @[NO]}, @[\"x\", 2], \"n\", 3, YES]", "nil"])
        // A UUID archives as itself (ResearchKit's task results hold their run's).
        #expect(shell.run(
            "NSUUID *run = [NSUUID UUID]; NSUUID *back = [NSKeyedUnarchiver unarchivedObjectOfClass:[NSUUID class] fromData:[NSKeyedArchiver archivedDataWithRootObject:run requiringSecureCoding:YES error:NULL] error:NULL]; @[@([back isEqual:run]), @([NSUUID supportsSecureCoding])]"
        ) == ["@[YES, YES]"])
    }

    /// An error describes itself as Foundation's does, its user info as `{key=value, ...}`
    /// sorted by key, an underlying error by its address and its own description in braces.
    @Test func anErrorDescribesItsUserInfoAsFoundationDoes() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            NSError *cause = [NSError errorWithDomain:NSPOSIXErrorDomain code:2 userInfo:@{NSLocalizedDescriptionKey: @"No such file or directory"}];
            NSLog(@"%@", [NSError errorWithDomain:NSCocoaErrorDomain code:4 userInfo:@{NSUnderlyingErrorKey: cause, NSFilePathErrorKey: @"/tmp/a b"}]);
            NSLog(@"%@", [NSError errorWithDomain:@"MMDomain" code:1 userInfo:nil]);
            """) == [
                "Error Domain=NSCocoaErrorDomain Code=4 \"The operation couldn’t be completed. (NSCocoaErrorDomain error 4.)\" UserInfo={NSFilePath=/tmp/a b, "
                    + "NSUnderlyingError=0x1 {Error Domain=NSPOSIXErrorDomain Code=2 \"No such file or directory\" UserInfo={NSLocalizedDescription=No such file or directory}}}",
                "Error Domain=MMDomain Code=1 \"The operation couldn’t be completed. (MMDomain error 1.)\"",
            ])
    }

    @Test func anIndexSetArchivesAndLibraryObjectsCopyWithAZone() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSIndexSet *codes = [NSIndexSet indexSetWithIndexesInRange:NSMakeRange(200, 3)]; NSIndexSet *back = [NSKeyedUnarchiver unarchiveObjectWithData:[NSKeyedArchiver archivedDataWithRootObject:@{@\"codes\": codes}]][@\"codes\"]; @[@([back isEqual:codes]), @([back containsIndex:202])]",
            "@[[[[NSSet setWithObject:@1] copyWithZone:nil] class], [[[NSMutableIndexSet indexSetWithIndex:1] copyWithZone:nil] class], [[@[@1] mutableCopyWithZone:nil] class]]"
            ,
            // Sets and ordered sets archive as their members and come back of their class.
            "id back = [NSKeyedUnarchiver unarchiveObjectWithData:[NSKeyedArchiver archivedDataWithRootObject:@{@\"tags\": [NSMutableSet setWithObjects:@\"a\", @\"b\", nil], @\"order\": [NSOrderedSet orderedSetWithArray:@[@3, @1]]}]]; @[[back[@\"tags\"] class], @([back[@\"tags\"] containsObject:@\"b\"]), [back[@\"order\"] class], [back[@\"order\"] array]]"
        ) == ["@[YES, YES]", "@[NSSet, NSIndexSet, NSMutableArray]", "@[NSMutableSet, YES, NSOrderedSet, @[3, 1]]"])
        #expect(shell.run("[[NSObject new] copyWithZone:nil]").first?.contains("unrecognized selector") == true)
    }

    /// A number read back as each C type, wrapped to its width as a C conversion wraps,
    /// as model libraries read a JSON number for a property of that type.
    @Test func numbersReadBackAsEveryCIntegerType() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "@[@([@300 charValue]), @([@300 unsignedCharValue]), @([@70000 shortValue]), @([@-1 unsignedShortValue]), @([@-1 unsignedIntValue]), @([@5 unsignedLongValue])]",
            "[[NSNumber numberWithUnsignedShort:7] integerValue] + [[NSNumber numberWithUnsignedLongLong:8] integerValue]"
        ) == ["@[44, 44, 4464, 65535, 4294967295, 5]", "15"])
    }

    /// Decimal numbers are exact in base 10, round as a handler says, compare as numbers,
    /// and raise on a division by zero, as Foundation's do.
    @Test func decimalNumbersAreExactAndRoundAsTold() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSDecimalNumber *a = [NSDecimalNumber decimalNumberWithString:@\"0.1\"]; NSDecimalNumber *b = [NSDecimalNumber decimalNumberWithString:@\"0.2\"]",
            "@[[[a decimalNumberByAdding:b] stringValue], @([[a decimalNumberByAdding:b] isEqualToNumber:[NSDecimalNumber decimalNumberWithString:@\"0.3\"]])]",
            "NSDecimalNumberHandler *h = [NSDecimalNumberHandler decimalNumberHandlerWithRoundingMode:NSRoundPlain scale:2 raiseOnExactness:NO raiseOnOverflow:NO raiseOnUnderflow:NO raiseOnDivideByZero:YES]",
            "[[[NSDecimalNumber decimalNumberWithString:@\"10\"] decimalNumberByDividingBy:[NSDecimalNumber decimalNumberWithString:@\"3\"] withBehavior:h] stringValue]",
            "@[[[NSDecimalNumber decimalNumberWithMantissa:1999 exponent:-2 isNegative:NO] description], @([[NSDecimalNumber decimalNumberWithString:@\"19.99\"] doubleValue])]",
            "@[@([[NSDecimalNumber decimalNumberWithString:@\"2\"] compare:[NSDecimalNumber decimalNumberWithString:@\"3\"]]), [[NSDecimalNumber decimalNumberWithString:@\"abc\"] stringValue], @([[NSDecimalNumber zero] isKindOfClass:[NSNumber class]])]"
        ) == ["@[\"0.3\", YES]", "\"3.33\"", "@[\"19.99\", 19.99]", "@[-1, \"NaN\", YES]"])
        #expect(shell.run("[[NSDecimalNumber one] decimalNumberByDividingBy:[NSDecimalNumber zero]]").first?.hasSuffix(
            "NSDecimalNumberDivideByZeroException: NSDecimalNumber divide by zero exception") == true)
    }

    /// XML property lists: a bundle's `Config.plist` read into a dictionary (a mutable class's
    /// mutable all through), `NSPropertyListSerialization` both ways with its format and
    /// errors, and a collection written to a file and read back.
    @Test func propertyListsReadAndWriteXML() throws {
        let tree = try TemporaryTree([
            "App/Config.plist": """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                    <key>baseURL</key><string>https://api.example.com?a=1&amp;b=2</string>
                    <key>retries</key><integer>3</integer>
                    <key>ratio</key><real>0.5</real>
                    <key>enabled</key><true/>
                    <key>tags</key><array><string>a</string><string>b</string></array>
                    <key>since</key><date>2001-01-02T00:00:00Z</date>
                    <key>blob</key><data>AAEC</data>
                </dict>
                </plist>
                """,
            "App/MMApp.m": "@interface MMApp : NSObject @end\n@implementation MMApp @end\n",
        ])
        let shell = try ShellHarness()
        _ = shell.session.loadSources([tree.path("App")])
        _ = shell.take()
        #expect(shell.run(
            "NSString *path = [[NSBundle mainBundle] pathForResource:@\"Config\" ofType:@\"plist\"]; NSDictionary *config = [NSDictionary dictionaryWithContentsOfFile:path]; @[config[@\"baseURL\"], config[@\"retries\"], config[@\"ratio\"], config[@\"enabled\"], config[@\"tags\"]]",
            "@[@([config[@\"since\"] timeIntervalSinceReferenceDate]), @([config[@\"blob\"] length])]",
            "NSMutableDictionary *m = [NSMutableDictionary dictionaryWithContentsOfFile:path]; [m[@\"tags\"] addObject:@\"c\"]; m[@\"new\"] = @1; @[[m[@\"tags\"] copy], m[@\"new\"]]",
            "NSPropertyListFormat format = 0; NSError *error = nil; id list = [NSPropertyListSerialization propertyListWithData:[NSData dataWithContentsOfFile:path] options:NSPropertyListImmutable format:&format error:&error]; @[@(format == NSPropertyListXMLFormat_v1_0), list[@\"retries\"]]",
            "NSData *written = [NSPropertyListSerialization dataWithPropertyList:@{@\"b\": @[@1, @2.5, @NO], @\"a\": @\"x<y\"} format:NSPropertyListXMLFormat_v1_0 options:0 error:&error]; [[NSPropertyListSerialization propertyListWithData:written options:0 format:NULL error:NULL] isEqual:@{@\"b\": @[@1, @2.5, @NO], @\"a\": @\"x<y\"}]",
            "[[[NSString alloc] initWithData:written encoding:NSUTF8StringEncoding] containsString:@\"<key>a</key>\\n\\t<string>x&lt;y</string>\\n\\t<key>b</key>\"]",
            "NSString *out = [NSTemporaryDirectory() stringByAppendingPathComponent:@\"list.plist\"]; [@[@1, @{@\"k\": @\"v\"}] writeToFile:out atomically:YES] && [[NSArray arrayWithContentsOfFile:out] isEqual:@[@1, @{@\"k\": @\"v\"}]]",
            "[NSDictionary dictionaryWithContentsOfFile:out] == nil",
            "[NSPropertyListSerialization dataWithPropertyList:@{@\"o\": [NSObject new]} format:NSPropertyListXMLFormat_v1_0 options:0 error:&error] == nil && error.code == 3851",
            "[NSPropertyListSerialization propertyListWithData:[@\"<plist><dict><key>a</key></dict></plist>\" dataUsingEncoding:NSUTF8StringEncoding] options:0 format:NULL error:&error] == nil && error.code == 3840",
            "[error.userInfo[NSDebugDescriptionErrorKey] hasPrefix:@\"the <key>a</key> at line 1 has no value after it\"]"
        ) == [
            "@[\"https://api.example.com?a=1&b=2\", 3, 0.5, YES, @[\"a\", \"b\"]]", "@[86400.0, 3]", "@[@[\"a\", \"b\", \"c\"], 1]", "@[YES, 3]",
            "YES", "YES", "YES", "YES", "YES", "YES", "YES",
        ])
    }

    /// A number's `decimalValue` is Foundation's `NSDecimal` struct (its mantissa words and
    /// exponent), which makes a decimal number exactly and which the `NSDecimal...`
    /// functions compute with, writing through their first pointer.
    @Test func decimalStructsCarryNumbersExactlyThroughTheFunctions() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSDecimal a = [@1.5 decimalValue]; @[@(a._exponent), @(a._length), @(a._mantissa[0]), @(a._isNegative)]",
            "[NSDecimalNumber decimalNumberWithDecimal:a].stringValue",
            "NSDecimal b = [[NSDecimalNumber decimalNumberWithString:@\"-2.25\"] decimalValue]; NSDecimal sum; NSCalculationError e = NSDecimalAdd(&sum, &a, &b, NSRoundPlain); @[@(e == NSCalculationNoError), NSDecimalString(&sum, nil)]",
            "@[@(NSDecimalCompare(&a, &b)), @(NSDecimalCompare(&b, &a))]",
            "NSDecimal r; NSDecimalRound(&r, &b, 1, NSRoundBankers); [[[NSDecimalNumber alloc] initWithDecimal:r] stringValue]",
            "NSDecimal big = [[NSDecimalNumber decimalNumberWithString:@\"123456789012345678901234\"] decimalValue]; NSDecimalString(&big, nil)",
            "NSDecimal zero = [@0 decimalValue]; NSDecimal q; @[@(NSDecimalDivide(&q, &a, &zero, NSRoundPlain) == NSCalculationDivideByZero), @(NSDecimalIsNotANumber(&zero))]"
        ) == [
            "@[-1, 1, 15, 0]", "\"1.5\"", "@[YES, \"-0.75\"]", "@[1, -1]", "nil", "\"-2.2\"", "\"123456789012345678901234\"", "@[YES, NO]",
        ])
        #expect(shell.run("NSDecimalCompare(@1, @2)").first?.contains("NSDecimalCompare takes pointers to two decimals") == true)
    }

    /// An archiver of one's own writes its keyed values into the mutable data it was given
    /// when encoding finishes (or answers them as `encodedData`), and an unarchiver of that
    /// data reads each key; a boxed struct archives as the value it boxes.
    @Test func anArchiverWritesItsKeyedValuesIntoData() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSMutableData *data = [NSMutableData data]; NSKeyedArchiver *archiver = [[NSKeyedArchiver alloc] initForWritingWithMutableData:data]",
            "[archiver encodeObject:[NSValue valueWithCGSize:CGSizeMake(3, 4)] forKey:@\"size\"]; [archiver encodeInteger:7 forKey:@\"count\"]; [archiver finishEncoding]; data.length > 0",
            "NSKeyedUnarchiver *reader = [[NSKeyedUnarchiver alloc] initForReadingWithData:data]; @[@([reader decodeIntegerForKey:@\"count\"]), NSStringFromCGSize([[reader decodeObjectForKey:@\"size\"] CGSizeValue])]",
            "NSKeyedArchiver *secure = [[NSKeyedArchiver alloc] initRequiringSecureCoding:YES]; [secure encodeObject:@[@\"a\"] forKey:NSKeyedArchiveRootObjectKey]; [NSKeyedUnarchiver unarchiveObjectWithData:secure.encodedData]"
        ).suffix(3) == ["YES", "@[7, \"{3, 4}\"]", "@[\"a\"]"])
    }

    /// Text measures in proportion to its font, the same on every run: one line per line
    /// it holds, or wrapped to a width when the options say to wrap.
    @Test func textMeasuresInProportionToItsFont() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "[@\"Hello\" sizeWithAttributes:@{NSFontAttributeName: [UIFont systemFontOfSize:10]}]",
            "[@\"Hello world, this wraps\" boundingRectWithSize:CGSizeMake(50, CGFLOAT_MAX) options:NSStringDrawingUsesLineFragmentOrigin attributes:@{NSFontAttributeName: [UIFont systemFontOfSize:10]} context:nil]",
            "[@\"Hello world, this wraps\" boundingRectWithSize:CGSizeMake(50, CGFLOAT_MAX) options:0 attributes:@{NSFontAttributeName: [UIFont systemFontOfSize:10]} context:nil].size.height",
            "[UIFont systemFontOfSize:17].lineHeight", "[@\"ab\\ncd\" sizeWithAttributes:nil]"
        ) == ["{26.5, 11.9}", "{{0, 0}, {47.8, 35.7}}", "11.9", "20.23", "{12, 28.56}"])
    }

    /// A label and a button size to their content: `sizeToFit` and `intrinsicContentSize`
    /// measure a label's text in its font (one line, or wrapped to the width offered when it
    /// has more), rounded up to whole pixels, and a button's title in its 15-point font,
    /// padded to a system button's 30 points high, beside its image.
    @Test func labelsAndButtonsSizeToTheirContent() throws {
        let shell = try ShellHarness()
        shell.run("UILabel *label = [UILabel new]; label.text = @\"Done\"; [label sizeToFit];")
        #expect(shell.run(
            "NSStringFromCGRect(label.frame)", "[label intrinsicContentSize]", "[[UILabel new] intrinsicContentSize]",
            "label.numberOfLines = 0; label.text = @\"a long text that wraps over lines\"; [label sizeThatFits:CGSizeMake(100, 0)]",
            "label.numberOfLines = 2; [label sizeThatFits:CGSizeMake(50, 0)]",
            "UIButton *button = [UIButton buttonWithType:UIButtonTypeSystem]; [button setTitle:@\"Done\" forState:UIControlStateNormal]; [button sizeToFit];",
            "@[NSStringFromCGRect(button.frame), @(button.titleLabel.font.pointSize)]"
        ) == [
            "\"{{0, 0}, {37, 20.5}}\"", "{37, 20.5}", "{0, 0}", "{86.5, 61}", "{47.5, 40.5}",
            "@[\"{{0, 0}, {32.5, 30}}\", 15.0]",
        ])
    }

    /// A file URL made from a relative path keeps it relative, so it names the file the path
    /// does (the tree's own files, `__FILE__`) and gives the same path back; an absolute one
    /// is the usual `file:///`.
    /// Strings read back into structs as Foundation scans them (a range's numbers are runs of
    /// digits), paths join with one slash, replacing works with options within a range, an
    /// empty string is a URL reference with an empty path, and a set sorts by descriptors.
    @Test func stringsScanIntoStructsJoinPathsAndReplaceInRanges() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "@[NSStringFromRange(NSRangeFromString(@\"{2, 5}\")), NSStringFromRange(NSRangeFromString(@\"2..-1\")), NSStringFromCGRect(CGRectFromString(@\"{{1.5, -2}, {3, 4e1}}\")), NSStringFromCGPoint(CGPointFromString(@\"{7}\"))]",
            "@[[@\"return\" stringByAppendingPathComponent:@\"/yes\"], [@\"/tmp/\" stringByAppendingPathComponent:@\"a//b/\"], [@\"\" stringByAppendingPathComponent:@\"x\"]]",
            "[@\"a-b-A-B\" stringByReplacingOccurrencesOfString:@\"b\" withString:@\"_\" options:NSCaseInsensitiveSearch range:NSMakeRange(0, 5)]",
            "NSURLComponents *empty = [NSURLComponents componentsWithString:@\"\"]; @[@(empty != nil), empty.path, @(empty.host == nil)]",
            "[[NSSet setWithArray:@[@3, @1, @2]] sortedArrayUsingDescriptors:@[[NSSortDescriptor sortDescriptorWithKey:@\"self\" ascending:NO]]]"
        ) == [
            "@[\"{2, 5}\", \"{2, 1}\", \"{{1.5, -2}, {3, 40}}\", \"{7, 0}\"]", "@[\"return/yes\", \"/tmp/a/b\", \"x\"]", "\"a-_-A-B\"",
            "@[YES, \"\", YES]", "@[3, 2, 1]",
        ])
        #expect(shell.run("NSRangeFromString(@3)").first?.contains("NSRangeFromString takes a string") == true)
    }

    /// The main bundle is the one bundle (no frameworks), found by the identifier of the app or
    /// its tests (not an Apple framework's), and lists its resources by type, in path order
    /// (`Nested/b.json` before `a.json`).
    @Test func theMainBundleIsAllTheBundlesAndListsItsResources() throws {
        let tree = try TemporaryTree(["Resources/a.json": "{}", "Resources/Nested/b.json": "[]", "Resources/c.txt": "c", "Resources/MMApp.m": "@interface MMApp : NSObject @end\n@implementation MMApp @end\n"])
        let shell = try ShellHarness()
        _ = shell.session.loadSources([tree.path("Resources")])
        _ = shell.take()
        #expect(shell.run(
            "@[@([NSBundle allBundles].count), @([[NSBundle allBundles].firstObject isEqual:[NSBundle mainBundle]]), @([NSBundle allFrameworks].count)]",
            "[[[NSBundle mainBundle] pathsForResourcesOfType:@\"json\" inDirectory:nil] valueForKey:@\"lastPathComponent\"]",
            "[[[NSBundle mainBundle] URLsForResourcesWithExtension:@\"txt\" subdirectory:nil].firstObject lastPathComponent]",
            "@[@([NSBundle bundleWithIdentifier:@\"com.example.app.tests\"] == [NSBundle mainBundle]), @([NSBundle bundleWithIdentifier:@\"com.apple.UIKit\"] == nil)]"
        ) == ["@[1, YES, 0]", "@[\"b.json\", \"a.json\"]", "\"c.txt\"", "@[YES, YES]"])
    }

    /// A folder or a resource bundle is found by its name, as Xcode copies folder references
    /// and `.bundle`s whole; a bundle made for the same path is the same object. A directory
    /// in a `.bundle`, by a path made from the main bundle's (DateTools' `ja.lproj`), is found
    /// in the bundle found so.
    @Test func foldersAndResourceBundlesAreResourcesAndEachPathHasOneBundle() throws {
        let tree = try TemporaryTree([
            "Resources/Mocks/login.json": "{}", "Resources/Kit.bundle/kit.txt": "kit", "Resources/MMApp.m": "@interface MMApp : NSObject @end\n@implementation MMApp @end\n",
            "Resources/Deep/Kit/Strings.bundle/ja.lproj/Strings.strings": "\"Yesterday\" = \"昨日\";",
        ])
        let shell = try ShellHarness()
        _ = shell.session.loadSources([tree.path("Resources")])
        _ = shell.take()
        #expect(shell.run(
            "[[[NSBundle mainBundle] URLForResource:@\"Mocks\" withExtension:nil] lastPathComponent]",
            "NSString *kit = [[NSBundle mainBundle] pathForResource:@\"Kit\" ofType:@\"bundle\"]; @[kit.lastPathComponent, @([NSBundle bundleWithPath:kit] == [NSBundle bundleWithPath:kit])]",
            "[[[NSBundle bundleWithPath:kit] pathForResource:@\"kit\" ofType:@\"txt\"] lastPathComponent]",
            "[[NSBundle mainBundle] pathsForResourcesOfType:@\"bundle\" inDirectory:nil].count",
            "NSBundle *japanese = [NSBundle bundleWithPath:[NSBundle.mainBundle.bundlePath stringByAppendingPathComponent:@\"Strings.bundle/ja.lproj\"]]",
            "NSLocalizedStringFromTableInBundle(@\"Yesterday\", @\"Strings\", japanese, nil)",
            "[NSBundle bundleWithPath:[NSBundle.mainBundle.bundlePath stringByAppendingPathComponent:@\"Strings.bundle/fr.lproj\"]] == nil"
        ) == ["\"Mocks\"", "@[\"Kit.bundle\", YES]", "\"kit.txt\"", "2", "\"昨日\"", "YES"])
    }

    /// A bundle's localizations are its `.lproj` directories; the preferred one is English
    /// (the model's language), else Base, else the development localization.
    @Test func aBundlesLocalizationsAreItsLprojDirectoriesAndEnglishIsPreferred() throws {
        let tree = try TemporaryTree([
            "Resources/Base.lproj/Main.storyboard": "<document/>", "Resources/fr.lproj/Localizable.strings": "\"a\" = \"b\";",
            "Resources/Only.bundle/Base.lproj/x.strings": "", "Resources/Plain.bundle/readme.txt": "",
            "Resources/MMApp.m": "@interface MMApp : NSObject @end\n@implementation MMApp @end\n",
        ])
        let shell = try ShellHarness()
        _ = shell.session.loadSources([tree.path("Resources")])
        _ = shell.take()
        #expect(shell.run(
            "NSBundle *main = [NSBundle mainBundle]; @[main.localizations, main.preferredLocalizations, main.developmentLocalization]",
            "[NSBundle bundleWithPath:[main pathForResource:@\"Only\" ofType:@\"bundle\"]].preferredLocalizations",
            "[NSBundle bundleWithPath:[main pathForResource:@\"Plain\" ofType:@\"bundle\"]].preferredLocalizations"
        ) == ["@[@[\"Base\", \"fr\"], @[\"Base\"], \"en\"]", "@[\"Base\"]", "@[\"en\"]"])
    }

    @Test func aFileURLOfARelativePathStaysRelative() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSURL *relative = [NSURL fileURLWithPath:@\"./Package.swift\"]; @[relative.absoluteString, relative.path, relative.lastPathComponent, @(relative.isFileURL)]",
            "[[NSData dataWithContentsOfURL:relative] isEqual:[NSData dataWithContentsOfFile:@\"./Package.swift\"]] && [NSData dataWithContentsOfURL:relative].length > 0",
            "[[relative URLByDeletingLastPathComponent] URLByAppendingPathComponent:@\"README.md\"].path",
            "[NSURL fileURLWithPath:@\"/tmp/a b\"].absoluteString"
        ) == [
            "@[\"file:./Package.swift\", \"./Package.swift\", \"Package.swift\", YES]", "YES", "\"./README.md\"", "\"file:///tmp/a%20b\"",
        ])
    }

    /// A file URL of a directory there ends in a slash, as Foundation asks the file system;
    /// a relative path against a base URL is a reference to it (`fileURLWithPath:isDirectory:
    /// relativeToURL:`, ResearchKit's data logger's folder); a file URL's path standardizes.
    @Test func fileURLsOfDirectoriesAndRelativeToABase() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSURL *home = [NSURL fileURLWithPath:NSHomeDirectory()]; [home.absoluteString hasSuffix:@\"/\"]",
            "NSURL *base = [[home URLByAppendingPathComponent:@\"a/../\"] URLByStandardizingPath]; [base isEqual:home]",
            "NSURL *logs = [NSURL fileURLWithPath:@\"logs\" isDirectory:YES relativeToURL:base]; @([logs.path isEqualToString:[NSHomeDirectory() stringByAppendingPathComponent:@\"logs\"]])",
            "@([[NSFileManager defaultManager] createDirectoryAtURL:logs withIntermediateDirectories:YES attributes:nil error:NULL])",
            "@[[NSURL fileURLWithPath:@\"/x/y\" relativeToURL:base].absoluteString, [NSURL fileURLWithPath:@\"notes.txt\" relativeToURL:logs].lastPathComponent]",
            "@[[NSURL fileURLWithPath:@\"/no/such/dir\"].absoluteString, [NSURL URLWithString:@\"https://h/a/../b\"].URLByStandardizingPath.absoluteString]",
            "@[[[NSNumber alloc] initWithDouble:2.5], [[NSNumber alloc] initWithFloat:0.5]]",
            // A C string path, as ResearchKit makes a URL of a path kept relative to the home directory.
            "char path[8]; strcpy(path, \"/a/b\"); @[[NSURL fileURLWithFileSystemRepresentation:@\"logs\".fileSystemRepresentation isDirectory:YES relativeToURL:base].lastPathComponent, [[NSURL alloc] initFileURLWithFileSystemRepresentation:path isDirectory:NO relativeToURL:nil].absoluteString]"
        ) == [
            "YES", "YES", "YES", "YES", "@[\"file:///x/y\", \"notes.txt\"]", "@[\"file:///no/such/dir\", \"https://h/a/../b\"]", "@[2.5, 0.5]",
            "@[\"logs\", \"file:///a/b\"]",
        ])
    }

    /// Data gives a range of its bytes and goes to base64 and back; mutable data grows by
    /// appending and by length; a range past the end raises, as Foundation's does.
    @Test func dataIsCutEncodedAndGrown() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSData *d = [@\"hello world\" dataUsingEncoding:NSUTF8StringEncoding]",
            "[[NSString alloc] initWithData:[d subdataWithRange:NSMakeRange(6, 5)] encoding:NSUTF8StringEncoding]",
            "[d base64EncodedStringWithOptions:0]", "[d base64Encoding]",
            "[[NSString alloc] initWithData:[[NSData alloc] initWithBase64Encoding:@\"aGk=\"] encoding:NSUTF8StringEncoding]",
            "[[NSString alloc] initWithData:[[@\"0123456789012345678901234567890123456789012345678901234567890123456789\" dataUsingEncoding:NSUTF8StringEncoding] base64EncodedDataWithOptions:NSDataBase64Encoding64CharacterLineLength | NSDataBase64EncodingEndLineWithLineFeed] encoding:NSUTF8StringEncoding]",
            "[[NSString alloc] initWithData:[[NSData alloc] initWithBase64EncodedString:@\"aGk=\" options:0] encoding:NSUTF8StringEncoding]",
            "[[NSData alloc] initWithBase64EncodedString:@\"!!\" options:0] == nil",
            "NSMutableData *m = [NSMutableData data]; [m appendData:d]; [m appendData:d]; m.length",
            "[m setLength:3]; [[NSString alloc] initWithData:m encoding:NSUTF8StringEncoding]",
            "[[d mutableCopy] isKindOfClass:[NSMutableData class]]",
            // Bytes a pointer points at, appended and written over, as a JSON writer builds its output.
            "NSMutableData *w = [[NSMutableData alloc] initWithCapacity:8]; [w appendBytes:\"[\" length:1]; [w appendBytes:m.bytes length:2]; [w appendBytes:\"]\" length:1]; [[NSString alloc] initWithData:w encoding:NSUTF8StringEncoding]",
            "[w replaceBytesInRange:NSMakeRange(0, 1) withBytes:\"(\"]; [w replaceBytesInRange:NSMakeRange(1, 2) withBytes:\"-\" length:1]; [[NSString alloc] initWithData:w encoding:NSUTF8StringEncoding]",
            "[w resetBytesInRange:NSMakeRange(0, 1)]; @[@(((const char *)w.bytes)[0]), @([[NSMutableData alloc] initWithLength:3].length)]"
        ) == [
            "\"world\"", "\"aGVsbG8gd29ybGQ=\"", "\"aGVsbG8gd29ybGQ=\"", "\"hi\"",
            "\"MDEyMzQ1Njc4OTAxMjM0NTY3ODkwMTIzNDU2Nzg5MDEyMzQ1Njc4OTAxMjM0NTY3\\nODkwMTIzNDU2Nzg5MDEyMzQ1Njc4OQ==\"",
            "\"hi\"", "YES", "22", "\"hel\"", "YES", "\"[he]\"", "\"(-]\"", "@[0, 3]",
        ])
        #expect(shell.run("[d subdataWithRange:NSMakeRange(6, 50)]").first?.hasSuffix(
            "NSRangeException in -[NSData subdataWithRange:]: range {6, 50} out of bounds; data length 11") == true)
    }

    /// The app's container is the same path on every run and kept in memory: directories
    /// made, files written and read back, listed, measured and removed; nothing outside it
    /// can be written, and each failure is Foundation's error.
    @Test func theFileManagerWorksInTheAppsContainer() throws {
        let shell = try ShellHarness()
        shell.run(
            "NSString *docs = NSSearchPathForDirectoriesInDomains(NSDocumentDirectory, NSUserDomainMask, YES).firstObject",
            "NSFileManager *fm = [NSFileManager defaultManager]", "NSError *error = nil")
        #expect(shell.run(
            "docs",
            "[fm createDirectoryAtPath:[docs stringByAppendingPathComponent:@\"logs/today\"] withIntermediateDirectories:YES attributes:nil error:&error]",
            "[[@\"hello\" dataUsingEncoding:NSUTF8StringEncoding] writeToFile:[docs stringByAppendingPathComponent:@\"logs/today/a.txt\"] atomically:YES]",
            "[@\"second\" writeToFile:[docs stringByAppendingPathComponent:@\"logs/b.txt\"] atomically:YES encoding:NSUTF8StringEncoding error:&error]",
            "[fm contentsOfDirectoryAtPath:[docs stringByAppendingPathComponent:@\"logs\"] error:&error]",
            "[NSString stringWithContentsOfFile:[docs stringByAppendingPathComponent:@\"logs/today/a.txt\"] encoding:NSUTF8StringEncoding error:&error]",
            "BOOL isDir = NO; @[@([fm fileExistsAtPath:[docs stringByAppendingPathComponent:@\"logs\"] isDirectory:&isDir]), @(isDir), @([fm fileExistsAtPath:nil]), @([fm fileExistsAtPath:nil isDirectory:&isDir])]",
            "[fm attributesOfItemAtPath:[docs stringByAppendingPathComponent:@\"logs/b.txt\"] error:&error][NSFileSize]",
            "[fm removeItemAtPath:[docs stringByAppendingPathComponent:@\"logs\"] error:&error]",
            "[fm fileExistsAtPath:[docs stringByAppendingPathComponent:@\"logs/b.txt\"]]",
            "NSTemporaryDirectory()", "[fm URLsForDirectory:NSCachesDirectory inDomains:NSUserDomainMask].firstObject.path",
            "[fm URLForDirectory:NSApplicationSupportDirectory inDomain:NSUserDomainMask appropriateForURL:nil create:YES error:&error].path",
            "[fm fileExistsAtPath:[fm URLForDirectory:NSApplicationSupportDirectory inDomain:NSUserDomainMask appropriateForURL:nil create:NO error:&error].path]",
            "[fm URLForDirectory:NSDesktopDirectory inDomain:NSUserDomainMask appropriateForURL:nil create:YES error:&error] == nil && error.code == 4"
        ) == [
            "\"/var/mobile/Containers/Data/Application/rtsh/Documents\"", "YES", "YES", "YES", "@[\"b.txt\", \"today\"]", "\"hello\"", "@[YES, YES, NO, NO]",
            "6", "YES", "NO", "\"/var/mobile/Containers/Data/Application/rtsh/tmp/\"", "\"/var/mobile/Containers/Data/Application/rtsh/Library/Caches\"",
            "\"/var/mobile/Containers/Data/Application/rtsh/Library/Application Support\"", "YES", "YES",
        ])
        #expect(shell.run(
            "@[@([@\"x\" writeToFile:@\"/etc/rtsh-must-not-exist\" atomically:YES encoding:NSUTF8StringEncoding error:&error]), @(error.code)]",
            "[fm removeItemAtPath:[docs stringByAppendingPathComponent:@\"missing\"] error:&error]; error.localizedDescription",
            // Nothing to remove is done, as Foundation documents for nil.
            "@[@([fm removeItemAtPath:nil error:NULL]), @([fm removeItemAtURL:nil error:NULL])]",
            // An app group's container, which the app shares with its extensions, is written as the app's own.
            "NSString *group = [fm containerURLForSecurityApplicationGroupIdentifier:@\"group.com.example.app\"].path; group",
            "[@\"hi\" writeToFile:[group stringByAppendingPathComponent:@\"message.txt\"] atomically:YES encoding:NSUTF8StringEncoding error:NULL]; [fm contentsOfDirectoryAtPath:group error:NULL]",
            "[fm containerURLForSecurityApplicationGroupIdentifier:@\"\"] == nil",
            // A coordinated read or write runs its accessor at once: no other process writes here.
            "NSFileCoordinator *coordinator = [[NSFileCoordinator alloc] initWithFilePresenter:nil]; __block NSString *read = nil; NSError *coordinationError = nil; [coordinator coordinateReadingItemAtURL:[NSURL fileURLWithPath:[group stringByAppendingPathComponent:@\"message.txt\"]] options:0 error:&coordinationError byAccessor:^(NSURL *url) { read = [NSString stringWithContentsOfURL:url encoding:NSUTF8StringEncoding error:NULL]; }]; read"
        ) == ["@[NO, 513]", "NO", "\"The file “missing” couldn’t be opened because there is no such file.\"", "@[YES, YES]",
              "\"/var/mobile/Containers/Shared/AppGroup/group.com.example.app\"", "YES", "@[\"Library\", \"message.txt\"]", "YES", "\"hi\""])
        #expect(!FileManager.default.fileExists(atPath: "/etc/rtsh-must-not-exist"))
        // The error codes are Foundation's, so a loop that retries on one ends as on iOS;
        // setting attributes (protection, a string type) needs the item there.
        #expect(shell.run(
            "@[@(NSFileWriteFileExistsError), @(NSFileNoSuchFileError), @(NSFileReadNoSuchFileError)]",
            "NSFileProtectionType protection = NSFileProtectionComplete; protection",
            "[fm setAttributes:@{NSFileProtectionKey: protection} ofItemAtPath:[docs stringByAppendingPathComponent:@\"gone\"] error:&error]",
            "[fm setAttributes:@{NSFileProtectionKey: protection} ofItemAtPath:docs error:&error]"
        ) == ["@[516, 4, 260]", "\"NSFileProtectionComplete\"", "NO", "YES"])
    }

    /// A file handle reads and writes at the offset it keeps, as a logger appends with
    /// `seekToEndOfFile` and `writeData:`; a closed handle raises (the older methods) or
    /// reports POSIX's bad file descriptor (the newer ones); a missing file has no handle.
    @Test func fileHandlesReadAndWriteAtTheOffsetTheyKeep() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSString *path = [NSTemporaryDirectory() stringByAppendingPathComponent:@\"log.txt\"]; [[NSFileManager defaultManager] createFileAtPath:path contents:[@\"one\\n\" dataUsingEncoding:NSUTF8StringEncoding] attributes:nil]",
            "NSFileHandle *h = [NSFileHandle fileHandleForWritingAtPath:path]; [h seekToEndOfFile]",
            "[h writeData:[@\"two\\n\" dataUsingEncoding:NSUTF8StringEncoding]]; unsigned long long offset = 0; NSError *error = nil; [h getOffset:&offset error:&error]; @[@(offset), @(h.fileDescriptor)]",
            "[h closeFile]; @[@([h writeData:[NSData data] error:&error]), error.domain, @(error.code)]",
            "NSFileHandle *r = [NSFileHandle fileHandleForReadingAtPath:path]; [[NSString alloc] initWithData:[r readDataOfLength:3] encoding:NSUTF8StringEncoding]",
            "[[NSString alloc] initWithData:[r readDataToEndOfFile] encoding:NSUTF8StringEncoding]",
            "[NSFileHandle fileHandleForReadingAtPath:@\"/no/such/file\"]"
        ) == ["YES", "4", "YES", "@[8, 3]", "@[NO, \"NSPOSIXErrorDomain\", 9]", "\"one\"", "\"\\ntwo\\n\"", "nil"])
        let raised = shell.run("[r writeData:[NSData data]]").joined(separator: "\n")
        #expect(raised.contains("NSFileHandleOperationException: *** -[NSConcreteFileHandle writeData:]: Bad file descriptor"))
    }

    /// What a disk cache reads to trim itself: each item's dates on the model's clock (a
    /// write changes the file and its folder), its size and allocated size, the listings
    /// that ask for them, the dates it sets, and the backup exclusion it keeps.
    @Test func fileURLsAnswerTheirResourceValues() throws {
        let shell = try ShellHarness()
        shell.run(
            "NSFileManager *fm = [NSFileManager defaultManager]; NSError *error = nil",
            "NSURL *caches = [fm URLsForDirectory:NSCachesDirectory inDomains:NSUserDomainMask].firstObject",
            "NSURL *dir = [caches URLByAppendingPathComponent:@\"images\"]",
            "[fm createDirectoryAtURL:dir withIntermediateDirectories:YES attributes:nil error:&error]",
            "[[@\"12345\" dataUsingEncoding:NSUTF8StringEncoding] writeToURL:[dir URLByAppendingPathComponent:@\"a\"] atomically:YES]",
            "advance 10",
            "[[@\"x\" dataUsingEncoding:NSUTF8StringEncoding] writeToURL:[dir URLByAppendingPathComponent:@\".hidden\"] atomically:YES]",
            "NSArray *keys = @[NSURLContentModificationDateKey, NSURLCreationDateKey, NSURLTotalFileAllocatedSizeKey, NSURLFileSizeKey, NSURLIsDirectoryKey, NSURLNameKey]")
        #expect(shell.run(
            "NSDictionary *v = [[dir URLByAppendingPathComponent:@\"a\"] resourceValuesForKeys:keys error:&error]; @[@([v[NSURLContentModificationDateKey] timeIntervalSinceNow]), v[NSURLTotalFileAllocatedSizeKey], v[NSURLFileSizeKey], v[NSURLIsDirectoryKey], v[NSURLNameKey]]",
            "NSDate *folderDate = nil; [dir getResourceValue:&folderDate forKey:NSURLContentModificationDateKey error:&error]; lround([folderDate timeIntervalSinceNow])",
            "[[fm contentsOfDirectoryAtURL:dir includingPropertiesForKeys:keys options:NSDirectoryEnumerationSkipsHiddenFiles error:&error] valueForKey:@\"lastPathComponent\"]",
            "NSMutableArray *seen = [NSMutableArray array]; for (NSURL *u in [fm enumeratorAtURL:caches includingPropertiesForKeys:keys options:0 errorHandler:nil]) [seen addObject:u.lastPathComponent]; [seen copy]",
            "[fm subpathsOfDirectoryAtPath:caches.path error:&error]"
        ) == ["@[-10.0, 4096, 5, NO, \"a\"]", "YES", "0", "@[\"a\"]", "@[\"images\", \".hidden\", \"a\"]", "@[\"images\", \"images/.hidden\", \"images/a\"]"])
        // Setting: a cache marks what it read by its modification date; backup exclusion is kept.
        #expect(shell.run(
            "NSURL *a = [dir URLByAppendingPathComponent:@\"a\"]; [a setResourceValue:[NSDate dateWithTimeIntervalSinceNow:-3600] forKey:NSURLContentModificationDateKey error:&error]",
            "lround([[fm attributesOfItemAtPath:a.path error:&error][NSFileModificationDate] timeIntervalSinceNow])",
            "[fm setAttributes:@{NSFileModificationDate: [NSDate dateWithTimeIntervalSinceNow:-60]} ofItemAtPath:a.path error:&error]",
            "NSNumber *excluded = nil; [a setResourceValue:@YES forKey:NSURLIsExcludedFromBackupKey error:&error]; [a getResourceValue:&excluded forKey:NSURLIsExcludedFromBackupKey error:&error]; @[excluded, @(lround([[a resourceValuesForKeys:@[NSURLContentModificationDateKey] error:&error][NSURLContentModificationDateKey] timeIntervalSinceNow]))]",
            "[a setResourceValue:@1 forKey:NSURLFileSizeKey error:&error]; error.code",
            "[[dir URLByAppendingPathComponent:@\"gone\"] resourceValuesForKeys:keys error:&error] == nil && error.code == NSFileNoSuchFileError"
        ) == ["YES", "-3600", "YES", "YES", "YES", "@[YES, -60]", "NO", "513", "YES"])
    }

    /// An unarchiver made for an archive's data gives its root object under
    /// `NSKeyedArchiveRootObjectKey`, as PINCache reads its files; data that is no archive
    /// gives nil and Foundation's error.
    @Test func anUnarchiverReadsAnArchivesRootObject() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSData *data = [NSKeyedArchiver archivedDataWithRootObject:@{@\"k\": @[@1, @\"two\"]} requiringSecureCoding:NO error:nil]",
            "NSError *error = nil; NSKeyedUnarchiver *reader = [[NSKeyedUnarchiver alloc] initForReadingFromData:data error:&error]",
            "reader.requiresSecureCoding = NO; [reader decodeObjectForKey:NSKeyedArchiveRootObjectKey]",
            "[reader finishDecoding]; [[NSKeyedUnarchiver alloc] initForReadingFromData:[@\"junk\" dataUsingEncoding:NSUTF8StringEncoding] error:&error] == nil && error.code == 4864"
        ).suffix(2) == ["@{\"k\": @[1, \"two\"]}", "YES"])
    }

    @Test func characterSetsTrimAndSplitStrings() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "[@\"  Grace \\n\" stringByTrimmingCharactersInSet:[NSCharacterSet whitespaceAndNewlineCharacterSet]]",
            "[@\"a1b22c\" componentsSeparatedByCharactersInSet:[NSCharacterSet decimalDigitCharacterSet]]",
            "[[NSCharacterSet characterSetWithCharactersInString:@\"xy\"] characterIsMember:'y']") == [
            "\"Grace\"", "@[\"a\", \"b\", \"\", \"c\"]", "YES",
        ])
        #expect(shell.run("[@\"a\" stringByTrimmingCharactersInSet:@\"b\"]").first?.contains("expects an NSCharacterSet") == true)
    }

    @Test func mutableCollectionsTakeACapacity() throws {
        let shell = try ShellHarness()
        _ = shell.run("a = [NSMutableArray arrayWithCapacity:4]", "[a addObject:@1]", "d = [[NSMutableDictionary alloc] initWithCapacity:2]", "d[@\"k\"] = @2")
        #expect(shell.run("a.count", "d.count", "[a class]") == ["1", "1", "NSMutableArray"])
        _ = shell.run("s = [NSMutableSet setWithCapacity:3]", "[s addObject:@1]", "t = [[NSMutableSet alloc] initWithCapacity:1]")
        #expect(shell.run("s.count", "[s class]", "[t isSubsetOfSet:s]") == ["1", "NSMutableSet", "YES"])
    }

    @Test func loadViewIfNeededLoadsTheViewOnce() throws {
        let shell = try ShellHarness()
        _ = shell.run("@interface MMLoads : UIViewController\n@property int loads;\n@end\n@implementation MMLoads\n- (void)viewDidLoad { [super viewDidLoad]; self.loads += 1; }\n@end")
        #expect(shell.run("vc = [MMLoads new]", "[vc loadViewIfNeeded]", "[vc loadViewIfNeeded]", "vc.isViewLoaded", "vc.loads").suffix(2) == ["YES", "1"])
    }

    @Test func anUnrecognizedSelectorRaisesAnExceptionCodeCatches() throws {
        let shell = try ShellHarness()
        _ = shell.run("""
            @interface MMCatcher : NSObject
            + (NSString *)tryIt;
            @end
            @implementation MMCatcher
            + (NSString *)tryIt {
                @try { [[MMCatcher new] performSelector:@selector(fly)]; } @catch (NSException *e) { return e.name; }
                return @"nothing";
            }
            @end
            """)
        #expect(shell.run("[MMCatcher tryIt]") == ["\"NSInvalidArgumentException\""])
    }

    @Test func methodForSelectorAnswersTheImplementation() throws {
        let shell = try ShellHarness()
        _ = shell.run("@interface MMImp : NSObject\n- (int)seven;\n@end\n@implementation MMImp\n- (int)seven { return 7; }\n@end")
        _ = shell.run("imp = [MMImp instanceMethodForSelector:@selector(seven)]", "class_addMethod([MMImp class], @selector(sieben), imp, \"i@:\")")
        #expect(shell.run("[[MMImp new] sieben]", "[[MMImp new] methodForSelector:@selector(nothing)] == nil") == ["7", "YES"])
    }

    @Test func animationsCompleteOnTheVirtualClock() throws {
        let shell = try ShellHarness()
        _ = shell.run("done = NO", "v = [UIView new]",
                      "[UIView animateWithDuration:0.25 delay:0.5 options:0 animations:^{ v.alpha = 0; } completion:^(BOOL finished) { done = finished; }]")
        #expect(shell.run("v.alpha", "done", "start = CACurrentMediaTime()") == ["0.0", "NO"])
        // The wait begins after reading the time, which took a microsecond.
        #expect(shell.run("wait until done", "CACurrentMediaTime() - start") == ["waited 0.749999 s until done, now 0.75 s", "0.75"])
    }
}
