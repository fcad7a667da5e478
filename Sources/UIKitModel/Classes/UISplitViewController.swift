import Runtime

extension ClassLibrary {
    /// `UISplitViewController`: a primary and a secondary (detail) controller as its
    /// children, both of which get its appearance callbacks, a delegate, and the display
    /// mode it prefers. `showDetailViewController:sender:` replaces the secondary one; while
    /// the split view has appeared the old one disappears as the new one appears.
    static func defineSplitViewController(in runtime: Runtime, viewController: Class) throws {
        let setControllers = try runtime.selector("setViewControllers:"), initWithNib = try runtime.selector("initWithNibName:bundle:")
        try runtime.registerLazyClass(named: "UISplitViewController", superclass: viewController) { c in
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: [.weak, .nonatomic]))
            try c.addProperty(Property(name: "preferredDisplayMode", type: .integer(code: "q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "presentsWithGesture", type: .bool, attributes: [.nonatomic]))
            try c.addMethod("initWithNibName:bundle:", types: "@@:@@") { m in
                try m.initializingSuper(initWithNib, Arguments(m[0], m[1])) { this in try m.runtime.setIvar("_presentsWithGesture", of: this, to: true) }
            }
            try c.addMethod("viewControllers", types: "@@:") { m in try m.send("childViewControllers", to: m.receiver) }
            try c.addMethod("setViewControllers:", types: "v@:@") { m in
                let children = try Containment.controllers(m, 0)
                let change = try Containment.begin(replacing: m.receiver, with: children, message: m)
                if try Appearance.state(of: m.receiver, in: m.runtime) == .appeared {
                    for leaving in change.leaving { try m.send("beginAppearanceTransition:animated:", to: leaving, false, false) }
                    for arriving in change.arriving { try m.send("beginAppearanceTransition:animated:", to: arriving, true, false) }
                    for leaving in change.leaving { try m.send("endAppearanceTransition", to: leaving) }
                    for arriving in change.arriving { try m.send("endAppearanceTransition", to: arriving) }
                }
                try Containment.finish(change, of: m.receiver, message: m)
                return .nil
            }
            try c.addMethod("showDetailViewController:sender:", types: "v@:@@") { m in
                guard let detail = try m.objectArgument(0) else { return .nil }
                let children = try m.array("childViewControllers", of: m.receiver).compactMap(\.object)
                let stack = (children.first.map { [$0] } ?? []) + [detail]
                return try m.send(setControllers, to: m.receiver, Arguments(.array(stack.map(Value.object))))
            }
        }
    }
}
