import Foundation
import Runtime
import Testing
import UIKitModel

@Suite("Foundation object classes")
struct FoundationObjectTests {
    let library: ClassLibrary
    var runtime: Runtime { library.runtime }

    init() throws { library = try ClassLibrary() }

    func cls(_ name: String) throws -> Class { try runtime.requireClass(named: name) }

    /// Sends to a value (a string, an array, a dictionary), as code does to a literal.
    func send(_ selector: String, toValue value: Value, _ arguments: Value...) throws -> Value {
        try runtime.send(runtime.selector(selector), toValue: value, Arguments(arguments), nestedAt: 0)
    }

    /// A class whose instances are equal when their `key`s are, hashing by it, as user code overrides them.
    func keyed() throws -> Class {
        try runtime.registerClass(named: "MMKeyed", superclass: cls("NSObject")) { c in
            try c.addProperty(Property(name: "key", type: .integer(code: "q")))
            try c.addMethod("isEqual:", types: "B@:@") { m in
                guard let other = m[0].object, other.isa === m.receiver.isa else { return false }
                return .bool(try m.send("key", to: other) == (try m.send("key", to: m.receiver)))
            }
            try c.addMethod("hash", types: "Q@:") { m in try m.send("key", to: m.receiver) }
        }
    }

    func keyedObject(_ cls: Class, _ key: Int) throws -> Value {
        let object = try runtime.send("new", to: cls)
        try runtime.send("setKey:", to: object.object, .int(key))
        return object
    }

    /// `copy` and `mutableCopy` ask the class's NSCopying and NSMutableCopying methods, as
    /// NSObject's do (a model object's `copyWithZone:` making a new one with
    /// `allocWithZone:`); a class implementing neither does not recognize the selector.
    @Test func copyAsksCopyWithZoneWhichMayAllocWithAZone() throws {
        let item = try runtime.registerClass(named: "MMItem", superclass: cls("NSObject")) { c in
            try c.addProperty(Property(name: "key", type: .integer(code: "q")))
            try c.addMethod("copyWithZone:", types: "@@:^{_NSZone=}") { m in
                let made = try m.send("allocWithZone:", to: m.receiver.isa, m[0])
                let copy = try m.send("init", to: made.object)
                try m.send("setKey:", to: copy.object, try m.send("key", to: m.receiver))
                return copy
            }
            try c.addMethod("mutableCopyWithZone:", types: "@@:^{_NSZone=}") { m in
                try m.send("setKey:", to: m.receiver, .int(-1))
                return .object(m.receiver)
            }
        }
        let original = try keyedObject(item, 7)
        let copy = try runtime.send("copy", to: original.object)
        #expect(copy.object !== original.object)
        #expect(copy.object?.isa === item)
        #expect(try runtime.send("key", to: copy.object) == 7)
        #expect(try runtime.send("mutableCopy", to: original.object) == original)
        #expect(try runtime.send("key", to: original.object) == -1)

        let plain = try runtime.send("new", to: cls("NSObject"))
        #expect(throws: (any Error).self) { try runtime.send("copy", to: plain.object) }
        do {
            _ = try runtime.send("copy", to: plain.object)
        } catch {
            #expect("\(error)".contains("copyWithZone:"), "\(error)")
        }
    }

    @Test func setsHonourUserEqualityAndHashing() throws {
        let keyedClass = try keyed()
        let (a, b, c) = (try keyedObject(keyedClass, 1), try keyedObject(keyedClass, 1), try keyedObject(keyedClass, 2))
        let set = try runtime.send("setWithObjects:", to: cls("NSSet"), a, b, c, "x", "x", .nil)
        #expect(try runtime.send("count", to: set.object) == 3)
        #expect(try runtime.send("containsObject:", to: set.object, try keyedObject(keyedClass, 2)) == true)
        #expect(try runtime.send("member:", to: set.object, b) == a)
        #expect(try runtime.send("containsObject:", to: set.object, try keyedObject(keyedClass, 3)) == false)
        #expect(try runtime.send("anyObject", to: set.object) == a)
        let mutable = try runtime.send("setWithArray:", to: cls("NSMutableSet"), [a])
        try runtime.send("addObject:", to: mutable.object, b)
        #expect(try runtime.send("count", to: mutable.object) == 1)
        try runtime.send("addObject:", to: mutable.object, c)
        try runtime.send("removeObject:", to: mutable.object, try keyedObject(keyedClass, 1))
        #expect(try runtime.send("allObjects", to: mutable.object) == [c])
        #expect(throws: ClassLibraryError.self) { try runtime.send("addObject:", to: mutable.object, .nil) }
        // Arrays and dictionaries honour the same overrides.
        let array: Value = [a, c]
        #expect(try send("containsObject:", toValue: array, try keyedObject(keyedClass, 2)) == true)
        #expect(try send("indexOfObject:", toValue: array, c) == 1)
        #expect(try send("indexOfObject:", toValue: array, b) == 0)
        let dictionary = Value.dictionary([a: "one"])
        #expect(try send("objectForKey:", toValue: dictionary, b) == "one")
    }

