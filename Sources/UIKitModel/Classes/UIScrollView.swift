import Runtime

extension ClassLibrary {
    /// `UIScrollView`: content size, offset and insets, a delegate, and the scrolling
    /// switches. The offset is the bounds' origin, as in UIKit, and changing it tells the
    /// delegate `scrollViewDidScroll:`. The model has no fingers, so it never drags,
    /// decelerates or zooms by itself.
    static func defineScrollView(in runtime: Runtime, view: Class) throws -> Class {
        let initWithFrame = try runtime.selector("initWithFrame:"), setContentOffset = try runtime.selector("setContentOffset:")
        let didScroll = try runtime.selector("scrollViewDidScroll:"), delegate = try runtime.selector("delegate")
        return try runtime.registerLazyClass(named: "UIScrollView", superclass: view) { c in
            try c.addProperty(Property(name: "contentSize", type: Geometry.sizeType, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "contentOffset", type: Geometry.pointType, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "contentInset", type: Geometry.insetsType, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "scrollIndicatorInsets", type: Geometry.insetsType, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "refreshControl", type: .object(className: "UIRefreshControl"), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: [.weak, .nonatomic]))
            for (name, getter) in [("scrollEnabled", "isScrollEnabled"), ("pagingEnabled", "isPagingEnabled"), ("bounces", nil), ("alwaysBounceVertical", nil),
                                   ("alwaysBounceHorizontal", nil), ("showsVerticalScrollIndicator", nil), ("showsHorizontalScrollIndicator", nil),
                                   ("scrollsToTop", nil), ("directionalLockEnabled", "isDirectionalLockEnabled"), ("bouncesZoom", nil)] {
                try c.addProperty(Property(name: name, type: .bool, attributes: [.nonatomic], getter: getter))
            }
            for name in ["dragging", "tracking", "decelerating"] {
                try c.addProperty(Property(name: name, type: .bool, attributes: [.readOnly, .nonatomic], getter: "is\(name.prefix(1).uppercased() + name.dropFirst())"))
            }
            for name in ["zoomScale", "minimumZoomScale", "maximumZoomScale"] {
                try c.addProperty(Property(name: name, type: .double, attributes: [.nonatomic]))
            }
            try c.addProperty(Property(name: "keyboardDismissMode", type: .integer(code: "q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "decelerationRate", type: .double, attributes: [.nonatomic]))
            // The control is one of the scroll view's subviews, as UIKit adds it.
            try c.addMethod("setRefreshControl:", types: "v@:@") { m in
                if let old = try m.ivar("_refreshControl").object, old !== m[0].object { try m.send("removeFromSuperview", to: old) }
                try m.setIvar("_refreshControl", m[0])
                if let control = m[0].object {
                    // Across the top of the scroll view, above its content, as UIKit places it.
                    try m.send("addSubview:", to: m.receiver, .object(control))
                    let width = Geometry.rectNumbers(of: try m.send("bounds", to: m.receiver))?.width ?? 0
                    try m.send("setFrame:", to: control, Geometry.rect(0, -refreshControlHeight, width, refreshControlHeight))
                }
                return .nil
            }
            try c.addMethod("initWithFrame:", types: "@@:\(rectType)") { m in
                try m.initializingSuper(initWithFrame, Arguments(m[0])) { this in
                    try m.runtime.setIvars(of: this, [
                        "_scrollEnabled": true, "_bounces": true, "_showsVerticalScrollIndicator": true, "_showsHorizontalScrollIndicator": true,
                        "_scrollsToTop": true, "_zoomScale": .double(1), "_minimumZoomScale": .double(1), "_maximumZoomScale": .double(1),
                        "_bouncesZoom": true, "_decelerationRate": .double(0.998),
                    ])
                }
            }
            // Made on first use, as one of the view's recognizers, with no target: scrolling
            // is the model's own (`scroll` in the shell), not the recognizer's actions.
            try c.addIvar("_panGestureRecognizer", type: .object(className: "UIPanGestureRecognizer"))
            try c.addMethod("panGestureRecognizer", types: "@@:") { m in
                if let made = try m.ivar("_panGestureRecognizer").object { return .object(made) }
                let made = try m.make("UIPanGestureRecognizer", try m.runtime.selector("initWithTarget:action:"), Arguments(.nil, .nil))
                try m.setIvar("_panGestureRecognizer", made)
                try m.send("addGestureRecognizer:", to: m.receiver, made)
                return made
            }
            try c.addMethod("setContentOffset:", types: "v@:\(Geometry.pointType)") { m in
                guard let offset = Geometry.numbers(of: m[0], count: 2) else { throw m.wrongArgument(0, expected: "a CGPoint such as CGPointMake(0, 100)") }
                let previous = Geometry.numbers(of: try m.ivar("_contentOffset"), count: 2) ?? [0, 0]
                try m.setIvar("_contentOffset", Geometry.point(offset[0], offset[1]))
                let bounds = Geometry.rectNumbers(of: try m.ivar("_bounds")) ?? (0, 0, 0, 0)
                try m.setIvar("_bounds", Geometry.rect(offset[0], offset[1], bounds.width, bounds.height))
                if previous != offset { try m.sendIfImplemented(didScroll, to: try m.send(delegate, to: m.receiver).object, Arguments(.object(m.receiver))) }
                return .nil
            }
            try c.addMethod("setContentOffset:animated:", types: "v@:\(Geometry.pointType)B") { m in
                try m.send(setContentOffset, to: m.receiver, Arguments(m[0]))
            }
        }
    }
}
