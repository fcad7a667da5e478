import Foundation
import Runtime

extension ClassLibrary {
    /// `NSRegularExpression` and the `NSTextCheckingResult`s its searches answer, on
    /// Foundation's own (ICU's) regular expressions, with ranges in UTF-16 code units as
    /// NSString counts them: `regularExpressionWithPattern:options:error:` (nil, with an
    /// `NSCocoaErrorDomain` error 2048, for a pattern that does not compile),
    /// `matchesInString:options:range:`, `firstMatchInString:options:range:`,
    /// `numberOfMatchesInString:options:range:`, `rangeOfFirstMatchInString:options:range:`,
    /// `enumerateMatchesInString:options:range:usingBlock:`,
    /// `stringByReplacingMatchesInString:options:range:withTemplate:` and
    /// `+escapedPatternForString:`. A result answers `range`, `rangeAtIndex:` (a capture
    /// group's, `{NSNotFound, 0}` when it took no part), `numberOfRanges` and `resultType`,
    /// and the checking results apps make themselves (`linkCheckingResultWithRange:URL:`
    /// and the like) answer what they were made with.
    static func defineNSRegularExpression(in runtime: Runtime, root: Class) throws {
        try runtime.registerLazyClass(named: "NSRegularExpression", superclass: root) { c in
            try c.addIvar("_pattern", type: .object(className: "NSString"))
            try c.addIvar("_options", type: .integer(code: "Q"))
            @Sendable func compiled(_ m: borrowing Message) throws -> NSRegularExpression {
                let pattern = try m.text(of: try m.ivar("_pattern")), options = try m.ivar("_options").intValue ?? 0
                return try NSRegularExpression(pattern: pattern, options: .init(rawValue: UInt(max(0, options))))
            }
            @Sendable func initialize(_ m: borrowing Message, pattern index: Int) throws -> Value {
                let pattern = try m.stringArgument(index), options = try m.integerArgument(index + 1)
                do {
                    _ = try NSRegularExpression(pattern: pattern, options: .init(rawValue: UInt(max(0, options))))
                } catch {
                    if case .reference(let pointer) = m[index + 2] {
                        pointer.value = try m.send(
                            "errorWithDomain:code:userInfo:", to: m.runtime.requireClass(named: "NSError"), .string("NSCocoaErrorDomain"), .int(2048),
                            .dictionary([.string("NSInvalidValue"): .string(pattern)]))
                    }
                    return .nil
                }
                return .object(m.receiver)
            }
            try c.addClassMethod("regularExpressionWithPattern:options:error:", types: "@@:@Q^@") { m in
                let made = try m.runtime.createInstance(of: try m.receiverClass())
                try m.runtime.setIvars(of: made, ["_pattern": m[0], "_options": .int(try m.integerArgument(1))])
                return try m.send(try m.runtime.selector("initWithPattern:options:error:"), to: made, m.arguments)
            }
            try c.addMethod("initWithPattern:options:error:", types: "@@:@Q^@") { m in
                try m.runtime.setIvars(of: m.receiver, ["_pattern": m[0], "_options": .int(try m.integerArgument(1))])
                return try initialize(m, pattern: 0)
            }
            try c.addClassMethod("escapedPatternForString:", types: "@@:@") { m in
                .string(NSRegularExpression.escapedPattern(for: try m.stringArgument(0)))
            }
            try c.addMethod("pattern", types: "@@:") { m in try m.ivar("_pattern") }
            try c.addMethod("options", types: "Q@:") { m in try m.ivar("_options") }
            // Foundation's: two expressions of one pattern and the same options are equal.
            @Sendable func patternAndOptions(_ value: Value, _ m: borrowing Message) throws -> (pattern: Value, options: Value)? {
                guard let object = value.object, object.isKind(of: try m.runtime.requireClass(named: "NSRegularExpression")) else { return nil }
                return (try m.runtime.ivarValue("_pattern", of: object), try m.runtime.ivarValue("_options", of: object))
            }
            try c.addMethod("isEqual:", types: "B@:@") { m in
                guard let other = try patternAndOptions(m[0], m) else { return false }
                let (pattern, options) = (try m.ivar("_pattern"), try m.ivar("_options"))
                return .bool(other.pattern == pattern && other.options == options)
            }
            try c.addMethod("hash", types: "Q@:") { m in
                guard case .string(let pattern) = try m.ivar("_pattern") else { return 0 }
                return .int(pattern.utf8.reduce(try m.ivar("_options").intValue ?? 0) { $0 &* 31 &+ Int($1) })
            }
            try c.addMethod("numberOfCaptureGroups", types: "Q@:") { m in .int(try compiled(m).numberOfCaptureGroups) }
            /// The matches in the string at argument 0, within the range at argument 2.
            @Sendable func matches(_ m: borrowing Message) throws -> [NSTextCheckingResult] {
                let string = try m.stringArgument(0) as NSString
                let range = try m.rangeArgument(2, within: string.length)
                let options = NSRegularExpression.MatchingOptions(rawValue: UInt(max(0, try m.integerArgument(1))))
                return try compiled(m).matches(in: string as String, options: options, range: NSRange(location: range.lowerBound, length: range.count))
            }
            try c.addMethod("matchesInString:options:range:", types: "@@:@Q{_NSRange=QQ}") { m in
                .array(try matches(m).map { try checkingResult($0, regularExpression: m.receiver, in: m.runtime) })
            }
            try c.addMethod("firstMatchInString:options:range:", types: "@@:@Q{_NSRange=QQ}") { m in
                try matches(m).first.map { try checkingResult($0, regularExpression: m.receiver, in: m.runtime) } ?? .nil
            }
            try c.addMethod("numberOfMatchesInString:options:range:", types: "Q@:@Q{_NSRange=QQ}") { m in .int(try matches(m).count) }
            try c.addMethod("rangeOfFirstMatchInString:options:range:", types: "{_NSRange=QQ}@:@Q{_NSRange=QQ}") { m in
                guard let first = try matches(m).first else { return Geometry.range(notFound, 0) }
                return Geometry.range(first.range.location, first.range.length)
            }
            try c.addMethod("enumerateMatchesInString:options:range:usingBlock:", types: "v@:@Q{_NSRange=QQ}@?") { m in
                guard let block = try m.blockArgument(3) else { throw m.wrongArgument(3, expected: "a block taking the result, the flags and a BOOL * to stop") }
                for match in try matches(m) {
                    let stop = Reference(.bool(false))
                    let result = try checkingResult(match, regularExpression: m.receiver, in: m.runtime)
                    _ = try block.call(Arguments([result, .int(0), .reference(stop)]), nestedAt: m.depth + 1)
                    if stop.value.isTruthy { break }
                }
                return .nil
            }
            try c.addMethod("stringByReplacingMatchesInString:options:range:withTemplate:", types: "@@:@Q{_NSRange=QQ}@") { m in
                let string = try m.stringArgument(0) as NSString
                let range = try m.rangeArgument(2, within: string.length)
                let options = NSRegularExpression.MatchingOptions(rawValue: UInt(max(0, try m.integerArgument(1))))
                return .string(try compiled(m).stringByReplacingMatches(
                    in: string as String, options: options, range: NSRange(location: range.lowerBound, length: range.count), withTemplate: try m.stringArgument(3)))
            }
        }
        try defineTextCheckingResult(in: runtime, root: root)
    }

