import Foundation
import Runtime

extension ClassLibrary {
    /// `NSAttributedString` and `NSMutableAttributedString`: a string and, for each of its
    /// UTF-16 code units, a dictionary of attributes (`NSFontAttributeName`...), kept as
    /// runs of equal dictionaries. Ranges past the end raise `NSRangeException`; the
    /// description lists each run's text and attributes, keys sorted, as Foundation's does.
    static func defineNSAttributedString(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init"), isEqual = try runtime.selector("isEqual:")
        let attributed = try runtime.registerLazyClass(named: "NSAttributedString", superclass: root) { c in
            try c.addIvar("_string", type: .object(className: "NSString"))
            try c.addIvar("_runs", type: .object(className: "NSArray"))
            @Sendable func start(_ m: borrowing Message, _ text: AttributedText) throws -> Value {
                try m.initializingSuper(initialize) { this in try text.store(in: this, runtime: m.runtime) }
            }
            try c.addMethod("init", types: "@@:") { m in try start(m, AttributedText(string: "", attributes: [:])) }
            try c.addMethod("initWithString:", types: "@@:@") { m in try start(m, AttributedText(string: try m.stringArgument(0), attributes: [:])) }
            try c.addMethod("initWithString:attributes:", types: "@@:@@") { m in
                try start(m, AttributedText(string: try m.stringArgument(0), attributes: try attributesArgument(m, 1)))
            }
            // Nil reads as empty, as Foundation takes it (a label's attributed text set to nil).
            try c.addMethod("initWithAttributedString:", types: "@@:@") { m in
                try start(m, m[0] == .nil ? AttributedText(string: "", attributes: [:]) : try attributedArgument(m, 0))
            }
            try c.addMethod("string", types: "@@:") { m in .string(try own(m).string) }
            try c.addMethod("length", types: "Q@:") { m in .int(try own(m).length) }
            try c.addMethod("attributesAtIndex:effectiveRange:", types: "@@:Q^{_NSRange=QQ}") { m in
                let text = try own(m), index = try m.integerArgument(0)
                guard (0..<text.length).contains(index) else { throw outOfRange(m, index, count: text.length) }
                let run = text.run(at: index)
                if case .reference(let out) = m[1] { out.value = Geometry.range(run.range.lowerBound, run.range.count) }
                return .dictionary(run.attributes)
            }
            try c.addMethod("attribute:atIndex:effectiveRange:", types: "@@:@Q^{_NSRange=QQ}") { m in
                let text = try own(m), name = m[0], index = try m.integerArgument(1)
                guard (0..<text.length).contains(index) else { throw outOfRange(m, index, count: text.length) }
                // The range over which this one attribute has this value.
                let value = text.units[index][name]
                var start = index, end = index + 1
                while start > 0, text.units[start - 1][name] == value { start -= 1 }
                while end < text.length, text.units[end][name] == value { end += 1 }
                if case .reference(let out) = m[2] { out.value = Geometry.range(start, end - start) }
                return value ?? .nil
            }
            try c.addMethod("attribute:atIndex:longestEffectiveRange:inRange:", types: "@@:@Q^{_NSRange=QQ}{_NSRange=QQ}") { m in
                let text = try own(m), name = m[0], index = try m.integerArgument(1)
                let within = try m.rangeArgument(3, within: text.length)
                guard within.contains(index) else { throw outOfRange(m, index, count: text.length) }
                let value = text.units[index][name]
                var start = index, end = index + 1
                while start > within.lowerBound, text.units[start - 1][name] == value { start -= 1 }
                while end < within.upperBound, text.units[end][name] == value { end += 1 }
                if case .reference(let out) = m[2] { out.value = Geometry.range(start, end - start) }
                return value ?? .nil
            }
            // The block gets each stretch of the range over which one attribute (or all of
            // them) stays the same, the longest there is, with its range and a stop flag;
            // NSAttributedStringEnumerationReverse (2) goes from the end.
            for (name, types) in [
                ("enumerateAttribute:inRange:options:usingBlock:", "v@:@{_NSRange=QQ}Q@?"),
                ("enumerateAttributesInRange:options:usingBlock:", "v@:{_NSRange=QQ}Q@?"),
            ] {
                let oneAttribute = name.hasPrefix("enumerateAttribute:")
                try c.addMethod(name, types: types) { m in
                    let text = try own(m), first = oneAttribute ? 1 : 0
                    let within = try m.rangeArgument(first, within: text.length)
                    let reversed = try m.integerArgument(first + 1) & 2 != 0
                    let block = try blockArgument(m, first + 2)
                    let key = m[0]
                    func seen(_ index: Int) -> Value {
                        oneAttribute ? text.units[index][key] ?? .nil : .dictionary(text.units[index])
                    }
                    var stretches: [(value: Value, range: Range<Int>)] = []
                    for index in within {
                        let value = seen(index)
                        if let last = stretches.last, last.value == value, last.range.upperBound == index {
                            stretches[stretches.count - 1].range = last.range.lowerBound..<(index + 1)
                        } else {
                            stretches.append((value, index..<(index + 1)))
                        }
                    }
                    let stop = Reference(.bool(false))
                    for stretch in reversed ? stretches.reversed() : stretches {
                        let range = Geometry.range(stretch.range.lowerBound, stretch.range.count)
                        _ = try block.call([stretch.value, range, .reference(stop)], nestedAt: m.depth + 1)
                        if stop.value.isTruthy { break }
                    }
                    return .nil
                }
            }
            try c.addMethod("attributedSubstringFromRange:", types: "@@:{_NSRange=QQ}") { m in
                let text = try own(m)
                return try make(m, "NSAttributedString", text.slice(try m.rangeArgument(0, within: text.length)))
            }
            try c.addMethod("isEqualToAttributedString:", types: "B@:@") { m in .bool(try same(m)) }
            try c.addMethod("isEqual:", types: "B@:@") { m in .bool(try same(m)) }
            try c.addMethod("hash", types: "Q@:") { m in .int(try own(m).string.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) }) }
            try c.addMethod("copy", types: "@@:") { m in try m.copy(ofImmutable: "NSAttributedString") { try make(m, "NSAttributedString", try own(m)) } }
            try c.addMethod("mutableCopy", types: "@@:") { m in try make(m, "NSMutableAttributedString", try own(m)) }
            try c.addMethod("description", types: "@@:") { m in
                var lines = ""
                let text = try own(m)
                for run in text.runs {
                    lines += (text.string as NSString).substring(with: NSRange(location: run.range.lowerBound, length: run.range.count)) + "{\n"
                    for (key, value) in run.attributes.sorted(by: { $0.key.description < $1.key.description }) {
                        lines += "    \(try m.text(of: key)) = \(try m.text(of: value));\n"
                    }
                    lines += "}"
                }
                return .string(lines)
            }
            /// Whether argument 0 is an attributed string of the same text and attributes,
            /// attribute values compared with `isEqual:`.
            @Sendable func same(_ m: borrowing Message) throws -> Bool {
                guard let other = m[0].object, let cls = m.runtime.class(named: "NSAttributedString"), other.isKind(of: cls) else { return false }
                let mine = try own(m), theirs = try AttributedText(of: other, runtime: m.runtime)
                guard mine.string == theirs.string else { return false }
                for index in 0..<mine.length where mine.units[index] != theirs.units[index] {
                    guard try m.runtime.send(isEqual, toValue: .dictionary(mine.units[index]), Arguments(.dictionary(theirs.units[index])), nestedAt: 0).isTruthy else {
                        return false
                    }
                }
                return true
            }
        }
        try runtime.registerLazyClass(named: "NSMutableAttributedString", superclass: attributed) { c in
            /// Changes the receiver's text by `change`.
            @Sendable func edit(_ m: borrowing Message, _ change: (inout AttributedText) throws -> Void) throws -> Value {
                var text = try own(m)
                try change(&text)
                try text.store(in: m.receiver, runtime: m.runtime)
                return .nil
            }
            try c.addMethod("appendAttributedString:", types: "v@:@") { m in
                let added = try attributedArgument(m, 0)
                return try edit(m) { $0.replace($0.length..<$0.length, with: added) }
            }
            try c.addMethod("insertAttributedString:atIndex:", types: "v@:@Q") { m in
                let added = try attributedArgument(m, 0), index = try m.integerArgument(1)
                return try edit(m) { text in
                    guard (0...text.length).contains(index) else { throw outOfRange(m, index, count: text.length) }
                    text.replace(index..<index, with: added)
                }
            }
            try c.addMethod("replaceCharactersInRange:withString:", types: "v@:{_NSRange=QQ}@") { m in
                let string = try m.stringArgument(1)
                return try edit(m) { text in
                    let replaced = try m.rangeArgument(0, within: text.length)
                    // The new characters take the attributes of the first one replaced; inserted,
                    // those of the one before (of the first, at the start).
                    let source = replaced.isEmpty ? replaced.lowerBound - 1 : replaced.lowerBound
                    let attributes = text.units.indices.contains(source) ? text.units[source] : text.units.first ?? [:]
                    text.replace(replaced, with: AttributedText(string: string, attributes: attributes))
                }
            }
            try c.addMethod("replaceCharactersInRange:withAttributedString:", types: "v@:{_NSRange=QQ}@") { m in
                let added = try attributedArgument(m, 1)
                return try edit(m) { text in text.replace(try m.rangeArgument(0, within: text.length), with: added) }
            }
            try c.addMethod("deleteCharactersInRange:", types: "v@:{_NSRange=QQ}") { m in
                try edit(m) { text in text.replace(try m.rangeArgument(0, within: text.length), with: AttributedText(string: "", attributes: [:])) }
            }
            try c.addMethod("setAttributedString:", types: "v@:@") { m in
                let replacement = try attributedArgument(m, 0)
                return try edit(m) { $0 = replacement }
            }
            try c.addMethod("addAttribute:value:range:", types: "v@:@@{_NSRange=QQ}") { m in
                let name = m[0], value = m[1]
                return try edit(m) { text in text.change(try m.rangeArgument(2, within: text.length)) { $0[name] = value } }
            }
            try c.addMethod("addAttributes:range:", types: "v@:@{_NSRange=QQ}") { m in
                let added = try attributesArgument(m, 0)
                return try edit(m) { text in text.change(try m.rangeArgument(1, within: text.length)) { $0.merge(added) { _, new in new } } }
            }
            try c.addMethod("setAttributes:range:", types: "v@:@{_NSRange=QQ}") { m in
                let given = m[0] == .nil ? [:] : try attributesArgument(m, 0)
                return try edit(m) { text in text.change(try m.rangeArgument(1, within: text.length)) { $0 = given } }
            }
            try c.addMethod("removeAttribute:range:", types: "v@:@{_NSRange=QQ}") { m in
                let name = m[0]
                return try edit(m) { text in text.change(try m.rangeArgument(1, within: text.length)) { $0[name] = nil } }
            }
            for name in ["beginEditing", "endEditing"] {
                try c.addMethod(name, types: "v@:") { _ in .nil }
            }
        }
    }

    private static func own(_ m: borrowing Message) throws -> AttributedText {
        try AttributedText(of: m.receiver, runtime: m.runtime)
    }

    private static func attributedArgument(_ m: borrowing Message, _ index: Int) throws -> AttributedText {
        // A stand-in's instance, for text the model could not make, reads as no text.
        if let object = m[index].object, object.isa.instancesReadAsZero { return AttributedText(string: "", attributes: [:]) }
        guard let object = m[index].object, let cls = m.runtime.class(named: "NSAttributedString"), object.isKind(of: cls) else {
            throw m.wrongArgument(index, expected: "an NSAttributedString")
        }
        return try AttributedText(of: object, runtime: m.runtime)
    }

    private static func attributesArgument(_ m: borrowing Message, _ index: Int) throws -> [Value: Value] {
        if m[index] == .nil { return [:] }
        return try m.dictionaryArgument(index)
    }

    private static func make(_ m: borrowing Message, _ className: String, _ text: AttributedText) throws -> Value {
        let made = try m.make(className, m.runtime.selector("init"))
        if let object = made.object { try text.store(in: object, runtime: m.runtime) }
        return made
    }
}

