import Runtime

extension ClassLibrary {
    /// `UISearchBar`: a search field (`searchTextField`, a `UISearchTextField` inside it,
    /// read by VoiceOver by the placeholder) with a prompt, a cancel button and scope
    /// buttons. The bar is its field's delegate, as in UIKit, and tells its own delegate
    /// what a user does in the field: whether editing may begin (`searchBarShouldBeginEditing:`),
    /// each change offered (`searchBar:shouldChangeTextInRange:replacementText:`) and made
    /// (`searchBar:textDidChange:`), and the search key (`searchBarSearchButtonClicked:`).
    /// Setting `text` in code tells the delegate nothing, as in UIKit.
    static func defineSearchBar(in runtime: Runtime, view: Class, textField: Class) throws {
        let initWithFrame = try runtime.selector("initWithFrame:")
        try runtime.registerLazyClass(named: "UISearchTextField", superclass: textField) { _ in }
        try runtime.registerLazyClass(named: "UISearchBar", superclass: view) { c in
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: [.weak, .nonatomic]))
            try c.addProperty(Property(name: "prompt", type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
            try c.addProperty(Property(name: "scopeButtonTitles", type: .object(className: "NSArray"), attributes: [.copy, .nonatomic]))
            for name in ["selectedScopeButtonIndex", "searchBarStyle", "barStyle"] {
                try c.addProperty(Property(name: name, type: .integer(code: "q"), attributes: [.nonatomic]))
            }
            for name in ["showsCancelButton", "showsScopeBar", "showsBookmarkButton", "showsSearchResultsButton", "translucent"] {
                try c.addProperty(Property(name: name, type: .bool, attributes: [.nonatomic], getter: name == "translucent" ? "isTranslucent" : nil))
            }
            try c.addProperty(Property(name: "barTintColor", type: .object(className: "UIColor"), attributes: [.strong, .nonatomic]))
            try c.addIvar("_searchTextField", type: .object(className: "UISearchTextField"))
            try c.addMethod("initWithFrame:", types: "@@:\(rectType)") { m in
                try m.initializingSuper(initWithFrame, Arguments(m[0])) { this in
                    let width = Geometry.rectNumbers(of: m[0])?.width ?? 0
                    let field = try m.make("UISearchTextField", initWithFrame, Arguments(Geometry.rect(8, 8, max(width - 16, 0), 36)))
                    try m.runtime.send("setDelegate:", to: field.object, .object(this))
                    try m.runtime.send("setPlaceholder:", to: field.object, .string("Search"))
                    try m.runtime.send("addTarget:action:forControlEvents:", to: field.object, .object(this),
                                       .selector(try m.runtime.selector("_searchFieldChanged:")), .int(editingChanged))
                    try m.runtime.send("addSubview:", to: this, field)
                    try m.runtime.setIvar("_searchTextField", of: this, to: field)
                }
            }
            // The bar is no element of its own: VoiceOver and UI tests find its field.
            try c.addMethod("isAccessibilityElement", types: "B@:") { _ in false }
            try c.addMethod("searchTextField", types: "@@:") { m in try m.ivar("_searchTextField") }
            // The text and the keyboard settings are the field's.
            for (getter, setter, types) in [("text", "setText:", "@"), ("placeholder", "setPlaceholder:", "@"),
                                            ("keyboardType", "setKeyboardType:", "q"), ("returnKeyType", "setReturnKeyType:", "q"),
                                            ("autocapitalizationType", "setAutocapitalizationType:", "q"),
                                            ("autocorrectionType", "setAutocorrectionType:", "q")] {
                try c.addMethod(getter, types: "\(types)@:") { m in try m.send(getter, to: try field(m)) }
                try c.addMethod(setter, types: "v@:\(types)") { m in try m.send(setter, to: try field(m), m[0]) }
            }
            try c.addMethod("setShowsCancelButton:animated:", types: "v@:BB") { m in
                try m.setIvar("_showsCancelButton", .bool(m[0].isTruthy))
                return .nil
            }
            try c.addMethod("becomeFirstResponder", types: "B@:") { m in try m.send("becomeFirstResponder", to: try field(m)) }
            try c.addMethod("resignFirstResponder", types: "B@:") { m in try m.send("resignFirstResponder", to: try field(m)) }
            try c.addMethod("isFirstResponder", types: "B@:") { m in try m.send("isFirstResponder", to: try field(m)) }
            // As its field's delegate: each question goes to the bar's own delegate.
            try c.addMethod("textFieldShouldBeginEditing:", types: "B@:@") { m in
                try ask("searchBarShouldBeginEditing:", m) ?? .bool(true)
            }
            try c.addMethod("textFieldDidBeginEditing:", types: "v@:@") { m in try ask("searchBarTextDidBeginEditing:", m) ?? .nil }
            try c.addMethod("textFieldShouldEndEditing:", types: "B@:@") { m in try ask("searchBarShouldEndEditing:", m) ?? .bool(true) }
            try c.addMethod("textFieldDidEndEditing:", types: "v@:@") { m in try ask("searchBarTextDidEndEditing:", m) ?? .nil }
            try c.addMethod("textField:shouldChangeCharactersInRange:replacementString:", types: "B@:@{_NSRange=QQ}@") { m in
                guard let delegate = try m.send("delegate", to: m.receiver).object,
                      let answer = try m.sendIfImplemented(try m.runtime.selector("searchBar:shouldChangeTextInRange:replacementText:"), to: delegate,
                                                          Arguments([.object(m.receiver), m[1], m[2]])) else { return .bool(true) }
                return answer
            }
            // The search key: the delegate hears it, and the field keeps the keyboard.
            try c.addMethod("textFieldShouldReturn:", types: "B@:@") { m in
                _ = try ask("searchBarSearchButtonClicked:", m)
                return .bool(false)
            }
            try c.addMethod("_searchFieldChanged:", types: "v@:@") { m in
                guard let delegate = try m.send("delegate", to: m.receiver).object else { return .nil }
                let text = try m.send("text", to: try field(m))
                _ = try m.sendIfImplemented(try m.runtime.selector("searchBar:textDidChange:"), to: delegate, Arguments(.object(m.receiver), text == .nil ? .string("") : text))
                return .nil
            }
        }
    }

    /// The bar's search field.
    private static func field(_ m: borrowing Message) throws -> Object {
        guard let field = try m.ivar("_searchTextField").object else { throw m.wrongArgument(0, expected: "a search bar made with initWithFrame:") }
        return field
    }

    /// Asks the bar's delegate `selector` about the bar, when it implements it; nil otherwise.
    private static func ask(_ selector: String, _ m: borrowing Message) throws -> Value? {
        guard let delegate = try m.send("delegate", to: m.receiver).object else { return nil }
        return try m.sendIfImplemented(try m.runtime.selector(selector), to: delegate, Arguments(.object(m.receiver)))
    }
}
