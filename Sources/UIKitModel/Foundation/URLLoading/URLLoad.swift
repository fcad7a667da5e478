import Foundation
import Runtime
import Synchronization

/// One request being loaded for its owner (a session task, a connection): which protocol
/// object loads it, what has arrived, and whether it has ended. A redirect that is followed
/// hands the load to a new protocol object; what the old one says after that is not heard,
/// nor is anything said after the end.
final class URLLoad: Sendable {
    /// What the owner hears, in order: redirects, the response, data, then one end.
    struct Events: Sendable {
        /// A redirect to `request` with the response that asked for it: answers the request
        /// to load instead, or nil to keep the redirect's response as the answer.
        var redirect: @Sendable (_ request: Object, _ response: Value) throws -> Object?
        var response: @Sendable (_ response: Value) throws -> Void
        var data: @Sendable (_ data: Value) throws -> Void
        /// The end: nil when the load finished, else the error it failed with; the load
        /// holds what was received.
        var finish: @Sendable (_ error: Value, _ load: URLLoad) throws -> Void
    }

    private struct State {
        var protocolObject: Object?
        var client: Object?
        var received: [Value] = []
        var response = Value.nil
        var ended = false
        var error = Value.nil
        var timeout: VirtualClock.Token?
        var timeoutInterval = 60.0
        var request: Object?
    }

    let owner: Object
    let events: Events
    private let protocolClasses: [Class]
    private let isTask: Bool
    private let loading: URLLoading
    private let state = Mutex(State())

    init(owner: Object, protocolClasses: [Class], isTask: Bool, loading: URLLoading, events: Events) {
        self.owner = owner
        self.protocolClasses = protocolClasses
        self.isTask = isTask
        self.loading = loading
        self.events = events
    }

    /// The response received, nil before one.
    var response: Value { state.withLock { $0.response } }

    /// Whether the load has ended, finished, failed or cancelled.
    var hasEnded: Bool { state.withLock { $0.ended } }

    /// The error the load failed with; nil while it goes on and when it finished.
    var error: Value { state.withLock { $0.error } }

    /// The bytes received, as an `NSData`.
    func receivedData(_ runtime: Runtime) throws -> Value {
        let bytes = state.withLock { $0.received }
        return try runtime.send("dataWithBytes:length:", to: runtime.requireClass(named: "NSData"), .array(bytes), .int(bytes.count))
    }

    /// Hands `request` to the first protocol class that can load it, or loads it as the
    /// machine can when none can.
    func begin(_ request: Object, _ runtime: Runtime) throws {
        guard !hasEnded else { return }
        let interval = try runtime.send("timeoutInterval", to: request).numberValue ?? 60
        state.withLock { state in
            state.timeoutInterval = interval > 0 ? interval : 60
            state.request = request
        }
        restartTimeout(runtime)
        for cls in protocolClasses {
            let accepts = isTask
                ? try runtime.send("canInitWithTask:", to: cls, .object(owner)) : try runtime.send("canInitWithRequest:", to: cls, .object(request))
            guard accepts.isTruthy else { continue }
            let canonical = try runtime.send("canonicalRequestForRequest:", to: cls, .object(request)).object ?? request
            let client = try runtime.send("new", to: runtime.requireClass(named: Self.clientClassName))
            try runtime.setIvar("_owner", of: client.object, to: .object(owner))
            let allocated = try runtime.send("alloc", to: cls)
            let made: Value
            if isTask {
                try runtime.setIvar("_currentRequest", of: owner, to: .object(canonical))
                made = try runtime.send("initWithTask:cachedResponse:client:", to: allocated.object, .object(owner), .nil, client)
            } else {
                made = try runtime.send("initWithRequest:cachedResponse:client:", to: allocated.object, .object(canonical), .nil, client)
            }
            guard let protocolObject = made.object else { continue }
            state.withLock { state in
                state.protocolObject = protocolObject
                state.client = client.object
            }
            _ = try runtime.send("startLoading", to: protocolObject)
            return
        }
        try loadWithoutProtocol(request, runtime)
    }

    /// Whether `client` speaks for this load now: it is the current protocol's, and the load
    /// has not ended.
    func isCurrent(_ client: Object) -> Bool {
        state.withLock { !$0.ended && $0.client === client }
    }

    /// The protocol's redirect: the owner decides; a followed redirect stops this protocol
    /// object and begins the new request on the clock's next turn.
    func redirected(to request: Object, by response: Value, _ runtime: Runtime) throws {
        restartTimeout(runtime)
        guard let next = try events.redirect(request, response) else { return }
        let stopped = state.withLock { state in
            defer { (state.protocolObject, state.client) = (nil, nil) }
            return state.protocolObject
        }
        if let stopped { _ = try runtime.send("stopLoading", to: stopped) }
        loading.clock.schedule(after: 0, kind: .block) { [self] in try begin(next, runtime) }
    }

    func received(_ response: Value, _ runtime: Runtime) throws {
        restartTimeout(runtime)
        state.withLock { $0.response = response }
        try events.response(response)
    }

