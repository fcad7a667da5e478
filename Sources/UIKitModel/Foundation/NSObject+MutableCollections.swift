import Runtime
import Synchronization

extension ClassLibrary {
    /// `mutableArrayValueForKey:`, `mutableOrderedSetValueForKey:` and
    /// `mutableSetValueForKey:` (and their `…ForKeyPath:` forms): a proxy for a to-many
    /// property, a mutable collection of its kind whose every message reads the property's
    /// members first and makes the change it leaves through the property's owner, as
    /// ``ToManyProperty`` describes, so that observers hear insertions, removals and
    /// replacements. Code handed the proxy as an argument reads the members it held at its
    /// last message.
    static func defineMutableCollectionProxies(in runtime: Runtime, root: Class) throws {
        let overrides = ProxyOverrides()
        for kind in ToManyProperty.Kind.allCases {
            try runtime.registerLazyClass(named: kind.proxyClassName, superclass: try runtime.requireClass(named: kind.mutableClassName)) { c in
                // The owner is retained, as Foundation's proxies retain theirs.
                try c.addIvar("_owner", type: .object(className: "NSObject"))
                try c.addIvar("_key", type: .object(className: "NSString"))
            }
        }
        try runtime.extendDefinition(of: root) { c in
            for kind in ToManyProperty.Kind.allCases {
                try c.addMethod("mutable\(kind.rawValue)ValueForKey:", types: "@@:@") { m in
                    let key = try m.stringArgument(0)
                    guard !key.isEmpty else { throw m.wrongArgument(0, expected: "a key such as @\"items\"") }
                    let cls = try m.runtime.requireClass(named: kind.proxyClassName)
                    try overrides.install(in: cls, root: root, kind: kind, m.runtime)
                    let proxy = try m.runtime.createInstance(of: cls)
                    try m.runtime.setIvar("_owner", of: proxy, to: .object(m.receiver))
                    try m.runtime.setIvar("_key", of: proxy, to: .string(key))
                    try ProxyOverrides.fill(proxy, kind: kind, with: ToManyProperty(owner: m.receiver, key: key, kind: kind).members(m), m.runtime)
                    return .object(proxy)
                }
                try c.addMethod("mutable\(kind.rawValue)ValueForKeyPath:", types: "@@:@") { m in
                    var keys = try m.stringArgument(0).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                    let last = keys.removeLast()
                    let owner = keys.isEmpty ? Value.object(m.receiver) : try value(forKeyPath: keys.joined(separator: "."), of: m.receiverValue, m)
                    return try m.runtime.send(
                        try m.runtime.selector("mutable\(kind.rawValue)ValueForKey:"), toValue: owner, Arguments(.string(last)), nestedAt: m.depth + 1)
                }
            }
        }
    }
}

/// The proxy classes' overrides: each method of the mutable collection class and its
/// superclasses, run on the property's members as they are now, then the change it made
/// given to the property. They are made when the first proxy of a kind is, from the
/// methods the classes have then, so the class library's start-up does not pay for them.
final class ProxyOverrides: Sendable {
    private let installed = Mutex<Set<ToManyProperty.Kind>>([])

    /// NSObject's methods that read a collection's members: overridden too.
    private static let readingRootMethods: Set<String> = [
        "valueForKey:", "valueForKeyPath:", "description", "debugDescription", "isEqual:", "hash", "copy", "mutableCopy",
    ]

    func install(in proxyClass: Class, root: Class, kind: ToManyProperty.Kind, _ runtime: Runtime) throws {
        try installed.withLock { installed in
            guard !installed.contains(kind) else { return }
            var methods: [Method] = []
            var cls = proxyClass.superclass
            while let current = cls, current !== root {
                methods += runtime.methods(of: current)
                cls = current.superclass
            }
            methods += runtime.methods(of: root).filter { Self.readingRootMethods.contains($0.selector.name) }
            var seen: Set<String> = []
            try runtime.extendDefinition(of: proxyClass) { c in
                for method in methods {
                    let name = method.selector.name
                    // The proxy is made ready, never initialized; the subclass's method wins.
                    guard !name.hasPrefix("init"), name != "dealloc", seen.insert(name).inserted else { continue }
                    try c.addMethod(name, types: method.types.description, variadic: method.isVariadic) { m in
                        let property = try Self.property(of: m.receiver, kind: kind, m.runtime)
                        try Self.fill(m.receiver, kind: kind, with: property.members(m), m.runtime)
                        let result = try m.sendSuper()
                        try property.change(to: Self.members(of: m.receiver, kind: kind, m.runtime), m)
                        return result
                    }
                }
            }
            installed.insert(kind)
        }
    }

    /// The property a proxy stands for.
    private static func property(of proxy: Object, kind: ToManyProperty.Kind, _ runtime: Runtime) throws -> ToManyProperty {
        guard let owner = try runtime.ivarValue("_owner", of: proxy).object, let key = try runtime.ivarValue("_key", of: proxy).text else {
            throw ClassLibraryError.invalidArgument(
                method: "-[\(proxy.isa.name) \(kind.rawValue)]",
                reason: "this proxy was not made by mutable\(kind.rawValue)ValueForKey:, which gives the object and key it stands for")
        }
        return ToManyProperty(owner: owner, key: key, kind: kind)
    }

    /// Puts `members` in the proxy, where its superclass's methods find them.
    static func fill(_ proxy: Object, kind: ToManyProperty.Kind, with members: [Value], _ runtime: Runtime) throws {
        if kind == .array, let holder = proxy as? ValueHolder {
            holder.value = .array(members)
        } else {
            try runtime.setIvar("_objects", of: proxy, to: .array(members))
        }
    }

    /// The members in the proxy.
    private static func members(of proxy: Object, kind: ToManyProperty.Kind, _ runtime: Runtime) throws -> [Value] {
        if kind == .array, let holder = proxy as? ValueHolder { return holder.value.arrayElements }
        return try runtime.ivarValue("_objects", of: proxy).arrayElements
    }
}
