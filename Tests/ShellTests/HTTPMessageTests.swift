import Foundation
import Testing
@testable import Shell

/// CFNetwork's HTTP messages as an embedded server, a WebSocket handshake or a network stub
/// uses them: parsed from bytes that arrive in pieces, built and serialized, read by part.
@Suite("CFHTTPMessage")
struct HTTPMessageTests {
    /// A shell with `mm_text(data)`, the UTF-8 text of data, and `mm_append(message, text)`.
    private func httpShell() throws -> ShellHarness {
        let shell = try ShellHarness()
        shell.run("""
            NSString *mm_text(CFDataRef data) { return [[NSString alloc] initWithData:(__bridge_transfer NSData *)data encoding:NSUTF8StringEncoding]; }
            BOOL mm_append(CFHTTPMessageRef message, NSString *text) {
                NSData *data = [text dataUsingEncoding:NSUTF8StringEncoding];
                return CFHTTPMessageAppendBytes(message, data.bytes, data.length);
            }
            """)
        return shell
    }

    @Test func aResponseIsReadFromItsBytesAsTheyArrive() throws {
        let shell = try httpShell()
        #expect(shell.run(
            "CFHTTPMessageRef response = CFHTTPMessageCreateEmpty(kCFAllocatorDefault, FALSE);",
            #"mm_append(response, @"HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nSet-Cookie: a=1\r\nContent-Len")"#,
            "CFHTTPMessageIsHeaderComplete(response)",
            #"mm_append(response, @"gth: 11\nset-cookie: b=2\n\n{\"ok\":")"#,
            "CFHTTPMessageIsHeaderComplete(response)",
            #"mm_append(response, @"true}")"#,
            "CFHTTPMessageGetResponseStatusCode(response)",
            "(__bridge_transfer NSString *)CFHTTPMessageCopyResponseStatusLine(response)",
            "(__bridge_transfer NSString *)CFHTTPMessageCopyVersion(response)",
            #"(__bridge_transfer NSString *)CFHTTPMessageCopyHeaderFieldValue(response, CFSTR("content-length"))"#,
            #"(__bridge_transfer NSString *)CFHTTPMessageCopyHeaderFieldValue(response, CFSTR("Set-Cookie"))"#,
            #"CFHTTPMessageCopyHeaderFieldValue(response, CFSTR("ETag")) == NULL"#,
            "[(__bridge_transfer NSDictionary *)CFHTTPMessageCopyAllHeaderFields(response) count]",
            "mm_text(CFHTTPMessageCopyBody(response))",
            "CFRelease(response);"
        ) == ["YES", "NO", "YES", "YES", "YES", "201", "\"HTTP/1.1 201 Created\"", "\"HTTP/1.1\"", "\"11\"", "\"a=1, b=2\"", "YES", "3", "\"{\\\"ok\\\":true}\""])
    }

    @Test func whatIsNoHTTPLeavesTheHeaderIncomplete() throws {
        let shell = try httpShell()
        #expect(shell.run(
            "CFHTTPMessageRef body = CFHTTPMessageCreateEmpty(NULL, FALSE);",
            #"mm_append(body, @"{\"success\":true}")"#,
            "CFHTTPMessageIsHeaderComplete(body)",
            "CFHTTPMessageCopyBody(body) == NULL",
            "CFHTTPMessageRef garbled = CFHTTPMessageCreateEmpty(NULL, FALSE);",
            #"mm_append(garbled, @"not a status line\n\n")"#,
            "CFHTTPMessageIsHeaderComplete(garbled)",
            "CFHTTPMessageRef request = CFHTTPMessageCreateEmpty(NULL, TRUE);",
            #"mm_append(request, @"GET /index.html HTTP/1.0\nno colon here\n\n")"#,
            "CFHTTPMessageIsRequest(request)"
        ) == ["YES", "NO", "YES", "NO", "NO", "NO", "YES"])
    }

    @Test func aRequestAndAResponseSerializeAsTheWireCarriesThem() throws {
        let shell = try httpShell()
        #expect(shell.run(
            #"NSURL *url = [NSURL URLWithString:@"wss://example.com:8443/chat?room=1"];"#,
            #"CFHTTPMessageRef request = CFHTTPMessageCreateRequest(NULL, CFSTR("GET"), (__bridge CFURLRef)url, kCFHTTPVersion1_1);"#,
            #"CFHTTPMessageSetHeaderFieldValue(request, CFSTR("Host"), CFSTR("example.com:8443"));"#,
            #"CFHTTPMessageSetHeaderFieldValue(request, CFSTR("Upgrade"), CFSTR("websocket"));"#,
            #"CFHTTPMessageSetHeaderFieldValue(request, CFSTR("X-Gone"), CFSTR("soon")); CFHTTPMessageSetHeaderFieldValue(request, CFSTR("x-gone"), NULL);"#,
            "mm_text(CFHTTPMessageCopySerializedMessage(request))",
            "[(__bridge_transfer NSURL *)CFHTTPMessageCopyRequestURL(request) absoluteString]",
            "(__bridge_transfer NSString *)CFHTTPMessageCopyRequestMethod(request)",
            "CFHTTPMessageRef response = CFHTTPMessageCreateResponse(NULL, 404, NULL, kCFHTTPVersion1_1);",
            #"CFHTTPMessageSetBody(response, (__bridge CFDataRef)[@"gone" dataUsingEncoding:NSUTF8StringEncoding]);"#,
            "CFHTTPMessageRef copy = CFHTTPMessageCreateCopy(NULL, response);",
            #"CFHTTPMessageSetHeaderFieldValue(copy, CFSTR("Retry-After"), CFSTR("5"));"#,
            "mm_text(CFHTTPMessageCopySerializedMessage(response))",
            "mm_text(CFHTTPMessageCopySerializedMessage(copy))",
            #"mm_text(CFHTTPMessageCopySerializedMessage(CFHTTPMessageCreateResponse(NULL, 200, CFSTR("Fine"), kCFHTTPVersion1_0)))"#
        ) == [
            #""GET /chat?room=1 HTTP/1.1\r\nHost: example.com:8443\r\nUpgrade: websocket\r\n\r\n""#,
            "\"wss://example.com:8443/chat?room=1\"", "\"GET\"",
            #""HTTP/1.1 404 Not Found\r\n\r\ngone""#, #""HTTP/1.1 404 Not Found\r\nRetry-After: 5\r\n\r\ngone""#, #""HTTP/1.0 200 Fine\r\n\r\n""#,
        ])
    }

    @Test func aMessageArgumentThatIsNoneIsNamed() throws {
        let shell = try httpShell()
        let answer = shell.run("CFHTTPMessageGetResponseStatusCode(NULL)").first ?? ""
        #expect(answer.contains("CFHTTPMessageGetResponseStatusCode takes a response message, as in CFHTTPMessageGetResponseStatusCode(response)"), "\(answer)")
    }
}
