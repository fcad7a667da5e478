import Runtime

/// What a check concluded, three outcomes never conflated: the code keeps the rule, breaks
/// it, or could not be checked (it raised, it was not loaded, there was nothing to call).
public enum CheckVerdict: String, Hashable, Sendable {
    /// The rule is kept.
    case ok
    /// The code broke the rule: a JUnit `<failure>`.
    case failed
    /// The check could not run to a judgement: a JUnit `<error>`.
    case error
}

/// The outcome of auditing one method's super call.
public struct SuperCallResult: Hashable, Sendable {
    /// What the audit found.
    public enum Finding: Hashable, Sendable, CustomStringConvertible {
        /// As the requirement asks; `calls` is how often super was reached.
        case passed(calls: Int)
        case notCalled
        case calledTimes(Int)
        case calledWhenProhibited(Int)
        /// Creating the object, loading its view or firing the event raised this.
        case raised(String)
        /// No superclass implements the selector, so there is no super to call.
        case noSuperImplementation
        /// The override's body could not be read when its file loaded (the reason says
        /// where), so it is not in the class to run.
        case notLoaded(String)

        public var description: String {
            switch self {
            case .passed(0): "does not call super"
            case .passed: "calls super once"
            case .notCalled: "does not call super"
            case .calledTimes(let count): "calls super \(count) times (expected once)"
            case .calledWhenProhibited(let count): "calls super \(count == 1 ? "once" : "\(count) times") but must not call it"
            case .raised(let message): "raised: \(message)"
            case .noSuperImplementation: "has no superclass implementation to call"
            case .notLoaded(let reason): "was not loaded: \(reason)"
            }
        }
    }

    /// The method audited: the class's own override.
    public let method: MethodReference
    public let requirement: SuperCallRequirement
    public let finding: Finding

    public init(method: MethodReference, requirement: SuperCallRequirement, finding: Finding) {
        self.method = method
        self.requirement = requirement
        self.finding = finding
    }

    /// ok when the override keeps its rule, failed when it breaks it, error when it could
    /// not be audited.
    public var verdict: CheckVerdict {
        switch finding {
        case .passed: .ok
        case .notCalled, .calledTimes, .calledWhenProhibited: .failed
        case .raised, .noSuperImplementation, .notLoaded: .error
        }
    }

    public var passed: Bool { verdict == .ok }

    /// The name a test of this check would have, built as "tests that write themselves"
    /// build it: `testMMLoginViewControllerCallsSuperViewWillAppear` (for a prohibited
    /// selector, `...DoesNotCallSuperLoadView`).
    public var testName: String {
        // One pass of bytes into storage of the final size, as every check makes one.
        let verb = switch requirement {
        case .required: "CallsSuper"
        case .prohibited: "DoesNotCallSuper"
        case .optional: "MayCallSuper"
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4 + method.className.utf8.count + verb.utf8.count + method.selector.utf8.count)
        bytes += "test".utf8
        bytes += method.className.utf8
        bytes += verb.utf8
        TestNames.appendCapitalized(selector: method.selector, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The outcome of checking that a class can be created with `new`.
public struct CreationResult: Hashable, Sendable {
    public enum Finding: Hashable, Sendable, CustomStringConvertible {
        /// `new` returned an instance of exactly the class.
        case created(String)
        case returnedNil
        /// `new` returned an object of another class.
        case wrongClass(object: String, className: String)
        case raised(String)

        public var description: String {
            switch self {
            case .created(let object): "created \(object)"
            case .returnedNil: "new returned nil"
            case .wrongClass(let object, let className): "new returned \(object), an instance of \(className), not of the class itself"
            case .raised(let message): "raised: \(message)"
            }
        }
    }

    public let className: String
    public let finding: Finding

    /// ok when `new` made an instance of the class, failed when it made something else,
    /// error when it raised.
    public var verdict: CheckVerdict {
        switch finding {
        case .created: .ok
        case .returnedNil, .wrongClass: .failed
        case .raised: .error
        }
    }

    public var passed: Bool { verdict == .ok }

    /// `testMMLoginViewControllerCreation`
    public var testName: String { "test\(className)Creation" }
}

/// Test names made from selectors.
enum TestNames {
    /// Appends the selector capitalized for a test name: `viewWillAppear:` → `ViewWillAppear`,
    /// `pushViewController:animated:` → `PushViewControllerAnimated`.
    static func appendCapitalized(selector: String, to bytes: inout [UInt8]) {
        // Selectors are ASCII identifiers and colons: a byte pass, with no string per part.
        var startsPart = true
        for byte in selector.utf8 {
            if byte == UInt8(ascii: ":") {
                startsPart = true
                continue
            }
            bytes.append(startsPart && byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte)
            startsPart = false
        }
    }
}
