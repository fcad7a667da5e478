import Runtime

extension ClassLibrary {
    /// `UICollectionView`: a scroll view whose items come from its data source and are
    /// placed by its layout (which it must be made with: nil raises, as in UIKit).
    /// `reloadData` asks `numberOfSectionsInCollectionView:` (1 when the data source does
    /// not answer it) and `collectionView:numberOfItemsInSection:`, tells the layout to
    /// `prepareLayout`, then asks `collectionView:cellForItemAtIndexPath:` for every item
    /// (the model's screen shows them all) and
    /// `collectionView:viewForSupplementaryElementOfKind:atIndexPath:` for every header
    /// and footer the layout places, putting each view where the layout's attributes say.
    /// Cells come from registrations and the reuse queue as in a table, and must: a cell
    /// the collection view did not dequeue raises, as in UIKit. Item and section changes,
    /// alone or in `performBatchUpdates:completion:`, re-ask the data source and raise
    /// UIKit's `NSInternalInconsistencyException` when its counts do not match them.
    static func defineCollectionView(in runtime: Runtime, scrollView: Class) throws {
        let s = try CollectionSelectors(runtime)
        try runtime.registerLazyClass(named: "UICollectionView", superclass: scrollView) { c in
            try c.addProperty(Property(name: "collectionViewLayout", type: .object(className: "UICollectionViewLayout"), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "dataSource", type: .object(className: nil), attributes: [.weak, .nonatomic]))
            try c.addProperty(Property(name: "backgroundView", type: .object(className: "UIView"), attributes: [.strong, .nonatomic]))
            for name in ["allowsSelection", "allowsMultipleSelection"] {
                try c.addProperty(Property(name: name, type: .bool, attributes: [.nonatomic]))
            }
            try c.addProperty(Property(name: "prefetchingEnabled", type: .bool, attributes: [.nonatomic], getter: "isPrefetchingEnabled"))
            try c.addProperty(Property(name: "visibleCells", type: .object(className: "NSArray"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "indexPathsForVisibleItems", type: .object(className: "NSArray"), attributes: [.readOnly]))
            // Registrations by identifier (cells) or by kind and identifier (supplementary
            // views): a class, or a nib; supplementary views queued by kind; those shown.
            for name in ["_cellRegistrations", "_supplementaryRegistrations", "_reusableSupplementaryViews"] {
                try c.addIvar(name, type: .object(className: "NSDictionary"))
            }
            try c.addIvar("_visibleSupplementaryViews", type: .object(className: "NSArray"))
            try s.list.addIvars(to: &c)

            // UIKit has no layout to give a collection view made another way, and raises.
            try c.addMethod("initWithFrame:", types: "@@:\(rectType)") { m in
                try m.send(s.initWithFrameLayout, to: m.receiver, Arguments(m[0], .nil))
            }
            // A nib's: a flow layout to start, which the file's `collectionViewLayout` replaces.
            try c.addMethod("initWithCoder:", types: "@@:@") { m in
                let layout = try m.send(m.runtime.selector("new"), to: try m.runtime.requireClass(named: "UICollectionViewFlowLayout"))
                return try m.sendToFramework(s.initWithFrameLayout, Arguments(zeroRect, layout))
            }
            try c.addMethod("initWithFrame:collectionViewLayout:", types: "@@:\(rectType)@") { m in
                let layout = try layoutArgument(1, m)
                return try m.initializingSuper(s.initWithFrame, Arguments(m[0])) { this in
                    try m.runtime.setIvars(of: this, [
                        "_allowsSelection": true, "_prefetchingEnabled": true, "_cellRegistrations": .dictionary([:]),
                        "_supplementaryRegistrations": .dictionary([:]), "_reusableSupplementaryViews": .dictionary([:]), "_visibleSupplementaryViews": [],
                    ])
                    try s.list.start(this, in: m.runtime)
                    try m.send(s.setLayout, to: this, Arguments(layout))
                }
            }
            // The layout knows its collection view, and a new one lays the items out again.
            try c.addMethod("setCollectionViewLayout:", types: "v@:@") { m in
                let layout = try layoutArgument(0, m)
                let previous = try m.ivar("_collectionViewLayout")
                if let old = previous.object, old !== layout.object { try m.runtime.setIvar("_collectionView", of: old, to: .nil) }
                try m.runtime.setIvar("_collectionView", of: layout.object ?? m.receiver, to: .object(m.receiver))
                try m.setIvar("_collectionViewLayout", layout)
                if try m.ivar(s.list.countsIvar) != .nil { try s.list.relayout(m) }
                return .nil
            }
            try c.addMethod("setCollectionViewLayout:animated:", types: "v@:@B") { m in try m.send(s.setLayout, to: m.receiver, Arguments(m[0])) }
            try defineCollectionData(&c, s)
            try defineCollectionRegistrations(&c, s)
            try defineCollectionUpdates(&c, s)
            try defineCollectionSelection(&c, s)
        }
    }

    /// The layout passed as argument `index`, which must be one: nil raises as UIKit does.
    private static func layoutArgument(_ index: Int, _ m: borrowing Message) throws -> Value {
        guard m[index] != .nil else {
            throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "UICollectionView must be initialized with a non-nil layout parameter")
        }
        guard m.isKind(m[index], of: "UICollectionViewLayout") else {
            throw m.wrongArgument(index, expected: "a UICollectionViewLayout such as [UICollectionViewFlowLayout new]")
        }
        return m[index]
    }

