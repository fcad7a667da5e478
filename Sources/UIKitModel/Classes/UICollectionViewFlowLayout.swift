import Runtime

extension ClassLibrary {
    /// `UICollectionViewFlowLayout`: items in lines across the scroll direction, each line
    /// wrapping when the next item would not fit, with UIKit's defaults (50 by 50 items,
    /// 10 points between lines and between items, no insets, no headers or footers,
    /// vertical scrolling). Each of these can come per section or per item from the
    /// collection view's delegate (`UICollectionViewDelegateFlowLayout`). `prepareLayout`
    /// works out every frame; the attribute methods answer from them. A line's items are
    /// spread to fill it, a lone item is centred, and items shorter than their line are
    /// centred in it, as UIKit's flow places them. A non-zero `estimatedItemSize` is the
    /// size of every item, as self-sizing cells start out (the model has no Auto Layout
    /// to size them further).
    static func defineCollectionViewFlowLayout(in runtime: Runtime, layout: Class) throws {
        let s = try FlowSelectors(runtime)
        try runtime.registerLazyClass(named: "UICollectionViewFlowLayout", superclass: layout) { c in
            for name in ["itemSize", "estimatedItemSize", "headerReferenceSize", "footerReferenceSize"] {
                try c.addProperty(Property(name: name, type: Geometry.sizeType, attributes: [.nonatomic]))
            }
            for name in ["minimumLineSpacing", "minimumInteritemSpacing"] {
                try c.addProperty(Property(name: name, type: .double, attributes: [.nonatomic]))
            }
            try c.addProperty(Property(name: "sectionInset", type: Geometry.insetsType, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "scrollDirection", type: .integer(code: "q"), attributes: [.nonatomic]))
            for name in ["sectionHeadersPinToVisibleBounds", "sectionFootersPinToVisibleBounds"] {
                try c.addProperty(Property(name: name, type: .bool, attributes: [.nonatomic]))
            }
            // What prepareLayout worked out: frames by section (and item), and the content size.
            for name in ["_itemFrames", "_headerFrames", "_footerFrames"] {
                try c.addIvar(name, type: .object(className: "NSArray"))
            }
            try c.addIvar("_contentSize", type: Geometry.sizeType)
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(s.initialize) { this in
                    try m.runtime.setIvars(of: this, [
                        "_itemSize": Geometry.size(50, 50), "_minimumLineSpacing": .double(10), "_minimumInteritemSpacing": .double(10),
                        "_itemFrames": [], "_headerFrames": [], "_footerFrames": [],
                    ])
                }
            }
            try c.addMethod("prepareLayout", types: "v@:") { m in
                try m.sendSuper(s.prepareLayout)
                try prepareFlow(m, s)
                return .nil
            }
            try c.addMethod("collectionViewContentSize", types: "\(Geometry.sizeType)@:") { m in try m.ivar("_contentSize") }
            try c.addMethod("layoutAttributesForItemAtIndexPath:", types: "@@:@") { m in
                guard let path = m[0].object, let frame = try frame(in: "_itemFrames", at: path, item: true, m, s) else { return .nil }
                return try attributes(s.forCell, Arguments(.object(path)), frame: frame, m, s)
            }
            try c.addMethod("layoutAttributesForSupplementaryViewOfKind:atIndexPath:", types: "@@:@@") { m in
                let kind = try m.stringArgument(0), ivar = kind == elementKindSectionHeader ? "_headerFrames" : "_footerFrames"
                guard [elementKindSectionHeader, elementKindSectionFooter].contains(kind), let path = m[1].object,
                      let frame = try frame(in: ivar, at: path, item: false, m, s) else { return .nil }
                return try attributes(s.forSupplementaryView, Arguments(m[0], .object(path)), frame: frame, m, s)
            }
            try c.addMethod("layoutAttributesForElementsInRect:", types: "@@:\(rectType)") { m in
                let rect = try m.rectArgument(0)
                return .array(try elements(m, s).filter { element in
                    guard let frame = Geometry.rectNumbers(of: try m.send(s.frame, to: element.object)) else { return false }
                    return frame.x < rect.x + rect.width && rect.x < frame.x + frame.width && frame.y < rect.y + rect.height && rect.y < frame.y + frame.height
                })
            }
        }
    }

    /// `UICollectionElementKindSectionHeader` and `…Footer`: their strings are their names.
    static let elementKindSectionHeader = "UICollectionElementKindSectionHeader", elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// Works out the frames of the layout's collection view's items, headers and footers.
    private static func prepareFlow(_ m: borrowing Message, _ s: FlowSelectors) throws {
        guard let view = try m.ivar("_collectionView").object else {
            try m.setIvars(["_itemFrames": [], "_headerFrames": [], "_footerFrames": [], "_contentSize": Geometry.size(0, 0)])
            return
        }
        let delegate = try m.send(s.delegate, to: view).object
        // The delegate's answer for a section (or an item), else the layout's own property.
        func value(_ asking: Selector, _ index: Value, else property: Selector, _ m: borrowing Message) throws -> Value {
            try m.sendIfImplemented(asking, to: delegate, Arguments([.object(view), .object(m.receiver), index])) ?? m.send(property, to: m.receiver)
        }
        func size(_ value: Value) -> FlowLayout.Size {
            let numbers = Geometry.numbers(of: value, count: 2) ?? [0, 0]
            return FlowLayout.Size(width: numbers[0], height: numbers[1])
        }
        let estimated = size(try m.send(s.estimatedItemSize, to: m.receiver))
        // An estimate (other than UICollectionViewFlowLayoutAutomaticSize's) is every item's size.
        let usesEstimate = estimated.width > 0 && estimated.height > 0 && estimated.width < .greatestFiniteMagnitude
        let indexPathClass = try m.runtime.requireClass(named: "NSIndexPath")
        var sections: [FlowLayout.Section] = []
        for section in 0..<(try m.send(s.numberOfSections, to: view).intValue ?? 0) {
            let index = Value.int(section), count = try m.send(s.numberOfItems, to: view, Arguments(index)).intValue ?? 0
            let items = try (0..<count).map { item in
                if usesEstimate { return estimated }
                let path = try m.send(s.indexPathForItem, to: indexPathClass, Arguments(.int(item), index))
                return size(try value(s.sizeForItem, path, else: s.itemSize, m))
            }
            let insets = Geometry.numbers(of: try value(s.insetForSection, index, else: s.sectionInset, m), count: 4) ?? [0, 0, 0, 0]
            sections.append(FlowLayout.Section(
                items: items, insets: FlowLayout.Insets(top: insets[0], left: insets[1], bottom: insets[2], right: insets[3]),
                lineSpacing: try value(s.lineSpacingForSection, index, else: s.minimumLineSpacing, m).numberValue ?? 0,
                interitemSpacing: try value(s.interitemSpacingForSection, index, else: s.minimumInteritemSpacing, m).numberValue ?? 0,
                header: size(try value(s.headerSizeForSection, index, else: s.headerReferenceSize, m)),
                footer: size(try value(s.footerSizeForSection, index, else: s.footerReferenceSize, m))))
        }
        let bounds = Geometry.rectNumbers(of: try m.send(s.bounds, to: view)) ?? (0, 0, 0, 0)
        let horizontal = try m.send(s.scrollDirection, to: m.receiver).intValue == 1
        let flow = FlowLayout(sections: sections, visible: FlowLayout.Size(width: bounds.width, height: bounds.height), horizontal: horizontal)
        func rect(_ frame: FlowLayout.Frame?) -> Value { frame.map { Geometry.rect($0.x, $0.y, $0.width, $0.height) } ?? .nil }
        try m.setIvars([
            "_itemFrames": .array(flow.items.map { .array($0.map(rect)) }), "_headerFrames": .array(flow.headers.map(rect)),
            "_footerFrames": .array(flow.footers.map(rect)), "_contentSize": Geometry.size(flow.contentSize.width, flow.contentSize.height),
        ])
    }

    /// The frame prepared for an index path in `ivar` (by section, then by item when `item`), or nil.
    private static func frame(in ivar: String, at path: Object, item: Bool, _ m: borrowing Message, _ s: FlowSelectors) throws -> Value? {
        let section = try m.send(s.section, to: path).intValue ?? -1, frames = try m.ivar(ivar).arrayElements
        guard frames.indices.contains(section) else { return nil }
        // A section without a header or footer has .nil for its frame.
        guard item else { return frames[section] == .nil ? Value?.none : frames[section] }
        let index = try m.send(s.item, to: path).intValue ?? -1, items = frames[section].arrayElements
        return items.indices.contains(index) ? items[index] : Value?.none
    }

    /// New attributes made by `factory` with `arguments`, at `frame`.
    private static func attributes(_ factory: Selector, _ arguments: Arguments, frame: Value, _ m: borrowing Message, _ s: FlowSelectors) throws -> Value {
        let made = try m.send(factory, to: try m.runtime.requireClass(named: "UICollectionViewLayoutAttributes"), arguments)
        try m.send(s.setFrame, to: made.object, Arguments(frame))
        return made
    }

    /// The attributes of every element prepared, section by section: header, items, footer.
    private static func elements(_ m: borrowing Message, _ s: FlowSelectors) throws -> [Value] {
        let items = try m.ivar("_itemFrames").arrayElements, headers = try m.ivar("_headerFrames").arrayElements
        let footers = try m.ivar("_footerFrames").arrayElements, indexPathClass = try m.runtime.requireClass(named: "NSIndexPath")
        var elements: [Value] = []
        for (section, frames) in items.enumerated() {
            func path(_ item: Int) throws -> Value { try m.send(s.indexPathForItem, to: indexPathClass, Arguments(.int(item), .int(section))) }
            for (kind, frame) in [(elementKindSectionHeader, headers[section]), (elementKindSectionFooter, footers[section])] where frame != .nil {
                elements.append(try attributes(s.forSupplementaryView, Arguments(.string(kind), try path(0)), frame: frame, m, s))
            }
            for (item, frame) in frames.arrayElements.enumerated() {
                elements.append(try attributes(s.forCell, Arguments(try path(item)), frame: frame, m, s))
            }
        }
        return elements
    }
}

