import Synchronization

/// The observers of a runtime's sends. While none is attached, a send pays for tracing
/// nothing beyond the depth compare it makes anyway (see ``Runtime/untracedDepthLimit``).
final class Tracing: Sendable {
    private let observers = Locked<(next: Int, all: [(id: Int, observe: @Sendable (TraceEvent) -> Void)])>((1, []))

    /// Adds an observer, and sets `limit` to 0 so that every send takes the checked path.
    func add(_ observe: @escaping @Sendable (TraceEvent) -> Void, limit: borrowing Atomic<Int>) -> TraceObserverToken {
        observers.withLock { state in
            let id = state.next
            state.next += 1
            state.all.append((id, observe))
            limit.store(0, ordering: .relaxed)
            return TraceObserverToken(id: id)
        }
    }

    /// Removes an observer, and gives `limit` back `maximum` when none is left.
    func remove(_ token: TraceObserverToken, limit: borrowing Atomic<Int>, maximum: Int) {
        observers.withLock { state in
            state.all.removeAll { $0.id == token.id }
            limit.store(state.all.isEmpty ? maximum : 0, ordering: .relaxed)
        }
    }

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
        tracing.add(observer, limit: untracedDepthLimit)
    }

    /// Stops calling the observer `token` names.
    public func removeTraceObserver(_ token: TraceObserverToken) {
        tracing.remove(token, limit: untracedDepthLimit, maximum: maximumSendDepth)
    }

    /// Whether any trace observer is attached.
    var isTracing: Bool { untracedDepthLimit.load(ordering: .relaxed) == 0 }
}
