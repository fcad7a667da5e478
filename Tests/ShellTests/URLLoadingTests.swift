import Shell
import Testing

/// The URL loading system under sessions, connections and the `…WithContentsOfURL:` readers:
/// registered `NSURLProtocol` classes answer requests, as test suites stub a server; streams
/// and cookies as the loading code uses them.
@Suite("URL loading")
struct URLLoadingTests {
    /// A protocol answering `api.example.com`: `/old` redirects to `/new`, `/silent` never
    /// answers, anything else answers 201 with a JSON body naming the path.
    static let stubProtocol = """
        @interface MMStubProtocol : NSURLProtocol
        @end
        @implementation MMStubProtocol
        + (BOOL)canInitWithRequest:(NSURLRequest *)request { return [request.URL.host isEqualToString:@"api.example.com"]; }
        + (NSURLRequest *)canonicalRequestForRequest:(NSURLRequest *)request { return request; }
        - (void)startLoading {
            NSString *path = self.request.URL.path;
            if ([path isEqualToString:@"/silent"]) return;
            if ([path isEqualToString:@"/old"]) {
                NSHTTPURLResponse *moved = [[NSHTTPURLResponse alloc] initWithURL:self.request.URL statusCode:302 HTTPVersion:@"HTTP/1.1" headerFields:@{@"Location": @"https://api.example.com/new"}];
                [self.client URLProtocol:self wasRedirectedToRequest:[NSURLRequest requestWithURL:[NSURL URLWithString:@"https://api.example.com/new"]] redirectResponse:moved];
                [self.client URLProtocol:self didReceiveResponse:moved cacheStoragePolicy:NSURLCacheStorageNotAllowed];
                [self.client URLProtocolDidFinishLoading:self];
                return;
            }
            NSHTTPURLResponse *response = [[NSHTTPURLResponse alloc] initWithURL:self.request.URL statusCode:201 HTTPVersion:@"HTTP/1.1" headerFields:@{@"Content-Type": @"application/json; charset=utf-8"}];
            [self.client URLProtocol:self didReceiveResponse:response cacheStoragePolicy:NSURLCacheStorageNotAllowed];
            [self.client URLProtocol:self didLoadData:[[NSString stringWithFormat:@"{\\"path\\":\\"%@\\"}", path] dataUsingEncoding:NSUTF8StringEncoding]];
            [self.client URLProtocolDidFinishLoading:self];
        }
        - (void)stopLoading {}
        @end
        """

