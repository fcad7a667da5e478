import Foundation
import Runtime

extension ClassLibrary {
    /// The sets of what each part of a URL may hold unescaped, by class method.
    static let urlCharacterSets: [String: CharacterSet] = [
        "URLQueryAllowedCharacterSet": .urlQueryAllowed, "URLPathAllowedCharacterSet": .urlPathAllowed,
        "URLHostAllowedCharacterSet": .urlHostAllowed, "URLFragmentAllowedCharacterSet": .urlFragmentAllowed,
        "URLUserAllowedCharacterSet": .urlUserAllowed, "URLPasswordAllowedCharacterSet": .urlPasswordAllowed,
    ]

    /// `NSCharacterSet`: Foundation's named sets (whitespace, newlines, digits, letters,
    /// alphanumerics, punctuation) and sets of given characters, and what strings do with
    /// them (`-stringByTrimmingCharactersInSet:`, `-componentsSeparatedByCharactersInSet:`).
    /// A named set is kept as its name and tested with Unicode's properties, as Foundation's
    /// are; the URL sets are Foundation's own. A set of a range of code points
    /// (`+characterSetWithRange:`) keeps the range. `NSMutableCharacterSet` adds and removes
    /// characters and ranges, joins other sets and inverts; so does `-invertedSet`, on a copy.
    static func defineNSCharacterSet(in runtime: Runtime, root: Class) throws {
        let named = [
            "whitespaceCharacterSet", "whitespaceAndNewlineCharacterSet", "newlineCharacterSet", "decimalDigitCharacterSet",
            "letterCharacterSet", "alphanumericCharacterSet", "punctuationCharacterSet", "uppercaseLetterCharacterSet",
            "lowercaseLetterCharacterSet",
        ] + urlCharacterSets.keys.sorted()
        let state = ["_name", "_characters", "_added", "_removed", "_unions", "_inverted", "_ranges", "_removedRanges"]
        let characterSet = try runtime.registerLazyClass(named: "NSCharacterSet", superclass: root) { c in
            try c.addIvar("_name", type: .object(className: "NSString"))
            try c.addIvar("_characters", type: .object(className: "NSString"))
            try c.addIvar("_added", type: .object(className: "NSString"))
            try c.addIvar("_removed", type: .object(className: "NSString"))
            try c.addIvar("_unions", type: .object(className: "NSArray"))
            try c.addIvar("_inverted", type: .bool)
            // Ranges of code points, each an array of its first and its last: those added
            // (or the set was made with) and those removed.
            try c.addIvar("_ranges", type: .object(className: "NSArray"))
            try c.addIvar("_removedRanges", type: .object(className: "NSArray"))
            for name in named {
                try c.addClassMethod(name, types: "@@:") { m in
                    let set = try m.runtime.createInstance(of: try m.receiverClass())
                    try m.runtime.setIvar("_name", of: set, to: .string(name))
                    return .object(set)
                }
            }
            try c.addClassMethod("characterSetWithCharactersInString:", types: "@@:@") { m in
                let set = try m.runtime.createInstance(of: try m.receiverClass())
                try m.runtime.setIvar("_characters", of: set, to: .string(try m.stringArgument(0)))
                return .object(set)
            }
            try c.addClassMethod("characterSetWithRange:", types: "@@:{_NSRange=QQ}") { m in
                let set = try m.runtime.createInstance(of: try m.receiverClass())
                try m.runtime.setIvar("_ranges", of: set, to: CodePoints.encode(try codePoints(m)))
                return .object(set)
            }
            try c.addMethod("characterIsMember:", types: "B@:S") { m in
                guard let code = m[0].intValue, let scalar = Unicode.Scalar(UInt32(truncatingIfNeeded: code)) else { return false }
                return .bool(try contains(Character(scalar), in: m.receiver, runtime: m.runtime))
            }
            try c.addMethod("invertedSet", types: "@@:") { m in
                let inverted = try copy(m.receiver, as: m.receiver.isa, m.runtime)
                try m.runtime.setIvar("_inverted", of: inverted, to: .bool(!(try m.ivar("_inverted").isTruthy)))
                return .object(inverted)
            }
            try c.addMethod("copy", types: "@@:") { m in .object(try copy(m.receiver, as: try m.runtime.requireClass(named: "NSCharacterSet"), m.runtime)) }
            try c.addMethod("mutableCopy", types: "@@:") { m in
                .object(try copy(m.receiver, as: try m.runtime.requireClass(named: "NSMutableCharacterSet"), m.runtime))
            }
        }
        /// A set holding what `set` holds, of class `cls`.
        @Sendable func copy(_ set: Object, as cls: Class, _ runtime: Runtime) throws -> Object {
            let made = try runtime.createInstance(of: cls)
            for name in state { try runtime.setIvar(name, of: made, to: try runtime.ivarValue(name, of: set)) }
            return made
        }
        try runtime.registerLazyClass(named: "NSMutableCharacterSet", superclass: characterSet) { c in
            for (selector, ivar) in [("addCharactersInString:", "_added"), ("removeCharactersInString:", "_removed")] {
                try c.addMethod(selector, types: "v@:@") { m in
                    let characters = try m.stringArgument(0)
                    // What is added is no longer removed, and the other way round.
                    let other = ivar == "_added" ? "_removed" : "_added"
                    if case .string(let previous) = try m.ivar(other) { try m.setIvar(other, .string(previous.filter { !characters.contains($0) })) }
                    let otherRanges = ivar == "_added" ? "_removedRanges" : "_ranges"
                    var ranges = CodePoints.decode(try m.ivar(otherRanges))
                    for scalar in characters.unicodeScalars { ranges = ranges.flatMap { CodePoints.subtract(scalar.value...scalar.value, from: $0) } }
                    try m.setIvar(otherRanges, CodePoints.encode(ranges))
                    let kept = if case .string(let previous) = try m.ivar(ivar) { previous } else { "" }
                    try m.setIvar(ivar, .string(kept + characters))
                    return .nil
                }
            }
            // A range added is no longer removed, and the other way round: what is done last counts.
            for (selector, ivar, other) in [("addCharactersInRange:", "_ranges", "_removedRanges"), ("removeCharactersInRange:", "_removedRanges", "_ranges")] {
                try c.addMethod(selector, types: "v@:{_NSRange=QQ}") { m in
                    guard let range = try codePoints(m).first else { return .nil }
                    try m.setIvar(other, CodePoints.encode(CodePoints.decode(try m.ivar(other)).flatMap { CodePoints.subtract(range, from: $0) }))
                    let characters = selector == "addCharactersInRange:" ? "_removed" : "_added"
                    if case .string(let previous) = try m.ivar(characters) {
                        try m.setIvar(characters, .string(previous.filter { !CodePoints.holds($0, in: [range]) }))
                    }
                    try m.setIvar(ivar, CodePoints.encode(CodePoints.decode(try m.ivar(ivar)) + [range]))
                    return .nil
                }
            }
            try c.addMethod("formUnionWithCharacterSet:", types: "v@:@") { m in
                let other = try setArgument(m)
                try m.setIvar("_unions", .array(try m.ivar("_unions").arrayElements + [.object(other)]))
                return .nil
            }
            try c.addMethod("invert", types: "v@:") { m in try m.setIvar("_inverted", .bool(!(try m.ivar("_inverted").isTruthy))); return .nil }
        }
        @Sendable func contains(_ character: Character, in set: Object, runtime: Runtime) throws -> Bool {
            var found = try holds(character, set, runtime)
            if case .string(let added) = try runtime.ivarValue("_added", of: set), added.contains(character) { found = true }
            if !found, CodePoints.holds(character, in: CodePoints.decode(try runtime.ivarValue("_ranges", of: set))) { found = true }
            for case .object(let other) in try runtime.ivarValue("_unions", of: set).arrayElements where !found {
                found = try contains(character, in: other, runtime: runtime)
            }
            if case .string(let removed) = try runtime.ivarValue("_removed", of: set), removed.contains(character) { found = false }
            if found, CodePoints.holds(character, in: CodePoints.decode(try runtime.ivarValue("_removedRanges", of: set))) { found = false }
            return found != (try runtime.ivarValue("_inverted", of: set).isTruthy)
        }
        /// Whether the characters or the named set `set` was made with hold `character`.
        @Sendable func holds(_ character: Character, _ set: Object, _ runtime: Runtime) throws -> Bool {
            if case .string(let characters) = try runtime.ivarValue("_characters", of: set) { return characters.contains(character) }
            guard case .string(let name) = try runtime.ivarValue("_name", of: set) else { return false }
            if let allowed = urlCharacterSets[name] { return character.unicodeScalars.allSatisfy(allowed.contains) }
            switch name {
            case "whitespaceCharacterSet": return character.isWhitespace && !character.isNewline
            case "whitespaceAndNewlineCharacterSet": return character.isWhitespace
            case "newlineCharacterSet": return character.isNewline
            case "decimalDigitCharacterSet": return character.isNumber && character.isWholeNumber
            case "letterCharacterSet": return character.isLetter
            case "alphanumericCharacterSet": return character.isLetter || character.isNumber
            case "punctuationCharacterSet": return character.isPunctuation
            case "uppercaseLetterCharacterSet": return character.isUppercase
            default: return character.isLowercase
            }
        }
        /// The code points of the range argument 0, first to last: none for an empty range.
        @Sendable func codePoints(_ m: borrowing Message) throws -> [ClosedRange<UInt32>] {
            guard let (start, count) = Geometry.rangeBounds(of: m[0]), start >= 0, count >= 0, start + count <= 0x11_0000 else {
                throw m.wrongArgument(0, expected: "an NSRange of code points within 0 to 0x10FFFF, such as NSMakeRange(0x20, 0x5F)")
            }
            return count == 0 ? [] : [UInt32(start)...UInt32(start + count - 1)]
        }
        @Sendable func setArgument(_ m: borrowing Message) throws -> Object {
            guard case .object(let set) = m[0], set.isKind(of: characterSet) else {
                throw m.wrongArgument(0, expected: "an NSCharacterSet such as [NSCharacterSet whitespaceCharacterSet]")
            }
            return set
        }
        try runtime.extendDefinition(of: try runtime.requireClass(named: "NSString")) { c in
            try c.addMethod("stringByTrimmingCharactersInSet:", types: "@@:@") { m in
                let set = try setArgument(m)
                guard case .string(let text) = m.receiverValue else { return .string("") }
                var characters = Substring(text)
                while let first = characters.first, try contains(first, in: set, runtime: m.runtime) { characters.removeFirst() }
                while let last = characters.last, try contains(last, in: set, runtime: m.runtime) { characters.removeLast() }
                return .string(String(characters))
            }
            // The first character of the set within the range searched (the whole string
            // unless given), or the last under NSBackwardsSearch (4); under NSAnchoredSearch
            // (8) only the character at the start (or end) counts.
            @Sendable func rangeOfCharacter(_ m: borrowing Message, options: Int, rangeAt rangeIndex: Int?) throws -> Value {
                let set = try setArgument(m)
                guard case .string(let text) = m.receiverValue else { return Geometry.range(notFound, 0) }
                let within = try rangeIndex.map { try m.rangeArgument($0, within: text.utf16.count) } ?? 0..<text.utf16.count
                var characters: [(offset: Int, character: Character)] = []
                var offset = 0
                for character in text {
                    if offset >= within.lowerBound, offset + character.utf16.count <= within.upperBound { characters.append((offset, character)) }
                    offset += character.utf16.count
                }
                if options & 4 != 0 { characters.reverse() }
                if options & 8 != 0 { characters = Array(characters.prefix(1)) }
                for (offset, character) in characters where try contains(character, in: set, runtime: m.runtime) {
                    return Geometry.range(offset, character.utf16.count)
                }
                return Geometry.range(notFound, 0)
            }
            try c.addMethod("rangeOfCharacterFromSet:", types: "{_NSRange=QQ}@:@") { m in try rangeOfCharacter(m, options: 0, rangeAt: nil) }
            try c.addMethod("rangeOfCharacterFromSet:options:", types: "{_NSRange=QQ}@:@Q") { m in
                try rangeOfCharacter(m, options: try m.integerArgument(1), rangeAt: nil)
            }
            try c.addMethod("rangeOfCharacterFromSet:options:range:", types: "{_NSRange=QQ}@:@Q{_NSRange=QQ}") { m in
                try rangeOfCharacter(m, options: try m.integerArgument(1), rangeAt: 2)
            }
            try c.addMethod("stringByAddingPercentEncodingWithAllowedCharacters:", types: "@@:@") { m in
                let set = try setArgument(m)
                guard case .string(let text) = m.receiverValue else { return .nil }
                return .string(try PercentEncoding.encode(text) { try contains($0, in: set, runtime: m.runtime) })
            }
            try c.addMethod("componentsSeparatedByCharactersInSet:", types: "@@:@") { m in
                let set = try setArgument(m)
                guard case .string(let text) = m.receiverValue else { return .array([]) }
                var parts: [Value] = [], current = ""
                for character in text {
                    if try contains(character, in: set, runtime: m.runtime) {
                        parts.append(.string(current))
                        current = ""
                    } else {
                        current.append(character)
                    }
                }
                return .array(parts + [.string(current)])
            }
        }
    }
}

