import Runtime
import Synchronization
import Testing
import UIKitModel

@Suite("Table views")
struct TableViewTests {
    /// A data source with `rows` rows in one section, each cell dequeued for "Cell" and
    /// titled "Row N"; it logs what it is asked.
    func dataSource(_ library: ClassLibrary, rows: Rows, log: Log) throws -> Object {
        let runtime = library.runtime
        let cls = try runtime.registerClass(named: "MMRows", superclass: runtime.requireClass(named: "NSObject")) { c in
            try c.addMethod("tableView:numberOfRowsInSection:", types: "q@:@q") { m in
                log.append("rows \(m[1])")
                return .int(rows.count)
            }
            try c.addMethod("tableView:cellForRowAtIndexPath:", types: "@@:@@") { m in
                let row = try m.send("row", to: m[1].object)
                log.append("cell \(row)")
                let cell = try m.send("dequeueReusableCellWithIdentifier:forIndexPath:", to: m[0].object, "Cell", m[1])
                try m.send("setText:", to: try m.send("textLabel", to: cell.object).object, .string("Row \(row)"))
                return cell
            }
        }
        return try #require(try runtime.send("new", to: cls).object)
    }

    func table(_ runtime: Runtime) throws -> Object {
        let made = try runtime.send("alloc", to: runtime.requireClass(named: "UITableView"))
        let rect = try runtime.send("frame", to: try runtime.send("new", to: runtime.requireClass(named: "UIView")).object)
        return try #require(try runtime.send("initWithFrame:style:", to: made.object, rect, 0).object)
    }

    /// A table registering plain cells as "Cell", showing `source`'s rows.
    func loadedTable(_ runtime: Runtime, source: Object) throws -> Object {
        let table = try table(runtime)
        try runtime.send("registerClass:forCellReuseIdentifier:", to: table, .object(runtime.requireClass(named: "UITableViewCell")), "Cell")
        try runtime.send("setDataSource:", to: table, .object(source))
        try runtime.send("reloadData", to: table)
        return table
    }

