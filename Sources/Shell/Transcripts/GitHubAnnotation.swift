/// A GitHub Actions workflow command that marks a place in a file as failed, so the
/// failure shows on the pull request's diff: `::error file=F,line=L,title=T::message`.
///
/// The message and the properties are escaped as GitHub's toolkit escapes them: `%`, CR
/// and LF everywhere, and `:` and `,` too inside a property, where they would end it.
public struct GitHubAnnotation: Hashable, Sendable {
    /// The file, as a path relative to the repository or absolute; nil for no place.
    public var file: String?
    /// The 1-based line in `file`.
    public var line: Int?
    /// A short heading GitHub shows above the message.
    public var title: String?
    public var message: String

    public init(file: String?, line: Int? = nil, title: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.title = title
        self.message = message
    }

    /// The command, one line, ready to print on standard output.
    public var command: String {
        var properties: [String] = []
        if let file {
            properties.append("file=" + Self.escapeProperty(file))
            if let line { properties.append("line=\(line)") }
        }
        if let title { properties.append("title=" + Self.escapeProperty(title)) }
        return "::error" + (properties.isEmpty ? "" : " " + properties.joined(separator: ",")) + "::" + Self.escapeData(message)
    }

    static func escapeData(_ text: String) -> String {
        escaped(text, [("%", "%25"), ("\r", "%0D"), ("\n", "%0A")])
    }

    static func escapeProperty(_ text: String) -> String {
        escaped(text, [("%", "%25"), ("\r", "%0D"), ("\n", "%0A"), (":", "%3A"), (",", "%2C")])
    }

    /// `text` with each listed scalar replaced. Scalars rather than characters, because
    /// CR LF is one `Character` and would otherwise escape as neither.
    private static func escaped(_ text: String, _ codes: [(Unicode.Scalar, String)]) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if let code = codes.first(where: { $0.0 == scalar })?.1 { result += code } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}
