import Runtime

extension ClassLibrary {
    /// The paragraph style classes `defineNSParagraphStyle` makes.
    static let paragraphStyleClassNames = ["NSMutableParagraphStyle", "NSParagraphStyle"]

    /// `NSParagraphStyle` and `NSMutableParagraphStyle`: the settings text attributes carry
    /// under `NSParagraphStyleAttributeName`, with UIKit's defaults (natural alignment,
    /// word wrapping, no spacing). Styles with the same settings are equal, as Foundation's
    /// are, so attribute dictionaries built twice compare equal.
    static func defineNSParagraphStyle(in runtime: Runtime, root: Class) throws {
        // Each setting, its type and its default.
        let settings: [(name: String, type: ObjCType, initial: Value)] = [
            ("alignment", .integer(code: "q"), .int(4)), ("lineBreakMode", .integer(code: "q"), .int(0)),
            ("baseWritingDirection", .integer(code: "q"), .int(-1)), ("hyphenationFactor", .float, .double(0)),
        ] + ["lineSpacing", "paragraphSpacing", "paragraphSpacingBefore", "headIndent", "tailIndent", "firstLineHeadIndent",
             "minimumLineHeight", "maximumLineHeight", "lineHeightMultiple"].map { ($0, ObjCType.double, Value.double(0)) }
        let initialize = try runtime.selector("init")
        let shared = SharedInstance()
        /// A style of class `name` holding `source`'s settings.
        @Sendable func copy(_ source: Object, as name: String, _ m: borrowing Message) throws -> Value {
            let made = try m.make(name, initialize)
            for setting in settings {
                try m.runtime.setIvar("_" + setting.name, of: made.object, to: try m.runtime.ivarValue("_" + setting.name, of: source))
            }
            return made
        }
        let style = try runtime.registerLazyClass(named: "NSParagraphStyle", superclass: root) { c in
            for setting in settings {
                try c.addProperty(Property(name: setting.name, type: setting.type, attributes: [.readOnly, .nonatomic]))
            }
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in
                    for setting in settings { try m.runtime.setIvar("_" + setting.name, of: this, to: setting.initial) }
                }
            }
            try c.addClassMethod("defaultParagraphStyle", types: "@@:") { m in
                try shared.object { try m.make("NSParagraphStyle", initialize).object }.map(Value.object) ?? .nil
            }
            try c.addMethod("copy", types: "@@:") { m in try m.copy(ofImmutable: "NSParagraphStyle") { try copy(m.receiver, as: "NSParagraphStyle", m) } }
            try c.addMethod("mutableCopy", types: "@@:") { m in try copy(m.receiver, as: "NSMutableParagraphStyle", m) }
            try c.addMethod("isEqual:", types: "B@:@") { m in
                guard let other = m[0].object, let styleClass = m.runtime.class(named: "NSParagraphStyle"), other.isKind(of: styleClass) else { return false }
                for setting in settings where try m.ivar("_" + setting.name) != (try m.runtime.ivarValue("_" + setting.name, of: other)) {
                    return false
                }
                return true
            }
            try c.addMethod("hash", types: "Q@:") { m in .int(try m.ivar("_alignment").intValue ?? 0) }
        }
        // The same settings, writable, in the ivars the immutable class declares.
        try runtime.registerLazyClass(named: "NSMutableParagraphStyle", superclass: style) { c in
            for setting in settings {
                try c.addProperty(Property(name: setting.name, type: setting.type, attributes: [.nonatomic], ivar: "_" + setting.name))
            }
        }
    }
}
