import UIKitModel

extension Command {
    static let standIns = Command(
        name: "standins",
        summary: "list what stand-ins answered for the framework API rtsh's model lacks; turn them off (strict) or on, or clear the list",
        signature: Signature([], [.word("on")], [.word("off")], [.word("clear")]), example: "standins"
    ) { session, arguments, command in
        let standIns = session.library.standIns
        if arguments.has("on") || arguments.has("off") {
            standIns.isEnabled = arguments.has("on")
            session.output.print(
                standIns.isEnabled
                    ? "stand-ins on: framework classes and methods the model lacks are answered, and listed here"
                    : "stand-ins off: a framework class or method the model lacks is an error, as objc would raise")
            return
        }
        if arguments.has("clear") {
            standIns.clearUses()
            return
        }
        let uses = standIns.uses
        guard !uses.isEmpty else {
            session.output.print("no stand-ins used" + (standIns.isEnabled ? "" : " (stand-ins are off)"))
            return
        }
        for use in uses { session.output.print(use.listing) }
        session.output.print(Session.standInSummary(uses))
    }
}

extension StandInUse {
    /// `-[UIColor systemPinkColor]  4 calls`, or `class CMMotionManager, made as a subclass of NSObject`.
    var listing: String {
        switch subject {
        case .class(let name, let superclass): "class \(name), made as a subclass of \(superclass)"
        case .method(let method): "\(method)  \(count) call\(count == 1 ? "" : "s")"
        case .constant(let name): "constant \(name)  \(count) use\(count == 1 ? "" : "s")"
        case .function(let name): "function \(name)()  \(count) call\(count == 1 ? "" : "s")"
        }
    }

    /// `-[UIColor systemPinkColor]` or `class CMMotionManager`.
    var subjectName: String {
        switch subject {
        case .class(let name, _): "class \(name)"
        case .method(let method): method.description
        case .constant(let name): "constant \(name)"
        case .function(let name): "function \(name)()"
        }
    }
}

extension Session {
    /// `stand-ins: 2 classes, 5 methods, 14 calls` (constants and functions named when there are some): the one-line count loading, auditing
    /// and `standins` end with.
    static func standInSummary(_ uses: [StandInUse]) -> String {
        var classes = 0, constants = 0, functions = 0, methods = 0, calls = 0
        for use in uses {
            switch use.subject {
            case .class: classes += 1
            case .constant: constants += 1
            case .function:
                functions += 1
                calls += use.count
            case .method:
                methods += 1
                calls += use.count
            }
        }
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : word.hasSuffix("s") ? "es" : "s")" }
        let constantCount = constants == 0 ? "" : ", \(count(constants, "constant"))"
        let functionCount = functions == 0 ? "" : ", \(count(functions, "function"))"
        return "stand-ins: \(count(classes, "class"))\(constantCount), \(count(methods, "method"))\(functionCount), \(count(calls, "call"))"
    }

    /// The note after a statement that stand-ins answered for: what they stood in for,
    /// the first few by name.
    static func standInNote(_ uses: [StandInUse]) -> String {
        let shown = uses.prefix(3).map(\.subjectName).joined(separator: ", ")
        let more = uses.count > 3 ? " and \(uses.count - 3) more" : ""
        return "note: stand-ins answered for what rtsh's model lacks: \(shown)\(more) ('standins' lists them)"
    }
}
