import Runtime

extension ClassLibrary {
    /// `NSNotificationCenter`: observers and posting. `defaultCenter` is one per runtime.
    /// Posting delivers at once, on the posting thread, to every matching observer in the
    /// order they were added (a nil name or object in a registration matches any; the
    /// object is matched by identity, as Foundation does), whatever queue a block observer
    /// named: the model runs everything in order. `addObserverForName:object:queue:usingBlock:`
    /// answers a token, which `removeObserver:` takes. A selector's observer is held weakly,
/// as Foundation has held observers since iOS 9: one that goes hears nothing more and its
/// registrations leave the center (see ``TableMemory``); a block's token is held until removed.
    static func defineNSNotificationCenter(in runtime: Runtime, root: Class) throws {
        let shared = SharedInstance()
        let initialize = try runtime.selector("init"), postNotification = try runtime.selector("postNotification:")
        let notificationWith = try runtime.selector("notificationWithName:object:userInfo:")
        let name = try runtime.selector("name"), object = try runtime.selector("object")
        try runtime.registerLazyClass(named: "NSNotificationCenter", superclass: root) { c in
            // Each registration is @[observer or token, selector or nil, name or nil, object or nil, block or nil].
            try c.addIvar("_registrations", type: .object(className: "NSArray"))
            try c.addClassMethod("defaultCenter", types: "@@:") { m in
                try shared.object { try m.allocInit(initialize).object }.map(Value.object) ?? .nil
            }
            /// The registrations still there, each as kept and with its observer as it is.
            @Sendable func registrations(_ m: borrowing Message) throws -> [(kept: Value, parts: [Value])] {
                try m.ivar("_registrations").arrayElements.compactMap { entry in
                    var parts = entry.arrayElements
                    guard parts.count == 5, let observer = try TableMemory.held(parts[0], in: m.runtime) else { return nil }
                    parts[0] = observer
                    return (entry, parts)
                }
            }
            let weakly = TableMemory(options: TableMemory.weakMemory)
            /// Adds a registration, leaving out those whose observer has gone.
            @Sendable func add(_ m: borrowing Message, _ registration: [Value]) throws {
                try m.setIvar("_registrations", .array(try registrations(m).map(\.kept) + [.array(registration)]))
            }
            try c.addMethod("addObserver:selector:name:object:", types: "v@:@:@@") { m in
                guard m[0] != .nil else { throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "observer cannot be nil") }
                try add(m, [try weakly.kept(m[0], in: m.runtime), .selector(try m.selectorArgument(1)), try m.optionalStringArgument(2).map(Value.string) ?? .nil, m[3], .nil])
                return .nil
            }
            try c.addMethod("addObserverForName:object:queue:usingBlock:", types: "@@:@@@@?") { m in
                guard let block = try m.blockArgument(3) else { throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "block cannot be nil") }
                let token = try m.make("NSObject", initialize)
                try add(m, [token, .nil, try m.optionalStringArgument(0).map(Value.string) ?? .nil, m[1], .block(block)])
                return token
            }
            // OCMock's addition: an observer mock hears through its `handleNotification:`.
            try c.addMethod("addMockObserver:name:object:", types: "v@:@@@") { m in
                guard m[0] != .nil else { throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "observer cannot be nil") }
                try add(m, [m[0], .selector(try m.runtime.selector("handleNotification:")), try m.optionalStringArgument(1).map(Value.string) ?? .nil, m[2], .nil])
                return .nil
            }
            try c.addMethod("removeObserver:", types: "v@:@") { m in
                let kept = try registrations(m).filter { $0.parts[0].object !== m[0].object }.map(\.kept)
                try m.setIvar("_registrations", .array(kept))
                return .nil
            }
            try c.addMethod("removeObserver:name:object:", types: "v@:@@@") { m in
                let wantedName = try m.optionalStringArgument(1)
                let kept = try registrations(m).filter { entry in
                    let parts = entry.parts
                    guard parts[0].object === m[0].object else { return true }
                    let nameMatches = wantedName == nil || parts[2] == .string(wantedName ?? "")
                    let objectMatches = m[2] == .nil || parts[3].object === m[2].object
                    return !(nameMatches && objectMatches)
                }.map(\.kept)
                try m.setIvar("_registrations", .array(kept))
                return .nil
            }
            try c.addMethod("postNotificationName:object:", types: "v@:@@") { m in
                let note = try m.send(notificationWith, to: m.runtime.requireClass(named: "NSNotification"), Arguments([m[0], m[1], .nil]))
                return try m.send(postNotification, to: m.receiver, Arguments(note))
            }
            try c.addMethod("postNotificationName:object:userInfo:", types: "v@:@@@") { m in
                let note = try m.send(notificationWith, to: m.runtime.requireClass(named: "NSNotification"), Arguments([m[0], m[1], m[2]]))
                return try m.send(postNotification, to: m.receiver, Arguments(note))
            }
            try c.addMethod("postNotification:", types: "v@:@") { m in
                guard let note = try m.objectArgument(0) else { throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "notification cannot be nil") }
                let posted = try m.send(name, to: note), sender = try m.send(object, to: note)
                // Those registered when posting starts, in order; one removed meanwhile still hears this post, as in Foundation.
                for (_, parts) in try registrations(m) {
                    guard parts[2] == .nil || parts[2] == posted, parts[3] == .nil || parts[3].object === sender.object else { continue }
                    if case .block(let block) = parts[4] {
                        _ = try block.call(Arguments(.object(note)), nestedAt: m.depth + 1)
                    } else if case .selector(let selector) = parts[1] {
                        try m.send(selector, to: parts[0].object, selector.argumentCount == 0 ? Arguments() : Arguments(.object(note)))
                    }
                }
                return .nil
            }
        }
    }
}
