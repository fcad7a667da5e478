import Foundation
import Runtime

/// CFNetwork's HTTP messages (`CFHTTPMessageRef`), as an embedded HTTP server, a WebSocket
/// handshake or a network stub reads and writes them: a message is made empty, to be filled
/// from the bytes received (`CFHTTPMessageCreateEmpty`, `CFHTTPMessageAppendBytes`,
/// `CFHTTPMessageIsHeaderComplete`), or as a request or a response to send
/// (`CFHTTPMessageCreateRequest`, `CFHTTPMessageCreateResponse`,
/// `CFHTTPMessageSetHeaderFieldValue`, `CFHTTPMessageSetBody`,
/// `CFHTTPMessageCopySerializedMessage`), and read back by part (start line, version,
/// method, URL, status, a header by name without regard to case, every header, the body).
///
/// Received bytes are read as HTTP/1.1 writes them (RFC 9112): a start line, header lines
/// of `Name: value`, and an empty line, each line ended by CRLF or a bare LF; what follows
/// the empty line, then and later, is the body. A start line or header line that does not
/// read makes `CFHTTPMessageAppendBytes` answer false, and the header stays incomplete. A
/// header received twice holds both values, joined by a comma. A request serializes its
/// URL's path and query as its target, and a response made with no status description
/// takes the standard one for its code.
///
/// A message is a pointer to its state (``Message``); `CFRetain` and `CFRelease` leave it
/// be, and it goes with the last pointer to it.
enum HTTPMessageFunctions {
    private static let expectations: [String: String] = [
        "CFHTTPMessageCreateEmpty": "an allocator and whether the message is a request, as in CFHTTPMessageCreateEmpty(kCFAllocatorDefault, TRUE)",
        "CFHTTPMessageCreateRequest": "an allocator, a method, a URL and an HTTP version, as in CFHTTPMessageCreateRequest(NULL, CFSTR(\"GET\"), (__bridge CFURLRef)url, kCFHTTPVersion1_1)",
        "CFHTTPMessageCreateResponse": "an allocator, a status code, a description (or NULL) and an HTTP version, as in CFHTTPMessageCreateResponse(NULL, 200, NULL, kCFHTTPVersion1_1)",
        "CFHTTPMessageCreateCopy": "an allocator and a message, as in CFHTTPMessageCreateCopy(NULL, message)",
        "CFHTTPMessageAppendBytes": "a message, bytes and their count, as in CFHTTPMessageAppendBytes(message, data.bytes, data.length)",
        "CFHTTPMessageIsHeaderComplete": "a message, as in CFHTTPMessageIsHeaderComplete(message)",
        "CFHTTPMessageIsRequest": "a message, as in CFHTTPMessageIsRequest(message)",
        "CFHTTPMessageCopyVersion": "a message, as in CFHTTPMessageCopyVersion(message)",
        "CFHTTPMessageCopyRequestMethod": "a request message, as in CFHTTPMessageCopyRequestMethod(request)",
        "CFHTTPMessageCopyRequestURL": "a request message, as in CFHTTPMessageCopyRequestURL(request)",
        "CFHTTPMessageGetResponseStatusCode": "a response message, as in CFHTTPMessageGetResponseStatusCode(response)",
        "CFHTTPMessageCopyResponseStatusLine": "a response message, as in CFHTTPMessageCopyResponseStatusLine(response)",
        "CFHTTPMessageCopyHeaderFieldValue": "a message and a header's name, as in CFHTTPMessageCopyHeaderFieldValue(message, CFSTR(\"Content-Type\"))",
        "CFHTTPMessageCopyAllHeaderFields": "a message, as in CFHTTPMessageCopyAllHeaderFields(message)",
        "CFHTTPMessageSetHeaderFieldValue": "a message, a header's name and its value (or NULL to remove it), as in CFHTTPMessageSetHeaderFieldValue(message, CFSTR(\"Host\"), (__bridge CFStringRef)host)",
        "CFHTTPMessageCopyBody": "a message, as in CFHTTPMessageCopyBody(message)",
        "CFHTTPMessageSetBody": "a message and an NSData (a CFDataRef), as in CFHTTPMessageSetBody(message, (__bridge CFDataRef)body)",
        "CFHTTPMessageCopySerializedMessage": "a message, as in CFHTTPMessageCopySerializedMessage(message)",
    ]

