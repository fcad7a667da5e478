import Runtime
import Testing
import UIKitModel

@Suite("The class library, realized lazily")
struct LazyLibraryTests {
    @Test func installingTheLibraryBuildsNoClassUntilItIsUsed() throws {
        let library = try ClassLibrary()
        let waiting = library.runtime.memory.unrealizedClasses
        // A few are realized at once, as the library extends their definitions.
        #expect(waiting > ClassLibrary.classNames.count * 3 / 4)
        let label = try library.runtime.requireClass(named: "UILabel")
        _ = try library.runtime.send("new", to: label)
        let after = library.runtime.memory.unrealizedClasses
        // UILabel, UIView and UIResponder at most: NSObject is realized at once.
        #expect(after < waiting && after >= waiting - 3)
    }

    @Test func everyClassOfTheLibraryRealizesAndListsItsMethods() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        for name in ClassLibrary.classNames {
            let cls = try runtime.requireClass(named: name)
            // Every builder runs, without failing or deadlocking on the lock it holds.
            _ = runtime.methods(of: cls.isa)
            _ = runtime.properties(of: cls)
        }
        #expect(runtime.memory.unrealizedClasses == 0)
        #expect(runtime.methods(of: try runtime.requireClass(named: "UIViewController")).contains { $0.selector.name == "viewDidLoad" })
    }

    @Test func aMessageToNilAnswersAsTheLibraryDeclaresBeforeAnyClassIsUsed() throws {
        let runtime = try ClassLibrary().runtime
        // `count` is NSArray's, returning NSUInteger: nil answers 0, not nil.
        #expect(runtime.zeroValue(for: try runtime.selector("count")) == .int(0))
        #expect(runtime.memory.unrealizedClasses == 0)
    }

    /// Code the library puts in its classes must reach the runtime through its message or
    /// its builder, never by capturing it: the runtime holds that code, so a captured
    /// runtime would never be freed, and every session and reset would leak a whole library.
    @Test(arguments: [false, true])
    func theRuntimeGoesWithTheLibrary(afterUsingEveryClass usingEveryClass: Bool) throws {
        weak var released: Runtime?
        do {
            let library = try ClassLibrary()
            let runtime = library.runtime
            released = runtime
            if usingEveryClass {
                for name in ClassLibrary.classNames {
                    _ = runtime.methods(of: try runtime.requireClass(named: name).isa)
                }
                let mock = try runtime.send("mockForClass:", to: runtime.requireClass(named: "OCMockObject"), .object(try runtime.requireClass(named: "NSObject")))
                #expect(mock.object != nil)
            }
        }
        #expect(released == nil)
    }
}
