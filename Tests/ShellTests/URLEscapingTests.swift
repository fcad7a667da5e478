import Shell
import Testing

/// Percent escapes as URL code writes them, through `NSString`, `NSCharacterSet` and
/// CoreFoundation, and localized formats that name their arguments' positions.
@Suite("URL escapes and positional formats")
struct URLEscapingTests {
    @Test func stringsEscapeAndUnescapeAsFoundationDoes() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "[@\"a b&c=d/é\" stringByAddingPercentEncodingWithAllowedCharacters:[NSCharacterSet URLQueryAllowedCharacterSet]]",
            "[@\"a%20b%26c%C3%A9\" stringByRemovingPercentEncoding]", "[@\"bad%2\" stringByRemovingPercentEncoding] == nil",
            "[@\"a b\" stringByAddingPercentEscapesUsingEncoding:NSUTF8StringEncoding]",
            "[@\"a%20b\" stringByReplacingPercentEscapesUsingEncoding:NSUTF8StringEncoding]"
        ) == ["\"a%20b&c=d/%C3%A9\"", "\"a b&cé\"", "YES", "\"a%20b\"", "\"a b\""])
    }

    @Test func characterSetsAreMutableAndInvertible() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSMutableCharacterSet *allowed = [[NSCharacterSet URLQueryAllowedCharacterSet] mutableCopy]; [allowed removeCharactersInString:@\"&=\"]; [@\"a=b&c\" stringByAddingPercentEncodingWithAllowedCharacters:allowed]",
            "[allowed addCharactersInString:@\"=\"]; [@\"a=b&c\" stringByAddingPercentEncodingWithAllowedCharacters:allowed]",
            "[[[NSCharacterSet decimalDigitCharacterSet] invertedSet] characterIsMember:'7']",
            "NSMutableCharacterSet *both = [NSMutableCharacterSet characterSetWithCharactersInString:@\"x\"]; [both formUnionWithCharacterSet:[NSCharacterSet decimalDigitCharacterSet]]; [@\"x1y2\" stringByTrimmingCharactersInSet:both]"
        ) == ["\"a%3Db%26c\"", "\"a=b%26c\"", "NO", "\"y\""])
    }

    /// OAuth's scope check builds its set from ranges of code points, as AppAuth does.
    @Test func characterSetsHoldRangesOfCodePoints() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSMutableCharacterSet *allowed = [NSMutableCharacterSet characterSetWithRange:NSMakeRange(0x23, 0x5B - 0x23 + 1)]; [allowed addCharactersInRange:NSMakeRange(0x5D, 0x7E - 0x5D + 1)]; [allowed addCharactersInString:@\"\\x21\"]; NSCharacterSet *disallowed = [allowed invertedSet]; [@\"openid profile\" rangeOfCharacterFromSet:disallowed].location",
            "[@\"openid\" rangeOfCharacterFromSet:disallowed].location == NSNotFound",
            "[allowed removeCharactersInRange:NSMakeRange('a', 3)]; [allowed characterIsMember:'b']",
            "[allowed characterIsMember:'d']",
            "[allowed addCharactersInString:@\"b\"]; [allowed characterIsMember:'b']",
            "[allowed characterIsMember:'c']",
            "[[NSCharacterSet characterSetWithRange:NSMakeRange(0x41, 0)] characterIsMember:'A']",
            "[NSCharacterSet characterSetWithRange:NSMakeRange(0x10FFFF, 2)]"
        ) == ["6", "YES", "NO", "YES", "YES", "NO", "NO",
              "error: line 1, column 1: +[NSCharacterSet characterSetWithRange:] expects an NSRange of code points within 0 to 0x10FFFF, such as NSMakeRange(0x20, 0x5F) as argument 1, but got a _NSRange",
              "  [NSCharacterSet characterSetWithRange:NSMakeRange(0x10FFFF, 2)]", "  ^"])
    }

    @Test func coreFoundationEscapesTakeWhatToLeaveAndWhatToEscape() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSMutableString *text = [NSMutableString stringWithString:@\"a b?c\"]; (NSString *)CFBridgingRelease(CFURLCreateStringByAddingPercentEscapes(NULL, (CFStringRef)text, NULL, CFSTR(\"?\"), kCFStringEncodingUTF8))",
            "CFBridgingRelease(CFURLCreateStringByAddingPercentEscapes(NULL, (CFStringRef)@\"a b\", CFSTR(\" \"), NULL, kCFStringEncodingUTF8))",
            "CFBridgingRelease(CFURLCreateStringByReplacingPercentEscapes(NULL, (CFStringRef)@\"a%20b%26\", CFSTR(\"\")))",
            "CFURLCreateStringByReplacingPercentEscapes(NULL, (CFStringRef)@\"a%20b%26\", CFSTR(\"&\"))",
            "CFURLCreateStringByReplacingPercentEscapes(NULL, (CFStringRef)@\"a%20b\", NULL)"
        ) == ["\"a%20b%3Fc\"", "\"a b\"", "\"a b&\"", "\"a b%26\"", "\"a%20b\""])
        #expect(shell.run("CFURLCreateStringByReplacingPercentEscapes(NULL, @3, NULL)").first?.contains(
            "CFURLCreateStringByReplacingPercentEscapes takes an allocator, a string and the escapes to leave") == true)
    }

    /// XML's five entities, written and read back; character references read too, and an
    /// ampersand that starts none is left as it is.
    @Test func coreFoundationEscapesXMLEntities() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "(__bridge NSString *)CFXMLCreateStringByEscapingEntities(NULL, (__bridge CFStringRef)@\"a < b & \\\"c\\\" > 'd'\", NULL)",
            "CFXMLCreateStringByUnescapingEntities(NULL, CFSTR(\"&lt;p&gt; &amp;amp; &#65;&#x42; &nope; &\"), NULL)"
        ) == ["\"a &lt; b &amp; &quot;c&quot; &gt; &apos;d&apos;\"", "\"<p> &amp; AB &nope; &\""])
    }

    @Test func aFormatMayNameItsArgumentsPositions() throws {
        let shell = try ShellHarness()
        #expect(shell.run("[NSString stringWithFormat:@\"%2$@ before %1$@, %2$@ again\", @\"one\", @\"two\"]", "[NSString stringWithFormat:@\"%1$d%%\", 5]")
            == ["\"two before one, two again\"", "\"5%\""])
        #expect(shell.run("[NSString stringWithFormat:@\"%3$@\", @\"one\"]").first?.contains("the format has more placeholders than arguments: nothing for '%3$@'") == true)
    }
}
