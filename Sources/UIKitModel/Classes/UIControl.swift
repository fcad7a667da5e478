import Runtime

extension ClassLibrary {
    /// UIKit's `UIControlEventValueChanged`, which switches, sliders and segmented controls send.
    static let valueChanged = 1 << 12

    /// `UIControl`: target–action and the enabled, selected and highlighted states. Each
    /// registration is `@[target, action, events]`; `sendActionsForControlEvents:` sends
    /// every action whose events overlap, in the order they were added, as UIKit does.
    static func defineControl(in runtime: Runtime, view: Class) throws -> Class {
        let isEnabled = try runtime.selector("isEnabled"), isSelected = try runtime.selector("isSelected")
        let isHighlighted = try runtime.selector("isHighlighted"), allTargetActions = try runtime.selector("allTargetActions")
        let targetForAction = try runtime.selector("targetForAction:withSender:")
        let null = try runtime.selector("null"), setWithArray = try runtime.selector("setWithArray:")
        let initialize = try runtime.selector("initWithFrame:")
        return try runtime.registerLazyClass(named: "UIControl", superclass: view) { c in
            try c.addProperty(Property(name: "enabled", type: .bool, attributes: [.nonatomic], getter: "isEnabled"))
            try c.addProperty(Property(name: "selected", type: .bool, attributes: [.nonatomic], getter: "isSelected"))
            try c.addProperty(Property(name: "highlighted", type: .bool, attributes: [.nonatomic], getter: "isHighlighted"))
            try c.addProperty(Property(name: "allTargetActions", type: .object(className: "NSArray"), attributes: [.readOnly]))
            try c.addMethod("initWithFrame:", types: "@@:\(rectType)") { m in
                try m.initializingSuper(initialize, Arguments(m[0])) { this in try m.runtime.setIvar("_enabled", of: this, to: true) }
            }
            // UIControlStateNormal 0, Highlighted 1, Disabled 2, Selected 4, combined.
            try c.addMethod("state", types: "Q@:") { m in
                var state = 0
                if try m.send(isHighlighted, to: m.receiver).isTruthy { state |= 1 }
                if try !m.send(isEnabled, to: m.receiver).isTruthy { state |= 2 }
                if try m.send(isSelected, to: m.receiver).isTruthy { state |= 4 }
                return .int(state)
            }
            try c.addMethod("addTarget:action:forControlEvents:", types: "v@:@:Q") { m in
                _ = try m.selectorArgument(1)
                let registration = Value.array([try ActionTarget.stored(m[0], in: m.runtime), m[1], .int(m[2].intValue ?? 0)])
                let existing = try m.send(allTargetActions, to: m.receiver).arrayElements
                try m.setIvar("_allTargetActions", .array(existing + [registration]))
                return .nil
            }
            // A nil target matches every target and a NULL action every action; the events
            // named are taken off, and a registration left with none goes.
            try c.addMethod("removeTarget:action:forControlEvents:", types: "v@:@:Q") { m in
                let events = m[2].intValue ?? 0
                let kept: [Value] = try m.send(allTargetActions, to: m.receiver).arrayElements.compactMap { entry in
                    guard case .array(let registration) = entry, registration.count == 3 else { return entry }
                    let matches = (m[0] == .nil || ActionTarget.object(of: registration[0]) === m[0].object) && (m[1] == .nil || registration[1] == m[1])
                    guard matches else { return entry }
                    let remaining = (registration[2].intValue ?? 0) & ~events
                    return remaining == 0 ? nil : .array([registration[0], registration[1], .int(remaining)])
                }
                try m.setIvar("_allTargetActions", .array(kept))
                return .nil
            }
            try c.addMethod("actionsForTarget:forControlEvent:", types: "@@:@Q") { m in
                let events = m[1].intValue ?? 0
                let names: [Value] = try m.send(allTargetActions, to: m.receiver).arrayElements.compactMap { entry in
                    guard case .array(let registration) = entry, registration.count == 3, ActionTarget.object(of: registration[0]) === m[0].object,
                          (registration[2].intValue ?? 0) & events != 0, case .selector(let action) = registration[1] else { return nil }
                    return .string(action.name)
                }
                return names.isEmpty ? .nil : .array(names)
            }
            // Every target registered and still there, once each; NSNull stands for a nil
            // target (the responder chain), as in UIKit.
            try c.addMethod("allTargets", types: "@@:") { m in
                var targets: [Value] = []
                for case .array(let registration) in try m.send(allTargetActions, to: m.receiver).arrayElements where registration.count == 3 {
                    let target: Value = if registration[0] == .nil {
                        try m.send(null, to: m.runtime.requireClass(named: "NSNull"))
                    } else if let object = ActionTarget.object(of: registration[0]) { .object(object) } else { .nil }
                    if target != .nil, !targets.contains(where: { $0.object === target.object }) { targets.append(target) }
                }
                return try m.send(setWithArray, to: m.runtime.requireClass(named: "NSSet"), Arguments(.array(targets)))
            }
            try c.addMethod("sendActionsForControlEvents:", types: "v@:Q") { m in
                let events = m[0].intValue ?? 0
                // A subclass may answer allTargetActions itself: take only well-formed registrations.
                for case .array(let registration) in try m.send(allTargetActions, to: m.receiver).arrayElements
                where registration.count == 3 && (registration[2].intValue ?? 0) & events != 0 {
                    guard case .selector(let action) = registration[1] else { continue }
                    // An action takes the sender, and the event after it, as many as its name
                    // has colons (UIKit's forms: `action`, `action:` and `action:forEvent:`);
                    // there is no event when code sends the actions.
                    let arguments = switch action.argumentCount {
                    case 0: Arguments()
                    case 1: Arguments(.object(m.receiver))
                    default: Arguments(.object(m.receiver), .nil)
                    }
                    // A nil target is the first responder up the chain from the control that
                    // performs the action (`targetForAction:withSender:`).
                    let target = try ActionTarget.object(of: registration[0])
                        ?? m.send(targetForAction, to: m.receiver, Arguments(.selector(action), .object(m.receiver))).object
                    try m.send(action, to: target, arguments)
                }
                return .nil
            }
        }
    }
}
