/// What a stand-in returns for a selector no declaration types: a guess from its name, as
/// Cocoa's naming conventions make the return type readable from it.
enum StandInReturn: Equatable {
    case void
    case bool
    case integer
    case double
    case object

    /// `setTitle:` returns nothing, `isEnabled` a BOOL (as does a scanner's
    /// `scanString:intoString:`, which code loops on), `numberOfRows` an integer, `alpha`
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
        } else if startsWithWord(["is", "has", "can", "should", "allows", "contains", "supports", "wants", "needs", "does", "responds", "conforms", "scan"]) {
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

    /// `UIEdgeInsetsEqualToEdgeInsets` and `UIInterfaceOrientationIsLandscape` return a
    /// BOOL, `CGColorGetNumberOfComponents` an integer, `CGRectGetWidth`'s kind a double,
    /// `UIGraphicsBeginImageContext` nothing; anything else (`CGPathCreateMutable`) an object.
    /// C functions name their type first and their verb after it, so the words are read
    /// for a verb wherever it is.
    init(guessingFromFunction name: String) {
        var words: [Substring] = []
        var start = name.startIndex
        for index in name.indices.dropFirst() where name[index].isUppercase && !name[name.index(before: index)].isUppercase {
            words.append(name[start..<index])
            start = index
        }
        words.append(name[start...])
        if words.contains(where: { ["Is", "Equal", "Contains", "Intersects", "Has", "Can"].contains($0) }) {
            self = .bool
        } else if let last = words.last, ["Count", "Components", "Length", "Index"].contains(last) {
            self = .integer
        } else if let get = words.firstIndex(of: "Get"), get + 1 < words.count {
            let rest = words[(get + 1)...].joined()
            self = StandInReturn(guessingFrom: rest.prefix(1).lowercased() + rest.dropFirst())
        } else if words.contains(where: { Self.functionVerbs.contains($0) }) {
            self = .void
        } else {
            self = .object
        }
    }

    /// Verbs whose C functions do something rather than make something.
    private static let functionVerbs: Set<Substring> = [
        "Begin", "End", "Post", "Push", "Pop", "Set", "Add", "Remove", "Release", "Retain", "Save", "Restore", "Draw", "Fill",
        "Stroke", "Move", "Close", "Clip", "Play", "Show", "Log", "Enter", "Leave", "Resume", "Suspend", "Cancel", "Signal",
    ]

    /// Verbs whose methods do something rather than answer something.
    private static let actionVerbs = [
        "add", "remove", "reload", "layout", "update", "start", "stop", "show", "hide", "present", "dismiss", "register",
        "insert", "delete", "begin", "end", "perform", "invalidate", "cancel", "resume", "suspend", "scroll", "select",
        "deselect", "play", "pause", "animate", "bring", "send", "post", "enumerate", "make", "flash",
        "commit", "reset", "clear", "move", "exchange", "sort", "configure", "prepare", "apply", "log", "track",
    ]
}
