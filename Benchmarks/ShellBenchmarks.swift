import Foundation
import Runtime
import Shell

/// The shell's speed: start-up of `rtsh run`, a long script, and completion latency.
enum ShellBenchmarks {
    static func runAll(rtsh: String?) throws {
        if let rtsh { try startUp(rtsh) }
        try longScript()
        try definitions()
        try completion()
        try replay()
    }

    /// Replaying a 10,000-statement transcript, and 200 small ones on one job and on all cores.
    static func replay() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rtsh-bench-replay-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        var big = ["rtsh> vc = [UIViewController new]"]
        for index in 1..<10_000 {
            switch index % 5 {
            case 0: big += ["rtsh> \(index) * 2", "\(index * 2)"]
            case 1: big += ["rtsh> vc.title = @\"t\(index)\""]
            case 2: big += ["rtsh> vc.title", "\"t\(index - 1)\""]
            case 3: big += ["rtsh> [vc isViewLoaded]", "[..]"]
            default: big += ["rtsh> UIView", "UIView"]
            }
        }
        let bigFile = directory.appendingPathComponent("big.transcript").path
        try (big.joined(separator: "\n") + "\n").write(toFile: bigFile, atomically: true, encoding: .utf8)
        let statements = try Transcript(parsing: big.joined(separator: "\n"), file: bigFile).entries.count
        let bigTimes = (0..<5).map { _ -> Double in
            let start = DispatchTime.now().uptimeNanoseconds
            precondition(Replay.run(file: bigFile).passed, "the big transcript did not replay")
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        Benchmarks.report("replay a \(statements)-statement transcript", bigTimes.sorted()[2], "ms")

        let small = directory.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
        let session = """
            rtsh> @implementation MMBench : UIViewController
            ...> - (void)viewDidLoad { [super viewDidLoad]; }
            ...> @end
            rtsh> vc = [MMBench new]
            rtsh> check super MMBench
            ok -[MMBench viewDidLoad] calls super once
            1 passed, 0 failed
            rtsh> lifecycle vc
            ...

            """
        for index in 0..<200 {
            try session.write(to: small.appendingPathComponent("s\(index).transcript"), atomically: true, encoding: .utf8)
        }
        let suite = ReplaySuite(paths: [small.path])
        func time(jobs: Int) -> Double {
            let samples = (0..<5).map { _ -> Double in
                let start = DispatchTime.now().uptimeNanoseconds
                precondition(suite.run(jobs: jobs).allSatisfy(\.result.passed), "a small transcript did not replay")
                return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            }
            return samples.sorted()[2]
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let serial = time(jobs: 1)
        let parallel = time(jobs: cores)
        Benchmarks.report("replay 200 small transcripts, 1 job", serial, "ms")
        Benchmarks.report("replay 200 small transcripts, \(cores) jobs", parallel, "ms",
                          note: String(format: "%.2fx speed-up on %d cores", serial / parallel, cores))
    }

    private static func silentSession() throws -> Session {
        try Session(output: ShellOutput(standardOutput: { _ in }, standardError: { _ in }))
    }

    /// `rtsh run` on an empty script, as a process: the median of 21 runs.
    static func startUp(_ rtsh: String) throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("rtsh-bench-empty.rtsh")
        try "".write(to: empty, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: empty) }
        let milliseconds = try (0..<21).map { _ -> Double in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: rtsh)
            process.arguments = ["run", empty.path]
            let start = DispatchTime.now().uptimeNanoseconds
            try process.run()
            process.waitUntilExit()
            precondition(process.terminationStatus == 0, "rtsh run on an empty script failed")
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        Benchmarks.report("rtsh run, empty script (start-up)", milliseconds.sorted()[10], "ms", note: "median of 21 processes")
    }

    /// A 10,000-line script of sends, property access, assertions and super-call checks.
    static func longScript() throws {
        var lines = ["@implementation MMBench : UIViewController",
                     "- (void)viewDidLoad { [super viewDidLoad]; }",
                     "- (NSInteger)twice:(NSInteger)n { return n * 2; }",
                     "@end",
                     "vc = [MMBench new]"]
        var index = 0
        while lines.count < 10_000 {
            switch index % 5 {
            case 0: lines.append("[vc twice:\(index)]")
            case 1: lines.append("vc.title = @\"title \(index)\"")
            case 2: lines.append("assert [vc twice:\(index)] == \(index * 2)")
            case 3: lines.append("check super MMBench")
            default: lines.append("[vc isViewLoaded]")
            }
            index += 1
        }
        try timeScript(lines, as: "10,000-line script (sends, asserts, checks)")
    }

    /// Runs `lines` as a script in five fresh sessions and reports the median time.
    private static func timeScript(_ lines: [String], as name: String) throws {
        let script = lines.joined(separator: "\n")
        var samples: [Double] = []
        for _ in 0..<5 {
            let session = try silentSession()
            let start = DispatchTime.now().uptimeNanoseconds
            session.run(script: script, file: "bench.rtsh")
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            precondition(session.failureCount == 0, "the benchmark script '\(name)' failed")
        }
        let median = samples.sorted()[2]
        Benchmarks.report(name, median, "ms", note: String(format: "%.1f us per line", median * 1000 / Double(lines.count)))
    }

    /// Defining a class with 2,000 methods, and one 1,600-line method body: both must cost
    /// time linear in the definition's length.
    static func definitions() throws {
        var manyMethods = ["@implementation MMBenchMany : UIViewController"]
        for index in 0..<2_000 { manyMethods.append("- (NSInteger)value\(index) { return \(index); }") }
        manyMethods.append("@end")
        var longBody = ["@implementation MMBenchLong : UIViewController", "- (NSInteger)sum {", "NSInteger total = 0;"]
        for index in 0..<1_596 { longBody.append("total = total + \(index);") }
        longBody += ["return total;", "}", "@end"]
        try timeScript(manyMethods, as: "define a class with 2,000 methods")
        try timeScript(longBody, as: "define a 1,600-line implementation")
    }

    /// Tab completion of a class name, a selector and a command with 50,000 classes loaded.
    static func completion() throws {
        let session = try silentSession()
        let root = try session.runtime.requireClass(named: "UIViewController")
        try Benchmarks.registerGenerated(50_000, in: session.runtime, under: root)
        session.execute(line: "vc = [UIViewController new]")
        let cases = [("methods MMGenerated123", "a class name"), ("[vc viewDid", "a selector"), ("cla", "a command")]
        for (line, what) in cases {
            _ = session.complete(line) // the first listing after registering sorts the classes
            let milliseconds = Benchmarks.median(runs: 21, operations: 1_000_000) {
                _ = session.complete(line)
            }
            let count = session.complete(line).candidates.count
            Benchmarks.report("complete \(what), 50,000 classes", milliseconds, "ms", note: "'\(line)' → \(count) candidates")
        }
    }
}
