/// How many matching calls a verification accepts (OCMock's `OCMQuantifier`).
public enum MockQuantifier: Hashable, Sendable, CustomStringConvertible {
    case exactly(Int)
    case atLeast(Int)
    case atMost(Int)

    /// What `OCMVerify` checks when no quantifier is given.
    public static let atLeastOnce = MockQuantifier.atLeast(1)
    /// `never`: at most zero.
    public static let never = MockQuantifier.atMost(0)

    public func accepts(_ count: Int) -> Bool {
        switch self {
        case .exactly(let expected): count == expected
        case .atLeast(let minimum): count >= minimum
        case .atMost(let maximum): count <= maximum
        }
    }

    /// As OCMock words it: `at least once`, `exactly 2 times`, `never`.
    public var description: String {
        switch self {
        case .exactly(let count): "exactly " + Self.times(count)
        case .atLeast(let count): "at least " + Self.times(count)
        case .atMost(0): "never"
        case .atMost(let count): "at most " + Self.times(count)
        }
    }

    private static func times(_ count: Int) -> String {
        count == 1 ? "once" : "\(count) times"
    }

    /// How a count of calls reads: `not invoked`, `invoked once`, `invoked 3 times`.
    static func invoked(_ count: Int) -> String {
        switch count {
        case 0: "not invoked"
        case 1: "invoked once"
        default: "invoked \(count) times"
        }
    }
}
