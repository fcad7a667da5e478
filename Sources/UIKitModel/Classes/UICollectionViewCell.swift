import Runtime

extension ClassLibrary {
    /// `UICollectionReusableView`: a view a collection view reuses, a cell or a header or
    /// footer. The collection view sets its `reuseIdentifier` when it makes one for a
    /// registration, and sends `prepareForReuse` (which subclasses override, calling super)
    /// before handing a queued one out again; `applyLayoutAttributes:` is told where the
    /// layout put it.
    static func defineCollectionReusableView(in runtime: Runtime, view: Class) throws -> Class {
        try runtime.registerLazyClass(named: "UICollectionReusableView", superclass: view) { c in
            try c.addProperty(Property(name: "reuseIdentifier", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            // What a reused view shows is the data source's to set again; the base class keeps nothing to reset.
            try c.addMethod("prepareForReuse", types: "v@:") { _ in .nil }
            try c.addMethod("applyLayoutAttributes:", types: "v@:@") { _ in .nil }
            try c.addMethod("preferredLayoutAttributesFittingAttributes:", types: "@@:@") { m in m[0] }
        }
    }

    /// `UICollectionViewCell`: a reusable view with a content view (made on first use, as
    /// big as the cell), a background and a selected background view, and the `selected`
    /// and `highlighted` states, whose setters are the hooks subclasses override.
    static func defineCollectionViewCell(in runtime: Runtime, reusableView: Class) throws {
        let contentView = try ContentViewSelectors(runtime)
        try runtime.registerLazyClass(named: "UICollectionViewCell", superclass: reusableView) { c in
            try addContentView(to: &c, contentView)
            for name in ["backgroundView", "selectedBackgroundView"] {
                try c.addProperty(Property(name: name, type: .object(className: "UIView"), attributes: [.strong, .nonatomic]))
            }
            try c.addProperty(Property(name: "selected", type: .bool, attributes: [.nonatomic], getter: "isSelected"))
            try c.addProperty(Property(name: "highlighted", type: .bool, attributes: [.nonatomic], getter: "isHighlighted"))
            try addAccessibilityDefaults(to: &c, traits: selectedTraits)
        }
    }
}
