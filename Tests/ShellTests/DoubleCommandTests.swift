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
        #expect(shell.run("stub nav topViewController")[0].hasSuffix("usage: " + [
            "stub MOCK CALL returns VALUE", "stub MOCK CALL does BLOCK", "stub MOCK CALL throws EXCEPTION",
            "stub MOCK CALL posts NOTIFICATION", "stub MOCK CALL calls-block N with ARGS",
        ].joined(separator: " | ")))
        shell.run("expect nav pushViewController:conformsTo(NSObject) animated:^(id a) { return a; }", "[nav pushViewController:vc animated:YES]")
        // The unexpected call is reported again at verify, as OCMock does: code may have caught it.
        #expect(shell.run("verify nav")[0].hasSuffix("(This is a strict mock failure that was ignored when it actually occurred.)"))
        #expect(shell.run("mock UINavigationController as fresh", "expect fresh pushViewController:conformsTo(NSObject) animated:^(id a) { return a; }",
                          "[fresh pushViewController:vc animated:YES]", "verify fresh") == [])
    }
}

/// The shell's face of the doubles engine, command by command: each form, and each mistake
/// with what was wrong, where, and what would be right.
@Suite("Mock commands: kinds, actions, order, rejections, spies and captures")
struct DoubleCommandFormTests {
    static let api = """
        @interface MMAPI : NSObject
        - (void)fetchWithCompletion:(void (^)(NSArray *items, NSError *error))completion;
        - (NSString *)titleAtIndex:(NSInteger)index;
        - (void)refresh;
        @end
        @implementation MMAPI
        - (void)fetchWithCompletion:(void (^)(NSArray *items, NSError *error))completion { completion(@[@"real"], nil); }
        - (NSString *)titleAtIndex:(NSInteger)index { return @"real"; }
        - (void)refresh {}
        @end
        """

