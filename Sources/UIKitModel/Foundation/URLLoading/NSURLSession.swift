import Foundation
import Runtime
import Synchronization

extension ClassLibrary {
    /// The names of the URL session classes the library defines.
    static let urlSessionClassNames = [
        "NSURLSession", "NSURLSessionConfiguration", "NSURLSessionTask", "NSURLSessionDataTask", "NSURLSessionDownloadTask",
        "NSURLSessionUploadTask",
    ]

    /// `NSURLSession`, its configuration and its tasks, on a machine with no network.
    ///
    /// Sessions and tasks are made and configured as Foundation's are, so networking code
    /// runs, and a test's mock or stub of them (`OCMClassMock([NSURLSession class])`,
    /// `OCMStub([session dataTaskWithRequest:… completionHandler:…])`) finds their methods and
    /// their blocks' types. A task resumed is loaded through the URL loading system
    /// (``URLLoading``) on the run loop's clock: by the first protocol class that takes it
    /// (the registered ones for the shared session, the configuration's `protocolClasses`
    /// for another), else a `file:` or `data:` URL is read and any other request fails as it
    /// fails offline, with `NSURLErrorDomain`'s -1009 ("The Internet connection appears to be
    /// offline."); a cancelled task ends with -999. The completion handler, or the delegate's
    /// `URLSession:task:didCompleteWithError:`, hears of it when the clock runs (a test's wait,
    /// a run loop spun), never during the call that resumed the task.
    static func defineURLSession(in runtime: Runtime, root: Class, loading: URLLoading) throws {
        let initialize = try runtime.selector("init")
        let shared = Mutex<Object?>(nil)
        let identifiers = Atomic<Int>(0)
        let configuration = try runtime.registerLazyClass(named: "NSURLSessionConfiguration", superclass: root) { c in
            try c.addProperty(Property(name: "identifier", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "HTTPAdditionalHeaders", type: .object(className: "NSDictionary"), attributes: [.copy]))
            try c.addProperty(Property(name: "timeoutIntervalForRequest", type: .double))
            try c.addProperty(Property(name: "timeoutIntervalForResource", type: .double))
            try c.addProperty(Property(name: "requestCachePolicy", type: .integer(code: "Q")))
            try c.addProperty(Property(name: "allowsCellularAccess", type: .bool))
            try c.addProperty(Property(name: "HTTPMaximumConnectionsPerHost", type: .integer(code: "q")))
            try c.addProperty(Property(name: "HTTPShouldSetCookies", type: .bool))
            try c.addProperty(Property(name: "protocolClasses", type: .object(className: "NSArray"), attributes: [.copy]))
            try c.addProperty(Property(name: "URLCache", type: .object(className: "NSURLCache"), attributes: [.strong]))
            try c.addProperty(Property(name: "HTTPCookieStorage", type: .object(className: "NSHTTPCookieStorage"), attributes: [.strong]))
            try c.addProperty(Property(name: "waitsForConnectivity", type: .bool))
            // Foundation's defaults: a minute a request, a week a resource, four connections a host.
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, [
                        "_timeoutIntervalForRequest": .double(60), "_timeoutIntervalForResource": .double(604_800),
                        "_allowsCellularAccess": true, "_HTTPMaximumConnectionsPerHost": .int(4), "_HTTPShouldSetCookies": true,
                    ])
                }
            }
            // NSSecureCoding: the settings that are values (a cache or a cookie store is not archived).
            try addCoding(of: ["_identifier", "_HTTPAdditionalHeaders", "_timeoutIntervalForRequest", "_timeoutIntervalForResource", "_requestCachePolicy",
                               "_allowsCellularAccess", "_HTTPMaximumConnectionsPerHost", "_HTTPShouldSetCookies", "_waitsForConnectivity"],
                          keyedBy: "NSURLSessionConfiguration", initializer: initialize, secure: true, to: &c)
            for name in ["defaultSessionConfiguration", "ephemeralSessionConfiguration"] {
                try c.addClassMethod(name, types: "@@:") { m in try m.allocInit(initialize) }
            }
            try c.addClassMethod("backgroundSessionConfigurationWithIdentifier:", types: "@@:@") { m in
                let identifier = try m.stringArgument(0)
                let made = try m.allocInit(initialize)
                if let configuration = made.object { try m.runtime.setIvar("_identifier", of: configuration, to: .string(identifier)) }
                return made
            }
            try c.addMethod("copy", types: "@@:") { m in
                let copy = try m.make("NSURLSessionConfiguration", initialize)
                guard let made = copy.object else { return .nil }
                for ivar in m.runtime.ivars(of: m.receiver.isa) { try m.runtime.setIvar(ivar.name, of: made, to: try m.ivar(ivar.name)) }
                return copy
            }
        }

        let task = try runtime.registerLazyClass(named: "NSURLSessionTask", superclass: root) { c in
            try c.addProperty(Property(name: "taskIdentifier", type: .integer(code: "Q"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "originalRequest", type: .object(className: "NSURLRequest"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "currentRequest", type: .object(className: "NSURLRequest"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "response", type: .object(className: "NSURLResponse"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "error", type: .object(className: "NSError"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "state", type: .integer(code: "q"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "countOfBytesReceived", type: .integer(code: "q"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "countOfBytesExpectedToReceive", type: .integer(code: "q"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "countOfBytesSent", type: .integer(code: "q"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "countOfBytesExpectedToSend", type: .integer(code: "q"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "taskDescription", type: .object(className: "NSString"), attributes: [.copy]))
            try c.addProperty(Property(name: "priority", type: .float))
            try c.addIvar("_session", type: .object(className: "NSURLSession"))
            try c.addIvar("_completion", type: .block)
            try c.addIvar("_started", type: .bool)
            // NSURLSessionTaskStateRunning 0, Suspended 1, Canceling 2, Completed 3: a task is
            // made suspended, and finishes once, whichever way.
            try c.addMethod("resume", types: "v@:") { m in
                guard try m.ivar("_state").intValue == 1 else { return .nil }
                try change(m.receiver, ["state": .int(0)], m.runtime)
                guard try !m.ivar("_started").isTruthy else { return .nil }
                try m.setIvar("_started", true)
                let (runtime, task) = (m.runtime, m.receiver)
                guard let session = try m.ivar("_session").object else { return .nil }
                guard let initial = try m.ivar("_currentRequest").object else {
                    loading.clock.schedule(after: 0, kind: .block) { try finish(task, error: try URLLoading.error(-1000, for: nil, runtime), data: .nil, runtime) }
                    return .nil
                }
                // A session hands protocols its request's body as a stream, not as `HTTPBody`,
                // as Foundation does (tests of stubs check that they read the stream).
                var request = initial
                if case .object(let body) = try m.send("HTTPBody", to: request) {
                    let stream = try m.send("inputStreamWithData:", to: m.runtime.requireClass(named: "NSInputStream"), .object(body))
                    if let streamed = try m.send("mutableCopy", to: request).object {
                        _ = try m.send("setHTTPBody:", to: streamed, .nil)
                        _ = try m.send("setHTTPBodyStream:", to: streamed, stream)
                        request = streamed
                        try m.setIvar("_currentRequest", .object(streamed))
                    }
                }
                // The shared session asks the registered protocols; another asks its configuration's.
                var classes = loading.registeredClasses
                if shared.withLock({ $0 }) !== session, let configuration = try m.runtime.ivarValue("_configuration", of: session).object {
                    classes = try m.send("protocolClasses", to: configuration).arrayContents?.compactMap { $0.object as? Class } ?? []
                }
                loading.start(request, for: task, asking: classes, isTask: true, runtime: runtime, events: events(of: task, runtime))
                return .nil
            }
            try c.addMethod("suspend", types: "v@:") { m in
                if try m.ivar("_state").intValue == 0 { try change(m.receiver, ["state": .int(1)], m.runtime) }
                return .nil
            }
            // A cancelled task ends with NSURLErrorCancelled on the clock's next turn.
            try c.addMethod("cancel", types: "v@:") { m in
                guard let state = try m.ivar("_state").intValue, state < 2 else { return .nil }
                try change(m.receiver, ["state": .int(2)], m.runtime)
                let (runtime, task) = (m.runtime, m.receiver)
                try loading.load(of: task)?.cancel(runtime)
                let request = try m.ivar("_currentRequest").object
                loading.clock.schedule(after: 0, kind: .block) { try finish(task, error: try URLLoading.error(-999, for: request, runtime), data: .nil, runtime) }
                return .nil
            }
            try c.addMethod("description", types: "@@:") { m in
                .string("LocalDataTask <\(try m.ivar("_taskIdentifier").intValue ?? 0)>.<1>")
            }
        }
        for name in ["NSURLSessionDataTask", "NSURLSessionDownloadTask"] {
            let made = try runtime.registerLazyClass(named: name, superclass: task) { _ in }
            if name == "NSURLSessionDataTask" { try runtime.registerLazyClass(named: "NSURLSessionUploadTask", superclass: made) { _ in } }
        }

        /// Sets properties of `task`, which its observers hear of, as a task's are observed
        /// (AFNetworking follows progress through `countOfBytesReceived`).
        @Sendable func change(_ task: Object, _ values: KeyValuePairs<String, Value>, _ runtime: Runtime) throws {
            for (key, _) in values { _ = try runtime.send("willChangeValueForKey:", to: task, .string(key)) }
            for (key, value) in values { try runtime.setIvar("_" + key, of: task, to: value) }
            for (key, _) in values.reversed() { _ = try runtime.send("didChangeValueForKey:", to: task, .string(key)) }
        }

        /// Sends `name` to the delegate of `task`'s session when it answers it; nil when it does not.
        @Sendable func tell(_ task: Object, _ name: String, _ arguments: Value..., runtime: Runtime) throws -> Value? {
            let session: Value = try runtime.ivarValue("_session", of: task)
            let delegate: Value = try runtime.ivarValue("_delegate", of: session.object)
            guard let session = session.object else { return nil }
            return try ClassLibrary.tell(delegate.object, name, [.object(session), .object(task)] + arguments, in: runtime)
        }

        /// What a task hears of its load. A task with a completion handler keeps its data for
        /// the handler; one without tells its session's delegate as the data comes. Either way
        /// the delegate decides on redirects (followed when it does not answer) and responses.
        @Sendable func events(of task: Object, _ runtime: Runtime) -> URLLoad.Events {
            let hasHandler = (try? runtime.ivarValue("_completion", of: task)).map { if case .block = $0 { true } else { false } } ?? false
            return URLLoad.Events(
                redirect: { request, response in
                    // The delegate's answer, once it gives one, as a one-element array.
                    let chosen = Reference(.nil)
                    let decide = Block(parameterCount: 1) { arguments, _ in
                        chosen.value = .array([arguments.count > 0 ? arguments[0] : .nil])
                        return .nil
                    }
                    _ = try tell(task, "URLSession:task:willPerformHTTPRedirection:newRequest:completionHandler:", response, .object(request), .block(decide), runtime: runtime)
                    // Unasked, or asked and not yet answered, the redirect is followed.
                    guard let followed = (chosen.value.arrayElements.first ?? .object(request)).object else { return nil }
                    try runtime.setIvar("_currentRequest", of: task, to: .object(followed))
                    return followed
                },
                response: { response in
                    let expected = try response.object.map { try runtime.send("expectedContentLength", to: $0) } ?? .int(-1)
                    try change(task, ["response": response, "countOfBytesExpectedToReceive": expected], runtime)
                    guard !hasHandler else { return }
                    // NSURLSessionResponseCancel (0) cancels the task; Allow (1) and the rest go on.
                    let disposition = Reference(.int(1))
                    let decide = Block(parameterCount: 1) { arguments, _ in
                        disposition.value = arguments.count > 0 ? arguments[0] : .int(1)
                        return .nil
                    }
                    _ = try tell(task, "URLSession:dataTask:didReceiveResponse:completionHandler:", response, .block(decide), runtime: runtime)
                    if disposition.value.intValue == 0 { _ = try runtime.send("cancel", to: task) }
                },
                data: { data in
                    let count = try data.object.map { try runtime.send("length", to: $0).intValue ?? 0 } ?? 0
                    let received = try runtime.ivarValue("_countOfBytesReceived", of: task).intValue ?? 0
                    try change(task, ["countOfBytesReceived": .int(received + count)], runtime)
                    if !hasHandler { _ = try tell(task, "URLSession:dataTask:didReceiveData:", data, runtime: runtime) }
                },
                finish: { error, load in
                    try finish(task, error: error, data: error == .nil ? try load.receivedData(runtime) : .nil, runtime)
                })
        }

        /// Ends `task` once: its error (nil when it finished), then its completion handler or
        /// its session's delegate.
        @Sendable func finish(_ task: Object, error: Value, data: Value, _ runtime: Runtime) throws {
            guard let state = try runtime.ivarValue("_state", of: task).intValue, state != 3 else { return }
            try change(task, ["error": error, "state": .int(3)], runtime)
            let completion = try runtime.ivarValue("_completion", of: task)
            try runtime.setIvar("_completion", of: task, to: .nil)
            if case .block(let handler) = completion {
                let isDownload = runtime.class(named: "NSURLSessionDownloadTask").map(task.isKind(of:)) ?? false
                // A download hands over the file's URL, which the model has none of: nil.
                _ = try handler.call(Arguments([isDownload ? .nil : data, try runtime.ivarValue("_response", of: task), error]), nestedAt: 0)
                return
            }
            _ = try tell(task, "URLSession:task:didCompleteWithError:", error, runtime: runtime)
        }

        try runtime.registerLazyClass(named: "NSURLSession", superclass: root) { c in
            try c.addProperty(Property(name: "configuration", type: .object(className: "NSURLSessionConfiguration"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: [.readOnly, .strong]))
            try c.addProperty(Property(name: "delegateQueue", type: .object(className: "NSOperationQueue"), attributes: [.readOnly, .strong]))
            try c.addProperty(Property(name: "sessionDescription", type: .object(className: "NSString"), attributes: [.copy]))
            try c.addIvar("_invalidated", type: .bool)
            let withDelegate = try c.runtime.selector("sessionWithConfiguration:delegate:delegateQueue:")
            try c.addClassMethod("sessionWithConfiguration:delegate:delegateQueue:", types: "@@:@@@") { m in
                guard let given = try m.objectArgument(0), given.isKind(of: configuration) else {
                    throw m.wrongArgument(0, expected: "an NSURLSessionConfiguration, such as [NSURLSessionConfiguration defaultSessionConfiguration]")
                }
                guard let session = try m.allocInit(initialize).object else { return .nil }
                try m.runtime.setIvars(of: session, [
                    "_configuration": try m.send("copy", to: given), "_delegate": m[1],
                    "_delegateQueue": m[2] == .nil ? try m.send("mainQueue", to: try m.runtime.requireClass(named: "NSOperationQueue")) : m[2],
                ])
                return .object(session)
            }
            try c.addClassMethod("sessionWithConfiguration:", types: "@@:@") { m in
                try m.send(withDelegate, to: m.receiver, Arguments([m[0], .nil, .nil]))
            }
            try c.addClassMethod("sharedSession", types: "@@:") { m in
                if let made = shared.withLock({ $0 }) { return .object(made) }
                let defaults = try m.send("defaultSessionConfiguration", to: configuration)
                guard let made = try m.send(withDelegate, to: m.receiver, Arguments([defaults, .nil, .nil])).object else { return .nil }
                // Another thread may have made one meanwhile: the first kept is the one.
                return .object(shared.withLock { kept in
                    if kept == nil { kept = made }
                    return kept ?? made
                })
            }
            /// A suspended task of class `className` for the request argument 0 (a URL makes a
            /// GET request), with the completion handler at `handlerIndex`, if any.
            @Sendable func makeTask(_ m: borrowing Message, _ className: String, handlerAt handlerIndex: Int?) throws -> Value {
                guard try !m.ivar("_invalidated").isTruthy else {
                    throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "Task created in a session that has been invalidated")
                }
                let request: Value
                switch m[0] {
                case .object(let given) where m.runtime.class(named: "NSURLRequest").map(given.isKind(of:)) == true:
                    request = try m.send("copy", to: given)
                case .object(let given) where m.runtime.class(named: "NSURL").map(given.isKind(of:)) == true:
                    request = try m.send("requestWithURL:", to: try m.runtime.requireClass(named: "NSURLRequest"), .object(given))
                // A task of no request is made (AFNetworking makes one to find the task class);
                // resumed, it fails as a bad URL.
                case .nil:
                    request = .nil
                default:
                    throw m.wrongArgument(0, expected: "an NSURL or an NSURLRequest")
                }
                var handler = Value.nil
                if let handlerIndex, m[handlerIndex] != .nil {
                    guard case .block = m[handlerIndex] else { throw m.wrongArgument(handlerIndex, expected: "a completion handler block, or nil") }
                    handler = m[handlerIndex]
                }
                // What is sent: an upload's data, or the request's body.
                let body = className == "NSURLSessionUploadTask" ? m[1] : try request.object.map { try m.send("HTTPBody", to: $0) } ?? .nil
                let sent = try body.object.map { try m.send("length", to: $0).intValue ?? 0 } ?? 0
                guard let made = try m.make(className, initialize).object else { return .nil }
                try m.runtime.setIvars(of: made, [
                    "_taskIdentifier": .int(identifiers.add(1, ordering: .relaxed).newValue), "_originalRequest": request,
                    "_currentRequest": request, "_state": .int(1), "_session": .object(m.receiver), "_completion": handler,
                    "_priority": .double(0.5), "_countOfBytesExpectedToReceive": .int(-1), "_countOfBytesExpectedToSend": .int(sent),
                ])
                return .object(made)
            }
            for (kind, className) in [("data", "NSURLSessionDataTask"), ("download", "NSURLSessionDownloadTask")] {
                for source in ["URL", "Request"] {
                    try c.addMethod("\(kind)TaskWith\(source):", types: "@@:@") { m in try makeTask(m, className, handlerAt: nil) }
                    try c.addMethod("\(kind)TaskWith\(source):completionHandler:", types: "@@:@@?") { m in try makeTask(m, className, handlerAt: 1) }
                }
            }
            try c.addMethod("uploadTaskWithRequest:fromData:", types: "@@:@@") { m in try makeTask(m, "NSURLSessionUploadTask", handlerAt: nil) }
            try c.addMethod("uploadTaskWithRequest:fromData:completionHandler:", types: "@@:@@@?") { m in
                try makeTask(m, "NSURLSessionUploadTask", handlerAt: 2)
            }
            // The shared session is never invalidated, as Foundation ignores it there.
            for name in ["invalidateAndCancel", "finishTasksAndInvalidate"] {
                try c.addMethod(name, types: "v@:") { m in
                    if shared.withLock({ $0 }) !== m.receiver { try m.setIvar("_invalidated", true) }
                    return .nil
                }
            }
        }
    }
}
