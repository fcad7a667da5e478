import Foundation

/// How long work took, in seconds of the monotonic clock, for reports.
enum Stopwatch {
    static func time<Result>(_ body: () throws -> Result) rethrows -> (result: Result, seconds: Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
}