/// A flow layout's arithmetic, apart from the runtime: lines run across the scroll
/// direction and follow one another along it, so a horizontal flow is a vertical one
/// with the axes swapped.
struct FlowLayout {
    struct Size {
        var width, height: Double
    }

    struct Insets {
        var top, left, bottom, right: Double
    }

    struct Frame {
        var x, y, width, height: Double
    }

    struct Section {
        var items: [Size]
        var insets: Insets
        var lineSpacing, interitemSpacing: Double
        var header, footer: Size
    }

    private(set) var items: [[Frame]] = []
    /// Each section's header and footer frame; nil where the reference size is zero along the scroll direction.
    private(set) var headers: [Frame?] = [], footers: [Frame?] = []
    private(set) var contentSize = Size(width: 0, height: 0)

    init(sections: [Section], visible: Size, horizontal: Bool) {
        // (across, along) → (x, y), and sizes and insets likewise.
        func frame(across: Double, along: Double, acrossLength: Double, alongLength: Double) -> Frame {
            horizontal ? Frame(x: along, y: across, width: alongLength, height: acrossLength)
                : Frame(x: across, y: along, width: acrossLength, height: alongLength)
        }
        func lengths(_ size: Size) -> (across: Double, along: Double) { horizontal ? (size.height, size.width) : (size.width, size.height) }
        let span = lengths(visible).across
        var along = 0.0
        func band(_ size: Size) -> Frame? {
            let length = lengths(size).along
            guard length > 0 else { return nil }
            defer { along += length }
            return frame(across: 0, along: along, acrossLength: span, alongLength: length)
        }
        for section in sections {
            headers.append(band(section.header))
            let insets = horizontal
                ? (acrossStart: section.insets.top, acrossEnd: section.insets.bottom, alongStart: section.insets.left, alongEnd: section.insets.right)
                : (acrossStart: section.insets.left, acrossEnd: section.insets.right, alongStart: section.insets.top, alongEnd: section.insets.bottom)
            along += insets.alongStart
            let available = span - insets.acrossStart - insets.acrossEnd
            var frames: [Frame] = []
            let lines = Self.lines(section.items.map { lengths($0).across }, available: available, spacing: section.interitemSpacing)
            for (number, line) in lines.enumerated() {
                let sizes = line.map { lengths(section.items[$0]) }
                let thickness = sizes.map(\.along).max() ?? 0, filled = sizes.map(\.across).reduce(0, +)
                // A lone item is centred; several are spread so the line is full.
                var across = insets.acrossStart + (sizes.count == 1 ? max(0, (available - filled) / 2) : 0)
                let gap = sizes.count > 1 ? max(section.interitemSpacing, (available - filled) / Double(sizes.count - 1)) : 0
                for size in sizes {
                    frames.append(frame(across: across, along: along + (thickness - size.along) / 2, acrossLength: size.across, alongLength: size.along))
                    across += size.across + gap
                }
                along += thickness + (number < lines.count - 1 ? section.lineSpacing : 0)
            }
            items.append(frames)
            along += insets.alongEnd
            footers.append(band(section.footer))
        }
        contentSize = horizontal ? Size(width: along, height: visible.height) : Size(width: visible.width, height: along)
    }

