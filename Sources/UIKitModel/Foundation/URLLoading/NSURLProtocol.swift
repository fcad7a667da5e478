import Runtime

extension ClassLibrary {
    /// The names of the URL loading classes the library defines besides sessions'.
    static let urlLoadingClassNames = ["NSURLConnection", "NSURLProtocol", URLLoad.clientClassName]

    /// `NSURLProtocol`, the class a test subclasses to answer requests itself, and the client
    /// its objects call back (`NSURLProtocolClient`): registered classes are asked for every
    /// request of a connection, the shared session and the `…WithContentsOfURL:` readers; a
    /// session asks its configuration's `protocolClasses` (see ``URLLoading``).
    static func defineNSURLProtocol(in runtime: Runtime, root: Class, loading: URLLoading) throws {
        let initialize = try runtime.selector("init")
        let initWithRequest = try runtime.selector("initWithRequest:cachedResponse:client:")
        let base = try runtime.registerLazyClass(named: "NSURLProtocol", superclass: root) { c in
            try c.addProperty(Property(name: "request", type: .object(className: "NSURLRequest"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "cachedResponse", type: .object(className: "NSCachedURLResponse"), attributes: [.readOnly, .strong]))
            try c.addProperty(Property(name: "client", type: .object(className: nil), attributes: [.readOnly, .strong]))
            try c.addProperty(Property(name: "task", type: .object(className: "NSURLSessionTask"), attributes: [.readOnly, .strong]))
            try c.addMethod("initWithRequest:cachedResponse:client:", types: "@@:@@@") { m in
                let (request, cached, client) = (m[0], m[1], m[2])
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_request": request, "_cachedResponse": cached, "_client": client])
                }
            }
            try c.addMethod("initWithTask:cachedResponse:client:", types: "@@:@@@") { m in
                let request = try m.objectArgument(0).map { try m.send("currentRequest", to: $0) } ?? .nil
                guard let this = try m.send(initWithRequest, to: m.receiver, Arguments([request, m[1], m[2]])).object else { return .nil }
                try m.runtime.setIvar("_task", of: this, to: m[0])
                return .object(this)
            }
            // The abstract class loads nothing; a subclass says what it takes.
            try c.addClassMethod("canInitWithRequest:", types: "B@:@") { _ in false }
            try c.addClassMethod("canInitWithTask:", types: "B@:@") { m in
                let request = try m.objectArgument(0).map { try m.send("currentRequest", to: $0) } ?? .nil
                return try m.send("canInitWithRequest:", to: m.receiver, request)
            }
            try c.addClassMethod("canonicalRequestForRequest:", types: "@@:@") { m in m[0] }
            try c.addClassMethod("requestIsCacheEquivalent:toRequest:", types: "B@:@@") { m in
                guard let first = try m.objectArgument(0) else { return .bool(m[1] == .nil) }
                return try m.send("isEqual:", to: first, m[1])
            }
            try c.addMethod("startLoading", types: "v@:") { m in
                throw ClassLibraryError.invalidArgument(
                    method: m.methodName, reason: "\(m.receiver.isa.name) must implement startLoading: NSURLProtocol's own is abstract, to be overridden")
            }
            // Nothing of the abstract class's own is under way to stop.
            try c.addMethod("stopLoading", types: "v@:") { _ in .nil }
            try c.addClassMethod("registerClass:", types: "B@:#") { m in
                guard let cls = try m.classArgument(0), let base = m.runtime.class(named: "NSURLProtocol"), cls.isSubclass(of: base) else { return false }
                loading.register(cls)
                return true
            }
            try c.addClassMethod("unregisterClass:", types: "v@:#") { m in
                if let cls = try m.classArgument(0) { loading.unregister(cls) }
                return .nil
            }
            // A request's properties for protocols: kept in the request, copied with it.
            try c.addClassMethod("propertyForKey:inRequest:", types: "@@:@@") { m in
                let key = try m.stringArgument(0)
                guard let request = try m.objectArgument(1), case .dictionary(let properties) = try m.runtime.ivarValue("_protocolProperties", of: request) else {
                    return .nil
                }
                return properties[.string(key)] ?? .nil
            }
            for (name, types) in [("setProperty:forKey:inRequest:", "v@:@@@"), ("removePropertyForKey:inRequest:", "v@:@@")] {
                let removes = name.hasPrefix("remove")
                try c.addClassMethod(name, types: types) { m in
                    let (keyIndex, requestIndex) = removes ? (0, 1) : (1, 2)
                    let key = try m.stringArgument(keyIndex)
                    guard let request = try m.objectArgument(requestIndex), let mutable = m.runtime.class(named: "NSMutableURLRequest"), request.isKind(of: mutable) else {
                        throw m.wrongArgument(requestIndex, expected: "an NSMutableURLRequest (a request's mutableCopy)")
                    }
                    var properties = if case .dictionary(let kept) = try m.runtime.ivarValue("_protocolProperties", of: request) { kept } else { [Value: Value]() }
                    properties[.string(key)] = removes ? nil : m[0]
                    try m.runtime.setIvar("_protocolProperties", of: request, to: properties.isEmpty ? .nil : .dictionary(properties))
                    return .nil
                }
            }
        }

        // The client: each call reaches the load its protocol object is for, while that
        // object still speaks for it (see ``URLLoad``).
        try runtime.registerLazyClass(named: URLLoad.clientClassName, superclass: root) { c in
            try c.addIvar("_owner", type: .object(className: nil))
            @Sendable func load(_ m: borrowing Message) throws -> URLLoad? {
                let ownerValue: Value = try m.ivar("_owner")
                let owner = ownerValue.object
                guard let protocolObject = try m.objectArgument(0), protocolObject.isKind(of: base), let owner,
                      let load = loading.load(of: owner), load.isCurrent(m.receiver) else { return nil }
                return load
            }
            try c.addMethod("URLProtocol:wasRedirectedToRequest:redirectResponse:", types: "v@:@@@") { m in
                guard let request = try m.objectArgument(1) else { throw m.wrongArgument(1, expected: "the NSURLRequest redirected to") }
                try load(m)?.redirected(to: request, by: m[2], m.runtime)
                return .nil
            }
            try c.addMethod("URLProtocol:didReceiveResponse:cacheStoragePolicy:", types: "v@:@@Q") { m in
                try load(m)?.received(m[1], m.runtime)
                return .nil
            }
            try c.addMethod("URLProtocol:didLoadData:", types: "v@:@@") { m in
                try load(m)?.loaded(m[1], m.runtime)
                return .nil
            }
            try c.addMethod("URLProtocolDidFinishLoading:", types: "v@:@") { m in
                try load(m)?.end(.nil, m.runtime)
                return .nil
            }
            try c.addMethod("URLProtocol:didFailWithError:", types: "v@:@@") { m in
                try load(m)?.end(m[1] == .nil ? try URLLoading.error(-1, for: nil, m.runtime) : m[1], m.runtime)
                return .nil
            }
            // A cached response stands for the whole answer: its response, its data, the end.
            try c.addMethod("URLProtocol:cachedResponseIsValid:", types: "v@:@@") { m in
                guard let load = try load(m), let cached = try m.objectArgument(1) else { return .nil }
                try load.received(try m.send("response", to: cached), m.runtime)
                try load.loaded(try m.send("data", to: cached), m.runtime)
                try load.end(.nil, m.runtime)
                return .nil
            }
            // No one here can answer a server's challenge: the load fails as one cancelled.
            try c.addMethod("URLProtocol:didReceiveAuthenticationChallenge:", types: "v@:@@") { m in
                try load(m)?.end(try URLLoading.error(-1012, for: nil, m.runtime), m.runtime)
                return .nil
            }
            // The challenge was withdrawn; the load goes on.
            try c.addMethod("URLProtocol:didCancelAuthenticationChallenge:", types: "v@:@@") { _ in .nil }
        }
    }
}
