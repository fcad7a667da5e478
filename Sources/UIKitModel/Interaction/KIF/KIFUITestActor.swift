import Runtime

extension ClassLibrary {
    /// `KIFUITestActor` (`tester`): KIF's steps by accessibility label (and identifier),
    /// each a step of the engine. A category on it adds steps of the test's own, which
    /// call these and `failWithError:stopTest:`.
    func defineKIFUITestActor(actor: Class) throws {
        let library = unheld
        try runtime.registerLazyClass(named: "KIFUITestActor", superclass: actor) { c in
            /// Adds `name` with each of its forms: `…Label:`, `…Label:traits:`, `…Label:value:traits:`.
            func labelForms(
                _ prefix: String, _ suffix: String = "", returns: String, before: Int = 0,
                _ body: @escaping @Sendable (borrowing Message, ViewQuery, Double?) throws -> Value
            ) throws {
                let leading = String(repeating: "@", count: before)
                try c.addMethod("\(prefix)Label:\(suffix)", types: "\(returns)@:\(leading)@") { m in
                    let query = ViewQuery.label(try m.stringArgument(before))
                    return try library.kifStep(m) { try body(m, query, $0) }
                }
                try c.addMethod("\(prefix)Label:traits:\(suffix)", types: "\(returns)@:\(leading)@Q") { m in
                    let query = ViewQuery.label(try m.stringArgument(before), traits: m[before + 1].intValue ?? 0)
                    return try library.kifStep(m) { try body(m, query, $0) }
                }
                try c.addMethod("\(prefix)Label:value:traits:\(suffix)", types: "\(returns)@:\(leading)@@Q") { m in
                    let query = ViewQuery.label(try m.stringArgument(before), value: try m.optionalStringArgument(before + 1), traits: m[before + 2].intValue ?? 0)
                    return try library.kifStep(m) { try body(m, query, $0) }
                }
            }
            func identifierForm(
                _ selector: String, returns: String, before: Int = 0, _ body: @escaping @Sendable (borrowing Message, ViewQuery, Double?) throws -> Value
            ) throws {
                try c.addMethod(selector, types: "\(returns)@:\(String(repeating: "@", count: before))@") { m in
                    let query = ViewQuery.identifier(try m.stringArgument(before))
                    return try library.kifStep(m) { try body(m, query, $0) }
                }
            }
            let waitForView: @Sendable (borrowing Message, ViewQuery, Double?) throws -> Value = { _, query, timeout in
                .object(try library.waitForView(query, timeout: timeout))
            }
            let waitForTappable: @Sendable (borrowing Message, ViewQuery, Double?) throws -> Value = { _, query, timeout in
                .object(try library.waitForView(query, tappable: true, timeout: timeout))
            }
            let waitForAbsence: @Sendable (borrowing Message, ViewQuery, Double?) throws -> Value = { _, query, timeout in
                try library.waitForAbsence(of: query, timeout: timeout)
                return .nil
            }
            let tap: @Sendable (borrowing Message, ViewQuery, Double?) throws -> Value = { _, query, timeout in
                try library.tap(query, timeout: timeout)
                return .nil
            }
            let enter: @Sendable (borrowing Message, ViewQuery, Double?) throws -> Value = { m, query, timeout in
                try library.enterText(try m.stringArgument(0), into: query, timeout: timeout)
                return .nil
            }
            let clear: @Sendable (borrowing Message, ViewQuery, Double?) throws -> Value = { _, query, timeout in
                try library.clearText(from: query, timeout: timeout)
                return .nil
            }
            try labelForms("waitForViewWithAccessibility", returns: "@", waitForView)
            try labelForms("waitForTappableViewWithAccessibility", returns: "@", waitForTappable)
            try labelForms("waitForAbsenceOfViewWithAccessibility", returns: "v", waitForAbsence)
            try labelForms("tapViewWithAccessibility", returns: "v", tap)
            try identifierForm("waitForViewWithAccessibilityIdentifier:", returns: "@", waitForView)
            try identifierForm("waitForTappableViewWithAccessibilityIdentifier:", returns: "@", waitForTappable)
            try identifierForm("waitForAbsenceOfViewWithAccessibilityIdentifier:", returns: "v", waitForAbsence)
            try identifierForm("tapViewWithAccessibilityIdentifier:", returns: "v", tap)
            try identifierForm("enterText:intoViewWithAccessibilityIdentifier:", returns: "v", before: 1, enter)
            try identifierForm("clearTextFromViewWithAccessibilityIdentifier:", returns: "v", clear)

            try c.addMethod("enterText:intoViewWithAccessibilityLabel:", types: "v@:@@") { m in
                let query = ViewQuery.label(try m.stringArgument(1))
                return try library.kifStep(m) { try enter(m, query, $0) }
            }
            try c.addMethod("enterText:intoViewWithAccessibilityLabel:traits:expectedResult:", types: "v@:@@Q@") { m in
                let text = try m.stringArgument(0), query = ViewQuery.label(try m.stringArgument(1), traits: m[2].intValue ?? 0)
                let expected = try m.optionalStringArgument(3)
                return try library.kifStep(m) { timeout in
                    try library.enterText(text, into: query, expected: expected, timeout: timeout)
                    return .nil
                }
            }
            try c.addMethod("clearTextFromViewWithAccessibilityLabel:", types: "v@:@") { m in
                let query = ViewQuery.label(try m.stringArgument(0))
                return try library.kifStep(m) { try clear(m, query, $0) }
            }
            try c.addMethod("clearTextFromViewWithAccessibilityLabel:traits:", types: "v@:@Q") { m in
                let query = ViewQuery.label(try m.stringArgument(0), traits: m[1].intValue ?? 0)
                return try library.kifStep(m) { try clear(m, query, $0) }
            }
            for (selector, types) in [("clearTextFromAndThenEnterText:intoViewWithAccessibilityLabel:", "v@:@@"),
                                      ("clearTextFromAndThenEnterText:intoViewWithAccessibilityLabel:traits:expectedResult:", "v@:@@Q@")] {
                try c.addMethod(selector, types: types) { m in
                    let text = try m.stringArgument(0)
                    let query = ViewQuery.label(try m.stringArgument(1), traits: m.selector.argumentCount > 2 ? m[2].intValue ?? 0 : 0)
                    let expected = m.selector.argumentCount > 3 ? try m.optionalStringArgument(3) : nil
                    return try library.kifStep(m) { timeout in
                        try library.clearText(from: query, thenEnter: text, expected: expected, timeout: timeout)
                        return .nil
                    }
                }
            }
            try c.addMethod("enterTextIntoCurrentFirstResponder:", types: "v@:@") { m in
                let text = try m.stringArgument(0)
                guard let first = try library.firstResponder(), let label = try library.string("accessibilityLabel", of: first) else {
                    try library.failKIFStep(m.receiver, message: "Failed to find a first responder to type \"\(text)\" into", stop: true, m)
                    return .nil
                }
                return try library.kifStep(m) { timeout in
                    try library.enterText(text, into: .label(label), timeout: timeout)
                    return .nil
                }
            }
            try c.addMethod("waitForFirstResponderWithAccessibilityLabel:", types: "v@:@") { m in
                let query = ViewQuery.label(try m.stringArgument(0))
                return try library.kifStep(m) { timeout in
                    try library.waitForFirstResponder(query, timeout: timeout)
                    return .nil
                }
            }
            try c.addMethod("tapRowAtIndexPath:inTableViewWithAccessibilityIdentifier:", types: "v@:@@") { m in
                let (row, section) = try library.position(of: m, at: 0)
                let query = ViewQuery.identifier(try m.stringArgument(1))
                return try library.kifStep(m) { timeout in
                    try library.tapRow(row, section: section, inTable: query, timeout: timeout)
                    return .nil
                }
            }
            // Cells by position, in a list named by identifier or given itself; a negative
            // row, item or section counts from the end.
            try c.addMethod("waitForCellAtIndexPath:inTableViewWithAccessibilityIdentifier:", types: "@@:@@") { m in
                let (row, section) = try library.position(of: m, at: 0)
                let query = ViewQuery.identifier(try m.stringArgument(1))
                return try library.kifStep(m) { timeout in .object(try library.cell(atRow: row, section: section, inTable: query, timeout: timeout)) }
            }
            try c.addMethod("waitForCellAtIndexPath:inTableView:", types: "@@:@@") { m in
                let (row, section) = try library.position(of: m, at: 0)
                let table = try library.listArgument(m, 1)
                return try library.kifStep(m) { _ in .object(try library.cell(atRow: row, section: section, in: table)) }
            }
            try c.addMethod("tapRowAtIndexPath:inTableView:", types: "v@:@@") { m in
                let (row, section) = try library.position(of: m, at: 0)
                let table = try library.listArgument(m, 1)
                return try library.kifStep(m) { _ in
                    try library.tapRow(row, section: section, in: table)
                    return .nil
                }
            }
            try c.addMethod("moveRowAtIndexPath:toIndexPath:inTableViewWithAccessibilityIdentifier:", types: "v@:@@@") { m in
                let (from, to) = (try library.position(of: m, at: 0), try library.position(of: m, at: 1))
                let query = ViewQuery.identifier(try m.stringArgument(2))
                return try library.kifStep(m) { timeout in
                    try library.moveRow(from: from, to: to, inTable: query, timeout: timeout)
                    return .nil
                }
            }
            for (suffix, types) in [("", "@@:@@"), ("atPosition:", "@@:@@Q")] {
                try c.addMethod("waitForCellAtIndexPath:inCollectionViewWithAccessibilityIdentifier:" + suffix, types: types) { m in
                    let (item, section) = try library.itemPosition(of: m, at: 0)
                    let query = ViewQuery.identifier(try m.stringArgument(1))
                    return try library.kifStep(m) { timeout in .object(try library.cell(atItem: item, section: section, inCollection: query, timeout: timeout)) }
                }
                try c.addMethod("waitForCellAtIndexPath:inCollectionView:" + suffix, types: types) { m in
                    let (item, section) = try library.itemPosition(of: m, at: 0)
                    let collection = try library.listArgument(m, 1)
                    return try library.kifStep(m) { _ in .object(try library.cell(atItem: item, section: section, in: collection)) }
                }
            }
            try c.addMethod("tapItemAtIndexPath:inCollectionViewWithAccessibilityIdentifier:", types: "v@:@@") { m in
                let (item, section) = try library.itemPosition(of: m, at: 0)
                let query = ViewQuery.identifier(try m.stringArgument(1))
                return try library.kifStep(m) { timeout in
                    try library.tapItem(item, section: section, inCollection: query, timeout: timeout)
                    return .nil
                }
            }
            try c.addMethod("tapItemAtIndexPath:inCollectionView:", types: "v@:@@") { m in
                let (item, section) = try library.itemPosition(of: m, at: 0)
                let collection = try library.listArgument(m, 1)
                return try library.kifStep(m) { _ in
                    try library.tapItem(item, section: section, in: collection)
                    return .nil
                }
            }
            try c.addMethod("tapRowInTableViewWithAccessibilityLabel:atIndexPath:", types: "v@:@@") { m in
                let (row, section) = try library.position(of: m, at: 1)
                let query = ViewQuery.label(try m.stringArgument(0))
                return try library.kifStep(m) { timeout in
                    try library.tapRow(row, section: section, inTable: query, timeout: timeout)
                    return .nil
                }
            }
            try c.addMethod("swipeViewWithAccessibilityLabel:inDirection:", types: "v@:@Q") { m in
                let query = ViewQuery.label(try m.stringArgument(0))
                guard let direction = SwipeDirection(kifValue: m[1].intValue ?? -1) else {
                    throw m.wrongArgument(1, expected: "a KIFSwipeDirection: KIFSwipeDirectionRight, Left, Up or Down")
                }
                return try library.kifStep(m) { timeout in
                    try library.swipe(query, direction, timeout: timeout)
                    return .nil
                }
            }
            try c.addMethod("scrollViewWithAccessibilityLabel:byFractionOfSizeHorizontal:vertical:", types: "v@:@dd") { m in
                let query = ViewQuery.label(try m.stringArgument(0))
                let horizontal = try m.numberArgument(1), vertical = try m.numberArgument(2)
                return try library.kifStep(m) { timeout in
                    try library.scroll(query, byFractionOfSizeHorizontal: horizontal, vertical: vertical, timeout: timeout)
                    return .nil
                }
            }
            try c.addMethod("setOn:forSwitchWithAccessibilityLabel:", types: "v@:B@") { m in
                let on = m[0].isTruthy, query = ViewQuery.label(try m.stringArgument(1))
                return try library.kifStep(m) { timeout in
                    try library.setSwitch(query, on: on, timeout: timeout)
                    return .nil
                }
            }
            try c.addMethod("setValue:forSliderWithAccessibilityLabel:", types: "v@:f@") { m in
                let value = try m.numberArgument(0), query = ViewQuery.label(try m.stringArgument(1))
                return try library.kifStep(m) { timeout in
                    try library.setSlider(query, to: value, timeout: timeout)
                    return .nil
                }
            }
            for (selector, types) in [("selectPickerViewRowWithTitle:", "v@:@"), ("selectPickerViewRowWithTitle:inComponent:", "v@:@q"),
                                      ("selectPickerViewRowWithTitle:inComponent:withSearchOrder:", "v@:@qQ")] {
                try c.addMethod(selector, types: types) { m in
                    let title = try m.stringArgument(0)
                    let component = m.selector.argumentCount > 1 ? try m.integerArgument(1) : 0
                    let order = try library.pickerSearchOrder(m, at: 2)
                    return try library.kifStep(m) { timeout in
                        try library.selectPickerRow(titled: title, inComponent: component, searching: order, timeout: timeout)
                        return .nil
                    }
                }
            }
            // KIF's primitives, which its own categories (`KIFUITestActor+IdentifierTests`)
            // call: the view found is its own accessibility element, given through both pointers.
            for (selector, types) in [
                ("waitForAccessibilityElement:view:withIdentifier:tappable:", "B@:^@^@@B"),
                ("waitForAccessibilityElement:view:withIdentifier:fromRootView:tappable:", "B@:^@^@@@B"),
                ("waitForAccessibilityElement:view:withLabel:value:traits:tappable:", "B@:^@^@@@QB"),
            ] {
                try c.addMethod(selector, types: types) { m in
                    let byLabel = selector.contains("withLabel:")
                    let query = byLabel
                        ? ViewQuery.label(try m.stringArgument(2), value: try m.optionalStringArgument(3), traits: m[4].intValue ?? 0)
                        : ViewQuery.identifier(try m.stringArgument(2))
                    let tappable = m[m.selector.argumentCount - 1].isTruthy
                    let (element, view) = (m[0], m[1])
                    return try library.kifStep(m) { timeout in
                        let found = try library.waitForView(query, tappable: tappable, timeout: timeout)
                        if case .reference(let pointer) = element { pointer.value = .object(found) }
                        if case .reference(let pointer) = view { pointer.value = .object(found) }
                        return .bool(true)
                    }
                }
            }
            try c.addMethod("tapAccessibilityElement:inView:", types: "v@:@@") { m in
                let view = try library.viewArgument(m, 1)
                return try library.kifStep(m) { _ in
                    try library.touch(view)
                    return .nil
                }
            }
            try c.addMethod("longPressAccessibilityElement:inView:duration:", types: "v@:@@d") { m in
                let view = try library.viewArgument(m, 1)
                let duration = try m.numberArgument(2)
                return try library.kifStep(m) { _ in
                    try library.longPress(view: view, duration: duration)
                    return .nil
                }
            }
            try c.addMethod("swipeAccessibilityElement:inView:inDirection:", types: "v@:@@Q") { m in
                let view = try library.viewArgument(m, 1)
                guard let direction = SwipeDirection(kifValue: m[2].intValue ?? -1) else {
                    throw m.wrongArgument(2, expected: "a KIFSwipeDirection: KIFSwipeDirectionRight, Left, Up or Down")
                }
                return try library.kifStep(m) { _ in
                    try library.swipe(view: view, direction)
                    return .nil
                }
            }
            try c.addMethod("pullToRefreshAccessibilityElement:inView:pullDownDuration:", types: "v@:@@Q") { m in
                let view = try library.viewArgument(m, 1)
                return try library.kifStep(m) { _ in
                    try library.pullToRefresh(view: view)
                    return .nil
                }
            }
            // A stepper's + (KIFStepperDirectionIncrement, 0) or − (Decrement, 1).
            @Sendable func stepperIncrements(_ m: borrowing Message, _ index: Int) throws -> Bool {
                guard let direction = m[index].intValue, (0...1).contains(direction) else {
                    throw m.wrongArgument(index, expected: "a KIFStepperDirection: KIFStepperDirectionIncrement or KIFStepperDirectionDecrement")
                }
                return direction == 0
            }
            try c.addMethod("tapStepperWithAccessibilityLabel:increment:", types: "v@:@Q") { m in
                let query = ViewQuery.label(try m.stringArgument(0))
                let increment = try stepperIncrements(m, 1)
                return try library.kifStep(m) { timeout in
                    try library.tapStepper(query, increment: increment, timeout: timeout)
                    return .nil
                }
            }
            try c.addMethod("tapStepperWithAccessibilityElement:increment:inView:", types: "v@:@Q@") { m in
                let view = try library.viewArgument(m, 2)
                let increment = try stepperIncrements(m, 1)
                return try library.kifStep(m) { _ in
                    try library.tapStepper(view: view, increment: increment, nil)
                    return .nil
                }
            }
            // Pulling a scroll view down to refresh; the pull's duration passes in no virtual time.
            for (selector, types, byIdentifier) in [
                ("pullToRefreshViewWithAccessibilityLabel:pullDownDuration:", "v@:@Q", false), ("pullToRefreshViewWithAccessibilityLabel:value:", "v@:@@", false),
                ("pullToRefreshViewWithAccessibilityIdentifier:", "v@:@", true), ("pullToRefreshViewWithAccessibilityIdentifier:pullDownDuration:", "v@:@Q", true),
            ] {
                try c.addMethod(selector, types: types) { m in
                    let name = try m.stringArgument(0)
                    let query = byIdentifier ? ViewQuery.identifier(name)
                        : selector.hasSuffix("value:") ? ViewQuery.label(name, value: try m.optionalStringArgument(1)) : ViewQuery.label(name)
                    return try library.kifStep(m) { timeout in
                        try library.pullToRefresh(query, timeout: timeout)
                        return .nil
                    }
                }
            }
            // A date picker's wheels by title (the search order changes nothing: the
            // titles name one date).
            for (selector, types) in [("selectDatePickerValue:", "v@:@"), ("selectDatePickerValue:withSearchOrder:", "v@:@Q")] {
                try c.addMethod(selector, types: types) { m in
                    let titles = try m.arrayArgument(0).map { $0.text ?? "\($0)" }
                    if m.selector.argumentCount > 1 { _ = try library.pickerSearchOrder(m, at: 1) }
                    return try library.kifStep(m) { timeout in
                        try library.selectDatePickerValue(titles, timeout: timeout)
                        return .nil
                    }
                }
            }
            for (selector, types) in [("longPressViewWithAccessibilityLabel:duration:", "v@:@d"), ("longPressViewWithAccessibilityLabel:value:duration:", "v@:@@d"),
                                      ("longPressViewWithAccessibilityLabel:value:traits:duration:", "v@:@@Qd")] {
                try c.addMethod(selector, types: types) { m in
                    let count = m.selector.argumentCount
                    let query = ViewQuery.label(
                        try m.stringArgument(0), value: count > 2 ? try m.optionalStringArgument(1) : nil, traits: count > 3 ? m[2].intValue ?? 0 : 0)
                    let duration = try m.numberArgument(count - 1)
                    return try library.kifStep(m) { timeout in
                        try library.longPress(query, duration: duration, timeout: timeout)
                        return .nil
                    }
                }
            }
            try c.addMethod("acknowledgeSystemAlert", types: "B@:") { _ in .bool(try library.acknowledgeAlert()) }
            // Tries once, failing nothing: the answer says whether the view is there, and the
            // error (when asked for) why not, in KIF's words.
            for (suffix, types, tappable) in [("", "B@:@^@", false), ("traits:", "B@:@Q^@", false), ("value:traits:", "B@:@@Q^@", false)]
                + [("", "B@:@^@", true), ("traits:", "B@:@Q^@", true), ("value:traits:", "B@:@@Q^@", true)] {
                let selector = "tryFinding\(tappable ? "Tappable" : "")ViewWithAccessibilityLabel:\(suffix)error:"
                try c.addMethod(selector, types: types) { m in
                    let label = try m.stringArgument(0)
                    let query: ViewQuery = switch suffix {
                    case "traits:": .label(label, traits: m[1].intValue ?? 0)
                    case "value:traits:": .label(label, value: try m.optionalStringArgument(1), traits: m[2].intValue ?? 0)
                    default: .label(label)
                    }
                    guard case .missing(let reason) = try library.look(for: query, tappable: tappable, scrolling: true) else { return true }
                    if case .reference(let pointer) = m[m.selector.argumentCount - 1] {
                        let error = UIAutomationError(query: query, reason: reason, waited: 0, tree: [])
                        pointer.value = try m.send("KIFErrorWithFormat:", to: m.runtime.requireClass(named: "NSError"), .string("%@"), .string(ClassLibrary.kifWords(for: error)))
                    }
                    return false
                }
            }
        }
    }

