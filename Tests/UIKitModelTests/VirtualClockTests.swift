import Synchronization
import Testing
import UIKitModel

@Suite("The virtual clock")
struct VirtualClockTests {
    /// What ran, in order, shared with the scheduled work.
    private final class Log: Sendable {
        private let lines = Mutex<[String]>([])
        func add(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test func workRunsInOrderOfTimeThenOfSchedulingEachAtItsTime() throws {
        let clock = VirtualClock()
        let log = Log()
        clock.schedule(after: 200, kind: .block) { log.add("b at \(clock.now)") }
        clock.schedule(after: 100, kind: .timer) { log.add("a at \(clock.now)") }
        clock.schedule(after: 200, kind: .perform) { log.add("c at \(clock.now)") }
        clock.schedule(after: 0, kind: .block) {
            log.add("now at \(clock.now)")
            clock.schedule(after: 50, kind: .block) { log.add("scheduled while running, at \(clock.now)") }
        }
        #expect(try clock.runDue().total == 1)
        let report = try clock.advance(by: 150)
        #expect(report.count(of: .block) == 1 && report.count(of: .timer) == 1 && report.end == 150)
        try clock.advance(by: 1_000)
        #expect(log.all == ["now at 0", "scheduled while running, at 50", "a at 100", "b at 200", "c at 200"])
        #expect(clock.now == 1_150 && clock.pendingCount == 0)
    }

    @Test func cancelledWorkDoesNotRun() throws {
        let clock = VirtualClock()
        let log = Log()
        let owner = ObjectIdentifier(log)
        let token = clock.schedule(after: 10, kind: .block) { log.add("cancelled") }
        clock.schedule(after: 10, kind: .perform, owner: owner) { log.add("cancelled by owner") }
        clock.schedule(after: 20, kind: .block) { log.add("kept") }
        clock.cancel(token)
        #expect(clock.cancel(kind: .perform, owner: owner) == 1)
        try clock.advance(by: 100)
        #expect(log.all == ["kept"])
    }

    @Test func workThatNeverEndsStopsAtTheLimitAndStaysScheduled() throws {
        let clock = VirtualClock()
        @Sendable func again() { clock.schedule(after: 1, kind: .timer, again) }
        again()
        #expect(throws: VirtualClock.Overrun.self) { try clock.advance(by: 1_000_000, limit: 100) }
        #expect(clock.now == 100 && clock.pendingCount == 1)
        clock.cancelAll()
        #expect(try clock.advance(by: 10).total == 0)
    }

    /// A batch queued before the run (more than the limit, as a performance test
    /// dispatches ten thousand blocks at once) runs whole, and the limit counts the work
    /// beyond it.
    @Test func aBatchQueuedBeforeTheRunRunsWhole() throws {
        let clock = VirtualClock()
        let log = Log()
        for index in 0..<250 { clock.schedule(after: 0, kind: .block) { if index % 50 == 0 { log.add("\(index)") } } }
        #expect(try clock.advance(by: 0, limit: 100).total == 250)
        #expect(log.all == ["0", "50", "100", "150", "200"])
        @Sendable func again() { clock.schedule(after: 1, kind: .timer, again) }
        for _ in 0..<2 { again() }
        #expect(throws: VirtualClock.Overrun.self) { try clock.advance(by: 1_000_000, limit: 100) }
        #expect(clock.pendingCount == 2)
    }

    @Test func anErrorStopsTheClockAtTheFailedWork() throws {
        struct Failed: Error {}
        let clock = VirtualClock()
        let log = Log()
        clock.schedule(after: 5, kind: .block) { throw Failed() }
        clock.schedule(after: 8, kind: .block) { log.add("after") }
        #expect(throws: Failed.self) { try clock.advance(by: 10) }
        #expect(clock.now == 5 && log.all.isEmpty)
        try clock.advance(by: 5)
        #expect(log.all == ["after"] && clock.now == 10)
    }

    @Test func timesReadAsSeconds() {
        #expect(VirtualClock.secondsText(500_000_000) == "0.5 s")
        #expect(VirtualClock.secondsText(2_000_000_000) == "2 s")
        #expect(VirtualClock.secondsText(1_000) == "0.000001 s")
        #expect(VirtualClock.nanoseconds(fromSeconds: 0.1) == 100_000_000)
        #expect(VirtualClock.nanoseconds(fromSeconds: .infinity) > 1_000_000_000 * 1_000_000)
    }
}
