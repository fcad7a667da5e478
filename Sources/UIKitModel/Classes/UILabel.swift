import Runtime

extension ClassLibrary {
    /// `UILabel`: a view showing text.
    static func defineLabel(in runtime: Runtime, view: Class) throws {
        try runtime.registerClass(named: "UILabel", superclass: view) { c in
            try c.addProperty(Property(name: "text", type: .object(className: "NSString"), attributes: [.copy]))
        }
    }
}
