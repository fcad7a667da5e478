import Foundation
import Runtime
import Testing
import UIKitModel

@Suite("NSJSONSerialization and reading files")
struct JSONSerializationTests {
    let library: ClassLibrary
    var runtime: Runtime { library.runtime }

    init() throws { library = try ClassLibrary() }

    func cls(_ name: String) throws -> Class { try runtime.requireClass(named: name) }

    func data(_ text: String) throws -> Value {
        try runtime.send(runtime.selector("dataUsingEncoding:"), toValue: .string(text), Arguments(.int(4)), nestedAt: 0)
    }

    func text(of data: Value) throws -> Value {
        try runtime.send("initWithData:encoding:", to: runtime.send("alloc", to: cls("NSString")).object, data, .int(4))
    }

    /// `[NSJSONSerialization JSONObjectWithData:options:error:]` on `json`, with the error it set.
    func read(_ json: String, options: Int = 0) throws -> (object: Value, error: Value) {
        let error = Reference(.nil)
        let object = try runtime.send("JSONObjectWithData:options:error:", to: cls("NSJSONSerialization"), data(json), .int(options), .reference(error))
        return (object, error.value)
    }

    func write(_ object: Value, options: Int = 0) throws -> Value {
        try text(of: runtime.send("dataWithJSONObject:options:error:", to: cls("NSJSONSerialization"), object, .int(options), .nil))
    }

    func debugDescription(of error: Value) throws -> Value {
        guard case .dictionary(let info) = try runtime.send("userInfo", to: error.object) else { return .nil }
        return info[.string("NSDebugDescription")] ?? .nil
    }