/// Ranges of code points as a character set keeps them: in an ivar, an array of each
/// range's first and last code point.
private enum CodePoints {
    static func encode(_ ranges: [ClosedRange<UInt32>]) -> Value {
        .array(ranges.map { .array([.int(Int($0.lowerBound)), .int(Int($0.upperBound))]) })
    }

    static func decode(_ value: Value) -> [ClosedRange<UInt32>] {
        value.arrayElements.compactMap { pair in
            guard case .array(let bounds) = pair, bounds.count == 2, let first = bounds[0].intValue, let last = bounds[1].intValue,
                  first <= last else { return nil }
            return UInt32(first)...UInt32(last)
        }
    }

    /// Whether `character`, one code point, is in one of `ranges`.
    static func holds(_ character: Character, in ranges: [ClosedRange<UInt32>]) -> Bool {
        guard !ranges.isEmpty, character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return false }
        return ranges.contains { $0.contains(scalar.value) }
    }

    /// What of `range` lies outside `removed`: none, one or two ranges.
    static func subtract(_ removed: ClosedRange<UInt32>, from range: ClosedRange<UInt32>) -> [ClosedRange<UInt32>] {
        guard range.overlaps(removed) else { return [range] }
        var left: [ClosedRange<UInt32>] = []
        if range.lowerBound < removed.lowerBound { left.append(range.lowerBound...(removed.lowerBound - 1)) }
        if range.upperBound > removed.upperBound { left.append((removed.upperBound + 1)...range.upperBound) }
        return left
    }
}
