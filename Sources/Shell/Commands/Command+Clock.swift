import Runtime
import UIKitModel

extension Command {
    static let clock: [Command] = [advance]

    /// Moves the main run loop's virtual clock on: what falls due on the way runs at its
    /// own time, in order, and the command then says what ran.
    static let advance = Command(
        name: "advance", summary: "move the virtual clock on by SECONDS, running the timers, dispatch_after blocks and delayed performs due",
        signature: Signature([.argument("SECONDS", .expression)]), example: "advance 0.5"
    ) { session, arguments, command in
        let written = arguments["SECONDS"]!
        let value = try session.evaluate(written)
        guard let seconds = value.numberValue, seconds.isFinite, seconds >= 0 else {
            throw command.usageError("advance takes a number of seconds, 0 or more, such as 0.5, but '\(written.text)' is \(value)", at: written.location)
        }
        let clock = session.framework.clock
        let delay = VirtualClock.nanoseconds(fromSeconds: seconds)
        let report: VirtualClock.Report
        do {
            report = try clock.advance(by: delay)
        } catch let overrun as VirtualClock.Overrun {
            throw EvaluationError(.runLoopOverrun(overrun))
        }
        session.output.print("advanced \(VirtualClock.secondsText(delay)) to \(VirtualClock.secondsText(report.end)): \(describe(report))")
    }

    /// `2 blocks ran, 1 timer fired`, or `nothing was due`.
    static func describe(_ report: VirtualClock.Report) -> String {
        func counted(_ count: Int, _ noun: String, _ verb: String) -> String? {
            count == 0 ? nil : "\(count) \(noun)\(count == 1 ? "" : "s") \(verb)"
        }
        let parts = [
            counted(report.count(of: .block), "block", "ran"), counted(report.count(of: .timer), "timer", "fired"),
            counted(report.count(of: .perform), "delayed perform", "ran"),
        ].compactMap { $0 }
        return parts.isEmpty ? "nothing was due" : parts.joined(separator: ", ")
    }
}
