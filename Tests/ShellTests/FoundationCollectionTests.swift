import Testing

/// Foundation's collections as apps sort, enumerate and search them, with blocks and selectors.
@Suite("Foundation collections with blocks and selectors")
struct FoundationCollectionTests {
    @Test func arraysSortStablyBySelectorOrComparator() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "[@[@\"pear\", @\"Apple\", @\"fig\"] sortedArrayUsingSelector:@selector(compare:)]",
            "[@[@\"pear\", @\"Apple\", @\"fig\"] sortedArrayUsingSelector:@selector(caseInsensitiveCompare:)]",
            "[@[@3, @1, @2] sortedArrayUsingComparator:^NSComparisonResult(id a, id b) { return [b compare:a]; }]",
            // Equal keys keep their order.
            "[@[@\"bb\", @\"a\", @\"cc\", @\"d\"] sortedArrayUsingComparator:^NSComparisonResult(NSString *a, NSString *b) { return [@(a.length) compare:@(b.length)]; }]",
            "NSMutableArray *m = [@[@2, @3, @1] mutableCopy]; [m sortUsingSelector:@selector(compare:)]; m"
        ) == [
            "@[\"Apple\", \"fig\", \"pear\"]", "@[\"Apple\", \"fig\", \"pear\"]", "@[3, 2, 1]", "@[\"a\", \"d\", \"bb\", \"cc\"]",
            "<NSMutableArray: 0x1> @[1, 2, 3]",
        ])
    }

    @Test func arraysEnumerateUntilStoppedAndFindByTest() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "__block NSInteger sum = 0; [@[@1, @2, @3, @4] enumerateObjectsUsingBlock:^(NSNumber *n, NSUInteger i, BOOL *stop) { sum += n.integerValue; if (i == 2) *stop = YES; }]; sum",
            "[@[@\"a\", @\"bb\", @\"ccc\"] indexOfObjectPassingTest:^BOOL(NSString *s, NSUInteger i, BOOL *stop) { return s.length == 2; }]",
            "[@[@\"a\"] indexOfObjectPassingTest:^BOOL(NSString *s, NSUInteger i, BOOL *stop) { return NO; }] == NSNotFound",
            "[@[@1, @2, @3, @4] subarrayWithRange:NSMakeRange(1, 2)]"
        ) == ["6", "1", "YES", "@[2, 3]"])
        #expect(shell.run("[@[@1] subarrayWithRange:NSMakeRange(1, 2)]").first?
            .hasSuffix("NSInvalidArgumentException in -[NSArray subarrayWithRange:]: range {1, 2} extends beyond bounds [0 .. 0]") == true)
    }

    @Test func forInVisitsASetsMembersInItsStableOrder() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSInteger total = 0; for (NSNumber *n in [NSSet setWithArray:@[@1, @2, @3, @2]]) { total += n.integerValue; } total",
            "NSMutableArray *seen = [NSMutableArray array]; for (id tag in [NSSet setWithObjects:@\"b\", @\"a\", nil]) { [seen addObject:tag]; } seen.count"
        ) == ["6", "2"])
        #expect(shell.run("for (id x in @3) {}").first
            == "error: line 1, column 1: for...in needs an array, a dictionary, or an object that answers allObjects (a set), but this is an integer")
    }
}
