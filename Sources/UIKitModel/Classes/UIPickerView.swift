import Runtime

extension ClassLibrary {
    /// `UIPickerView`: wheels (components) of rows that its data source counts
    /// (`numberOfComponentsInPickerView:`, `pickerView:numberOfRowsInComponent:`) and its
    /// delegate names (``pickerTitle(ofRow:inComponent:of:)``), with a selected row in each
    /// wheel: 0 while the wheel has rows, -1 when it has none, as UIKit answers. Selecting in
    /// code tells the delegate nothing; only a user's turn of the wheel does
    /// (``ClassLibrary/selectPickerRow(titled:inComponent:searching:of:timeout:)``). A row
    /// past the wheel's end selects the last row. Its accessibility value is the title of
    /// each wheel's selected row, joined by commas.
    static func definePickerView(in runtime: Runtime, view: Class) throws {
        let numberOfComponents = try runtime.selector("numberOfComponentsInPickerView:")
        let numberOfRows = try runtime.selector("pickerView:numberOfRowsInComponent:")
        let dataSource = try runtime.selector("dataSource")
        try runtime.registerLazyClass(named: "UIPickerView", superclass: view) { c in
            try c.addProperty(Property(name: "dataSource", type: .object(className: nil), attributes: [.weak, .nonatomic]))
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: [.weak, .nonatomic]))
            try c.addProperty(Property(name: "showsSelectionIndicator", type: .bool, attributes: [.nonatomic]))
            // The selected row of each wheel that has been turned or set; the others are at their first row.
            try c.addIvar("_selectedRows", type: .object(className: "NSDictionary"))

            @Sendable func components(_ m: borrowing Message) throws -> Int {
                let source = try m.send(dataSource, to: m.receiver).object
                return try m.sendIfImplemented(numberOfComponents, to: source, Arguments(.object(m.receiver)))?.intValue ?? 0
            }
            @Sendable func rows(_ m: borrowing Message, in component: Int) throws -> Int {
                guard (0..<(try components(m))).contains(component) else { return 0 }
                let source = try m.send(dataSource, to: m.receiver).object
                return try m.sendIfImplemented(numberOfRows, to: source, Arguments(.object(m.receiver), .int(component)))?.intValue ?? 0
            }
            @Sendable func selected(_ m: borrowing Message, in component: Int) throws -> Int {
                let count = try rows(m, in: component)
                guard count > 0 else { return -1 }
                let stored = try m.ivar("_selectedRows").dictionaryEntries?[.int(component)]?.intValue ?? 0
                return min(max(stored, 0), count - 1)
            }
            try c.addMethod("numberOfComponents", types: "q@:") { m in .int(try components(m)) }
            try c.addMethod("numberOfRowsInComponent:", types: "q@:q") { m in .int(try rows(m, in: try m.integerArgument(0))) }
            try c.addMethod("selectedRowInComponent:", types: "q@:q") { m in .int(try selected(m, in: try m.integerArgument(0))) }
            try c.addMethod("selectRow:inComponent:animated:", types: "v@:qqB") { m in
                let row = try m.integerArgument(0), component = try m.integerArgument(1)
                var chosen = try m.ivar("_selectedRows").dictionaryEntries ?? [:]
                chosen[.int(component)] = .int(row)
                try m.setIvar("_selectedRows", .dictionary(chosen))
                return .nil
            }
            // The counts and titles are asked for each time, so reloading has nothing to drop.
            try c.addMethod("reloadAllComponents", types: "v@:") { _ in .nil }
            try c.addMethod("reloadComponent:", types: "v@:q") { _ in .nil }
            try c.addMethod("viewForRow:forComponent:", types: "@@:qq") { _ in .nil }
            try addAccessibilityDefaults(to: &c, value: { m in
                let picker = m.receiver
                let titles = try (0..<(try components(m))).compactMap { component -> String? in
                    let row = try selected(m, in: component)
                    return row < 0 ? nil : try pickerTitle(ofRow: row, inComponent: component, of: picker, in: m.runtime)
                }
                return titles.isEmpty ? .nil : .string(titles.joined(separator: ", "))
            }, traits: { _ in AccessibilityTrait.adjustable })
        }
    }

    /// The title a picker's delegate gives a row: `pickerView:titleForRow:forComponent:`,
    /// else the string of `pickerView:attributedTitleForRow:forComponent:`, else the text (or
    /// accessibility label) of the view from `pickerView:viewForRow:forComponent:reusingView:`.
    static func pickerTitle(ofRow row: Int, inComponent component: Int, of picker: Object, in runtime: Runtime) throws -> String? {
        guard let delegate = try runtime.send("delegate", to: picker).object else { return nil }
        func answer(_ selector: String, _ arguments: Value...) throws -> Value? {
            let asked = try runtime.selector(selector)
            guard try runtime.send("respondsToSelector:", to: delegate, .selector(asked)).isTruthy else { return nil }
            return try runtime.send(asked, to: delegate, Arguments([.object(picker), .int(row), .int(component)] + arguments))
        }
        func text(_ value: Value, asking property: String) throws -> String? {
            if case .string(let text) = value { return text }
            guard let object = value.object, runtime.instancesRespond(object.isa, to: try runtime.selector(property)),
                  case .string(let text) = try runtime.send(property, to: object) else { return nil }
            return text
        }
        if let title = try answer("pickerView:titleForRow:forComponent:") { return try text(title, asking: "description") }
        if let title = try answer("pickerView:attributedTitleForRow:forComponent:") { return try text(title, asking: "string") }
        if let view = try answer("pickerView:viewForRow:forComponent:reusingView:", .nil) {
            return try text(view, asking: "text") ?? text(view, asking: "accessibilityLabel")
        }
        return nil
    }
}
