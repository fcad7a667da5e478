import Synchronization

/// The observers of a runtime's sends. Sends check the runtime's `isTracing` flag (one
/// relaxed load) and pay for nothing else while no observer is attached.
final class Tracing: Sendable {
    private let observers = Locked<(next: Int, all: [(id: Int, observe: @Sendable (TraceEvent) -> Void)])>((1, []))

    func add(_ observe: @escaping @Sendable (TraceEvent) -> Void, active: borrowing Atomic<Bool>) -> TraceObserverToken {
        observers.withLock { state in
            let id = state.next
            state.next += 1
            state.all.append((id, observe))
            active.store(true, ordering: .relaxed)
            return TraceObserverToken(id: id)
        }
    }

    func remove(_ token: TraceObserverToken, active: borrowing Atomic<Bool>) {
        observers.withLock { state in
            state.all.removeAll { $0.id == token.id }
            active.store(!state.all.isEmpty, ordering: .relaxed)
        }
    }

    /// Calls every observer, outside the lock so an observer may itself send or trace.
    func notify(_ event: TraceEvent) {
        for observer in observers.withLock({ $0.all }) {
            observer.observe(event)
        }
    }
}

extension Runtime {
    /// Calls `observer` for every send and super send from now on: once when the method
    /// is entered, once when it returns or throws. Observers run on the sending thread.
    @discardableResult
    public func addTraceObserver(_ observer: @escaping @Sendable (TraceEvent) -> Void) -> TraceObserverToken {
        tracing.add(observer, active: isTracing)
    }

    /// Stops calling the observer `token` names.
    public func removeTraceObserver(_ token: TraceObserverToken) {
        tracing.remove(token, active: isTracing)
    }
}
