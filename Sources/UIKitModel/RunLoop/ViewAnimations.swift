import Runtime
import Synchronization

/// The animation blocks UIView is running (`animateWithDuration:animations:` and its
/// kin), innermost last. A view's animatable property changed inside one animates the
/// view's layer for the block's duration, as UIKit's does: the layer lists the animation
/// under its key path (`alpha`'s under `opacity`) until it ends, which is what HUD tests
/// and KIF's wait for animations read.
final class ViewAnimations: Sendable {
    /// The duration and the delay of each block running, in seconds.
    private let blocks = Mutex<[(duration: Double, delay: Double)]>([])

    /// Runs `body` as the animations of a block of `duration` seconds after `delay`.
    func running<Result>(duration: Double, delay: Double, _ body: () throws -> Result) rethrows -> Result {
        blocks.withLock { $0.append((duration, delay)) }
        defer { _ = blocks.withLock { $0.popLast() } }
        return try body()
    }

    /// Tells that the message's receiver, a view, changed a property from `before` to
    /// `after`: inside a block that lasts, its layer animates `keyPath` between the two.
    func changed(_ keyPath: String, from before: Value, to after: Value, in m: borrowing Message) throws {
        guard before != after, let block = blocks.withLock({ $0.last }), block.duration > 0 else { return }
        guard let animation = try m.send("animationWithKeyPath:", to: m.runtime.requireClass(named: "CABasicAnimation"), .string(keyPath)).object
        else { return }
        try m.send("setFromValue:", to: animation, before)
        try m.send("setToValue:", to: animation, after)
        try m.send("setDuration:", to: animation, .double(block.duration))
        // The library's layers take a begin time as the delay before the animation starts.
        try m.send("setBeginTime:", to: animation, .double(block.delay))
        try m.send("addAnimation:forKey:", to: m.send("layer", to: m.receiver).object, .object(animation), .string(keyPath))
    }
}
