/// What a command takes, declared as data, as swift-argument-parser declares a command's
/// arguments: the usage line, the checks on what was typed and Tab completion all read it.
///
///     Signature([.word("super"), .argument("TARGET", .classPattern), .argument("SELECTOR", .auditedSelector, repeats: true)],
///               [.word("creation"), .argument("GLOB", .classPattern)])
struct Signature: Sendable {
    /// The ways to call the command, tried in order: the first that takes every word wins.
    let forms: [[Part]]

    init(_ forms: [Part]...) {
        self.forms = forms
    }

    /// The usage line: `check super TARGET [SELECTOR...] | check creation GLOB`.
    func usage(of name: String) -> String {
        forms.map { ([name] + $0.map(\.usage)).joined(separator: " ") }.joined(separator: " | ")
    }
}

/// One part of a way to call a command.
indirect enum Part: Hashable, Sendable {
    /// A word written as it is: `super`, `with`, `into`, `stop`.
    case word(String)
    /// Something the user gives.
    case value(Argument)
    /// Parts that are given or left out together: `[as NAME]`.
    case optional([Part])
    /// Flags, each given at most once, in any order: `[--all] [--class]`.
    case flags([String])

    static func argument(_ placeholder: String, _ kind: Argument.Kind, repeats: Bool = false) -> Part {
        .value(Argument(placeholder: placeholder, kind: kind, repeats: repeats))
    }

    var usage: String {
        switch self {
        case .word(let word): word
        case .value(let argument): argument.repeats ? "[\(argument.placeholder)...]" : argument.placeholder
        case .optional(let parts): "[" + parts.map(\.usage).joined(separator: " ") + "]"
        case .flags(let flags): flags.map { "[\($0)]" }.joined(separator: " ")
        }
    }
}

/// A value a command takes: its name in the usage line and what it is.
struct Argument: Hashable, Sendable {
    /// What the argument is: how many words it may take, and what Tab offers for it.
    enum Kind: Hashable, Sendable {
        /// A class's name.
        case className
        /// A class's name or a glob over class names (`MM*`).
        case classPattern
        /// A glob over class names and selectors, for `trace`.
        case filter
        /// A selector of any class.
        case selector
        /// A selector the super-call audit polices (`viewDidLoad`).
        case auditedSelector
        /// `-[Class selector]` or `+[Class selector]`.
        case method
        /// A method a change in the ledger names.
        case changedMethod
        /// A lifecycle event's selector (`viewWillAppear:`).
        case event
        /// The name of a variable to make.
        case newName
        /// A command's name.
        case command
        /// A file or directory.
        case path
        /// An expression that gives an object, written as one word (`vc`, `self.nav`,
        /// `[UIViewController new]`) so that the words after it can be told apart.
        case object
        /// Any expression; it may take several words.
        case expression
        /// `YES` or `NO`, or any expression that gives one.
        case boolean
        /// A selector with its arguments, as written inside `[ ]` after the receiver.
        case message
        /// A quoted string, or words taken as they are typed (`tap "Say Hello"`, `tap Done`).
        case label
        /// What a super-call rule is for: a selector (`viewDidLoad`), or a selector of a
        /// class's subclasses (`-[MMBaseViewController configure]`).
        case ruleTarget

        /// Whether the argument may take several words: the words up to the part that
        /// follows it, which the reader finds by trying the fewest first.
        var isPhrase: Bool {
            switch self {
            case .expression, .boolean, .message, .label, .ruleTarget: true
            default: false
            }
        }
    }

    /// How the usage line names it: `CLASS`, `METHOD`.
    let placeholder: String
    let kind: Kind
    /// Whether it may be given any number of times, none included (`SELECTOR...`).
    var repeats = false
}
