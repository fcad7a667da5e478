import Runtime

extension ClassLibrary {
    /// `UIToolbar`: a bar of bar button items, shown as views a UI test finds and taps by
    /// their labels, left to right: an item's custom view, or a button labelled by its
    /// accessibility label, its title, or the name VoiceOver gives its system item ("Done"),
    /// sending the item's action to its target. Flexible and fixed spaces show nothing.
    static func defineToolbar(in runtime: Runtime, view: Class) throws {
        try runtime.registerLazyClass(named: "UIToolbar", superclass: view) { c in
            try c.addProperty(Property(name: "items", type: .object(className: "NSArray"), attributes: [.copy, .nonatomic]))
            try c.addProperty(Property(name: "barStyle", type: .integer(code: "q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "translucent", type: .bool, attributes: [.nonatomic], getter: "isTranslucent"))
            try c.addProperty(Property(name: "barTintColor", type: .object(className: "UIColor"), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: [.weak, .nonatomic]))
            try c.addIvar("_itemViews", type: .object(className: "NSArray"))
            try c.addMethod("setItems:", types: "v@:@") { m in try m.send("setItems:animated:", to: m.receiver, m[0], .bool(false)) }
            try c.addMethod("setItems:animated:", types: "v@:@B") { m in
                let items = m[0] == .nil ? [] : try m.arrayArgument(0).compactMap(\.object)
                try m.setIvar("_items", .array(items.map(Value.object)))
                for case .object(let old) in try m.ivar("_itemViews").arrayElements { try m.send("removeFromSuperview", to: old) }
                var views: [Value] = [], x = 8.0
                for item in items {
                    guard let shown = try itemView(item, m) else { continue }
                    if try m.send("customView", to: item) == .nil { try m.send("setFrame:", to: shown, Geometry.rect(x, 0, 88, 44)) }
                    try m.send("addSubview:", to: m.receiver, .object(shown))
                    views.append(.object(shown))
                    x += 88
                }
                try m.setIvar("_itemViews", .array(views))
                return .nil
            }
        }
    }

    /// The view an item shows as: its custom view, a button sending its action, or nothing
    /// for a space (UIBarButtonSystemItemFlexibleSpace, FixedSpace).
    private static func itemView(_ item: Object, _ m: borrowing Message) throws -> Object? {
        if case .object(let custom) = try m.send("customView", to: item) { return custom }
        let system = try m.runtime.ivarValue("_systemItem", of: item).intValue
        if system == 5 || system == 6 { return nil }
        func text(_ value: Value) -> String? { if let text = value.text, !text.isEmpty { text } else { nil } }
        let accessibilityLabel = text(try m.send("accessibilityLabel", to: item)), title = text(try m.send("title", to: item))
        let label = accessibilityLabel ?? title ?? system.flatMap { systemItemLabels[$0] } ?? ""
        return try titledButton(
            .string(label), target: m.send("target", to: item), action: m.send("action", to: item), enabled: m.send("isEnabled", to: item), in: m.runtime)
    }
}
