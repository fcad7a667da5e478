import Runtime
import Testing

@Suite("Glob patterns")
struct GlobTests {
    @Test(arguments: [
        ("MM*", "MMLogin", true), ("MM*", "MM", true), ("MM*", "XMM", false),
        ("*Controller", "MMLoginViewController", true), ("*Controller", "Controllers", false),
        ("UI?iew", "UIView", true), ("UI?iew", "UIiew", false),
        ("[A-C]*", "Bee", true), ("[A-C]*", "Dee", false), ("[!A-C]*", "Dee", true),
        ("a*b*c", "aXXbYYc", true), ("a*b*c", "aXXbYY", false), ("*", "", true), ("", "", true),
        ("\\*", "*", true), ("\\*", "x", false), ("*x*", "abxcd", true), ("**a", "a", true),
        // Characters then one star compare as scalars do, not by canonical equivalence.
        ("Ab*", "A", false), ("\\**", "*x", true), ("\\**", "x*", false), ("é*", "élan", true),
        ("e\u{301}*", "\u{e9}lan", false), ("\u{e9}*", "e\u{301}lan", false),
    ])
    func matches(pattern: String, text: String, expected: Bool) throws {
        #expect(try Glob(pattern).matches(text) == expected)
    }

    @Test func malformedPatternsAreErrorsThatSayWhy() {
        #expect(throws: RuntimeError.self) { try Glob("[abc") }
        #expect(throws: RuntimeError.self) { try Glob("abc\\") }
        #expect(throws: RuntimeError.self) { try Glob("[z-a]") }
        let message = (runtimeError { _ = try Glob("MM[") })?.description ?? ""
        #expect(message.contains("'MM['") && message.contains("offset 2"))
    }

    @Test func wildcardsAreReported() throws {
        #expect(try Glob("MM*").hasWildcards)
        #expect(try !Glob("MMLogin").hasWildcards)
    }
}