    /// Reloading, laying out, counting and finding items.
    private static func defineCollectionData(_ c: inout ClassBuilder, _ s: CollectionSelectors) throws {
        try c.addMethod("reloadData", types: "v@:") { m in
            try s.list.reload(counts: try s.list.askCounts(m), m)
            return .nil
        }
        // A collection view loads when first laid out, and lays out again when its layout was invalidated.
        try c.addMethod("layoutSubviews", types: "v@:") { m in
            if try m.ivar(s.list.countsIvar) == .nil {
                try m.send(s.reloadData, to: m.receiver)
            } else if let layout = try m.ivar("_collectionViewLayout").object, try m.runtime.ivarValue("_invalidated", of: layout).isTruthy {
                try s.list.relayout(m)
            }
            return try m.sendSuper(s.layoutSubviews)
        }
        try c.addMethod("numberOfSections", types: "q@:") { m in .int(try s.list.counts(m).count) }
        try c.addMethod("numberOfItemsInSection:", types: "q@:q") { m in .int(try s.list.count(inSection: try m.integerArgument(0), m)) }
        try c.addMethod("cellForItemAtIndexPath:", types: "@@:@") { m in try s.list.visibleCell(at: m[0], m) }
        try c.addMethod("indexPathForCell:", types: "@@:@") { m in try s.list.indexPath(ofVisible: m[0], m) }
        try c.addMethod("layoutAttributesForItemAtIndexPath:", types: "@@:@") { m in
            try m.send(s.placing.attributesForItem, to: try m.ivar("_collectionViewLayout").object, Arguments(m[0]))
        }
        try c.addMethod("scrollToItemAtIndexPath:atScrollPosition:animated:", types: "v@:@QB") { m in
            try scroll(toItemAt: m[0], position: try m.integerArgument(1), m, s)
            return .nil
        }
    }

    /// Sets the content offset that shows the item at `path` where `position` (a
    /// `UICollectionViewScrollPosition`) says, within the content; `None` leaves it.
    private static func scroll(toItemAt path: Value, position: Int, _ m: borrowing Message, _ s: CollectionSelectors) throws {
        let attributes = try m.send(s.placing.attributesForItem, to: try m.ivar("_collectionViewLayout").object, Arguments(path))
        guard let item = Geometry.rectNumbers(of: try m.send(s.placing.frame, to: attributes.object)), attributes != .nil else {
            throw ClassLibraryError.invalidArgument(
                method: m.methodName, reason: "attempt to scroll to invalid index path: \(path); the collection view has no item there")
        }
        let bounds = Geometry.rectNumbers(of: try m.send(s.bounds, to: m.receiver)) ?? (0, 0, 0, 0)
        let content = Geometry.numbers(of: try m.send(s.contentSize, to: m.receiver), count: 2) ?? [0, 0]
        var x = bounds.x, y = bounds.y
        // Top, CenteredVertically, Bottom, Left, CenteredHorizontally, Right: bits 0 to 5.
        if position & 1 != 0 { y = item.y }
        if position & 2 != 0 { y = item.y + item.height / 2 - bounds.height / 2 }
        if position & 4 != 0 { y = item.y + item.height - bounds.height }
        if position & 8 != 0 { x = item.x }
        if position & 16 != 0 { x = item.x + item.width / 2 - bounds.width / 2 }
        if position & 32 != 0 { x = item.x + item.width - bounds.width }
        x = min(max(x, 0), max(content[0] - bounds.width, 0))
        y = min(max(y, 0), max(content[1] - bounds.height, 0))
        try m.send(s.setContentOffset, to: m.receiver, Arguments(Geometry.point(x, y)))
    }

