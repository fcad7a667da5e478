import Shell
import Testing

/// URL sessions on a machine with no network: tasks made and configured as Foundation's,
/// finishing on the run loop's clock, and mocked as tests mock them.
@Suite("URL sessions")
struct URLSessionTests {
    @Test func aTaskFailsOfflineOnTheClockAndAFileURLIsRead() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMFetchLog : NSObject <NSURLSessionDataDelegate>
            @property (nonatomic) NSMutableArray *codes;
            @end
            @implementation MMFetchLog
            - (void)URLSession:(NSURLSession *)session task:(NSURLSessionTask *)task didCompleteWithError:(NSError *)error { [self.codes addObject:@(error.code)]; }
            @end
            """)
        #expect(shell.run(
            "__block NSError *seen = nil; __block int calls = 0; NSURLSessionDataTask *task = [[NSURLSession sharedSession] dataTaskWithURL:[NSURL URLWithString:@\"https://example.com/a\"] completionHandler:^(NSData *d, NSURLResponse *r, NSError *e) { calls++; seen = e; }]; @[@(task.state), @(calls)]",
            "[task resume]; @[@(task.state), @(calls)]",
            "@[@(task.state), @(calls), @(seen.code), seen.domain, seen.localizedDescription, seen.userInfo[NSURLErrorFailingURLStringErrorKey]]",
            "[task resume]; calls",
            "@[@([NSURLSession sharedSession] == [NSURLSession sharedSession]), @(task.taskIdentifier > 0), task.originalRequest.URL.absoluteString]",
            "MMFetchLog *log = [MMFetchLog new]; log.codes = [NSMutableArray array]; NSURLSession *session = [NSURLSession sessionWithConfiguration:[NSURLSessionConfiguration ephemeralSessionConfiguration] delegate:log delegateQueue:nil]; NSURLSessionDataTask *other = [session dataTaskWithRequest:[NSURLRequest requestWithURL:[NSURL URLWithString:@\"https://example.com\"]]]; [other resume]; [other cancel]; session.configuration.timeoutIntervalForRequest",
            "[log.codes copy]",
            "NSString *path = [NSTemporaryDirectory() stringByAppendingPathComponent:@\"hello.txt\"]; [@\"hello\" writeToFile:path atomically:YES encoding:NSUTF8StringEncoding error:NULL]; __block NSString *read = nil; [[[NSURLSession sharedSession] dataTaskWithURL:[NSURL fileURLWithPath:path] completionHandler:^(NSData *d, NSURLResponse *r, NSError *e) { read = [[NSString alloc] initWithData:d encoding:NSUTF8StringEncoding]; }] resume]; 0",
            "read"
        ) == [
            "@[1, 0]", "@[0, 0]",
            "@[3, 1, -1009, \"NSURLErrorDomain\", \"The Internet connection appears to be offline.\", \"https://example.com/a\"]",
            "1", "@[YES, YES, \"https://example.com/a\"]", "60.0", "@[-999]", "YES", "0", "\"hello\"",
        ])
        #expect(shell.run("[session invalidateAndCancel]; [session dataTaskWithURL:[NSURL URLWithString:@\"https://example.com\"]]").first?.hasSuffix(
            "NSInvalidArgumentException in -[NSURLSession dataTaskWithURL:]: Task created in a session that has been invalidated") == true)
        #expect(shell.run("[[NSURLSession sharedSession] dataTaskWithURL:@\"https://example.com\"]").first?.contains("expects an NSURL or an NSURLRequest as argument 1") == true)
    }

    /// A test stubs the session to answer with its own data, as networking code's tests do.
    @Test func aMockedSessionAnswersWithTheStubsData() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "id session = OCMClassMock([NSURLSession class]); NSData *body = [@\"{}\" dataUsingEncoding:NSUTF8StringEncoding]; OCMStub([session dataTaskWithURL:[OCMArg any] completionHandler:([OCMArg invokeBlockWithArgs:body, [NSNull null], [NSNull null], nil])]); __block NSUInteger length = 0; [session dataTaskWithURL:[NSURL URLWithString:@\"https://example.com\"] completionHandler:^(NSData *d, NSURLResponse *r, NSError *e) { length = d.length; }]; length"
        ).last == "2")
    }
}
