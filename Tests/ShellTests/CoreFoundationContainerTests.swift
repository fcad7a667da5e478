import Shell
import Testing

/// CoreFoundation's containers as model caches make them: Foundation's own, toll-free
/// bridged, with the apply functions calling the program's C functions.
@Suite("CoreFoundation containers")
struct CoreFoundationContainerTests {
    @Test func dictionariesAndArraysAreFoundationsAndApplyFunctionsCallTheProgram() throws {
        let shell = try ShellHarness()
        shell.run("""
            typedef struct { NSMutableString *text; int count; } MMContext;
            static void MMAppendPair(const void *key, const void *value, void *context) {
                MMContext *c = context;
                [c->text appendFormat:@"%@=%@;", key, value];
                c->count++;
            }
            static void MMAppendValue(const void *value, void *context) { MMContext *c = context; [c->text appendFormat:@"%@,", value]; }
            """)
        #expect(shell.run(
            "CFMutableDictionaryRef cache = CFDictionaryCreateMutable(CFAllocatorGetDefault(), 0, &kCFTypeDictionaryKeyCallBacks, &kCFTypeDictionaryValueCallBacks); CFDictionarySetValue(cache, (__bridge const void *)[NSObject class], @\"object\"); CFDictionaryGetValue(cache, (__bridge const void *)[NSObject class])",
            "CFDictionarySetValue(cache, @\"b\", @2); CFDictionaryAddValue(cache, @\"b\", @3); CFDictionaryReplaceValue(cache, @\"c\", @4); @[@(CFDictionaryGetCount(cache)), @(CFDictionaryContainsKey(cache, @\"c\")), CFDictionaryGetValue(cache, @\"b\")]",
            "CFDictionaryReplaceValue(cache, @\"b\", @5); CFDictionaryGetValue(cache, @\"b\")",
            "CFDictionaryRemoveValue(cache, (__bridge const void *)[NSObject class]); MMContext context = { [NSMutableString string], 0 }; CFDictionaryApplyFunction(cache, MMAppendPair, &context); @[[context.text copy], @(context.count)]",
            "[(__bridge NSMutableDictionary *)cache isKindOfClass:[NSMutableDictionary class]]",
            "CFMutableArrayRef list = CFArrayCreateMutable(NULL, 0, &kCFTypeArrayCallBacks); CFArrayAppendValue(list, @\"x\"); CFArrayAppendValue(list, @\"y\"); CFArrayInsertValueAtIndex(list, 0, @\"w\"); CFArrayApplyFunction(list, CFRangeMake(1, CFArrayGetCount(list) - 1), MMAppendValue, &context); [context.text copy]",
            "CFArraySetValueAtIndex(list, 0, @\"v\"); CFArrayRemoveValueAtIndex(list, 2); @[[(__bridge NSArray *)list copy], @(CFArrayContainsValue(list, CFRangeMake(0, 2), @\"x\"))]",
            "CFMutableSetRef set = CFSetCreateMutable(NULL, 0, &kCFTypeSetCallBacks); CFSetAddValue(set, @1); CFSetAddValue(set, @1); @[@(CFSetGetCount(set)), @(CFSetContainsValue(set, @1))]"
        ) == ["\"object\"", "@[2, NO, 2]", "5", "@[\"b=5;\", 1]", "YES", "\"b=5;x,y,\"", "@[@[\"v\", \"x\"], YES]", "@[1, YES]"])
        #expect(shell.run("CFDictionaryGetValue(@[], @1)").first?.hasSuffix(
            "CFDictionaryGetValue takes a dictionary and a key, as in CFDictionaryGetValue(cache, key), but was given an array, an integer") == true)
        // NULL, as a framework rtsh stands in for hands over, answers as nil does.
        #expect(shell.run("CFArrayRef none = NULL; @[@(CFArrayGetCount(none)), @(CFArrayGetValueAtIndex(none, 0) == NULL), @(CFDictionaryContainsKey(NULL, @1))]") == ["@[0, YES, NO]"])
        // The callbacks are structs a program copies and changes, as ReactiveObjC's disposables
        // compare by identity: `callbacks.equal = NULL`.
        #expect(shell.run(
            "CFArrayCallBacks callbacks = kCFTypeArrayCallBacks; callbacks.equal = NULL; CFMutableArrayRef held = CFArrayCreateMutable(NULL, 0, &callbacks); CFArrayAppendValue(held, @\"x\"); @[@(CFArrayGetCount(held)), @(callbacks.version), @(sizeof(CFDictionaryKeyCallBacks))]"
        ) == ["@[1, 0, 48]"])
        #expect(shell.run("&UITableViewCellStyleDefault").first?.hasSuffix("'&' takes the address of a variable; 'UITableViewCellStyleDefault' is not one") == true)
    }

    /// A binary heap kept in the order of the program's compare function, as ReactiveObjC's
    /// test scheduler keeps its actions by date; CFEqual, CFHash, CFCopyDescription and
    /// CFDateCompare as toll-free bridging answers them.
    @Test func binaryHeapsOrderByTheCompareFunctionAndObjectsCompareAsFoundationsDo() throws {
        let shell = try ShellHarness()
        shell.run("""
            static CFComparisonResult MMCompareLengths(const void *a, const void *b, void *info) {
                NSUInteger x = [(__bridge NSString *)a length], y = [(__bridge NSString *)b length];
                return x < y ? kCFCompareLessThan : x > y ? kCFCompareGreaterThan : kCFCompareEqualTo;
            }
            static void MMCollect(const void *value, void *context) { [(__bridge NSMutableArray *)context addObject:(__bridge id)value]; }
            """)
        #expect(shell.run(
            "CFBinaryHeapCallBacks callbacks = (CFBinaryHeapCallBacks){ .version = 0, .retain = NULL, .release = NULL, .copyDescription = &CFCopyDescription, .compare = &MMCompareLengths }; CFBinaryHeapRef heap = CFBinaryHeapCreate(NULL, 0, &callbacks, NULL); CFBinaryHeapAddValue(heap, @\"pear\"); CFBinaryHeapAddValue(heap, @\"fig\"); CFBinaryHeapAddValue(heap, @\"banana\"); CFBinaryHeapAddValue(heap, @\"kiwi\"); CFBinaryHeapGetCount(heap)",
            "NSMutableArray *order = [NSMutableArray array]; CFBinaryHeapApplyFunction(heap, MMCollect, (__bridge void *)order); [order copy]",
            "const void *least = NULL; BOOL present = CFBinaryHeapGetMinimumIfPresent(heap, &least); CFBinaryHeapRemoveMinimumValue(heap); @[@(present), (__bridge id)least, (__bridge id)CFBinaryHeapGetMinimum(heap), @(CFBinaryHeapGetCountOfValue(heap, @\"plum\"))]",
            "CFBinaryHeapRemoveAllValues(heap); const void *none = NULL; @[@(CFBinaryHeapGetCount(heap)), @(CFBinaryHeapGetMinimumIfPresent(heap, &none))]",
            "@[(__bridge NSString *)CFCopyDescription((__bridge CFTypeRef)@[@1]), @(CFEqual((__bridge CFTypeRef)@\"a\", (__bridge CFTypeRef)@\"a\")), @(CFHash((__bridge CFTypeRef)@\"a\") == [@\"a\" hash])]",
            "@(CFDateCompare((__bridge CFDateRef)[NSDate dateWithTimeIntervalSinceReferenceDate:1], (__bridge CFDateRef)[NSDate dateWithTimeIntervalSinceReferenceDate:2], NULL))"
        ) == ["4", "@[\"fig\", \"pear\", \"kiwi\", \"banana\"]", "@[YES, \"fig\", \"pear\", 2]", "@[0, NO]", "@[\"(\\n    1\\n)\", YES, YES]", "-1"])
    }

    /// A property list written and read through CoreFoundation, as NSPropertyListSerialization
    /// writes and reads it, with the default allocator named as code names it.
    @Test func propertyListsAreWrittenAndReadThroughCoreFoundation() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "CFErrorRef error = NULL; CFPropertyListFormat format = 0;",
            "NSData *data = (__bridge_transfer NSData *)CFPropertyListCreateData(kCFAllocatorDefault, (__bridge CFPropertyListRef)@{@\"a\": @[@1, @\"x\"]}, kCFPropertyListXMLFormat_v1_0, 0, &error);",
            "NSDictionary *back = (__bridge_transfer NSDictionary *)CFPropertyListCreateWithData(kCFAllocatorDefault, (__bridge CFDataRef)data, kCFPropertyListMutableContainers, &format, &error);",
            "@[back[@\"a\"], @(format), @([back isKindOfClass:[NSMutableDictionary class]])]",
            "@[@(CFPropertyListCreateWithData(NULL, [@\"junk\" dataUsingEncoding:NSUTF8StringEncoding], kCFPropertyListImmutable, NULL, &error) == NULL), @(error != NULL)]"
        ) == ["@[<NSMutableArray: 0x2> @[1, \"x\"], 100, YES]", "@[YES, YES]"])
    }
}