    /// Registering cell and supplementary view classes and nibs, and dequeuing views.
    private static func defineCollectionRegistrations(_ c: inout ClassBuilder, _ s: CollectionSelectors) throws {
        try c.addMethod("registerClass:forCellWithReuseIdentifier:", types: "v@:#@") { m in
            let cls = try registeredClass(m, base: "UICollectionViewCell")
            try s.list.register(cls, for: try m.stringArgument(1), in: "_cellRegistrations", m)
            return .nil
        }
        // rtsh loads no nibs: a nib's cells are made as plain UICollectionViewCells.
        try c.addMethod("registerNib:forCellWithReuseIdentifier:", types: "v@:@@") { m in
            try s.list.register(m[0], for: try m.stringArgument(1), in: "_cellRegistrations", m)
            return .nil
        }
        try c.addMethod("registerClass:forSupplementaryViewOfKind:withReuseIdentifier:", types: "v@:#@@") { m in
            let cls = try registeredClass(m, base: "UICollectionReusableView")
            try s.list.register(cls, for: supplementaryKey(try m.stringArgument(1), try m.stringArgument(2)), in: "_supplementaryRegistrations", m)
            return .nil
        }
        try c.addMethod("registerNib:forSupplementaryViewOfKind:withReuseIdentifier:", types: "v@:@@@") { m in
            try s.list.register(m[0], for: supplementaryKey(try m.stringArgument(1), try m.stringArgument(2)), in: "_supplementaryRegistrations", m)
            return .nil
        }
        try c.addMethod("dequeueReusableCellWithReuseIdentifier:forIndexPath:", types: "@@:@@") { m in
            let identifier = try m.stringArgument(0)
            let attributes = try m.send(s.placing.attributesForItem, to: try m.ivar("_collectionViewLayout").object, Arguments(m[1]))
            let cell: Value
            if let queued = try s.list.dequeueQueuedCell(identifier, m) {
                cell = queued
            } else {
                let registration = try s.list.registration(for: identifier, in: "_cellRegistrations", m)
                cell = try makeRegistered(registration, kind: "UICollectionElementKindCell", identifier: identifier, base: "UICollectionViewCell", attributes, m, s)
            }
            try s.placing.apply(attributes, to: cell.object, m)
            return cell
        }
        try c.addMethod("dequeueReusableSupplementaryViewOfKind:withReuseIdentifier:forIndexPath:", types: "@@:@@@") { m in
            let kind = try m.stringArgument(0), identifier = try m.stringArgument(1)
            let attributes = try m.send(s.placing.attributesForSupplementaryView, to: try m.ivar("_collectionViewLayout").object, Arguments(m[0], m[2]))
            guard case .dictionary(var queues) = try m.ivar("_reusableSupplementaryViews") else { return .nil }
            var queue = queues[.string(kind)]?.arrayElements ?? []
            let view: Value
            if let queued = try s.list.takeQueued(identifier, from: &queue, m) {
                view = queued
                queues[.string(kind)] = .array(queue)
                try m.setIvar("_reusableSupplementaryViews", .dictionary(queues))
            } else {
                let registration = try s.list.registration(for: supplementaryKey(kind, identifier), in: "_supplementaryRegistrations", m)
                view = try makeRegistered(registration, kind: kind, identifier: identifier, base: "UICollectionReusableView", attributes, m, s)
            }
            try s.placing.apply(attributes, to: view.object, m)
            return view
        }
    }

    /// The class passed as argument 0 for registration (nil unregisters), which must descend from `base`.
    private static func registeredClass(_ m: borrowing Message, base: String) throws -> Value {
        guard let cls = try m.classArgument(0) else { return .nil }
        guard cls.lineage.contains(where: { $0.name == base }) else {
            throw ClassLibraryError.invalidArgument(
                method: m.methodName, reason: "\(cls.name) is not a subclass of \(base); register \(base) or one of its subclasses")
        }
        return .object(cls)
    }

    /// The key of a supplementary view's registration: its kind and identifier.
    private static func supplementaryKey(_ kind: String, _ identifier: String) -> String { "\(kind)/\(identifier)" }

