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

    /// A wait runs more work at once than a drain: what it waits for may take a long
    /// chain of blocks, each queueing the next.
    @Test func aWaitRunsALongerChainOfWorkThanADrain() throws {
        let clock = VirtualClock()
        final class Chain: @unchecked Sendable {
            // @unchecked: only the clock's work and the test touch it, one at a time.
            var links = 0
        }
        let chain = Chain()
        @Sendable func link() {
            chain.links += 1
            if chain.links < 20_000 { clock.schedule(after: 0, kind: .block, link) }
        }
        clock.schedule(after: 0, kind: .block, link)
        #expect(throws: VirtualClock.Overrun.self) { try clock.runDue() }
        #expect(chain.links == VirtualClock.defaultRunLimit)
        #expect(try clock.advance(until: { chain.links == 20_000 }))
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

    /// A flag the scheduled work sets and waits for, as a semaphore's count.
    private final class Flag: Sendable {
        private let value = Mutex(false)
        func set() { value.withLock { $0 = true } }
        var isSet: Bool { value.withLock { $0 } }
    }

    /// Work that waits for work queued after it is suspended in its wait, and goes on once
    /// that has run: it does not run the rest of the run loop nested inside itself, so two
    /// hundred such waits nest nothing.
    @Test func workWaitingForLaterWorkIsSuspendedUntilItsWaitIsOver() throws {
        let clock = VirtualClock()
        let log = Log()
        let flags = (0..<200).map { _ in Flag() }
        for index in 0..<200 {
            clock.schedule(after: 0, kind: .block) {
                if index == 0 { log.add("first waits") }
                // Each waits for the one after it; the last waits for nothing.
                if index < 199, try !clock.advance(until: { flags[index + 1].isSet }) { log.add("\(index) never went on") }
                flags[index].set()
                if index == 0 { log.add("first goes on") }
            }
        }
        clock.schedule(after: 0, kind: .block) { log.add("queued last") }
        let report = try clock.runDue(limit: 100)
        // Waits that are over go on before more work starts: the first before the last queued.
        #expect(log.all == ["first waits", "first goes on", "queued last"])
        #expect(flags.allSatisfy(\.isSet) && clock.now == 0)
        #expect(report.count(of: .block) == 201 + 199, "each block, and each wait resumed")
    }

    /// A wait with a deadline inside work ends there when nothing made it hold, with the
    /// clock at the deadline; one that ended earlier leaves no deadline behind to move it.
    @Test func aSuspendedWaitEndsAtItsDeadline() throws {
        let clock = VirtualClock()
        let log = Log()
        let flag = Flag()
        clock.schedule(after: 0, kind: .block) {
            let held = try clock.advance(until: { flag.isSet }, timeout: 500)
            log.add("timed out: \(!held) at \(clock.now)")
        }
        clock.schedule(after: 0, kind: .block) {
            let held = try clock.advance(until: { flag.isSet }, timeout: 10_000)
            log.add("signalled: \(held) at \(clock.now)")
        }
        clock.schedule(after: 1_000, kind: .timer) { flag.set() }
        // Time alone: `runUntilDate:` inside queued work.
        clock.schedule(after: 0, kind: .block) {
            try clock.advance(by: 2_000)
            log.add("slept until \(clock.now)")
        }
        try clock.advance(by: 5_000)
        #expect(log.all == ["timed out: true at 500", "signalled: true at 1000", "slept until 2000"])
        #expect(clock.pendingCount == 0 && clock.now == 5_000)
    }

    /// Work waiting for what never comes stays suspended without holding up the run loop or
    /// the wait of the code outside the clock's work; resetting the clock ends it, its wait
    /// throwing.
    @Test func workWaitingForEverIsAbandonedWhenTheClockIsReset() throws {
        struct Never: Error {}
        let clock = VirtualClock()
        let log = Log()
        clock.schedule(after: 0, kind: .block) {
            do {
                _ = try clock.advance(until: { false })
                log.add("never")
            } catch {
                log.add("abandoned: \(error)")
                throw error
            }
        }
        clock.schedule(after: 0, kind: .block) { log.add("ran beside it") }
        #expect(try clock.runDue().count(of: .block) == 2)
        #expect(try !clock.advance(until: { false }))
        #expect(log.all == ["ran beside it"])
        clock.cancelAll()
        #expect(log.all == ["ran beside it", "abandoned: the run loop was reset while this work waited"])
    }

    /// An error thrown by work after it was resumed stops the run that resumed it.
    @Test func anErrorAfterAWaitStopsTheRunThatResumedIt() throws {
        struct Failed: Error {}
        let clock = VirtualClock()
        let flag = Flag()
        clock.schedule(after: 0, kind: .block) {
            _ = try clock.advance(until: { flag.isSet })
            throw Failed()
        }
        try clock.runDue()
        clock.schedule(after: 10, kind: .block) { flag.set() }
        #expect(throws: Failed.self) { try clock.advance(by: 20) }
        #expect(clock.now == 10)
    }

    @Test func timesReadAsSeconds() {
        #expect(VirtualClock.secondsText(500_000_000) == "0.5 s")
        #expect(VirtualClock.secondsText(2_000_000_000) == "2 s")
        #expect(VirtualClock.secondsText(1_000) == "0.000001 s")
        #expect(VirtualClock.nanoseconds(fromSeconds: 0.1) == 100_000_000)
        #expect(VirtualClock.nanoseconds(fromSeconds: .infinity) > 1_000_000_000 * 1_000_000)
    }
}
