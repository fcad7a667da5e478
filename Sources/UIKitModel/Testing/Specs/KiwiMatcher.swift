import Foundation
import Runtime

/// One of Kiwi's matchers, as a verifier receives it (`equal:`, `beKindOfClass:`,
/// `haveCountOf:`...): whether its subject matches, and how a failure says what was expected.
struct KiwiMatcher {
    /// Each matcher by the selector a verifier receives.
    enum Kind: String, CaseIterable {
        case equal = "equal:", equalWithDelta = "equal:withDelta:", beWithin = "beWithin:of:"
        case beBetween = "beBetween:and:", beInTheInterval = "beInTheIntervalFrom:to:"
        case beIdenticalTo = "beIdenticalTo:", beNil = "beNil:", beNonNil = "beNonNil:"
        case beTrue, beYes, beFalse, beNo, beZero, beEmpty
        case beKindOfClass = "beKindOfClass:", beMemberOfClass = "beMemberOfClass:", beSubclassOfClass = "beSubclassOfClass:"
        case conformToProtocol = "conformToProtocol:", respondToSelector = "respondToSelector:"
        case contain = "contain:", containObjectsInArray = "containObjectsInArray:"
        case containString = "containString:", containStringWithOptions = "containString:options:"
        case startWithString = "startWithString:", endWithString = "endWithString:"
        case matchPattern = "matchPattern:", matchPatternWithOptions = "matchPattern:options:", match = "match:"
        case haveCountOf = "haveCountOf:", haveCountOfAtLeast = "haveCountOfAtLeast:", haveCountOfAtMost = "haveCountOfAtMost:"
        case haveLengthOf = "haveLengthOf:", haveLengthOfAtLeast = "haveLengthOfAtLeast:", haveLengthOfAtMost = "haveLengthOfAtMost:"
        case haveValueForKey = "haveValue:forKey:", haveValueForKeyPath = "haveValue:forKeyPath:", haveAnyValueForKey = "haveValueForKey:"
        case beLessThan = "beLessThan:", beLessThanOrEqualTo = "beLessThanOrEqualTo:"
        case beGreaterThan = "beGreaterThan:", beGreaterThanOrEqualTo = "beGreaterThanOrEqualTo:"
        case raise, raiseWithName = "raiseWithName:", raiseWithReason = "raiseWithReason:", raiseWithNameAndReason = "raiseWithName:reason:"
        case change = "change:", changeBy = "change:by:"

        /// The selector's type encoding: objects, numbers as the matchers declare them.
        var types: String {
            switch self {
            case .equalWithDelta, .beWithin: "v@:@d"
            case .haveCountOf, .haveCountOfAtLeast, .haveCountOfAtMost, .haveLengthOf, .haveLengthOfAtLeast, .haveLengthOfAtMost: "v@:Q"
            case .containStringWithOptions, .matchPatternWithOptions: "v@:@Q"
            case .respondToSelector: "v@::"
            case .changeBy: "v@:@?q"
            case .change: "v@:@?"
            default: "v@:" + String(repeating: "@", count: rawValue.filter { $0 == ":" }.count)
            }
        }
    }

    let kind: Kind
    let arguments: [Value]