    /// A new view for a registration: of the registered class (a nib's is `base`, as rtsh
    /// loads no nibs), made with the frame the layout gives it, with the identifier.
    /// Nothing registered raises as UIKit does.
    private static func makeRegistered(
        _ registration: Value?, kind: String, identifier: String, base: String, _ attributes: Value, _ m: borrowing Message, _ s: CollectionSelectors
    ) throws -> Value {
        guard let registration else {
            throw try ClassLibrary.exception(
                named: "NSInternalInconsistencyException",
                reason: "could not dequeue a view of kind: \(kind) with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard",
                in: m.runtime)
        }
        let frame = attributes == .nil ? zeroRect : try m.send(s.placing.frame, to: attributes.object)
        let made: Value
        let instantiate = try m.runtime.selector("instantiateWithOwner:options:")
        if registration.class == nil, case .object(let nib) = registration, m.runtime.instancesRespond(nib.isa, to: instantiate) {
            // A nib, or a storyboard's prototype: a new copy of its view, placed where the layout says.
            let objects = try m.send(instantiate, to: nib, Arguments(.nil, .nil))
            guard let first = objects.arrayContents?.first, first.object != nil else { return .nil }
            made = first
            try m.send(m.runtime.selector("setFrame:"), to: made.object, Arguments(frame))
        } else {
            made = try s.list.make(try registration.class ?? m.runtime.requireClass(named: base), s.initWithFrame, Arguments(frame), m)
        }
        try m.runtime.setIvar("_reuseIdentifier", of: made.object ?? m.receiver, to: .string(identifier))
        return made
    }

    /// Item and section changes, alone or batched.
    private static func defineCollectionUpdates(_ c: inout ClassBuilder, _ s: CollectionSelectors) throws {
        try s.list.addChangeMethods(
            to: &c, types: "v@:@",
            items: ["insertItemsAtIndexPaths:": "insert", "deleteItemsAtIndexPaths:": "delete", "reloadItemsAtIndexPaths:": "reload"],
            sections: ["insertSections:": "insertSection", "deleteSections:": "deleteSection", "reloadSections:": "reload"])
        try c.addMethod("moveItemAtIndexPath:toIndexPath:", types: "v@:@@") { m in
            try s.list.recordMove(m)
            return .nil
        }
    }

    /// Selection made in code: as in UIKit, it tells no delegate, does nothing while
    /// `allowsSelection` is off, and scrolls to the item when given a position.
    private static func defineCollectionSelection(_ c: inout ClassBuilder, _ s: CollectionSelectors) throws {
        try c.addMethod("selectItemAtIndexPath:animated:scrollPosition:", types: "v@:@BQ") { m in
            guard try m.ivar("_allowsSelection").isTruthy else { return .nil }
            try s.list.select(m)
            let position = try m.integerArgument(2)
            if m[0] != .nil && position != 0 { try scroll(toItemAt: m[0], position: position, m, s) }
            return .nil
        }
        try c.addMethod("deselectItemAtIndexPath:animated:", types: "v@:@B") { m in
            try s.list.deselect(m)
            return .nil
        }
        // An empty array when nothing is selected (a table answers nil).
        try c.addMethod("indexPathsForSelectedItems", types: "@@:") { m in .array(try m.ivar("_selectedIndexPaths").arrayElements) }
    }
}

/// A collection view's placement: its layout prepares, then says where each cell and each
/// header and footer goes, and how big the content is.
struct LayoutPlacement: CellPlacement {
    /// What a placement sends, interned once.
    struct Selectors: Sendable {
        let prepareLayout, attributesForItem, attributesForSupplementaryView, viewForSupplementary, contentViewSize, setContentSize: Selector
        let frame, setFrame, applyAttributes: Selector

        init(_ runtime: Runtime) throws {
            prepareLayout = try runtime.selector("prepareLayout")
            attributesForItem = try runtime.selector("layoutAttributesForItemAtIndexPath:")
            attributesForSupplementaryView = try runtime.selector("layoutAttributesForSupplementaryViewOfKind:atIndexPath:")
            viewForSupplementary = try runtime.selector("collectionView:viewForSupplementaryElementOfKind:atIndexPath:")
            contentViewSize = try runtime.selector("collectionViewContentSize")
            setContentSize = try runtime.selector("setContentSize:")
            frame = try runtime.selector("frame")
            setFrame = try runtime.selector("setFrame:")
            applyAttributes = try runtime.selector("applyLayoutAttributes:")
        }

        /// Puts `view` where `attributes` say (nil attributes leave it), and tells it.
        func apply(_ attributes: Value, to view: Object?, _ m: borrowing Message) throws {
            guard let attributes = attributes.object else { return }
            try m.send(setFrame, to: view, Arguments(try m.send(frame, to: attributes)))
            try m.send(applyAttributes, to: view, Arguments(.object(attributes)))
        }
    }

