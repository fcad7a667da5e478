import Runtime

extension ClassLibrary {
    /// OCHamcrest's matchers of matchers: `HCIs` (`is`, which only reads better),
    /// `HCIsNot` (`isNot`), `HCAllOf` (`allOf`, `hasItems`), `HCAnyOf` (`anyOf`) and
    /// `HCDescribedAs` (`describedAs`).
    static func defineLogicalMatchers(in runtime: Runtime, base: Class, diagnosing: Class) throws {
        let initialize = try runtime.selector("init")
        @Sendable func initWithMatcher(_ m: borrowing Message) throws -> Value {
            let matcher = m[0]
            return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_matcher", of: this, to: matcher) }
        }
        try runtime.registerLazyClass(named: "HCIs", superclass: base) { c in
            try c.addIvar("_matcher", type: .object(className: nil))
            try c.addMethod("initWithMatcher:", types: "@@:@") { m in try initWithMatcher(m) }
            try c.addMethod("matches:", types: "B@:@") { m in .bool(try m.does(try m.ivar("_matcher"), match: m[0])) }
            try c.addMethod("describeMismatchOf:to:", types: "v@:@@") { m in
                try m.describeMismatch(of: m[0], by: try m.ivar("_matcher"), to: m[1])
                return .nil
            }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                try m.append(.description(of: try m.ivar("_matcher")), to: m[0])
                return .nil
            }
        }
        try runtime.registerLazyClass(named: "HCIsNot", superclass: base) { c in
            try c.addIvar("_matcher", type: .object(className: nil))
            try c.addMethod("initWithMatcher:", types: "@@:@") { m in try initWithMatcher(m) }
            try c.addMethod("matches:", types: "B@:@") { m in .bool(!(try m.does(try m.ivar("_matcher"), match: m[0]))) }
            try c.addMethod("describeMismatchOf:to:", types: "v@:@@") { m in
                try m.describeMismatch(of: m[0], by: try m.ivar("_matcher"), to: m[1])
                return .nil
            }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                try m.append(.text("not "), .description(of: try m.ivar("_matcher")), to: m[0])
                return .nil
            }
        }
        try defineCombinations(in: runtime, base: base, diagnosing: diagnosing)
        try defineDescribedAs(in: runtime, base: base)
    }

    /// `HCAllOf`, which matches when every matcher does and tells the first that did not,
    /// and `HCAnyOf`, which matches when one does; each describes its matchers in
    /// parentheses, joined by `and` or `or`.
    private static func defineCombinations(in runtime: Runtime, base: Class, diagnosing: Class) throws {
        try runtime.registerLazyClass(named: "HCAllOf", superclass: diagnosing) { c in
            try c.addIvar("_matchers", type: .object(className: "NSArray"))
            try c.addMethod("initWithMatchers:", types: "@@:@") { m in try m.initializingWithMatchers() }
            try c.addMethod("matches:describingMismatchTo:", types: "B@:@@") { m in
                for matcher in try m.matchers where !(try m.does(matcher, match: m[0])) {
                    try m.append(.text("instead of "), .description(of: matcher), .text(", "), to: m[1])
                    try m.describeMismatch(of: m[0], by: matcher, to: m[1])
                    return false
                }
                return true
            }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                try m.append(.list(try m.matchers, start: "(", separator: " and ", end: ")"), to: m[0])
                return .nil
            }
        }
        try runtime.registerLazyClass(named: "HCAnyOf", superclass: base) { c in
            try c.addIvar("_matchers", type: .object(className: "NSArray"))
            try c.addMethod("initWithMatchers:", types: "@@:@") { m in try m.initializingWithMatchers() }
            try c.addMethod("matches:", types: "B@:@") { m in
                for matcher in try m.matchers where try m.does(matcher, match: m[0]) { return true }
                return false
            }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                try m.append(.list(try m.matchers, start: "(", separator: " or ", end: ")"), to: m[0])
                return .nil
            }
        }
    }

    /// `HCDescribedAs`: another matcher under a description of one's own, in which `%0`,
    /// `%1`, ... stand for the values given with it, each described as
    /// `-appendDescriptionOf:` describes it; a `%` followed by no digit is itself.
    private static func defineDescribedAs(in runtime: Runtime, base: Class) throws {
        let initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "HCDescribedAs", superclass: base) { c in
            try c.addIvar("_descriptionTemplate", type: .object(className: "NSString"))
            try c.addIvar("_matcher", type: .object(className: nil))
            try c.addIvar("_values", type: .object(className: "NSArray"))
            try c.addMethod("initWithDescription:forMatcher:overValues:", types: "@@:@@@") { m in
                let template = try m.stringArgument(0), matcher = m[1]
                guard let values = try m.enumerated(m[2]) else { throw m.wrongArgument(2, expected: "an array of the values %0, %1, ... stand for") }
                // A %N past the values would read past the end of the list when described.
                if let missing = DescribedAsTemplate(template).indices.first(where: { $0 >= values.count }) {
                    throw ClassLibraryError.invalidArgument(
                        method: m.methodName,
                        reason: "the description \"\(template)\" names %\(missing), but \(values.count) value\(values.count == 1 ? " follows" : "s follow") it: give a value for each %N, from %0")
                }
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_descriptionTemplate": .string(template), "_matcher": matcher, "_values": .array(values)])
                }
            }
            try c.addMethod("matches:", types: "B@:@") { m in .bool(try m.does(try m.ivar("_matcher"), match: m[0])) }
            try c.addMethod("describeMismatchOf:to:", types: "v@:@@") { m in
                try m.describeMismatch(of: m[0], by: try m.ivar("_matcher"), to: m[1])
                return .nil
            }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                let template = try m.text(of: try m.ivar("_descriptionTemplate"))
                let values: [Value] = if case .array(let values) = try m.ivar("_values") { values } else { [] }
                for piece in DescribedAsTemplate(template).pieces {
                    switch piece {
                    case .text(let text): try m.append(.text(text), to: m[0])
                    case .value(let index):
                        try m.append(.description(of: values.indices.contains(index) ? values[index] : .nil), to: m[0])
                    }
                }
                return .nil
            }
        }
    }
}

/// A `describedAs` description cut at its `%N` references: the text between them, and the
/// index of the value each stands for.
struct DescribedAsTemplate {
    enum Piece: Equatable {
        case text(String)
        case value(Int)
    }

    let pieces: [Piece]

    /// The indices the template refers to, in order.
    var indices: [Int] {
        pieces.compactMap { if case .value(let index) = $0 { index } else { nil } }
    }

    init(_ template: String) {
        var pieces: [Piece] = []
        var text = ""
        var rest = Substring(template)
        while let percent = rest.firstIndex(of: "%") {
            text += rest[..<percent]
            rest = rest[rest.index(after: percent)...]
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            // `%` followed by no digit, as in `33% remaining`, is text.
            guard let index = Int(digits) else {
                text += "%"
                continue
            }
            if !text.isEmpty { pieces.append(.text(text)) }
            text = ""
            pieces.append(.value(index))
            rest = rest.dropFirst(digits.count)
        }
        text += rest
        if !text.isEmpty { pieces.append(.text(text)) }
        self.pieces = pieces
    }
}
