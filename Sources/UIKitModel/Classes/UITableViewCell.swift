import Runtime

extension ClassLibrary {
    /// `UITableViewCell`: a row's view, with a style and a reuse identifier. Its content
    /// view, labels and image view are made on first use, inside the content view, as
    /// UIKit makes them; the detail label exists only in the styles that show one
    /// (`UITableViewCellStyleDefault` has none). `setSelected:animated:`,
    /// `setHighlighted:animated:` and `prepareForReuse` are the hooks subclasses override,
    /// calling super: the first two set the state, and the plain setters go through them.
    static func defineTableViewCell(in runtime: Runtime, view: Class) throws {
        let initWithFrame = try runtime.selector("initWithFrame:"), initWithStyle = try runtime.selector("initWithStyle:reuseIdentifier:")
        let setFrame = try runtime.selector("setFrame:"), addSubview = try runtime.selector("addSubview:")
        let contentView = try ContentViewSelectors(runtime), contentViewSelector = try runtime.selector("contentView")
        let setSelected = try runtime.selector("setSelected:animated:"), setHighlighted = try runtime.selector("setHighlighted:animated:")
        let setEditing = try runtime.selector("setEditing:animated:")
        try runtime.registerLazyClass(named: "UITableViewCell", superclass: view) { c in
            // The storyboard segue a tap on the cell performs (a `UIStoryboardSegueTemplate`).
            try c.addIvar("_segueTemplate", type: .object(className: "NSObject"))
            // A cell is read by its labels' texts (without making labels it has not made): its
            // style's, else those its content view holds, as VoiceOver reads a custom cell.
            try addAccessibilityDefaults(to: &c, label: { m in
                var texts = try ["_textLabel", "_detailTextLabel"].compactMap { ivar -> String? in
                    guard case .object(let label) = try m.ivar(ivar) else { return nil }
                    return try labelText(label, m)
                }
                if texts.isEmpty, case .object(let content) = try m.ivar("_contentView") { texts = try labelTexts(inside: content, m) }
                return texts.isEmpty ? .nil : .string(texts.joined(separator: ", "))
            }, traits: selectedTraits)
            try c.addProperty(Property(name: "style", type: .integer(code: "q"), attributes: [.readOnly, .nonatomic]))
            try c.addProperty(Property(name: "reuseIdentifier", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "textLabel", type: .object(className: "UILabel"), attributes: [.readOnly, .strong]))
            try c.addProperty(Property(name: "detailTextLabel", type: .object(className: "UILabel"), attributes: [.readOnly, .strong]))
            try c.addProperty(Property(name: "imageView", type: .object(className: "UIImageView"), attributes: [.readOnly, .strong]))
            for name in ["accessoryType", "editingAccessoryType", "selectionStyle", "indentationLevel"] {
                try c.addProperty(Property(name: name, type: .integer(code: "q"), attributes: [.nonatomic]))
            }
            for name in ["accessoryView", "editingAccessoryView", "backgroundView", "selectedBackgroundView"] {
                try c.addProperty(Property(name: name, type: .object(className: "UIView"), attributes: [.strong, .nonatomic]))
            }
            try c.addProperty(Property(name: "selected", type: .bool, attributes: [.nonatomic], getter: "isSelected"))
            try c.addProperty(Property(name: "highlighted", type: .bool, attributes: [.nonatomic], getter: "isHighlighted"))
            try c.addProperty(Property(name: "editing", type: .bool, attributes: [.nonatomic], getter: "isEditing"))

            try c.addMethod("initWithCoder:", types: "@@:@") { m in try m.sendToFramework(initWithStyle, Arguments(.int(0), .nil)) }
            try c.addMethod("initWithStyle:reuseIdentifier:", types: "@@:q@") { m in
                let style = try m.integerArgument(0), identifier = try m.optionalStringArgument(1)
                // UIKit's cells start 320 by 44, with the default (grey since iOS 7) selection style.
                return try m.initializingSuper(initWithFrame, Arguments(Geometry.rect(0, 0, 320, 44))) { this in
                    try m.runtime.setIvars(of: this, [
                        "_style": .int(style), "_reuseIdentifier": identifier.map(Value.string) ?? .nil, "_selectionStyle": .int(3),
                    ])
                }
            }
            try c.addMethod("initWithFrame:", types: "@@:\(rectType)") { m in
                let this = try m.send(initWithStyle, to: m.receiver, Arguments(.int(0), .nil))
                if let frame = Geometry.rectNumbers(of: m[0]), frame.width > 0 || frame.height > 0 { try m.send(setFrame, to: this.object, Arguments(m[0])) }
                return this
            }
            try addContentView(to: &c, contentView)
            for (name, className, needsDetailStyle) in [("textLabel", "UILabel", false), ("detailTextLabel", "UILabel", true), ("imageView", "UIImageView", false)] {
                try c.addMethod(name, types: "@@:") { m in
                    if case .object(let view) = try m.ivar("_\(name)") { return .object(view) }
                    if needsDetailStyle, try m.ivar("_style").intValue ?? 0 == 0 { return .nil }
                    let view = try m.make(className, initWithFrame, Arguments(zeroRect))
                    try m.setIvar("_\(name)", view)
                    try m.send(addSubview, to: try m.send(contentViewSelector, to: m.receiver).object, Arguments(view))
                    return view
                }
            }
            try c.addMethod("setSelected:animated:", types: "v@:BB") { m in
                try m.setIvar("_selected", .bool(m[0].isTruthy))
                return .nil
            }
            try c.addMethod("setSelected:", types: "v@:B") { m in try m.send(setSelected, to: m.receiver, Arguments(m[0], false)) }
            try c.addMethod("setHighlighted:animated:", types: "v@:BB") { m in
                try m.setIvar("_highlighted", .bool(m[0].isTruthy))
                return .nil
            }
            try c.addMethod("setHighlighted:", types: "v@:B") { m in try m.send(setHighlighted, to: m.receiver, Arguments(m[0], false)) }
            try c.addMethod("setEditing:animated:", types: "v@:BB") { m in
                try m.setIvar("_editing", .bool(m[0].isTruthy))
                return .nil
            }
            try c.addMethod("setEditing:", types: "v@:B") { m in try m.send(setEditing, to: m.receiver, Arguments(m[0], false)) }
            // What a reused cell shows is the data source's to set again; the base class keeps nothing to reset.
            try c.addMethod("prepareForReuse", types: "v@:") { _ in .nil }
        }
    }

