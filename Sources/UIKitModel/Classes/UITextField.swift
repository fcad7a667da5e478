import Runtime

extension ClassLibrary {
    /// `UITextField`: a view taking text, with a placeholder.
    static func defineTextField(in runtime: Runtime, view: Class) throws {
        try runtime.registerClass(named: "UITextField", superclass: view) { c in
            try c.addProperty(Property(name: "text", type: .object(className: "NSString"), attributes: [.copy]))
            try c.addProperty(Property(name: "placeholder", type: .object(className: "NSString"), attributes: [.copy]))
        }
    }
}
