import Runtime
import Testing
import UIKitModel

@Suite("Collection views")
struct CollectionViewTests {
    /// A data source with `items` items in one section, each cell dequeued for "Cell"; it
    /// logs what it is asked.
    func dataSource(_ runtime: Runtime, items: Rows, log: Log) throws -> Object {
        let cls = try runtime.registerClass(named: "MMItems", superclass: runtime.requireClass(named: "NSObject")) { c in
            try c.addMethod("collectionView:numberOfItemsInSection:", types: "q@:@q") { m in
                log.append("items \(m[1])")
                return .int(items.count)
            }
            try c.addMethod("collectionView:cellForItemAtIndexPath:", types: "@@:@@") { m in
                log.append("cell \(try m.send("item", to: m[1].object))")
                return try m.send("dequeueReusableCellWithReuseIdentifier:forIndexPath:", to: m[0].object, "Cell", m[1])
            }
        }
        return try #require(try runtime.send("new", to: cls).object)
    }

    /// A 320-point-wide collection view with a new flow layout.
    func collectionView(_ runtime: Runtime) throws -> Object {
        let layout = try runtime.send("new", to: runtime.requireClass(named: "UICollectionViewFlowLayout"))
        let made = try runtime.send("alloc", to: runtime.requireClass(named: "UICollectionView"))
        return try #require(try runtime.send("initWithFrame:collectionViewLayout:", to: made.object, rect(0, 0, 320, 480), layout).object)
    }

    /// A collection view that has loaded the items of `source` in plain cells registered for "Cell".
    func loadedCollectionView(_ runtime: Runtime, source: Object) throws -> Object {
        let view = try collectionView(runtime)
        try runtime.send("registerClass:forCellWithReuseIdentifier:", to: view, .object(runtime.requireClass(named: "UICollectionViewCell")), "Cell")
        try runtime.send("setDataSource:", to: view, .object(source))
        try runtime.send("reloadData", to: view)
        return view
    }

    func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Value {
        .structure(StructValue(name: "CGRect", fieldNames: ["origin", "size"], fields: [
            .structure(StructValue(name: "CGPoint", fieldNames: ["x", "y"], fields: [.double(x), .double(y)])), size(width, height),
        ]))
    }

    func size(_ width: Double, _ height: Double) -> Value {
        .structure(StructValue(name: "CGSize", fieldNames: ["width", "height"], fields: [.double(width), .double(height)]))
    }

    func indexPath(_ runtime: Runtime, item: Int, section: Int = 0) throws -> Value {
        try runtime.send("indexPathForItem:inSection:", to: runtime.requireClass(named: "NSIndexPath"), .int(item), .int(section))
    }

