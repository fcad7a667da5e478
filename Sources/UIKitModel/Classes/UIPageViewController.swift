import Runtime

extension ClassLibrary {
    /// `UIPageViewController`: the controllers on screen (one, or two side by side) are its
    /// children, their views inside its own. `setViewControllers:direction:animated:completion:`
    /// replaces them, with the appearance callbacks UIKit sends while the page controller has
    /// appeared, and then calls the completion block with YES. Swiping to the next page is
    /// the data source's business, asked by the app's own code. Made with `init`, it is
    /// UIKit's default: the page-curl style (0), horizontal (0).
    static func definePageViewController(in runtime: Runtime, viewController: Class) throws {
        let initWithNib = try runtime.selector("initWithNibName:bundle:"), loadView = try runtime.selector("loadView")
        let isViewLoaded = try runtime.selector("isViewLoaded"), view = try runtime.selector("view")
        try runtime.registerLazyClass(named: "UIPageViewController", superclass: viewController) { c in
            try c.addProperty(Property(name: "dataSource", type: .object(className: nil), attributes: [.weak, .nonatomic]))
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: [.weak, .nonatomic]))
            try c.addProperty(Property(name: "transitionStyle", type: .integer(code: "q"), attributes: [.readOnly, .nonatomic]))
            try c.addProperty(Property(name: "navigationOrientation", type: .integer(code: "q"), attributes: [.readOnly, .nonatomic]))
            try c.addProperty(Property(name: "doubleSided", type: .bool, attributes: [.nonatomic], getter: "isDoubleSided"))
            try c.addMethod("initWithTransitionStyle:navigationOrientation:options:", types: "@@:qq@") { m in
                let (style, orientation) = (try m.integerArgument(0), try m.integerArgument(1))
                return try m.initializingSuper(initWithNib, Arguments(.nil, .nil)) { this in
                    try m.runtime.setIvars(of: this, ["_transitionStyle": .int(style), "_navigationOrientation": .int(orientation)])
                }
            }
            try c.addMethod("viewControllers", types: "@@:") { m in .array(try m.array("childViewControllers", of: m.receiver)) }
            // The scroll style's pan is its scroll view's, which the model does not expose.
            try c.addMethod("gestureRecognizers", types: "@@:") { _ in .array([]) }
            try c.addMethod("loadView", types: "v@:") { m in
                try m.sendSuper(loadView)
                try show(try m.array("childViewControllers", of: m.receiver).compactMap(\.object), m)
                return .nil
            }
            try c.addMethod("setViewControllers:direction:animated:completion:", types: "v@:@qB@?") { m in
                let pages = try Containment.controllers(m, 0)
                let completion = try m.blockArgument(3)
                let previous = try m.array("childViewControllers", of: m.receiver).compactMap(\.object)
                let change = try Containment.begin(replacing: m.receiver, with: pages, message: m)
                let appeared = try Appearance.state(of: m.receiver, in: m.runtime) == .appeared
                for leaving in change.leaving where try m.send(isViewLoaded, to: leaving).isTruthy {
                    try m.send("removeFromSuperview", to: try m.send(view, to: leaving).object)
                }
                if try m.send(isViewLoaded, to: m.receiver).isTruthy { try show(change.arriving, m) }
                if appeared, let arriving = change.arriving.first {
                    try Appearance.swap(out: previous.first { old in change.leaving.contains { $0 === old } }, in: arriving, animated: m[2], message: m)
                }
                try Containment.finish(change, of: m.receiver, message: m)
                if let completion { _ = try completion.call(Arguments(.bool(true)), nestedAt: m.depth + 1) }
                return .nil
            }
        }

        /// Puts the pages' views in the page controller's view, filling it.
        @Sendable func show(_ pages: [Object], _ m: borrowing Message) throws {
            let container = try m.send(view, to: m.receiver).object
            let bounds = try m.send("bounds", to: container)
            for page in pages {
                let pageView = try m.send(view, to: page)
                try m.send("setFrame:", to: pageView.object, bounds)
                try m.send("addSubview:", to: container, pageView)
            }
        }
    }
}