    @Test func aRegisteredProtocolAnswersConnectionsTheSharedSessionAndTheReaders() throws {
        let shell = try ShellHarness()
        shell.run(Self.stubProtocol)
        #expect(shell.run(
            "@[@([NSURLProtocol registerClass:[MMStubProtocol class]]), @([NSURLProtocol registerClass:[NSObject class]])]",
            "NSURLResponse *response = nil; NSError *error = nil; NSData *data = [NSURLConnection sendSynchronousRequest:[NSURLRequest requestWithURL:[NSURL URLWithString:@\"https://api.example.com/users\"]] returningResponse:&response error:&error]; @[@([(NSHTTPURLResponse *)response statusCode]), response.MIMEType, [[NSString alloc] initWithData:data encoding:NSUTF8StringEncoding]]",
            "[[NSString alloc] initWithData:[NSData dataWithContentsOfURL:[NSURL URLWithString:@\"https://api.example.com/cards\"]] encoding:NSUTF8StringEncoding]",
            "NSStringEncoding used = 0; @[[NSString stringWithContentsOfURL:[NSURL URLWithString:@\"https://api.example.com/text\"] usedEncoding:&used error:NULL], @(used)]",
            "[NSData dataWithContentsOfURL:[NSURL URLWithString:@\"https://other.example.com/\"]]",
            "__block NSString *body = nil; [[[NSURLSession sharedSession] dataTaskWithURL:[NSURL URLWithString:@\"https://api.example.com/shared\"] completionHandler:^(NSData *d, NSURLResponse *r, NSError *e) { body = [[NSString alloc] initWithData:d encoding:NSUTF8StringEncoding]; }] resume]; 0",
            "body"
        ) == [
            "@[YES, NO]", "@[201, \"application/json\", \"{\\\"path\\\":\\\"/users\\\"}\"]", "\"{\\\"path\\\":\\\"/cards\\\"}\"",
            "@[\"{\\\"path\\\":\\\"/text\\\"}\", 4]", "nil", "0", "\"{\\\"path\\\":\\\"/shared\\\"}\"",
        ])
        // A session of its own asks its configuration's protocol classes, not the registered ones.
        #expect(shell.run(
            "__block NSInteger code = 0; NSURLSession *own = [NSURLSession sessionWithConfiguration:[NSURLSessionConfiguration defaultSessionConfiguration]]; [[own dataTaskWithURL:[NSURL URLWithString:@\"https://api.example.com/own\"] completionHandler:^(NSData *d, NSURLResponse *r, NSError *e) { code = e.code; }] resume]; 0",
            "code",
            "NSURLSessionConfiguration *stubbed = [NSURLSessionConfiguration defaultSessionConfiguration]; stubbed.protocolClasses = [@[[MMStubProtocol class]] arrayByAddingObjectsFromArray:stubbed.protocolClasses]; __block NSInteger status = 0; [[[NSURLSession sessionWithConfiguration:stubbed] dataTaskWithURL:[NSURL URLWithString:@\"https://api.example.com/own\"] completionHandler:^(NSData *d, NSURLResponse *r, NSError *e) { status = [(NSHTTPURLResponse *)r statusCode]; }] resume]; 0",
            "status",
            "[NSURLProtocol unregisterClass:[MMStubProtocol class]]; NSData *none = [NSURLConnection sendSynchronousRequest:[NSURLRequest requestWithURL:[NSURL URLWithString:@\"https://api.example.com/users\"]] returningResponse:NULL error:&error]; error.code"
        ) == ["0", "-1009", "0", "201", "-1009"])
    }

    @Test func aConnectionsDelegateHearsTheRequestTheRedirectTheResponseTheDataAndTheEnd() throws {
        let shell = try ShellHarness()
        shell.run(Self.stubProtocol, """
            @interface MMConnectionLog : NSObject <NSURLConnectionDataDelegate>
            @property (nonatomic) NSMutableArray *heard;
            @end
            @implementation MMConnectionLog
            - (NSURLRequest *)connection:(NSURLConnection *)connection willSendRequest:(NSURLRequest *)request redirectResponse:(NSURLResponse *)response {
                [self.heard addObject:[NSString stringWithFormat:@"send %@ after %ld", request.URL.path, (long)[(NSHTTPURLResponse *)response statusCode]]];
                return request;
            }
            - (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response { [self.heard addObject:[NSString stringWithFormat:@"response %ld", (long)[(NSHTTPURLResponse *)response statusCode]]]; }
            - (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data { [self.heard addObject:[NSString stringWithFormat:@"%lu bytes", (unsigned long)data.length]]; }
            - (void)connectionDidFinishLoading:(NSURLConnection *)connection { [self.heard addObject:@"finished"]; }
            - (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error { [self.heard addObject:@(error.code)]; }
            @end
            """)
        #expect(shell.run(
            "BOOL registered = [NSURLProtocol registerClass:[MMStubProtocol class]]; MMConnectionLog *log = [MMConnectionLog new]; log.heard = [NSMutableArray array]; NSURLConnection *connection = [NSURLConnection connectionWithRequest:[NSURLRequest requestWithURL:[NSURL URLWithString:@\"https://api.example.com/old\"]] delegate:log]; log.heard.count",
            "[log.heard copy]",
            "connection.currentRequest.URL.path",
            "MMConnectionLog *quiet = [MMConnectionLog new]; quiet.heard = [NSMutableArray array]; NSURLConnection *cancelled = [NSURLConnection connectionWithRequest:[NSURLRequest requestWithURL:[NSURL URLWithString:@\"https://api.example.com/a\"]] delegate:quiet]; [cancelled cancel]; 0",
            "[quiet.heard copy]",
            "MMConnectionLog *waiting = [MMConnectionLog new]; waiting.heard = [NSMutableArray array]; NSURLConnection *silent = [NSURLConnection connectionWithRequest:[NSURLRequest requestWithURL:[NSURL URLWithString:@\"https://api.example.com/silent\"] cachePolicy:NSURLRequestUseProtocolCachePolicy timeoutInterval:2] delegate:waiting]; 0",
            "advance 1.5", "[waiting.heard copy]", "advance 1", "[waiting.heard copy]",
            "__block NSArray *answer = nil; [NSURLConnection sendAsynchronousRequest:[NSURLRequest requestWithURL:[NSURL URLWithString:@\"https://api.example.com/async\"]] queue:[NSOperationQueue mainQueue] completionHandler:^(NSURLResponse *r, NSData *d, NSError *e) { answer = @[@([(NSHTTPURLResponse *)r statusCode]), @(d.length), @(e == nil)]; }]; answer",
            "answer"
        ) == [
            "0",
            "@[\"send /old after 0\", \"send /new after 302\", \"response 201\", \"15 bytes\", \"finished\"]",
            "\"/new\"", "0", "@[]", "0",
            "advanced 1.5 s to 1.5 s: nothing was due", "@[\"send /silent after 0\"]",
            "advanced 1 s to 2.5 s: 1 block ran", "@[\"send /silent after 0\", -1001]",
            "nil", "@[201, 17, YES]",
        ])
    }

    @Test func sessionDelegatesDecideRedirectsAndProtocolsSeeBodiesAsStreams() throws {
        let shell = try ShellHarness()
        shell.run(Self.stubProtocol, """
            @interface MMBodyProtocol : NSURLProtocol
            @end
            @implementation MMBodyProtocol
            + (BOOL)canInitWithRequest:(NSURLRequest *)request { return [NSURLProtocol propertyForKey:@"skip" inRequest:request] == nil; }
            + (NSURLRequest *)canonicalRequestForRequest:(NSURLRequest *)request { return request; }
            - (void)startLoading {
                NSInputStream *stream = self.request.HTTPBodyStream;
                [stream open];
                uint8_t buffer[64];
                NSInteger count = [stream read:buffer maxLength:64];
                NSString *answer = [NSString stringWithFormat:@"%@ body:%@ stream:%ld", self.request.HTTPMethod, self.request.HTTPBody, (long)count];
                [self.client URLProtocol:self didReceiveResponse:[[NSURLResponse alloc] initWithURL:self.request.URL MIMEType:@"text/plain" expectedContentLength:answer.length textEncodingName:nil] cacheStoragePolicy:NSURLCacheStorageNotAllowed];
                [self.client URLProtocol:self didLoadData:[answer dataUsingEncoding:NSUTF8StringEncoding]];
                [self.client URLProtocolDidFinishLoading:self];
            }
            - (void)stopLoading {}
            @end
            @interface MMRedirectRefuser : NSObject <NSURLSessionDataDelegate>
            @property (nonatomic) NSMutableArray *heard;
            @end
            @implementation MMRedirectRefuser
            - (void)URLSession:(NSURLSession *)session task:(NSURLSessionTask *)task willPerformHTTPRedirection:(NSHTTPURLResponse *)response newRequest:(NSURLRequest *)request completionHandler:(void (^)(NSURLRequest *))completionHandler { [self.heard addObject:request.URL.path]; completionHandler(nil); }
            - (void)URLSession:(NSURLSession *)session dataTask:(NSURLSessionDataTask *)dataTask didReceiveResponse:(NSURLResponse *)response completionHandler:(void (^)(NSURLSessionResponseDisposition))completionHandler { [self.heard addObject:@([(NSHTTPURLResponse *)response statusCode])]; completionHandler(NSURLSessionResponseAllow); }
            - (void)URLSession:(NSURLSession *)session task:(NSURLSessionTask *)task didCompleteWithError:(NSError *)error { [self.heard addObject:@(task.state)]; }
            @end
            """)
        #expect(shell.run(
            "NSURLSessionConfiguration *configuration = [NSURLSessionConfiguration ephemeralSessionConfiguration]; configuration.protocolClasses = @[[MMBodyProtocol class]]; NSMutableURLRequest *post = [NSMutableURLRequest requestWithURL:[NSURL URLWithString:@\"https://body.example.com/\"]]; post.HTTPMethod = @\"POST\"; post.HTTPBody = [@\"name=ada\" dataUsingEncoding:NSUTF8StringEncoding]; __block NSString *seen = nil; NSURLSessionDataTask *task = [[NSURLSession sessionWithConfiguration:configuration] dataTaskWithRequest:post completionHandler:^(NSData *d, NSURLResponse *r, NSError *e) { seen = [[NSString alloc] initWithData:d encoding:NSUTF8StringEncoding]; }]; [task resume]; @[@(task.countOfBytesExpectedToSend), task.originalRequest.HTTPBody == nil ? @\"none\" : @\"body\"]",
            "@[seen, @(task.countOfBytesReceived)]",
            "NSMutableURLRequest *skipped = [post mutableCopy]; [NSURLProtocol setProperty:@YES forKey:@\"skip\" inRequest:skipped]; @[[NSURLProtocol propertyForKey:@\"skip\" inRequest:[skipped copy]], @([MMBodyProtocol canInitWithRequest:skipped])]",
            "[NSURLProtocol removePropertyForKey:@\"skip\" inRequest:skipped]; [NSURLProtocol propertyForKey:@\"skip\" inRequest:skipped]",
            "MMRedirectRefuser *refuser = [MMRedirectRefuser new]; refuser.heard = [NSMutableArray array]; NSURLSessionConfiguration *stubbed = [NSURLSessionConfiguration defaultSessionConfiguration]; stubbed.protocolClasses = @[[MMStubProtocol class]]; [[[NSURLSession sessionWithConfiguration:stubbed delegate:refuser delegateQueue:nil] dataTaskWithURL:[NSURL URLWithString:@\"https://api.example.com/old\"]] resume]; 0",
            "[refuser.heard copy]"
        ) == [
            "@[8, \"body\"]", "@[\"POST body:(null) stream:8\", 25]", "@[YES, NO]", "nil", "0",
            "@[\"/new\", 302, 3]",
        ])
        #expect(shell.run("[NSURLProtocol setProperty:@YES forKey:@\"skip\" inRequest:[NSURLRequest requestWithURL:[NSURL URLWithString:@\"https://x\"]]]").first?.contains(
            "expects an NSMutableURLRequest (a request's mutableCopy) as argument 3") == true)
        #expect(shell.run("[[NSURLProtocol new] startLoading]").first?.contains("NSURLProtocol must implement startLoading") == true)
    }

    @Test func dataURLsLoadThemselvesAndStreamsReadAndWriteBytes() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMStreamLog : NSObject <NSStreamDelegate>
            @property (nonatomic) NSMutableArray *events;
            @end
            @implementation MMStreamLog
            - (void)stream:(NSStream *)stream handleEvent:(NSStreamEvent)event {
                [self.events addObject:@(event)];
                if (event == NSStreamEventHasBytesAvailable) { uint8_t byte[2]; [(NSInputStream *)stream read:byte maxLength:2]; }
            }
            @end
            """)
        #expect(shell.run(
            "NSData *decoded = [NSData dataWithContentsOfURL:[NSURL URLWithString:@\"data:text/plain;base64,aGVsbG8=\"]]; [[NSString alloc] initWithData:decoded encoding:NSUTF8StringEncoding]",
            "[NSString stringWithContentsOfURL:[NSURL URLWithString:@\"data:,a%20b\"] encoding:NSUTF8StringEncoding error:NULL]",
            "NSInputStream *input = [NSInputStream inputStreamWithData:[@\"abcde\" dataUsingEncoding:NSUTF8StringEncoding]]; uint8_t buffer[3]; @[@(input.streamStatus), @([input read:buffer maxLength:3])]",
            "[input open]; @[@([input read:buffer maxLength:3]), @(buffer[0]), @(input.hasBytesAvailable), @([input read:buffer maxLength:3]), @(buffer[1]), @([input read:buffer maxLength:3]), @(input.streamStatus)]",
            "NSInputStream *skipping = [NSInputStream inputStreamWithData:[@\"header|body\" dataUsingEncoding:NSUTF8StringEncoding]]; BOOL moved = [skipping setProperty:@7 forKey:NSStreamFileCurrentOffsetKey]; [skipping open]; uint8_t rest[8] = {0}; NSInteger got = [skipping read:rest maxLength:8]; [[NSString alloc] initWithBytes:rest length:got encoding:NSUTF8StringEncoding]",
            "NSOutputStream *output = [NSOutputStream outputStreamToMemory]; [output open]; uint8_t bytes[] = {104, 105}; @[@([output write:bytes maxLength:2]), [[NSString alloc] initWithData:[output propertyForKey:NSStreamDataWrittenToMemoryStreamKey] encoding:NSUTF8StringEncoding]]",
            "NSString *path = [NSTemporaryDirectory() stringByAppendingPathComponent:@\"log.txt\"]; NSOutputStream *file = [NSOutputStream outputStreamToFileAtPath:path append:NO]; [file open]; NSInteger wrote = [file write:bytes maxLength:2]; [file close]; NSOutputStream *more = [NSOutputStream outputStreamToFileAtPath:path append:YES]; [more open]; wrote = [more write:bytes maxLength:1]; [NSString stringWithContentsOfFile:path encoding:NSUTF8StringEncoding error:NULL]",
            "NSInputStream *missing = [NSInputStream inputStreamWithFileAtPath:@\"/no/such/file\"]; [missing open]; @[@(missing.streamStatus), @(missing.streamError.code), missing.streamError.domain]",
            "MMStreamLog *log = [MMStreamLog new]; log.events = [NSMutableArray array]; NSInputStream *watched = [NSInputStream inputStreamWithData:[@\"abc\" dataUsingEncoding:NSUTF8StringEncoding]]; watched.delegate = log; [watched scheduleInRunLoop:[NSRunLoop currentRunLoop] forMode:NSDefaultRunLoopMode]; [watched open]; 0",
            "[log.events copy]"
        ) == [
            "\"hello\"", "\"a b\"", "@[0, -1]", "@[3, 97, YES, 2, 101, 0, 5]", "\"body\"", "@[2, \"hi\"]", "\"hih\"",
            "@[7, 2, \"NSPOSIXErrorDomain\"]", "0", "@[1, 2, 2, 16]",
        ])
    }

    @Test func cookiesComeFromResponsesAndTheStorageAnswersTheURLsTheyMatch() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSURL *url = [NSURL URLWithString:@\"https://shop.example.com/cart/items\"]; NSArray *cookies = [NSHTTPCookie cookiesWithResponseHeaderFields:@{@\"Set-Cookie\": @\"session=abc; Path=/; HttpOnly, theme=dark; Domain=example.com; Expires=Wed, 09 Jun 2100 10:18:14 GMT, last=1\"} forURL:url]; cookies.count",
            "NSHTTPCookie *first = cookies[0]; @[first.name, first.value, first.domain, first.path, @(first.isHTTPOnly), @(first.isSessionOnly)]",
            "NSHTTPCookie *second = cookies[1]; @[second.domain, @(second.isSessionOnly), @(second.expiresDate != nil)]",
            "[cookies[2] path]",
            "NSHTTPCookieStorage *storage = [NSHTTPCookieStorage sharedHTTPCookieStorage]; [storage setCookies:cookies forURL:url mainDocumentURL:nil]; @[@([storage cookiesForURL:[NSURL URLWithString:@\"https://www.example.com/cart\"]].count), @([storage cookiesForURL:[NSURL URLWithString:@\"https://www.example.com/\"]].count)]",
            "[storage cookiesForURL:[NSURL URLWithString:@\"https://shop.example.com/cart/items/3\"]].count",
            "[NSHTTPCookie requestHeaderFieldsWithCookies:@[first, second]]",
            "[storage setCookie:[NSHTTPCookie cookieWithProperties:@{NSHTTPCookieName: @\"session\", NSHTTPCookieValue: @\"xyz\", NSHTTPCookieDomain: @\"shop.example.com\", NSHTTPCookiePath: @\"/\"}]]; [[storage cookiesForURL:url] valueForKey:@\"value\"]",
            "storage.cookieAcceptPolicy = NSHTTPCookieAcceptPolicyNever; [storage setCookie:[NSHTTPCookie cookieWithProperties:@{NSHTTPCookieName: @\"n\", NSHTTPCookieValue: @\"v\", NSHTTPCookieOriginURL: url, NSHTTPCookiePath: @\"/\"}]]; storage.cookies.count",
            "[NSHTTPCookie cookieWithProperties:@{NSHTTPCookieName: @\"n\"}]"
        ) == [
            "3", "@[\"session\", \"abc\", \"shop.example.com\", \"/\", YES, YES]", "@[\".example.com\", NO, YES]", "\"/cart\"", "@[1, 0]", "3",
            "@{\"Cookie\": \"session=abc; theme=dark\"}", "@[\"dark\", \"1\", \"xyz\"]", "3", "nil",
        ])
    }
}
