import Runtime
import Testing
import UIKitModel

/// printf's formatting, each expectation checked against glibc's printf.
@Suite("Formats")
struct FormatTests {
    @Test(arguments: [
        ("%@ has %d items (%.2f%%)", [Value.string("cart"), 3, 12.345], "cart has 3 items (12.35%)"),
        ("[%5d|%-5d|%05d|%x|%X|%#x|%o]", [42, 42, 42, 255, 255, 255, 8], "[   42|42   |00042|ff|FF|0xff|10]"),
        ("%e %g %g %g", [12345.678, 0.0001, 123456789.0, 2.5], "1.234568e+04 0.0001 1.23457e+08 2.5"),
        ("%s|%10.3s|", ["abc", "abcdef"], "abc|       abc|"),
        ("%+d % d %lu %zd %lld %ld", [5, 5, 10, 11, 12, -13], "+5  5 10 11 12 -13"),
        ("%.3d|%8.3f|%-8.1f|%08.2f", [7, 3.14159, 2.25, -1.5], "007|   3.142|2.2     |-0001.50"),
        ("%c%c", [72, 105], "Hi"),
        ("%d", [.bool(true)], "1"),
        ("%5.1f%%", [99.95], "100.0%"),
    ])
    func formatsAsPrintfDoes(format: String, arguments: [Value], expected: String) throws {
        #expect(try Format.string(format, arguments) == expected)
    }

    /// A pointer is an object's address as the shell shows objects; a value with no address is 0.
    @Test func pointersAreObjectsAddresses() throws {
        let library = try ClassLibrary()
        let view = try #require(try library.runtime.send("new", to: library.runtime.requireClass(named: "UIView")).object)
        #expect(try Format.string("%p %p %p %p", [.object(view), .nil, "text", 255]) == "0x\(String(view.serial, radix: 16)) 0x0 0x0 0xff")
    }

    @Test func aMismatchSaysWhatWasWrong() throws {
        #expect(throws: Format.Problem.missingArgument(specifier: "%d")) { try Format.string("%d %d", [1]) }
        #expect(throws: Format.Problem.unusedArguments(count: 1)) { try Format.string("%d", [1, 2]) }
        // Trailing nils end a nil-terminated list (`stringWithFormat:__VA_ARGS__, nil` in a macro).
        #expect(try Format.string("%d", [1, .nil]) == "1")
        #expect(throws: Format.Problem.unusedArguments(count: 3)) { try Format.string("%d", [1, 2, .nil, 3, .nil]) }
        #expect(throws: Format.Problem.notANumber(specifier: "%.2f", got: "a string")) { try Format.string("%.2f", ["x"]) }
        #expect(throws: Format.Problem.unknownConversion("%k")) { try Format.string("%k", [1]) }
        #expect(throws: Format.Problem.unfinished) { try Format.string("100%", []) }
    }

    @Test func stringWithFormatAndTheNilTerminatedListsAreVariadicMessages() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        func send(_ className: String, _ selector: String, _ arguments: Value...) throws -> Value {
            try runtime.send(runtime.selector(selector), to: runtime.requireClass(named: className), Arguments(arguments))
        }
        #expect(try send("NSString", "stringWithFormat:", "%@-%d", "a", 1) == "a-1")
        #expect(try send("NSArray", "arrayWithObjects:", 1, 2, nil) == [1, 2])
        #expect(try send("NSDictionary", "dictionaryWithObjectsAndKeys:", 1, "a", nil) == .dictionary(["a": 1]))
        #expect(throws: ClassLibraryError.invalidArgument(method: "+[NSString stringWithFormat:]", reason: Format.Problem.unusedArguments(count: 1).description)) {
            try send("NSString", "stringWithFormat:", "x", 1)
        }
    }
}
