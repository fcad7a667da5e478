/// A DTrace provider definition (`Signal.d`: `provider RACSignal { probe next(char *signal); };`),
/// which Xcode compiles into the header code imports (`#import "SignalProvider.h"`). With
/// no tracing here, that header is made from the definition: each probe's enabled test
/// (`RACSIGNAL_NEXT_ENABLED()`) is 0 and its firing (`RACSIGNAL_NEXT(...)`) does nothing,
/// as when no one traces a program built with the probes.
enum DTraceProvider {
    /// The header for `source`, a provider definition; nil when it defines no probe.
    static func header(from source: String) -> String? {
        var defines: [String] = []
        var provider: String?
        // Words and the few symbols the grammar needs, comments dropped.
        let words = source.replacingOccurrences(of: #"/\*[\s\S]*?\*/|//[^\n]*"#, with: " ", options: .regularExpression)
            .split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
        var index = 0
        while index < words.count {
            switch words[index] {
            case "provider" where index + 1 < words.count:
                provider = words[index + 1].uppercased()
                index += 2
            case "probe" where index + 1 < words.count:
                if let provider {
                    let name = provider + "_" + words[index + 1].replacingOccurrences(of: "__", with: "_").uppercased()
                    defines.append("#define \(name)_ENABLED() 0")
                    defines.append("#define \(name)(...)")
                }
                index += 2
            default:
                index += 1
            }
        }
        return defines.isEmpty ? nil : defines.joined(separator: "\n") + "\n"
    }
}
