import Runtime
import Synchronization

/// The handlers the code installed for the process (``SignalFunctions``): a signal's
/// action by its number, and the uncaught-exception handler.
final class InstalledHandlers: Sendable {
    private let state = Mutex<(actions: [Int: Value], exceptionHandler: Value)>(([:], .nil))

    /// Installs `action` (a `struct sigaction`, or nil for none) for `signal`; answers the one before.
    func exchangeAction(for signal: Int, with action: Value?) -> Value? {
        state.withLock { state in
            let previous = state.actions[signal]
            if let action { state.actions[signal] = action }
            return previous
        }
    }

    /// Installs `handler` as the uncaught-exception handler; answers the one before.
    func exchangeExceptionHandler(with handler: Value?) -> Value {
        state.withLock { state in
            let previous = state.exceptionHandler
            if let handler { state.exceptionHandler = handler }
            return previous
        }
    }

    /// Lets the handlers go, which may hold what holds this state.
    func removeAll() { state.withLock { $0 = ([:], .nil) } }
}
