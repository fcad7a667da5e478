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

    /// With copyItems, a collection holds copies: a mutable string changed afterwards
    /// leaves it as it was; without, it holds the object itself.
    @Test func collectionsMadeWithCopyItemsHoldCopies() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSMutableString *s = [NSMutableString stringWithString:@\"x\"]; NSDictionary *d = [[NSDictionary alloc] initWithDictionary:@{@\"a\": s} copyItems:YES]; NSArray *a = [[NSArray alloc] initWithArray:@[s] copyItems:YES]; NSArray *same = [[NSArray alloc] initWithArray:@[s] copyItems:NO]; [s appendString:@\"y\"]; @[d[@\"a\"], a[0], [same[0] description]]"
        ) == ["@[\"x\", \"x\", \"xy\"]"])
    }

    /// A set adding the members of nil adds nothing, as Foundation enumerates nil (an
    /// injector merging the bindings of modules that have none).
    @Test func aSetAddingNilsMembersAddsNothing() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSSet *base = [NSSet setWithObject:@1]; NSSet *none = nil; NSArray *empty = nil; @[@([base setByAddingObjectsFromSet:none].count), @([base setByAddingObjectsFromArray:empty].count), @([[base setByAddingObjectsFromSet:[NSSet setWithObject:@2]] count])]"
        ) == ["@[1, 1, 2]"])
    }

    /// An immutable set, ordered set, index set, attributed string or request is its own
    /// copy, as Foundation answers (AFNetworking's serializers compare their copies' sets by
    /// identity); a mutable one's copy is a new immutable object.
    @Test func anImmutableObjectIsItsOwnCopy() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSSet *set = [NSSet setWithObject:@1]; NSOrderedSet *ordered = [NSOrderedSet orderedSetWithObject:@1]; NSIndexSet *indexes = [NSIndexSet indexSetWithIndex:100]",
            "@[@([set copy] == set), @([ordered copy] == ordered), @([indexes copy] == indexes)]",
            "NSAttributedString *text = [[NSAttributedString alloc] initWithString:@\"a\"]; NSURLRequest *request = [NSURLRequest requestWithURL:[NSURL URLWithString:@\"https://example.com\"]]",
            "@[@([text copy] == text), @([request copy] == request), @([set copyWithZone:nil] == set)]",
            "NSMutableSet *growing = [NSMutableSet setWithObject:@1]; NSSet *frozen = [growing copy]; [growing addObject:@2]",
            "@[@(frozen == growing), @(frozen.count), NSStringFromClass([frozen class])]",
            "NSMutableIndexSet *more = [NSMutableIndexSet indexSetWithIndex:1]; @[@([more copy] == more), NSStringFromClass([[more copy] class])]"
        ) == ["@[YES, YES, YES]", "@[YES, YES, YES]", "@[NO, 1, \"NSSet\"]", "@[NO, \"NSIndexSet\"]"])
    }

    /// The searches and enumerations with options, ranges and index sets (reverse order,
    /// binary search of a sorted range), and the mutable collections' edits by range and by
    /// index set, as Foundation has them.
    @Test func collectionsSearchAndChangeByRangeAndIndexSet() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSIndexSet *set = [NSIndexSet indexSetWithIndexesInRange:NSMakeRange(1, 5)]",
            "[[set indexesPassingTest:^BOOL(NSUInteger i, BOOL *stop) { return i % 2 == 0; }] isEqualToIndexSet:[NSIndexSet indexSetWithIndexesInRange:NSMakeRange(2, 1)]] ? 0 : [[set indexesPassingTest:^BOOL(NSUInteger i, BOOL *stop) { return i % 2 == 0; }] count]",
            "[set indexWithOptions:NSEnumerationReverse passingTest:^BOOL(NSUInteger i, BOOL *stop) { return i % 2 == 1; }]",
            "NSMutableString *order = [NSMutableString string]; [set enumerateIndexesInRange:NSMakeRange(2, 3) options:NSEnumerationReverse usingBlock:^(NSUInteger i, BOOL *stop) { [order appendFormat:@\"%lu\", (unsigned long)i]; }]; [order copy]",
            "NSArray *a = @[@\"a\", @\"b\", @\"c\", @\"b\"]; [a indexOfObject:@\"b\" inRange:NSMakeRange(2, 2)]",
            "[a indexOfObjectWithOptions:NSEnumerationReverse passingTest:^BOOL(id o, NSUInteger i, BOOL *stop) { return [o isEqual:@\"b\"]; }]",
            "[[a indexesOfObjectsAtIndexes:[NSIndexSet indexSetWithIndexesInRange:NSMakeRange(0, 3)] options:0 passingTest:^BOOL(id o, NSUInteger i, BOOL *stop) { return ![o isEqual:@\"b\"]; }] count]",
            "NSComparator numeric = ^NSComparisonResult(id x, id y) { return [x compare:y]; }; [@[@1, @3, @5, @7] indexOfObject:@4 inSortedRange:NSMakeRange(0, 4) options:NSBinarySearchingInsertionIndex usingComparator:numeric]",
            "@[@([@[@1, @3, @3, @7] indexOfObject:@3 inSortedRange:NSMakeRange(0, 4) options:NSBinarySearchingLastEqual usingComparator:numeric]), @([@[@1, @3] indexOfObject:@2 inSortedRange:NSMakeRange(0, 2) options:0 usingComparator:numeric] == NSNotFound)]",
            "[@[@3, @1, @2] sortedArrayWithOptions:NSSortStable usingComparator:numeric]",
            "NSMutableArray *m = [@[@1, @2, @3, @4, @5] mutableCopy]; [m removeObjectsInRange:NSMakeRange(1, 2)]; [m replaceObjectsInRange:NSMakeRange(0, 1) withObjectsFromArray:@[@9, @8]]; [m replaceObjectsAtIndexes:[NSIndexSet indexSetWithIndex:0] withObjects:@[@0]]; [m copy]",
            "id x = [NSObject new]; NSMutableArray *n = [@[x, @\"y\"] mutableCopy]; [n removeObjectIdenticalTo:x]; [n copy]",
            "NSMutableOrderedSet *o = [NSMutableOrderedSet orderedSetWithArray:@[@1, @2, @3, @4]]; [o moveObjectsAtIndexes:[NSIndexSet indexSetWithIndex:0] toIndex:3]; [o removeObjectsAtIndexes:[NSIndexSet indexSetWithIndex:1]]; o.array",
            "NSMutableSet *s = [NSMutableSet setWithObject:@1]; [s setSet:[NSSet setWithObjects:@2, @3, nil]]; [s.allObjects sortedArrayUsingSelector:@selector(compare:)]",
            "NSMutableDictionary *d = [@{@\"a\": @1} mutableCopy]; [d setDictionary:@{@\"b\": @2}]; [d copy]",
            "[@{@\"a\": @2, @\"b\": @1} keysSortedByValueWithOptions:0 usingComparator:numeric]",
            "[[[NSMutableString alloc] initWithCapacity:8] isKindOfClass:[NSMutableString class]]"
        ) == [
            "2", "5", "\"432\"", "3", "3", "2", "2", "@[2, YES]", "@[1, 2, 3]", "@[0, 8, 4, 5]", "@[\"y\"]", "@[2, 4, 1]", "@[2, 3]",
            "@{\"b\": 2}", "@[\"b\", \"a\"]", "YES",
        ])
        #expect(shell.run("[m removeObjectsInRange:NSMakeRange(3, 5)]").first
            == "error: line 1, column 1: NSRangeException in -[NSMutableArray removeObjectsInRange:]: range {3, 5} extends beyond bounds [0 .. 3]")
    }

    /// An attributed string is read a stretch at a time: where one attribute, or all of
    /// them, stays the same, in order or reversed, and the longest range of a value within a range.
    @Test func attributedStringsEnumerateTheirStretches() throws {
        let shell = try ShellHarness()
        shell.run("NSMutableAttributedString *t = [[NSMutableAttributedString alloc] initWithString:@\"hello world\"]; [t addAttribute:@\"k\" value:@1 range:NSMakeRange(0, 5)]; [t addAttribute:@\"j\" value:@2 range:NSMakeRange(3, 4)];")
        #expect(shell.run(
            "NSMutableArray *seen = [NSMutableArray array]; [t enumerateAttribute:@\"k\" inRange:NSMakeRange(0, t.length) options:0 usingBlock:^(id value, NSRange range, BOOL *stop) { [seen addObject:[NSString stringWithFormat:@\"%@ %@\", value, NSStringFromRange(range)]]; }]; [seen copy]",
            "[seen removeAllObjects]; [t enumerateAttributesInRange:NSMakeRange(2, 6) options:NSAttributedStringEnumerationReverse usingBlock:^(NSDictionary *attributes, NSRange range, BOOL *stop) { [seen addObject:[NSString stringWithFormat:@\"%lu %@\", (unsigned long)attributes.count, NSStringFromRange(range)]]; }]; [seen copy]",
            "NSRange longest; [t attribute:@\"k\" atIndex:2 longestEffectiveRange:&longest inRange:NSMakeRange(1, 3)]; NSStringFromRange(longest)"
        ) == [
            "@[\"1 {0, 5}\", \"(null) {5, 6}\"]", "@[\"0 {7, 1}\", \"1 {5, 2}\", \"2 {3, 2}\", \"1 {2, 1}\"]", "1", "\"{1, 3}\"",
        ])
    }

    /// Sorting by a C function, as older code sorts: it is given the context too.
    @Test func arraysSortByACFunctionWithAContext() throws {
        let shell = try ShellHarness()
        shell.run("NSInteger mm_byLength(id a, id b, void *context) { NSInteger d = [a length] - [b length]; if (context) d = -d; return d < 0 ? -1 : d > 0 ? 1 : 0; }")
        #expect(shell.run(
            "[@[@\"ccc\", @\"a\", @\"bb\"] sortedArrayUsingFunction:mm_byLength context:NULL]",
            "int flag = 1; NSMutableArray *words = [@[@\"y\", @\"zzz\", @\"xx\"] mutableCopy]; [words sortUsingFunction:mm_byLength context:&flag]; [words copy]"
        ) == ["@[\"a\", \"bb\", \"ccc\"]", "@[\"zzz\", \"xx\", \"y\"]"])
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
            .hasSuffix("NSRangeException in -[NSArray subarrayWithRange:]: range {1, 2} extends beyond bounds [0 .. 0]") == true)
    }

    @Test func indexSetsHoldDistinctIndexesInOrder() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSMutableIndexSet *s = [NSMutableIndexSet indexSetWithIndexesInRange:NSMakeRange(4, 3)]",
            "[s addIndex:1]; [s addIndex:5]; [s removeIndex:6]; s.description",
            "s.count", "s.firstIndex", "s.lastIndex", "[s containsIndex:5]", "[s indexGreaterThanIndex:1]", "[s indexLessThanIndex:1] == NSNotFound",
            "[s isEqual:[s copy]]", "[[s copy] class]", "[NSIndexSet indexSet].description",
            "__block NSInteger sum = 0; [s enumerateIndexesUsingBlock:^(NSUInteger i, BOOL *stop) { sum += i; *stop = i == 4; }]; sum",
            "[s shiftIndexesStartingAtIndex:4 by:-2]; s.description"
        ) == [
            "\"<NSMutableIndexSet>[number of indexes: 3 (in 2 ranges), indexes: (1 4-5)]\"",
            "3", "1", "5", "YES", "4", "YES", "YES", "NSIndexSet", "\"<NSIndexSet>[number of indexes: 0 (in 0 ranges)]\"", "5",
            "\"<NSMutableIndexSet>[number of indexes: 3 (in 1 range), indexes: (1-3)]\"",
        ])
        // Indexes copied into a C array, within a range that moves past them.
        #expect(shell.run(
            "NSIndexSet *five = [NSIndexSet indexSetWithIndexesInRange:NSMakeRange(2, 5)]; NSUInteger all[5]; NSUInteger n = [five getIndexes:all maxCount:5 inIndexRange:NULL]; @[@(n), @(all[0]), @(all[4])]",
            "NSRange within = NSMakeRange(3, 10); NSUInteger two[2]; NSUInteger k = [five getIndexes:two maxCount:2 inIndexRange:&within]; @[@(k), @(two[0]), @(two[1]), @(within.location), @(within.length)]"
        ) == ["@[5, 2, 6]", "@[2, 3, 4, 5, 8]"])
        // A range of billions is answered without walking it, and refused where it would be kept.
        #expect(shell.run(
            "@[@([five containsIndexesInRange:NSMakeRange(0, 4000000000)]), @([five countOfIndexesInRange:NSMakeRange(0, 4000000000)])]",
            "NSMutableIndexSet *some = [five mutableCopy]; [some removeIndexesInRange:NSMakeRange(4, 4000000000)]; some.count"
        ) == ["@[NO, 5]", "2"])
        #expect(shell.run("[NSIndexSet indexSetWithIndexesInRange:NSMakeRange(0, 4000000000)]").first?.hasSuffix(
            "range {0, 4000000000} holds more indexes than rtsh keeps in one index set (at most 1048576, each kept apart)") == true)
        #expect(shell.run("[NSIndexSet indexSetWithIndex:-1]").first?
            .hasSuffix("in +[NSIndexSet indexSetWithIndex:]: index -1 is out of the range an index set holds, 0 to NSNotFound - 1") == true)
    }

    @Test func arraysReadAndChangeTheObjectsAtAnIndexSet() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSMutableArray *a = [@[@\"a\", @\"b\", @\"c\", @\"d\"] mutableCopy]",
            "[a objectsAtIndexes:[NSIndexSet indexSetWithIndexesInRange:NSMakeRange(1, 2)]]",
            "[a indexesOfObjectsPassingTest:^BOOL(NSString *s, NSUInteger i, BOOL *stop) { return i % 2 == 0; }].description",
            "NSMutableIndexSet *odd = [NSMutableIndexSet indexSetWithIndex:1]; [odd addIndex:3]; [a removeObjectsAtIndexes:odd]; a",
            "[a insertObjects:@[@\"x\", @\"y\"] atIndexes:odd]; a"
        ) == [
            "@[\"b\", \"c\"]", "\"<NSIndexSet>[number of indexes: 2 (in 2 ranges), indexes: (0 2)]\"",
            "<NSMutableArray: 0x1> @[\"a\", \"c\"]", "<NSMutableArray: 0x1> @[\"a\", \"x\", \"c\", \"y\"]",
        ])
        #expect(shell.run("[@[@1] objectsAtIndexes:[NSIndexSet indexSetWithIndex:3]]").first?.hasSuffix("NSRangeException in -[NSArray objectsAtIndexes:]: index 3 beyond bounds [0 .. 0]") == true)
        #expect(shell.run("[@[@1] objectsAtIndexes:@[@0]]").first?.hasSuffix("expects an NSIndexSet as argument 1, but got an array") == true)
    }

    /// A predicate reads its format as Foundation does (comparisons with options, `%@`,
    /// `%K` and numbers, `AND`/`OR`/`NOT`, `ANY`, `IN`, `BETWEEN`, `LIKE`, `MATCHES`), and
    /// arrays and sets filter by it; a format that does not read is refused, saying where.
    @Test func predicatesFilterCollectionsAsTheirFormatSays() throws {
        let shell = try ShellHarness()
        shell.run(#"NSArray *people = @[@{@"name": @"Ann", @"age": @31, @"tags": @[@"a", @"b"]}, @{@"name": @"bob", @"age": @17, @"tags": @[]}, @{@"name": @"Éva", @"age": @45, @"tags": @[@"b"]}]"#)
        #expect(shell.run(
            #"[people filteredArrayUsingPredicate:[NSPredicate predicateWithFormat:@"age > 18"]].count"#,
            #"[[people filteredArrayUsingPredicate:[NSPredicate predicateWithFormat:@"name BEGINSWITH[c] %@", @"b"]] valueForKey:@"name"]"#,
            #"[[people filteredArrayUsingPredicate:[NSPredicate predicateWithFormat:@"name ==[cd] %@ OR age < %d", @"eva", 20]] valueForKey:@"name"]"#,
            #"[[people filteredArrayUsingPredicate:[NSPredicate predicateWithFormat:@"ANY tags == 'b' AND NOT (age BETWEEN {40, 50})"]] valueForKey:@"name"]"#,
            #"[[people filteredArrayUsingPredicate:[NSPredicate predicateWithFormat:@"%K IN %@", @"name", @[@"Ann", @"bob"]]] valueForKey:@"name"]"#,
            #"[[NSPredicate predicateWithFormat:@"name LIKE 'A*' && tags.@count >= 1"] predicateFormat]"#,
            #"[[NSPredicate predicateWithFormat:@"SELF MATCHES '[a-z]+'"] evaluateWithObject:@"abc"]"#,
            #"[[NSPredicate predicateWithBlock:^BOOL(id o, NSDictionary *b) { return [o integerValue] > 2; }] evaluateWithObject:@3]"#,
            #"NSMutableArray *m = [@[@1, @5, @9] mutableCopy]; [m filterUsingPredicate:[NSPredicate predicateWithFormat:@"SELF > 4"]]; [m copy]"#,
            #"[[NSSet setWithArray:@[@1, @2, @3]] filteredSetUsingPredicate:[NSPredicate predicateWithFormat:@"SELF != 2"]].count"#,
            #"[[NSCompoundPredicate andPredicateWithSubpredicates:@[[NSPredicate predicateWithFormat:@"SELF > 1"], [NSPredicate predicateWithFormat:@"SELF < 3"]]] evaluateWithObject:@2]"#
        ) == [
            "2", "@[\"bob\"]", "@[\"bob\", \"Éva\"]", "@[\"Ann\"]", "@[\"Ann\", \"bob\"]", #""name LIKE \"A*\" AND tags.@count >= 1""#,
            "YES", "YES", "@[5, 9]", "2", "YES",
        ])
        let deep = String(repeating: "(", count: 5000) + "TRUEPREDICATE" + String(repeating: ")", count: 5000)
        #expect(shell.run("[NSPredicate predicateWithFormat:@\"\(deep)\"]").first?.hasSuffix("it nests deeper than 100 levels") == true)
        #expect(shell.run(#"[NSPredicate predicateWithFormat:@"name == "]"#).first?.hasSuffix(
            #"NSInvalidArgumentException in +[NSPredicate predicateWithFormat:]: Unable to parse the format string "name == ": expected a key path or a value at the end"#) == true)
    }

    /// `SUBQUERY(collection, $x, predicate)` answers the members that pass with the variable
    /// bound to each, read on with a key path (`.@count`); a `$NAME` is a substitution
    /// variable, given at evaluation or bound into a copy of the predicate, and one with no
    /// value raises, as Foundation's does (ResearchKit's result predicates). A predicate's
    /// copy is itself.
    @Test func subqueriesAndSubstitutionVariables() throws {
        let shell = try ShellHarness()
        shell.run(#"NSArray *people = @[@{@"name": @"Ann", @"kids": @[@1, @5]}, @{@"name": @"Bo", @"kids": [@[@2] mutableCopy]}]"#)
        #expect(shell.run(
            #"[[people filteredArrayUsingPredicate:[NSPredicate predicateWithFormat:@"SUBQUERY(kids, $k, $k > %d).@count > 0", 3]] valueForKey:@"name"]"#,
            #"NSPredicate *named = [NSPredicate predicateWithFormat:@"SUBQUERY(SELF, $p, $p.name == $WANTED AND SUBQUERY($p.kids, $k, $k == 2).@count == 1).@count > 0"]; named.predicateFormat"#,
            #"@[@([named evaluateWithObject:people substitutionVariables:@{@"WANTED": @"Bo"}]), @([[named predicateWithSubstitutionVariables:@{@"WANTED": @"Ann"}] evaluateWithObject:people])]"#,
            #"[[NSPredicate predicateWithFormat:@"$LIMIT > 2"] evaluateWithObject:nil substitutionVariables:@{@"LIMIT": @3}]"#,
            #"@[@([[NSPredicate predicateWithFormat:@"ANY kids == 2"] evaluateWithObject:people[1]]), @([[NSPredicate predicateWithFormat:@"SUBQUERY(SELF, $p, $p == 2).@count == 1"] evaluateWithObject:[@[@2, @3] mutableCopy]])]"#,
            #"NSPredicate *both = [NSCompoundPredicate andPredicateWithSubpredicates:@[named]]; @[@([both copy] == both), @([[named copyWithZone:nil] isKindOfClass:[NSPredicate class]])]"#
        ) == [
            #"@["Ann"]"#, #""SUBQUERY(SELF, $p, $p.name == $WANTED AND SUBQUERY($p.kids, $k, $k == 2).@count == 1).@count > 0""#, "@[YES, NO]", "YES", "@[YES, YES]", "@[YES, YES]",
        ])
        #expect(shell.run(#"[NSPredicate predicateWithFormat:@"SUBQUERY(kids, k, k > 1).@count > 0"]"#).first?.hasSuffix(
            "SUBQUERY takes a collection, a variable such as $x and a predicate") == true)
        #expect(shell.run(#"[named evaluateWithObject:people]"#).first?.contains("Can't get value for 'WANTED' in bindings") == true)
    }

    /// A set enumerates its members in its order until stopped, and picks those passing a
    /// test; a mutable dictionary removes the keys given; a signature names each argument's type.
    @Test func setsEnumerateAndDictionariesRemoveKeys() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSMutableArray *seen = [NSMutableArray array]",
            "[[NSSet setWithArray:@[@1, @2, @3]] enumerateObjectsUsingBlock:^(id o, BOOL *stop) { [seen addObject:o]; if ([o intValue] == 2) *stop = YES; }]; [seen copy]",
            "[[NSSet setWithArray:@[@1, @2, @3]] objectsPassingTest:^BOOL(id o, BOOL *stop) { return [o intValue] > 1; }].count",
            "NSMutableDictionary *d = [@{@\"a\": @1, @\"b\": @2, @\"c\": @3} mutableCopy]; [d removeObjectsForKeys:@[@\"a\", @\"c\", @\"z\"]]; [d copy]",
            "NSMethodSignature *s = [NSMethodSignature signatureWithObjCTypes:\"v@:q@\"]; @[@([s getArgumentTypeAtIndex:0]), @([s getArgumentTypeAtIndex:2])]"
        ) == ["@[1, 2]", "2", "@{\"b\": 2}", "@[\"@\", \"q\"]"])
    }

    /// A nil collection given to a mutation that loops over it changes nothing, as
    /// Foundation's loop over nil does; an intersection with nil keeps nothing.
    @Test func mutationsGivenNilChangeNothing() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSMutableSet *s = [NSMutableSet setWithArray:@[@1, @2]]; [s minusSet:nil]; [s unionSet:nil]; s.count",
            "NSMutableDictionary *d = [@{@\"a\": @1} mutableCopy]; [d removeObjectsForKeys:nil]; [d addEntriesFromDictionary:nil]; [d copy]",
            "NSMutableArray *a = [@[@1] mutableCopy]; [a addObjectsFromArray:nil]; [a removeObjectsInArray:nil]; [a copy]",
            // Intersecting asks the other set about each member, and nil holds none (Parse's field sets).
            "NSMutableSet *kept = [NSMutableSet setWithArray:@[@1, @2]]; [kept intersectSet:nil]; kept.count"
        ) == ["2", "@{\"a\": 1}", "@[1]", "0"])
    }

    /// A counted set counts each member's additions; a removal takes one away, and the
    /// member goes with its last.
    @Test func aCountedSetCountsItsMembers() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSCountedSet *c = [NSCountedSet setWithArray:@[@\"a\", @\"b\", @\"a\"]]", "@[@(c.count), @([c countForObject:@\"a\"])]",
            "[c addObject:@\"b\"]; [c removeObject:@\"a\"]; @[@([c countForObject:@\"a\"]), @([c countForObject:@\"b\"]), @([c countForObject:@\"z\"])]",
            "[c removeObject:@\"a\"]; @[@(c.count), @([c containsObject:@\"a\"])]", "[c description]",
            "[c isKindOfClass:[NSMutableSet class]]"
        ) == ["@[2, 2]", "@[1, 2, 0]", "@[1, NO]", "\"<NSCountedSet: 0x1> (b [2])\"", "YES"])
    }

    /// An ordered set keeps the first of equal objects where it was given, indexes and
    /// enumerates as an array, and its mutable form inserts, replaces and removes in place.
    @Test func orderedSetsHoldDistinctObjectsInTheOrderGiven() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSMutableOrderedSet *s = [NSMutableOrderedSet orderedSetWithArray:@[@\"1\", @\"22\", @\"1\", @\"333\"]];", "s.count", "s[1]",
            "[s indexOfObject:@\"333\"]", "[s containsObject:@\"4\"]",
            "[s addObject:@\"22\"]; [s insertObject:@\"0\" atIndex:0]; [s array]",
            "NSInteger total = 0; for (NSString *each in s) { total += each.length; } total",
            "[s removeObject:@\"1\"]; s[0] = @\"zero\"; [s exchangeObjectAtIndex:0 withObjectAtIndex:2]; [s array]",
            "[s isEqualToOrderedSet:[NSOrderedSet orderedSetWithObjects:@\"333\", @\"22\", @\"zero\", nil]] && ![s isEqual:[s array]]",
            "[[s reversedOrderedSet] firstObject]", "[[s set] count]",
            "__block NSString *joined = @\"\"; [s enumerateObjectsUsingBlock:^(NSString *each, NSUInteger i, BOOL *stop) { joined = [joined stringByAppendingString:each]; }]; joined",
            "[NSClassFromString(@\"NSMutableOrderedSet\") isSubclassOfClass:[NSOrderedSet class]]"
        ) == [
            "3", "\"22\"", "2", "NO", "@[\"0\", \"1\", \"22\", \"333\"]", "7",
            "@[\"333\", \"22\", \"zero\"]", "YES", "\"zero\"", "3", "\"33322zero\"", "YES",
        ])
        #expect(shell.run("[s insertObject:nil atIndex:0]").first?.contains("object cannot be nil") == true)
        // A range of an ordered set's or an array's members; past the end raises.
        #expect(shell.run(
            "[[NSOrderedSet orderedSetWithOrderedSet:s range:NSMakeRange(0, 2) copyItems:NO] array]",
            "[[[NSOrderedSet alloc] initWithArray:@[@1, @2, @3] range:NSMakeRange(1, 2) copyItems:YES] array]"
        ) == ["@[\"333\", \"22\"]", "@[2, 3]"])
        #expect(shell.run("[NSOrderedSet orderedSetWithOrderedSet:s range:NSMakeRange(2, 5) copyItems:NO]").first?
            .contains("NSRangeException in +[NSOrderedSet orderedSetWithOrderedSet:range:copyItems:]: range {2, 5} out of bounds") == true)
    }

    /// `for...in` over a map table visits its keys, as its fast enumeration does.
    @Test func forInVisitsAMapTablesKeys() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSMapTable *table = [NSMapTable strongToStrongObjectsMapTable]; [table setObject:@1 forKey:@\"a\"]; [table setObject:@2 forKey:@\"b\"];",
            "NSMutableArray *keys = [NSMutableArray array]; for (NSString *key in table) { [keys addObject:key]; } [keys copy]"
        ) == ["@[\"a\", \"b\"]"])
        // Map tables holding equal objects for equal keys are equal, as BlocksKit's tests compare them.
        #expect(shell.run(
            "NSMapTable *same = [NSMapTable weakToStrongObjectsMapTable]; [same setObject:@2 forKey:@\"b\"]; [same setObject:@1 forKey:@\"a\"];",
            "@[@([table isEqual:same]), @([same isEqual:table]), @([table isEqual:@{@\"a\": @1, @\"b\": @2}])]",
            "[same setObject:@3 forKey:@\"b\"]; [table isEqual:same]"
        ) == ["@[YES, YES, NO]", "NO"])
        // A copy is a table of its own with the same options and entries (KVOController's).
        #expect(shell.run(
            "NSMapTable *copied = [same copy]; @[@(copied != same), @([copied isEqual:same]), [copied objectForKey:@\"b\"]]",
            "[copied setObject:@4 forKey:@\"c\"]; @[@(same.count), @(copied.count)]",
            "NSMapTable *weakly = [NSMapTable weakToWeakObjectsMapTable]; @autoreleasepool { NSObject *gone = [NSObject new]; [weakly setObject:gone forKey:@\"k\"]; copied = [weakly copy]; } copied.count"
        ) == ["@[YES, YES, 3]", "@[2, 3]", "0"])
    }

    @Test func forInVisitsASetsMembersInItsStableOrder() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSInteger total = 0; for (NSNumber *n in [NSSet setWithArray:@[@1, @2, @3, @2]]) { total += n.integerValue; } total",
            "NSMutableArray *seen = [NSMutableArray array]; for (id tag in [NSSet setWithObjects:@\"b\", @\"a\", nil]) { [seen addObject:tag]; } seen.count"
        ) == ["6", "2"])
        // A class of the program's whose allObjects makes a mutable array, as ReactiveObjC's tuples do.
        shell.run("""
            @interface MMTuple : NSObject
            @end
            @implementation MMTuple
            - (NSArray *)allObjects { NSMutableArray *made = [NSMutableArray arrayWithCapacity:2]; [made addObject:@"x"]; [made addObject:@"y"]; return made; }
            @end
            """)
        #expect(shell.run("NSMutableString *joined = [NSMutableString string]; for (NSString *part in [MMTuple new]) { [joined appendString:part]; } [joined copy]")
            == ["\"xy\""])
        #expect(shell.run("for (id x in @3) {}").first
            == "error: line 1, column 1: for...in needs an array, a dictionary, or an object that answers allObjects, keyEnumerator or objectEnumerator (a set, a map table, an ordered set), but this is an integer")
    }

    @Test func stringsAreReadAsPaths() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "[@\"a/b\" stringByAppendingPathComponent:@\"c.png\"]", "@\"/x/y.tar.gz\".pathExtension", "@\"/x/y.png/\".lastPathComponent",
            "@\"/x/y.png\".stringByDeletingPathExtension", "@\"/x/y/\".stringByDeletingLastPathComponent", "@\"/x//y\".pathComponents",
            "@\"~/Documents\".stringByExpandingTildeInPath", "[@\"x\" stringByAppendingPathExtension:@\"png\"]", "@\"/x\".isAbsolutePath",
            "[UIApplication sharedApplication].userInterfaceLayoutDirection == UIUserInterfaceLayoutDirectionLeftToRight"
        ) == [
            "\"a/b/c.png\"", "\"gz\"", "\"y.png\"", "\"/x/y\"", "\"/x\"", "@[\"/\", \"x\", \"y\"]", "\"/var/mobile/Documents\"", "\"x.png\"",
            "YES", "YES",
        ])
    }

    @Test func stringsAreSearchedAndCutByRange() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "[@\"abcb\" rangeOfString:@\"b\"]", "[@\"abcb\" rangeOfString:@\"B\" options:NSCaseInsensitiveSearch | NSBackwardsSearch]",
            "[@\"abc\" rangeOfString:@\"z\"].location == NSNotFound", "[@\"abcb\" rangeOfString:@\"b\" options:0 range:NSMakeRange(2, 2)]",
            "[@\"h\u{e9}llo\" substringWithRange:NSMakeRange(1, 3)]", "[@\"abc\" stringByReplacingCharactersInRange:NSMakeRange(0, 1) withString:@\"X\"]",
            "[[NSMutableString stringWithString:@\"hey\"] rangeOfString:@\"y\"]"
        ) == ["{1, 1}", "{3, 1}", "YES", "{3, 1}", "\"\u{e9}ll\"", "\"Xbc\"", "{2, 1}"])
        #expect(shell.run("[@\"abc\" substringWithRange:NSMakeRange(2, 5)]").first?
            .hasSuffix("NSRangeException in -[NSString substringWithRange:]: range {2, 5} out of bounds; string length 3") == true)
        // A range at NSNotFound (a search that found nothing) is out of bounds, not a crash.
        #expect(shell.run("[@\"abc\" substringWithRange:NSMakeRange(NSNotFound, 2)]").first?
            .hasSuffix("range {9223372036854775807, 2} out of bounds; string length 3") == true)
        #expect(shell.run("[[NSMutableIndexSet indexSet] addIndexesInRange:NSMakeRange(NSNotFound, 5)]").first?
            .hasSuffix("range {9223372036854775807, 5} runs past NSNotFound - 1, the last index an index set holds") == true)
        // A cut widened to whole characters: an emoji with its skin tone is four UTF-16 units.
        #expect(shell.run(
            "NSString *old = @\"a\\U0001F474\\U0001F3FBb\"", "[old rangeOfComposedCharacterSequencesForRange:NSMakeRange(1, 1)]",
            "[old rangeOfComposedCharacterSequenceAtIndex:5]"
        ) == ["{1, 4}", "{5, 1}"])
    }

    /// `NSRegularExpression` on Foundation's regular expressions, with ranges in UTF-16
    /// units, and the `NSTextCheckingResult`s it answers or an app makes (a label's links).
    @Test func regularExpressionsFindMatchesAndTheirGroups() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSError *error = nil; NSString *text = @\"mail ada@example.com or BOB@test.com\"",
            "NSRegularExpression *re = [NSRegularExpression regularExpressionWithPattern:@\"(\\\\w+)@(\\\\w+)\\\\.com\" options:NSRegularExpressionCaseInsensitive error:&error]",
            "NSArray *found = [re matchesInString:text options:0 range:NSMakeRange(0, text.length)]; found.count",
            "[found[1] rangeAtIndex:2]", "[text substringWithRange:[found[0] rangeAtIndex:1]]", "re.numberOfCaptureGroups",
            "[re stringByReplacingMatchesInString:text options:0 range:NSMakeRange(0, text.length) withTemplate:@\"<$1>\"]",
            "[re firstMatchInString:@\"none\" options:0 range:NSMakeRange(0, 4)]",
            "[NSRegularExpression regularExpressionWithPattern:@\"(\" options:0 error:&error] == nil && error.code == 2048",
            "NSTextCheckingResult *link = [NSTextCheckingResult linkCheckingResultWithRange:NSMakeRange(2, 3) URL:[NSURL URLWithString:@\"https://x.y\"]]",
            "link.range", "link.resultType == NSTextCheckingTypeLink && link.phoneNumber == nil"
        ).filter { !$0.isEmpty } == ["2", "{28, 4}", "\"ada\"", "2", "\"mail <ada> or <BOB>\"", "nil", "YES", "{2, 3}", "YES"])
        // Equal as Foundation's are: the same pattern and options (a matcher compared by its expression).
        #expect(shell.run(
            "NSRegularExpression *same = [NSRegularExpression regularExpressionWithPattern:@\"(\\\\w+)@(\\\\w+)\\\\.com\" options:NSRegularExpressionCaseInsensitive error:NULL]",
            "[re isEqual:same] && re.hash == same.hash && [@[re] containsObject:same]",
            "[re isEqual:[NSRegularExpression regularExpressionWithPattern:re.pattern options:0 error:NULL]] || [re isEqual:re.pattern]"
        ).filter { !$0.isEmpty } == ["YES", "NO"])
    }

    /// A program's subclass of a class cluster that keeps its own contents and overrides the
    /// primitives (an ordered dictionary, a computed list, a string of its own storage): its
    /// `[super init]` is itself, the cluster's other methods read it through the primitives,
    /// it compares equal to a value with the same contents both ways, and the cluster's
    /// factories sent to it make an instance of it through its initializer.
    @Test func aSubclassOfAClusterIsReadThroughItsPrimitives() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMOrderedDictionary : NSDictionary
            @end
            @implementation MMOrderedDictionary { NSArray *_keys; NSDictionary *_entries; }
            - (instancetype)initWithObjects:(NSArray *)objects forKeys:(NSArray *)keys {
                self = [super init];
                if (self) { _keys = keys.copy; _entries = [NSDictionary dictionaryWithObjects:objects forKeys:keys]; }
                return self;
            }
            - (NSUInteger)count { return _entries.count; }
            - (id)objectForKey:(id)key { return _entries[key]; }
            - (NSEnumerator *)keyEnumerator { return _keys.objectEnumerator; }
            - (id)objectAtIndexedSubscript:(NSUInteger)index { return [self objectForKey:_keys[index]]; }
            @end
            @interface MMSquares : NSArray
            @end
            @implementation MMSquares
            - (NSUInteger)count { return 4; }
            - (id)objectAtIndex:(NSUInteger)index { return @(index * index); }
            @end
            @interface MMShout : NSString
            @end
            @implementation MMShout { NSString *_text; }
            - (instancetype)initWithText:(NSString *)text { self = [super init]; if (self) _text = text.uppercaseString; return self; }
            - (NSUInteger)length { return _text.length; }
            - (unichar)characterAtIndex:(NSUInteger)index { return [_text characterAtIndex:index]; }
            @end
            """)
        #expect(shell.run(
            #"MMOrderedDictionary *ordered = [MMOrderedDictionary dictionaryWithObjects:@[@"x", @"y"] forKeys:@[@"b", @"a"]]; [ordered class]"#,
            #"@[ordered[1], ordered[@"b"], @(ordered.count), ordered.allValues.count ? @"values" : @"none"]"#,
            #"[ordered isEqual:@{@"a": @"y", @"b": @"x"}] && [@{@"a": @"y", @"b": @"x"} isEqualToDictionary:ordered]"#,
            "[NSDictionary dictionaryWithDictionary:ordered]",
            "MMSquares *squares = [MMSquares new]; @[@([squares containsObject:@9]), [squares componentsJoinedByString:@\",\"], squares.lastObject]",
            "[@[@0, @1, @4, @9] isEqualToArray:squares] && [squares isEqual:@[@0, @1, @4, @9]]",
            #"MMShout *shout = [[MMShout alloc] initWithText:@"hey"]; @[[shout stringByAppendingString:@"!"], @([shout hasPrefix:@"HE"]), @([@"HEY" isEqualToString:shout])]"#
        ).filter { !$0.isEmpty } == [
            "MMOrderedDictionary", #"@["y", "x", 2, "values"]"#, "YES", #"@{"a": "y", "b": "x"}"#, #"@[YES, "0,1,4,9", 9]"#, "YES", #"@["HEY!", YES, YES]"#,
        ])
    }

    @Test func attributedStringsKeepRunsOfAttributes() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "UIFont *font = [UIFont systemFontOfSize:12]",
            "NSMutableAttributedString *s = [[NSMutableAttributedString alloc] initWithString:@\"Hello world\" attributes:@{NSFontAttributeName: font}]",
            "[s addAttribute:NSForegroundColorAttributeName value:[UIColor redColor] range:NSMakeRange(6, 5)]",
            "NSRange run = NSMakeRange(0, 0); NSDictionary *at = [s attributesAtIndex:7 effectiveRange:&run]; at.count",
            "run", "[s attribute:NSFontAttributeName atIndex:2 effectiveRange:&run] == font", "run",
            "[s appendAttributedString:[[NSAttributedString alloc] initWithString:@\"!\"]]; s.string",
            "[s attributedSubstringFromRange:NSMakeRange(6, 5)].length", "[[s copy] isEqual:s]",
            "[s isEqual:[[NSAttributedString alloc] initWithString:@\"Hello world!\"]]",
            "[s replaceCharactersInRange:NSMakeRange(0, 5) withString:@\"Howdy\"]; [s attribute:NSFontAttributeName atIndex:0 effectiveRange:NULL] == font",
            "[s deleteCharactersInRange:NSMakeRange(0, 6)]; s.string",
            "UILabel *label = [UILabel new]; label.attributedText = s; label.text",
            "[[NSMutableAttributedString alloc] initWithAttributedString:nil].length"
        ) == ["2", "{6, 5}", "YES", "{0, 11}", "\"Hello world!\"", "5", "YES", "NO", "YES", "\"world!\"", "\"world!\"", "0"])
        #expect(shell.run("[[NSAttributedString new] attributesAtIndex:0 effectiveRange:NULL]").first?
            .hasSuffix("NSRangeException in -[NSAttributedString attributesAtIndex:effectiveRange:]: index 0 beyond bounds [0 .. 0]") == true)
        #expect(shell.run("[[NSMutableAttributedString new] appendAttributedString:@\"x\"]").first?
            .hasSuffix("expects an NSAttributedString as argument 1, but got a string") == true)
        // Paragraph styles with the same settings are equal, so attribute dictionaries built twice are.
        #expect(shell.run(
            "NSMutableParagraphStyle *p = [NSMutableParagraphStyle new]; p.alignment = NSTextAlignmentCenter; p.lineSpacing = 4; p.alignment",
            "NSMutableParagraphStyle *q = [[NSParagraphStyle defaultParagraphStyle] mutableCopy]; q.alignment = NSTextAlignmentCenter; q.lineSpacing = 4; [@{NSParagraphStyleAttributeName: p} isEqual:@{NSParagraphStyleAttributeName: [q copy]}]",
            "[NSParagraphStyle defaultParagraphStyle].alignment == NSTextAlignmentNatural && ![[NSParagraphStyle defaultParagraphStyle] isEqual:p]",
            "[[q copy] class] == [NSParagraphStyle class]"
        ) == ["1", "YES", "YES", "YES"])
        // A stand-in's answer, for text from a class the tree does not hold, is no text.
        let tree = try TemporaryTree(["MMCaption.m": """
            @implementation MMCaption : NSObject
            + (NSString *)captionAfter:(NSString *)text {
                NSMutableAttributedString *caption = [[NSMutableAttributedString alloc] initWithString:text];
                [caption appendAttributedString:[[PHAsset new] attributedTitle]];
                return caption.string;
            }
            @end
            """])
        shell.run("source \(tree.root.path)")
        #expect(shell.run("[MMCaption captionAfter:@\"a\"]").first == "\"a\"")
    }

    /// A mutable collection passed where a collection is read is read as it holds now: it
    /// had been refused as "an object".
    @Test func mutableCollectionsAreReadWhereCollectionsAreTaken() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSMutableArray *a = [NSMutableArray array]; [a addObject:@1]; [NSArray arrayWithArray:a]",
            "NSMutableDictionary *d = [NSMutableDictionary dictionary]; d[@\"k\"] = @2; [NSDictionary dictionaryWithDictionary:d]",
            "NSMutableDictionary *e = [NSMutableDictionary dictionaryWithDictionary:d]; [e addEntriesFromDictionary:d]; e.count",
            "[[NSDictionary alloc] initWithDictionary:d][@\"k\"]"
        ) == ["@[1]", "@{\"k\": 2}", "1", "2"])
        #expect(shell.run("[NSDictionary dictionaryWithDictionary:@[]]").first?.hasSuffix("expects a dictionary as argument 1, but got an array") == true)
    }

    @Test func enumeratorsHandOutObjectsOneAtATime() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSEnumerator *e = [@[@1, @2, @3] reverseObjectEnumerator]; [e nextObject]",
            "[e allObjects]", "[e nextObject] == nil",
            "[[@{@\"b\": @2, @\"a\": @1} keyEnumerator] allObjects]", "[[@{@\"b\": @2, @\"a\": @1} objectEnumerator] allObjects]",
            "NSMutableArray *seen = [NSMutableArray array]; for (id x in [@[@\"x\", @\"y\"] objectEnumerator]) [seen addObject:x]; seen",
            "[[[NSSet setWithArray:@[@7]] objectEnumerator] nextObject]"
        ) == ["3", "@[2, 1]", "YES", "@[\"a\", \"b\"]", "@[1, 2]", "<NSMutableArray: 0x4> @[\"x\", \"y\"]", "7"])
    }

    @Test func nilCollectionsCopyAsEmptyOnes() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSArray *none = nil; [NSArray arrayWithArray:none]", "[[NSMutableArray alloc] initWithArray:none]",
            "[NSDictionary dictionaryWithDictionary:nil]", "[NSMutableSet setWithSet:nil].count", "[NSSet setWithArray:nil].count",
            "NSMutableArray *m = [NSMutableArray arrayWithObject:@1]; [m addObjectsFromArray:nil]; m",
            "NSMutableDictionary *d = [NSMutableDictionary dictionary]; [d addEntriesFromDictionary:nil]; d.count",
            "[@[@1] arrayByAddingObjectsFromArray:nil]"
        ) == ["@[]", "<NSMutableArray: 0x1> @[]", "@{}", "0", "0", "<NSMutableArray: 0x4> @[1]", "0", "@[1]"])
        // Still refused: something that is not a collection at all.
        #expect(shell.run("[NSArray arrayWithArray:@3]").first?.hasSuffix("+[NSArray arrayWithArray:] expects an array as argument 1, but got an integer") == true)
    }

    /// `NSProcessInfo` describes the same process on every run: no environment, so a
    /// test's `environment[@"BASE_URL"] ?: default` takes its default; iOS 17.0.
    @Test func processInfoDescribesTheSameProcessOnEveryRun() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "[NSProcessInfo processInfo] == [NSProcessInfo processInfo]",
            "[NSProcessInfo processInfo].environment[@\"HTTPBIN_BASE_URL\"] ?: @\"https://httpbin.org\"",
            "[NSProcessInfo processInfo].arguments.count",
            "[[NSProcessInfo processInfo] isOperatingSystemAtLeastVersion:(NSOperatingSystemVersion){11, 0, 0}]",
            "[[NSProcessInfo processInfo] isOperatingSystemAtLeastVersion:(NSOperatingSystemVersion){17, 1, 0}]",
            "[NSProcessInfo processInfo].operatingSystemVersion.majorVersion",
            "[[NSProcessInfo processInfo].globallyUniqueString isEqualToString:[NSProcessInfo processInfo].globallyUniqueString]"
        ) == ["YES", "\"https://httpbin.org\"", "0", "YES", "NO", "17", "NO"])
    }

    /// `NSScanner` as property-type parsing uses it (JSONModel reads `T@"NSString<Optional>"`):
    /// strings, sets, up to a string or a set, numbers, skipping whitespace, in UTF-16 places.
    @Test func aScannerReadsStringsSetsAndNumbers() throws {
        let shell = try ShellHarness()
        _ = shell.run("""
            NSScanner *s = [NSScanner scannerWithString:@"T@\\"NSString<Optional>\\",&,N"];
            NSString *type = nil, *protocol = nil;
            NSScanner *n = [NSScanner scannerWithString:@"  42 -3.5e2 0x1F rest"];
            NSInteger i = 0; double d = 0; unsigned h = 0; NSString *rest = nil;
            """)
        #expect(shell.run(
            "[s scanString:@\"T@\\\"\" intoString:&type] && [s scanUpToCharactersFromSet:[NSCharacterSet characterSetWithCharactersInString:@\"\\\"<\"] intoString:&type]",
            "type", "s.scanLocation", "[s scanString:@\"<\" intoString:NULL] && [s scanUpToString:@\">\" intoString:&protocol]", "protocol",
            "[s scanString:@\"<\" intoString:NULL]",
            "[n scanInteger:&i] && [n scanDouble:&d] && [n scanHexInt:&h]", "@[@(i), @(d), @(h)]", "[n isAtEnd]",
            "[n scanCharactersFromSet:[NSCharacterSet letterCharacterSet] intoString:&rest]", "rest", "[n isAtEnd]", "[n scanInteger:&i]"
        ) == ["YES", "\"NSString\"", "11", "YES", "\"Optional\"", "NO", "YES", "@[42, -350.0, 31]", "NO", "YES", "\"rest\"", "YES", "NO"])
    }

    /// A dictionary read by block, by value and by several keys, keys in `allKeys` order.
    @Test func aDictionaryIsReadByBlockByValueAndByKeys() throws {
        let shell = try ShellHarness()
        shell.run("NSDictionary *d = @{@\"a\": @1, @\"b\": @2, @\"c\": @1}; NSMutableArray *seen = [NSMutableArray array];")
        #expect(shell.run(
            "[d enumerateKeysAndObjectsUsingBlock:^(id k, id v, BOOL *stop) { [seen addObject:k]; if ([k isEqual:@\"b\"]) *stop = YES; }]", "[seen copy]",
            "[[[d keysOfEntriesPassingTest:^BOOL(id k, id v, BOOL *stop) { return [v intValue] == 1; }] allObjects] count]",
            "[[d keysOfEntriesWithOptions:NSEnumerationConcurrent passingTest:^BOOL(id k, id v, BOOL *stop) { return [v intValue] == 2; }] allObjects]",
            "[d allKeysForObject:@1]", "[d keysSortedByValueUsingSelector:@selector(compare:)]",
            "[d keysSortedByValueUsingComparator:^NSComparisonResult(id x, id y) { return [y compare:x]; }]",
            "[d objectsForKeys:@[@\"b\", @\"z\"] notFoundMarker:@0]"
        ) == ["@[\"a\", \"b\"]", "2", "@[\"b\"]", "@[\"a\", \"c\"]", "@[\"a\", \"c\", \"b\"]", "@[\"b\", \"a\", \"c\"]", "@[2, 0]"])
    }

    /// Arrays enumerated backwards and compared by identity; mutable arrays emptied of
    /// another's elements or replaced; strings capitalized, padded, compared with options,
    /// searched for a set's characters and read by line; mutable strings edited by range.
    @Test func moreOfArraysAndStrings() throws {
        let shell = try ShellHarness()
        shell.run("""
            NSArray *a = @[@3, @1, @2]; NSMutableArray *seen = [NSMutableArray array]; NSMutableArray *m = [a mutableCopy];
            NSMutableArray *lines = [NSMutableArray array]; NSMutableString *s = [@"Hello, World" mutableCopy];
            """)
        #expect(shell.run(
            "[a enumerateObjectsWithOptions:NSEnumerationReverse usingBlock:^(id o, NSUInteger i, BOOL *stop) { [seen addObject:@(i)]; }]",
            "[seen copy]", "[a firstObjectCommonWithArray:@[@2, @1]]", "[a indexOfObjectIdenticalTo:@2]",
            "[m removeObjectsInArray:@[@1, @9]]", "[m copy]", "[m setArray:@[@5]]", "[m copy]"
        ) == ["@[2, 1, 0]", "1", "2", "@[3, 2]", "@[5]"])
        #expect(shell.run(
            "[@\"hello world\" capitalizedString]", "[@\"Hello\" localizedCaseInsensitiveContainsString:@\"ELL\"]",
            "[@\"abc\" stringByPaddingToLength:6 withString:@\"xy\" startingAtIndex:1]", "[@\"abc\" stringByPaddingToLength:2 withString:@\"xy\" startingAtIndex:0]",
            "[@\"a1b2\" rangeOfCharacterFromSet:[NSCharacterSet decimalDigitCharacterSet]]",
            "[@\"a1b2\" rangeOfCharacterFromSet:[NSCharacterSet decimalDigitCharacterSet] options:NSBackwardsSearch]",
            "[@\"a1b2c3\" rangeOfCharacterFromSet:[NSCharacterSet decimalDigitCharacterSet] options:0 range:NSMakeRange(2, 3)]",
            "[@\"a1b2\" rangeOfCharacterFromSet:[NSCharacterSet decimalDigitCharacterSet] options:NSAnchoredSearch].location == NSNotFound",
            "[@\"file10\" compare:@\"file9\" options:NSNumericSearch]", "[@\"file10\" compare:@\"file9\"]",
            "[@\"é\" lengthOfBytesUsingEncoding:NSUTF8StringEncoding]",
            "[@\"one\\ntwo\\r\\nthree\\n\" enumerateLinesUsingBlock:^(NSString *l, BOOL *stop) { [lines addObject:l]; }]", "[lines copy]"
        ) == ["\"Hello World\"", "YES", "\"abcyxy\"", "\"ab\"", "{1, 1}", "{3, 1}", "{3, 1}", "YES", "1", "-1", "2", "@[\"one\", \"two\", \"three\"]"])
        #expect(shell.run(
            "[s deleteCharactersInRange:NSMakeRange(0, 7)]", "[s replaceCharactersInRange:NSMakeRange(0, 1) withString:@\"w\"]",
            "[s replaceOccurrencesOfString:@\"o\" withString:@\"0\" options:0 range:NSMakeRange(0, s.length)]", "[s copy]"
        ) == ["1", "\"w0rld\""])
        let errors = shell.run("[s deleteCharactersInRange:NSMakeRange(3, 10)]")
        #expect(errors.contains { $0.contains("NSRangeException in -[NSMutableString deleteCharactersInRange:]: range {3, 10} out of bounds") }, "\(errors)")
    }

    /// NSCache evicts the oldest past its count limit, telling its delegate; NSMapTable and
    /// NSHashTable keep objects by key and as members without copying; NSUUID numbers its
    /// identifiers and reads standard ones; sort descriptors order by key path, then the
    /// next descriptor on a tie.
    @Test func cachesTablesIdentifiersAndSortDescriptors() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMEvictions : NSObject <NSCacheDelegate>
            @property (nonatomic, strong) NSMutableArray *evicted;
            @end
            @implementation MMEvictions
            - (void)cache:(NSCache *)cache willEvictObject:(id)object { [self.evicted addObject:object]; }
            @end
            MMEvictions *watcher = [MMEvictions new]; watcher.evicted = [NSMutableArray array];
            NSCache *cache = [NSCache new]; cache.countLimit = 2; cache.delegate = watcher;
            NSObject *key = [NSObject new]; NSMapTable *table = [NSMapTable weakToStrongObjectsMapTable];
            NSHashTable *members = [NSHashTable weakObjectsHashTable];
            NSArray *people = @[@{@"name": @"Bo", @"age": @30}, @{@"name": @"Al", @"age": @30}, @{@"name": @"Cy", @"age": @20}];
            """)
        #expect(shell.run(
            "[cache setObject:@1 forKey:@\"a\"]", "[cache setObject:@2 forKey:@\"b\"]", "[cache setObject:@3 forKey:@\"c\" cost:5]",
            "[cache objectForKey:@\"a\"]", "[cache objectForKey:@\"c\"]", "[watcher.evicted copy]"
        ) == ["nil", "3", "@[1]"])
        #expect(shell.run(
            "[table setObject:@\"v\" forKey:key]", "[table objectForKey:key]", "table.count", "[[table keyEnumerator] nextObject] == key",
            "[table setObject:nil forKey:key]", "table.count",
            "[members addObject:key]", "[members addObject:key]", "members.count", "[members containsObject:key]", "[members removeObject:key]", "members.count"
        ) == ["\"v\"", "1", "YES", "0", "1", "YES", "0"])
        #expect(shell.run(
            "[[NSUUID UUID] UUIDString]", "[[NSUUID UUID] UUIDString]",
            "[[[NSUUID alloc] initWithUUIDString:@\"e621e1f8-c36c-495a-93fc-0c247a3e6e5f\"] UUIDString]",
            "[[NSUUID alloc] initWithUUIDString:@\"nope\"] == nil",
            "[[[NSUUID alloc] initWithUUIDString:@\"e621e1f8-c36c-495a-93fc-0c247a3e6e5f\"] isEqual:[[NSUUID alloc] initWithUUIDString:@\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"]]"
        ) == ["\"00000000-0000-4000-8000-000000000001\"", "\"00000000-0000-4000-8000-000000000002\"", "\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"", "YES", "YES"])
        // CoreFoundation's UUIDs are the same objects, numbered alike.
        #expect(shell.run(
            "CFUUIDRef uuid = CFUUIDCreate(kCFAllocatorDefault); NSString *text = (__bridge_transfer NSString *)CFUUIDCreateString(kCFAllocatorDefault, uuid); CFRelease(uuid); text",
            "CFUUIDCreateString(NULL, CFUUIDCreateFromString(NULL, CFSTR(\"e621e1f8-c36c-495a-93fc-0c247a3e6e5f\")))",
            "CFUUIDCreateFromString(NULL, CFSTR(\"nope\")) == NULL"
        ) == ["\"00000000-0000-4000-8000-000000000003\"", "\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"", "YES"])
        #expect(shell.run("CFUUIDCreateString(NULL, @\"not a uuid\")").first?.contains("CFUUIDCreateString takes an allocator and a UUID") == true)
        // CoreFoundation's string functions are the bridged strings' messages; CF compares
        // literally unless told otherwise, and crashes on NULL, which rtsh refuses.
        #expect(shell.run(
            "CFStringRef name = CFSTR(\"Image.PNG\"); CFStringGetLength(name)",
            "@[@(CFStringCompare(name, CFSTR(\"image.png\"), kCFCompareCaseInsensitive)), @(CFStringCompare(name, CFSTR(\"image.png\"), 0)), @(CFStringCompare(CFSTR(\"file10\"), CFSTR(\"file9\"), kCFCompareNumerically))]",
            "@[@(CFStringHasPrefix(name, CFSTR(\"Image\"))), @(CFStringHasSuffix(name, CFSTR(\".png\")))]",
            "CFMutableStringRef text = CFStringCreateMutableCopy(NULL, 0, name); CFStringAppend(text, CFSTR(\"!\")); CFStringLowercase(text, NULL); (__bridge NSString *)text",
            "@[(__bridge NSString *)CFStringCreateWithCString(NULL, \"abc\", kCFStringEncodingUTF8), @(CFStringGetIntValue(CFSTR(\"42\"))), @(CFStringGetDoubleValue(CFSTR(\"2.5\")))]"
        ) == ["9", "@[0, -1, 1]", "@[YES, NO]", "nil", "nil", "<NSMutableString: 0x13> \"image.png!\"", "@[\"abc\", 42, 2.5]"])
        #expect(shell.run("CFStringGetLength(NULL)").first
            == "error: line 1, column 1: CFStringGetLength takes a string, as in CFStringGetLength((CFStringRef)name), but was given nil")
        #expect(shell.run(
            "[[people sortedArrayUsingDescriptors:@[[NSSortDescriptor sortDescriptorWithKey:@\"age\" ascending:NO], [NSSortDescriptor sortDescriptorWithKey:@\"name\" ascending:YES]]] valueForKey:@\"name\"]",
            "[@[@\"b\", @\"A\", @\"c\"] sortedArrayUsingDescriptors:@[[NSSortDescriptor sortDescriptorWithKey:nil ascending:YES selector:@selector(caseInsensitiveCompare:)]]]",
            "[[[NSSortDescriptor sortDescriptorWithKey:@\"x\" ascending:YES] reversedSortDescriptor] ascending]"
        ) == ["@[\"Al\", \"Bo\", \"Cy\"]", "@[\"A\", \"b\", \"c\"]", "NO"])
    }

    /// A mutable string passed where a string is read is read as it holds now, as an
    /// NSString argument takes any NSString (AFNetworking's User-Agent header).
    @Test func aMutableStringIsReadWhereAStringIsTaken() throws {
        let shell = try ShellHarness()
        shell.run("NSMutableString *s = [@\"ab\" mutableCopy]; NSMutableURLRequest *r = [NSMutableURLRequest requestWithURL:[NSURL URLWithString:@\"http://a\"]];")
        #expect(shell.run(
            "[@\"x\" stringByAppendingString:s]", "[@\"abc\" hasPrefix:s]", "[@\"ab\" isEqualToString:s]",
            "[r setValue:s forHTTPHeaderField:@\"X\"]", "[r valueForHTTPHeaderField:@\"X\"]",
            "[@\"ab\" canBeConvertedToEncoding:NSASCIIStringEncoding]", "[@\"é\" canBeConvertedToEncoding:NSASCIIStringEncoding]"
        ) == ["\"xab\"", "YES", "YES", "\"ab\"", "YES", "NO"])
    }

    /// Strings to bytes and back in Foundation's encodings: UTF-16 and UTF-32 with a byte
    /// order mark in the host's order (or in the order named), Latin 1, Mac OS Roman,
    /// Windows-1252, and nil for text an encoding cannot hold.
    @Test func stringsConvertInFoundationsEncodings() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSData *wide = [@\"hé€😀\" dataUsingEncoding:NSUTF16StringEncoding]; const unsigned char *bytes = wide.bytes; @[@(wide.length), @(bytes[0]), @(bytes[1]), @(bytes[2])]",
            "@[[[NSString alloc] initWithData:wide encoding:NSUTF16StringEncoding], [[NSString alloc] initWithData:[@\"hé\" dataUsingEncoding:NSUTF32StringEncoding] encoding:NSUTF32StringEncoding]]",
            "char big[4] = {0, 104, 0, 105}; [[NSString alloc] initWithBytes:big length:4 encoding:NSUTF16StringEncoding]",
            "@[@([@\"hé\" lengthOfBytesUsingEncoding:NSUTF16LittleEndianStringEncoding]), @([@\"hé\" maximumLengthOfBytesUsingEncoding:NSUTF32StringEncoding])]",
            "@[@([@\"hé\" dataUsingEncoding:NSISOLatin1StringEncoding].length), @([@\"h€\" canBeConvertedToEncoding:NSISOLatin1StringEncoding]), [@\"h€\" dataUsingEncoding:NSISOLatin1StringEncoding] ?: @\"nil\"]"
        ) == ["@[12, 255, 254, 104]", "@[\"hé€😀\", \"hé\"]", "\"hi\"", "@[4, 8]", "@[2, NO, \"nil\"]"])
        // The single-byte encodings of older files and CSV exports: Mac OS Roman and
        // Windows-1252, byte for byte as Apple's tables give them; Windows-1252's undefined
        // bytes are no text.
        #expect(shell.run(
            "[[@\"café – “ok” €\" dataUsingEncoding:NSMacOSRomanStringEncoding] description]",
            "[[@\"café – “ok” €\" dataUsingEncoding:NSWindowsCP1252StringEncoding] description]",
            "char roman[3] = {0x8e, 0xa5, 0xdb}; [[NSString alloc] initWithBytes:roman length:3 encoding:NSMacOSRomanStringEncoding]",
            "char undefined[1] = {0x81}; [[NSString alloc] initWithBytes:undefined length:1 encoding:NSWindowsCP1252StringEncoding] == nil",
            "@[@([@\"日本\" canBeConvertedToEncoding:NSMacOSRomanStringEncoding]), @([@\"Ÿ\" maximumLengthOfBytesUsingEncoding:NSWindowsCP1252StringEncoding])]"
        ) == ["\"{length = 13, bytes = 0x6361668e20d020d26f6bd320db}\"", "\"{length = 13, bytes = 0x636166e9209620936f6b942080}\"", "\"é•€\"", "YES", "@[NO, 1]"])
        #expect(shell.run("[@\"a\" dataUsingEncoding:3]").first?.hasSuffix(
            "-[NSString dataUsingEncoding:] expects a string encoding, such as NSUTF8StringEncoding (4), NSASCIIStringEncoding (1), NSISOLatin1StringEncoding (5) or NSUTF16StringEncoding (10) as argument 1, but got an integer") == true)
    }

    /// A set joined with another set holds the members of both, once each.
    @Test func aSetAddsAnotherSetsMembers() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSSet *both = [[NSSet setWithArray:@[@1, @2]] setByAddingObjectsFromSet:[NSSet setWithArray:@[@2, @3]]]; @[@(both.count), @([both containsObject:@3])]"
        ) == ["@[3, YES]"])
    }

    /// Foundation's and UIKit's classes adopt the protocols the SDK declares for them:
    /// collections copy, code and enumerate fast (OCHamcrest asks for NSFastEnumeration),
    /// a mutable subclass inherits them, a view codes, and NSObject itself copies nothing.
    @Test func frameworkClassesAdoptTheSDKsProtocols() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "@[@([@[] conformsToProtocol:@protocol(NSFastEnumeration)]), @([NSMutableDictionary conformsToProtocol:@protocol(NSMutableCopying)]), @([@\"x\" conformsToProtocol:@protocol(NSCopying)])]",
            "@[@([NSArray conformsToProtocol:@protocol(NSCoding)]), @([UIView conformsToProtocol:@protocol(NSCoding)]), @([NSObject conformsToProtocol:@protocol(NSCopying)])]",
            "@[@(protocol_conformsToProtocol(@protocol(NSSecureCoding), @protocol(NSCoding))), @([[NSUUID UUID] conformsToProtocol:@protocol(NSSecureCoding)])]",
            // A text field takes text input, and the traits protocol declares its optional accessors (as KIF reads them).
            "@[@([[UITextField new] conformsToProtocol:@protocol(UIKeyInput)]), NSStringFromSelector(protocol_getMethodDescription(@protocol(UITextInputTraits), @selector(autocorrectionType), NO, YES).name)]"
        ) == ["@[YES, YES, YES]", "@[YES, YES, NO]", "@[YES, YES]", "@[YES, \"autocorrectionType\"]"])
    }

    /// `for ... in` over a class of the program's asks its NSFastEnumeration method for
    /// items chunk by chunk, running the body on each as it comes (a lazy sequence makes
    /// only what the loop reaches); Foundation's collections answer it too, so a class may
    /// forward to the collection it wraps; an object stashed in an integer by
    /// `CFBridgingRetain` lives, and casts back to itself, until `CFBridgingRelease`.
    @Test func forInAsksAClassesFastEnumerationChunkByChunk() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMBag : NSObject <NSFastEnumeration>
            @property (nonatomic, strong) NSSet *items;
            @end
            @implementation MMBag
            - (NSUInteger)countByEnumeratingWithState:(NSFastEnumerationState *)state objects:(id __unsafe_unretained [])buffer count:(NSUInteger)len {
                return [self.items countByEnumeratingWithState:state objects:buffer count:len];
            }
            @end
            @interface MMNaturals : NSObject <NSFastEnumeration>
            @property (nonatomic) NSUInteger made;
            @end
            @implementation MMNaturals
            - (NSUInteger)countByEnumeratingWithState:(NSFastEnumerationState *)state objects:(id __unsafe_unretained [])buffer count:(NSUInteger)len {
                state->itemsPtr = buffer;
                state->mutationsPtr = &state->extra[0];
                NSUInteger n = 0;
                while (n < len) { buffer[n++] = @(state->state++); self.made++; }
                return n;
            }
            @end
            @interface MMOne : NSObject <NSFastEnumeration>
            @property (nonatomic, strong) id item;
            @end
            @implementation MMOne
            - (NSUInteger)countByEnumeratingWithState:(NSFastEnumerationState *)state objects:(id __unsafe_unretained [])buffer count:(NSUInteger)len {
                if (state->state) return 0;
                state->state = 1;
                state->mutationsPtr = &state->extra[0];
                state->itemsPtr = buffer;
                buffer[0] = self.item;
                return 1;
            }
            + (BOOL)loopLetsGoOfItsItems {
                __weak id gone;
                MMOne *one = [MMOne new];
                @autoreleasepool {
                    one.item = [NSObject new];
                    gone = one.item;
                    for (id x in one) { }
                    one.item = nil;
                }
                return gone == nil;
            }
            @end
            @interface MMLink : NSObject <NSFastEnumeration>
            @property (nonatomic, strong) id head;
            @property (nonatomic, strong) MMLink *tail;
            @end
            @implementation MMLink
            - (NSUInteger)countByEnumeratingWithState:(NSFastEnumerationState *)state objects:(__unsafe_unretained id *)buffer count:(NSUInteger)len {
                if (state->state == ULONG_MAX) return 0;
                if (state->state == 0) state->state = (unsigned long)CFBridgingRetain(self);
                state->itemsPtr = buffer;
                NSUInteger n = 0;
                while (n < len) {
                    MMLink *link = (__bridge MMLink *)(void *)state->state;
                    buffer[n++] = link.head;
                    CFBridgingRelease((void *)state->state);
                    if (link.tail == nil) { state->state = ULONG_MAX; break; }
                    state->state = (unsigned long)CFBridgingRetain(link.tail);
                }
                return n;
            }
            @end
            """)
        #expect(shell.run(
            "MMBag *bag = [MMBag new]; bag.items = [NSSet setWithObjects:@1, nil]; NSMutableArray *seen = [NSMutableArray array]; for (id x in bag) [seen addObject:x]; seen",
            "MMNaturals *n = [MMNaturals new]; [seen removeAllObjects]; for (NSNumber *x in n) { if (x.intValue == 20) break; [seen addObject:x]; } @[@(seen.count), seen.lastObject, @(n.made)]",
            "MMLink *list = [MMLink new]; list.head = @\"a\"; list.tail = [MMLink new]; list.tail.head = @\"b\"; [seen removeAllObjects]; for (id x in list) [seen addObject:x]; seen",
            "NSMutableDictionary *d = [@{@\"y\": @1, @\"x\": @2} mutableCopy]; [seen removeAllObjects]; for (id k in d) [seen addObject:k]; for (id k in [@[@7] objectEnumerator]) [seen addObject:k]; seen"
        ) == [
            "<NSMutableArray: 0x3> @[1]", "@[20, 19, 32]", "<NSMutableArray: 0x3> @[\"a\", \"b\"]", "<NSMutableArray: 0x3> @[\"x\", \"y\", 7]",
        ])
        // The loop's state lets go of what it pointed at, though the class made it point at itself.
        #expect(shell.run(
            "[MMOne loopLetsGoOfItsItems]"
        ) == ["YES"])
        // Only the retain keeps this one: nothing else refers to it.
        #expect(shell.run(
            "unsigned long stash = (unsigned long)CFBridgingRetain([MMLink new]); [seen removeAllObjects]; [seen addObject:@1]",
            "MMLink *back = (__bridge MMLink *)(void *)stash; [back isKindOfClass:[MMLink class]]"
        ) == ["YES"])
        let broken = shell.run("""
            @interface MMBroken : NSObject <NSFastEnumeration>
            @end
            @implementation MMBroken
            - (NSUInteger)countByEnumeratingWithState:(NSFastEnumerationState *)state objects:(id __unsafe_unretained [])buffer count:(NSUInteger)len { return 1; }
            @end
            """, "for (id x in [MMBroken new]) NSLog(@\"%@\", x);").joined(separator: "\n")
        #expect(broken.contains("-[MMBroken countByEnumeratingWithState:objects:count:] answered 1 items but set no state->itemsPtr"))
    }

    /// Strings from `unichar` buffers, and code units written into one, as libPhoneNumber
    /// normalizes its digits.
    @Test func stringsAreMadeFromAndWrittenIntoCharacterBuffers() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "unichar cs[3] = {72, 105, 0x263A}; [NSString stringWithCharacters:cs length:3]",
            "unichar one = 65; [[NSString alloc] initWithCharacters:&one length:1]",
            "unichar out[4]; [@\"wxyz\" getCharacters:out range:NSMakeRange(1, 2)]; [NSString stringWithCharacters:out length:2]"
        ) == ["\"Hi☺\"", "\"A\"", "\"xy\""])
    }

    /// `enumerateSubstringsInRange:options:usingBlock:` cuts by lines, paragraphs,
    /// composed characters, words or sentences, with each piece's range and enclosing range,
    /// forwards or backwards, until the block stops it.
    @Test func stringsEnumerateTheirSubstringsByUnit() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSMutableArray *a = [NSMutableArray array]; NSString *s = @\"Hi there. Don't go! ok\\nline2\"",
            "[s enumerateSubstringsInRange:NSMakeRange(0, s.length) options:NSStringEnumerationByWords usingBlock:^(NSString *w, NSRange r, NSRange e, BOOL *stop) { [a addObject:[NSString stringWithFormat:@\"%@ %@ %@\", w, NSStringFromRange(r), NSStringFromRange(e)]]; }]; [a copy]",
            "[a removeAllObjects]; [s enumerateSubstringsInRange:NSMakeRange(0, s.length) options:NSStringEnumerationBySentences usingBlock:^(NSString *w, NSRange r, NSRange e, BOOL *stop) { [a addObject:w]; }]; [a copy]",
            "[a removeAllObjects]; [s enumerateSubstringsInRange:NSMakeRange(3, s.length - 3) options:NSStringEnumerationByLines | NSStringEnumerationReverse usingBlock:^(NSString *w, NSRange r, NSRange e, BOOL *stop) { [a addObject:w]; }]; [a copy]",
            "[a removeAllObjects]; [@\"a♥️b\" enumerateSubstringsInRange:NSMakeRange(0, 4) options:NSStringEnumerationByComposedCharacterSequences usingBlock:^(NSString *w, NSRange r, NSRange e, BOOL *stop) { [a addObject:w]; if ([w isEqual:@\"♥️\"]) *stop = YES; }]; [a copy]"
        ) == [
            "@[\"Hi {0, 2} {0, 3}\", \"there {3, 5} {3, 7}\", \"Don't {10, 5} {10, 6}\", \"go {16, 2} {16, 4}\", \"ok {20, 2} {20, 3}\", \"line2 {23, 5} {23, 5}\"]",
            "@[\"Hi there.\", \"Don't go!\", \"ok\\nline2\"]", "@[\"line2\", \"there. Don't go! ok\"]", "@[\"a\", \"♥️\"]",
        ])
    }
}
