import Runtime

/// The steps on a list's cells by position, a table's rows and a collection view's items,
/// as KIF's `waitForCellAtIndexPath:...` and `tapItemAtIndexPath:...` take them.
extension ClassLibrary {
    /// Which of UIKit's lists a step is on: the selectors it is asked and the words of its failure.
    struct ListKind {
        let className, count, pathMaker, cell: String
        let isTable: Bool

        static let table = ListKind(
            className: "UITableView", count: "numberOfRowsInSection:", pathMaker: "indexPathForRow:inSection:",
            cell: "cellForRowAtIndexPath:", isTable: true)
        static let collection = ListKind(
            className: "UICollectionView", count: "numberOfItemsInSection:", pathMaker: "indexPathForItem:inSection:",
            cell: "cellForItemAtIndexPath:", isTable: false)
    }

    /// The cell at `row` of `section` in the table matching `query`, scrolled into view: what
    /// KIF's `waitForCellAtIndexPath:inTableViewWithAccessibilityIdentifier:` gives. A
    /// negative row or section counts from the end, as KIF's do (-1 is the last).
    public func cell(atRow row: Int, section: Int, inTable query: ViewQuery, timeout: Double? = nil) throws -> Object {
        let table = try waitForView(query, timeout: timeout)
        return try cell(at: try position(row, section, in: table, .table, query), in: table, .table, query)
    }

    /// The cell at `item` of `section` in the collection view matching `query`, scrolled
    /// into view; a negative item or section counts from the end.
    public func cell(atItem item: Int, section: Int, inCollection query: ViewQuery, timeout: Double? = nil) throws -> Object {
        let collection = try waitForView(query, timeout: timeout)
        return try cell(at: try position(item, section, in: collection, .collection, query), in: collection, .collection, query)
    }

    /// The cell at `row` of `section` in `table` itself, as KIF's `…inTableView:` forms take the view.
    public func cell(atRow row: Int, section: Int, in table: Object) throws -> Object {
        try cell(at: try position(row, section, in: table, .table, nil), in: table, .table, nil)
    }

    /// The cell at `item` of `section` in `collection` itself.
    public func cell(atItem item: Int, section: Int, in collection: Object) throws -> Object {
        try cell(at: try position(item, section, in: collection, .collection, nil), in: collection, .collection, nil)
    }

    /// Taps the item at `item` of `section` in the collection view matching `query`, as a
    /// touch selects one: the delegate may refuse it (`collectionView:shouldSelectItemAtIndexPath:`),
    /// the item is selected, and the delegate hears `collectionView:didSelectItemAtIndexPath:`.
    public func tapItem(_ item: Int, section: Int, inCollection query: ViewQuery, timeout: Double? = nil) throws {
        let collection = try waitForView(query, timeout: timeout)
        try tapItem(at: try position(item, section, in: collection, .collection, query), in: collection, query)
    }

    /// Taps the item at `item` of `section` in `collection` itself.
    public func tapItem(_ item: Int, section: Int, in collection: Object) throws {
        try tapItem(at: try position(item, section, in: collection, .collection, nil), in: collection, nil)
    }

    /// Taps the row at `row` of `section` in `table` itself, as a touch selects it.
    public func tapRow(_ row: Int, section: Int, in table: Object) throws {
        let path = try position(row, section, in: table, .table, nil)
        _ = try cell(at: path, in: table, .table, nil)
        try selectRow(at: path, in: table)
    }