    let s: Selectors
    let list: CellList
    let layout: Object?

    init(_ m: borrowing Message, _ list: CellList, _ s: Selectors) throws {
        self.s = s
        self.list = list
        layout = try m.ivar("_collectionViewLayout").object
    }

    mutating func prepare(_ m: borrowing Message) throws {
        if let layout { try m.runtime.setIvar("_invalidated", of: layout, to: false) }
        try m.send(s.prepareLayout, to: layout)
        // The headers and footers shown go to the queue of their kind, as cells do.
        guard case .dictionary(var queues) = try m.ivar("_reusableSupplementaryViews") else { return }
        for case .array(let pair) in try m.ivar("_visibleSupplementaryViews").arrayElements where pair.count == 2 {
            try m.send(list.removeFromSuperview, to: pair[1].object)
            queues[pair[0]] = .array(((queues[pair[0]]?.arrayElements ?? []) + [pair[1]]).suffix(ClassLibrary.maximumVisibleRows))
        }
        try m.setIvars(["_reusableSupplementaryViews": .dictionary(queues), "_visibleSupplementaryViews": []])
    }

    mutating func place(_ cell: Object, at path: Value, _ m: borrowing Message) throws {
        guard try m.send(list.reuseIdentifier, to: cell) != .nil else {
            throw try ClassLibrary.exception(
                named: "NSInternalInconsistencyException",
                reason: "the cell returned from -collectionView:cellForItemAtIndexPath: does not have a reuseIdentifier - cells must be retrieved by calling -dequeueReusableCellWithReuseIdentifier:forIndexPath:",
                in: m.runtime)
        }
        try s.apply(try m.send(s.attributesForItem, to: layout, Arguments(path)), to: cell, m)
    }

    /// Asks the data source for the headers and footers the layout places, and sets the content size.
    mutating func finish(_ m: borrowing Message) throws {
        let source = try m.send(list.dataSource, to: m.receiver).object
        var shown: [Value] = []
        for section in try m.ivar(list.countsIvar).arrayElements.indices {
            let path = try list.indexPath(CellList.Position(section: section, row: 0), m)
            for kind in [ClassLibrary.elementKindSectionHeader, ClassLibrary.elementKindSectionFooter] {
                let attributes = try m.send(s.attributesForSupplementaryView, to: layout, Arguments(.string(kind), path))
                guard attributes != .nil, try m.responds(source, to: s.viewForSupplementary) else { continue }
                let view = try m.send(s.viewForSupplementary, to: source, Arguments([.object(m.receiver), .string(kind), path]))
                guard view != .nil else {
                    throw try ClassLibrary.exception(
                        named: "NSInternalInconsistencyException",
                        reason: "the view returned from -collectionView:viewForSupplementaryElementOfKind:atIndexPath: for \(kind) in section \(section) was nil; return a view from -dequeueReusableSupplementaryViewOfKind:withReuseIdentifier:forIndexPath:",
                        in: m.runtime)
                }
                try s.apply(attributes, to: view.object, m)
                try m.send(list.addSubview, to: m.receiver, Arguments(view))
                shown.append(.array([.string(kind), view]))
            }
        }
        try m.setIvar("_visibleSupplementaryViews", .array(shown))
        try m.send(s.setContentSize, to: m.receiver, Arguments(try m.send(s.contentViewSize, to: layout)))
    }
}

/// The selectors a collection view sends, interned once, and the item bookkeeping it shares with tables.
struct CollectionSelectors: Sendable {
    let initWithFrame, initWithFrameLayout, setLayout, layoutSubviews, reloadData, setContentOffset, contentSize, bounds: Selector
    let placing: LayoutPlacement.Selectors
    let list: CellList

    init(_ runtime: Runtime) throws {
        initWithFrame = try runtime.selector("initWithFrame:")
        initWithFrameLayout = try runtime.selector("initWithFrame:collectionViewLayout:")
        setLayout = try runtime.selector("setCollectionViewLayout:")
        layoutSubviews = try runtime.selector("layoutSubviews")
        reloadData = try runtime.selector("reloadData")
        setContentOffset = try runtime.selector("setContentOffset:")
        contentSize = try runtime.selector("contentSize")
        bounds = try runtime.selector("bounds")
        let placing = try LayoutPlacement.Selectors(runtime)
        self.placing = placing
        list = try CellList(.collection, in: runtime) { list, m in try LayoutPlacement(m, list, placing) }
    }
}
