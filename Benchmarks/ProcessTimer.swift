import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Times a process from spawn to exit with `posix_spawn` and `waitpid`, its output sent
/// to /dev/null. Not Foundation's `Process`: on Linux its own machinery (a thread, pipes,
/// a run-loop source) adds about 35 ms, twice what `rtsh run` itself takes.
enum ProcessTimer {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The median of `runs` runs of `arguments` (the executable first), in milliseconds.
    static func medianMilliseconds(of arguments: [String], runs: Int) throws -> Double {
        let samples = try (0..<runs).map { _ in try milliseconds(toRun: arguments) }
        return samples.sorted()[runs / 2]
    }

    /// One run, which must exit with status 0.
    static func milliseconds(toRun arguments: [String]) throws -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failure(description: "could not spawn \(arguments[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        // Exited normally (no signal) with status 0.
        guard status & 0x7f == 0 && (status >> 8) & 0xff == 0 else {
            throw Failure(description: "\(arguments.joined(separator: " ")) ended with status \(status)")
        }
        return elapsed
    }
}
