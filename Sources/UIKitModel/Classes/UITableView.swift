import Runtime

extension ClassLibrary {
    /// `UITableView`: a view.
    static func defineTableView(in runtime: Runtime, view: Class) throws {
        try runtime.registerClass(named: "UITableView", superclass: view)
    }
}
