/// One element of an Interface Builder file (a storyboard or a xib), with its attributes,
/// the elements inside it, and the text directly inside it (`<string key="text">Hi</string>`).
struct InterfaceElement: Sendable {
    let name: String
    let attributes: [String: String]
    var children: [InterfaceElement] = []
    var text = ""
    /// Where it starts in its file, for errors.
    let line: Int
    let column: Int

    subscript(attribute: String) -> String? { attributes[attribute] }

    /// The first element inside named `name`.
    func child(_ name: String) -> InterfaceElement? { children.first { $0.name == name } }

    /// The first element inside with `key="key"` (`<rect key="frame" .../>`).
    func keyed(_ key: String) -> InterfaceElement? { children.first { $0["key"] == key } }

    /// This element and every one inside it, depth first.
    var allElements: [InterfaceElement] { [self] + children.flatMap(\.allElements) }

    /// The element with `id="id"` here or inside, if any.
    func element(withID id: String) -> InterfaceElement? {
        if self["id"] == id { return self }
        for child in children {
            if let found = child.element(withID: id) { return found }
        }
        return nil
    }
}