    @Test func notificationsReachMatchingObserversInOrder() throws {
        let log = Log()
        let observer = try runtime.registerClass(named: "MMObserver", superclass: cls("NSObject")) { c in
            try c.addMethod("heard:", types: "v@:@") { m in
                log.append("heard \(try m.send("name", to: m[0].object)) \(try m.send("userInfo", to: m[0].object))")
                return .nil
            }
        }
        let center = try runtime.send("defaultCenter", to: cls("NSNotificationCenter"))
        #expect(center == (try runtime.send("defaultCenter", to: cls("NSNotificationCenter"))))
        let listener = try runtime.send("new", to: observer)
        let sender = try runtime.send("new", to: cls("NSObject"))
        try runtime.send("addObserver:selector:name:object:", to: center.object, listener, .selector(runtime.selector("heard:")), "Saved", .nil)
        let block = Block(parameterCount: 1) { _ in log.append("block"); return .nil }
        let token = try runtime.send("addObserverForName:object:queue:usingBlock:", to: center.object, .nil, sender, .nil, .block(block))
        try runtime.send("postNotificationName:object:userInfo:", to: center.object, "Saved", sender, .dictionary(["id": 1]))
        #expect(log.take() == ["heard \"Saved\" @{\"id\": 1}", "block"])
        try runtime.send("postNotificationName:object:", to: center.object, "Other", .nil)
        #expect(log.take().isEmpty)
        try runtime.send("removeObserver:", to: center.object, token)
        try runtime.send("removeObserver:name:object:", to: center.object, listener, "Saved", .nil)
        try runtime.send("postNotificationName:object:", to: center.object, "Saved", sender)
        #expect(log.take().isEmpty)
    }

