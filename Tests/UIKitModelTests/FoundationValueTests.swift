import Runtime
import Testing
import UIKitModel

/// `NSString`, `NSNumber`, `NSArray`, `NSDictionary` and `NSBlock` as the classes of values.
@Suite("Foundation's value classes")
struct FoundationValueTests {
    private func send(_ library: ClassLibrary, _ selector: String, to value: Value, _ arguments: Value...) throws -> Value {
        try library.runtime.send(library.runtime.selector(selector), toValue: value, Arguments(arguments), nestedAt: 0)
    }

    @Test func eachKindOfValueIsAnInstanceOfItsClass() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        for (value, name) in [(Value.string("a"), "NSString"), (.int(1), "NSNumber"), (.bool(true), "NSNumber"), (.double(1.5), "NSNumber"),
                              (.array([1]), "NSArray"), (.dictionary(["a": 1]), "NSDictionary")] {
            let cls = try runtime.requireClass(named: name)
            #expect(runtime.class(ofValue: value) === cls)
            #expect(try send(library, "isKindOfClass:", to: value, .object(cls)) == true)
            #expect(try send(library, "isKindOfClass:", to: value, .object(try runtime.requireClass(named: "NSObject"))) == true)
            #expect(try send(library, "class", to: value) == .object(cls))
            #expect(try send(library, "copy", to: value) == value)
            #expect(try send(library, "isEqual:", to: value, value) == true)
        }
    }

    @Test func stringsAnswerAsNSStringDoes() throws {
        let library = try ClassLibrary()
        #expect(try send(library, "length", to: "héllo") == 5)
        #expect(try send(library, "length", to: "👍") == 2)
        #expect(try send(library, "substringFromIndex:", to: "hello", 3) == "lo")
        #expect(try send(library, "substringToIndex:", to: "hello", 2) == "he")
        // An empty prefix or suffix is no match in Foundation.
        #expect(try send(library, "hasPrefix:", to: "hello", "he") == true)
        #expect(try send(library, "hasPrefix:", to: "hello", "") == false)
        #expect(try send(library, "hasSuffix:", to: "hello", "") == false)
        #expect(throws: ClassLibraryError.outOfRange(method: "-[NSString substringToIndex:]", reason: "index 9 beyond bounds [0 .. 5]")) {
            try send(library, "substringToIndex:", to: "hello", 9)
        }
        #expect(try send(library, "componentsSeparatedByString:", to: "a,,b", ",") == .array(["a", "", "b"]))
        #expect(try send(library, "stringByReplacingOccurrencesOfString:withString:", to: "a-b-c", "-", "+") == "a+b+c")
        #expect(try send(library, "integerValue", to: "  42abc") == 42)
        #expect(try send(library, "doubleValue", to: "2.5") == 2.5)
        #expect(try send(library, "boolValue", to: "YES") == true)
        #expect(try send(library, "boolValue", to: "0") == false)
        #expect(try send(library, "hash", to: "abc") == send(library, "hash", to: "abc"))
        #expect(throws: ClassLibraryError.wrongArgument(method: "-[NSString hasPrefix:]", expected: "a string as argument 1", got: "an integer")) {
            try send(library, "hasPrefix:", to: "abc", 3)
        }
        let stringClass = Value.object(try library.runtime.requireClass(named: "NSString"))
        #expect(try send(library, "stringWithString:", to: stringClass, "x") == "x")
        #expect(try send(library, "new", to: stringClass) == "")
        // Unicode's normalization forms: "é" as one character or as "e" and a combining accent.
        #expect(try send(library, "precomposedStringWithCanonicalMapping", to: "e\u{301}") == "\u{E9}")
        #expect(try send(library, "length", to: send(library, "decomposedStringWithCanonicalMapping", to: "\u{E9}")) == 2)
        #expect(try send(library, "precomposedStringWithCompatibilityMapping", to: "\u{FB01}") == "fi")
        #expect(try send(library, "decomposedStringWithCompatibilityMapping", to: "\u{FB01}") == "fi")
    }

    @Test func numbersKeepTheirKindAndConvertAsCDoes() throws {
        let library = try ClassLibrary()
        let numberClass = Value.object(try library.runtime.requireClass(named: "NSNumber"))
        #expect(try send(library, "numberWithInt:", to: numberClass, 3) == 3)
        // A double passed for an integer converts toward zero, as C converts it at the call.
        #expect(try send(library, "numberWithLongLong:", to: numberClass, 1_700_000_000_123.9) == .int(1_700_000_000_123))
        #expect(try send(library, "numberWithInteger:", to: numberClass, -2.7) == -2)
        #expect(throws: (any Error).self) { try send(library, "numberWithInteger:", to: numberClass, .double(.infinity)) }
        #expect(try send(library, "numberWithBool:", to: numberClass, 1) == true)
        #expect(try send(library, "numberWithFloat:", to: numberClass, 0.1) == .double(Double(Float(0.1))))
        #expect(try send(library, "intValue", to: -3.7) == -3)
        #expect(try send(library, "description", to: true) == "1")
        #expect(try send(library, "compare:", to: 2, 3) == -1)
        #expect(try send(library, "isEqualToNumber:", to: 2, 2.0) == true)
        // Integers compare exactly, beyond where doubles tell them apart.
        #expect(try send(library, "isEqual:", to: .int(Int.min), .int(Int.min + 1)) == false)
        #expect(try send(library, "isEqualToNumber:", to: .int(Int.max - 1), .int(Int.max)) == false)
        #expect(try send(library, "compare:", to: .int(Int.min), .int(Int.min + 1)) == -1)
        // A whole double reads as Foundation's %g writes it: @1.0 is "1".
        #expect(try send(library, "description", to: 1.0) == "1")
        #expect(try send(library, "description", to: 1.5) == "1.5")
        #expect(try send(library, "stringValue", to: -20.0) == "-20")
    }

    @Test func collectionsAnswerAsFoundationsDo() throws {
        let library = try ClassLibrary()
        let array: Value = ["a", "b"]
        #expect(try send(library, "count", to: array) == 2)
        #expect(try send(library, "objectAtIndex:", to: array, 1) == "b")
        #expect(try send(library, "indexOfObject:", to: array, "z") == .int(Int.max))
        #expect(try send(library, "componentsJoinedByString:", to: [1, "x"], "/") == "1/x")
        #expect(try send(library, "arrayByAddingObject:", to: array, "c") == ["a", "b", "c"])
        #expect(try send(library, "hash", to: array) == 2)
        let dictionary = Value.dictionary(["b": 2, "a": 1])
        #expect(try send(library, "allKeys", to: dictionary) == ["a", "b"])
        #expect(try send(library, "allValues", to: dictionary) == [1, 2])
        #expect(try send(library, "objectForKey:", to: dictionary, "z") == .nil)
        #expect(try send(library, "isEqualToDictionary:", to: dictionary, .dictionary(["a": 1, "b": 2])) == true)
    }
}
