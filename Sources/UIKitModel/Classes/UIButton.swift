import Runtime

extension ClassLibrary {
    /// `UIButton`: a control with a type and a title, title colour, image and background
    /// image per control state. A state with none set shows the normal state's, as UIKit
    /// falls back; `currentTitle` is the title for the state the button is in. `title` and
    /// `setTitle:` read and set the normal title, for code written against the model before.
    static func defineButton(in runtime: Runtime, control: Class) throws {
        let initWithFrame = try runtime.selector("initWithFrame:"), state = try runtime.selector("state")
        let setTitleForState = try runtime.selector("setTitle:forState:")
        let currentTitle = try runtime.selector("currentTitle"), setText = try runtime.selector("setText:")
        let initialize = try runtime.selector("init"), currentImage = try runtime.selector("currentImage")
        let fontSelector = try runtime.selector("font"), pointSizeSelector = try runtime.selector("pointSize")
        let sizeSelector = try runtime.selector("size"), systemFont = try runtime.selector("systemFontOfSize:")
        let setFont = try runtime.selector("setFont:")
        try runtime.registerLazyClass(named: "UIButton", superclass: control) { c in
            try c.addProperty(Property(name: "buttonType", type: .integer(code: "q"), attributes: [.readOnly, .nonatomic]))
            try c.addProperty(Property(name: "titleLabel", type: .object(className: "UILabel"), attributes: [.readOnly, .strong]))
            // VoiceOver reads a button's normal title.
            try addAccessibilityDefaults(
                to: &c, label: { m in try m.send("titleForState:", to: m.receiver, .int(0)) },
                traits: { m in AccessibilityTrait.button | (try controlTraits(m)) })
            try c.addClassMethod("buttonWithType:", types: "@@:q") { m in
                let type = try m.integerArgument(0)
                let made = try m.allocInit(initWithFrame, Arguments(zeroRect))
                try m.runtime.setIvar("_buttonType", of: made.object, to: .int(type))
                return made
            }
            // Per-state values, each kind in its own dictionary keyed by the state.
            for (kind, type) in [("Title", "NSString"), ("TitleColor", "UIColor"), ("Image", "UIImage"), ("BackgroundImage", "UIImage")] {
                let ivar = "_\(kind.prefix(1).lowercased() + kind.dropFirst())sForState"
                try c.addIvar(ivar, type: .object(className: "NSDictionary"))
                try c.addMethod("set\(kind):forState:", types: "v@:@\"\(type)\"Q") { m in
                    let controlState = Value.int(m[1].intValue ?? 0)
                    var values: [Value: Value] = if case .dictionary(let set) = try m.ivar(ivar) { set } else { [:] }
                    if m[0] == .nil { values.removeValue(forKey: controlState) } else { values[controlState] = m[0] }
                    try m.setIvar(ivar, .dictionary(values))
                    return .nil
                }
                let getter = "\(kind.prefix(1).lowercased() + kind.dropFirst())ForState:"
                let getterSelector = try c.runtime.selector(getter)
                try c.addMethod(getter, types: "@@:Q") { m in
                    guard case .dictionary(let values) = try m.ivar(ivar) else { return .nil }
                    return values[.int(m[0].intValue ?? 0)] ?? values[.int(0)] ?? .nil
                }
                try c.addMethod("current\(kind)", types: "@@:") { m in
                    try m.send(getterSelector, to: m.receiver, Arguments(try m.send(state, to: m.receiver)))
                }
            }
            // Declared as before, for introspection; its accessors below read and set the titles per state.
            try c.addProperty(Property(name: "title", type: .object(className: "NSString"), attributes: [.copy]))
            try c.addMethod("title", types: "@\"NSString\"@:") { m in try m.send(currentTitle, to: m.receiver) }
            try c.addMethod("setTitle:", types: "v@:@\"NSString\"") { m in try m.send(setTitleForState, to: m.receiver, Arguments(m[0], .int(0))) }
            // The label that shows the title, made on first use; it shows the current title.
            try c.addMethod("titleLabel", types: "@@:") { m in
                var label = try m.ivar("_titleLabel")
                if label == .nil {
                    label = try m.make("UILabel", initialize)
                    // UIKit's button title font, which is smaller than a label's.
                    let font = try m.send(systemFont, to: m.runtime.requireClass(named: "UIFont"), Arguments(.double(ContentFitting.buttonFontSize)))
                    try m.send(setFont, to: label.object, Arguments(font))
                    try m.setIvar("_titleLabel", label)
                }
                try m.send(setText, to: label.object, Arguments(try m.send(currentTitle, to: m.receiver)))
                return label
            }
            // Its title (in its title label's font, 15 points until set) beside its image.
            @Sendable func fitted(_ m: borrowing Message) throws -> Value {
                let title = try m.send(currentTitle, to: m.receiver).text.flatMap { $0.isEmpty ? nil : $0 }
                let pointSize = try m.ivar("_titleLabel").object.flatMap { label in
                    try m.send(pointSizeSelector, to: try m.send(fontSelector, to: label).object).numberValue
                } ?? ContentFitting.buttonFontSize
                let image = try m.send(currentImage, to: m.receiver).object.flatMap { image in
                    Geometry.numbers(of: try m.send(sizeSelector, to: image), count: 2).map { ($0[0], $0[1]) }
                }
                let size = ContentFitting.button(
                    title: title.map { ContentFitting.label($0, pointSize: pointSize, lines: 1, width: nil) },
                    image: image)
                return Geometry.size(size.width, size.height)
            }
            try c.addMethod("sizeThatFits:", types: "\(Geometry.sizeType)@:\(Geometry.sizeType)") { m in try fitted(m) }
            try c.addMethod("intrinsicContentSize", types: "\(Geometry.sizeType)@:") { m in try fitted(m) }
        }
    }
}
