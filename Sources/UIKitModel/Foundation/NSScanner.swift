import Runtime

extension ClassLibrary {
    /// `NSScanner`: reads its string from `scanLocation` on, counted in UTF-16 units as
    /// Foundation counts them. Before each scan it skips `charactersToBeSkipped`
    /// (whitespace and newlines unless set otherwise). A `scan…` method answers whether it
    /// read anything. When it did, it moves past what it read and writes it through the
    /// pointer it is given (nothing for NULL). It reads strings, characters of a set, up
    /// to a string or a set, integers, doubles and hexadecimal numbers. `caseSensitive` is
    /// NO unless set, as in Foundation.
    static func defineNSScanner(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init"), initWithString = try runtime.selector("initWithString:")
        let whitespace = try runtime.selector("whitespaceAndNewlineCharacterSet"), isMember = try runtime.selector("characterIsMember:")
        try runtime.registerLazyClass(named: "NSScanner", superclass: root) { c in
            try c.addProperty(Property(name: "string", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "scanLocation", type: .integer(code: "Q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "charactersToBeSkipped", type: .object(className: "NSCharacterSet"), attributes: [.copy]))
            try c.addProperty(Property(name: "caseSensitive", type: .bool, attributes: [.nonatomic]))
            try c.addClassMethod("scannerWithString:", types: "@@:@") { m in
                try m.send(initWithString, to: m.send("alloc", to: m.receiver).object, Arguments(m[0]))
            }
            try c.addMethod("initWithString:", types: "@@:@") { m in
                let text = try m.stringArgument(0)
                let skipped = try m.send(whitespace, to: m.runtime.requireClass(named: "NSCharacterSet"))
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_string": .string(text), "_scanLocation": .int(0), "_charactersToBeSkipped": skipped])
                }
            }
            try c.addMethod("isAtEnd", types: "B@:") { m in
                var scan = try ScannerState(m, isMember: isMember)
                try scan.skip(m)
                return .bool(scan.location >= scan.units.count)
            }
            // `scanString:intoString:` and `scanUpToString:intoString:`.
            for (selector, upTo) in [("scanString:intoString:", false), ("scanUpToString:intoString:", true)] {
                try c.addMethod(selector, types: "B@:@^@") { m in
                    let wanted = Array(try m.stringArgument(0).utf16)
                    var scan = try ScannerState(m, isMember: isMember)
                    try scan.skip(m)
                    let start = scan.location
                    if upTo {
                        while scan.location < scan.units.count, !scan.matches(wanted, at: scan.location) { scan.location += 1 }
                    } else {
                        guard scan.matches(wanted, at: start) else { return false }
                        scan.location += wanted.count
                    }
                    return try scan.finish(from: start, m, into: 1)
                }
            }
            // `scanCharactersFromSet:intoString:` and `scanUpToCharactersFromSet:intoString:`.
            for (selector, inSet) in [("scanCharactersFromSet:intoString:", true), ("scanUpToCharactersFromSet:intoString:", false)] {
                try c.addMethod(selector, types: "B@:@^@") { m in
                    guard let set = m[0].object else { throw m.wrongArgument(0, expected: "an NSCharacterSet") }
                    var scan = try ScannerState(m, isMember: isMember)
                    try scan.skip(m)
                    let start = scan.location
                    while scan.location < scan.units.count, try scan.holds(set, at: scan.location, m) == inSet { scan.location += 1 }
                    return try scan.finish(from: start, m, into: 1)
                }
            }
            // The numbers: each reads the longest prefix that makes one.
            for (selector, kind) in [("scanInt:", NumberKind.integer), ("scanInteger:", .integer), ("scanLongLong:", .integer),
                                     ("scanDouble:", .real), ("scanFloat:", .real), ("scanHexInt:", .hex), ("scanHexLongLong:", .hex)] {
                try c.addMethod(selector, types: "B@:^v") { m in
                    var scan = try ScannerState(m, isMember: isMember)
                    try scan.skip(m)
                    guard let value = scan.number(kind) else { return false }
                    try scan.store(m)
                    if case .reference(let pointer) = m[0] { pointer.value = value }
                    return true
                }
            }
        }
    }

    /// What a scanner's number method reads.
    fileprivate enum NumberKind { case integer, real, hex }
}

/// A scanner's string and place, read from its ivars when a scan starts and stored back
/// when it has read something.
private struct ScannerState {
    let units: [UInt16]
    var location: Int
    let skipped: Object?
    let isCaseSensitive: Bool
    let isMember: Selector

    init(_ m: borrowing Message, isMember: Selector) throws {
        let text = try m.ivar("_string").stringValue ?? ""
        units = Array(text.utf16)
        location = min(max(0, try m.ivar("_scanLocation").intValue ?? 0), units.count)
        skipped = try m.ivar("_charactersToBeSkipped").object
        isCaseSensitive = try m.ivar("_caseSensitive").isTruthy
        self.isMember = isMember
    }

    /// Whether `set` holds the unit at `index`, as its `characterIsMember:` says.
    func holds(_ set: Object, at index: Int, _ m: borrowing Message) throws -> Bool {
        try m.send(isMember, to: set, Arguments(.int(Int(units[index])))).isTruthy
    }

    /// Moves past the characters to be skipped.
    mutating func skip(_ m: borrowing Message) throws {
        guard let skipped else { return }
        while location < units.count, try holds(skipped, at: location, m) { location += 1 }
    }

    /// Whether `wanted` is at `index`, in ASCII letters' case only when case-sensitive.
    func matches(_ wanted: [UInt16], at index: Int) -> Bool {
        guard !wanted.isEmpty, index + wanted.count <= units.count else { return false }
        return zip(units[index...], wanted).allSatisfy { have, want in
            have == want || !isCaseSensitive && Self.folded(have) == Self.folded(want)
        }
    }

    private static func folded(_ unit: UInt16) -> UInt16 {
        (ascii("A")...ascii("Z")).contains(unit) ? unit + 32 : unit
    }

    /// Ends a string scan that began at `start`: false when it read nothing; otherwise
    /// stores the place and writes what it read through argument `index`'s pointer.
    func finish(from start: Int, _ m: borrowing Message, into index: Int) throws -> Value {
        guard location > start else { return false }
        try store(m)
        if case .reference(let pointer) = m[index] { pointer.value = .string(String(decoding: units[start..<location], as: UTF16.self)) }
        return true
    }

    func store(_ m: borrowing Message) throws {
        try m.setIvar("_scanLocation", .int(location))
    }

    /// The number at the place, moving past it; nil, moving nowhere, when there is none.
    mutating func number(_ kind: ClassLibrary.NumberKind) -> Value? {
        func isDigit(_ unit: UInt16) -> Bool { (ascii("0")...ascii("9")).contains(unit) }
        func isHexDigit(_ unit: UInt16) -> Bool {
            isDigit(unit) || (ascii("a")...ascii("f")).contains(unit) || (ascii("A")...ascii("F")).contains(unit)
        }
        var end = location
        func text() -> String { String(decoding: units[location..<end], as: UTF16.self) }
        switch kind {
        case .hex:
            if end + 1 < units.count, units[end] == ascii("0"), units[end + 1] | 0x20 == ascii("x") { end += 2 }
            let digits = end
            while end < units.count, isHexDigit(units[end]) { end += 1 }
            guard end > digits, let value = UInt64(String(decoding: units[digits..<end], as: UTF16.self), radix: 16) else { return nil }
            location = end
            return .int(Int(truncatingIfNeeded: value))
        case .integer, .real:
            if end < units.count, units[end] == ascii("-") || units[end] == ascii("+") { end += 1 }
            let digits = end
            while end < units.count, isDigit(units[end]) { end += 1 }
            var sawDigit = end > digits
            if kind == .real {
                if end < units.count, units[end] == ascii(".") {
                    end += 1
                    let fraction = end
                    while end < units.count, isDigit(units[end]) { end += 1 }
                    sawDigit = sawDigit || end > fraction
                }
                if sawDigit, end < units.count, units[end] | 0x20 == ascii("e") {
                    var exponent = end + 1
                    if exponent < units.count, units[exponent] == ascii("-") || units[exponent] == ascii("+") { exponent += 1 }
                    let exponentDigits = exponent
                    while exponent < units.count, isDigit(units[exponent]) { exponent += 1 }
                    if exponent > exponentDigits { end = exponent }
                }
            }
            guard sawDigit else { return nil }
            let written = text()
            location = end
            if kind == .real { return .double(Double(written) ?? 0) }
            // Out of range, Foundation answers the largest or smallest integer.
            return .int(Int(written) ?? (written.hasPrefix("-") ? Int.min : Int.max))
        }
    }
}

/// The UTF-16 unit of an ASCII character.
private func ascii(_ character: Unicode.Scalar) -> UInt16 { UInt16(character.value) }
