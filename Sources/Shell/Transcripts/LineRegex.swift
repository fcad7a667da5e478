/// The regular expression of a transcript line ending in ` (re)`, matched against a whole
/// output line without backtracking: the pattern becomes a small automaton whose states
/// are followed all at once (Thompson's construction), so matching costs at most the
/// line's length times the pattern's size, whatever the pattern. `(a+)+b` against a long
/// line of `a`s takes microseconds, not minutes.
///
/// The syntax is the common core: literals, `.`, classes `[a-z]` and `[^...]`, escapes
/// `\d \w \s \D \W \S` and escaped punctuation, groups `( )` and `(?: )`, alternation `|`,
/// `* + ?` and `{m}`, `{m,}`, `{m,n}` (a trailing `?` for laziness is accepted: only
/// whether the line matches counts), and the anchors `^` and `$`.
struct LineRegex: Sendable {
    /// The pattern cannot be read; `reason` says why and where.
    struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    private let program: [Instruction]

    /// Nesting deeper than this in groups is refused, as is a pattern whose repetitions
    /// expand to more than ``maximumProgramSize`` instructions.
    static let maximumNesting = 100
    static let maximumProgramSize = 20_000

    init(_ pattern: String) throws(SyntaxError) {
        var parser = PatternParser(Array(pattern.unicodeScalars))
        let node = try parser.parseWhole()
        var compiler = Compiler()
        try compiler.emit(node)
        compiler.program.append(.match)
        program = compiler.program
    }

    /// Whether the whole of `line` matches.
    func wholeMatch(_ line: String) -> Bool {
        let scalars = Array(line.unicodeScalars)
        var current = StateSet(size: program.count)
        var next = StateSet(size: program.count)
        addState(0, at: 0, of: scalars, to: &current)
        for (position, scalar) in scalars.enumerated() {
            next.clear()
            for state in current.states {
                if case .scalar(let test) = program[state], test.matches(scalar) {
                    addState(state + 1, at: position + 1, of: scalars, to: &next)
                }
            }
            swap(&current, &next)
            if current.states.isEmpty { return false }
        }
        return current.states.contains { program[$0] == .match }
    }

    /// Adds `state` and every state reachable from it without reading a character.
    private func addState(_ start: Int, at position: Int, of scalars: [Unicode.Scalar], to set: inout StateSet) {
        var pending = [start]
        while let state = pending.popLast() {
            guard set.insert(state) else { continue }
            switch program[state] {
            case .jump(let target):
                pending.append(target)
            case .split(let first, let second):
                pending.append(second)
                pending.append(first)
            case .lineStart:
                if position == 0 { pending.append(state + 1) }
            case .lineEnd:
                if position == scalars.count { pending.append(state + 1) }
            case .scalar, .match:
                break
            }
        }
    }
}

// MARK: - The automaton

extension LineRegex {
    enum Instruction: Equatable, Sendable {
        case scalar(ScalarTest)
        case split(Int, Int)
        case jump(Int)
        case lineStart
        case lineEnd
        case match
    }

    /// What one character must be.
    enum ScalarTest: Equatable, Sendable {
        case any
        case literal(Unicode.Scalar)
        case set([ClassItem], negated: Bool)

        func matches(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .any: true
            case .literal(let expected): scalar == expected
            case .set(let items, let negated): items.contains { $0.matches(scalar) } != negated
            }
        }
    }

    /// One member of a `[...]` class, or an escape such as `\d`.
    enum ClassItem: Equatable, Sendable {
        case range(Unicode.Scalar, Unicode.Scalar)
        case digit(negated: Bool)
        case word(negated: Bool)
        case space(negated: Bool)

        func matches(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .range(let low, let high): (low...high).contains(scalar)
            case .digit(let negated): ("0"..."9").contains(scalar) != negated
            case .word(let negated):
                (scalar == "_" || ("0"..."9").contains(scalar) || scalar.properties.isAlphabetic) != negated
            case .space(let negated): scalar.properties.isWhitespace != negated
            }
        }
    }

    /// The states reached, in the order found, with a bitmap for membership.
    struct StateSet {
        private(set) var states: [Int] = []
        private var present: [Bool]

        init(size: Int) {
            present = Array(repeating: false, count: size)
        }

        mutating func insert(_ state: Int) -> Bool {
            guard !present[state] else { return false }
            present[state] = true
            states.append(state)
            return true
        }

        mutating func clear() {
            for state in states { present[state] = false }
            states.removeAll(keepingCapacity: true)
        }
    }
}