    /// The `KIFPickerSearchOrder` passed as argument `index`, when the selector has one.
    func pickerSearchOrder(_ m: borrowing Message, at index: Int) throws -> PickerSearchOrder {
        guard m.selector.argumentCount > index else { return .forwardFromStart }
        guard let order = PickerSearchOrder(rawValue: m[index].intValue ?? -1) else {
            throw m.wrongArgument(index, expected: "a KIFPickerSearchOrder: KIFPickerSearchForwardFromStart, BackwardFromEnd, ForwardFromCurrentValue or BackwardFromCurrentValue")
        }
        return order
    }

    /// The row and section of the index path passed as argument `index`.
    func position(of m: borrowing Message, at index: Int) throws -> (row: Int, section: Int) {
        guard let path = try m.objectArgument(index) else { throw m.wrongArgument(index, expected: "an NSIndexPath, as in [NSIndexPath indexPathForRow:0 inSection:0]") }
        return (try m.send("row", to: path).intValue ?? 0, try m.send("section", to: path).intValue ?? 0)
    }

    /// The item and section of the index path passed as argument `index`.
    func itemPosition(of m: borrowing Message, at index: Int) throws -> (item: Int, section: Int) {
        guard let path = try m.objectArgument(index) else { throw m.wrongArgument(index, expected: "an NSIndexPath, as in [NSIndexPath indexPathForItem:0 inSection:0]") }
        return (try m.send("item", to: path).intValue ?? 0, try m.send("section", to: path).intValue ?? 0)
    }

