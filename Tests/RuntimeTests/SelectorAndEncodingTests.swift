import Runtime
import Testing

@Suite("Selectors and type encodings")
struct SelectorAndEncodingTests {
    @Test func selectorsAreInterned() throws {
        let runtime = Runtime()
        let first = try runtime.selector("pushViewController:animated:")
        #expect(try runtime.selector("pushViewController:animated:") === first)
        #expect(first.argumentCount == 2)
        #expect(try runtime.selector("viewDidLoad").argumentCount == 0)
        #expect(try runtime.selector("max::").argumentCount == 2)
        #expect(runtime.selectors.contains(first))
    }

    /// The selector table grows as selectors are interned, and names that share their
    /// first or last eight bytes (which its hash folds) stay apart.
    @Test func manySelectorsStayInternedAsTheTableGrows() throws {
        let runtime = Runtime()
        let names = (0..<5_000).flatMap { ["tableView:cellForRow\($0):", "s\($0)", "setValue:forKeyPathNumber\($0)AndMore:"] }
        let interned = try names.map { try runtime.selector($0) }
        for (name, selector) in zip(names, interned) {
            #expect(selector.name == name)
            #expect(try runtime.selector(name) === selector)
        }
        #expect(Set(interned.map(ObjectIdentifier.init)).count == names.count)
        // Listed sorted, each once, beside the ones every runtime interns.
        let listed = runtime.selectors.map(\.name)
        let isSortedAndComplete = listed == listed.sorted() && Set(listed).count == listed.count && Set(names).isSubset(of: listed)
        #expect(isSortedAndComplete)
    }

    @Test(arguments: ["", ":", "a:b", "has space", "1st", "a::b"])
    func malformedSelectorsAreRefused(name: String) {
        #expect(runtimeError { _ = try Runtime().selector(name) } == .invalidName(kind: "selector", name: name))
    }

    /// `sel_registerName` registers any name, as objc does; the same name is the same
    /// selector whichever way it was interned.
    @Test func registeredSelectorsTakeAnyName() throws {
        let runtime = Runtime()
        let odd = runtime.registeredSelector("1-2 3")
        #expect(odd.name == "1-2 3" && odd === runtime.registeredSelector("1-2 3"))
        #expect(runtime.registeredSelector("viewDidLoad") === (try runtime.selector("viewDidLoad")))
        #expect(runtime.registeredSelector("a:b:").argumentCount == 2)
    }

    /// A C conversion to an integer type wraps to the type's width.
    @Test func integerTypesWrapToTheirWidth() {
        #expect(ObjCType.integer(code: "c").wrapping(300) == 44)
        #expect(ObjCType.integer(code: "C").wrapping(-1) == 255)
        #expect(ObjCType.integer(code: "S").wrapping(-1) == 65535)
        #expect(ObjCType.integer(code: "i").wrapping(1 << 31) == -(1 << 31))
        #expect(ObjCType.integer(code: "q").wrapping(-5) == -5)
        #expect(ObjCType.double.wrapping(7) == 7)
    }

    @Test func encodingsParse() throws {
        let encoding = try TypeEncoding("v24@0:8B16")
        #expect(encoding.returnType == .void)
        #expect(encoding.argumentTypes == [.bool])
        let object = try TypeEncoding("@@:@\"NSString\"q@?#:d{CGRect={CGPoint=dd}{CGSize=dd}}^v")
        #expect(object.argumentTypes == [
            .object(className: "NSString"), .integer(code: "q"), .block, .class, .selector, .double,
            .structure(name: "CGRect", encoding: "{CGRect={CGPoint=dd}{CGSize=dd}}"), .pointer(to: "v"),
        ])
        // A function pointer, as clang encodes a method returning one (RSSwizzle's original IMP).
        let function = try TypeEncoding("^?@:^?")
        #expect(function.returnType == .pointer(to: "?"))
        #expect(function.argumentTypes == [.pointer(to: "?")])
    }

    @Test(arguments: ["", "v", "v@", "vX:", "v@:Z", "v@:{CGRect", "v@:@\"NSString"])
    func malformedEncodingsSayWhatIsWrong(encoding: String) {
        let error = runtimeError { _ = try TypeEncoding(encoding) }
        guard case .invalidTypeEncoding(let text, let reason)? = error else {
            Issue.record("expected an invalid encoding error, got \(String(describing: error))")
            return
        }
        #expect(text == encoding)
        #expect(!reason.isEmpty)
    }

    @Test func anEncodingMustHaveOneTypePerSelectorArgument() throws {
        let runtime = Runtime()
        let error = runtimeError {
            try runtime.registerClass(named: "MMFoo") { c in
                try c.addMethod("setTitle:", types: "v@:") { _ in .nil }
            }
        }
        #expect(error == .argumentCountMismatch(method: "-[MMFoo setTitle:]", encoding: "v@:", encodingArguments: 0, selectorArguments: 1))
        #expect(error?.description.contains("-[MMFoo setTitle:]") == true)
        let tooMany = runtimeError {
            try runtime.registerClass(named: "MMBar") { c in
                try c.addClassMethod("make", types: "@@:@") { _ in .nil }
            }
        }
        #expect(tooMany == .argumentCountMismatch(method: "+[MMBar make]", encoding: "@@:@", encodingArguments: 1, selectorArguments: 0))
    }

    @Test func methodReferencesParseAndPrint() throws {
        let reference = try MethodReference(parsing: "-[UIViewController viewWillAppear:]")
        #expect(reference == MethodReference(className: "UIViewController", selector: "viewWillAppear:"))
        #expect(try MethodReference(parsing: " +[ Net  request: ] ").description == "+[Net request:]")
        for bad in ["[A b]", "-A b", "-[A]", "-[A b c]", "-[A 1b]"] {
            #expect(throws: RuntimeError.self) { try MethodReference(parsing: bad) }
        }
    }

    @Test(arguments: [
        ("viewDidLoad", true), ("setTitle:", true), ("max::", true), ("a:b:", true), ("_x1:", true), ("ünï:", true),
        ("", false), (":", false), (":a", false), ("a:b", false), ("1abc", false), ("a:1b:", false), ("ab c", false),
        ("a-b", false), ("ü:1:", false),
    ])
    func selectorNamesAreCheckedAsBefore(name: String, isValid: Bool) {
        #expect(((try? Runtime().selector(name)) != nil) == isValid)
    }
}
