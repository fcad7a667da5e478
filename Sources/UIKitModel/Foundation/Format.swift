import Foundation
import Runtime

/// printf-style formatting, as `+[NSString stringWithFormat:]` and `NSLog` do it:
/// `%@`, `%d`/`%i`, `%u`, `%x`/`%X`, `%o`, `%f`, `%e`, `%g`, `%s`, `%c`, `%p` and `%%`, each
/// at its turn or at a position (`%2$@`), with flags (`-`, `0`, `+`, space, `#`), a width, a precision (`%.2f`, `%5.1f`, `%-10s`,
/// `%02d`), and length modifiers (`l`, `ll`, `h`, `q`, `z`, `t`, `j`), which values do
/// not need.
public enum Format {
    /// Why a format could not be applied.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// More placeholders than arguments: the first with nothing to show.
        case missingArgument(specifier: String)
        /// Arguments left over after the last placeholder.
        case unusedArguments(count: Int)
        /// A placeholder that needs a number got something else.
        case notANumber(specifier: String, got: String)
        /// A conversion rtsh does not know.
        case unknownConversion(String)
        /// The format ends inside a placeholder.
        case unfinished

        public var description: String {
            switch self {
            case .missingArgument(let specifier):
                "the format has more placeholders than arguments: nothing for '\(specifier)'"
            case .unusedArguments(let count):
                "the format has fewer placeholders than arguments: \(count) left over"
            case .notANumber(let specifier, let got):
                "'\(specifier)' needs a number, but the argument is \(got); use %@ for any value"
            case .unknownConversion(let specifier):
                "'\(specifier)' is not a format rtsh knows; use %@, %d, %u, %x, %f, %e, %g, %s, %c or %%"
            case .unfinished:
                "the format ends in an unfinished '%'; write %% for a percent sign"
            }
        }
    }

    /// `format` with each placeholder replaced by the next argument; `describe` gives the
    /// text of an argument for `%@` and `%s` (an object's `-description`).
    public static func string(
        _ format: String, _ arguments: [Value], describe: (Value) throws -> String = plainText
    ) throws -> String {
        var result = ""
        var remaining = arguments[...]
        var highestPosition = 0
        var scalars = format.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "%" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            var spec = Specifier()
            spec.text = "%"
            // `%2$@`: the argument at a position, as localized formats reorder them.
            var position: Int?
            if let digitCount = scalars.firstIndex(where: { !("0"..."9").contains($0) }).map({ scalars.distance(from: scalars.startIndex, to: $0) }),
               digitCount > 0, scalars.dropFirst(digitCount).first == "$" {
                position = digits(&scalars, into: &spec.text)
                spec.text.unicodeScalars.append(scalars.removeFirst())
            }
            while let flag = scalars.first, "-0+ #".unicodeScalars.contains(flag) {
                spec.flags.insert(Character(flag))
                spec.text.unicodeScalars.append(scalars.removeFirst())
            }
            spec.width = digits(&scalars, into: &spec.text)
            if scalars.first == "." {
                spec.text.unicodeScalars.append(scalars.removeFirst())
                spec.precision = digits(&scalars, into: &spec.text) ?? 0
            }
            while let modifier = scalars.first, "lhqztjL".unicodeScalars.contains(modifier) {
                spec.text.unicodeScalars.append(scalars.removeFirst())
            }
            guard let conversion = scalars.popFirst() else { throw Problem.unfinished }
            spec.text.unicodeScalars.append(conversion)
            if conversion == "%" {
                result += "%"
                continue
            }
            let argument: Value
            if let position {
                guard position >= 1, position <= arguments.count else { throw Problem.missingArgument(specifier: spec.text) }
                argument = arguments[position - 1]
                highestPosition = max(highestPosition, position)
            } else {
                guard let next = remaining.popFirst() else { throw Problem.missingArgument(specifier: spec.text) }
                argument = next
            }
            result += try spec.apply(Character(conversion), to: argument, describe: describe)
        }
        let leftOver = highestPosition > 0 ? arguments.dropFirst(highestPosition) : remaining
        // Nils left over end a nil-terminated list, as macros pass them
        // (`[NSString stringWithFormat:__VA_ARGS__, nil]`); C ignores them, and so does rtsh.
        let unused = leftOver.reversed().drop { $0 == .nil }.count
        guard unused <= 0 else { throw Problem.unusedArguments(count: unused) }
        return result
    }

    /// A value's text with no object to ask: a string as itself, anything else as printed.
    public static func plainText(of value: Value) -> String {
        switch value {
        case .string(let text): text
        // Only a boxed BOOL reaches `%@`, and `@YES` describes itself as NSNumber's 1.
        case .bool(let flag): flag ? "1" : "0"
        case .double(let number): text(of: number)
        default: value.description
        }
    }

    /// A number as `%@` and NSNumber's `description` write it: as a float's where it is a
    /// float's value (`@(slider.value)` holding 0.3f reads "0.3" on iOS, not the
    /// 0.30000001192092896 the float widens to). The model's numbers keep no width, so a
    /// double that happens to be a float's value (rare outside floats) reads so too.
    /// A whole number reads without a fraction (`@1.0` is "1"), as Foundation's `%g`-style
    /// text has it.
    static func text(of number: Double) -> String {
        let double = String(number)
        let single = Float(number)
        var text = double
        if single.isFinite, Double(single) == number, String(single).count < double.count { text = String(single) }
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    private static func digits(_ scalars: inout Substring.UnicodeScalarView.SubSequence, into text: inout String) -> Int? {
        var number: Int?
        while let digit = scalars.first, let value = Int(String(digit)), digit.isASCII {
            text.unicodeScalars.append(scalars.removeFirst())
            number = min((number ?? 0) * 10 + value, 10_000)
        }
        return number
    }

    /// One placeholder: its flags, width and precision.
    private struct Specifier {
        var text = ""
        var flags: Set<Character> = []
        var width: Int?
        var precision: Int?

        /// The C string `%s` prints from a pointer into characters or a C array of them.
        private static func cString(_ argument: Value) -> String? {
            switch argument {
            case .reference(let pointer): pointer.cString
            case .array: Reference(argument).cString
            default: nil
            }
        }

        func apply(_ conversion: Character, to argument: Value, describe: (Value) throws -> String) throws -> String {
            switch conversion {
            case "@", "s":
                // Foundation writes nil (and a NULL C string) as "(null)"; `%s` of a pointer
                // into characters prints the C string it points at.
                var text = if conversion == "s", let string = Self.cString(argument) {
                    string
                } else {
                    argument == .nil ? "(null)" : try describe(argument)
                }
                if let precision { text = String(text.prefix(precision)) }
                return pad(text, numeric: false)
            case "d", "i":
                let number = try integer(argument)
                return pad(sign(number >= 0) + digits(String(number.magnitude)), numeric: true)
            case "u":
                return pad(digits(String(UInt(bitPattern: try integer(argument)))), numeric: true)
            case "x", "X", "o", "p":
                let radix = conversion == "o" ? 8 : 16
                // A pointer is an object's address as the shell shows it (`<MMCell: 0x1c>`); a
                // value the model keeps without an address (a string, an array, a block) is 0.
                let bits = conversion != "p" || argument.numberValue != nil ? try integer(argument) : argument.object?.serial ?? 0
                var text = String(UInt(bitPattern: bits), radix: radix, uppercase: conversion == "X")
                text = digits(text)
                if flags.contains("#") || conversion == "p" { text = (radix == 8 ? "0" : conversion == "X" ? "0X" : "0x") + text }
                return pad(text, numeric: true)
            case "f", "F", "e", "E", "g", "G":
                let number = try double(argument)
                return pad(sign(number >= 0 || number.isNaN) + Format.real(abs(number), conversion, precision ?? 6, alternate: flags.contains("#")), numeric: number.isFinite)
            // `%C` is a unichar, which prints as `%c` does for the code points rtsh keeps.
            case "c", "C":
                guard let code = argument.intValue, argument.numberValue != nil, let scalar = Unicode.Scalar(UInt32(truncatingIfNeeded: code)) else {
                    throw Problem.notANumber(specifier: text, got: argument.kindDescription)
                }
                return pad(String(Character(scalar)), numeric: false)
            default:
                throw Problem.unknownConversion(text)
            }
        }

        private func integer(_ value: Value) throws -> Int {
            guard value.numberValue != nil else { throw Problem.notANumber(specifier: text, got: value.kindDescription) }
            if let exact = value.intValue { return exact }
            let double = value.numberValue ?? 0
            return double.isFinite && abs(double) < 9.2e18 ? Int(double.rounded(.towardZero)) : 0
        }

        private func double(_ value: Value) throws -> Double {
            guard let number = value.numberValue else { throw Problem.notANumber(specifier: text, got: value.kindDescription) }
            return number
        }

        private func sign(_ nonNegative: Bool) -> String {
            nonNegative ? (flags.contains("+") ? "+" : flags.contains(" ") ? " " : "") : "-"
        }

        /// An integer's digits with the precision's minimum count.
        private func digits(_ text: String) -> String {
            guard let precision, text.count < precision else { return text }
            return String(repeating: "0", count: precision - text.count) + text
        }

        /// `text` padded to the width: on the left with spaces, on the right for `-`, or
        /// with zeros after the sign for `0` on a number.
        private func pad(_ text: String, numeric: Bool) -> String {
            guard let width, text.count < width else { return text }
            let fill = width - text.count
            if flags.contains("-") { return text + String(repeating: " ", count: fill) }
            if numeric, flags.contains("0"), precision == nil || !"dDiuxXo".contains(text.last ?? " ") {
                let signLength = text.first.map { "+- ".contains($0) } == true ? 1 : 0
                let prefixLength = text.dropFirst(signLength).hasPrefix("0x") || text.dropFirst(signLength).hasPrefix("0X") ? signLength + 2 : signLength
                return String(text.prefix(prefixLength)) + String(repeating: "0", count: fill) + String(text.dropFirst(prefixLength))
            }
            return String(repeating: " ", count: fill) + text
        }
    }

    /// A non-negative number as `%f`, `%e` or `%g` writes it: the C library's own
    /// conversion, which rounds the number's exact decimal value as printf does.
    static func real(_ number: Double, _ conversion: Character, _ precision: Int, alternate: Bool) -> String {
        String(format: "%\(alternate ? "#" : "").\(min(precision, 40))\(conversion)", number)
    }
}
