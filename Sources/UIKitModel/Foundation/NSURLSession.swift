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
    /// their blocks' types. A task resumed does its work on the run loop's clock: a `file:`
    /// URL's data is read from the app's files or the tree; any other request fails as it
    /// fails offline, with `NSURLErrorDomain`'s -1009 ("The Internet connection appears to be
    /// offline."), and a cancelled task with -999. The completion handler, or the delegate's
    /// `URLSession:task:didCompleteWithError:`, hears of it when the clock runs (a test's wait,
    /// a run loop spun), never during the call that resumed the task.
    static func defineURLSession(in runtime: Runtime, root: Class, container: AppContainer, clock: VirtualClock) throws {
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
            try c.addProperty(Property(name: "taskDescription", type: .object(className: "NSString"), attributes: [.copy]))
            try c.addProperty(Property(name: "priority", type: .float))
            try c.addIvar("_session", type: .object(className: "NSURLSession"))
            try c.addIvar("_completion", type: .block)
            // NSURLSessionTaskStateRunning 0, Suspended 1, Canceling 2, Completed 3: a task is
            // made suspended, and finishes once, whichever way.
            try c.addMethod("resume", types: "v@:") { m in
                guard try m.ivar("_state").intValue == 1 else { return .nil }
                try m.setIvar("_state", .int(0))
                let (runtime, task) = (m.runtime, m.receiver)
                clock.schedule(after: 0, kind: .block) { try finish(task, runtime) }
                return .nil
            }
            try c.addMethod("suspend", types: "v@:") { m in
                if try m.ivar("_state").intValue == 0 { try m.setIvar("_state", .int(1)) }
                return .nil
            }
            try c.addMethod("cancel", types: "v@:") { m in
                guard let state = try m.ivar("_state").intValue, state < 2 else { return .nil }
                try m.setIvar("_state", .int(2))
                let (runtime, task) = (m.runtime, m.receiver)
                clock.schedule(after: 0, kind: .block) { try finish(task, runtime) }
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

        /// Ends `task` once: its response or error (cancelled, if it was cancelled before its
        /// turn came), then its completion handler or its session's delegate.
        @Sendable func finish(_ task: Object, _ runtime: Runtime) throws {
            guard let state = try runtime.ivarValue("_state", of: task).intValue, state != 3 else { return }
            let cancelled = state == 2
            let request = try runtime.ivarValue("_originalRequest", of: task)
            let url = try request.object.map { try runtime.send("URL", to: $0) } ?? .nil
            var (data, response, error) = (Value.nil, Value.nil, Value.nil)
            let text = try url.object.map { try runtime.send("absoluteString", to: $0).text ?? "" } ?? ""
            if cancelled {
                error = try urlError(-999, "cancelled", url: url, text, runtime)
            } else if text.lowercased().hasPrefix("file:"), case .success(let bytes) = FileContents.bytes(at: try runtime.send("path", to: url.object).text ?? "", in: container) {
                data = try runtime.send("dataWithBytes:length:", to: try runtime.requireClass(named: "NSData"), .array(bytes.map { .int(Int($0)) }), .int(bytes.count))
                response = try runtime.send(
                    try runtime.selector("initWithURL:MIMEType:expectedContentLength:textEncodingName:"),
                    to: try runtime.send("alloc", to: try runtime.requireClass(named: "NSURLResponse")).object,
                    Arguments([url, .nil, .int(bytes.count), .nil]))
                try runtime.setIvar("_countOfBytesReceived", of: task, to: .int(bytes.count))
            } else {
                error = try urlError(-1009, "The Internet connection appears to be offline.", url: url, text, runtime)
            }
            try runtime.setIvars(of: task, ["_state": .int(3), "_response": response, "_error": error])
            let completion = try runtime.ivarValue("_completion", of: task)
            try runtime.setIvar("_completion", of: task, to: .nil)
            if case .block(let handler) = completion {
                let isDownload = runtime.class(named: "NSURLSessionDownloadTask").map(task.isKind(of:)) ?? false
                // A download hands over the file's URL, which the model has none of: nil.
                _ = try handler.call(Arguments([isDownload ? .nil : data, response, error]), nestedAt: 0)
                return
            }
            guard let session = try runtime.ivarValue("_session", of: task).object,
                  let delegate = try runtime.ivarValue("_delegate", of: session).object else { return }
            if case .object = data, runtime.instancesRespond(delegate.isa, to: try runtime.selector("URLSession:dataTask:didReceiveData:")) {
                _ = try runtime.send("URLSession:dataTask:didReceiveData:", to: delegate, .object(session), .object(task), data)
            }
            if runtime.instancesRespond(delegate.isa, to: try runtime.selector("URLSession:task:didCompleteWithError:")) {
                _ = try runtime.send("URLSession:task:didCompleteWithError:", to: delegate, .object(session), .object(task), error)
            }
        }
        @Sendable func urlError(_ code: Int, _ sentence: String, url: Value, _ text: String, _ runtime: Runtime) throws -> Value {
            var info: [Value: Value] = [.string("NSLocalizedDescription"): .string(sentence), .string("NSErrorFailingURLStringKey"): .string(text)]
            if url != .nil { info[.string("NSErrorFailingURLKey")] = url }
            return try runtime.send("errorWithDomain:code:userInfo:", to: try runtime.requireClass(named: "NSError"), .string("NSURLErrorDomain"), .int(code), .dictionary(info))
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
                default:
                    throw m.wrongArgument(0, expected: "an NSURL or an NSURLRequest")
                }
                var handler = Value.nil
                if let handlerIndex, m[handlerIndex] != .nil {
                    guard case .block = m[handlerIndex] else { throw m.wrongArgument(handlerIndex, expected: "a completion handler block, or nil") }
                    handler = m[handlerIndex]
                }
                guard let made = try m.make(className, initialize).object else { return .nil }
                try m.runtime.setIvars(of: made, [
                    "_taskIdentifier": .int(identifiers.add(1, ordering: .relaxed).newValue), "_originalRequest": request,
                    "_currentRequest": request, "_state": .int(1), "_session": .object(m.receiver), "_completion": handler,
                    "_priority": .double(0.5), "_countOfBytesExpectedToReceive": .int(-1),
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