    /// Whether `subject` matches. A raise or change matcher runs its subject, a block.
    func matches(_ subject: Value, in library: ClassLibrary, nestedAt depth: Int) throws -> Bool {
        let runtime = library.runtime
        func number(_ value: Value) throws -> Double? {
            if let number = value.numberValue { return number }
            guard let object = value.object else { return nil }
            return try runtime.send(try runtime.selector("doubleValue"), to: object, Arguments(), nestedAt: depth).numberValue
        }
        func compare(_ test: (Double, Double) -> Bool) throws -> Bool {
            guard let a = try number(subject), let b = try number(arguments[0]) else { return false }
            return test(a, b)
        }
        func count() throws -> Int? {
            switch subject {
            case .string(let text): return text.utf16.count
            case .array(let items): return items.count
            case .dictionary(let entries): return entries.count
            case .object(let object):
                let selector = try runtime.selector(runtime.instancesRespond(object.isa, to: try runtime.selector("count")) ? "count" : "length")
                return try runtime.send(selector, to: object, Arguments(), nestedAt: depth).intValue
            default: return nil
            }
        }
        func text() -> String? { if case .string(let text) = subject { text } else { nil } }
        func send(_ name: String, _ arguments: Value...) throws -> Value {
            try runtime.send(try runtime.selector(name), toValue: subject, Arguments(arguments), nestedAt: depth)
        }
        switch kind {
        case .equal:
            return subject == .nil ? arguments[0] == .nil : try runtime.isEqual(subject, arguments[0], nestedAt: depth)
        case .equalWithDelta, .beWithin:
            let (target, delta) = kind == .beWithin ? (arguments[1], arguments[0]) : (arguments[0], arguments[1])
            guard let a = try number(subject), let b = try number(target), let d = try number(delta) else { return false }
            return abs(a - b) <= d
        case .beBetween, .beInTheInterval:
            guard let a = try number(subject), let low = try number(arguments[0]), let high = try number(arguments[1]) else { return false }
            return low <= a && a <= high
        case .beIdenticalTo:
            if let object = subject.object, let other = arguments[0].object { return object === other }
            return subject == arguments[0]
        case .beNil: return subject == .nil
        case .beNonNil: return subject != .nil
        case .beTrue, .beYes: return try number(subject).map { $0 != 0 } ?? false
        case .beFalse, .beNo: return try number(subject) == 0
        case .beZero: return try number(subject) == 0
        case .beEmpty: return try count() == 0
        case .beKindOfClass: return arguments[0].class.map { cls in subject.object?.isKind(of: cls) ?? false } ?? false
        case .beMemberOfClass: return arguments[0].class.map { cls in subject.object.map { $0.isa === cls } ?? false } ?? false
        case .beSubclassOfClass:
            guard let cls = subject.class, let other = arguments[0].class else { return false }
            return cls.isSubclass(of: other)
        case .conformToProtocol: return try send("conformsToProtocol:", arguments[0]).isTruthy
        case .respondToSelector: return try send("respondsToSelector:", arguments[0]).isTruthy
        case .contain: return try send("containsObject:", arguments[0]).isTruthy
        case .containObjectsInArray:
            guard case .array(let wanted) = arguments[0] else { return false }
            return try wanted.allSatisfy { try send("containsObject:", $0).isTruthy }
        case .containString, .containStringWithOptions:
            guard let text = text(), case .string(let part) = arguments[0] else { return false }
            let options = kind == .containString ? 0 : arguments[1].intValue ?? 0
            return (text as NSString).range(of: part, options: NSString.CompareOptions(rawValue: UInt(max(0, options)))).location != NSNotFound
        case .startWithString: return text().map { text in arguments[0].text.map(text.hasPrefix) ?? false } ?? false
        case .endWithString: return text().map { text in arguments[0].text.map(text.hasSuffix) ?? false } ?? false
        case .matchPattern, .matchPatternWithOptions:
            guard let text = text(), case .string(let pattern) = arguments[0] else { return false }
            let options = NSRegularExpression.Options(rawValue: UInt(max(0, kind == .matchPattern ? 0 : arguments[1].intValue ?? 0)))
            guard let regex = try? NSRegularExpression(pattern: pattern, options: options) else {
                throw ClassLibraryError.invalidArgument(method: kind.rawValue, reason: "'\(pattern)' is not a regular expression")
            }
            return regex.firstMatch(in: text, range: NSRange(location: 0, length: (text as NSString).length)) != nil
        case .match:
            guard let matcher = arguments[0].object else { return false }
            return try runtime.send(try runtime.selector("matches:"), to: matcher, Arguments(subject), nestedAt: depth).isTruthy
        case .haveCountOf, .haveLengthOf: return try count() == arguments[0].intValue
        case .haveCountOfAtLeast, .haveLengthOfAtLeast: return try (count() ?? -1) >= (arguments[0].intValue ?? 0)
        case .haveCountOfAtMost, .haveLengthOfAtMost: return try count().map { $0 <= (arguments[0].intValue ?? 0) } ?? false
        case .haveValueForKey, .haveValueForKeyPath:
            let found = try send(kind == .haveValueForKey ? "valueForKey:" : "valueForKeyPath:", arguments[1])
            return found == .nil ? arguments[0] == .nil : try runtime.isEqual(found, arguments[0], nestedAt: depth)
        case .haveAnyValueForKey: return try send("valueForKey:", arguments[0]) != .nil
        case .beLessThan: return try compare(<)
        case .beLessThanOrEqualTo: return try compare(<=)
        case .beGreaterThan: return try compare(>)
        case .beGreaterThanOrEqualTo: return try compare(>=)
        case .raise, .raiseWithName, .raiseWithReason, .raiseWithNameAndReason:
            guard case .block(let block) = subject else {
                throw ClassLibraryError.invalidArgument(method: kind.rawValue, reason: "its subject must be a block, as in [[theBlock(^{ ... }) should] raise]")
            }
            guard let raised = try ClassLibrary.raisedValue(running: block, in: runtime, nestedAt: depth) else { return false }
            func part(_ name: String) throws -> Value {
                guard let exception = raised.object else { return .nil }
                return try runtime.send(try runtime.selector(name), to: exception, Arguments(), nestedAt: depth)
            }
            switch kind {
            case .raiseWithName: return try part("name") == arguments[0]
            case .raiseWithReason: return try part("reason") == arguments[0]
            case .raiseWithNameAndReason: return try part("name") == arguments[0] && part("reason") == arguments[1]
            default: return true
            }
        case .change, .changeBy:
            guard case .block(let block) = subject, case .block(let counter) = arguments[0] else {
                throw ClassLibraryError.invalidArgument(method: kind.rawValue, reason: "its subject and its argument must be blocks, as in [[theBlock(^{ ... }) should] change:^NSInteger{ return list.count; } by:1]")
            }
            let before = try counter.call(Arguments(), nestedAt: depth).intValue ?? 0
            _ = try block.call(Arguments(), nestedAt: depth)
            let after = try counter.call(Arguments(), nestedAt: depth).intValue ?? 0
            return kind == .change ? after != before : after - before == arguments[1].intValue
        }
    }

