import Foundation

/// A pager process (`$PAGER`) that output is written to through a pipe; it reads the
/// keys from the terminal itself.
final class Pager {
    private let process: pid_t
    /// The pipe's writing end; -1 once closed, or once the pager stopped reading (the
    /// user quit it), when the rest of the output is dropped as git drops it.
    private var input: Int32

    /// Starts `command` with `/bin/sh -c`, its standard input a pipe from us, and its
    /// output and keys the terminal's. Returns nil when it cannot be started.
    init?(command: String) {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { return nil }
        _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])

        // The shell ignores Ctrl-C and broken pipes while commands run; the pager must not.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        var environment = ProcessInfo.processInfo.environment
        // As git does: less shows colour and quits at once for output that fits.
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        let words: [String] = ["/bin/sh", "-c", command]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let variables: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            arguments.forEach { free($0) }
            variables.forEach { free($0) }
        }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, "/bin/sh", &actions, &attributes, arguments, variables)
        close(pipeEnds[0])
        guard spawned == 0 else {
            close(pipeEnds[1])
            return nil
        }
        process = child
        input = pipeEnds[1]
    }

    /// Writes `text` to the pager; once it has quit, drops it.
    func write(_ text: String) {
        guard input >= 0 else { return }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(input, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                // EPIPE: the user quit the pager before the end.
                close(input)
                input = -1
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Ends the output and waits for the user to quit the pager.
    func finish() {
        if input >= 0 {
            close(input)
            input = -1
        }
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0, errno == EINTR {}
    }
}