    /// Drags the row at `from` to `to` in the table matching `query`, as a user drags its
    /// reorder control in edit mode: the data source must take moves
    /// (`tableView:moveRowAtIndexPath:toIndexPath:`) and may refuse this row
    /// (`tableView:canMoveRowAtIndexPath:`), the delegate may redirect it
    /// (`tableView:targetIndexPathForMoveFromRowAtIndexPath:toProposedIndexPath:`), and the
    /// data source is told before the row moves on screen. Negative rows count from the end.
    public func moveRow(
        from: (row: Int, section: Int), to: (row: Int, section: Int), inTable query: ViewQuery, timeout: Double? = nil
    ) throws {
        let table = try waitForView(query, timeout: timeout)
        let source = try position(from.row, from.section, in: table, .table, query)
        var destination = try position(to.row, to.section, in: table, .table, query)
        let dataSource = try runtime.send("dataSource", to: table).object
        guard try responds(dataSource, to: "tableView:moveRowAtIndexPath:toIndexPath:") else {
            throw try failure(query, .cannotMoveRows(table))
        }
        if try responds(dataSource, to: "tableView:canMoveRowAtIndexPath:"),
           !(try runtime.send("tableView:canMoveRowAtIndexPath:", to: dataSource, .object(table), .object(source))).isTruthy {
            throw try failure(query, .cannotMoveRows(table))
        }
        let delegate = try runtime.send("delegate", to: table).object
        if try responds(delegate, to: "tableView:targetIndexPathForMoveFromRowAtIndexPath:toProposedIndexPath:"),
           let redirected = try runtime.send(
               "tableView:targetIndexPathForMoveFromRowAtIndexPath:toProposedIndexPath:", to: delegate, .object(table), .object(source),
               .object(destination)).object {
            destination = redirected
        }
        try runtime.send("tableView:moveRowAtIndexPath:toIndexPath:", to: dataSource, .object(table), .object(source), .object(destination))
        try runtime.send("_moveShownRowAtIndexPath:toIndexPath:", to: table, .object(source), .object(destination))
    }

    private func tapItem(at path: Object, in collection: Object, _ query: ViewQuery?) throws {
        _ = try cell(at: path, in: collection, .collection, query)
        let delegate = try runtime.send("delegate", to: collection).object
        if try responds(delegate, to: "collectionView:shouldSelectItemAtIndexPath:"),
           !(try runtime.send("collectionView:shouldSelectItemAtIndexPath:", to: delegate, .object(collection), .object(path))).isTruthy {
            return
        }
        try runtime.send("selectItemAtIndexPath:animated:scrollPosition:", to: collection, .object(path), false, .int(0))
        if try responds(delegate, to: "collectionView:didSelectItemAtIndexPath:") {
            try runtime.send("collectionView:didSelectItemAtIndexPath:", to: delegate, .object(collection), .object(path))
        }
    }

    /// The index path of `index` in `section` of `list`, each counted from the end when
    /// negative; a failure naming what the list has when there is no such position.
    func position(_ index: Int, _ section: Int, in list: Object, _ kind: ListKind, _ query: ViewQuery?) throws -> Object {
        guard isKind(list, of: kind.className) else { throw try failure(query, .wrongKind(list, expected: kind.className)) }
        let sections = try runtime.send("numberOfSections", to: list).intValue ?? 0
        let counts = try (0..<sections).map { try runtime.send(kind.count, to: list, .int($0)).intValue ?? 0 }
        let resolvedSection = section < 0 ? sections + section : section
        let resolvedIndex = counts.indices.contains(resolvedSection) && index < 0 ? counts[resolvedSection] + index : index
        guard counts.indices.contains(resolvedSection), (0..<counts[resolvedSection]).contains(resolvedIndex) else {
            throw try failure(query, kind.isTable
                ? .noSuchRow(section: section, row: index, rowCounts: counts)
                : .noSuchItem(section: section, item: index, itemCounts: counts))
        }
        guard let path = try runtime.send(kind.pathMaker, to: runtime.requireClass(named: "NSIndexPath"), .int(resolvedIndex), .int(resolvedSection)).object else {
            throw try failure(query, .wrongKind(list, expected: kind.className))
        }
        return path
    }

    /// The list's cell at `path`, scrolled into view first so that the list has made it.
    func cell(at path: Object, in list: Object, _ kind: ListKind, _ query: ViewQuery?) throws -> Object {
        if kind.isTable {
            try runtime.send("scrollToRowAtIndexPath:atScrollPosition:animated:", to: list, .object(path), .int(0), false)
        } else if let frame = Geometry.rectNumbers(of: try runtime.send(
            "frame", to: try runtime.send("layoutAttributesForItemAtIndexPath:", to: list, .object(path)).object)) {
            try scroll(list, toShow: frame)
        }
        try runtime.send("layoutIfNeeded", to: list)
        guard let cell = try runtime.send(kind.cell, to: list, .object(path)).object else {
            throw try failure(query, .cellNotShown(list))
        }
        return cell
    }
}
