import Runtime

extension ClassLibrary {
    /// `UIButton` with a title and target–action: each registration is `@[target, action,
    /// events]`, and `sendActionsForControlEvents:` sends every action whose events overlap.
    static func defineButton(in runtime: Runtime, view: Class) throws {
        try runtime.registerClass(named: "UIButton", superclass: view) { c in
            try c.addProperty(Property(name: "title", type: .object(className: "NSString"), attributes: [.copy]))
            try c.addProperty(Property(name: "allTargetActions", type: .object(className: "NSArray"), attributes: [.readOnly]))
            try c.addMethod("addTarget:action:forControlEvents:", types: "v@:@:Q") { m in
                _ = try m.selectorArgument(1)
                let registration = Value.array([m[0], m[1], .int(m[2].intValue ?? 0)])
                let existing = try m.array("allTargetActions", of: m.receiver)
                try m.runtime.setIvar("_allTargetActions", of: m.receiver, to: .array(existing + [registration]))
                return .nil
            }
            try c.addMethod("sendActionsForControlEvents:", types: "v@:Q") { m in
                let events = m[0].intValue ?? 0
                // A subclass may answer allTargetActions itself: take only well-formed registrations.
                for case .array(let registration) in try m.array("allTargetActions", of: m.receiver)
                where registration.count == 3 && (registration[2].intValue ?? 0) & events != 0 {
                    guard case .selector(let action) = registration[1] else { continue }
                    // An action takes the sender when its name ends in a colon, as UIKit's do.
                    let arguments = action.argumentCount == 0 ? Arguments() : Arguments(.object(m.receiver))
                    try m.send(action, to: registration[0].object, arguments)
                }
                return .nil
            }
        }
    }

}
