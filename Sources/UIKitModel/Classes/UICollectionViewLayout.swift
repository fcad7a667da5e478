import Runtime

extension ClassLibrary {
    /// `UICollectionViewLayoutAttributes`: where a layout puts one cell or supplementary
    /// view: its index path, what it represents (`UICollectionElementCategoryCell` or
    /// `SupplementaryView`, with the kind), its frame (`center` and `size` read and write
    /// the frame), alpha, hidden and z-index. Attributes copy (a subclass's `copyWithZone:`
    /// calls super, then copies its own fields) and are equal when all of these are.
    static func defineCollectionViewLayoutAttributes(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init"), setFrame = try runtime.selector("setFrame:"), frame = try runtime.selector("frame")
        let hash = try runtime.selector("hash"), isEqual = try runtime.selector("isEqual:")
        let fields = ["_frame", "_indexPath", "_representedElementCategory", "_representedElementKind", "_alpha", "_zIndex", "_hidden"]
        try runtime.registerLazyClass(named: "UICollectionViewLayoutAttributes", superclass: root) { c in
            try c.addProperty(Property(name: "frame", type: rectType, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "indexPath", type: .object(className: "NSIndexPath"), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "representedElementCategory", type: .integer(code: "Q"), attributes: [.readOnly, .nonatomic]))
            try c.addProperty(Property(name: "representedElementKind", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "alpha", type: .double, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "zIndex", type: .integer(code: "q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "hidden", type: .bool, attributes: [.nonatomic], getter: "isHidden"))
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_alpha", of: this, to: .double(1)) }
            }
            // A new instance of the receiver's class, as UIKit's copy makes, with these fields.
            try c.addMethod("copyWithZone:", types: "@@:^v") { m in
                let made = try m.make(m.receiver.isa.name, initialize)
                for field in fields { try m.runtime.setIvar(field, of: made.object, to: try m.ivar(field)) }
                return made
            }
            try c.addMethod("isEqual:", types: "B@:@") { m in
                guard let other = m[0].object else { return false }
                if other === m.receiver { return true }
                guard let attributes = m.runtime.class(named: "UICollectionViewLayoutAttributes"), other.isKind(of: attributes) else { return false }
                for field in fields {
                    let mine = try m.ivar(field), theirs = try m.runtime.ivarValue(field, of: other)
                    if mine == theirs { continue }
                    guard try m.send(isEqual, to: mine.object, Arguments(theirs)).isTruthy else { return false }
                }
                return true
            }
            // Equal attributes have equal index paths.
            try c.addMethod("hash", types: "Q@:") { m in try m.send(hash, to: try m.ivar("_indexPath").object) }
            // Category 0 is a cell, 1 a supplementary view (2, a decoration view, the model does not place).
            for (name, category) in [("layoutAttributesForCellWithIndexPath:", 0), ("layoutAttributesForSupplementaryViewOfKind:withIndexPath:", 1)] {
                try c.addClassMethod(name, types: category == 0 ? "@@:@" : "@@:@@") { m in
                    let made = try m.allocInit(initialize)
                    try m.runtime.setIvars(of: made.object ?? m.receiver, [
                        "_indexPath": m[category], "_representedElementCategory": .int(category),
                        "_representedElementKind": category == 0 ? .nil : .string(try m.stringArgument(0)),
                    ])
                    return made
                }
            }
            try c.addMethod("size", types: "\(Geometry.sizeType)@:") { m in
                let rect = Geometry.rectNumbers(of: try m.send(frame, to: m.receiver)) ?? (0, 0, 0, 0)
                return Geometry.size(rect.width, rect.height)
            }
            // A new size keeps the center, as UIKit's does.
            try c.addMethod("setSize:", types: "v@:\(Geometry.sizeType)") { m in
                guard let size = Geometry.numbers(of: m[0], count: 2) else { throw m.wrongArgument(0, expected: "a CGSize such as CGSizeMake(100, 50)") }
                let rect = Geometry.rectNumbers(of: try m.send(frame, to: m.receiver)) ?? (0, 0, 0, 0)
                let center = (rect.x + rect.width / 2, rect.y + rect.height / 2)
                return try m.send(setFrame, to: m.receiver, Arguments(Geometry.rect(center.0 - size[0] / 2, center.1 - size[1] / 2, size[0], size[1])))
            }
            try c.addMethod("center", types: "\(Geometry.pointType)@:") { m in
                let rect = Geometry.rectNumbers(of: try m.send(frame, to: m.receiver)) ?? (0, 0, 0, 0)
                return Geometry.point(rect.x + rect.width / 2, rect.y + rect.height / 2)
            }
            try c.addMethod("setCenter:", types: "v@:\(Geometry.pointType)") { m in
                guard let center = Geometry.numbers(of: m[0], count: 2) else { throw m.wrongArgument(0, expected: "a CGPoint such as CGPointMake(160, 240)") }
                let rect = Geometry.rectNumbers(of: try m.send(frame, to: m.receiver)) ?? (0, 0, 0, 0)
                return try m.send(setFrame, to: m.receiver, Arguments(Geometry.rect(center[0] - rect.width / 2, center[1] - rect.height / 2, rect.width, rect.height)))
            }
        }
    }

    /// `UICollectionViewLayout`: the abstract layout. It knows the collection view it lays
    /// out (set by the collection view, weakly); `invalidateLayout` asks that view to lay
    /// out again, and the rest answers as UIKit's base class does — no content, no
    /// attributes — for a subclass to override.
    static func defineCollectionViewLayout(in runtime: Runtime, root: Class) throws -> Class {
        let setNeedsLayout = try runtime.selector("setNeedsLayout")
        return try runtime.registerLazyClass(named: "UICollectionViewLayout", superclass: root) { c in
            try c.addProperty(Property(name: "collectionView", type: .object(className: "UICollectionView"), attributes: [.readOnly, .weak]))
            try c.addIvar("_invalidated", type: .bool)
            // The hooks UIKit's layout pass calls, which do nothing in the base class.
            try c.addMethod("prepareLayout", types: "v@:") { _ in .nil }
            try c.addMethod("collectionViewContentSize", types: "\(Geometry.sizeType)@:") { _ in Geometry.size(0, 0) }
            try c.addMethod("layoutAttributesForElementsInRect:", types: "@@:\(rectType)") { _ in .array([]) }
            try c.addMethod("layoutAttributesForItemAtIndexPath:", types: "@@:@") { _ in .nil }
            try c.addMethod("layoutAttributesForSupplementaryViewOfKind:atIndexPath:", types: "@@:@@") { _ in .nil }
            try c.addMethod("shouldInvalidateLayoutForBoundsChange:", types: "B@:\(rectType)") { _ in false }
            try c.addMethod("invalidateLayout", types: "v@:") { m in
                try m.setIvar("_invalidated", true)
                try m.send(setNeedsLayout, to: try m.ivar("_collectionView").object)
                return .nil
            }
        }
    }
}
