import Foundation
import Runtime
import Synchronization
import UIKitModel

/// A counter an implementation can bump as cheaply as C bumps an ivar: no exclusivity
/// check, no atomic. Only the benchmark thread touches it.
struct Counter: @unchecked Sendable {
    let storage = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    init() { storage.initialize(to: 0) }
    func add(_ amount: Int) { storage.pointee &+= amount }
    var value: Int { storage.pointee }
}

enum Benchmarks {
    static func runAll(reference: Reference) throws {
        print("benchmark".padding(toLength: 40, withPad: " ", startingAt: 0) + " rtsh            libobjc         ratio (rtsh / libobjc)")
        var reference = reference
        try dispatch(&reference)
        try registration(reference)
        try concurrency()
        try superCallSweep()
        if reference.executable != nil {
            print("\nGNU libobjc's figures (objc-baseline run between rtsh's rounds; medians):\n" + reference.summary)
        }
    }

    // MARK: Reporting

    static func report(_ name: String, _ value: Double, _ unit: String, reference: Double? = nil, note: String = "") {
        let ours = String(format: "%10.2f %-4@", value, unit)
        let theirs = reference.map { String(format: "%10.2f %-4@", $0, unit) } ?? String(repeating: " ", count: 15)
        // Below 1 the ratio reads better turned round: "127x faster".
        let ratio = reference.map { value / $0 < 0.5 ? String(format: "%5.0fx faster", $0 / value) : String(format: "%6.2fx", value / $0) }
        print(name.padding(toLength: 40, withPad: " ", startingAt: 0) + " " + ours + " " + theirs + " " + (ratio ?? "       ")
            + (note.isEmpty ? "" : "  " + note))
    }

    /// The median of `runs` timings of `body`, in nanoseconds per `operations`.
    static func median(runs: Int = 9, operations: Int, _ body: () throws -> Void) rethrows -> Double {
        median(of: try timings(runs: runs, operations: operations, body))
    }

