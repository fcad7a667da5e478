import Runtime

extension ClassLibrary {
    /// `NSURLConnection`, the loading API before sessions, which older apps and their tests
    /// still use: a connection with a delegate (`connection:didReceiveResponse:`,
    /// `connection:didReceiveData:`, `connectionDidFinishLoading:`, `connection:didFailWithError:`,
    /// and `connection:willSendRequest:redirectResponse:` before the request and at each
    /// redirect), `sendAsynchronousRequest:queue:completionHandler:` and
    /// `sendSynchronousRequest:returningResponse:error:`. Requests go through the URL loading
    /// system, registered `NSURLProtocol` classes first (see ``URLLoading``).
    static func defineNSURLConnection(in runtime: Runtime, root: Class, loading: URLLoading) throws {
        let initWithRequest = try runtime.selector("initWithRequest:delegate:startImmediately:")
        let initialize = try runtime.selector("init")

        /// Sends `name` to the connection's delegate when it answers it; nil when it does not.
        @Sendable func tell(_ connection: Object, _ name: String, _ arguments: Value..., runtime: Runtime) throws -> Value? {
            let delegate: Value = try runtime.ivarValue("_delegate", of: connection)
            return try ClassLibrary.tell(delegate.object, name, [.object(connection)] + arguments, in: runtime)
        }

        /// What the connection's owner hears: its delegate's messages, or its completion
        /// handler on its queue at the end. The delegate is let go once the load ends, as
        /// Foundation lets it go.
        @Sendable func events(of connection: Object, _ runtime: Runtime) -> URLLoad.Events {
            URLLoad.Events(
                redirect: { request, response in
                    let answer = try tell(connection, "connection:willSendRequest:redirectResponse:", .object(request), response, runtime: runtime)
                    guard let next = answer.map({ $0.object }) ?? request else { return nil }
                    try runtime.setIvar("_currentRequest", of: connection, to: .object(next))
                    return next
                },
                response: { response in _ = try tell(connection, "connection:didReceiveResponse:", response, runtime: runtime) },
                data: { data in _ = try tell(connection, "connection:didReceiveData:", data, runtime: runtime) },
                finish: { error, load in
                    if case .block(let handler) = try runtime.ivarValue("_completion", of: connection) {
                        let data = error == .nil ? try load.receivedData(runtime) : .nil
                        try deliver(handler, Arguments([load.response, data, error]), on: runtime.ivarValue("_queue", of: connection), runtime)
                    } else if error == .nil {
                        _ = try tell(connection, "connectionDidFinishLoading:", runtime: runtime)
                    } else {
                        _ = try tell(connection, "connection:didFailWithError:", error, runtime: runtime)
                    }
                    try runtime.setIvars(of: connection, ["_delegate": .nil, "_completion": .nil])
                })
        }

        /// Calls `handler` on `queue` (an `NSOperationQueue`), as an operation of it.
        @Sendable func deliver(_ handler: Block, _ arguments: Arguments, on queue: Value, _ runtime: Runtime) throws {
            let operation = Block(parameterCount: 0) { _, depth in try handler.call(arguments, nestedAt: depth) }
            _ = try runtime.send("addOperationWithBlock:", to: queue.object, .block(operation))
        }

        try runtime.registerLazyClass(named: "NSURLConnection", superclass: root) { c in
            try c.addProperty(Property(name: "originalRequest", type: .object(className: "NSURLRequest"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "currentRequest", type: .object(className: "NSURLRequest"), attributes: [.readOnly, .copy]))
            for (name, type) in [("_delegate", ObjCType.object(className: nil)), ("_completion", .block), ("_queue", .object(className: "NSOperationQueue")),
                                 ("_started", .bool), ("_cancelled", .bool)] {
                try c.addIvar(name, type: type)
            }
            try c.addMethod("initWithRequest:delegate:startImmediately:", types: "@@:@@B") { m in
                guard let request = try m.objectArgument(0), let requestClass = m.runtime.class(named: "NSURLRequest"), request.isKind(of: requestClass) else {
                    throw m.wrongArgument(0, expected: "an NSURLRequest")
                }
                let (delegate, starts) = (m[1], m[2].isTruthy)
                guard let this = try m.sendSuper(initialize).object else { return .nil }
                let copy = try m.send("copy", to: request)
                try m.runtime.setIvars(of: this, ["_originalRequest": copy, "_currentRequest": copy, "_delegate": delegate])
                if starts { _ = try m.send("start", to: this) }
                return .object(this)
            }
            try c.addMethod("initWithRequest:delegate:", types: "@@:@@") { m in
                try m.send(initWithRequest, to: m.receiver, Arguments([m[0], m[1], true]))
            }
            try c.addClassMethod("connectionWithRequest:delegate:", types: "@@:@@") { m in
                try m.allocInit(initWithRequest, Arguments([m[0], m[1], true]))
            }
            // The delegate hears first of the request about to be sent, which it may change
            // (or refuse with nil), on the clock's next turn; then the request is loaded.
            try c.addMethod("start", types: "v@:") { m in
                guard try !m.ivar("_started").isTruthy, try !m.ivar("_cancelled").isTruthy else { return .nil }
                try m.setIvar("_started", true)
                let (connection, runtime) = (m.receiver, m.runtime)
                loading.clock.schedule(after: 0, kind: .block) {
                    guard try !runtime.ivarValue("_cancelled", of: connection).isTruthy,
                          var request = try runtime.ivarValue("_currentRequest", of: connection).object else { return }
                    if let answer = try tell(connection, "connection:willSendRequest:redirectResponse:", .object(request), .nil, runtime: runtime) {
                        guard let changed = answer.object else { return }
                        request = changed
                        try runtime.setIvar("_currentRequest", of: connection, to: .object(request))
                    }
                    loading.start(request, for: connection, asking: loading.registeredClasses, isTask: false, runtime: runtime, events: events(of: connection, runtime))
                }
                return .nil
            }
            // A cancelled connection says nothing more to its delegate.
            try c.addMethod("cancel", types: "v@:") { m in
                try m.setIvar("_cancelled", true)
                try loading.load(of: m.receiver)?.cancel(m.runtime)
                try m.setIvars(["_delegate": .nil, "_completion": .nil])
                return .nil
            }
            // The model's loads all run on the one run loop's clock: where a connection is
            // scheduled, or which queue its delegate hears on, changes nothing of what it hears.
            for name in ["scheduleInRunLoop:forMode:", "unscheduleFromRunLoop:forMode:"] {
                try c.addMethod(name, types: "v@:@@") { _ in .nil }
            }
            try c.addMethod("setDelegateQueue:", types: "v@:@") { _ in .nil }
            try c.addClassMethod("canHandleRequest:", types: "B@:@") { m in
                guard let request = try m.objectArgument(0) else { return false }
                for cls in loading.registeredClasses where try m.send("canInitWithRequest:", to: cls, .object(request)).isTruthy { return true }
                let url = try m.send("URL", to: request)
                let scheme = try url.object.map { try m.send("scheme", to: $0).text?.lowercased() ?? "" } ?? ""
                return .bool(["http", "https", "file", "data", "ftp"].contains(scheme))
            }
            try c.addClassMethod("sendAsynchronousRequest:queue:completionHandler:", types: "v@:@@@?") { m in
                guard case .block = m[2] else { throw m.wrongArgument(2, expected: "a completion handler block") }
                let queue = m[1] == .nil ? try m.send("mainQueue", to: try m.runtime.requireClass(named: "NSOperationQueue")) : m[1]
                let connection = try m.allocInit(initWithRequest, Arguments([m[0], .nil, false]))
                guard let made = connection.object else { return .nil }
                try m.runtime.setIvars(of: made, ["_completion": m[2], "_queue": queue])
                _ = try m.send("start", to: made)
                return .nil
            }
            try c.addClassMethod("sendSynchronousRequest:returningResponse:error:", types: "@@:@^@^@") { m in
                guard let request = try m.objectArgument(0), let requestClass = m.runtime.class(named: "NSURLRequest"), request.isKind(of: requestClass) else {
                    throw m.wrongArgument(0, expected: "an NSURLRequest")
                }
                let (data, response, error) = try loading.loadSynchronously(request, runtime: m.runtime)
                if case .reference(let pointer) = m[1] { pointer.value = response }
                if case .reference(let pointer) = m[2], error != .nil { pointer.value = error }
                return data
            }
        }
    }
}
