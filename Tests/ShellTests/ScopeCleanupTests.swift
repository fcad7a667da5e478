import Shell
import Testing

/// `__attribute__((cleanup(function)))`: the function runs with the variable's address
/// when its scope ends, however it ends. libextobjc's and ReactiveObjC's `@onExit` are made
/// of it, with a name made from `__LINE__` in a macro's body.
@Suite("Cleanup attributes")
struct ScopeCleanupTests {
    /// libextobjc's `@onExit`, written out as its headers write it.
    private static let onExit = """
        typedef void (^MMCleanupBlock)(void);
        static void MMRunCleanup(__strong MMCleanupBlock *block) { (*block)(); }
        #define mm_concat_(A, B) A ## B
        #define mm_concat(A, B) mm_concat_(A, B)
        #define onExit autoreleasepool {} __strong MMCleanupBlock mm_concat(mm_exitBlock_, __LINE__) __attribute__((cleanup(MMRunCleanup), unused)) = ^

        """

    /// At the end of a block, of each turn of a loop (also one left by `break` or
    /// `continue`), and on a `goto` out; not before the scope ends.
    @Test func aCleanupRunsWhenItsScopeEndsHoweverItEnds() throws {
        let shell = try ShellHarness()
        shell.run(Self.onExit + """
            @implementation MMScoped : NSObject
            - (NSString *)block {
                NSMutableString *text = [@"foo" mutableCopy];
                {
                    @onExit { [text appendString:@"bar"]; };
                    [text appendString:@"-"];
                }
                return [text copy];
            }
            - (NSInteger)loop {
                __block NSInteger sum = 0;
                for (NSInteger i = 1; i <= 4; i++) {
                    @onExit { sum += i; };
                    if (i > 3) break;
                    if (i % 2 == 0) continue;
                }
                return sum;
            }
            - (NSInteger)jump {
                __block NSInteger count = 0;
                {
                    @onExit { count++; };
                    goto out;
                    count = 10;
                }
            out:
                count++;
                return count;
            }
            @end
            """)
        #expect(shell.run("[[MMScoped new] block]", "[[MMScoped new] loop]", "[[MMScoped new] jump]") == ["\"foo-bar\"", "10", "2"])
    }

    /// Cleanups of one scope run in the reverse of their declarations' order, after a
    /// `return`'s value is worked out and as an exception leaves; a cleanup before the
    /// scope reached its declaration does not run.
    @Test func cleanupsRunInReverseOrderOnReturnAndOnException() throws {
        let shell = try ShellHarness()
        shell.run(Self.onExit + """
            static void MMClose(NSInteger *handle) { NSLog(@"close %ld", (long)*handle); }
            @implementation MMOrdered : NSObject
            - (NSString *)orderWith:(NSMutableArray *)log early:(BOOL)early {
                @onExit { [log addObject:@"first"]; };
                if (early) return [log componentsJoinedByString:@","];
                @onExit { [log addObject:@"second"]; };
                __attribute__((cleanup(MMClose))) NSInteger handle = 7;
                [log addObject:@"body"];
                return [log componentsJoinedByString:@","];
            }
            - (void)raiseWith:(NSMutableArray *)log {
                @onExit { [log addObject:@"unwound"]; };
                [NSException raise:@"MMFailure" format:@"failed"];
            }
            @end
            """)
        #expect(shell.run(
            "NSMutableArray *log = [NSMutableArray array]; [[MMOrdered new] orderWith:log early:NO]", "[log componentsJoinedByString:@\",\"]",
            "[log removeAllObjects]; [[MMOrdered new] orderWith:log early:YES]", "[log componentsJoinedByString:@\",\"]",
            "[log removeAllObjects]; @try { [[MMOrdered new] raiseWith:log]; } @catch (NSException *e) { [log addObject:e.name]; }",
            "[log componentsJoinedByString:@\",\"]"
        ) == ["close 7", "\"body\"", "\"body,second,first\"", "\"\"", "\"first\"", "\"unwound,MMFailure\""])
    }

    /// `__LINE__` in a macro's body handed to another macro is the line the outer macro was
    /// used on, so two `@onExit`s in one scope make two variables, each with its block.
    @Test func lineInAMacroBodyHandedOnIsTheLineOfTheUse() throws {
        let shell = try ShellHarness()
        shell.run(Self.onExit + """
            @implementation MMLines : NSObject
            - (NSString *)names {
                NSMutableArray *order = [NSMutableArray array];
                {
                    @onExit { [order addObject:@"1"]; };
                    @onExit { [order addObject:@"2"]; };
                }
                return [order componentsJoinedByString:@","];
            }
            @end
            """)
        #expect(shell.run("[[MMLines new] names]") == ["\"2,1\""])
    }

    /// A cleanup on a static or global variable, whose scope never ends, is an error that
    /// says so, where it was written.
    @Test func aCleanupOnAStaticVariableIsAnError() throws {
        let shell = try ShellHarness()
        let output = shell.run("""
            static void MMDrop(int *value) {}
            void MMUse(void) { static int kept __attribute__((cleanup(MMDrop))) = 1; }
            """)
        #expect(output.contains { $0.contains("'kept' is static or global, and a cleanup attribute applies only to a local variable") })
    }
}
