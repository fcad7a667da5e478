/// What a stand-in returns for a selector no declaration types: a guess from its name, as
/// Cocoa's naming conventions make the return type readable from it.
enum StandInReturn: Equatable {
    case void
    case bool
    case integer
    case double
    case object

    /// `setTitle:` returns nothing, `isEnabled` a BOOL, `numberOfRows` an integer, `alpha`
    /// a double, `initWithURL:` the receiver; anything else an object.
    init(guessingFrom selector: String) {
        let firstPart = selector.prefix { $0 != ":" }
        func startsWithWord(_ prefixes: [String]) -> Bool {
            prefixes.contains { prefix in
                guard firstPart.hasPrefix(prefix) else { return false }
                let rest = firstPart.dropFirst(prefix.count)
                return rest.isEmpty || rest.first!.isUppercase
            }
        }
        let lowered = firstPart.lowercased()
        if startsWithWord(["set"]) && selector.hasSuffix(":") || startsWithWord(Self.actionVerbs) {
            self = .void
        } else if startsWithWord(["is", "has", "can", "should", "allows", "contains", "supports", "wants", "needs", "does", "responds", "conforms"]) {
            self = .bool
        } else if lowered == "count" || lowered == "length" || lowered == "tag" || lowered.hasSuffix("count") || startsWithWord(["numberOf", "indexOf"])
                    || lowered.hasSuffix("index") {
            self = .integer
        } else if ["alpha", "scale", "width", "height", "duration", "interval", "radius", "progress", "value"].contains(where: lowered.hasSuffix) {
            self = .double
        } else {
            self = .object
        }
    }

    /// Verbs whose methods do something rather than answer something.
    private static let actionVerbs = [
        "add", "remove", "reload", "layout", "update", "start", "stop", "show", "hide", "present", "dismiss", "register",
        "insert", "delete", "begin", "end", "perform", "invalidate", "cancel", "resume", "suspend", "scroll", "select",
        "deselect", "play", "pause", "animate", "bring", "send", "post", "enumerate", "make", "flash",
        "commit", "reset", "clear", "move", "exchange", "sort", "configure", "prepare", "apply", "log", "track",
    ]
}