    @Test func reloadDataAsksTheDataSourceForEveryRow() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let log = Log(), rows = Rows(3)
        let source = try dataSource(library, rows: rows, log: log)
        let table = try loadedTable(runtime, source: source)
        // No numberOfSectionsInTableView: means one section.
        #expect(log.take() == ["rows 0", "cell 0", "cell 1", "cell 2"])
        #expect(try runtime.send("numberOfSections", to: table) == 1)
        #expect(try runtime.send("numberOfRowsInSection:", to: table, 0) == 3)
        let cells = try runtime.send("visibleCells", to: table).arrayElementsForTest
        #expect(cells.count == 3)
        let path = try runtime.send("indexPathForRow:inSection:", to: runtime.requireClass(named: "NSIndexPath"), 1, 0)
        let second = try runtime.send("cellForRowAtIndexPath:", to: table, path)
        #expect(second == cells[1])
        #expect(try runtime.send("text", to: try runtime.send("textLabel", to: second.object).object) == "Row 1")
        #expect(try runtime.send("reuseIdentifier", to: second.object) == "Cell")
        #expect(try runtime.send("subviews", to: table).arrayElementsForTest.count == 3)
        #expect(try runtime.send("frame", to: second.object).description == "{{0, 44}, {0, 44}}")
    }

    @Test func dequeuingReusesCellsAndMakesRegisteredOnes() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let log = Log()
        let cellClass = try runtime.registerClass(named: "MMCell", superclass: runtime.requireClass(named: "UITableViewCell")) { c in
            try c.addMethod("prepareForReuse", types: "v@:") { m in
                log.append("prepare \(m.receiver)")
                return try m.sendSuper()
            }
        }
        let table = try table(runtime)
        #expect(try runtime.send("dequeueReusableCellWithIdentifier:", to: table, "Cell") == .nil)
        #expect(throws: ClassLibraryError.self) {
            try runtime.send("dequeueReusableCellWithIdentifier:forIndexPath:", to: table, "Cell", .nil)
        }
        try runtime.send("registerClass:forCellReuseIdentifier:", to: table, .object(cellClass), "Cell")
        let made = try #require(try runtime.send("dequeueReusableCellWithIdentifier:", to: table, "Cell").object)
        #expect(made.isa === cellClass)
        #expect(try runtime.send("style", to: made) == 0)
        // Cells shown go to the reuse queue on reload, and come back prepared.
        let rows = Rows(2)
        let source = try dataSource(library, rows: rows, log: Log())
        try runtime.send("setDataSource:", to: table, .object(source))
        try runtime.send("reloadData", to: table)
        let first = try runtime.send("visibleCells", to: table).arrayElementsForTest
        _ = log.take()
        try runtime.send("reloadData", to: table)
        #expect(log.take().count == 2)
        #expect(try runtime.send("visibleCells", to: table).arrayElementsForTest == first)
    }

    @Test func updatesReAskTheDataSourceAndCheckItsCounts() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let log = Log(), rows = Rows(2)
        let source = try dataSource(library, rows: rows, log: log)
        let table = try loadedTable(runtime, source: source)
        let indexPath = try runtime.requireClass(named: "NSIndexPath")
        let third = try runtime.send("indexPathForRow:inSection:", to: indexPath, 2, 0)
        rows.count = 3
        _ = log.take()
        try runtime.send("beginUpdates", to: table)
        try runtime.send("insertRowsAtIndexPaths:withRowAnimation:", to: table, [third], 0)
        #expect(log.take().isEmpty)
        try runtime.send("endUpdates", to: table)
        #expect(log.take() == ["rows 0", "cell 0", "cell 1", "cell 2"])
        #expect(try runtime.send("numberOfRowsInSection:", to: table, 0) == 3)
        // A deletion the data source does not reflect raises, as UIKit's does.
        let error = #expect(throws: ClassLibraryError.self) {
            try runtime.send("deleteRowsAtIndexPaths:withRowAnimation:", to: table, [third], 0)
        }
        #expect(error?.description.contains("invalid number of rows in section 0") == true)
    }

    @Test func sectionsAreReloadedByAnIndexSet() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let log = Log(), rows = Rows(2)
        let source = try dataSource(library, rows: rows, log: log)
        let table = try loadedTable(runtime, source: source)
        _ = log.take()
        let sections = try runtime.send("indexSetWithIndex:", to: runtime.requireClass(named: "NSIndexSet"), 0)
        try runtime.send("reloadSections:withRowAnimation:", to: table, sections, 0)
        #expect(log.take() == ["rows 0", "cell 0", "cell 1"])
        #expect(throws: ClassLibraryError.wrongArgument(method: "-[UITableView reloadSections:withRowAnimation:]", expected: "an NSIndexSet as argument 1", got: "an array")) {
            try runtime.send("reloadSections:withRowAnimation:", to: table, [0], 0)
        }
    }

    @Test func selectionAndEditing() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let rows = Rows(2)
        let source = try dataSource(library, rows: rows, log: Log())
        let table = try loadedTable(runtime, source: source)
        let path = try runtime.send("indexPathForRow:inSection:", to: runtime.requireClass(named: "NSIndexPath"), 1, 0)
        #expect(try runtime.send("indexPathForSelectedRow", to: table) == .nil)
        try runtime.send("selectRowAtIndexPath:animated:scrollPosition:", to: table, path, false, 0)
        #expect(try runtime.send("isEqual:", to: try runtime.send("indexPathForSelectedRow", to: table).object, path) == true)
        let cell = try runtime.send("cellForRowAtIndexPath:", to: table, path)
        #expect(try runtime.send("isSelected", to: cell.object) == true)
        try runtime.send("deselectRowAtIndexPath:animated:", to: table, path, false)
        #expect(try runtime.send("indexPathForSelectedRow", to: table) == .nil)
        #expect(try runtime.send("isSelected", to: cell.object) == false)
        try runtime.send("setEditing:animated:", to: table, true, true)
        #expect(try runtime.send("isEditing", to: table) == true)
    }

    @Test func aTableViewControllerFeedsItsTableWhenItFirstAppears() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let log = Log()
        let cls = try runtime.registerClass(named: "MMList", superclass: runtime.requireClass(named: "UITableViewController")) { c in
            try c.addMethod("numberOfSectionsInTableView:", types: "q@:@") { _ in log.append("sections"); return .int(2) }
            try c.addMethod("tableView:numberOfRowsInSection:", types: "q@:@q") { m in log.append("rows \(m[1])"); return .int(1) }
            try c.addMethod("tableView:cellForRowAtIndexPath:", types: "@@:@@") { m in
                let cell = try m.send("alloc", to: m.runtime.requireClass(named: "UITableViewCell"))
                return try m.send("initWithStyle:reuseIdentifier:", to: cell.object, 1, "Cell")
            }
        }
        let made = try runtime.send("alloc", to: cls)
        let controller = try #require(try runtime.send("initWithStyle:", to: made.object, 1).object)
        let table = try #require(try runtime.send("tableView", to: controller).object)
        #expect(try runtime.send("view", to: controller) == .object(table))
        #expect(try runtime.send("style", to: table) == 1)
        #expect(try runtime.send("dataSource", to: table) == .object(controller))
        #expect(try runtime.send("delegate", to: table) == .object(controller))
        #expect(log.take().isEmpty)
        try library.showInKeyWindow(controller)
        #expect(log.take() == ["sections", "rows 0", "rows 1"])
        #expect(try runtime.send("visibleCells", to: table).arrayElementsForTest.count == 2)
        try runtime.send("setEditing:animated:", to: controller, true, false)
        #expect(try runtime.send("isEditing", to: table) == true)
    }

    @Test func cellsHaveTheirSubviewsAndHooks() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let made = try runtime.send("alloc", to: runtime.requireClass(named: "UITableViewCell"))
        let plain = try #require(try runtime.send("initWithStyle:reuseIdentifier:", to: made.object, 0, "A").object)
        #expect(try runtime.send("detailTextLabel", to: plain) == .nil)
        let label = try #require(try runtime.send("textLabel", to: plain).object)
        let content = try #require(try runtime.send("contentView", to: plain).object)
        #expect(try runtime.send("superview", to: label) == .object(content))
        #expect(try runtime.send("superview", to: content) == .object(plain))
        #expect(try runtime.send("imageView", to: plain).object != nil)
        #expect(try runtime.send("selectionStyle", to: plain) == 3)
        let subtitle = try runtime.send("initWithStyle:reuseIdentifier:", to: try runtime.send("alloc", to: plain.isa).object, 3, "B")
        #expect(try runtime.send("detailTextLabel", to: subtitle.object).object != nil)
        try runtime.send("setSelected:", to: plain, true)
        try runtime.send("setHighlighted:animated:", to: plain, true, false)
        #expect(try runtime.send("isSelected", to: plain) == true && (try runtime.send("isHighlighted", to: plain)) == true)
        try runtime.send("prepareForReuse", to: plain)
        #expect(try runtime.send("frame", to: plain).description == "{{0, 0}, {320, 44}}")
    }
}

extension Value {
    var arrayElementsForTest: [Value] {
        if case .array(let elements) = self { elements } else { [] }
    }
}

/// A row count a test changes while a data source reads it.
final class Rows: Sendable {
    private let state: Mutex<Int>
    init(_ count: Int) { state = Mutex(count) }
    var count: Int {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }
}
