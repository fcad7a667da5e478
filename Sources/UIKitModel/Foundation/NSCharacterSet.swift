import Runtime

extension ClassLibrary {
    /// `NSCharacterSet`: Foundation's named sets (whitespace, newlines, digits, letters,
    /// alphanumerics, punctuation) and sets of given characters, and what strings do with
    /// them (`-stringByTrimmingCharactersInSet:`, `-componentsSeparatedByCharactersInSet:`).
    /// A named set is kept as its name and tested with Unicode's properties, as Foundation's are.
    static func defineNSCharacterSet(in runtime: Runtime, root: Class) throws {
        let named = [
            "whitespaceCharacterSet", "whitespaceAndNewlineCharacterSet", "newlineCharacterSet", "decimalDigitCharacterSet",
            "letterCharacterSet", "alphanumericCharacterSet", "punctuationCharacterSet", "uppercaseLetterCharacterSet",
            "lowercaseLetterCharacterSet",
        ]
        let characterSet = try runtime.registerLazyClass(named: "NSCharacterSet", superclass: root) { c in
            try c.addIvar("_name", type: .object(className: "NSString"))
            try c.addIvar("_characters", type: .object(className: "NSString"))
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
            try c.addMethod("characterIsMember:", types: "B@:S") { m in
                guard let code = m[0].intValue, let scalar = Unicode.Scalar(UInt32(truncatingIfNeeded: code)) else { return false }
                return .bool(try contains(Character(scalar), in: m.receiver, runtime: m.runtime))
            }
        }
        @Sendable func contains(_ character: Character, in set: Object, runtime: Runtime) throws -> Bool {
            if case .string(let characters) = try runtime.ivarValue("_characters", of: set) { return characters.contains(character) }
            guard case .string(let name) = try runtime.ivarValue("_name", of: set) else { return false }
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
