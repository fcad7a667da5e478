import Testing
import UIKitModel

/// The clock's work runs on strands, threads that take turns with the thread running the
/// clock: what the work and the clock's thread share needs no lock of its own, because
/// each hand-over orders everything before it. (Run under ThreadSanitizer by scripts/test.)
@Suite("Strands taking turns with the clock's thread")
struct StrandConcurrencyTests {
    /// State with no lock, written by the work on its strands and by the test's thread.
    private final class Tally: @unchecked Sendable {
        // @unchecked: on purpose, to show the hand-overs order every access; a race here
        // is what ThreadSanitizer would report.
        var started = 0
        var finished = 0
        var released = false
        var order: [Int] = []
    }

    @Test func suspendedWorkAndTheClocksThreadShareStateWithoutRaces() throws {
        let clock = VirtualClock()
        let tally = Tally()
        for index in 0..<40 {
            clock.schedule(after: index % 3 == 0 ? 0 : 1_000, kind: .block) {
                tally.started += 1
                if index % 2 == 0 {
                    // Half wait for the release, some with a deadline, which comes first.
                    _ = try clock.advance(until: { tally.released }, timeout: index % 4 == 0 ? 500 : 5_000)
                }
                tally.order.append(index)
                tally.finished += 1
            }
        }
        try clock.advance(by: 2_000)
        tally.released = true
        #expect(try clock.advance(until: { tally.finished == 40 }))
        #expect(tally.started == 40 && tally.order.count == 40 && Set(tally.order).count == 40)
        // At 0 the work that does not wait ends first; the waits with the early deadline end
        // at it (500); the rest, released, go on in the order they began to wait.
        #expect(Array(tally.order.prefix(11)) == [3, 9, 15, 21, 27, 33, 39, 0, 12, 24, 36])
        #expect(Array(tally.order.suffix(10)) == [6, 18, 30, 2, 10, 14, 22, 26, 34, 38])
        clock.cancelAll()
    }
}
