import Runtime

extension ClassLibrary {
    /// `UIApplication` with its delegate, and the `UIApplicationDelegate` protocol.
    static func defineApplication(in runtime: Runtime, responder: Class, root: Class) throws {
        let launch = try MethodDescription(selector: runtime.selector("application:didFinishLaunchingWithOptions:"), types: runtime.typeEncoding("B@:@@"))
        let window = Property(name: "window", type: .object(className: "UIWindow"), attributes: [.strong])
        try runtime.registerProtocol(
            named: "UIApplicationDelegate", inheriting: [runtime.protocol(named: "NSObject")].compactMap { $0 },
            optionalMethods: [launch], properties: [window])
        let shared = SharedInstance()
        try runtime.registerLazyClass(named: "UIApplication", superclass: responder) { c in
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: [.strong]))
            try c.addProperty(Property(name: "windows", type: .object(className: "NSArray"), attributes: [.readOnly, .copy]))
            // Left to right (UIUserInterfaceLayoutDirectionLeftToRight, 0): the model's locale is en_US.
            try c.addMethod("userInterfaceLayoutDirection", types: "q@:") { _ in .int(0) }
            // UIContentSizeCategoryLarge, the size iOS starts with.
            try c.addMethod("preferredContentSizeCategory", types: "@@:") { _ in .string("UICTContentSizeCategoryL") }
            // The one application object of this runtime, made on first use.
            try c.addClassMethod("sharedApplication", types: "@@:") { m in
                try shared.object { try m.send("new", to: m.receiver).object }.map(Value.object) ?? .nil
            }
            try c.addMethod("init", types: "@@:") { m in
                let this = try m.sendSuper(m.runtime.selector("init")).object
                try m.runtime.setIvar("_windows", of: this, to: [])
                return this.map(Value.object) ?? .nil
            }
            try c.addMethod("keyWindow", types: "@@:") { m in
                for case .object(let window) in try m.array("windows", of: m.receiver).reversed()
                where try m.send("isKeyWindow", to: window).isTruthy {
                    return .object(window)
                }
                return .nil
            }
        }
    }
}