    /// The view passed as argument `index` (the view KIF found an element in).
    func viewArgument(_ m: borrowing Message, _ index: Int) throws -> Object {
        guard let view = try m.objectArgument(index) else { throw m.wrongArgument(index, expected: "a view, as waitForAccessibilityElement:view:... gives one") }
        return view
    }

    /// The table or collection view passed as argument `index`.
    func listArgument(_ m: borrowing Message, _ index: Int) throws -> Object {
        guard let list = try m.objectArgument(index) else { throw m.wrongArgument(index, expected: "a UITableView or UICollectionView") }
        return list
    }

    /// `KIFUIViewTestActor` (`viewTester`): a view described step by step (`usingLabel:`,
    /// `usingIdentifier:`, `usingTraits:`, `usingValue:`), then a step on it.
    func defineKIFUIViewTestActor(actor: Class) throws {
        let library = unheld
        try runtime.registerLazyClass(named: "KIFUIViewTestActor", superclass: actor) { c in
            for (ivar, type) in [("_label", ObjCType.object(className: "NSString")), ("_identifier", .object(className: "NSString")),
                                 ("_value", .object(className: "NSString")), ("_traits", .integer(code: "Q")), ("_firstResponder", .bool)] {
                try c.addIvar(ivar, type: type)
            }
            for (selector, ivar, types) in [("usingLabel:", "_label", "@@:@"), ("usingIdentifier:", "_identifier", "@@:@"),
                                            ("usingValue:", "_value", "@@:@"), ("usingTraits:", "_traits", "@@:Q")] {
                try c.addMethod(selector, types: types) { m in
                    try m.setIvar(ivar, m[0])
                    return .object(m.receiver)
                }
            }
            try c.addMethod("usingFirstResponder", types: "@@:") { m in
                try m.setIvar("_firstResponder", true)
                return .object(m.receiver)
            }
            // The frame a view has now is all rtsh knows of one: nothing more to wait for.
            try c.addMethod("usingCurrentFrame", types: "@@:") { m in .object(m.receiver) }
            func step(_ selector: String, _ types: String, _ body: @escaping @Sendable (borrowing Message, ViewQuery, Double?) throws -> Value) throws {
                try c.addMethod(selector, types: types) { m in
                    let query = try library.viewTesterQuery(m)
                    return try library.kifStep(m) { try body(m, query, $0) }
                }
            }
            // A picker step on a view tester described by nothing works on the picker on screen.
            func pickerStep(_ selector: String, _ types: String, _ body: @escaping @Sendable (borrowing Message, ViewQuery?, Double?) throws -> Value) throws {
                try c.addMethod(selector, types: types) { m in
                    let query = try library.viewTesterDescribesAView(m) ? try library.viewTesterQuery(m) : nil
                    return try library.kifStep(m) { try body(m, query, $0) }
                }
            }
            try step("waitForView", "@@:") { _, query, timeout in .object(try library.waitForView(query, timeout: timeout)) }
            try step("waitForTappableView", "@@:") { _, query, timeout in .object(try library.waitForView(query, tappable: true, timeout: timeout)) }
            try step("waitToBecomeTappable", "v@:") { _, query, timeout in
                try library.waitForView(query, tappable: true, timeout: timeout)
                return .nil
            }
            try step("waitForAbsenceOfView", "v@:") { _, query, timeout in
                try library.waitForAbsence(of: query, timeout: timeout)
                return .nil
            }
            try step("waitToBecomeFirstResponder", "v@:") { _, query, timeout in
                try library.waitForFirstResponder(query, timeout: timeout)
                return .nil
            }
            try step("tap", "v@:") { _, query, timeout in
                try library.tap(query, timeout: timeout)
                return .nil
            }
            try step("enterText:", "v@:@") { m, query, timeout in
                try library.enterText(try m.stringArgument(0), into: query, timeout: timeout)
                return .nil
            }
            try step("enterText:expectedResult:", "v@:@@") { m, query, timeout in
                try library.enterText(try m.stringArgument(0), into: query, expected: try m.optionalStringArgument(1), timeout: timeout)
                return .nil
            }
            try step("clearText", "v@:") { _, query, timeout in
                try library.clearText(from: query, timeout: timeout)
                return .nil
            }
            // The text set at once, as KIF's `setText:` sets it, without typing.
            try step("setText:", "v@:@") { m, query, timeout in
                let view = try library.waitForView(query, timeout: timeout)
                try library.runtime.send("setText:", to: view, m[0])
                return .nil
            }
            try step("clearAndEnterText:", "v@:@") { m, query, timeout in
                try library.clearText(from: query, thenEnter: try m.stringArgument(0), timeout: timeout)
                return .nil
            }
            try step("setSwitchOn:", "v@:B") { m, query, timeout in
                try library.setSwitch(query, on: m[0].isTruthy, timeout: timeout)
                return .nil
            }
            try step("setSliderValue:", "v@:f") { m, query, timeout in
                try library.setSlider(query, to: try m.numberArgument(0), timeout: timeout)
                return .nil
            }
            try step("swipeInDirection:", "v@:Q") { m, query, timeout in
                guard let direction = SwipeDirection(kifValue: m[0].intValue ?? -1) else {
                    throw m.wrongArgument(0, expected: "a KIFSwipeDirection: KIFSwipeDirectionRight, Left, Up or Down")
                }
                try library.swipe(query, direction, timeout: timeout)
                return .nil
            }
            try step("longPressWithDuration:", "v@:d") { m, query, timeout in
                try library.longPress(query, duration: try m.numberArgument(0), timeout: timeout)
                return .nil
            }
            // The picker the view tester describes.
            for (selector, types) in [("selectPickerViewRowWithTitle:", "v@:@"), ("selectPickerViewRowWithTitle:inComponent:", "v@:@q")] {
                try pickerStep(selector, types) { m, query, timeout in
                    let component = m.selector.argumentCount > 1 ? try m.integerArgument(1) : 0
                    try library.selectPickerRow(titled: try m.stringArgument(0), inComponent: component, of: query, timeout: timeout)
                    return .nil
                }
            }
            try step("pullToRefresh", "v@:") { _, query, timeout in
                try library.pullToRefresh(query, timeout: timeout)
                return .nil
            }
            try step("pullToRefreshWithDuration:", "v@:Q") { _, query, timeout in
                try library.pullToRefresh(query, timeout: timeout)
                return .nil
            }
            // The date picker the view tester describes, or the input view of its field.
            try pickerStep("selectDatePickerValue:", "v@:@") { m, query, timeout in
                try library.selectDatePickerValue(try m.arrayArgument(0).map { $0.text ?? "\($0)" }, of: query, timeout: timeout)
                return .nil
            }
            try pickerStep("selectDatePickerDate:", "v@:@") { m, query, timeout in
                try library.selectDate(try ClassLibrary.dateArgument(m, 0), of: query, timeout: timeout)
                return .nil
            }
            try pickerStep("selectCountdownTimerDatePickerHours:minutes:", "v@:qq") { m, query, timeout in
                try library.selectDatePickerValue(["\(try m.integerArgument(0))", "\(try m.integerArgument(1))"], of: query, timeout: timeout)
                return .nil
            }
            // The cells of the list the view tester describes.
            try step("waitForCellInTableViewAtIndexPath:", "@@:@") { m, query, timeout in
                let (row, section) = try library.position(of: m, at: 0)
                return .object(try library.cell(atRow: row, section: section, inTable: query, timeout: timeout))
            }
            try step("tapRowInTableViewAtIndexPath:", "v@:@") { m, query, timeout in
                let (row, section) = try library.position(of: m, at: 0)
                try library.tapRow(row, section: section, inTable: query, timeout: timeout)
                return .nil
            }
            try step("moveRowInTableViewAtIndexPath:toIndexPath:", "v@:@@") { m, query, timeout in
                try library.moveRow(from: try library.position(of: m, at: 0), to: try library.position(of: m, at: 1), inTable: query, timeout: timeout)
                return .nil
            }
            try step("waitForCellInCollectionViewAtIndexPath:", "@@:@") { m, query, timeout in
                let (item, section) = try library.itemPosition(of: m, at: 0)
                return .object(try library.cell(atItem: item, section: section, inCollection: query, timeout: timeout))
            }
            try step("tapCollectionViewItemAtIndexPath:", "v@:@") { m, query, timeout in
                let (item, section) = try library.itemPosition(of: m, at: 0)
                try library.tapItem(item, section: section, inCollection: query, timeout: timeout)
                return .nil
            }
            try c.addMethod("tryFindingView", types: "B@:") { m in
                if case .found = try library.look(for: try library.viewTesterQuery(m), scrolling: true) { return true }
                return false
            }
        }
    }

