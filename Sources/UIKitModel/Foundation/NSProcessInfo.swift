import Runtime
import Synchronization

extension ClassLibrary {
    /// `NSProcessInfo`: `processInfo`, one per runtime, describing the process as a test run
    /// on a simulator sees it, the same on every run: no environment variables and no
    /// arguments (a test reading `environment[@"HTTPBIN_BASE_URL"] ?: ...` takes its
    /// default, as it does outside CI), the model's iOS (``systemVersion``), two
    /// processors, the uptime of the virtual clock, and globally unique strings numbered in
    /// the order asked for.
    static func defineNSProcessInfo(in runtime: Runtime, root: Class, clock: VirtualClock) throws {
        let shared = SharedInstance()
        let initialize = try runtime.selector("init")
        let uniqueStrings = Mutex(0)
        try runtime.registerLazyClass(named: "NSProcessInfo", superclass: root) { c in
            try c.addClassMethod("processInfo", types: "@@:") { m in
                try shared.object { try m.allocInit(initialize).object }.map(Value.object) ?? .nil
            }
            try c.addMethod("environment", types: "@@:") { _ in .dictionary([:]) }
            try c.addMethod("arguments", types: "@@:") { _ in .array([]) }
            try c.addMethod("processName", types: "@@:") { _ in "rtsh" }
            try c.addMethod("hostName", types: "@@:") { _ in "localhost" }
            try c.addMethod("processIdentifier", types: "i@:") { _ in .int(1) }
            try c.addMethod("processorCount", types: "Q@:") { _ in .int(2) }
            try c.addMethod("activeProcessorCount", types: "Q@:") { _ in .int(2) }
            try c.addMethod("physicalMemory", types: "Q@:") { _ in .int(4 << 30) }
            try c.addMethod("thermalState", types: "q@:") { _ in .int(0) }
            try c.addMethod("isLowPowerModeEnabled", types: "B@:") { _ in false }
            try c.addMethod("isMacCatalystApp", types: "B@:") { _ in false }
            try c.addMethod("isiOSAppOnMac", types: "B@:") { _ in false }
            try c.addMethod("operatingSystemVersionString", types: "@@:") { _ in
                .string("Version \(systemVersion[0]).\(systemVersion[1]) (Build 21A329)")
            }
            try c.addMethod("operatingSystemVersion", types: "{NSOperatingSystemVersion=qqq}@:") { _ in
                .structure(StructValue(
                    name: "NSOperatingSystemVersion", fieldNames: ["majorVersion", "minorVersion", "patchVersion"], fields: systemVersion.map(Value.int)))
            }
            try c.addMethod("isOperatingSystemAtLeastVersion:", types: "B@:{NSOperatingSystemVersion=qqq}") { m in
                guard case .structure(let wanted) = m[0], wanted.fields.count == 3 else {
                    throw m.wrongArgument(0, expected: "an NSOperatingSystemVersion such as (NSOperatingSystemVersion){17, 0, 0}")
                }
                let asked = wanted.fields.map { $0.intValue ?? 0 }
                return .bool(!systemVersion.lexicographicallyPrecedes(asked))
            }
            try c.addMethod("systemUptime", types: "d@:") { _ in .double(clock.seconds) }
            try c.addMethod("globallyUniqueString", types: "@@:") { _ in
                let number = uniqueStrings.withLock { count in
                    count += 1
                    return count
                }
                let hex = String(number, radix: 16, uppercase: true)
                return .string("00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex + "-0000000000000001")
            }
        }
    }
}
