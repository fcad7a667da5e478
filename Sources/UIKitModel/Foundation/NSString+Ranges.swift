import Foundation
import Runtime

extension ClassLibrary {
    /// NSString's searches and substrings by `NSRange`, in UTF-16 code units as NSString
    /// counts: `rangeOfString:` (and with options: `NSCaseInsensitiveSearch`,
    /// `NSBackwardsSearch`, `NSAnchoredSearch`...), `substringWithRange:`,
    /// `stringByReplacingCharactersInRange:withString:`, replacing occurrences with options in
    /// a range, `lineRangeForRange:` and the ranges
    /// of composed character sequences. Not found is `{NSNotFound, 0}`; a
    /// range past the end raises `NSRangeException`, as Foundation's do.
    static func addRangeMethods(to c: inout ClassBuilder, text: @escaping @Sendable (borrowing Message) -> String) throws {
        @Sendable func range(_ m: borrowing Message, _ index: Int, within length: Int) throws -> NSRange {
            let given = try m.rangeArgument(index, within: length)
            return NSRange(location: given.lowerBound, length: given.count)
        }
        @Sendable func found(_ range: NSRange) -> Value {
            range.location == NSNotFound ? Geometry.range(notFound, 0) : Geometry.range(range.location, range.length)
        }
        @Sendable func search(_ m: borrowing Message, options: Int, rangeAt rangeIndex: Int?) throws -> Value {
            let string = text(m) as NSString, target = try m.stringArgument(0)
            let within = try rangeIndex.map { try range(m, $0, within: string.length) } ?? NSRange(location: 0, length: string.length)
            return found(string.range(of: target, options: NSString.CompareOptions(rawValue: UInt(max(0, options))), range: within))
        }
        try c.addMethod("rangeOfString:", types: "{_NSRange=QQ}@:@") { m in try search(m, options: 0, rangeAt: nil) }
        try c.addMethod("rangeOfString:options:", types: "{_NSRange=QQ}@:@Q") { m in try search(m, options: try m.integerArgument(1), rangeAt: nil) }
        try c.addMethod("rangeOfString:options:range:", types: "{_NSRange=QQ}@:@Q{_NSRange=QQ}") { m in
            try search(m, options: try m.integerArgument(1), rangeAt: 2)
        }
        // The locale changes only how letters compare with their options; the model's is en_US.
        try c.addMethod("rangeOfString:options:range:locale:", types: "{_NSRange=QQ}@:@Q{_NSRange=QQ}@") { m in
            try search(m, options: try m.integerArgument(1), rangeAt: 2)
        }
        try c.addMethod("substringWithRange:", types: "@@:{_NSRange=QQ}") { m in
            let string = text(m) as NSString
            return .string(string.substring(with: try range(m, 0, within: string.length)))
        }
        try c.addMethod("stringByReplacingCharactersInRange:withString:", types: "@@:{_NSRange=QQ}@") { m in
            let string = text(m) as NSString
            return .string(string.replacingCharacters(in: try range(m, 0, within: string.length), with: try m.stringArgument(1)))
        }
        // With options (`NSCaseInsensitiveSearch`, `NSRegularExpressionSearch`'s templates,
        // `NSAnchoredSearch`...) and only within the range, as Foundation replaces.
        try c.addMethod("stringByReplacingOccurrencesOfString:withString:options:range:", types: "@@:@@Q{_NSRange=QQ}") { m in
            let string = text(m) as NSString, target = try m.stringArgument(0), replacement = try m.stringArgument(1)
            let options = NSString.CompareOptions(rawValue: UInt(max(0, try m.integerArgument(2))))
            let within = try range(m, 3, within: string.length)
            guard !target.isEmpty else { return .string(string as String) }
            return .string(string.replacingOccurrences(of: target, with: replacement, options: options, range: within))
        }
        try c.addMethod("lineRangeForRange:", types: "{_NSRange=QQ}@:{_NSRange=QQ}") { m in
            let string = text(m) as NSString
            return found(string.lineRange(for: try range(m, 0, within: string.length)))
        }
        // Widened to whole characters, so a cut never splits an emoji or an accent from its letter.
        try c.addMethod("rangeOfComposedCharacterSequencesForRange:", types: "{_NSRange=QQ}@:{_NSRange=QQ}") { m in
            let string = text(m) as NSString
            return found(string.rangeOfComposedCharacterSequences(for: try range(m, 0, within: string.length)))
        }
        try c.addMethod("rangeOfComposedCharacterSequenceAtIndex:", types: "{_NSRange=QQ}@:Q") { m in
            let string = text(m) as NSString, index = try m.integerArgument(0)
            guard index >= 0, index < string.length else {
                throw ClassLibraryError.outOfRange(method: m.methodName, reason: "index \(index) beyond bounds [0 .. \(string.length))")
            }
            return found(string.rangeOfComposedCharacterSequence(at: index))
        }
        // Each line, paragraph, character, word or sentence of the range (see `SubstringUnits`),
        // backwards with `NSStringEnumerationReverse`, until the block sets `*stop`.
        try c.addMethod("enumerateSubstringsInRange:options:usingBlock:", types: "v@:{_NSRange=QQ}Q@?") { m in
            let string = text(m), options = try m.integerArgument(1)
            let within = try range(m, 0, within: (string as NSString).length)
            guard let unit = SubstringUnits.Unit(rawValue: options & 0xff) else {
                throw m.wrongArgument(1, expected: "an NSStringEnumerationBy… unit (lines, paragraphs, composed character sequences, words or sentences)")
            }
            let block = try blockArgument(m, 2), stop = Reference(.bool(false))
            var pieces = SubstringUnits.pieces(of: string, in: within, by: unit)
            if options & SubstringUnits.reverse != 0 { pieces.reverse() }
            for piece in pieces {
                let substring: Value = options & SubstringUnits.substringNotRequired != 0 ? .nil : .string((string as NSString).substring(with: piece.range))
                _ = try block.call(
                    [substring, Geometry.range(piece.range.location, piece.range.length), Geometry.range(piece.enclosing.location, piece.enclosing.length), .reference(stop)],
                    nestedAt: m.depth + 1)
                if stop.value.isTruthy { break }
            }
            return .nil
        }
    }
}
