// The Runtime's speed and scale figures, measured beside GNU libobjc's in the same run.
// `scripts/bench` builds this in release mode and passes the reference figures in.
import Foundation
import Runtime
import Shell

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "memory":
    // Run alone, so the process's peak resident size belongs to this measurement.
    try Benchmarks.reportMemory(classes: Int(arguments.dropFirst().first ?? "") ?? 50_000)
case "load":
    // Only loading Objective-C sources.
    try ShellBenchmarks.loadingSources()
case "audit":
    // Only the audit of a generated 1,000-class app.
    try ShellBenchmarks.auditingATree()
case "tests":
    // Only rtsh test over 1,000 generated tests, and a test waiting a virtual minute.
    try ShellBenchmarks.runningTests()
case "script":
    // Only the long script and the two long definitions.
    try ShellBenchmarks.longScript()
    try ShellBenchmarks.definitions()
case "sends":
    // Only sends of one kind (plain, bool, super, exchange, interpreted), for callgrind.
    try SendFixture.run(String(arguments.dropFirst().first ?? "plain"), count: Int(arguments.dropFirst(2).first ?? "") ?? 1_000_000)
case "sweep":
    // Only the super-call sweep over 10,000 generated controllers: once for callgrind, or
    // the median of as many runs as asked.
    try Benchmarks.superCallSweep(runs: max(1, Int(arguments.dropFirst().first ?? "") ?? 1))
case "session":
    // Only making sessions (the class library and the shell), for callgrind to profile start-up.
    for _ in 0..<(Int(arguments.dropFirst().first ?? "") ?? 1) {
        _ = try Session(output: ShellOutput(standardOutput: { _ in }, standardError: { _ in }))
    }
case "register":
    // Only registering N classes (10,000 by default) once, for callgrind to profile.
    let runtime = Runtime()
    try Benchmarks.registerGenerated(
        Int(arguments.dropFirst().first ?? "") ?? 10_000, in: runtime, under: runtime.registerClass(named: "Controller"))
case "startup":
    // Only start-up: `rtsh run` on an empty script and `rtsh --help`, as processes.
    try ShellBenchmarks.startUp(String(arguments.dropFirst().first ?? ".build/release/rtsh"))
case "shell":
    // The shell's figures; the argument is the rtsh executable to time start-up with.
    try ShellBenchmarks.runAll(rtsh: arguments.dropFirst().first)
default:
    try Benchmarks.runAll(reference: Reference(parsing: arguments.first))
}
