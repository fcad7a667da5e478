import Shell
import Testing

/// URLs taken apart and built from query items, as networking code builds a request.
@Suite("URL components and query items")
struct URLComponentsTests {
    @Test func componentsBuildAURLFromQueryItemsEncodingEachPart() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSURLComponents *c = [[NSURLComponents alloc] init]; c.scheme = @\"https\"; c.host = @\"example.com\"; c.path = @\"/a b/c\"; c.queryItems = @[[NSURLQueryItem queryItemWithName:@\"name\" value:@\" %&+£€=\"], [NSURLQueryItem queryItemWithName:@\"x=y\" value:nil]]; c.percentEncodedQuery",
            "c.URL.absoluteString", "c.query", "c.percentEncodedPath",
            "@[c.queryItems[0].name, c.queryItems[0].value, @(c.queryItems[1].value == nil), @([c.queryItems[0] isEqual:[NSURLQueryItem queryItemWithName:@\"name\" value:@\" %&+£€=\"]])]",
            "c.port = @8080; c.fragment = @\"top\"; c.string",
            "c.queryItems = nil; @[@(c.query == nil), c.string]",
            "NSMutableArray *items = [NSMutableArray array]; [items addObject:[NSURLQueryItem queryItemWithName:@\"q\" value:@\"1\"]]; c.queryItems = items; c.query"
        ) == [
            "\"name=%20%25%26+%C2%A3%E2%82%AC%3D&x%3Dy\"", "\"https://example.com/a%20b/c?name=%20%25%26+%C2%A3%E2%82%AC%3D&x%3Dy\"",
            "\"name= %&+£€=&x=y\"", "\"/a%20b/c\"", "@[\"name\", \" %&+£€=\", YES, YES]",
            "\"https://example.com:8080/a%20b/c?name=%20%25%26+%C2%A3%E2%82%AC%3D&x%3Dy#top\"", "@[YES, \"https://example.com:8080/a%20b/c#top\"]", "\"q=1\"",
        ])
    }

    @Test func componentsTakeAURLApart() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSURLComponents *p = [NSURLComponents componentsWithString:@\"http://ann:pw@www.example.com:8080/path/x?a=1&b=%20two#frag\"]; @[p.scheme, p.user, p.password, p.host, p.port, p.path, p.fragment, p.percentEncodedQuery]",
            "@[p.queryItems[1].name, p.queryItems[1].value, p.percentEncodedQueryItems[1].value]",
            "[p description]",
            "[NSURLComponents componentsWithURL:[NSURL URLWithString:@\"https://h/p?q=1\"] resolvingAgainstBaseURL:NO].queryItems[0].value",
            "[NSURLComponents componentsWithString:@\"not a url\"]",
            "NSURLComponents *copy = [p copy]; copy.host = @\"other.org\"; @[p.host, copy.URL.absoluteString, @([copy isEqual:p])]"
        ) == [
            "@[\"http\", \"ann\", \"pw\", \"www.example.com\", 8080, \"/path/x\", \"frag\", \"a=1&b=%20two\"]",
            "@[\"b\", \" two\", \"%20two\"]",
            "\"<NSURLComponents 0x1> {scheme = http, user = ann, password = pw, host = www.example.com, port = 8080, path = /path/x, query = a=1&b= two, fragment = frag}\"",
            "\"1\"", "nil", "@[\"www.example.com\", \"http://ann:pw@other.org:8080/path/x?a=1&b=%20two#frag\", NO]",
        ])
        #expect(shell.run("NSURLComponents *bad = [NSURLComponents new]; bad.queryItems = @[@\"a=b\"]").first?.hasSuffix(
            "-[NSURLComponents setQueryItems:] expects an array of NSURLQueryItems, but element 0 is not one as argument 1, but got an array") == true)
    }

    /// The empty string is a URL, a relative reference to its base, as Foundation reads it
    /// (AppAuth's TV configuration has `[[NSURL alloc] initWithString:@""]` as an endpoint).
    @Test func theEmptyStringIsAURL() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSURL *empty = [[NSURL alloc] initWithString:@\"\"]; @[@(empty != nil), empty.absoluteString, @(empty.path.length)]",
            "[NSURL URLWithString:@\"\" relativeToURL:[NSURL URLWithString:@\"https://h/p\"]].absoluteString",
            "@([NSURLComponents componentsWithString:@\"\"] != nil)"
        ) == ["@[YES, \"\", 0]", "\"https://h/p\"", "YES"])
    }
}