    func loaded(_ data: Value, _ runtime: Runtime) throws {
        guard let bytes = data.object.flatMap({ try? runtime.ivarValue("_bytes", of: $0).arrayElements }), !bytes.isEmpty else { return }
        restartTimeout(runtime)
        state.withLock { $0.received += bytes }
        try events.data(data)
    }

    /// The end, once: the owner hears `error` (nil when it finished), then the protocol
    /// object is told to stop, as Foundation tells it when a load completes.
    func end(_ error: Value, _ runtime: Runtime) throws {
        guard let protocolObject = try stop(failingWith: error) else { return }
        try events.finish(error, self)
        if case .object(let protocolObject) = protocolObject { _ = try runtime.send("stopLoading", to: protocolObject) }
    }

    /// Ends the load with nothing more said to the owner (it cancelled), stopping its protocol object.
    func cancel(_ runtime: Runtime) throws {
        if case .object(let protocolObject)? = try stop() { _ = try runtime.send("stopLoading", to: protocolObject) }
    }

    /// Marks the load ended and forgets it: nil when it had already ended, else its protocol
    /// object (`.nil` when it had none).
    private func stop(failingWith error: Value = .nil) throws -> Value? {
        let ended = state.withLock { state -> (Value, VirtualClock.Token?)? in
            guard !state.ended else { return nil }
            state.ended = true
            state.error = error
            defer { (state.protocolObject, state.client, state.timeout, state.request) = (nil, nil, nil, nil) }
            return (state.protocolObject.map(Value.object) ?? .nil, state.timeout)
        }
        guard let ended else { return nil }
        if let token = ended.1 { loading.clock.cancel(token) }
        loading.remove(self)
        return ended.0
    }

    /// Starts the request's timeout again: a load that hears nothing for that long fails.
    private func restartTimeout(_ runtime: Runtime) {
        let clock = loading.clock
        let (old, interval, request) = state.withLock { ($0.timeout, $0.timeoutInterval, $0.request) }
        if let old { clock.cancel(old) }
        let token = clock.schedule(after: VirtualClock.nanoseconds(fromSeconds: interval), kind: .block) { [self] in
            try end(try URLLoading.error(-1001, for: request, runtime), runtime)
        }
        state.withLock { state in
            if state.ended { clock.cancel(token) } else { state.timeout = token }
        }
    }

    /// The load when no protocol takes the request: a file's bytes, a `data:` URL's, or the
    /// error a device gives offline.
    private func loadWithoutProtocol(_ request: Object, _ runtime: Runtime) throws {
        let url = try runtime.send("URL", to: request)
        let text = try url.object.map { try runtime.send("absoluteString", to: $0).text ?? "" } ?? ""
        let scheme = text.prefix { $0 != ":" }.lowercased()
        let contents: (bytes: [UInt8], mimeType: String?)
        switch scheme {
        case "file":
            let path = try runtime.send("path", to: url.object).text ?? ""
            guard case .success(let bytes) = FileContents.bytes(at: path, in: loading.container) else {
                return try end(try URLLoading.error(-1100, for: request, runtime), runtime)
            }
            contents = (bytes, nil)
        case "data":
            guard let decoded = Self.decodeDataURL(text) else { return try end(try URLLoading.error(-1002, for: request, runtime), runtime) }
            contents = decoded
        case "http", "https":
            return try end(try URLLoading.error(-1009, for: request, runtime), runtime)
        default:
            return try end(try URLLoading.error(-1002, for: request, runtime), runtime)
        }
        let response = try runtime.send(
            try runtime.selector("initWithURL:MIMEType:expectedContentLength:textEncodingName:"),
            to: try runtime.send("alloc", to: runtime.requireClass(named: "NSURLResponse")).object,
            Arguments([url, contents.mimeType.map(Value.string) ?? .nil, .int(contents.bytes.count), .nil]))
        try received(response, runtime)
        let values = contents.bytes.map { Value.int(Int($0)) }
        try loaded(try runtime.send("dataWithBytes:length:", to: runtime.requireClass(named: "NSData"), .array(values), .int(values.count)), runtime)
        try end(.nil, runtime)
    }

    /// The bytes and media type of a `data:` URL (RFC 2397): `data:[<type>][;base64],<data>`;
    /// nil when it is not one.
    static func decodeDataURL(_ text: String) -> (bytes: [UInt8], mimeType: String?)? {
        guard let comma = text.firstIndex(of: ","), text.lowercased().hasPrefix("data:") else { return nil }
        let header = text[text.index(text.startIndex, offsetBy: 5)..<comma]
        let payload = String(text[text.index(after: comma)...])
        var parameters = header.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        let isBase64 = parameters.last?.lowercased() == "base64"
        if isBase64 { parameters.removeLast() }
        let mimeType = parameters.first.flatMap { $0.isEmpty ? nil : $0 } ?? "text/plain"
        if isBase64 {
            guard let data = Data(base64Encoded: payload.removingPercentEncoding ?? payload, options: .ignoreUnknownCharacters) else { return nil }
            return ([UInt8](data), mimeType)
        }
        guard let decoded = payload.removingPercentEncoding else { return nil }
        return (Array(decoded.utf8), mimeType)
    }

    /// The class of the client objects protocols call back (`NSURLProtocolClient`).
    static let clientClassName = "_NSURLProtocolClient"
}