    /// The functions, sorted.
    static let names = expectations.keys.sorted()

    /// The message state's struct (see ``TypeTable``).
    static let messageStruct = "__CFHTTPMessage"

    /// CFNetwork's HTTP version strings.
    static let constants: [String: Value] = [
        "kCFHTTPVersion1_0": .string("HTTP/1.0"), "kCFHTTPVersion1_1": .string("HTTP/1.1"), "kCFHTTPVersion2_0": .string("HTTP/2.0"),
        "kCFHTTPVersion3_0": .string("HTTP/3.0"),
    ]

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        let runtime = interpreter.runtime, depth = interpreter.context.depth
        func send(_ selector: String, to receiver: Value, _ arguments: Value...) throws -> Value {
            try runtime.send(runtime.selector(selector), toValue: receiver, Arguments(arguments), nestedAt: depth)
        }
        func data(_ bytes: [UInt8]) throws -> Value {
            let buffer = Reference(element: 0, of: Reference(.array(bytes.map { .int(Int($0)) })))
            return try send("dataWithBytes:length:", to: .object(try runtime.requireClass(named: "NSData")), .reference(buffer), .int(bytes.count))
        }
        switch name {
        case "CFHTTPMessageCreateEmpty":
            try call.expect(2)
            return Message(isRequest: call[1].isTruthy).pointer
        case "CFHTTPMessageCreateRequest":
            try call.expect(4)
            let url = try send("absoluteString", to: call[2])
            guard case .string(let address) = url else { throw call.mistake }
            var message = Message(isRequest: true)
            (message.method, message.url, message.version, message.isHeaderComplete) = (try call.string(1), address, try call.string(3), true)
            return message.pointer
        case "CFHTTPMessageCreateResponse":
            try call.expect(4)
            var message = Message(isRequest: false)
            let code = try call.integer(1), version = try call.string(3)
            let reason = call[2] == .nil ? Self.reasonPhrase(for: code) : try call.string(2)
            (message.statusCode, message.statusLine, message.version, message.isHeaderComplete) = (code, "\(version) \(code) \(reason)", version, true)
            return message.pointer
        case "CFHTTPMessageCreateCopy":
            try call.expect(2)
            return try message(call, 1).message.pointer
        default:
            break
        }
        try call.expect(["CFHTTPMessageAppendBytes": 3, "CFHTTPMessageCopyHeaderFieldValue": 2, "CFHTTPMessageSetHeaderFieldValue": 3, "CFHTTPMessageSetBody": 2][name] ?? 1)
        let (handle, message) = try self.message(call, 0)
        switch name {
        case "CFHTTPMessageAppendBytes":
            let count = try call.integer(2)
            guard count >= 0 else { throw call.mistake }
            let bytes = try DigestFunctions.bytes(call[1], count: count, strings: interpreter.context.framework.cStrings, call)
            var changed = message
            let appended = changed.append(bytes)
            handle.value = changed.state
            return .bool(appended)
        case "CFHTTPMessageIsHeaderComplete": return .bool(message.isHeaderComplete)
        case "CFHTTPMessageIsRequest": return .bool(message.isRequest)
        case "CFHTTPMessageCopyVersion": return message.version.map(Value.string) ?? .nil
        case "CFHTTPMessageCopyRequestMethod": return message.method.map(Value.string) ?? .nil
        case "CFHTTPMessageCopyRequestURL":
            guard let url = message.url else { return .nil }
            return try send("URLWithString:", to: .object(try runtime.requireClass(named: "NSURL")), .string(url))
        case "CFHTTPMessageGetResponseStatusCode": return .int(message.statusCode)
        case "CFHTTPMessageCopyResponseStatusLine": return message.isRequest ? .nil : message.statusLine.map(Value.string) ?? .nil
        case "CFHTTPMessageCopyHeaderFieldValue":
            let field = try call.string(1)
            return message.headers.first { $0.name.caseInsensitiveCompare(field) == .orderedSame }.map { .string($0.value) } ?? .nil
        case "CFHTTPMessageCopyAllHeaderFields":
            return .dictionary(Dictionary(message.headers.map { (Value.string($0.name), Value.string($0.value)) }) { $1 })
        case "CFHTTPMessageSetHeaderFieldValue":
            var changed = message
            changed.setHeader(try call.string(1), to: call[2] == .nil ? nil : try call.string(2))
            handle.value = changed.state
            return .nil
        case "CFHTTPMessageCopyBody":
            return try message.body.map(data) ?? .nil
        case "CFHTTPMessageSetBody":
            let body = call[1]
            guard body.object != nil, case .int(let length) = try send("length", to: body) else { throw call.mistake }
            var changed = message
            changed.body = try DigestFunctions.bytes(try send("bytes", to: body), count: length, strings: interpreter.context.framework.cStrings, call)
            handle.value = changed.state
            return .nil
        default:
            return try data(message.serialized)
        }
    }

    /// The message the argument at `index` points at, with the pointer to its state.
    private static func message(_ call: FunctionCall, _ index: Int) throws -> (handle: Reference, message: Message) {
        guard case .reference(let handle) = call[index], let message = Message(state: handle.value) else { throw call.mistake }
        return (handle, message)
    }

    /// The standard reason phrase for a status code (RFC 9110, 15), or "" for a code it does not name.
    static func reasonPhrase(for code: Int) -> String {
        let phrases: [Int: String] = [
            100: "Continue", 101: "Switching Protocols", 200: "OK", 201: "Created", 202: "Accepted", 203: "Non-Authoritative Information",
            204: "No Content", 205: "Reset Content", 206: "Partial Content", 300: "Multiple Choices", 301: "Moved Permanently", 302: "Found",
            303: "See Other", 304: "Not Modified", 305: "Use Proxy", 307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request",
            401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 406: "Not Acceptable",
            407: "Proxy Authentication Required", 408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required",
            412: "Precondition Failed", 413: "Content Too Large", 414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable",
            417: "Expectation Failed", 421: "Misdirected Request", 422: "Unprocessable Content", 426: "Upgrade Required", 429: "Too Many Requests",
            500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
            505: "HTTP Version Not Supported",
        ]
        return phrases[code] ?? ""
    }

    // MARK: The message

    /// A message's state, kept as a struct value behind the pointer the code holds.
    struct Message {
        let isRequest: Bool
        var method: String?
        var url: String?
        var version: String?
        var statusCode = 0
        var statusLine: String?
        var headers: [(name: String, value: String)] = []
        var body: [UInt8]?
        var isHeaderComplete = false
        /// Bytes received that do not yet make a whole header.
        var pending: [UInt8] = []

        init(isRequest: Bool) { self.isRequest = isRequest }

        private static let fieldNames = [
            "isRequest", "method", "url", "version", "statusCode", "statusLine", "headerNames", "headerValues", "body", "isHeaderComplete", "pending",
        ]

        init?(state: Value) {
            guard case .structure(let fields) = state, fields.name == HTTPMessageFunctions.messageStruct,
                  let isRequest = fields["isRequest"]?.intValue, let statusCode = fields["statusCode"]?.intValue,
                  case .array(let names)? = fields["headerNames"], case .array(let values)? = fields["headerValues"], names.count == values.count,
                  let complete = fields["isHeaderComplete"]?.intValue, let pending = fields["pending"].flatMap(CryptorFunctions.bytes)
            else { return nil }
            func text(_ name: String) -> String? { if case .string(let text)? = fields[name] { text } else { nil } }
            self.isRequest = isRequest != 0
            (method, url, version, self.statusCode, statusLine) = (text("method"), text("url"), text("version"), statusCode, text("statusLine"))
            headers = zip(names, values).compactMap { name, value in
                guard case .string(let name) = name, case .string(let value) = value else { return nil }
                return (name, value)
            }
            body = fields["body"].flatMap(CryptorFunctions.bytes)
            (isHeaderComplete, self.pending) = (complete != 0, pending)
        }

        var state: Value {
            func text(_ text: String?) -> Value { text.map(Value.string) ?? .nil }
            return .structure(StructValue(name: HTTPMessageFunctions.messageStruct, fieldNames: Self.fieldNames, fields: [
                .int(isRequest ? 1 : 0), text(method), text(url), text(version), .int(statusCode), text(statusLine),
                .array(headers.map { .string($0.name) }), .array(headers.map { .string($0.value) }), body.map(CryptorFunctions.value) ?? .nil,
                .int(isHeaderComplete ? 1 : 0), CryptorFunctions.value(pending),
            ]))
        }

        /// A new pointer to this state.
        var pointer: Value { .reference(Reference(state)) }

        /// Takes received bytes: header lines until the empty line, the body after it.
        /// False when a line does not read as HTTP's.
        mutating func append(_ bytes: [UInt8]) -> Bool {
            if isHeaderComplete {
                body = (body ?? []) + bytes
                return true
            }
            pending += bytes
            var lines: [String] = []
            var start = 0
            while let newline = pending[start...].firstIndex(of: 0x0A) {
                var line = pending[start..<newline]
                if line.last == 0x0D { line = line.dropLast() }
                start = newline + 1
                // Blank lines before the start line are skipped, as RFC 9112 allows.
                if line.isEmpty && lines.isEmpty && statusLine == nil && method == nil { continue }
                guard !line.isEmpty else {
                    guard readHeader(lines) else { return false }
                    isHeaderComplete = true
                    body = Array(pending[start...])
                    pending = []
                    return true
                }
                lines.append(String(decoding: line, as: UTF8.self))
            }
            // Only whole lines are checked: the header is read once it is all here.
            return lines.isEmpty || Self.startLineReads(lines[0], isRequest: isRequest)
        }

        private static func startLineReads(_ line: String, isRequest: Bool) -> Bool {
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            if isRequest { return parts.count == 3 && parts[2].hasPrefix("HTTP/") && !parts[0].isEmpty && !parts[1].isEmpty }
            return parts.count >= 2 && parts[0].hasPrefix("HTTP/") && Int(parts[1]) != nil
        }

        /// Reads the start line and header lines; false, leaving the message as it was, when one does not read.
        private mutating func readHeader(_ lines: [String]) -> Bool {
            guard let first = lines.first, Self.startLineReads(first, isRequest: isRequest) else { return false }
            var read: [(name: String, value: String)] = []
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else { return false }
                let name = String(line[..<colon]), value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if let index = read.firstIndex(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
                    read[index].value += ", " + value
                } else {
                    read.append((name, value))
                }
            }
            let parts = first.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            if isRequest {
                (method, url, version) = (parts[0], parts[1], parts[2])
            } else {
                (version, statusCode, statusLine) = (parts[0], Int(parts[1]) ?? 0, first)
            }
            headers = read
            return true
        }

        /// Sets a header, in place of one of the same name in any case; nil removes it.
        mutating func setHeader(_ name: String, to value: String?) {
            let index = headers.firstIndex { $0.name.caseInsensitiveCompare(name) == .orderedSame }
            switch (index, value) {
            case (let index?, let value?): headers[index] = (name, value)
            case (let index?, nil): headers.remove(at: index)
            case (nil, let value?): headers.append((name, value))
            case (nil, nil): break
            }
        }

        /// The message as it goes on the wire: start line, headers, empty line, body.
        var serialized: [UInt8] {
            let version = version ?? "HTTP/1.1"
            var text: String
            if isRequest {
                text = "\(method ?? "GET") \(Self.target(of: url ?? "/")) \(version)\r\n"
            } else {
                text = (statusLine ?? "\(version) \(statusCode) \(HTTPMessageFunctions.reasonPhrase(for: statusCode))") + "\r\n"
            }
            for header in headers { text += "\(header.name): \(header.value)\r\n" }
            return Array((text + "\r\n").utf8) + (body ?? [])
        }

        /// A request's target: the URL's path (or `/`) and query, as an origin server is asked.
        private static func target(of url: String) -> String {
            guard let components = URLComponents(string: url), components.host != nil else { return url }
            let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
            return components.percentEncodedQuery.map { path + "?" + $0 } ?? path
        }
    }
}
