import Runtime

/// Where a picker's wheel is searched from for a title, when titles repeat
/// (`KIFPickerSearchOrder`, with KIF's values).
public enum PickerSearchOrder: Int, Hashable, Sendable, CaseIterable {
    case forwardFromStart = 0
    case backwardFromEnd = 1
    case forwardFromCurrentValue = 2
    case backwardFromCurrentValue = 3

    /// The rows of a wheel of `count` rows whose selected row is `current`, in search order.
    func rows(count: Int, current: Int) -> [Int] {
        let start = min(max(current, 0), max(count - 1, 0))
        return switch self {
        case .forwardFromStart: Array(0..<count)
        case .backwardFromEnd: Array((0..<count).reversed())
        case .forwardFromCurrentValue: Array(start..<count)
        case .backwardFromCurrentValue: count == 0 ? [] : Array((0...start).reversed())
        }
    }
}

/// Turning a picker's wheel as a finger does: the row with a title is selected and the
/// delegate hears `pickerView:didSelectRow:inComponent:`.
extension ClassLibrary {
    /// Selects the row titled `title` in wheel `component` of the picker matching `query`
    /// (by default the first picker that can be seen), waiting for the picker and the row,
    /// as KIF's `selectPickerViewRowWithTitle:inComponent:withSearchOrder:` does. Titles are
    /// the delegate's (``pickerTitle(ofRow:inComponent:of:in:)``).
    public func selectPickerRow(
        titled title: String, inComponent component: Int = 0, searching order: PickerSearchOrder = .forwardFromStart,
        of query: ViewQuery? = nil, timeout: Double? = nil
    ) throws {
        let (picker, row) = try waitUntil(query, timeout: timeout) { () throws -> Attempt<(Object, Int)> in
            guard let picker = try visiblePicker(query) else { return .notYet(query == nil ? .noPicker : .notFound) }
            guard isKind(picker, of: "UIPickerView") else { return .notYet(.wrongKind(picker, expected: "UIPickerView")) }
            let wheels = try runtime.send("numberOfComponents", to: picker).intValue ?? 0
            let count = (0..<wheels).contains(component) ? try runtime.send("numberOfRowsInComponent:", to: picker, .int(component)).intValue ?? 0 : 0
            let current = count > 0 ? try runtime.send("selectedRowInComponent:", to: picker, .int(component)).intValue ?? 0 : 0
            var titles: [String] = []
            for row in order.rows(count: count, current: current) {
                let found = try Self.pickerTitle(ofRow: row, inComponent: component, of: picker, in: runtime)
                if found == title { return .done((picker, row)) }
                titles.append(found ?? "")
            }
            return .notYet(.noPickerRow(title: title, component: component, components: wheels, titles: titles))
        }
        try runtime.send("selectRow:inComponent:animated:", to: picker, .int(row), .int(component), false)
        if let delegate = try runtime.send("delegate", to: picker).object, try responds(delegate, to: "pickerView:didSelectRow:inComponent:") {
            try runtime.send("pickerView:didSelectRow:inComponent:", to: delegate, .object(picker), .int(row), .int(component))
        }
    }

    /// The picker matching `query`, or the first picker that can be seen; nil when there is none yet.
    private func visiblePicker(_ query: ViewQuery?) throws -> Object? {
        if let query {
            if case .found(let view) = try look(for: query) { return view }
            return nil
        }
        guard let root = try screenRoot() else { return nil }
        return try subtree(of: root).first { try isKind($0, of: "UIPickerView") && obstructionToSight(of: $0, under: root) == nil }
    }

}
