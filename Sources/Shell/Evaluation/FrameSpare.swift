import Synchronization

/// One frame kept back between runs of the same method, so that a send does not allocate
/// and free a frame every time: a run takes the spare if no other run (a recursive call,
/// another thread) holds it, and gives its frame back, emptied, when it ends.
///
/// @unchecked Sendable: a method's code may run on any thread, and the spare passes whole
/// from one run to the next through the atomic. A frame is given back only when nothing
/// else references it (`isKnownUniquelyReferenced`), so the run that takes it next is the
/// only one that can touch it.
final class FrameSpare: @unchecked Sendable {
    /// The frames' size, the slots the code was bound to.
    let size: Int
    /// The spare, retained by this holder while it is kept (released on the way out or in
    /// `deinit`).
    private let spare = Atomic<Unmanaged<Frame>?>(nil)

    init(size: Int) {
        self.size = size
    }

    deinit {
        spare.load(ordering: .acquiring)?.release()
    }

    /// A frame of `size` slots, each nil: the spare, or a new one while another run has it.
    func take() -> Frame {
        guard let kept = spare.exchange(nil, ordering: .acquiring) else { return Frame.make(size: size) }
        return kept.takeRetainedValue()
    }

    /// Ends a run with its frame: emptied (it must not keep `self` or a local alive) and
    /// kept for the next run, unless something still references it or a spare is already
    /// kept, in which case it is simply dropped.
    func giveBack(_ frame: consuming Frame) {
        var frame = consume frame
        guard isKnownUniquelyReferenced(&frame) else { return }
        frame.clear()
        let kept = Unmanaged.passRetained(frame)
        if !spare.compareExchange(expected: nil, desired: kept, ordering: .releasing).exchanged { kept.release() }
    }
}