    @Test func readsEveryKindOfValue() throws {
        let (object, error) = try read(#"{"name": "Ada", "years": 12, "rate": 2.5, "big": 1e3, "active": true, "retired": false, "#
            + #""team": null, "tags": ["a\/b", "caf\u00e9", "\ud83d\ude00", "tab\there"], "nested": {"empty": [], "none": {}}}"#)
        #expect(error == .nil)
        let null = try runtime.send("null", to: cls("NSNull"))
        #expect(object == .dictionary([
            "name": "Ada", "years": .int(12), "rate": .double(2.5), "big": .double(1000), "active": .bool(true), "retired": .bool(false),
            "team": null, "tags": .array(["a/b", "café", "😀", "tab\there"]),
            "nested": .dictionary(["empty": .array([]), "none": .dictionary([:])]),
        ]))
        // A repeated key keeps its last value, as Foundation's reader does.
        #expect(try read(#"{"a": 1, "a": 2}"#).object == .dictionary(["a": .int(2)]))
        // A byte-order mark is skipped.
        #expect(try read("\u{FEFF}[1]").object == .array([.int(1)]))
    }

    @Test func textThatIsNotJSONSetsACocoaErrorSayingWhereAndAnswersNil() throws {
        let cases: [(String, String)] = [
            ("", "Unable to parse empty data."),
            ("{\"a\": 1,\n \"b\" x}", "Unexpected character 'x' around line 2, column 5."),
            ("[1, 2", "Unexpected end of file during JSON parse."),
            ("[01]", "Number with leading zero around line 1, column 1."),
            ("[1] 2", "Unexpected character '2' around line 1, column 4."),
            ("{1: 2}", "Unexpected character '1' around line 1, column 1."),
            ("[\"\\q\"]", "Invalid escape sequence around line 1, column 3."),
            ("[\"\\ud800\"]", "Unpaired UTF-16 surrogate in string around line 1, column 8."),
            ("[tru]", "Unexpected character ']' around line 1, column 4."),
            ("\"text\"", "JSON text did not start with array or object and option to allow fragments not set. around line 1, column 0."),
            (String(repeating: "[", count: 600), "Too many nested arrays or dictionaries around line 1, column 512."),
        ]
        for (json, expected) in cases {
            let (object, error) = try read(json)
            #expect(object == .nil, "\(json)")
            #expect(try runtime.send("domain", to: error.object) == "NSCocoaErrorDomain", "\(json)")
            #expect(try runtime.send("code", to: error.object) == .int(3840), "\(json)")
            #expect(try debugDescription(of: error) == .string(expected), "\(json)")
            #expect(try runtime.send("localizedDescription", to: error.object) == "The data couldn’t be read because it isn’t in the correct format.")
        }
        // NULL for the error is allowed; nil data raises, as Foundation does.
        #expect(try runtime.send("JSONObjectWithData:options:error:", to: cls("NSJSONSerialization"), data("["), .int(0), .nil) == .nil)
        #expect(throws: ClassLibraryError.invalidArgument(method: "+[NSJSONSerialization JSONObjectWithData:options:error:]", reason: "data parameter is nil")) {
            try runtime.send("JSONObjectWithData:options:error:", to: cls("NSJSONSerialization"), .nil, .int(0), .nil)
        }
    }

    @Test func mangledJSONIsReadOrRefusedNeverCrashing() throws {
        // Deterministic mutations of a valid text: every byte changed, dropped or doubled in turn.
        let seed = Array(#"{"a": [1, -2.5e3, "x\u00e9\n", true, null, {"b": false}]}"#.utf8)
        let replacements: [UInt8] = [0x00, 0x22, 0x5C, 0x5B, 0x7B, 0x7D, 0x2C, 0x3A, 0x2D, 0x30, 0x65, 0x75, 0xC3, 0xFF]
        var read = 0
        for index in seed.indices {
            var variants = replacements.map { byte -> [UInt8] in var copy = seed; copy[index] = byte; return copy }
            variants.append(Array(seed[..<index]) + Array(seed[(index + 1)...]))
            variants.append(Array(seed[...index]) + Array(seed[index...]))
            variants.append(Array(seed[..<index]))
            for bytes in variants {
                let data = try runtime.send("_initWithBytes:", to: runtime.send("alloc", to: cls("NSData")).object, .array(bytes.map { .int(Int($0)) }))
                let error = Reference(.nil)
                let object = try runtime.send("JSONObjectWithData:options:error:", to: cls("NSJSONSerialization"), data, .int(4), .reference(error))
                #expect((object == .nil) != (error.value == .nil), "\(bytes)")
                if object != .nil { read += 1 }
            }
        }
        #expect(read > 0)
    }

    @Test func readingOptionsAllowFragmentsAndMakeMutableContainersAndLeaves() throws {
        #expect(try read("\"text\"", options: 4).object == "text")
        #expect(try read(" 42 ", options: 4).object == .int(42))
        let (object, _) = try read(#"{"list": [1], "name": "x"}"#, options: 1 | 2)
        #expect(object.object?.isa.name == "NSMutableDictionary")
        let list = try runtime.send("objectForKey:", to: object.object, "list")
        #expect(list.object?.isa.name == "NSMutableArray")
        try runtime.send("addObject:", to: list.object, .int(2))
        #expect(try runtime.send("count", to: list.object) == .int(2))
        #expect(try runtime.send("objectForKey:", to: object.object, "name").object?.isa.name == "NSMutableString")
        // Without the options the containers are the immutable values.
        #expect(try read("[[1]]").object == .array([.array([.int(1)])]))
    }

    @Test func writesAsFoundationDoesWithSortedKeysAndEscapes() throws {
        let null = try runtime.send("null", to: cls("NSNull"))
        let object = Value.dictionary(["b": .array([.int(1), .double(2.5), .double(3), .bool(true), null]), "a": "x/y \"q\"\n\u{01}é"])
        #expect(try write(object) == #"{"a":"x\/y \"q\"\n\u0001é","b":[1,2.5,3,true,null]}"#)
        #expect(try write(object, options: 8) == #"{"a":"x/y \"q\"\n\u0001é","b":[1,2.5,3,true,null]}"#)
        #expect(try write(.dictionary(["list": .array([.int(1)]), "empty": .array([])]), options: 1) == """
            {
              "empty" : [],
              "list" : [
                1
              ]
            }
            """)
        // What was written reads back the same (3.0 as the integer 3, as in Foundation).
        let written = try runtime.send("dataWithJSONObject:options:error:", to: cls("NSJSONSerialization"), object, .int(0), .nil)
        #expect(try runtime.send("JSONObjectWithData:options:error:", to: cls("NSJSONSerialization"), written, .int(0), .nil)
            == .dictionary(["b": .array([.int(1), .double(2.5), .int(3), .bool(true), null]), "a": "x/y \"q\"\n\u{01}é"]))
        // Fragments only with the option; mutable containers write their contents.
        #expect(try write("text", options: 4) == #""text""#)
        let mutable = try runtime.send("arrayWithArray:", to: cls("NSMutableArray"), .array([.int(1)]))
        #expect(try write(.array([mutable])) == "[[1]]")
    }

    @Test func objectsJSONCannotHoldRaiseInvalidArgumentAndAreNotValid() throws {
        let serialization = try cls("NSJSONSerialization")
        let date = try runtime.send("date", to: cls("NSDate"))
        let method = "+[NSJSONSerialization dataWithJSONObject:options:error:]"
        let cases: [(Value, String)] = [
            (.dictionary(["when": date]), "Invalid type in JSON write (NSDate)"),
            (.dictionary([.int(1): "one"]), "Invalid (non-string) key in JSON dictionary"),
            (.array([.double(.nan)]), "Invalid number value (NaN) in JSON write"),
            ("text", "Invalid top-level type in JSON write"),
        ]
        for (object, reason) in cases {
            #expect(throws: ClassLibraryError.invalidArgument(method: method, reason: reason)) {
                try runtime.send("dataWithJSONObject:options:error:", to: serialization, object, .int(0), .nil)
            }
            #expect(try runtime.send("isValidJSONObject:", to: serialization, object) == .bool(false))
        }
        #expect(try runtime.send("isValidJSONObject:", to: serialization, .dictionary(["a": .array([.int(1)])])) == .bool(true))
    }

    @Test func dataAndStringsReadFilesByPathAndFileURL() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rtsh-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("coaches.json")
        try Data(#"{"coaches": ["Ada"]}"#.utf8).write(to: file)
        try Data([0xC3, 0xA9]).write(to: directory.appendingPathComponent("accent.txt"))

        let data = try runtime.send("dataWithContentsOfFile:", to: cls("NSData"), .string(file.path))
        #expect(try runtime.send("length", to: data.object) == .int(20))
        #expect(try runtime.send("JSONObjectWithData:options:error:", to: cls("NSJSONSerialization"), data, .int(0), .nil)
            == .dictionary(["coaches": .array(["Ada"])]))
        let url = try runtime.send("fileURLWithPath:", to: cls("NSURL"), .string(file.path))
        let fromURL = try runtime.send("initWithContentsOfURL:", to: runtime.send("alloc", to: cls("NSData")).object, url)
        #expect(try runtime.send("isEqualToData:", to: fromURL.object, data) == .bool(true))
        #expect(try runtime.send("stringWithContentsOfFile:encoding:error:", to: cls("NSString"), .string(file.path), .int(4), .nil)
            == #"{"coaches": ["Ada"]}"#)

        // What cannot be read is nil, with the error Foundation gives.
        let error = Reference(.nil)
        let missing = directory.appendingPathComponent("missing.json").path
        #expect(try runtime.send("dataWithContentsOfFile:options:error:", to: cls("NSData"), .string(missing), .int(0), .reference(error)) == .nil)
        #expect(try runtime.send("code", to: error.value.object) == .int(260))
        #expect(try runtime.send("localizedDescription", to: error.value.object)
            == "The file “missing.json” couldn’t be opened because there is no such file.")
        #expect(try runtime.send("dataWithContentsOfFile:", to: cls("NSData"), .string(directory.path)) == .nil)
        let accent = directory.appendingPathComponent("accent.txt").path
        #expect(try runtime.send("stringWithContentsOfFile:encoding:error:", to: cls("NSString"), .string(accent), .int(4), .nil) == "é")
        #expect(try runtime.send("stringWithContentsOfFile:encoding:error:", to: cls("NSString"), .string(accent), .int(1), .reference(error)) == .nil)
        #expect(try runtime.send("code", to: error.value.object) == .int(261))
        let web = try runtime.send("URLWithString:", to: cls("NSURL"), "https://example.com/x.json")
        #expect(try runtime.send("dataWithContentsOfURL:options:error:", to: cls("NSData"), web, .int(0), .reference(error)) == .nil)
        // A web URL is fetched, which offline fails: Cocoa's read error over the URL error.
        #expect(try runtime.send("code", to: error.value.object) == .int(256))
        let underlying = try runtime.send("userInfo", to: error.value.object).dictionaryEntries?[.string("NSUnderlyingError")]
        #expect(try runtime.send("code", to: underlying?.object) == .int(-1009))
    }

    @Test func longDataDescribeThemselvesAbbreviatedAsFoundationDoes() throws {
        #expect(try runtime.send("description", to: data("hello").object) == "{length = 5, bytes = 0x68656c6c6f}")
        let long = try data(String(repeating: "abcdefgh", count: 4))
        #expect(try runtime.send("description", to: long.object)
            == "{length = 32, bytes = 0x61626364 65666768 61626364 65666768 ... 61626364 65666768 }")
    }

    @Test func theMainBundleSearchesEachResourceDirectoryInOrder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rtsh-bundles-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (directory, file) in [("App", "shared.json"), ("Tests", "shared.json"), ("Tests/fixtures", "only.json")] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(directory), withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: root.appendingPathComponent(directory).appendingPathComponent(file))
        }
        let environment = ModelEnvironment()
        environment.addResourceDirectory(root.appendingPathComponent("App").path)
        environment.addResourceDirectory(root.appendingPathComponent("Tests").path)
        environment.addResourceDirectory(root.appendingPathComponent("App").path)
        #expect(environment.resourceDirectories.count == 2)
        let library = try ClassLibrary(environment: environment)
        let bundle = try library.runtime.send("bundleForClass:", to: library.runtime.requireClass(named: "NSBundle"), .object(library.runtime.requireClass(named: "NSObject")))
        #expect(try library.runtime.send("pathForResource:ofType:", to: bundle.object, "shared", "json")
            == .string(root.appendingPathComponent("App/shared.json").path))
        #expect(try library.runtime.send("pathForResource:ofType:", to: bundle.object, "only", "json")
            == .string(root.appendingPathComponent("Tests/fixtures/only.json").path))
    }
}