/// An attributed string's contents: its text and each UTF-16 code unit's attributes.
struct AttributedText {
    var string: String
    /// One dictionary for each code unit: equal neighbours share storage, as a copied
    /// dictionary does until it changes.
    var units: [[Value: Value]]

    var length: Int { units.count }

    init(string: String, attributes: [Value: Value]) {
        self.string = string
        units = Array(repeating: attributes, count: (string as NSString).length)
    }

    /// The contents of the `NSAttributedString` `object`, as ``store(in:runtime:)`` keeps them.
    init(of object: Object, runtime: Runtime) throws {
        string = try runtime.ivarValue("_string", of: object).stringValue ?? ""
        units = []
        for run in try runtime.ivarValue("_runs", of: object).arrayElements {
            let parts = run.arrayElements
            guard parts.count == 2, let count = parts[0].intValue, case .dictionary(let attributes) = parts[1] else { continue }
            units += Array(repeating: attributes, count: count)
        }
        let length = (string as NSString).length
        if units.count != length { units = Array((units + Array(repeating: [:], count: max(0, length - units.count))).prefix(length)) }
    }

    /// Keeps the contents in the object's ivars: the text, and the runs as `@[length, attributes]` pairs.
    func store(in object: Object, runtime: Runtime) throws {
        try runtime.setIvar("_string", of: object, to: .string(string))
        try runtime.setIvar("_runs", of: object, to: .array(runs.map { .array([.int($0.range.count), .dictionary($0.attributes)]) }))
    }

    /// The runs of equal attributes, in order.
    var runs: [(range: Range<Int>, attributes: [Value: Value])] {
        var found: [(range: Range<Int>, attributes: [Value: Value])] = []
        var start = 0
        for index in units.indices where index == units.count - 1 || units[index + 1] != units[index] {
            found.append((start..<index + 1, units[index]))
            start = index + 1
        }
        return found
    }

    /// The run holding the code unit at `index`.
    func run(at index: Int) -> (range: Range<Int>, attributes: [Value: Value]) {
        runs.first { $0.range.contains(index) } ?? (index..<index + 1, [:])
    }

    func slice(_ range: Range<Int>) -> AttributedText {
        var sliced = AttributedText(string: (string as NSString).substring(with: NSRange(location: range.lowerBound, length: range.count)), attributes: [:])
        sliced.units = Array(units[range])
        return sliced
    }

    mutating func replace(_ range: Range<Int>, with other: AttributedText) {
        string = (string as NSString).replacingCharacters(in: NSRange(location: range.lowerBound, length: range.count), with: other.string)
        units.replaceSubrange(range, with: other.units)
    }

    mutating func change(_ range: Range<Int>, _ body: (inout [Value: Value]) -> Void) {
        for index in range { body(&units[index]) }
    }
}
