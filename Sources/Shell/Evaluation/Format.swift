import Runtime

/// printf-style formatting for NSLog: `%@`, `%d`/`%i`/`%ld`/`%lu`/`%u`/`%zd`, `%f` with an
/// optional precision (`%.2f`), `%s`, `%c` and `%%`.
enum Format {
    static func string(_ format: String, _ arguments: [Value], at location: SourceLocation) throws -> String {
        var result = ""
        var remaining = arguments[...]
        var characters = format[...]
        func nextArgument(_ specifier: String) throws -> Value {
            guard let value = remaining.popFirst() else {
                throw ShellError("the format has more placeholders than arguments: nothing for '\(specifier)'", at: location)
            }
            return value
        }
        while let character = characters.popFirst() {
            guard character == "%" else {
                result.append(character)
                continue
            }
            var specifier = "%"
            var precision: Int?
            if characters.first == "." {
                characters.removeFirst()
                let digits = characters.prefix { $0.isNumber }
                characters.removeFirst(digits.count)
                precision = Int(digits)
                specifier += "." + digits
            }
            while let modifier = characters.first, "lhqz".contains(modifier) {
                specifier.append(modifier)
                characters.removeFirst()
            }
            guard let conversion = characters.popFirst() else {
                throw ShellError("the format ends in an unfinished '%'; write %% for a percent sign", at: location)
            }
            specifier.append(conversion)
            switch conversion {
            case "%": result += "%"
            case "@": result += text(of: try nextArgument(specifier))
            case "s": result += text(of: try nextArgument(specifier))
            case "d", "i", "u":
                let value = try nextArgument(specifier)
                guard let number = value.intValue else { throw mismatch(specifier, value, location) }
                result += String(number)
            case "f", "g":
                let value = try nextArgument(specifier)
                guard let number = value.intValue.map(Double.init) ?? { if case .double(let d) = value { d } else { nil } }() else {
                    throw mismatch(specifier, value, location)
                }
                result += fixed(number, digits: precision ?? 6)
            case "c":
                let value = try nextArgument(specifier)
                guard let code = value.intValue, let scalar = Unicode.Scalar(UInt32(truncatingIfNeeded: code)) else { throw mismatch(specifier, value, location) }
                result.unicodeScalars.append(scalar)
            default:
                throw ShellError("'\(specifier)' is not a format rtsh knows; use %@, %d, %f, %s, %c or %%", at: location)
            }
        }
        if !remaining.isEmpty {
            throw ShellError("the format has fewer placeholders than arguments: \(remaining.count) left over", at: location)
        }
        return result
    }

    /// A value as `%@` shows it: strings without quotes, everything else as printed.
    static func text(of value: Value) -> String {
        if case .string(let text) = value { return text }
        return value.description
    }

    /// `number` with exactly `digits` digits after the point, rounded half away from zero.
    static func fixed(_ number: Double, digits: Int) -> String {
        guard number.isFinite else { return number.description }
        let digits = min(digits, 15)
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(number) * scale).rounded()
        guard scaled < 9e18 else { return number.description }
        let whole = Int(scaled)
        let integer = String(whole / Int(scale))
        var fraction = String(whole % Int(scale))
        while fraction.count < digits { fraction = "0" + fraction }
        let sign = number < 0 && scaled != 0 ? "-" : ""
        return sign + integer + (digits > 0 ? "." + fraction : "")
    }

    private static func mismatch(_ specifier: String, _ value: Value, _ location: SourceLocation) -> ShellError {
        ShellError("'\(specifier)' needs a number, but the argument is \(value.kindDescription); use %@ for any value", at: location)
    }
}
