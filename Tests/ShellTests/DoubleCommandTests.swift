import Shell
import Testing

@Suite("Mock commands")
struct DoubleCommandTests {
    @Test func mockExpectStubAndVerify() throws {
        let shell = try ShellHarness()
        #expect(shell.run("mock UINavigationController as nav", "nav") == ["<UINavigationController_Mock: 0x1>"])
        #expect(shell.run("mock UIView") == ["<UIView_Mock: 0x2>"])
        shell.run("vc = [UIViewController new]", "other = mock(UINavigationController)")
        #expect(shell.run("expect nav pushViewController:isKindOf(UIViewController) animated:any", "verify nav") == [
            "error: OCClassMockObject(UINavigationController): expected method was not invoked: pushViewController:isKindOf(UIViewController) animated:any. Calls received: none",
        ])
        #expect(shell.run("[nav pushViewController:vc animated:YES]", "verify nav") == [])
        #expect(shell.run("stub nav topViewController returns vc", "nav.topViewController") == ["<UIViewController: 0x3>"])
        // Stubbed again at the prompt, the new answer is the one given.
        #expect(shell.run("stub nav topViewController returns nil", "nav.topViewController", "stub nav topViewController returns vc", "nav.topViewController")
            == ["nil", "<UIViewController: 0x3>"])
        #expect(shell.run("expect nav popViewControllerAnimated:NO returns vc", "[nav popViewControllerAnimated:NO]") == ["<UIViewController: 0x3>"])
        let unexpected = shell.run("[nav popViewControllerAnimated:YES]")
        #expect(unexpected[0].hasPrefix("error: OCClassMockObject(UINavigationController): unexpected method invoked: popViewControllerAnimated:YES; stubbed: topViewController. Calls received: "))
        #expect(shell.run("expect nav flyAway")[0].hasPrefix("error: line 1, column 12: OCClassMockObject(UINavigationController) has no instance method 'flyAway'"))
        #expect(shell.run("expect vc viewDidLoad")[0].hasPrefix("error: line 1, column 8: <UIViewController: 0x3> is not a mock"))
        #expect(shell.run("stub nav topViewController")[0].hasSuffix("usage: stub MOCK SELECTOR returns VALUE"))
        shell.run("expect nav pushViewController:conformsTo(NSObject) animated:^(id a) { return a; }", "[nav pushViewController:vc animated:YES]")
        // The unexpected call is reported again at verify, as OCMock does: code may have caught it.
        #expect(shell.run("verify nav")[0].hasSuffix("(This is a strict mock failure that was ignored when it actually occurred.)"))
        #expect(shell.run("mock UINavigationController as fresh", "expect fresh pushViewController:conformsTo(NSObject) animated:^(id a) { return a; }",
                          "[fresh pushViewController:vc animated:YES]", "verify fresh") == [])
    }
}

@Suite("Stubbed results and how mocks name themselves")
struct MockResultTypeTests {
    @Test func aResultThatDoesNotFitTheReturnTypeIsRefusedWhenStubbed() throws {
        let shell = try ShellHarness()
        shell.run("mock UIView as view", "mock UINavigationController as nav")
        #expect(shell.run("stub view isHidden returns @\"yes\"")
            == ["error: -[UIView isHidden] returns 'B', but the value given is \"yes\" (a string); give a value of that type"])
        #expect(shell.run("expect view addSubview:any returns 3")
            == ["error: -[UIView addSubview:] returns void, so it cannot return a value, but the value given is 3; give a value of that type"])
        #expect(shell.run("stub view isHidden returns 1", "[view isHidden]") == ["YES"])
        #expect(shell.run("stub nav topViewController returns nil", "[nav topViewController]") == ["nil"])
    }

    @Test func aMockDescribesItselfAsItPrints() throws {
        let shell = try ShellHarness()
        // Printed, it is the object; asked, it answers as OCMock's mocks do.
        #expect(shell.run("mock UINavigationController as nav", "nav", "[nav description]") == ["<UINavigationController_Mock: 0x1>", "\"OCClassMockObject(UINavigationController)\""])
    }
}
