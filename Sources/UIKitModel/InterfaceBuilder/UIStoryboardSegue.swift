import Runtime

extension ClassLibrary {
    /// A storyboard's segues other than relationships, as UIKit performs them: each segue
    /// of a scene is a `UIStoryboardSegueTemplate` its controller keeps. One a control, a
    /// bar button item or a static cell triggers runs when it is tapped (after
    /// `-shouldPerformSegueWithIdentifier:sender:` agrees); any runs by its identifier
    /// through `-performSegueWithIdentifier:sender:`. Performing makes the destination
    /// controller from its scene, gives the source `-prepareForSegue:sender:` with a
    /// `UIStoryboardSegue`, and then shows the destination as the segue's kind says: `show`
    /// and `push` push it onto the source's navigation controller (presenting it when there
    /// is none), `showDetail`, `modal`, `presentation` and `popoverPresentation` present it,
    /// and `custom` sends `-perform` to the segue, an instance of the segue's custom class.
    static func defineStoryboardSegues(in runtime: Runtime, root: Class) throws {
        try runtime.registerLazyClass(named: "UIStoryboardSegue", superclass: root) { c in
            try c.addProperty(Property(name: "identifier", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "sourceViewController", type: .object(className: "UIViewController"), attributes: [.readOnly, .strong]))
            try c.addProperty(Property(name: "destinationViewController", type: .object(className: "UIViewController"), attributes: [.readOnly, .strong]))
            try c.addMethod("initWithIdentifier:source:destination:", types: "@@:@@@") { m in
                try m.initializingSuper(m.runtime.selector("init")) { this in
                    try m.runtime.setIvars(of: this, ["_identifier": m[0], "_sourceViewController": m[1], "_destinationViewController": m[2]])
                }
            }
            try c.addIvar("_performHandler", type: .block)
            try c.addClassMethod("segueWithIdentifier:source:destination:performHandler:", types: "@@:@@@@?") { m in
                let segue = try m.allocInit(m.runtime.selector("initWithIdentifier:source:destination:"), Arguments([m[0], m[1], m[2]]))
                if case .object(let made) = segue { try m.runtime.setIvar("_performHandler", of: made, to: m[3]) }
                return segue
            }
            // A custom segue's class overrides this; the storyboard's kinds are shown by the template.
            try c.addMethod("perform", types: "v@:") { m in
                if case .block(let handler) = try m.ivar("_performHandler") { _ = try handler.call(Arguments(), nestedAt: m.depth + 1) }
                return .nil
            }
        }
        try runtime.registerLazyClass(named: "UIStoryboardSegueTemplate", superclass: root) { c in
            try c.addIvar("_identifier", type: .object(className: "NSString"))
            try c.addIvar("_destination", type: .object(className: "NSString"))
            try c.addIvar("_kind", type: .object(className: "NSString"))
            try c.addIvar("_segueClassName", type: .object(className: "NSString"))
            try c.addIvar("_storyboard", type: .object(className: "UIStoryboard"))
            // Weak: the controller keeps its templates.
            try c.addIvar("_sourceController", type: .object(className: "UIViewController"), isWeak: true)
            // The action of a control, bar button item or cell that triggers the segue.
            try c.addMethod("_perform:", types: "v@:@") { m in
                try performSegue(of: m.receiver, sender: m[0], asked: true, m)
                return .nil
            }
        }
    }

    /// Performs the segue `template` describes, from `sender`; `asked` first asks the
    /// source whether to (a triggered segue, not one performed by identifier).
    private static func performSegue(of template: Object, sender: Value, asked: Bool, _ m: borrowing Message) throws {
        guard case .object(let source) = try m.runtime.ivarValue("_sourceController", of: template),
              case .object(let storyboard) = try m.runtime.ivarValue("_storyboard", of: template),
              let scene = try m.runtime.ivarValue("_destination", of: template).text else { return }
        let identifier = try m.runtime.ivarValue("_identifier", of: template)
        if asked, identifier != .nil, !(try m.send("shouldPerformSegueWithIdentifier:sender:", to: source, identifier, sender).isTruthy) { return }
        guard case .object(let destination) = try m.send("_instantiateScene:", to: storyboard, .string(scene)) else { return }
        let kind = try m.runtime.ivarValue("_kind", of: template).text ?? "show"
        let segueClass = try m.runtime.ivarValue("_segueClassName", of: template).text.flatMap { try m.runtime.getClass(named: $0) }
            ?? m.runtime.requireClass(named: "UIStoryboardSegue")
        let allocated = try m.send("alloc", to: segueClass)
        let segue = try m.send("initWithIdentifier:source:destination:", to: allocated.object, identifier, .object(source), .object(destination))
        try m.send("prepareForSegue:sender:", to: source, segue, sender)
        switch kind {
        case "custom":
            try m.send("perform", to: segue.object)
        case "show", "push":
            if case .object(let navigation) = try m.send("navigationController", to: source) {
                try m.send("pushViewController:animated:", to: navigation, .object(destination), true)
                return
            }
            try m.send("presentViewController:animated:completion:", to: source, .object(destination), true, .nil)
        case "embed", "unwind":
            // Embedding happens as the container's view loads, and unwinding needs the
            // unwind action's search; neither is a tap's.
            break
        default:
            try m.send("presentViewController:animated:completion:", to: source, .object(destination), true, .nil)
        }
    }

    /// `-performSegueWithIdentifier:sender:`: the controller's segue of that identifier,
    /// performed without asking; false when it has none.
    static func performSegue(withIdentifier identifier: String, sender: Value, _ m: borrowing Message) throws -> Bool {
        let templates = try m.ivar("_segueTemplates").arrayContents ?? []
        guard let template = try templates.first(where: { try $0.object.map { try m.runtime.ivarValue("_identifier", of: $0).text } == identifier }),
              case .object(let found) = template else { return false }
        try performSegue(of: found, sender: sender, asked: false, m)
        return true
    }
}
