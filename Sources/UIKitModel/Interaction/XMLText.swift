/// Text made safe inside XML, for the reports and drawings rtsh writes (JUnit, SVG).
public enum XMLText {
    /// `text` with XML's five special characters written as entities, and the control
    /// characters XML 1.0 cannot hold at all shown as `\u{…}`.
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default:
                if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" && scalar != "\r" {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// `text` for an attribute's value: ``escaped(_:)``, with line breaks and tabs as
    /// character references, which a reader keeps where it would turn the characters
    /// themselves into spaces (a failure message quoting a collection's lines).
    public static func escapedAttribute(_ text: String) -> String {
        var result = ""
        for scalar in escaped(text).unicodeScalars {
            switch scalar {
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