    @Test func mockMakesNiceStrictProtocolAndPartialMocks() throws {
        let shell = try ShellHarness()
        shell.run(Self.api, "vc = [UIViewController new]")
        #expect(shell.run("mock nice MMAPI as api", "[api titleAtIndex:3]") == ["nil"])
        #expect(shell.run("mock strict MMAPI as strictAPI", "[strictAPI refresh]")[0].hasPrefix("error: OCClassMockObject(MMAPI): unexpected method invoked: refresh"))
        #expect(shell.run("mock nice <UITableViewDataSource> as source", "[source conformsToProtocol:@protocol(UITableViewDataSource)]") == ["YES"])
        #expect(shell.run("stub source tableView:any numberOfRowsInSection:0 returns 4", "[source tableView:nil numberOfRowsInSection:0]") == ["4"])
        #expect(shell.run("vc.title = @\"Real\"", "mock partial vc as partial", "stub partial title returns @\"Stubbed\"", "vc.title", "[partial view] == [vc view]")
            == ["\"Stubbed\"", "YES"])
        #expect(shell.run("cls = [MMAPI class]", "mock cls").first?.hasPrefix("<MMAPI_Mock: 0x") == true)
        let usage = "usage: mock partial OBJECT [as NAME] | mock [nice] [strict] TARGET [as NAME]"
        #expect(shell.run("mock nice strict MMAPI as both") == ["error: a mock is nice or strict, not both; \(usage)"])
        #expect(shell.run("mock partial MMAPI as p").first == "error: line 1, column 14: mock partial takes an object, and 'MMAPI' is a class (MMAPI); mock MMAPI makes a class mock; \(usage)")
        #expect(shell.run("mock vc as z").first == "error: line 1, column 6: 'vc' is an object (<UIViewController: 0x1>); mock partial vc as NAME mocks it partially, mock CLASS mocks a class; \(usage)")
        #expect(shell.run("mock 3 as z").first == "error: line 1, column 6: '3' is an integer (3), not a class or a protocol; \(usage)")
        #expect(shell.run("mock <UITableViewDataSourc> as s").first == "error: line 1, column 6: no protocol named 'UITableViewDataSourc'; did you mean 'UITableViewDataSource'?")
        #expect(shell.run("mock <> as s").first == "error: line 1, column 6: a protocol is written in angle brackets, as in <UITableViewDataSource>")
        #expect(shell.run("mock MMAPx as q").first == "error: line 1, column 6: no class named 'MMAPx'; did you mean 'MMAPI'?")
        #expect(shell.run("mock MMAPI as 3x")[0].hasPrefix("error: line 1, column 15: '3x' is not a variable name"))
    }

    @Test func stubAnswersReturnsDoesThrowsPostsAndCallsBlocks() throws {
        let shell = try ShellHarness()
        shell.run(Self.api, "mock MMAPI as api")
        #expect(shell.run("stub api titleAtIndex:0 returns @\"zero\"", "stub api titleAtIndex:1 returns @\"one\"", "[api titleAtIndex:0]", "[api titleAtIndex:1]")
            == ["\"zero\"", "\"one\""])
        #expect(shell.run("stub api titleAtIndex: does ^(NSInteger i) { return [NSString stringWithFormat:@\"item %ld\", (long)i]; }", "[api titleAtIndex:7]")
            == ["\"item 7\""])
        #expect(shell.run("stub api refresh throws [NSException exceptionWithName:@\"MMOffline\" reason:@\"no network\" userInfo:nil]", "[api refresh]")
            == ["error: uncaught exception: MMOffline: no network"])
        shell.run("heard = 0", "[[NSNotificationCenter defaultCenter] addObserverForName:@\"MMRefreshed\" object:nil queue:nil usingBlock:^(NSNotification *n) { heard = heard + 1; }]")
        #expect(shell.run("stub api refresh posts @\"MMRefreshed\"", "[api refresh]", "[api refresh]", "heard") == ["2"])
        #expect(shell.run("stub api refresh posts [NSNotification notificationWithName:@\"MMRefreshed\" object:api]", "[api refresh]", "heard") == ["3"])
        #expect(shell.run("stub api fetchWithCompletion:any calls-block 1 with (@[@\"Ada\"], nil)", "got = nil",
                          "[api fetchWithCompletion:^(NSArray *items, NSError *error) { got = items; }]", "got") == ["@[\"Ada\"]"])
        #expect(shell.run("stub api titleAtIndex:any does ^(NSInteger i, id x) { return nil; }").first == "error: line 1, column 32: the block takes 2 arguments, but titleAtIndex: passes 1")
        #expect(shell.run("stub api titleAtIndex:any does 3").first == "error: line 1, column 32: does takes a block, which gets the call's arguments and returns the answer, as in ^(id item) { return nil; }")
        #expect(shell.run("stub api refresh throws @\"offline\"").first == "error: line 1, column 25: throws takes an NSException, as in [NSException exceptionWithName:@\"MMOffline\" reason:@\"no network\" userInfo:nil]")
        #expect(shell.run("stub api refresh posts 3").first == "error: line 1, column 24: posts takes an NSNotification or a notification's name, as in posts @\"MMCoachesDidLoad\"")
        #expect(shell.run("stub api fetchWithCompletion:any calls-block 2 with ()").first == "error: line 1, column 46: calls-block 2: fetchWithCompletion: takes 1 argument; N counts them from 1")
        #expect(shell.run("stub api titleAtIndex:any calls-block 1 with ()").first == "error: line 1, column 39: argument 1 of titleAtIndex: is 'q', not a block")
        #expect(shell.run("stub api fetchWithCompletion:any calls-block 1 with nil").first == "error: line 1, column 53: the block's arguments are written in parentheses, as in with (@[@\"Ada\"], nil), or with () for none")
        #expect(shell.run("stub api refresh returns 1").first == "error: -[MMAPI refresh] returns void, so it cannot return a value, but the value given is 1; give a value of that type")
        #expect(shell.run("stub api fly returns 1")[0].hasPrefix("error: line 1, column 10: OCClassMockObject(MMAPI) has no instance method 'fly'"))
    }

    @Test func expectInOrderRejectAndCapture() throws {
        let shell = try ShellHarness()
        shell.run("vc = [UIViewController new]", "mock UINavigationController as nav")
        shell.run("expect nav pushViewController:capture(pushed) animated:YES in order", "expect nav popViewControllerAnimated:any returns vc in order")
        #expect(shell.run("[nav popViewControllerAnimated:NO]") == [
            "error: OCClassMockObject(UINavigationController): unexpected method invoked: popViewControllerAnimated:NO; expected next: pushViewController:capture(pushed) animated:YES",
        ])
        #expect(shell.run("[nav pushViewController:vc animated:YES]", "pushed", "[nav popViewControllerAnimated:NO]") == ["<UIViewController: 0x1>", "<UIViewController: 0x1>"])
        // Expectations not marked keep any order.
        #expect(shell.run("mock UINavigationController as free", "expect free pushViewController:any animated:any", "expect free popViewControllerAnimated:any",
                          "[free popViewControllerAnimated:NO]", "[free pushViewController:vc animated:NO]", "verify free") == ["nil"])
        #expect(shell.run("reject nav setTitle:any", "nav.title = @\"x\"") == [
            "error: OCClassMockObject(UINavigationController): explicitly disallowed method invoked: setTitle:\"x\"",
        ])
        #expect(shell.run("reject nav fly")[0].hasPrefix("error: line 1, column 12: OCClassMockObject(UINavigationController) has no instance method 'fly'"))
        #expect(shell.run("reject vc title")[0].hasPrefix("error: line 1, column 8: <UIViewController: 0x1> is not a mock"))
        #expect(shell.run("expect nav pushViewController:capture(3) animated:YES").first == "error: line 1, column 31: capture takes the name of the variable to store the argument in, as in capture(pushed)")
        #expect(shell.run("expect nav pushViewController:vc animated:YES in")[0].hasPrefix("error: line 1, column 47: expected the next part of the selector"))
    }

    @Test func verifyReceivedCountsCallsAfterTheFact() throws {
        let shell = try ShellHarness()
        shell.run("vc = [UIViewController new]", "mock nice UINavigationController as spy", "[spy pushViewController:vc animated:NO]", "[spy pushViewController:vc animated:NO]")
        #expect(shell.run("verify spy received pushViewController:capture(seen) animated:NO times 2", "seen") == ["<UIViewController: 0x1>"])
        #expect(shell.run("verify spy received pushViewController:any animated:any", "verify spy received popViewControllerAnimated: never",
                          "verify spy received pushViewController:any animated:any atMost 2") == [])
        #expect(shell.run("verify spy received pushViewController:any animated:YES") == [
            "error: OCClassMockObject(UINavigationController): Method `pushViewController:any animated:YES` was not invoked; but was expected at least once. "
                + "Calls received: pushViewController:<UIViewController: 0x1> animated:NO; pushViewController:<UIViewController: 0x1> animated:NO",
        ])
        #expect(shell.run("verify spy received pushViewController:any animated:any atLeast 3")[0]
            .hasPrefix("error: OCClassMockObject(UINavigationController): Method `pushViewController:any animated:any` was invoked 2 times; but was expected at least 3 times."))
        #expect(shell.run("verify spy received popViewControllerAnimated:any times -1").first == "error: line 1, column 57: times takes a count of 0 or more, as in times 2, and '-1' is an integer (-1)")
        #expect(shell.run("verify spy received popViewControllerAnimated:any within soon")[0].hasPrefix("error: line 1, column 58:"))
        #expect(shell.run("verify spy received popViewControllerAnimated:any times 1 never")
            == ["error: give one of times, atLeast, atMost and never, not times and never; usage: "
                + "verify MOCK received CALL [times COUNT] [atLeast COUNT] [atMost COUNT] [never] [within SECONDS] | verify MOCK [within SECONDS]"])
        // Quantifiers the signature cannot place are named, not read as the call's arguments.
        #expect(shell.run("verify spy received popViewControllerAnimated:any never times 2")[0].hasPrefix(
            "error: line 1, column 51: 'never' is out of place: after the call give at most one of times N, atLeast N, atMost N and never, then within SECONDS"))
        #expect(shell.run("verify spy received popViewControllerAnimated:any within 1 never")[0].hasPrefix(
            "error: line 1, column 51: 'within 1' is out of place"))
        #expect(shell.run("verify spy received popViewControllerAnimated:any times")[0].hasPrefix("error: line 1, column 51: 'times' is out of place"))
        // within runs the virtual clock until the call comes, as verifyWithDelay: does.
        shell.run("dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(1 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{ [spy popViewControllerAnimated:YES]; });")
        #expect(shell.run("verify spy received popViewControllerAnimated:YES") != [])
        #expect(shell.run("verify spy received popViewControllerAnimated:YES within 2") == [])
        shell.run("mock UINavigationController as later", "expect later popViewControllerAnimated:any")
        shell.run("dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(1 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{ [later popViewControllerAnimated:YES]; });")
        #expect(shell.run("verify later within 0.5")[0].hasPrefix("error: OCClassMockObject(UINavigationController): expected method was not invoked"))
        #expect(shell.run("verify later within 1") == [])
        #expect(shell.run("verify vc")[0].hasPrefix("error: line 1, column 8: <UIViewController: 0x1> is not a mock"))
    }
}

