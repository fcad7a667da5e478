import Foundation
import Runtime

extension ClassLibrary {
    /// `NSString`: the class of every string.
    static func defineNSString(in runtime: Runtime, root: Class, loading: URLLoading) throws -> Class {
        try runtime.registerLazyClass(named: "NSString", superclass: root) { c in
            try addValueBasics(to: &c, empty: .string("")) { value in
                // FNV-1a over the UTF-8 bytes: the same number on every run, unlike Swift's seeded hash.
                guard case .string(let text) = value else { return 0 }
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
                return Int(truncatingIfNeeded: hash)
            }
            @Sendable func text(_ m: borrowing Message) -> String { m.receiver({ if case .string(let s) = $0 { s } else { nil } }, empty: "") }
            try addPathMethods(to: &c, text: text)
            try addRangeMethods(to: &c, text: text)

            try c.addClassMethod("string", types: "@@:") { m in try m.made(.string("")) }
            try c.addClassMethod("stringWithString:", types: "@@:@") { m in try m.made(.string(try m.stringArgument(0))) }
            try c.addMethod("initWithString:", types: "@@:@") { m in try m.made(.string(try m.stringArgument(0))) }
            // A C string is a string here; NULL makes nil, as the real ones answer (or raise).
            for (selector, types) in [("stringWithUTF8String:", "@@:r*"), ("initWithUTF8String:", "@@:r*"),
                                      ("stringWithCString:encoding:", "@@:r*Q"), ("initWithCString:encoding:", "@@:r*Q")] {
                let body: Implementation.Body = { m in
                    guard m[0] != .nil else { return .nil }
                    return try m.made(.string(try m.cStringArgument(0)))
                }
                if selector.hasPrefix("init") { try c.addMethod(selector, types: types, body) } else { try c.addClassMethod(selector, types: types, body) }
            }
            // `length` UTF-16 code units from a `unichar` buffer (or one `unichar`'s address).
            for (selector, isInitializer) in [("stringWithCharacters:length:", false), ("initWithCharacters:length:", true)] {
                let body: Implementation.Body = { m in
                    let length = try m.integerArgument(1)
                    guard length >= 0 else { throw m.wrongArgument(1, expected: "a length of 0 or more") }
                    let units = try m.elementsArgument(0, upTo: length).map { UInt16(truncatingIfNeeded: $0.intValue ?? 0) }
                    return try m.made(.string(String(decoding: units, as: UTF16.self)))
                }
                if isInitializer { try c.addMethod(selector, types: "@@:r^SQ", body) } else { try c.addClassMethod(selector, types: "@@:r^SQ", body) }
            }
            // The code units of a range, written into the caller's `unichar` buffer.
            try c.addMethod("getCharacters:range:", types: "v@:^S{_NSRange=QQ}") { m in
                let units = Array(text(m).utf16), range = try m.rangeArgument(1, within: units.count)
                try m.bufferArgument(0).write(units[range].map { .int(Int($0)) })
                return .nil
            }
            try c.addMethod("getCharacters:", types: "v@:^S") { m in
                try m.bufferArgument(0).write(text(m).utf16.map { .int(Int($0)) })
                return .nil
            }
            try c.addClassMethod("stringWithFormat:", types: "@@:@", variadic: true) { m in try m.made(.string(try m.formatted(from: 0))) }
            // The model's locale is en_US, whose numbers print as the plain format's.
            try c.addClassMethod("localizedStringWithFormat:", types: "@@:@", variadic: true) { m in try m.made(.string(try m.formatted(from: 0))) }
            try c.addMethod("initWithFormat:", types: "@@:@", variadic: true) { m in try m.made(.string(try m.formatted(from: 0))) }
            // `initWithFormat:arguments:` with a `va_list`: what `va_start` gave, the arguments not read yet.
            try c.addMethod("initWithFormat:arguments:", types: "@@:@^v") { m in
                let list: [Value] = if case .reference(let pointer) = m[1] { pointer.value.arrayElements } else { [] }
                do {
                    return try m.made(.string(try Format.string(try m.stringArgument(0), list) { try m.text(of: $0) }))
                } catch let problem as Format.Problem {
                    throw ClassLibraryError.invalidArgument(method: m.methodName, reason: problem.description)
                }
            }
            try c.addMethod("stringByAppendingFormat:", types: "@@:@", variadic: true) { m in .string(text(m) + (try m.formatted(from: 0))) }
            try c.addMethod("description", types: "@@:") { m in .string(text(m)) }
            try c.addMethod("mutableCopy", types: "@@:") { m in try m.mutableCopy(as: "NSMutableString") }

            // Length and characters count UTF-16 code units, as NSString does.
            try c.addMethod("length", types: "Q@:") { m in .int(text(m).utf16.count) }
            try c.addMethod("characterAtIndex:", types: "S@:Q") { m in
                let units = Array(text(m).utf16), index = try m.integerArgument(0)
                guard units.indices.contains(index) else { throw outOfRange(m, index, count: units.count) }
                return .int(Int(units[index]))
            }
            try c.addMethod("substringFromIndex:", types: "@@:Q") { m in
                let units = Array(text(m).utf16), index = try m.integerArgument(0)
                guard (0...units.count).contains(index) else { throw outOfRange(m, index, count: units.count) }
                return .string(String(decoding: units[index...], as: UTF16.self))
            }
            try c.addMethod("substringToIndex:", types: "@@:Q") { m in
                let units = Array(text(m).utf16), index = try m.integerArgument(0)
                guard (0...units.count).contains(index) else { throw outOfRange(m, index, count: units.count) }
                return .string(String(decoding: units[..<index], as: UTF16.self))
            }

            // Comparing and searching
            try c.addMethod("isEqualToString:", types: "B@:@") { m in .bool((m[0].text ?? ClusterSubclassContents.contents(of: m[0], m)?.text) == text(m)) }
            // NSOrderedAscending, NSOrderedSame, NSOrderedDescending. Comparison is by Unicode
            // scalars, as -compare: is without options; the localized forms compare the
            // same way, as rtsh has one locale.
            for (name, foldsCase) in [("compare:", false), ("caseInsensitiveCompare:", true), ("localizedCompare:", false),
                                      ("localizedCaseInsensitiveCompare:", true), ("localizedStandardCompare:", true)] {
                try c.addMethod(name, types: "q@:@") { m in
                    var (a, b) = (text(m), try m.stringArgument(0))
                    if foldsCase { (a, b) = (a.lowercased(), b.lowercased()) }
                    let (x, y) = (Array(a.unicodeScalars), Array(b.unicodeScalars))
                    return .int(x.lexicographicallyPrecedes(y) ? -1 : y.lexicographicallyPrecedes(x) ? 1 : 0)
                }
            }
            // With NSStringCompareOptions: NSCaseInsensitiveSearch (1), NSLiteralSearch (2),
            // NSNumericSearch (64), NSDiacriticInsensitiveSearch (128)...
            try c.addMethod("compare:options:", types: "q@:@Q") { m in
                let options = NSString.CompareOptions(rawValue: UInt(max(0, try m.integerArgument(1))))
                return .int((text(m) as NSString).compare(try m.stringArgument(0), options: options).rawValue)
            }
            // An empty prefix or suffix is no match, as Foundation answers.
            try c.addMethod("hasPrefix:", types: "B@:@") { m in
                let prefix = try m.stringArgument(0)
                return .bool(!prefix.isEmpty && text(m).hasPrefix(prefix))
            }
            try c.addMethod("hasSuffix:", types: "B@:@") { m in
                let suffix = try m.stringArgument(0)
                return .bool(!suffix.isEmpty && text(m).hasSuffix(suffix))
            }
            try c.addMethod("containsString:", types: "B@:@") { m in
                let part = try m.stringArgument(0)
                return .bool(!part.isEmpty && text(m).contains(part))
            }
            for name in ["localizedCaseInsensitiveContainsString:", "localizedStandardContainsString:"] {
                try c.addMethod(name, types: "B@:@") { m in
                    let part = try m.stringArgument(0)
                    return .bool(!part.isEmpty && text(m).lowercased().contains(part.lowercased()))
                }
            }

            // Making new strings
            try c.addMethod("stringByAppendingString:", types: "@@:@") { m in .string(text(m) + (try m.stringArgument(0))) }
            try c.addMethod("uppercaseString", types: "@@:") { m in .string(text(m).uppercased()) }
            try c.addMethod("lowercaseString", types: "@@:") { m in .string(text(m).lowercased()) }
            try c.addMethod("capitalizedString", types: "@@:") { m in .string((text(m) as NSString).capitalized) }
            // Unicode's normalization forms (NFC, NFD, NFKC, NFKD), as a count of what a user sees asks.
            for (name, form) in [
                ("precomposedStringWithCanonicalMapping", \String.precomposedStringWithCanonicalMapping),
                ("decomposedStringWithCanonicalMapping", \String.decomposedStringWithCanonicalMapping),
                ("precomposedStringWithCompatibilityMapping", \String.precomposedStringWithCompatibilityMapping),
                ("decomposedStringWithCompatibilityMapping", \String.decomposedStringWithCompatibilityMapping),
            ] as [(String, @Sendable (String) -> String)] {
                try c.addMethod(name, types: "@@:") { m in .string(form(text(m))) }
            }
            try c.addMethod("stringByPaddingToLength:withString:startingAtIndex:", types: "@@:Q@Q") { m in
                let length = try m.integerArgument(0), pad = try m.stringArgument(1), start = try m.integerArgument(2)
                guard length >= 0, !pad.isEmpty, (0..<pad.utf16.count).contains(start) else {
                    throw ClassLibraryError.outOfRange(
                        method: m.methodName, reason: "the pad string must not be empty and the starting index (\(start)) must fall inside it")
                }
                return .string((text(m) as NSString).padding(toLength: length, withPad: pad, startingAt: start))
            }
            // Lines end at \n, \r, \r\n or a Unicode line or paragraph separator, as Foundation's do.
            try c.addMethod("enumerateLinesUsingBlock:", types: "v@:@?") { m in
                let block = try blockArgument(m, 0), stop = Reference(.bool(false))
                for line in text(m).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
                    .dropLast(text(m).last?.isNewline == true ? 1 : 0) {
                    _ = try block.call([.string(line), .reference(stop)], nestedAt: m.depth + 1)
                    if stop.value.isTruthy { break }
                }
                return .nil
            }
            // Nil for a malformed escape, as Foundation answers.
            for selector in ["stringByRemovingPercentEncoding", "stringByReplacingPercentEscapesUsingEncoding:"] {
                try c.addMethod(selector, types: selector.hasSuffix(":") ? "@@:Q" : "@@:") { m in
                    PercentEncoding.decode(text(m)).map(Value.string) ?? .nil
                }
            }
            try c.addMethod("stringByAddingPercentEscapesUsingEncoding:", types: "@@:Q") { m in
                .string(PercentEncoding.encode(text(m)) { PercentEncoding.legalURLCharacters.contains($0) })
            }
            // A C string is a string here, as `sel_registerName` and `NSLog`'s `%s` take it.
            try c.addMethod("UTF8String", types: "r*@:") { m in .string(text(m)) }
            try c.addMethod("cStringUsingEncoding:", types: "r*@:Q") { m in .string(text(m)) }
            try c.addMethod("fileSystemRepresentation", types: "r*@:") { m in .string(text(m)) }
            try c.addMethod("componentsSeparatedByString:", types: "@@:@") { m in
                let separator = try m.stringArgument(0)
                guard !separator.isEmpty else { return .array([.string(text(m))]) }
                return .array(text(m).split(separator: separator, omittingEmptySubsequences: false).map { .string(String($0)) })
            }
            try c.addMethod("stringByReplacingOccurrencesOfString:withString:", types: "@@:@@") { m in
                let target = try m.stringArgument(0), replacement = try m.stringArgument(1)
                guard !target.isEmpty else { return .string(text(m)) }
                return .string(text(m).split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement))
            }

            // Bytes, in the encodings ``TextEncoding`` knows; text an encoding cannot hold is nil.
            @Sendable func encoding(_ m: borrowing Message, _ index: Int) throws -> TextEncoding {
                guard let encoding = TextEncoding(try m.integerArgument(index)) else { throw m.wrongArgument(index, expected: TextEncoding.expected) }
                return encoding
            }
            let initWithBytes = try runtime.selector("_initWithBytes:")
            try c.addMethod("canBeConvertedToEncoding:", types: "B@:Q") { m in .bool(try encoding(m, 0).canEncode(text(m))) }
            // At most three bytes a UTF-16 unit in UTF-8, two in UTF-16, four in UTF-32, one
            // in ASCII, Latin 1 and the other single-byte encodings, as Foundation answers.
            try c.addMethod("maximumLengthOfBytesUsingEncoding:", types: "Q@:Q") { m in
                let perUnit = switch try encoding(m, 0) {
                case .utf8: 3
                case .utf16: 2
                case .utf32: 4
                case .ascii, .latin1, .macRoman, .windows1252: 1
                }
                return .int(text(m).utf16.count * perUnit)
            }
            // Filling a caller's buffer: the C string with its NUL, NO when it does not fit.
            try c.addMethod("getCString:maxLength:encoding:", types: "B@:*QQ") { m in
                let capacity = try m.integerArgument(1)
                guard let units = try encoding(m, 2).withoutMark.encode(text(m)), units.count < capacity else { return .bool(false) }
                try m.bufferArgument(0).write(units.map { .int(Int($0)) } + [.int(0)])
                return .bool(true)
            }
            // The bytes of whole characters of the range that fit, no NUL; NO when none could be written.
            try c.addMethod(
                "getBytes:maxLength:usedLength:encoding:options:range:remainingRange:", types: "B@:^vQ^QQQ{_NSRange=QQ}^{_NSRange=QQ}"
            ) { m in
                let units = Array(text(m).utf16), range = try m.rangeArgument(5, within: units.count)
                let capacity = try m.integerArgument(1), encoding = try encoding(m, 3)
                var written: [Value] = [], used = range.lowerBound
                for character in String(decoding: units[range], as: UTF16.self) {
                    guard let bytes = encoding.withoutMark.encode(String(character)), written.count + bytes.count <= capacity else { break }
                    written += bytes.map { .int(Int($0)) }
                    used += character.utf16.count
                }
                if m[0] != .nil { try m.bufferArgument(0).write(written) }
                if case .reference(let count) = m[2] { count.value = .int(written.count) }
                if case .reference(let remaining) = m[6] { remaining.value = Geometry.range(used, range.upperBound - used) }
                return .bool(!written.isEmpty || range.isEmpty)
            }
            // 0 when the text cannot be written in the encoding, as Foundation answers.
            try c.addMethod("lengthOfBytesUsingEncoding:", types: "Q@:Q") { m in
                .int(try encoding(m, 0).withoutMark.encode(text(m))?.count ?? 0)
            }
            try c.addMethod("dataUsingEncoding:", types: "@@:Q") { m in
                guard let units = try encoding(m, 0).encode(text(m)) else { return .nil }
                return try m.make("NSData", initWithBytes, Arguments(.array(units.map { .int(Int($0)) })))
            }
            try c.addMethod("initWithData:encoding:", types: "@@:@Q") { m in
                let encoding = try encoding(m, 1)
                // Nil data is no bytes, an empty string, as Foundation reads `[nil bytes]`.
                let bytes = m[0] == .nil ? [] : try DataBytes.argument(m, 0).map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) }
                return try encoding.decode(bytes).map { try m.made(.string($0)) } ?? .nil
            }
            // Bytes a pointer points at, as many as the length says; whether the string frees
            // them makes no difference here.
            for (selector, types) in [("initWithBytes:length:encoding:", "@@:r^vQQ"), ("initWithBytesNoCopy:length:encoding:freeWhenDone:", "@@:^vQQB")] {
                try c.addMethod(selector, types: types) { m in
                    let encoding = try encoding(m, 2), count = try DataBytes.length(m, 1)
                    let bytes = count == 0 ? [] : try m.elementsArgument(0, upTo: count).map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) }
                    return try encoding.decode(bytes).map { try m.made(.string($0)) } ?? .nil
                }
            }
            // Reading files, in the same encodings; text that is not in the encoding is an error, as in Foundation.
            for form in ["ContentsOfFile:encoding:error:", "ContentsOfURL:encoding:error:"] {
                @Sendable func read(_ m: borrowing Message) throws -> Value {
                    let encoding = try encoding(m, 1)
                    guard let bytes = try FileContents.read(m, 0, errorArgument: 2, loading: loading) else { return .nil }
                    guard let text = encoding.decode(bytes) else {
                        let path = if case .string(let path) = m[0] { path } else { "" }
                        try FileContents.report(.inapplicableEncoding, path: path, m, errorArgument: 2)
                        return .nil
                    }
                    return try m.made(.string(text))
                }
                try c.addMethod("initWith" + form, types: "@@:@Q^@") { m in try read(m) }
                try c.addClassMethod("stringWith" + form, types: "@@:@Q^@") { m in try read(m) }
            }
            // Reading files in the encoding their bytes show: UTF-16 or UTF-8 by a byte-order
            // mark, else UTF-8; the encoding found is set through the `usedEncoding` pointer.
            for form in ["ContentsOfFile:usedEncoding:error:", "ContentsOfURL:usedEncoding:error:"] {
                @Sendable func read(_ m: borrowing Message) throws -> Value {
                    guard let bytes = try FileContents.read(m, 0, errorArgument: 2, loading: loading) else { return .nil }
                    let (number, encoding): (Int, TextEncoding) = bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) ? (10, .utf16(bigEndian: nil)) : (4, .utf8)
                    guard let text = encoding.decode(bytes) else {
                        try FileContents.report(.unknownEncoding, path: m[0].text ?? "", m, errorArgument: 2)
                        return .nil
                    }
                    if case .reference(let used) = m[1] { used.value = .int(number) }
                    return try m.made(.string(text))
                }
                try c.addMethod("initWith" + form, types: "@@:@^Q^@") { m in try read(m) }
                try c.addClassMethod("stringWith" + form, types: "@@:@^Q^@") { m in try read(m) }
            }

            // Reading numbers: leading space is skipped and anything unreadable is 0, as in Foundation.
            @Sendable func number(_ m: borrowing Message) -> Double {
                let trimmed = text(m).drop { $0 == " " || $0 == "\t" || $0 == "\n" }
                let prefix = trimmed.prefix { $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." || $0 == "e" || $0 == "E" }
                return Double(prefix) ?? Double(prefix.prefix { $0.isNumber || $0 == "-" || $0 == "+" }) ?? 0
            }
            for name in ["integerValue", "intValue", "longLongValue"] {
                try c.addMethod(name, types: name == "intValue" ? "i@:" : "q@:") { m in
                    let value = number(m)
                    return .int(value.isFinite && abs(value) < 9.2e18 ? Int(value) : 0)
                }
            }
            try c.addMethod("doubleValue", types: "d@:") { m in .double(number(m)) }
            try c.addMethod("floatValue", types: "f@:") { m in .double(Double(Float(number(m)))) }
            try c.addMethod("boolValue", types: "B@:") { m in
                // YES for a leading Y, y, T, t or a non-zero digit, as -[NSString boolValue] reads.
                let first = text(m).drop { $0 == " " || $0 == "0" || $0 == "+" || $0 == "-" }.first
                return .bool(first.map { "YyTt123456789".contains($0) } ?? false)
            }
        }
    }

    /// NSRangeException, as NSArray raises for an index past its last element:
    /// `index 3 beyond bounds [0 .. 2]`, or `… beyond bounds for empty array`.
    static func arrayIndexOutOfRange(_ m: borrowing Message, _ index: Int, count: Int) -> ClassLibraryError {
        .outOfRange(method: m.methodName, reason: count == 0 ? "index \(index) beyond bounds for empty array" : "index \(index) beyond bounds [0 .. \(count - 1)]")
    }

    /// NSRangeException, as Foundation raises for an index past the end.
    static func outOfRange(_ m: borrowing Message, _ index: Int, count: Int) -> ClassLibraryError {
        .outOfRange(method: m.methodName, reason: "index \(index) beyond bounds [0 .. \(count)]")
    }
}
