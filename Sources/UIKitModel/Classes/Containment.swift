import Runtime

/// Replacing a container's children all at once, as `setViewControllers:` does in the
/// navigation, tab bar and split view controllers: the controllers leaving are told they
/// move to nil and the ones arriving are added (`begin`), the container swaps what is on
/// screen, and then the leaving ones are removed and the arriving ones told they moved in
/// (`finish`), in UIKit's order.
enum Containment {
    struct Change {
        let leaving: [Object]
        let arriving: [Object]
    }

    static func begin(replacing container: Object, with children: [Object], message m: borrowing Message) throws -> Change {
        let current = try m.array("childViewControllers", of: container).compactMap(\.object)
        let leaving = current.filter { old in !children.contains { $0 === old } }
        let arriving = children.filter { new in !current.contains { $0 === new } }
        for child in leaving { try m.send("willMoveToParentViewController:", to: child, .nil) }
        for child in arriving { try m.send("addChildViewController:", to: container, .object(child)) }
        // The children in the order given, whatever order they were added in.
        try m.runtime.setIvar("_childViewControllers", of: container, to: .array(children.map(Value.object) + leaving.map(Value.object)))
        return Change(leaving: leaving, arriving: arriving)
    }

    static func finish(_ change: Change, of container: Object, message m: borrowing Message) throws {
        for child in change.leaving { try m.send("removeFromParentViewController", to: child) }
        for child in change.arriving { try m.send("didMoveToParentViewController:", to: child, .object(container)) }
    }

    /// The controllers in an array argument, refusing anything that is not a view controller.
    static func controllers(_ m: borrowing Message, _ index: Int) throws -> [Object] {
        let viewController = try m.runtime.requireClass(named: "UIViewController")
        guard m[index] != .nil else { return [] }
        return try m.arrayArgument(index).map { element in
            guard let object = element.object, object.isKind(of: viewController) else {
                throw m.wrongArgument(index, expected: "an array of view controllers (one element is \(element.kindDescription))")
            }
            return object
        }
    }
}
