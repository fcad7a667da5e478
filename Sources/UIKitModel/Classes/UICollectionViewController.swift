import Runtime

extension ClassLibrary {
    /// `UICollectionViewController`: a controller whose view is a collection view it makes
    /// in `loadView`, with the layout `initWithCollectionViewLayout:` gave, and is the data
    /// source and delegate of. Made without a layout, its view cannot be made, and loading
    /// it raises as UIKit's does. As a table view controller, it loads the collection view
    /// the first time it is about to appear and clears the selection each time while
    /// `clearsSelectionOnViewWillAppear`.
    static func defineCollectionViewController(in runtime: Runtime, viewController: Class) throws {
        let initWithNib = try runtime.selector("initWithNibName:bundle:"), view = try runtime.selector("view")
        let initWithFrameLayout = try runtime.selector("initWithFrame:collectionViewLayout:"), collectionView = try runtime.selector("collectionView")
        let layout = try runtime.selector("collectionViewLayout"), viewWillAppear = try runtime.selector("viewWillAppear:")
        let list = try CollectionSelectors(runtime).list
        let protocols = ["UICollectionViewDataSource", "UICollectionViewDelegate"].compactMap(runtime.protocol(named:))
        let interfaceViews = try InterfaceViewQuery(in: runtime)
        try runtime.registerLazyClass(named: "UICollectionViewController", superclass: viewController) { c in
            for adopted in protocols { c.adopt(adopted) }
            try c.addProperty(Property(name: "collectionView", type: .object(className: "UICollectionView"), attributes: [.strong]))
            try c.addProperty(Property(name: "collectionViewLayout", type: .object(className: "UICollectionViewLayout"), attributes: [.readOnly, .strong]))
            for name in ["clearsSelectionOnViewWillAppear", "installsStandardGestureForInteractiveMovement"] {
                try c.addProperty(Property(name: name, type: .bool, attributes: [.nonatomic]))
            }
            // Both designated initializers; UIViewController's comes with no layout.
            for (name, types) in [("initWithCollectionViewLayout:", "@@:@"), ("initWithNibName:bundle:", "@@:@@")] {
                try c.addMethod(name, types: types) { m in
                    let hasLayout = m.arguments.count == 1
                    return try m.initializingSuper(initWithNib, hasLayout ? Arguments(.nil, .nil) : Arguments(m[0], m[1])) { this in
                        try m.runtime.setIvars(of: this, [
                            "_collectionViewLayout": hasLayout ? m[0] : .nil, "_clearsSelectionOnViewWillAppear": true,
                            "_installsStandardGestureForInteractiveMovement": true,
                        ])
                    }
                }
            }
            try c.addMethod("loadView", types: "v@:") { m in
                // A storyboard's or nib's collection view.
                if try m.loadsInterfaceView(interfaceViews) {
                    try m.setIvar("_collectionView", try m.ivar("_view"))
                    return .nil
                }
                let made = try m.make("UICollectionView", initWithFrameLayout, Arguments(zeroRect, try m.ivar("_collectionViewLayout")))
                try m.runtime.setIvars(of: made.object ?? m.receiver, ["_dataSource": .object(m.receiver), "_delegate": .object(m.receiver)])
                try m.setIvars(["_collectionView": made, "_view": made])
                return .nil
            }
            // Asking for the collection view loads the view, which is the collection view, as UIKit's does.
            try c.addMethod("collectionView", types: "@@:") { m in
                if try m.ivar("_collectionView") == .nil { try m.send(view, to: m.receiver) }
                return try m.ivar("_collectionView")
            }
            // Setting the collection view makes it the view, as UIKit's does.
            try c.addMethod("setCollectionView:", types: "v@:@") { m in
                try m.setIvars(["_collectionView": m[0], "_view": m[0]])
                return .nil
            }
            // The collection view's layout once there is one: a layout set on it is the controller's too.
            try c.addMethod("collectionViewLayout", types: "@@:") { m in
                guard case .object(let shown) = try m.ivar("_collectionView") else { return try m.ivar("_collectionViewLayout") }
                return try m.send(layout, to: shown)
            }
            try c.addMethod("viewWillAppear:", types: "v@:B") { m in
                try m.sendSuper(viewWillAppear, Arguments(m[0]))
                try list.willAppear(try m.send(collectionView, to: m.receiver).object, m)
                return .nil
            }
            try c.addMethod("numberOfSectionsInCollectionView:", types: "q@:@") { _ in .int(1) }
            try c.addMethod("collectionView:numberOfItemsInSection:", types: "q@:@q") { _ in .int(0) }
        }
    }
}