    /// What the failure says was expected: `equal 4`, `be kind of class UIView`, `have count of 3`.
    func phrase(_ show: (Value) throws -> String) throws -> String {
        let words = kind.rawValue.split(separator: ":").first.map(String.init) ?? kind.rawValue
        // `beKindOfClass` reads `be kind of class`.
        var phrase = ""
        for character in words {
            if character.isUppercase { phrase += " " + character.lowercased() } else { phrase.append(character) }
        }
        switch kind {
        case .beNil: return "be nil"
        case .beNonNil: return "not be nil"
        case .beTrue, .beYes, .beFalse, .beNo, .beZero, .beEmpty, .raise: return phrase
        case .equalWithDelta: return "equal \(try show(arguments[0])) within \(try show(arguments[1]))"
        case .beWithin: return "be within \(try show(arguments[0])) of \(try show(arguments[1]))"
        case .beBetween, .beInTheInterval: return "be between \(try show(arguments[0])) and \(try show(arguments[1]))"
        case .haveValueForKey, .haveValueForKeyPath: return "have value \(try show(arguments[0])) for \(try show(arguments[1]))"
        case .raiseWithNameAndReason: return "raise \(try show(arguments[0])) with reason \(try show(arguments[1]))"
        case .change: return "change the count"
        case .changeBy: return "change the count by \(try show(arguments[1]))"
        case .beKindOfClass, .beMemberOfClass, .beSubclassOfClass: return phrase + " " + (arguments[0].class?.name ?? "nil")
        default: return phrase + " " + (try show(arguments[0]))
        }
    }
}
