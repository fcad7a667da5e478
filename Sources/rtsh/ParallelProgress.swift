import Synchronization

/// The progress of a run split into parts that run at once (`rtsh test --jobs N`), shown as
/// one ``ProgressLine``: the parts' finished and total counts summed, and the name a part
/// started last.
final class ParallelProgress: Sendable {
    /// Each part's count, once it has said it (its total is known only once it has loaded).
    private let parts: Mutex<[(finished: Int, total: Int)?]>
    private let line: ProgressLine

    init(parts count: Int, line: ProgressLine) {
        parts = Mutex(Array(repeating: nil, count: count))
        self.line = line
    }

    /// Part `part` has finished `finished` of its `total`, and starts `name`.
    func update(part: Int, finished: Int, total: Int, _ name: String) {
        let (done, all) = parts.withLock { parts in
            parts[part] = (finished, total)
            return parts.reduce((0, 0)) { sum, part in (sum.0 + (part?.finished ?? 0), sum.1 + (part?.total ?? 0)) }
        }
        line.update(done, of: all, name)
    }
}