    /// `runs` timings of `body`, in nanoseconds per `operations`.
    static func timings(runs: Int, operations: Int, _ body: () throws -> Void) rethrows -> [Double] {
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(operations))
        }
        return samples
    }

    /// The middle sample (the upper middle of an even count).
    static func median(of samples: [Double]) -> Double {
        samples.sorted()[samples.count / 2]
    }

    /// "median of 15 runs, 6.40-7.15; libobjc's of 5 runs": how many samples each side's
    /// median is taken from, and the range of rtsh's.
    static func spread(of samples: [Double], reference: Reference, _ key: String) -> String {
        let ours = String(format: "median of %d runs, %.2f-%.2f", samples.count, samples.min()!, samples.max()!)
        let theirs = reference.sampleCount(key)
        return theirs > 1 ? ours + "; libobjc's of \(theirs) runs" : ours
    }

    // MARK: Dispatch

    /// Rounds of the send and exchange timings. Each round runs the reference first when it
    /// is an executable, so GNU libobjc's samples and rtsh's are taken turn about over the
    /// same stretch of time: on a shared machine both move by a tenth from one minute to
    /// the next, and a reference timed once at the start left the ratios to chance.
    static let dispatchRounds = 5

    static func dispatch(_ reference: inout Reference) throws {
        let fixture = try SendFixture()
        let (runtime, counter, instance, subinstance) = (fixture.runtime, fixture.counter, fixture.instance, fixture.subinstance)
        let (viewDidLoad, viewWillAppear, none, yes) = (fixture.viewDidLoad, fixture.viewWillAppear, fixture.none, fixture.yes)
        let sends = 10_000_000
        // Exchange and restore through the ledger, as the shell does, with a send after each.
        let first = try runtime.method(MethodReference(className: "Controller", selector: "viewDidLoad"))
        let second = try runtime.method(MethodReference(className: "Controller", selector: "alternate"))
        let swaps = 200_000

        var cached: [Double] = [], boolean: [Double] = [], withSuper: [Double] = [], exchange: [Double] = []
        for round in 0..<dispatchRounds {
            // Classes registered in the first round only: the registration figure needs one sample.
            try reference.measure(classes: round == 0 ? 10_000 : 0)
            cached += try timings(runs: 3, operations: sends) {
                for _ in 0..<sends { _ = try runtime.send(viewDidLoad, to: instance, none) }
            }
            boolean += try timings(runs: 3, operations: sends) {
                for _ in 0..<sends { _ = try runtime.send(viewWillAppear, to: instance, yes) }
            }
            withSuper += try timings(runs: 3, operations: sends) {
                for _ in 0..<sends { _ = try runtime.send(viewDidLoad, to: subinstance, none) }
            }
            exchange += try timings(runs: 3, operations: swaps) {
                for _ in 0..<swaps {
                    let entry = try runtime.exchangeImplementations(first, second)
                    _ = try runtime.send(viewDidLoad, to: instance, none)
                    try runtime.undo(entry.id)
                    _ = try runtime.send(viewDidLoad, to: instance, none)
                }
            }
        }
        precondition(runtime.ledger.isEmpty, "the exchange benchmark left changes behind")
        precondition(counter.value > 0)
        for (name, samples, key) in [
            ("send, cached, no argument", cached, "send_cached_ns"), ("send, cached, one BOOL", boolean, "send_bool_arg_ns"),
            ("send plus super send", withSuper, "send_plus_super_ns"), ("exchange + restore, send after each", exchange, "exchange_and_restore_ns"),
        ] {
            report(name, median(of: samples), "ns", reference: reference[key], note: spread(of: samples, reference: reference, key))
        }

        let (session, object, ping) = try SendFixture.interpreted()
        let interpretedSends = 1_000_000
        // The runtime read once, as the other sends' loops do: reading it from the session
        // on every send would time a retain and a release of the session's runtime too.
        let sessionRuntime = session.runtime
        let interpreted = try median(operations: interpretedSends) {
            for _ in 0..<interpretedSends { _ = try sessionRuntime.send(ping, to: object) }
        }
        report("send to an empty interpreted method", interpreted, "ns", note: "goal <= 150 ns")
    }

    // MARK: Registration and listing

    /// `count` class names, one in ten starting "MM" for the glob to find.
    static func generatedNames(_ count: Int) -> [String] {
        (0..<count).map { "\($0 % 10 == 0 ? "MM" : "XX")Generated\($0)ViewController" }
    }

    static func registerGenerated(_ count: Int, in runtime: Runtime, under superclass: Class, methods: Int = 0) throws {
        try registerGenerated(generatedNames(count), in: runtime, under: superclass, methods: methods)
    }

    /// Registers a class of each name, as a loader does with the names it read from source.
    static func registerGenerated(_ names: [String], in runtime: Runtime, under superclass: Class, methods: Int = 0) throws {
        let selectors = (0..<methods).map { "method\($0)" }
        for name in names {
            try runtime.registerClass(named: name, superclass: superclass) { builder in
                for selector in selectors {
                    try builder.addMethod(selector, types: "v@:") { _ in .nil }
                }
            }
        }
    }

    static func registration(_ reference: Reference) throws {
        for count in [10_000, 50_000, 100_000] {
            var samples: [Double] = []
            for _ in 0..<5 {
                // Made and dropped outside the timed part: only registration is measured,
                // not formatting the names (a loader has them from the source already).
                let runtime = Runtime()
                let root = try runtime.registerClass(named: "Controller")
                let names = generatedNames(count)
                let start = DispatchTime.now().uptimeNanoseconds
                try registerGenerated(names, in: runtime, under: root)
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            let milliseconds = samples.sorted()[2]
            let referenceFigure = count == 10_000 ? reference["register_classes_ms"] : nil
            report("register \(count) classes", milliseconds, "ms", reference: referenceFigure,
                   note: String(format: "%.2f us per class", milliseconds * 1000 / Double(count)))
        }

        let runtime = Runtime()
        let root = try runtime.registerClass(named: "Controller")
        try registerGenerated(50_000, in: runtime, under: root)
        let glob = try Glob("MM*")
        var matched = 0
        let listing = median(operations: 1_000_000) {
            matched = runtime.classes(matching: glob).count
        }
        report("list + glob-filter 50,000 classes", listing, "ms", reference: reference["list_and_filter_classes_ms"],
               note: "\(matched) match MM*; libobjc's list is of 10,000")
        // The sorted list is rebuilt after a registration; time that first listing too.
        var samples: [Double] = []
        for index in 0..<5 {
            try runtime.registerClass(named: "Late\(index)", superclass: root)
            let start = DispatchTime.now().uptimeNanoseconds
            matched = runtime.classes(matching: glob).count
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        report("  same, first after a registration", samples.sorted()[2], "ms", note: "includes sorting by name")
    }

    // MARK: Threads

    /// Two threads send while a third exchanges and restores; every send must see one of
    /// the two implementations, never anything else.
    static func concurrency() throws {
        let runtime = Runtime()
        let root = try runtime.registerClass(named: "Root") { c in
            try c.addMethod("first", types: "q@:") { _ in .int(1) }
            try c.addMethod("second", types: "q@:") { _ in .int(2) }
        }
        let object = try runtime.createInstance(of: root)
        let first = try runtime.selector("first")
        let firstMethod = try runtime.method(MethodReference(className: "Root", selector: "first"))
        let secondMethod = try runtime.method(MethodReference(className: "Root", selector: "second"))
        let sendsPerThread = 5_000_000
        let swaps = 200_000
        let torn = Atomic<Int>(0)
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            if worker == 2 {
                for _ in 0..<swaps {
                    let entry = try! runtime.exchangeImplementations(firstMethod, secondMethod)
                    try! runtime.undo(entry.id)
                }
            } else {
                for _ in 0..<sendsPerThread {
                    let result = try! runtime.send(first, to: object)
                    if result != .int(1) && result != .int(2) { torn.add(1, ordering: .relaxed) }
                }
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        precondition(torn.load(ordering: .relaxed) == 0, "a send saw a torn state")
        let afterwards = try runtime.send(first, to: object)
        precondition(runtime.ledger.isEmpty && afterwards == .int(1), "restore failed")
        report("2 senders + 1 swizzler: sends", Double(2 * sendsPerThread) / seconds / 1e6, "M/s",
               note: String(format: "%.0f exchange+restore pairs/s alongside, no torn result", Double(swaps) / seconds))
    }

    // MARK: The super-call audit

    /// A sweep over 10,000 generated controllers that override five lifecycle methods each,
    /// all calling super: 50,000 checks. The median of `runs` sweeps, each over controllers
    /// registered afresh in a runtime of its own, so that every one audits classes never
    /// sent a message, as a first audit of an app's does.
    static func superCallSweep(runs: Int = 5) throws {
        var seconds: [Double] = []
        for _ in 0..<runs { seconds.append(try timeSweep()) }
        let median = seconds.sorted()[seconds.count / 2]
        let runsNote = runs == 1 ? "" : String(format: ", median of %d sweeps (%.2f-%.2f s)", runs, seconds.min()!, seconds.max()!)
        report("super-call sweep, 10,000 controllers", 50_000 / median / 1000, "k/s",
               note: String(format: "50000 checks in %.2f s, all passed, ledger empty after", median) + runsNote)
    }

    /// The seconds one sweep takes over 10,000 controllers registered for it.
    private static func timeSweep() throws -> Double {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let viewController = try runtime.requireClass(named: "UIViewController")
        let overridden = [("viewDidLoad", "v@:"), ("viewWillAppear:", "v@:B"), ("viewDidAppear:", "v@:B"),
                          ("viewWillDisappear:", "v@:B"), ("viewDidDisappear:", "v@:B")]
        for index in 0..<10_000 {
            try runtime.registerClass(named: "MMGenerated\(index)ViewController", superclass: viewController) { c in
                for (selector, types) in overridden {
                    try c.addMethod(selector, types: types) { message in try message.sendSuper() }
                }
            }
        }
        let audit = SuperCallAudit(runtime: runtime)
        let glob = try Glob("MMGenerated*")
        let start = DispatchTime.now().uptimeNanoseconds
        let results = try audit.sweep(.matching(glob))
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        precondition(results.count == 50_000 && results.allSatisfy(\.passed) && runtime.ledger.isEmpty, "the sweep went wrong")
        return seconds
    }

    // MARK: Memory

    static func reportMemory(classes: Int) throws {
        let before = residentKilobytes("VmRSS")
        let runtime = Runtime()
        let root = try runtime.registerClass(named: "Controller")
        try registerGenerated(classes, in: runtime, under: root, methods: 10)
        let peak = residentKilobytes("VmHWM")
        precondition(runtime.classCount == classes + 1)
        report("peak memory, \(classes) classes x 10 methods", Double(peak - before) / 1024, "MiB",
               note: String(format: "%.0f bytes per class", Double(peak - before) * 1024 / Double(classes)))
    }

    static func residentKilobytes(_ field: String) -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