    /// The items' indices line by line: each line takes items while they fit in
    /// `available` with `spacing` between them, and at least one.
    private static func lines(_ lengths: [Double], available: Double, spacing: Double) -> [[Int]] {
        var lines: [[Int]] = [], used = 0.0
        for (index, length) in lengths.enumerated() {
            if let last = lines.last, !last.isEmpty, used + spacing + length <= available {
                lines[lines.count - 1].append(index)
                used += spacing + length
            } else {
                lines.append([index])
                used = length
            }
        }
        return lines
    }
}

/// The selectors a flow layout sends, interned once.
private struct FlowSelectors: Sendable {
    let initialize, prepareLayout, delegate, numberOfSections, numberOfItems, indexPathForItem, section, item, bounds, frame, setFrame: Selector
    let itemSize, estimatedItemSize, sectionInset, minimumLineSpacing, minimumInteritemSpacing, headerReferenceSize, footerReferenceSize: Selector
    let scrollDirection, forCell, forSupplementaryView: Selector
    // UICollectionViewDelegateFlowLayout's questions.
    let sizeForItem, insetForSection, lineSpacingForSection, interitemSpacingForSection, headerSizeForSection, footerSizeForSection: Selector

    init(_ runtime: Runtime) throws {
        initialize = try runtime.selector("init")
        prepareLayout = try runtime.selector("prepareLayout")
        delegate = try runtime.selector("delegate")
        numberOfSections = try runtime.selector("numberOfSections")
        numberOfItems = try runtime.selector("numberOfItemsInSection:")
        indexPathForItem = try runtime.selector("indexPathForItem:inSection:")
        section = try runtime.selector("section")
        item = try runtime.selector("item")
        bounds = try runtime.selector("bounds")
        frame = try runtime.selector("frame")
        setFrame = try runtime.selector("setFrame:")
        itemSize = try runtime.selector("itemSize")
        estimatedItemSize = try runtime.selector("estimatedItemSize")
        sectionInset = try runtime.selector("sectionInset")
        minimumLineSpacing = try runtime.selector("minimumLineSpacing")
        minimumInteritemSpacing = try runtime.selector("minimumInteritemSpacing")
        headerReferenceSize = try runtime.selector("headerReferenceSize")
        footerReferenceSize = try runtime.selector("footerReferenceSize")
        scrollDirection = try runtime.selector("scrollDirection")
        forCell = try runtime.selector("layoutAttributesForCellWithIndexPath:")
        forSupplementaryView = try runtime.selector("layoutAttributesForSupplementaryViewOfKind:withIndexPath:")
        sizeForItem = try runtime.selector("collectionView:layout:sizeForItemAtIndexPath:")
        insetForSection = try runtime.selector("collectionView:layout:insetForSectionAtIndex:")
        lineSpacingForSection = try runtime.selector("collectionView:layout:minimumLineSpacingForSectionAtIndex:")
        interitemSpacingForSection = try runtime.selector("collectionView:layout:minimumInteritemSpacingForSectionAtIndex:")
        headerSizeForSection = try runtime.selector("collectionView:layout:referenceSizeForHeaderInSection:")
        footerSizeForSection = try runtime.selector("collectionView:layout:referenceSizeForFooterInSection:")
    }
}