    /// Whether the `viewTester` has been told anything to look for.
    func viewTesterDescribesAView(_ m: borrowing Message) throws -> Bool {
        for ivar in ["_identifier", "_label", "_value"] where try m.ivar(ivar) != .nil { return true }
        if try m.ivar("_firstResponder").isTruthy { return true }
        return try m.ivar("_traits").intValue ?? 0 != 0
    }

    /// What a `viewTester` has been told to look for.
    private func viewTesterQuery(_ m: borrowing Message) throws -> ViewQuery {
        let traits = try m.ivar("_traits").intValue ?? 0
        let value: String? = if case .string(let text) = try m.ivar("_value") { text } else { nil }
        if case .string(let identifier) = try m.ivar("_identifier") { return ViewQuery(.identifier(identifier), value: value, traits: traits) }
        if try m.ivar("_firstResponder").isTruthy { return ViewQuery(.firstResponder, value: value, traits: traits) }
        if case .string(let label) = try m.ivar("_label") { return .label(label, value: value, traits: traits) }
        // A value or traits alone pick any view that has them.
        if value != nil || traits != 0 { return ViewQuery(.any, value: value, traits: traits) }
        throw ClassLibraryError.wrongArgument(
            method: "KIFUIViewTestActor", expected: "a view described with usingLabel:, usingIdentifier:, usingValue:, usingTraits: or usingFirstResponder first",
            got: "none")
    }
}
