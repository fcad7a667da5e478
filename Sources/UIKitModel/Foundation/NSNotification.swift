import Runtime

extension ClassLibrary {
    /// `NSNotification`: a name, the object that posted it and a user-info dictionary.
    static func defineNSNotification(in runtime: Runtime, root: Class) throws {
        let initWithName = try runtime.selector("initWithName:object:userInfo:"), initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "NSNotification", superclass: root) { c in
            try c.addProperty(Property(name: "name", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "object", type: .object(className: nil), attributes: [.readOnly, .strong]))
            try c.addProperty(Property(name: "userInfo", type: .object(className: "NSDictionary"), attributes: [.readOnly, .copy]))
            try c.addMethod("initWithName:object:userInfo:", types: "@@:@@@") { m in
                let name = try m.stringArgument(0)
                guard m[2] == .nil || m[2].dictionaryEntries != nil else { throw m.wrongArgument(2, expected: "a dictionary or nil") }
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_name": .string(name), "_object": m[1], "_userInfo": m[2]])
                }
            }
            try c.addClassMethod("notificationWithName:object:", types: "@@:@@") { m in try m.allocInit(initWithName, Arguments([m[0], m[1], .nil])) }
            try c.addClassMethod("notificationWithName:object:userInfo:", types: "@@:@@@") { m in try m.allocInit(initWithName, Arguments([m[0], m[1], m[2]])) }
            try c.addMethod("description", types: "@@:") { m in
                var parts = ["name = \(try m.text(of: try m.ivar("_name")))"]
                let object = try m.ivar("_object"), info = try m.ivar("_userInfo")
                if object != .nil { parts.append("object = \(try m.text(of: object))") }
                if info != .nil { parts.append("userInfo = \(info)") }
                return .string("NSNotification {\(parts.joined(separator: "; "))}")
            }
        }
    }
}

extension Value {
    /// A string, or the text a mutable string holds now, as Foundation reads an `NSString`
    /// argument; nil for anything else.
    var text: String? {
        switch self {
        case .string(let text): text
        case .object(let holder as ValueHolder): holder.value.text
        // A C string by its pointer (`[NSString stringWithUTF8String:name + 2]`).
        case .reference(let pointer): pointer.cString
        default: nil
        }
    }

    /// A dictionary's entries (a mutable dictionary's as it holds them now); nil for anything else.
    public var dictionaryEntries: [Value: Value]? {
        switch self {
        case .dictionary(let entries): entries
        case .object(let holder as ValueHolder): holder.value.dictionaryEntries
        default: nil
        }
    }
}
