import Runtime

extension ClassLibrary {
    /// `UIResponder`: the root of the responder chain views and controllers belong to.
    static func defineResponder(in runtime: Runtime, root: Class) throws -> Class {
        try runtime.registerClass(named: "UIResponder", superclass: root) { c in
            try c.addMethod("nextResponder", types: "@@:") { _ in .nil }
        }
    }
}