    /// An `NSTextCheckingResult` for `match`, found by `regularExpression`.
    private static func checkingResult(_ match: NSTextCheckingResult, regularExpression: Object, in runtime: Runtime) throws -> Value {
        let result = try runtime.createInstance(of: runtime.requireClass(named: "NSTextCheckingResult"))
        let ranges = (0..<match.numberOfRanges).map { index in
            let range = match.range(at: index)
            return Geometry.range(range.location, range.length)
        }
        try runtime.setIvars(of: result, [
            "_resultType": .int(Int(NSTextCheckingResult.CheckingType.regularExpression.rawValue)), "_ranges": .array(ranges),
            "_regularExpression": .object(regularExpression),
        ])
        return .object(result)
    }

    /// `NSTextCheckingResult`: what a search found, or what an app makes to stand for a
    /// link, a date, an address or a phone number it found itself.
    private static func defineTextCheckingResult(in runtime: Runtime, root: Class) throws {
        try runtime.registerLazyClass(named: "NSTextCheckingResult", superclass: root) { c in
            try c.addIvar("_resultType", type: .integer(code: "Q"))
            try c.addIvar("_ranges", type: .object(className: "NSArray"))
            try c.addIvar("_regularExpression", type: .object(className: "NSRegularExpression"))
            try c.addIvar("_payload", type: .object(className: nil))
            // NSSecureCoding, as a label archives the links it found: the type, ranges and payload.
            try addCoding(of: ["_resultType", "_ranges", "_payload"], keyedBy: "NSTextCheckingResult", initializer: try c.runtime.selector("init"), secure: true, to: &c)
            // The factories: each a type (Foundation's NSTextCheckingType) and what its payload is.
            let factories: [(String, Int, String)] = [
                ("linkCheckingResultWithRange:URL:", 1 << 5, "URL"), ("dateCheckingResultWithRange:date:", 1 << 3, "date"),
                ("addressCheckingResultWithRange:components:", 1 << 4, "addressComponents"),
                ("phoneNumberCheckingResultWithRange:phoneNumber:", 1 << 11, "phoneNumber"),
                ("transitInformationCheckingResultWithRange:components:", 1 << 12, "components"),
                ("replacementCheckingResultWithRange:replacementString:", 1 << 8, "replacementString"),
                ("correctionCheckingResultWithRange:replacementString:", 1 << 9, "replacementString"),
                ("orthographyCheckingResultWithRange:orthography:", 1 << 1, "orthography"),
            ]
            for (factory, type, _) in factories {
                try c.addClassMethod(factory, types: "@@:{_NSRange=QQ}@") { m in
                    let result = try m.runtime.createInstance(of: try m.receiverClass())
                    try m.runtime.setIvars(of: result, ["_resultType": .int(type), "_ranges": .array([m[0]]), "_payload": m[1]])
                    return .object(result)
                }
            }
            try c.addClassMethod("spellCheckingResultWithRange:", types: "@@:{_NSRange=QQ}") { m in
                let result = try m.runtime.createInstance(of: try m.receiverClass())
                try m.runtime.setIvars(of: result, ["_resultType": .int(1 << 1), "_ranges": .array([m[0]])])
                return .object(result)
            }
            // Each payload answers under its own name, for the results of its type only.
            for payload in Set(factories.map(\.2)) {
                let types = Set(factories.filter { $0.2 == payload }.map(\.1))
                try c.addMethod(payload, types: "@@:") { m in
                    guard let type = try m.ivar("_resultType").intValue, types.contains(type) else { return .nil }
                    return try m.ivar("_payload")
                }
            }
            try c.addMethod("resultType", types: "Q@:") { m in try m.ivar("_resultType") }
            try c.addMethod("regularExpression", types: "@@:") { m in try m.ivar("_regularExpression") }
            try c.addMethod("range", types: "{_NSRange=QQ}@:") { m in try m.ivar("_ranges").arrayElements.first ?? Geometry.range(notFound, 0) }
            try c.addMethod("numberOfRanges", types: "Q@:") { m in .int(try m.ivar("_ranges").arrayElements.count) }
            try c.addMethod("rangeAtIndex:", types: "{_NSRange=QQ}@:Q") { m in
                let ranges = try m.ivar("_ranges").arrayElements, index = try m.integerArgument(0)
                guard ranges.indices.contains(index) else {
                    throw ClassLibraryError.outOfRange(method: m.methodName, reason: "index \(index) beyond bounds [0 .. \(ranges.count))")
                }
                return ranges[index]
            }
        }
    }
}
