import Runtime
import Testing

@Suite("Finding classes by name and by the start of their names")
struct ClassIndexTests {
    /// The table of names grows many times over: each class is found after every growth,
    /// and a name is still refused the second time.
    @Test func everyClassIsFoundByItsNameAndNoNameIsTakenTwice() throws {
        let runtime = Runtime()
        // Names of fewer than eight bytes, of eight, and of more, whose last eight overlap.
        let names = (0..<2_000).map { "XXGenerated\($0)ViewController" }
            + ["Café", "_", "a", "A1", "Abcdefg", "Abcdefgh", "Abcdefghi", "Abcdefghijklmnop", "Z_09azAZ"]
        let classes = try names.map { try runtime.registerClass(named: $0) }
        for (name, cls) in zip(names, classes) {
            #expect(runtime.class(named: name) === cls)
        }
        for name in ["XXGenerated0ViewController", "XXGenerated1999ViewController", "Café", "_"] {
            #expect(throws: RuntimeError.duplicateClass(name)) { try runtime.registerClass(named: name) }
        }
        for name in ["XXGenerated2000ViewController", "XXGenerated", "", "cafe", "Cafe", "b", "Abcdefgi", "Abcdefghj", "Abcdefghijklmnoq"] {
            #expect(runtime.class(named: name) == nil)
        }
        #expect(runtime.classCount == names.count)
    }

    @Test func namesWithAPrefixAreSortedAndIncludeClassesRegisteredSinceTheLastListing() throws {
        let runtime = Runtime()
        for name in ["MMLogin", "UIView", "MMAbout", "MMZoo", "MNext"] { try runtime.registerClass(named: name) }
        #expect(runtime.classNames(withPrefix: "MM") == ["MMAbout", "MMLogin", "MMZoo"])
        // A few registrations after a listing go into the index in place.
        try runtime.registerClass(named: "MMMiddle")
        #expect(runtime.classNames(withPrefix: "MM") == ["MMAbout", "MMLogin", "MMMiddle", "MMZoo"])
        // A burst drops the index, sorted again when next asked for.
        for index in 0..<200 { try runtime.registerClass(named: "MMGenerated\(index)") }
        let all = runtime.classes.map(\.name)
        #expect(runtime.classNames(withPrefix: "MM") == all.filter { $0.hasPrefix("MM") })
        #expect(runtime.classNames(withPrefix: "").count == all.count)
        #expect(runtime.classNames(withPrefix: "Nothing").isEmpty)
    }

    @Test(arguments: ["MM*", "MMGenerated1?", "*View", "[MU]*", "MMGen*ted2*", "M?Login"])
    func aPatternListsWhatItMatchesFromTheIndex(_ pattern: String) throws {
        let runtime = Runtime()
        for name in ["MMLogin", "UIView", "MNLogin", "MMAboutView"] { try runtime.registerClass(named: name) }
        for index in 0..<300 { try runtime.registerClass(named: "MMGenerated\(index)") }
        let glob = try Glob(pattern)
        #expect(runtime.classes(matching: glob).map(\.name) == runtime.classes.map(\.name).filter { glob.matches($0) })
    }

    @Test func aPatternsLiteralPrefixIsItsTextBeforeTheFirstWildcard() throws {
        #expect(try Glob("MM*View").literalPrefix == "MM")
        #expect(try Glob("*View").literalPrefix == "")
        #expect(try Glob("UIView").literalPrefix == "UIView")
        #expect(try Glob(#"MM\*x*"#).literalPrefix == "MM*x")
    }
}
