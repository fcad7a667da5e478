import Testing
import UIKitModel

/// Text written into XML: reports (JUnit) and drawings (SVG).
@Suite("XML text")
struct XMLTextTests {
    @Test func specialCharactersAreEntitiesAndControlCharactersAreShown() {
        #expect(XMLText.escaped("a < b & \"c\" 'd' > e") == "a &lt; b &amp; &quot;c&quot; &apos;d&apos; &gt; e")
        #expect(XMLText.escaped("bell\u{7}\nline") == "bell\\u{7}\nline")
    }

    /// An attribute keeps its line breaks and tabs as character references: a reader turns
    /// the characters themselves into spaces (a failure message that quotes an array's
    /// description, one member a line).
    @Test func anAttributeKeepsItsLineBreaks() {
        #expect(XMLText.escapedAttribute("Expected <(\n    1\r\n)>\t&") == "Expected &lt;(&#10;    1&#13;&#10;)&gt;&#9;&amp;")
    }
}
