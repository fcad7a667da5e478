import Testing

/// Foundation's collections describe themselves in the old property-list text, in
/// `-description`, `%@` and `NSLog`, which tests compare and logs show; the prompt keeps
/// its own notation for values.
@Suite("How collections describe themselves")
struct CollectionDescriptionTests {
    @Test func nestedCollectionsIndentAsFoundationsDo() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            NSLog(@"%@", @[@1, @"a b", @{@"k": @[@2], @"_x": @1.5}, [NSSet setWithObject:@"é"], [NSNull null], @""]);
            """) == [
                "(", "    1,", "    \"a b\",", "        {", "        \"_x\" = \"1.5\";", "        k =         (", "            2", "        );", "    },",
                "        {(", "        \"\\U00e9\"", "    )},", "    \"<null>\",", "    \"\"", ")",
            ])
        // Empty ones, sets and ordered sets, and the prompt's own notation beside.
        #expect(shell.run(
            "@[[@[] description], [@{} description], [[NSSet set] description], [[NSOrderedSet orderedSetWithArray:@[@\"x y\", @\"z\"]] description]]"
        ) == [#"@["(\n)", "{\n}", "{(\n)}", "{(\n    \"x y\",\n    z\n)}"]"#])
        #expect(shell.run("@[@1, @{@\"k\": @\"v\"}]") == [#"@[1, @{"k": "v"}]"#])
    }

    /// A member is quoted unless it is ASCII letters and digits, with what needs it
    /// escaped; a dictionary lists its entries sorted by key, numbers by value.
    @Test func membersAreQuotedAndEntriesSorted() throws {
        let shell = try ShellHarness()
        #expect(shell.run(#"[@[@"quote\"d", @"line\nbreak", @"tab\t", @-1, @"1.5", @"ok9", @"com.example"] description]"#) == [
            #""(\n    \"quote\\\"d\",\n    \"line\\nbreak\",\n    \"tab\\t\",\n    \"-1\",\n    \"1.5\",\n    ok9,\n    \"com.example\"\n)""#,
        ])
        #expect(shell.run("[@{@2: @\"b\", @10: @\"a\", @1: @\"c\"} description]", "[@{@\"b\": @1, @\"B\": @2, @\"a\": @3} description]") == [
            #""{\n    1 = c;\n    2 = b;\n    10 = a;\n}""#, #""{\n    B = 2;\n    a = 3;\n    b = 1;\n}""#,
        ])
    }

    /// An object member shows its `-description`, quoted; one whose class writes
    /// `descriptionWithLocale:indent:` describes itself at its level; a category that writes
    /// it on NSArray changes the array's `-description` and `%@`, as it does in Foundation.
    @Test func objectsAndCategoriesDescribeThemselves() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMItem : NSObject
            @end
            @implementation MMItem
            - (NSString *)description { return @"<item>"; }
            @end
            @interface MMTree : NSObject
            @end
            @implementation MMTree
            - (NSString *)descriptionWithLocale:(id)locale indent:(NSUInteger)level { return [NSString stringWithFormat:@"tree at %lu", (unsigned long)level]; }
            @end
            """)
        #expect(shell.run("[@[[MMItem new], [MMTree new]] description]") == [#""(\n    \"<item>\",\n    tree at 1\n)""#])
        shell.run("""
            @implementation NSArray (MMOneLine)
            - (NSString *)descriptionWithLocale:(id)locale indent:(NSUInteger)level { return [NSString stringWithFormat:@"[%@]", [self componentsJoinedByString:@"|"]]; }
            @end
            """)
        #expect(shell.run("NSLog(@\"%@ %@\", @[@1, @2], [@[@\"a\"] description]);") == ["[1|2] [a]"])
    }

    /// An array that holds itself is described to a depth, not until the stack runs out.
    @Test func aCollectionHoldingItselfEnds() throws {
        let shell = try ShellHarness()
        let lines = shell.run("NSMutableArray *loop = [NSMutableArray arrayWithObject:@1]; [loop addObject:loop]; NSString *text = [loop description]; [text hasSuffix:@\")\"] && [text containsString:@\"(...)\"]")
        #expect(lines == ["YES"])
    }
}
