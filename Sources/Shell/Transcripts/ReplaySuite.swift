import Foundation
import Synchronization

/// A set of transcripts to replay: found in files and directories, filtered, sharded,
/// and run in parallel with results in a stable order.
public struct ReplaySuite: Sendable {
    /// The transcripts, sorted.
    public let files: [String]
    /// Paths given that do not exist.
    public let missing: [String]

    /// Collects `*.transcript` files from `paths` (directories are searched), keeps those
    /// whose path matches `filter`, and then, for `shard` (I, N), every Nth from the Ith.
    public init(paths: [String], filter: Regex<AnyRegexOutput>? = nil, shard: (index: Int, count: Int)? = nil) {
        var files: [String] = []
        var missing: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                missing.append(path)
                continue
            }
            files += isDirectory.boolValue ? Self.transcripts(in: path) : [path]
        }
        if let filter {
            files = files.filter { (try? filter.firstMatch(in: $0)) != nil }
        }
        files = Array(Set(files)).sorted()
        if let shard {
            files = files.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
        }
        self.files = files
        self.missing = missing
    }

    /// Every `*.transcript` below `directory`.
    static func transcripts(in directory: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory)
        var found: [String] = []
        while let entry = enumerator?.nextObject() as? String {
            if entry.hasSuffix(".transcript") { found.append((directory as NSString).appendingPathComponent(entry)) }
        }
        return found
    }

    /// Replays every transcript on up to `jobs` threads, each in its own runtime; the
    /// results come back in the suite's order, with how long each took. `finished` hears
    /// of each as it ends, with how many have ended, from whichever thread ran it.
    public func run(
        jobs: Int, update: Bool = false, finished: (@Sendable (_ count: Int, _ file: String) -> Void)? = nil
    ) -> [(result: Replay.Result, seconds: Double)] {
        let next = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let results = Mutex<[Int: (result: Replay.Result, seconds: Double)]>([:])
        let files = files
        DispatchQueue.concurrentPerform(iterations: min(max(jobs, 1), max(files.count, 1))) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < files.count else { return }
                let start = DispatchTime.now().uptimeNanoseconds
                let result = Replay.run(file: files[index], update: update)
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                results.withLock { $0[index] = (result, seconds) }
                finished?(done.add(1, ordering: .relaxed).newValue, files[index])
            }
        }
        return results.withLock { collected in files.indices.compactMap { collected[$0] } }
    }
}