// MARK: - Reading the pattern

extension LineRegex {
    indirect enum Node: Sendable {
        case empty
        case test(ScalarTest)
        case lineStart
        case lineEnd
        case sequence([Node])
        case alternatives([Node])
        case repeated(Node, minimum: Int, maximum: Int?)
    }

    struct PatternParser {
        private let scalars: [Unicode.Scalar]
        private var index = 0
        private var depth = 0

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        private func error(_ message: String) -> SyntaxError {
            SyntaxError(reason: "\(message) at character \(index + 1) of the pattern")
        }

        mutating func parseWhole() throws(SyntaxError) -> Node {
            let node = try alternatives()
            if current == ")" { throw error("')' closes no group") }
            return node
        }

        private mutating func alternatives() throws(SyntaxError) -> Node {
            var choices = [try sequence()]
            while current == "|" {
                index += 1
                choices.append(try sequence())
            }
            return choices.count == 1 ? choices[0] : .alternatives(choices)
        }

        private mutating func sequence() throws(SyntaxError) -> Node {
            var items: [Node] = []
            while let scalar = current, scalar != "|", scalar != ")" {
                items.append(try quantified(try atom()))
            }
            return items.count == 1 ? items[0] : .sequence(items)
        }

        private mutating func quantified(_ atom: Node) throws(SyntaxError) -> Node {
            var node = atom
            var stacked = 0
            while let scalar = current {
                // `a+*+*...` nests one repetition in another: bounded like groups.
                stacked += 1
                guard stacked <= LineRegex.maximumNesting else { throw error("more than \(LineRegex.maximumNesting) quantifiers in a row") }
                let bounds: (Int, Int?)
                switch scalar {
                case "*": bounds = (0, nil); index += 1
                case "+": bounds = (1, nil); index += 1
                case "?": bounds = (0, 1); index += 1
                case "{":
                    guard let counted = try countedBounds() else { return node }
                    bounds = counted
                default:
                    return node
                }
                if case .lineStart = node { throw error("a quantifier cannot follow '^'") }
                if current == "?" { index += 1 } // laziness changes which match, not whether
                node = .repeated(node, minimum: bounds.0, maximum: bounds.1)
            }
            return node
        }

        /// `{m}`, `{m,}` or `{m,n}`; nil (consuming nothing) when the brace is a literal.
        private mutating func countedBounds() throws(SyntaxError) -> (Int, Int?)? {
            let start = index
            index += 1
            func number() -> Int? {
                var digits = ""
                while let scalar = current, ("0"..."9").contains(scalar), digits.count < 6 {
                    digits.unicodeScalars.append(scalar)
                    index += 1
                }
                return Int(digits)
            }
            guard let minimum = number() else { index = start; return nil }
            var maximum: Int? = minimum
            if current == "," {
                index += 1
                maximum = number()
            }
            guard current == "}" else { index = start; return nil }
            index += 1
            if let maximum, maximum < minimum { throw error("{\(minimum),\(maximum)} has its bounds the wrong way round") }
            return (minimum, maximum)
        }

        private mutating func atom() throws(SyntaxError) -> Node {
            guard let scalar = current else { throw error("the pattern ends too soon") }
            index += 1
            switch scalar {
            case ".": return .test(.any)
            case "^": return .lineStart
            case "$": return .lineEnd
            case "*", "+", "?": throw error("'\(scalar)' has nothing to repeat")
            case "[": return .test(try characterClass())
            case "\\": return .test(try escape(inClass: false))
            case "(":
                depth += 1
                defer { depth -= 1 }
                guard depth <= LineRegex.maximumNesting else { throw error("groups nest more than \(LineRegex.maximumNesting) deep") }
                if current == "?" {
                    guard index + 1 < scalars.count, scalars[index + 1] == ":" else {
                        throw error("only (?: ) groups are supported after '(?'")
                    }
                    index += 2
                }
                let inner = try alternatives()
                guard current == ")" else { throw error("the group has no closing ')'") }
                index += 1
                return inner
            default:
                return .test(.literal(scalar))
            }
        }

