import Testing

/// C tests an object pointer's truth by whether it is nil: `@NO` and `@0` are objects, so
/// true, though rtsh keeps a boxed number as the number.
@Suite("The truth of objects")
struct ObjectTruthTests {
    /// JSONModel's `isNull(id value)` begins `if (!value) return YES;`: a parameter, a
    /// local and an `?:` of object type hold `@NO` as an object; scalars stay numbers.
    @Test func aBoxedZeroInAnObjectVariableIsTrue() throws {
        let shell = try ShellHarness()
        shell.run("""
            BOOL MMIsNull(id value) { if (!value) return YES; return [value isKindOfClass:[NSNull class]]; }
            @interface MMProbe : NSObject
            @end
            @implementation MMProbe
            - (NSString *)probe:(NSNumber *)flag {
                NSMutableString *s = [NSMutableString string];
                id held = flag;
                __auto_type count = 0;
                typeof(count) again = 0;
                if (held) [s appendString:@"a"];
                if (flag && !count) [s appendString:@"b"];
                if (!again) [s appendString:@"c"];
                while (held) { [s appendString:@"d"]; held = nil; }
                [s appendString:(flag ? @"e" : @"-")];
                void (^block)(void) = ^{ if (flag) [s appendString:@"f"]; };
                block();
                [s appendFormat:@"%@", flag ?: @"none"];
                return [s copy];
            }
            @end
            """)
        #expect(shell.run(
            "MMIsNull(@NO)", "MMIsNull(@0)", "MMIsNull(nil)", "MMIsNull([NSNull null])",
            "[[MMProbe new] probe:@NO]", "[[MMProbe new] probe:nil]"
        ) == ["NO", "NO", "YES", "YES", "\"abcdef0\"", "\"c-none\""])
    }

    /// What a dictionary holds is an object, read with a string key or `objectForKey:`;
    /// `performSelector:` answers what its method returns, so a BOOL's NO there is false.
    @Test func aMessageOrAStringKeyedReadThatAnswersAnObjectIsTrueWhenItHoldsOne() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMReader : NSObject
            @end
            @implementation MMReader
            - (BOOL)isOff { return NO; }
            - (NSString *)read:(NSDictionary *)json {
                NSMutableString *s = [NSMutableString string];
                if (json[@"on"]) [s appendString:@"a"];
                if ([json objectForKey:@"on"]) [s appendString:@"b"];
                if (![json count]) [s appendString:@"-"];
                if ([self performSelector:@selector(isOff)]) [s appendString:@"-"];
                return [s copy];
            }
            @end
            """)
        #expect(shell.run("[[MMReader new] read:@{@\"on\": @NO}]", "[[MMReader new] read:@{}]") == ["\"ab\"", "\"-\""])
    }

    /// At the prompt, a variable of the session declared as an object is tested the same
    /// way, on the line that declares it and on later ones; declaring it again as a scalar
    /// makes it a number again.
    @Test func aSessionVariableDeclaredAsAnObjectIsTestedAsOne() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "id n = @NO; if (n) NSLog(@\"holds\");", "!n", "n ? 1 : 2", "BOOL b = NO", "!b", "int n = 0", "!n"
        ) == ["holds", "NO", "1", "YES", "YES"])
    }

    /// `%@` of a boxed BOOL is NSNumber's description: 1 or 0.
    @Test func aBoxedBoolFormatsAsOneOrZero() throws {
        let shell = try ShellHarness()
        #expect(shell.run("[NSString stringWithFormat:@\"%@ %@\", @YES, @NO]") == ["\"1 0\""])
    }
}
