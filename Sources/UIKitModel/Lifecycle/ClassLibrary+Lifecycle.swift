import Runtime

/// Driving a view controller through its life from outside, as UIKit would.
extension ClassLibrary {
    /// What firing an event did.
    public enum FireOutcome: Hashable, Sendable {
        /// The event was sent; the method returned this.
        case delivered(Value)
        /// The event was out of order for the controller's appearance state; nothing was
        /// sent and the state is unchanged. The message is what UIKit logs.
        case unbalanced(String)
    }

    /// The controller's appearance state.
    public func appearanceState(of controller: Object) throws -> AppearanceState {
        try requireViewController(controller)
        return try Appearance.state(of: controller, in: runtime)
    }

    /// Loads the controller's view if it has not been: `loadView`, then `viewDidLoad`.
    @discardableResult
    public func loadView(of controller: Object) throws -> Value {
        try requireViewController(controller)
        return try runtime.send("view", to: controller)
    }

    /// Makes the controller appear: will-appear, is-appearing, layout, did-appear, each
    /// forwarded to the children it manages.
    public func appear(_ controller: Object, animated: Bool = false) throws {
        try requireViewController(controller)
        try runtime.send("beginAppearanceTransition:animated:", to: controller, true, .bool(animated))
        try runtime.send("endAppearanceTransition", to: controller)
    }

    /// Makes the controller disappear: will-disappear, did-disappear.
    public func disappear(_ controller: Object, animated: Bool = false) throws {
        try requireViewController(controller)
        try runtime.send("beginAppearanceTransition:animated:", to: controller, false, .bool(animated))
        try runtime.send("endAppearanceTransition", to: controller)
    }

    /// Fires one event. An appearance event out of order (did-appear without will-appear,
    /// appearing twice) is not sent: it is reported as UIKit reports an unbalanced
    /// appearance transition, and the state stays as it was.
    ///
    /// - Parameter argument: the argument of an event that takes one (`animated`, the
    ///   parent); defaults to `NO` or nil.
    @discardableResult
    public func fire(_ event: LifecycleEvent, on controller: Object, argument: Value? = nil) throws -> FireOutcome {
        try requireViewController(controller)
        let selector = try runtime.selector(event.selectorName)
        let arguments = selector.argumentCount == 0 ? Arguments() : Arguments(argument ?? (event.rawValue.hasPrefix("view") ? false : .nil))
        if let step = event.appearanceStep {
            let state = try Appearance.state(of: controller, in: runtime)
            let next: AppearanceState? = switch step {
            case .begin(let appearing): state.beginning(appearing: appearing)
            case .end(let reaching): state.ended == reaching ? reaching : nil
            case .during(let required): state == required ? state : nil
            }
            guard let next else {
                let message = AppearanceState.unbalancedMessage(for: controller)
                console.log(message)
                return .unbalanced(message)
            }
            try Appearance.setState(next, animated: arguments.first?.isTruthy ?? false, of: controller, in: runtime)
        }
        return .delivered(try runtime.send(selector, to: controller, arguments))
    }

    private func requireViewController(_ object: Object) throws(ClassLibraryError) {
        guard let viewController = runtime.class(named: "UIViewController"), object.isKind(of: viewController) else {
            throw .notAViewController(object.description)
        }
    }
}