@Suite("Stubbed results and how mocks name themselves")
struct MockResultTypeTests {
    /// A class mock takes its class's class methods at the prompt, as `OCMClassMethod` does:
    /// written with `+`, or plainly when the class has no instance method of that name.
    @Test func classMethodsAreStubbedExpectedAndVerifiedOnAClassMock() throws {
        let shell = try ShellHarness()
        shell.run("""
            @implementation MMClient : NSObject
            + (instancetype)sharedClient { return [self new]; }
            + (void)fetchWithCompletion:(void (^)(NSArray *items))completion { completion(@[@"real"]); }
            - (NSString *)name { return @"real"; }
            + (NSString *)name { return @"MMClient"; }
            @end
            """)
        shell.run("partial = [MMClient new]", "mock MMClient as client")
        #expect(shell.run("stub client +fetchWithCompletion:any calls-block 1 with (@[@\"Ada\"])",
                          "[MMClient fetchWithCompletion:^(NSArray *items) { NSLog(@\"%@\", items[0]); }]") == ["Ada"])
        // Written without +, a selector the class has only as a class method is that method.
        #expect(shell.run("stub client sharedClient returns partial", "[MMClient sharedClient] == partial") == ["YES"])
        // name is both; + picks the class method, and the instance method is left alone.
        #expect(shell.run("stub client +name returns @\"Stubbed\"", "[MMClient name]", "stub client name returns @\"Instance\"", "[client name]")
            == ["\"Stubbed\"", "\"Instance\""])
        #expect(shell.run("verify client received +fetchWithCompletion:any times 1", "verify client received +sharedClient never")
            == ["error: OCClassMockObject(MMClient): Method `+sharedClient` was invoked once; but was expected never. "
                + "Calls received: +fetchWithCompletion:<block taking 1 argument>; +sharedClient; +name; name"])
        // Entries are consulted in the order made, so the expectation is on a mock of its own.
        shell.run("mock MMClient as expecting", "expect expecting +sharedClient returns nil")
        #expect(shell.run("verify expecting")[0].hasPrefix("error: OCClassMockObject(MMClient): expected method was not invoked: +sharedClient."))
        #expect(shell.run("[MMClient sharedClient]", "verify expecting") == ["nil"])
        #expect(shell.run("stub client +fetchWithCompetion:any returns nil")
            .first == "error: line 1, column 13: OCClassMockObject(MMClient) has no class method '+fetchWithCompetion:', so it can never receive it; did you mean 'fetchWithCompletion:'?")
        #expect(shell.run("mock partial partial as spy", "stub spy +sharedClient returns nil")[0].hasPrefix(
            "error: line 1, column 10: +sharedClient is a class method, and only a class mock takes class methods"))
    }

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
