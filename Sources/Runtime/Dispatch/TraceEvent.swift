/// One step of a traced send: a method entered, returned or threw.
public struct TraceEvent: Sendable, CustomStringConvertible {
    /// The send being traced.
    public struct Call: Sendable {
        /// How deeply the send is nested: 0 for a send from outside any method.
        public let depth: Int
        /// Whether this is a `super` send.
        public let isSuper: Bool
        public let receiver: Object
        public let selector: Selector
        public let arguments: Arguments
        /// The method that runs, named after the class whose method list holds it.
        public let method: MethodReference
    }

    public enum Phase: Sendable {
        case entered
        case returned(Value)
        /// The method threw; the error's description.
        case threw(String)
    }

    public let call: Call
    public let phase: Phase

    /// One line: `-[MMLogin viewDidLoad] <MMLogin: 0x1>`, `super -[UIViewController viewDidLoad]`,
    /// `-> nil`, `!! message`, indented two spaces per level.
    public var description: String {
        let indent = String(repeating: "  ", count: call.depth)
        switch phase {
        case .entered:
            let arguments = call.arguments.isEmpty ? "" : " " + call.arguments.map(\.description).joined(separator: " ")
            return indent + (call.isSuper ? "super " : "") + "\(call.method) \(call.receiver)" + arguments
        case .returned(let value):
            return indent + "-> \(value)"
        case .threw(let message):
            return indent + "!! \(message)"
        }
    }
}

/// Identifies an observer added with ``Runtime/addTraceObserver(_:)``.
public struct TraceObserverToken: Hashable, Sendable {
    let id: Int
}