    @Test func aCollectionViewNeedsALayout() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let cls = try runtime.requireClass(named: "UICollectionView")
        let error = #expect(throws: ClassLibraryError.self) { try runtime.send("new", to: cls) }
        #expect(error?.description == "NSInvalidArgumentException in -[UICollectionView initWithFrame:collectionViewLayout:]: UICollectionView must be initialized with a non-nil layout parameter")
        let view = try collectionView(runtime)
        let layout = try #require(try runtime.send("collectionViewLayout", to: view).object)
        #expect(try runtime.send("collectionView", to: layout) == .object(view))
        // A new layout points back instead, and the old one no longer does.
        let other = try runtime.send("new", to: runtime.requireClass(named: "UICollectionViewFlowLayout"))
        try runtime.send("setCollectionViewLayout:", to: view, other)
        #expect(try runtime.send("collectionView", to: other.object) == .object(view))
        #expect(try runtime.send("collectionView", to: layout) == .nil)
        #expect(throws: ClassLibraryError.self) { try runtime.send("setCollectionViewLayout:", to: view, .nil) }
        #expect(throws: ClassLibraryError.self) { try runtime.send("setCollectionViewLayout:", to: view, "grid") }
    }

    @Test func aFlowLayoutHasUIKitsDefaults() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let layout = try #require(try runtime.send("new", to: runtime.requireClass(named: "UICollectionViewFlowLayout")).object)
        #expect(try runtime.send("itemSize", to: layout).description == "{50, 50}")
        #expect(try runtime.send("estimatedItemSize", to: layout).description == "{0, 0}")
        #expect(try runtime.send("minimumLineSpacing", to: layout) == .double(10))
        #expect(try runtime.send("minimumInteritemSpacing", to: layout) == .double(10))
        #expect(try runtime.send("sectionInset", to: layout).description == "{0, 0, 0, 0}")
        #expect(try runtime.send("headerReferenceSize", to: layout).description == "{0, 0}")
        #expect(try runtime.send("scrollDirection", to: layout) == 0)
        #expect(try runtime.send("collectionView", to: layout) == .nil)
        #expect(try runtime.send("collectionViewContentSize", to: layout).description == "{0, 0}")
    }

    @Test func reloadDataAsksTheDataSourceAndTheLayoutPlacesTheCells() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let log = Log(), items = Rows(7)
        let source = try dataSource(runtime, items: items, log: log)
        let view = try loadedCollectionView(runtime, source: source)
        #expect(log.take() == ["items 0"] + (0..<7).map { "cell \($0)" })
        #expect(try runtime.send("numberOfSections", to: view) == 1)
        #expect(try runtime.send("numberOfItemsInSection:", to: view, 0) == 7)
        #expect(throws: ClassLibraryError.self) { try runtime.send("numberOfItemsInSection:", to: view, 1) }
        let cells = try runtime.send("visibleCells", to: view).arrayElementsForTest
        #expect(cells.count == 7)
        #expect(try runtime.send("indexPathsForVisibleItems", to: view).arrayElementsForTest.count == 7)
        let sixth = try runtime.send("cellForItemAtIndexPath:", to: view, try indexPath(runtime, item: 5))
        #expect(sixth == cells[5])
        #expect(try runtime.send("item", to: try runtime.send("indexPathForCell:", to: view, sixth).object) == 5)
        #expect(try runtime.send("reuseIdentifier", to: sixth.object) == "Cell")
        // Five 50-point items fit across 320 points, spread to fill the line; the rest wrap.
        #expect(try runtime.send("frame", to: cells[0].object).description == "{{0, 0}, {50, 50}}")
        #expect(try runtime.send("frame", to: cells[1].object).description == "{{67.5, 0}, {50, 50}}")
        #expect(try runtime.send("frame", to: cells[5].object).description == "{{0, 60}, {50, 50}}")
        #expect(try runtime.send("frame", to: cells[6].object).description == "{{270, 60}, {50, 50}}")
        #expect(try runtime.send("contentSize", to: view).description == "{320, 110}")
        #expect(try runtime.send("superview", to: cells[0].object) == .object(view))
    }

    @Test func dequeuingReusesCellsPreparedAndRefusesUnregisteredIdentifiers() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let log = Log()
        let cellClass = try runtime.registerClass(named: "MMTile", superclass: runtime.requireClass(named: "UICollectionViewCell")) { c in
            try c.addMethod("prepareForReuse", types: "v@:") { m in
                log.append("prepare")
                return try m.sendSuper()
            }
        }
        let view = try collectionView(runtime)
        let first = try indexPath(runtime, item: 0)
        let error = #expect(throws: RaisedNSException.self) {
            try runtime.send("dequeueReusableCellWithReuseIdentifier:forIndexPath:", to: view, "Cell", first)
        }
        #expect(error?.name == "NSInternalInconsistencyException")
        #expect(error?.reason == "could not dequeue a view of kind: UICollectionElementKindCell with identifier Cell - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
        #expect(throws: ClassLibraryError.self) {
            try runtime.send("registerClass:forCellWithReuseIdentifier:", to: view, .object(runtime.requireClass(named: "UIView")), "Cell")
        }
        try runtime.send("registerClass:forCellWithReuseIdentifier:", to: view, .object(cellClass), "Cell")
        let made = try #require(try runtime.send("dequeueReusableCellWithReuseIdentifier:forIndexPath:", to: view, "Cell", first).object)
        #expect(made.isa === cellClass)
        #expect(try runtime.send("reuseIdentifier", to: made) == "Cell")
        // What is registered as a nib but is none makes plain cells.
        let nib = try runtime.send("new", to: runtime.requireClass(named: "NSObject"))
        try runtime.send("registerNib:forCellWithReuseIdentifier:", to: view, nib, "Nib")
        let fromNib = try #require(try runtime.send("dequeueReusableCellWithReuseIdentifier:forIndexPath:", to: view, "Nib", first).object)
        #expect(fromNib.isa.name == "UICollectionViewCell")
        // Cells shown go to the reuse queue on reload, and come back prepared.
        let source = try dataSource(runtime, items: Rows(3), log: Log())
        try runtime.send("setDataSource:", to: view, .object(source))
        try runtime.send("reloadData", to: view)
        let shown = try runtime.send("visibleCells", to: view).arrayElementsForTest
        #expect(log.take().isEmpty)
        try runtime.send("reloadData", to: view)
        #expect(log.take() == ["prepare", "prepare", "prepare"])
        #expect(try runtime.send("visibleCells", to: view).arrayElementsForTest == shown)
    }

    @Test func aCellTheCollectionViewDidNotDequeueRaises() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let cls = try runtime.registerClass(named: "MMMadeByHand", superclass: runtime.requireClass(named: "NSObject")) { c in
            try c.addMethod("collectionView:numberOfItemsInSection:", types: "q@:@q") { _ in .int(1) }
            try c.addMethod("collectionView:cellForItemAtIndexPath:", types: "@@:@@") { m in
                try m.send("new", to: m.runtime.requireClass(named: "UICollectionViewCell"))
            }
        }
        let view = try collectionView(runtime)
        // Held here, as the collection view holds its data source weakly.
        let source = try runtime.send("new", to: cls)
        try runtime.send("setDataSource:", to: view, source)
        let error = #expect(throws: RaisedNSException.self) { try runtime.send("reloadData", to: view) }
        #expect(error?.reason?.hasPrefix("the cell returned from -collectionView:cellForItemAtIndexPath: does not have a reuseIdentifier") == true)
    }

    @Test func selectionInCodeTellsNoDelegate() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let log = Log()
        let source = try dataSource(runtime, items: Rows(3), log: Log())
        let view = try loadedCollectionView(runtime, source: source)
        let delegateClass = try runtime.registerClass(named: "MMChooser", superclass: runtime.requireClass(named: "NSObject")) { c in
            try c.addMethod("collectionView:didSelectItemAtIndexPath:", types: "v@:@@") { _ in log.append("did select"); return .nil }
        }
        let delegate = try runtime.send("new", to: delegateClass)
        try runtime.send("setDelegate:", to: view, delegate)
        #expect(try runtime.send("indexPathsForSelectedItems", to: view).arrayElementsForTest.isEmpty)
        let first = try indexPath(runtime, item: 0), second = try indexPath(runtime, item: 1)
        try runtime.send("selectItemAtIndexPath:animated:scrollPosition:", to: view, first, false, 0)
        try runtime.send("selectItemAtIndexPath:animated:scrollPosition:", to: view, second, false, 0)
        // One at a time unless allowsMultipleSelection.
        #expect(try runtime.send("indexPathsForSelectedItems", to: view).arrayElementsForTest == [second])
        #expect(try runtime.send("isSelected", to: try runtime.send("cellForItemAtIndexPath:", to: view, second).object) == true)
        #expect(try runtime.send("isSelected", to: try runtime.send("cellForItemAtIndexPath:", to: view, first).object) == false)
        try runtime.send("setAllowsMultipleSelection:", to: view, true)
        try runtime.send("selectItemAtIndexPath:animated:scrollPosition:", to: view, first, false, 0)
        #expect(try runtime.send("indexPathsForSelectedItems", to: view).arrayElementsForTest.count == 2)
        try runtime.send("deselectItemAtIndexPath:animated:", to: view, second, false)
        #expect(try runtime.send("indexPathsForSelectedItems", to: view).arrayElementsForTest == [first])
        // With selection off, selecting in code does nothing.
        try runtime.send("setAllowsSelection:", to: view, false)
        try runtime.send("selectItemAtIndexPath:animated:scrollPosition:", to: view, second, false, 0)
        #expect(try runtime.send("indexPathsForSelectedItems", to: view).arrayElementsForTest == [first])
        #expect(log.take().isEmpty)
    }

    @Test func scrollingToAnItemKeepsTheOffsetWithinTheContent() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let source = try dataSource(runtime, items: Rows(60), log: Log())
        let view = try loadedCollectionView(runtime, source: source)
        // Twelve lines of five: 12 × 50 + 11 × 10 points.
        #expect(try runtime.send("contentSize", to: view).description == "{320, 710}")
        let bottom = 1 << 2, top = 1 << 0
        try runtime.send("scrollToItemAtIndexPath:atScrollPosition:animated:", to: view, try indexPath(runtime, item: 59), .int(bottom), false)
        #expect(try runtime.send("contentOffset", to: view).description == "{0, 230}")
        // The last line cannot come to the top: the offset stops where the content ends.
        try runtime.send("scrollToItemAtIndexPath:atScrollPosition:animated:", to: view, try indexPath(runtime, item: 59), .int(top), false)
        #expect(try runtime.send("contentOffset", to: view).description == "{0, 230}")
        try runtime.send("selectItemAtIndexPath:animated:scrollPosition:", to: view, try indexPath(runtime, item: 6), false, .int(top))
        #expect(try runtime.send("contentOffset", to: view).description == "{0, 60}")
        let error = #expect(throws: ClassLibraryError.self) {
            try runtime.send("scrollToItemAtIndexPath:atScrollPosition:animated:", to: view, try indexPath(runtime, item: 60), .int(top), false)
        }
        #expect(error?.description.contains("attempt to scroll to invalid index path") == true)
    }

    @Test func batchUpdatesReAskTheDataSourceAndCheckItsCounts() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let log = Log(), items = Rows(2)
        let source = try dataSource(runtime, items: items, log: log)
        let view = try loadedCollectionView(runtime, source: source)
        _ = log.take()
        items.count = 3
        let third = try indexPath(runtime, item: 2)
        let finished = Log()
        let updates = Block(parameterCount: 0) { _ in
            try runtime.send("insertItemsAtIndexPaths:", to: view, [third])
            log.append("inserted")
            return .nil
        }
        let completion = Block(parameterCount: 1) { arguments in
            finished.append("finished \(arguments[0])")
            return .nil
        }
        try runtime.send("performBatchUpdates:completion:", to: view, .block(updates), .block(completion))
        #expect(log.take() == ["inserted", "items 0", "cell 0", "cell 1", "cell 2"])
        #expect(finished.take() == ["finished YES"])
        #expect(try runtime.send("numberOfItemsInSection:", to: view, 0) == 3)
        // A move keeps the count; a deletion the data source does not reflect raises.
        try runtime.send("moveItemAtIndexPath:toIndexPath:", to: view, third, try indexPath(runtime, item: 0))
        let error = #expect(throws: RaisedNSException.self) {
            try runtime.send("deleteItemsAtIndexPaths:", to: view, [third])
        }
        #expect(error?.name == "NSInternalInconsistencyException")
        #expect(error?.reason == "Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (3) must be equal to the number of items contained in that section before the update (3), plus or minus the number of items inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).")
        // Sections in an NSIndexSet, as the table takes them.
        let second = try runtime.send("indexSetWithIndex:", to: runtime.requireClass(named: "NSIndexSet"), 1)
        let sectionError = #expect(throws: RaisedNSException.self) { try runtime.send("insertSections:", to: view, second) }
        #expect(sectionError?.reason?.hasPrefix("Invalid update: invalid number of sections. The number of sections contained in the collection view after the update (1)") == true)
    }

    @Test func headersComeFromTheDataSourceWhereTheLayoutPlacesThem() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let header = "UICollectionElementKindSectionHeader"
        let cls = try runtime.registerClass(named: "MMSections", superclass: runtime.requireClass(named: "NSObject")) { c in
            try c.addMethod("numberOfSectionsInCollectionView:", types: "q@:@") { _ in .int(2) }
            try c.addMethod("collectionView:numberOfItemsInSection:", types: "q@:@q") { _ in .int(1) }
            try c.addMethod("collectionView:cellForItemAtIndexPath:", types: "@@:@@") { m in
                try m.send("dequeueReusableCellWithReuseIdentifier:forIndexPath:", to: m[0].object, "Cell", m[1])
            }
            try c.addMethod("collectionView:viewForSupplementaryElementOfKind:atIndexPath:", types: "@@:@@@") { m in
                try m.send("dequeueReusableSupplementaryViewOfKind:withReuseIdentifier:forIndexPath:", to: m[0].object, m[1], "Header", m[2])
            }
        }
        let view = try collectionView(runtime)
        try runtime.send("registerClass:forCellWithReuseIdentifier:", to: view, .object(runtime.requireClass(named: "UICollectionViewCell")), "Cell")
        try runtime.send("registerClass:forSupplementaryViewOfKind:withReuseIdentifier:", to: view,
                         .object(runtime.requireClass(named: "UICollectionReusableView")), .string(header), "Header")
        let source = try runtime.send("new", to: cls)
        try runtime.send("setDataSource:", to: view, source)
        // No header size, no headers: only the two cells.
        try runtime.send("reloadData", to: view)
        #expect(try runtime.send("subviews", to: view).arrayElementsForTest.count == 2)
        // A new layout with headers lays out again, and the data source is asked for them.
        let flow = try runtime.send("new", to: runtime.requireClass(named: "UICollectionViewFlowLayout"))
        try runtime.send("setHeaderReferenceSize:", to: flow.object, size(0, 30))
        try runtime.send("setCollectionViewLayout:", to: view, flow)
        let subviews = try runtime.send("subviews", to: view).arrayElementsForTest
        #expect(subviews.count == 4)
        let headers = try subviews.filter { try runtime.send("reuseIdentifier", to: $0.object) == "Header" }
        #expect(try headers.map { try runtime.send("frame", to: $0.object).description } == ["{{0, 0}, {320, 30}}", "{{0, 80}, {320, 30}}"])
        #expect(try runtime.send("contentSize", to: view).description == "{320, 160}")
    }

    @Test func aCollectionViewControllerMakesItsViewWithItsLayout() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let log = Log()
        let cls = try runtime.registerClass(named: "MMGallery", superclass: runtime.requireClass(named: "UICollectionViewController")) { c in
            try c.addMethod("collectionView:numberOfItemsInSection:", types: "q@:@q") { _ in log.append("items"); return .int(2) }
            try c.addMethod("collectionView:cellForItemAtIndexPath:", types: "@@:@@") { m in
                try m.send("dequeueReusableCellWithReuseIdentifier:forIndexPath:", to: m[0].object, "Cell", m[1])
            }
            try c.addMethod("viewDidLoad", types: "v@:") { m in
                try m.sendSuper()
                let view = try m.send("collectionView", to: m.receiver)
                return try m.send("registerClass:forCellWithReuseIdentifier:", to: view.object, .object(m.runtime.requireClass(named: "UICollectionViewCell")), "Cell")
            }
        }
        let layout = try runtime.send("new", to: runtime.requireClass(named: "UICollectionViewFlowLayout"))
        let controller = try #require(try runtime.send("initWithCollectionViewLayout:", to: try runtime.send("alloc", to: cls).object, layout).object)
        #expect(try runtime.send("clearsSelectionOnViewWillAppear", to: controller) == true)
        let view = try #require(try runtime.send("collectionView", to: controller).object)
        #expect(try runtime.send("view", to: controller) == .object(view))
        #expect(try runtime.send("collectionViewLayout", to: view) == layout)
        #expect(try runtime.send("collectionViewLayout", to: controller) == layout)
        #expect(try runtime.send("dataSource", to: view) == .object(controller))
        #expect(try runtime.send("delegate", to: view) == .object(controller))
        let dataSourceProtocol = try #require(runtime.protocol(named: "UICollectionViewDataSource"))
        #expect(try runtime.send("conformsToProtocol:", to: controller, .protocol(dataSourceProtocol)) == true)
        #expect(log.take().isEmpty)
        try library.showInKeyWindow(controller)
        #expect(log.take() == ["items"])
        #expect(try runtime.send("visibleCells", to: view).arrayElementsForTest.count == 2)
        // Made without a layout, its view cannot be made, as in UIKit.
        let bare = try #require(try runtime.send("new", to: cls).object)
        #expect(throws: ClassLibraryError.self) { try runtime.send("view", to: bare) }
    }

    @Test func theSuperCallAuditKnowsCollectionViewHooks() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        try runtime.registerClass(named: "MMBadgeCell", superclass: runtime.requireClass(named: "UICollectionViewCell")) { c in
            try c.addMethod("prepareForReuse", types: "v@:") { _ in .nil }
            try c.addMethod("setSelected:", types: "v@:B") { m in try m.sendSuper() }
        }
        try runtime.registerClass(named: "MMShelf", superclass: runtime.requireClass(named: "UICollectionViewController")) { c in
            try c.addMethod("viewDidLoad", types: "v@:") { m in try m.sendSuper() }
            try c.addMethod("loadView", types: "v@:") { m in try m.sendSuper() }
        }
        try runtime.registerClass(named: "MMStackLayout", superclass: runtime.requireClass(named: "UICollectionViewFlowLayout")) { c in
            try c.addMethod("invalidateLayout", types: "v@:") { _ in .nil }
        }
        let audit = SuperCallAudit(runtime: runtime)
        let results = try audit.sweep(.matching(try Glob("MM*")))
        #expect(results.map(\.summary) == [
            "failed -[MMBadgeCell prepareForReuse] does not call super",
            "ok -[MMBadgeCell setSelected:] calls super once",
            "failed -[MMShelf loadView] calls super once but must not call it",
            "ok -[MMShelf viewDidLoad] calls super once",
            "failed -[MMStackLayout invalidateLayout] does not call super",
        ])
    }
}
