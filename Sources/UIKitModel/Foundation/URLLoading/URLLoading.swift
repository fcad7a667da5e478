import Foundation
import Runtime
import Synchronization

/// The URL loading system under `NSURLSession`, `NSURLConnection` and the `…WithContentsOfURL:`
/// readers: it hands each request to the first `NSURLProtocol` subclass that says it can load
/// it (`+canInitWithRequest:`), as Foundation does, and that protocol's callbacks to its
/// client become the response, data and end its owner hears of.
///
/// That is how tests stand in for a server (OHHTTPStubs, Nocilla, a suite's own protocol):
/// they register a protocol class and answer from it. A request no protocol takes is loaded
/// the way the machine can: a `file:` URL from the app's files or the tree, a `data:` URL
/// from itself, anything else fails as it fails offline (`NSURLErrorNotConnectedToInternet`).
///
/// Everything happens on the run loop's clock: a load begins on the clock's next turn, never
/// during the call that asked for it, and a protocol's delays (`dispatch_after`) are the
/// clock's. A load that hears nothing for its request's `timeoutInterval` fails with
/// `NSURLErrorTimedOut`, as on a device.
final class URLLoading: Sendable {
    let clock: VirtualClock
    let container: AppContainer
    /// The classes `+[NSURLProtocol registerClass:]` registered, the latest first, as
    /// Foundation asks them.
    private let registered = Mutex<[Class]>([])
    /// The loads under way, by the identity of their owner (a task, a connection).
    private let loads = Mutex<[ObjectIdentifier: URLLoad]>([:])

    init(clock: VirtualClock, container: AppContainer) {
        self.clock = clock
        self.container = container
    }

    /// The registered protocol classes, in the order they are asked.
    var registeredClasses: [Class] { registered.withLock { $0 } }

    /// Registers `cls` to be asked before those registered earlier.
    func register(_ cls: Class) {
        registered.withLock { classes in
            classes.removeAll { $0 === cls }
            classes.insert(cls, at: 0)
        }
    }

    /// Stops asking `cls`.
    func unregister(_ cls: Class) {
        registered.withLock { $0.removeAll { $0 === cls } }
    }

    /// Begins loading `request` for `owner` on the clock's next turn, asking `protocolClasses`
    /// in order (with `+canInitWithTask:` when `owner` is a session task).
    @discardableResult
    func start(_ request: Object, for owner: Object, asking protocolClasses: [Class], isTask: Bool, runtime: Runtime, events: URLLoad.Events) -> URLLoad {
        let load = URLLoad(owner: owner, protocolClasses: protocolClasses, isTask: isTask, loading: self, events: events)
        loads.withLock { $0[ObjectIdentifier(owner)] = load }
        clock.schedule(after: 0, kind: .block) { try load.begin(request, runtime) }
        return load
    }

    /// The load under way for `owner`, if there is one.
    func load(of owner: Object) -> URLLoad? {
        loads.withLock { $0[ObjectIdentifier(owner)] }
    }

    /// Forgets `load`, which has ended.
    func remove(_ load: URLLoad) {
        loads.withLock { loads in
            if loads[ObjectIdentifier(load.owner)] === load { loads[ObjectIdentifier(load.owner)] = nil }
        }
    }

    /// Loads `request` and waits for its end, running the clock as a thread blocked on a
    /// synchronous request lets the rest of the app run: how
    /// `+[NSURLConnection sendSynchronousRequest:returningResponse:error:]` and
    /// `+[NSData dataWithContentsOfURL:]` fetch. Registered protocols are asked, as Foundation
    /// asks them for these.
    func loadSynchronously(_ request: Object, runtime: Runtime) throws -> (data: Value, response: Value, error: Value) {
        let owner = try runtime.send("new", to: runtime.requireClass(named: "NSObject"))
        guard let owner = owner.object else { return (.nil, .nil, .nil) }
        let load = start(request, for: owner, asking: registeredClasses, isTask: false, runtime: runtime, events: URLLoad.Events(
            redirect: { request, _ in request }, response: { _ in }, data: { _ in }, finish: { _, _ in }))
        // The request's own timeout ends the load if nothing else does; the clock cannot wait longer.
        _ = try clock.advance(until: { load.hasEnded })
        let error = load.error
        return (error == .nil ? try load.receivedData(runtime) : .nil, load.response, error)
    }

    /// The `NSURLErrorDomain` error Foundation gives for `code`, with the failing URL.
    static func error(_ code: Int, for request: Object?, _ runtime: Runtime) throws -> Value {
        let url = try request.map { try runtime.send("URL", to: $0) } ?? .nil
        let text = try url.object.map { try runtime.send("absoluteString", to: $0).text ?? "" } ?? ""
        var info: [Value: Value] = [.string("NSLocalizedDescription"): .string(sentences[code] ?? "An unknown error occurred.")]
        if url != .nil {
            info[.string("NSErrorFailingURLKey")] = url
            info[.string("NSErrorFailingURLStringKey")] = .string(text)
        }
        return try runtime.send(
            "errorWithDomain:code:userInfo:", to: runtime.requireClass(named: "NSError"), .string("NSURLErrorDomain"), .int(code), .dictionary(info))
    }

    /// Foundation's descriptions of the URL errors the model gives.
    private static let sentences = [
        -999: "cancelled", -1000: "bad URL", -1001: "The request timed out.", -1002: "unsupported URL", -1012: "The user cancelled authentication.",
        -1009: "The Internet connection appears to be offline.", -1100: "The requested URL was not found on this server.",
    ]
}