    @Test func userDefaultsRoundTripInMemory() throws {
        let defaults = try runtime.send("standardUserDefaults", to: cls("NSUserDefaults"))
        #expect(try runtime.send("objectForKey:", to: defaults.object, "name") == .nil)
        try runtime.send("setObject:forKey:", to: defaults.object, "Ada", "name")
        try runtime.send("setInteger:forKey:", to: defaults.object, 42, "count")
        try runtime.send("setBool:forKey:", to: defaults.object, true, "on")
        try runtime.send("setDouble:forKey:", to: defaults.object, 2.5, "ratio")
        try runtime.send("setObject:forKey:", to: defaults.object, ["a"], "list")
        #expect(try runtime.send("stringForKey:", to: defaults.object, "name") == "Ada")
        #expect(try runtime.send("integerForKey:", to: defaults.object, "count") == 42)
        #expect(try runtime.send("boolForKey:", to: defaults.object, "on") == true)
        #expect(try runtime.send("doubleForKey:", to: defaults.object, "ratio") == 2.5)
        #expect(try runtime.send("arrayForKey:", to: defaults.object, "list") == ["a"])
        #expect(try runtime.send("dictionaryForKey:", to: defaults.object, "list") == .nil)
        #expect(try runtime.send("synchronize", to: defaults.object) == true)
        try runtime.send("registerDefaults:", to: defaults.object, .dictionary(["theme": "dark", "name": "Bob"]))
        #expect(try runtime.send("stringForKey:", to: defaults.object, "theme") == "dark")
        #expect(try runtime.send("stringForKey:", to: defaults.object, "name") == "Ada")
        try runtime.send("removeObjectForKey:", to: defaults.object, "name")
        #expect(try runtime.send("stringForKey:", to: defaults.object, "name") == "Bob")
        // Key-value coding reads and writes the defaults.
        try runtime.send("setValue:forKey:", to: defaults.object, "light", "theme")
        #expect(try runtime.send("valueForKey:", to: defaults.object, "theme") == "light")
        #expect(try runtime.send("valueForKey:", to: defaults.object, "unset") == .nil)
        let data = try send("dataUsingEncoding:", toValue: "bytes", 4)
        try runtime.send("setObject:forKey:", to: defaults.object, data, "archive")
        #expect(try runtime.send("dataForKey:", to: defaults.object, "archive") == data)
        #expect(try runtime.send("dataForKey:", to: defaults.object, "theme") == .nil)
        #expect(try runtime.send("stringArrayForKey:", to: defaults.object, "list") == ["a"])
        try runtime.send("setObject:forKey:", to: defaults.object, .array(["a", 1]), "mixed")
        #expect(try runtime.send("stringArrayForKey:", to: defaults.object, "mixed") == .nil)
        #expect(throws: ClassLibraryError.self) {
            try runtime.send("setObject:forKey:", to: defaults.object, try runtime.send("new", to: cls("NSObject")), "bad")
        }
        // Another runtime starts empty.
        let other = try ClassLibrary()
        let fresh = try other.runtime.send("standardUserDefaults", to: other.runtime.requireClass(named: "NSUserDefaults"))
        #expect(try other.runtime.send("integerForKey:", to: fresh.object, "count") == 0)
    }

    /// A suite (an app group's, a library's own) is one store however many instances name
    /// it, apart from the standard defaults; no name is the standard defaults.
    @Test func userDefaultsSuitesShareTheirValuesByName() throws {
        let defaultsClass = try cls("NSUserDefaults")
        func suite(_ name: Value) throws -> Value {
            try runtime.send("initWithSuiteName:", to: runtime.send("alloc", to: defaultsClass).object, name)
        }
        try runtime.send("setBool:forKey:", to: try suite("group.mm").object, true, "firstOpen")
        #expect(try runtime.send("boolForKey:", to: try suite("group.mm").object, "firstOpen") == true)
        #expect(try suite("group.mm") == (try suite("group.mm")))
        let standard = try runtime.send("standardUserDefaults", to: defaultsClass)
        #expect(try runtime.send("boolForKey:", to: standard.object, "firstOpen") == false)
        #expect(try runtime.send("boolForKey:", to: try suite("other").object, "firstOpen") == false)
        #expect(try suite(.nil) == standard)
        #expect(throws: (any Error).self) { try suite(3) }
    }

    @Test func datesAreOnTheModelsClock() throws {
        let date = try cls("NSDate")
        let now = try runtime.send("date", to: date)
        #expect(try runtime.send("description", to: now.object) == "2001-01-01 12:00:00 +0000")
        #expect(try runtime.send("timeIntervalSince1970", to: now.object) == .double(978_307_200.0 + 43_200))
        let later = try runtime.send("dateWithTimeIntervalSinceNow:", to: date, 90061.0)
        #expect(try runtime.send("description", to: later.object) == "2001-01-02 13:01:01 +0000")
        // Reading the present took a microsecond, as on a device: `later` was read after `now`.
        let apart = try #require(try runtime.send("timeIntervalSinceDate:", to: later.object, now).numberValue)
        #expect(abs(apart - 90061.000001) < 1e-9)
        #expect(try runtime.send("compare:", to: now.object, later) == -1)
        #expect(try runtime.send("earlierDate:", to: later.object, now) == now)
        #expect(try runtime.send("laterDate:", to: later.object, now) == later)
        #expect(try runtime.send("isEqual:", to: try runtime.send("dateByAddingTimeInterval:", to: now.object, .double(apart)).object, later) == true)
        // Two dates read one after the other differ, as a device's do.
        #expect(try runtime.send("isEqual:", to: try runtime.send("date", to: date).object, try runtime.send("date", to: date)) == false)
        let epoch = try runtime.send("dateWithTimeIntervalSince1970:", to: date, 0.0)
        #expect(try runtime.send("description", to: epoch.object) == "1970-01-01 00:00:00 +0000")
        library.environment.now = 43_260
        #expect(try runtime.send("timeIntervalSinceNow", to: now.object) == -60.0)
    }

    @Test func urlsParseAndRefuseWhatIsNoURL() throws {
        let url = try cls("NSURL")
        #expect(try runtime.send("URLWithString:", to: url, "not a url") == .nil)
        #expect(try runtime.send("URLWithString:", to: url, .nil) == .nil)
        let made = try runtime.send("URLWithString:", to: url, "https://user@example.com:8080/a/b%20c.json?x=1#top")
        #expect(try runtime.send("scheme", to: made.object) == "https")
        #expect(try runtime.send("host", to: made.object) == "example.com")
        #expect(try runtime.send("port", to: made.object) == 8080)
        #expect(try runtime.send("path", to: made.object) == "/a/b c.json")
        #expect(try runtime.send("query", to: made.object) == "x=1")
        #expect(try runtime.send("lastPathComponent", to: made.object) == "b c.json")
        #expect(try runtime.send("pathExtension", to: made.object) == "json")
        #expect(try runtime.send("isFileURL", to: made.object) == false)
        let base = try runtime.send("URLWithString:", to: url, "https://example.com/api")
        let appended = try runtime.send("URLByAppendingPathComponent:", to: base.object, "users")
        #expect(try runtime.send("absoluteString", to: appended.object) == "https://example.com/api/users")
        #expect(try runtime.send("description", to: appended.object) == "https://example.com/api/users")
        #expect(try runtime.send("isEqual:", to: appended.object, try runtime.send("URLWithString:", to: url, "https://example.com/api/users")) == true)
        let file = try runtime.send("fileURLWithPath:", to: url, "/tmp/my file.txt")
        #expect(try runtime.send("absoluteString", to: file.object) == "file:///tmp/my%20file.txt")
        #expect(try runtime.send("isFileURL", to: file.object) == true)
        #expect(try runtime.send("path", to: file.object) == "/tmp/my file.txt")
    }

    /// A string relative to a base URL resolves as RFC 3986 says (AFNetworking builds every
    /// request's URL so), keeping its base and its string, and describes itself as Foundation's.
    @Test func aURLRelativeToABaseResolvesAgainstIt() throws {
        let url = try cls("NSURL")
        let base = try runtime.send("URLWithString:", to: url, "https://httpbin.org/api/v1/")
        let relative = try runtime.send("URLWithString:relativeToURL:", to: url, "get?a=1", base)
        #expect(try runtime.send("absoluteString", to: relative.object) == "https://httpbin.org/api/v1/get?a=1")
        #expect(try runtime.send("relativeString", to: relative.object) == "get?a=1")
        #expect(try runtime.send("baseURL", to: relative.object) == base)
        #expect(try runtime.send("description", to: relative.object) == "get?a=1 -- https://httpbin.org/api/v1/")
        #expect(try runtime.send("description", to: try runtime.send("absoluteURL", to: relative.object).object) == "https://httpbin.org/api/v1/get?a=1")
        let up = try runtime.send("URLWithString:relativeToURL:", to: url, "../../status/200", base)
        #expect(try runtime.send("absoluteString", to: up.object) == "https://httpbin.org/status/200")
        #expect(try runtime.send("URLWithString:relativeToURL:", to: url, "not a url", base) == .nil)
        #expect(try runtime.send("absoluteString", to: try runtime.send("URLWithString:relativeToURL:", to: url, "/x", .nil).object) == "/x")
    }

    /// A response code makes, as a stub of the network layer does: its status, its header
    /// fields read without regard to case, and the MIME type from its Content-Type.
    @Test func anHTTPResponseHasItsStatusAndFields() throws {
        let url = try runtime.send("URLWithString:", to: cls("NSURL"), "https://example.com/files/report.pdf")
        let made = try runtime.send("alloc", to: cls("NSHTTPURLResponse"))
        let response = try runtime.send(
            "initWithURL:statusCode:HTTPVersion:headerFields:", to: made.object, url, 404, "HTTP/1.1", .dictionary(["Content-Type": "application/json; charset=utf-8"]))
        #expect(try runtime.send("statusCode", to: response.object) == 404)
        #expect(try runtime.send("MIMEType", to: response.object) == "application/json")
        #expect(try runtime.send("valueForHTTPHeaderField:", to: response.object, "content-type") == "application/json; charset=utf-8")
        #expect(try runtime.send("suggestedFilename", to: response.object) == "report.pdf")
        #expect(try runtime.send("localizedStringForStatusCode:", to: cls("NSHTTPURLResponse"), 404) == "not found")
        #expect(try runtime.send("isKindOfClass:", to: response.object, .object(cls("NSURLResponse"))) == true)
    }

    @Test func requestsErrorsIndexPathsDataAndNull() throws {
        let url = try runtime.send("URLWithString:", to: cls("NSURL"), "https://example.com")
        let request = try runtime.send("requestWithURL:", to: cls("NSMutableURLRequest"), url)
        #expect(try runtime.send("HTTPMethod", to: request.object) == "GET")
        #expect(try runtime.send("timeoutInterval", to: request.object) == 60.0)
        try runtime.send("setHTTPMethod:", to: request.object, "POST")
        try runtime.send("setValue:forHTTPHeaderField:", to: request.object, "application/json", "Content-Type")
        #expect(try runtime.send("valueForHTTPHeaderField:", to: request.object, "content-type") == "application/json")
        #expect(try runtime.send("allHTTPHeaderFields", to: request.object) == .dictionary(["Content-Type": "application/json"]))
        // A mutable dictionary of fields is taken as it holds them.
        let fields = try send("mutableCopy", toValue: .dictionary(["Accept": "image/*"]))
        try runtime.send("setAllHTTPHeaderFields:", to: request.object, fields)
        #expect(try runtime.send("allHTTPHeaderFields", to: request.object) == .dictionary(["Accept": "image/*"]))
        let body = try send("dataUsingEncoding:", toValue: "hi", 4)
        try runtime.send("setHTTPBody:", to: request.object, body)
        #expect(try runtime.send("length", to: try runtime.send("HTTPBody", to: request.object).object) == 2)
        #expect(try runtime.send("description", to: body.object) == "{length = 2, bytes = 0x6869}")
        #expect(try runtime.send("URL", to: request.object) == url)

        let error = try runtime.send("errorWithDomain:code:userInfo:", to: cls("NSError"), "MMDomain", 7, .nil)
        #expect(try runtime.send("localizedDescription", to: error.object) == "The operation couldn’t be completed. (MMDomain error 7.)")
        #expect(try runtime.send("userInfo", to: error.object) == .dictionary([:]))
        let described = try runtime.send("errorWithDomain:code:userInfo:", to: cls("NSError"), "MMDomain", 7, .dictionary(["NSLocalizedDescription": "Offline"]))
        #expect(try runtime.send("localizedDescription", to: described.object) == "Offline")
        #expect(try runtime.send("code", to: described.object) == 7 && (try runtime.send("domain", to: described.object)) == "MMDomain")

        let indexPath = try cls("NSIndexPath")
        let path = try runtime.send("indexPathForRow:inSection:", to: indexPath, 1, 0)
        #expect(try runtime.send("row", to: path.object) == 1 && (try runtime.send("section", to: path.object)) == 0)
        #expect(try runtime.send("length", to: path.object) == 2)
        #expect(try runtime.send("description", to: path.object) == "<NSIndexPath> {length = 2, path = 0 - 1}")
        let same = try runtime.send("indexPathForItem:inSection:", to: indexPath, 1, 0)
        #expect(try runtime.send("isEqual:", to: path.object, same) == true)
        #expect(try runtime.send("hash", to: path.object) == (try runtime.send("hash", to: same.object)))
        #expect(try runtime.send("compare:", to: path.object, try runtime.send("indexPathForRow:inSection:", to: indexPath, 0, 1)) == -1)

        let null = try runtime.send("null", to: cls("NSNull"))
        #expect(null == (try runtime.send("null", to: cls("NSNull"))))
        #expect(try runtime.send("description", to: null.object) == "<null>")
    }

    /// As a library finds its asset bundle and a bubble image in it: the `.bundle` is found
    /// under the resource directory by name, and the image at the screen's scale beside it.
    @Test func aBundleByPathAndAnImageFromAFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rtsh-assets-\(UUID().uuidString)")
        let images = directory.appendingPathComponent("Library/Assets/MMAssets.bundle/Images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // A PNG's signature and IHDR chunk: 68 by 40 pixels.
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
        png += Data([0, 0, 0, 68, 0, 0, 0, 40, 8, 6, 0, 0, 0])
        try png.write(to: images.appendingPathComponent("bubble@2x.png"))
        try Data("not a png".utf8).write(to: images.appendingPathComponent("bubble.png"))
        let library = try ClassLibrary(environment: ModelEnvironment(resourceDirectories: [directory.path]))
        let runtime = library.runtime
        let bundleClass = try runtime.requireClass(named: "NSBundle")
        // Xcode copies the bundle to the top of the app's: asked for there, it is found where the tree keeps it.
        let assets = try runtime.send("bundleWithPath:", to: bundleClass, .string(directory.path + "/MMAssets.bundle"))
        #expect(try runtime.send("bundlePath", to: assets.object) == .string(images.deletingLastPathComponent().path))
        let path = try runtime.send("pathForResource:ofType:inDirectory:", to: assets.object, "bubble", "png", "Images")
        #expect(path == .string(images.appendingPathComponent("bubble.png").path))
        let image = try runtime.send("imageWithContentsOfFile:", to: runtime.requireClass(named: "UIImage"), path)
        #expect(try runtime.send("scale", to: image.object) == 2.0)
        #expect("\(try runtime.send("size", to: image.object))" == "{34, 20}")
        #expect(try runtime.send("bundleWithPath:", to: bundleClass, "/no/such/Other.bundle") == .nil)
        #expect(try runtime.send("imageWithContentsOfFile:", to: runtime.requireClass(named: "UIImage"), "/no/such/file.png") == .nil)
        #expect(try runtime.send("imageWithContentsOfFile:", to: runtime.requireClass(named: "UIImage"), .nil) == .nil)
    }

    @Test func theMainBundleFindsResourcesInTheResourceDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rtsh-bundle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Data"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("{}".utf8).write(to: directory.appendingPathComponent("Data/config.json"))
        let environment = ModelEnvironment(resourceDirectories: [directory.path])
        let library = try ClassLibrary(environment: environment)
        let runtime = library.runtime
        let bundle = try runtime.send("mainBundle", to: runtime.requireClass(named: "NSBundle"))
        let path = try runtime.send("pathForResource:ofType:", to: bundle.object, "config", "json")
        #expect(path == .string(directory.appendingPathComponent("Data/config.json").path))
        #expect(try runtime.send("pathForResource:ofType:", to: bundle.object, "missing", "json") == .nil)
        let url = try runtime.send("URLForResource:withExtension:", to: bundle.object, "config", "json")
        #expect(try runtime.send("lastPathComponent", to: url.object) == "config.json")
        #expect(try runtime.send("infoDictionary", to: bundle.object) == .dictionary([:]))
        #expect(try runtime.send("bundleIdentifier", to: bundle.object) == .nil)
        #expect(try runtime.send("localizedStringForKey:value:table:", to: bundle.object, "hello", "Hello", .nil) == "Hello")
        #expect(try runtime.send("localizedStringForKey:value:table:", to: bundle.object, "hello", .nil, .nil) == "hello")
        // Without a resource directory nothing is found.
        let bare = try self.runtime.send("mainBundle", to: cls("NSBundle"))
        #expect(try self.runtime.send("pathForResource:ofType:", to: bare.object, "config", "json") == .nil)
    }

    /// Any soup of the predicate language's tokens either reads as a predicate, which then
    /// evaluates (or refuses to), or is refused with an error: never a crash or a hang.
    @Test func predicateFormatsOfAnyTokensReadOrAreRefused() throws {
        let pieces = ["name", "SELF", "tags", "age", "==", "!=", "<", ">=", "BEGINSWITH", "CONTAINS[cd]", "LIKE", "MATCHES", "IN", "BETWEEN",
                      "AND", "OR", "NOT", "ANY", "ALL", "(", ")", "{", "}", ",", "'x*'", "\"a\"", "3", "-2.5", "%@", "%K", "%d", "nil", "YES",
                      "TRUEPREDICATE", "[", "]", "!", "&&", "||", "@count", "$v", "%", "\"", "'"]
        let predicateClass = try cls("NSPredicate")
        let subject: Value = .dictionary([.string("name"): .string("ann"), .string("age"): .int(3), .string("tags"): .array([.string("x")])])
        var seed: UInt64 = 0x5eed
        var read = 0
        for _ in 0..<1500 {
            var words: [String] = []
            func next() -> String {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                return pieces[Int(seed >> 33) % pieces.count]
            }
            // Half are free soups; half are comparisons joined by AND or OR, which read more often.
            if seed & 1 == 0 {
                for _ in 0..<(1 + Int(seed >> 60)) { words.append(next()) }
            } else {
                for index in 0..<(1 + Int(seed >> 62)) {
                    if index > 0 { words.append(seed & 2 == 0 ? "AND" : "OR") }
                    words += [["name", "age", "SELF", "tags"][Int(seed >> 40) % 4], ["==", "<", "CONTAINS", "IN", "BEGINSWITH[c]"][Int(seed >> 45) % 5], next()]
                }
            }
            let arguments: [Value] = [.string(words.joined(separator: " ")), .string("name"), .int(2), .array([.int(1)])]
            guard let predicate = try? runtime.send(runtime.selector("predicateWithFormat:"), to: predicateClass, Arguments(arguments)).object else { continue }
            read += 1
            _ = try? runtime.send(runtime.selector("evaluateWithObject:"), to: predicate, Arguments(subject))
        }
        // Some read, so evaluation was exercised too.
        #expect(read > 10)
    }

}