    /// The selectors a cell's `contentView` sends, interned before its class is realized:
    /// the class's definition must not hold the runtime, which holds the definition.
    /// The text a label shows, or nil when it shows none.
    private static func labelText(_ label: Object, _ m: borrowing Message) throws -> String? {
        guard case .string(let text) = try m.send("text", to: label), !text.isEmpty else { return nil }
        return text
    }

    /// The texts of the labels inside `view`, in the order of the subviews, depth first.
    private static func labelTexts(inside view: Object, _ m: borrowing Message) throws -> [String] {
        guard let labelClass = m.runtime.class(named: "UILabel") else { return [] }
        var texts: [String] = []
        var met = MetObjects()
        func visit(_ view: Object) throws {
            guard met.insert(view) else { return }
            for case .object(let subview) in try m.runtime.ivarValue("_subviews", of: view).arrayContents ?? [] {
                if subview.isKind(of: labelClass) {
                    if let text = try labelText(subview, m) { texts.append(text) }
                } else {
                    try visit(subview)
                }
            }
        }
        try visit(view)
        return texts
    }

    struct ContentViewSelectors: Sendable {
        let initWithFrame, addSubview, bounds, contentView, subviews: Selector

        init(_ runtime: Runtime) throws {
            contentView = try runtime.selector("contentView")
            subviews = try runtime.selector("subviews")
            initWithFrame = try runtime.selector("initWithFrame:")
            addSubview = try runtime.selector("addSubview:")
            bounds = try runtime.selector("bounds")
        }
    }

    /// A cell's `contentView`: made on first use, as big as the cell, as its subview (a
    /// table's and a collection view's cells alike). Its subviews hold it from the start,
    /// as UIKit's cells' do: asking for them makes it.
    static func addContentView(to c: inout ClassBuilder, _ s: ContentViewSelectors) throws {
        try c.addProperty(Property(name: "contentView", type: .object(className: "UIView"), attributes: [.readOnly, .strong]))
        try c.addMethod("contentView", types: "@@:") { m in
            if case .object(let view) = try m.ivar("_contentView") { return .object(view) }
            let size = Geometry.rectNumbers(of: try m.send(s.bounds, to: m.receiver)) ?? (0, 0, 0, 0)
            let view = try m.make("UIView", s.initWithFrame, Arguments(Geometry.rect(0, 0, size.width, size.height)))
            try m.setIvar("_contentView", view)
            try m.send(s.addSubview, to: m.receiver, Arguments(view))
            return view
        }
        try c.addMethod("subviews", types: "@@:") { m in
            _ = try m.send(s.contentView, to: m.receiver)
            return try m.sendSuper(s.subviews)
        }
    }
}