        private mutating func characterClass() throws(SyntaxError) -> ScalarTest {
            var negated = false
            if current == "^" { negated = true; index += 1 }
            var items: [ClassItem] = []
            var first = true
            while true {
                guard let scalar = current else { throw error("the class has no closing ']'") }
                if scalar == "]" && !first { index += 1; break }
                first = false
                index += 1
                var low = scalar
                if scalar == "\\" {
                    switch try escape(inClass: true) {
                    case .literal(let escaped): low = escaped
                    case .set(let escapedItems, _): items += escapedItems; continue
                    case .any: continue
                    }
                }
                if current == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                    index += 1
                    guard var high = current else { throw error("the class has no closing ']'") }
                    index += 1
                    if high == "\\", case .literal(let escaped) = try escape(inClass: true) { high = escaped }
                    guard low <= high else { throw error("the range \(low)-\(high) is the wrong way round") }
                    items.append(.range(low, high))
                } else {
                    items.append(.range(low, low))
                }
            }
            return .set(items, negated: negated)
        }

        /// After a backslash.
        private mutating func escape(inClass: Bool) throws(SyntaxError) -> ScalarTest {
            guard let scalar = current else { throw error("the pattern ends with a lone '\\'") }
            index += 1
            switch scalar {
            case "d": return .set([.digit(negated: false)], negated: false)
            case "D": return .set([.digit(negated: true)], negated: false)
            case "w": return .set([.word(negated: false)], negated: false)
            case "W": return .set([.word(negated: true)], negated: false)
            case "s": return .set([.space(negated: false)], negated: false)
            case "S": return .set([.space(negated: true)], negated: false)
            case "t": return .literal("\t")
            case "n": return .literal("\n")
            case "r": return .literal("\r")
            default:
                guard !scalar.properties.isAlphabetic, !("0"..."9").contains(scalar) else {
                    throw error("'\\\(scalar)' is not an escape rtsh knows; use \\d \\w \\s \\D \\W \\S \\t \\n \\r or escape punctuation")
                }
                return .literal(scalar)
            }
        }
    }

    /// Turns the pattern into instructions, expanding counted repetitions.
    struct Compiler {
        var program: [Instruction] = []

        private mutating func append(_ instruction: Instruction) throws(SyntaxError) -> Int {
            guard program.count < LineRegex.maximumProgramSize else {
                throw SyntaxError(reason: "the pattern's repetitions expand to more than \(LineRegex.maximumProgramSize) steps; use smaller counts")
            }
            program.append(instruction)
            return program.count - 1
        }

        mutating func emit(_ node: Node) throws(SyntaxError) {
            switch node {
            case .empty:
                break
            case .test(let test):
                _ = try append(.scalar(test))
            case .lineStart:
                _ = try append(.lineStart)
            case .lineEnd:
                _ = try append(.lineEnd)
            case .sequence(let items):
                for item in items { try emit(item) }
            case .alternatives(let choices):
                var jumpsToEnd: [Int] = []
                for (offset, choice) in choices.enumerated() {
                    if offset < choices.count - 1 {
                        let split = try append(.split(0, 0))
                        try emit(choice)
                        jumpsToEnd.append(try append(.jump(0)))
                        program[split] = .split(split + 1, program.count)
                    } else {
                        try emit(choice)
                    }
                }
                for jump in jumpsToEnd { program[jump] = .jump(program.count) }
            case .repeated(let inner, let minimum, let maximum):
                for _ in 0..<minimum { try emit(inner) }
                if let maximum {
                    // Each optional copy may be skipped to the end.
                    var skips: [Int] = []
                    for _ in minimum..<maximum {
                        skips.append(try append(.split(0, 0)))
                        try emit(inner)
                    }
                    for skip in skips { program[skip] = .split(skip + 1, program.count) }
                } else {
                    let loop = try append(.split(0, 0))
                    try emit(inner)
                    _ = try append(.jump(loop))
                    program[loop] = .split(loop + 1, program.count)
                }
            }
        }
    }
}
