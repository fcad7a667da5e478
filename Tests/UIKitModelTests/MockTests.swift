import Runtime
import Testing
import UIKitModel

@Suite("Mocks")
struct MockTests {
    private func setUp() throws -> (ClassLibrary, Object, Mock) {
        let library = try ClassLibrary()
        let navigation = try library.runtime.requireClass(named: "UINavigationController")
        let object = try library.makeMock(of: navigation)
        return (library, object, try #require(library.mock(of: object)))
    }

    @Test func aMockAnswersAsItsClassButOnlyWhatItIsTold() throws {
        let (library, nav, mock) = try setUp()
        let runtime = library.runtime
        let navigation = try runtime.requireClass(named: "UINavigationController")
        #expect(try runtime.send("isKindOfClass:", to: nav, .object(runtime.requireClass(named: "UIViewController"))) == true)
        #expect(try runtime.send("isMemberOfClass:", to: nav, .object(navigation)) == true)
        #expect(try runtime.send("class", to: nav) == .object(navigation))
        #expect(try runtime.send("respondsToSelector:", to: nav, .selector(runtime.selector("pushViewController:animated:"))) == true)
        // It names itself as OCMock's mocks do.
        #expect(try runtime.send("description", to: nav) == "OCClassMockObject(UINavigationController)")
        let error = #expect(throws: MockError.self) { try runtime.send("topViewController", to: nav) }
        #expect(error?.description == "OCClassMockObject(UINavigationController): unexpected method invoked: topViewController. Calls received: topViewController")
        try mock.stub(.init(selector: "topViewController", constraints: []), returning: .object(nav), in: runtime)
        #expect(try runtime.send("topViewController", to: nav) == .object(nav))
        #expect(mock.receivedCalls.map(\.description) == ["topViewController", "topViewController"])
        // A message the model of the class lacks may be the real class's API: the strict mock
        // takes it as a call it was not told of.
        let unknown = #expect(throws: MockError.self) { try runtime.send("notAMethodOfTheClass", to: nav) }
        #expect(unknown?.description.contains("unexpected method invoked: notAMethodOfTheClass") == true)
    }

    /// A mock is known by its object, not by where the object lived: an object made later
    /// at the address of a mock let go is no mock (Kiwi's `receive:` then stubbed a stopped
    /// mock in place of a fresh object).
    @Test func anObjectMadeWhereAMockWasIsNoMock() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let view = try runtime.registerClass(named: "MMThing", superclass: runtime.requireClass(named: "NSObject"))
        for _ in 0..<50 {
            _ = try library.makeKiwiMock(of: view, nice: true)
            _ = try library.makePartialMock(of: try runtime.createInstance(of: view))
            library.stopAllMocks()
            for _ in 0..<4 {
                let object = try runtime.createInstance(of: view)
                #expect(library.mock(of: object) == nil)
            }
        }
    }

    @Test func expectationsAreMetOnceEachWithTheirConstraints() throws {
        let (library, nav, mock) = try setUp()
        let runtime = library.runtime
        let viewController = try runtime.requireClass(named: "UIViewController")
        let pushed = try runtime.send("new", to: viewController)
        let nsObject = try #require(runtime.protocol(named: "NSObject"))
        try mock.expect(.init(selector: "pushViewController:animated:", constraints: [.kindOf(viewController), .equal(true)]), in: runtime)
        try mock.expect(.init(selector: "pushViewController:animated:", constraints: [.conformsTo(nsObject), .any]), in: runtime)
        try mock.expect(.init(selector: "popViewControllerAnimated:", constraints: [.predicate(Block(parameterCount: 1) { .bool(!$0[0].isTruthy) })]), returning: pushed, in: runtime)
        try mock.expect(.init(selector: "setTitle:", constraints: [.notNil]), in: runtime)
        try mock.expect(.init(selector: "setView:", constraints: [.isNil]), in: runtime)
        #expect(throws: MockError.self) { try mock.verify() }
        try runtime.send("pushViewController:animated:", to: nav, pushed, true)
        try runtime.send("pushViewController:animated:", to: nav, pushed, false)
        #expect(try runtime.send("popViewControllerAnimated:", to: nav, false) == pushed)
        try runtime.send("setTitle:", to: nav, "Files")
        try runtime.send("setView:", to: nav, .nil)
        try mock.verify()
        #expect(mock.pendingExpectations.isEmpty)
        // Used up: the same call again is unexpected.
        #expect(throws: MockError.self) { try runtime.send("setTitle:", to: nav, "Files") }
    }

    @Test func aCallThatMissesTheConstraintsFailsAtOnceWithTheDetail() throws {
        let (library, nav, mock) = try setUp()
        let runtime = library.runtime
        let navigationClass = try runtime.requireClass(named: "UINavigationController")
        try mock.expect(.init(selector: "pushViewController:animated:", constraints: [.kindOf(navigationClass), .any]), in: runtime)
        let view = try runtime.send("new", to: runtime.requireClass(named: "UIViewController"))
        let error = #expect(throws: MockError.self) { try runtime.send("pushViewController:animated:", to: nav, view, true) }
        #expect(error == .unexpectedCall(
            mock: "OCClassMockObject(UINavigationController)", call: "pushViewController:\(view) animated:YES",
            entries: ["expected: pushViewController:isKindOf(UINavigationController) animated:any"],
            received: ["pushViewController:\(view) animated:YES"]))
    }

    @Test func aReadOnlyNavigationControllerCanBeGivenAMock() throws {
        let (library, nav, _) = try setUp()
        let runtime = library.runtime
        let controller = try #require(try runtime.send("new", to: runtime.requireClass(named: "UIViewController")).object)
        #expect(try runtime.send("navigationController", to: controller) == .nil)
        try runtime.send("setNavigationController:", to: controller, .object(nav))
        #expect(try runtime.send("navigationController", to: controller) == .object(nav))
    }
}
