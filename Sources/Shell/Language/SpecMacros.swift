/// The spec frameworks' macros, defined where a file imports the framework (`<Specta/…>`,
/// `<Quick/…>`, `<Nimble/…>`, `<Kiwi/…>` or `"Kiwi.h"`, or `@import` of the module), as KIF's are (``KIFMacros``),
/// since `describe`, `it`, `context` and `equal` are common names.
///
/// Specta's and Quick's DSL (`SpecBegin`, `QuickSpecBegin`, `describe`, `context`, `it`,
/// `beforeEach`, `afterEach`, `beforeAll`, `afterAll`, the focused `f…` and pending `x…`
/// forms, shared examples, `waitUntil`) sends to the class library's `RTSHSpecDSL`, with the
/// file and line each is written at; each takes what the user wrote as `...`, so a block
/// with commas in it needs no extra parentheses. Nimble's `expect` and matchers make its
/// `NMBExpectation` and `NMBObjCMatcher`s (`ClassLibrary+Nimble`). No parameter is named as
/// a part of the selector its body sends, which the argument would replace.
enum SpecMacros {
    /// What Specta and Quick share: the groups, examples and hooks.
    private static let dsl = """
        #define describe(...) [RTSHSpecDSL _group:__FILE__ line:__LINE__ focused:NO pending:NO named:__VA_ARGS__]
        #define context(...) describe(__VA_ARGS__)
        #define fdescribe(...) [RTSHSpecDSL _group:__FILE__ line:__LINE__ focused:YES pending:NO named:__VA_ARGS__]
        #define fcontext(...) fdescribe(__VA_ARGS__)
        #define xdescribe(...) [RTSHSpecDSL _group:__FILE__ line:__LINE__ focused:NO pending:YES named:__VA_ARGS__]
        #define xcontext(...) xdescribe(__VA_ARGS__)
        #define it(...) [RTSHSpecDSL _example:__FILE__ line:__LINE__ focused:NO pending:NO named:__VA_ARGS__]
        #define fit(...) [RTSHSpecDSL _example:__FILE__ line:__LINE__ focused:YES pending:NO named:__VA_ARGS__]
        #define xit(...) [RTSHSpecDSL _example:__FILE__ line:__LINE__ focused:NO pending:YES named:__VA_ARGS__]
        #define pending(...) xit(__VA_ARGS__)
        #define beforeEach(...) [RTSHSpecDSL _hook:@"beforeEach" block:__VA_ARGS__]
        #define afterEach(...) [RTSHSpecDSL _hook:@"afterEach" block:__VA_ARGS__]
        #define beforeAll(...) [RTSHSpecDSL _hook:@"beforeAll" block:__VA_ARGS__]
        #define afterAll(...) [RTSHSpecDSL _hook:@"afterAll" block:__VA_ARGS__]
        """

    /// Specta's: `SpecBegin(Name)` makes the class `NameSpec`.
    static let specta = dsl + "\n" + """
        typedef void (^DoneCallback)(void);
        #define SpecBegin(name) @interface name##Spec : SPTSpec @end @implementation name##Spec - (void)spec {
        #define SpecEnd } @end
        #define example(...) it(__VA_ARGS__)
        #define specify(...) it(__VA_ARGS__)
        #define fexample(...) fit(__VA_ARGS__)
        #define fspecify(...) fit(__VA_ARGS__)
        #define xexample(...) xit(__VA_ARGS__)
        #define xspecify(...) xit(__VA_ARGS__)
        #define before(...) beforeEach(__VA_ARGS__)
        #define after(...) afterEach(__VA_ARGS__)
        #define sharedExamplesFor(...) [RTSHSpecDSL _share:NO named:__VA_ARGS__]
        #define sharedExamples(...) sharedExamplesFor(__VA_ARGS__)
        #define itShouldBehaveLike(...) [RTSHSpecDSL _behaveLike:__FILE__ line:__LINE__ named:__VA_ARGS__]
        #define itBehavesLike(...) itShouldBehaveLike(__VA_ARGS__)
        #define waitUntil(...) [RTSHSpecDSL _waitUntil:__FILE__ line:__LINE__ timeout:-1 block:__VA_ARGS__]
        #define waitUntilTimeout(seconds, ...) [RTSHSpecDSL _waitUntil:__FILE__ line:__LINE__ timeout:(seconds) block:__VA_ARGS__]
        #define setAsyncSpecTimeout(seconds) [RTSHSpecDSL _setAsyncTimeout:(seconds)]
        """

    /// Quick's: `QuickSpecBegin(Name)` makes the class `Name`; shared examples get a block
    /// that answers their data.
    static let quick = dsl + "\n" + """
        typedef NSDictionary *(^QCKDSLSharedExampleContext)(void);
        #define QuickSpecBegin(name) @interface name : QuickSpec @end @implementation name - (void)spec {
        #define QuickSpecEnd } @end
        #define QuickConfigurationBegin(name) @interface name : QuickConfiguration @end @implementation name
        #define QuickConfigurationEnd @end
        #define beforeSuite(...) beforeAll(__VA_ARGS__)
        #define afterSuite(...) afterAll(__VA_ARGS__)
        #define sharedExamples(...) [RTSHSpecDSL _share:YES named:__VA_ARGS__]
        #define itBehavesLike(...) [RTSHSpecDSL _behaveLike:__FILE__ line:__LINE__ named:__VA_ARGS__]
        #define qck_describe(...) describe(__VA_ARGS__)
        #define qck_context(...) context(__VA_ARGS__)
        #define qck_it(...) it(__VA_ARGS__)
        #define qck_beforeEach(...) beforeEach(__VA_ARGS__)
        #define qck_afterEach(...) afterEach(__VA_ARGS__)
        #define qck_itBehavesLike(...) itBehavesLike(__VA_ARGS__)
        #define qck_sharedExamples(...) sharedExamples(__VA_ARGS__)
        #define qck_beforeSuite(...) beforeSuite(__VA_ARGS__)
        #define qck_afterSuite(...) afterSuite(__VA_ARGS__)
        #define qck_pending(...) pending(__VA_ARGS__)
        #define qck_xdescribe(...) xdescribe(__VA_ARGS__)
        #define qck_xcontext(...) xcontext(__VA_ARGS__)
        #define qck_xit(...) xit(__VA_ARGS__)
        #define qck_fdescribe(...) fdescribe(__VA_ARGS__)
        #define qck_fcontext(...) fcontext(__VA_ARGS__)
        #define qck_fit(...) fit(__VA_ARGS__)
        """

    /// Kiwi's: `SPEC_BEGIN(Name)` makes the class `Name`, a `KWSpec`, whose statements and
    /// groups declare its examples; `should`, `shouldNot`, the eventual and waiting forms and
    /// `shouldBeNil` attach the subject to a verifier made where they are written (as Kiwi's
    /// own macros do), whose matchers check it; `beNil` and `beNonNil` also settle a
    /// verifier whose subject was nil, and so never attached. `let` declares a variable set
    /// before each example from its block.
    static let kiwi = dsl + "\n" + """
        #define \(kiwiImported) 1
        typedef void (^KWSharedExampleBlock)(NSDictionary *data);
        #define SPEC_BEGIN(name) @interface name : KWSpec @end @implementation name - (void)spec {
        #define SPEC_END } @end
        #define specify(...) [RTSHSpecDSL _example:__FILE__ line:__LINE__ focused:NO pending:NO named:@"", __VA_ARGS__]
        #define let(var, ...) __block id var = nil; [RTSHSpecDSL _let:^(id value) { var = value; } named:#var block:__VA_ARGS__]
        #define sharedExamplesFor(...) [RTSHSpecDSL _share:NO named:__VA_ARGS__]
        #define itBehavesLike(...) [RTSHSpecDSL _behaveLike:__FILE__ line:__LINE__ named:__VA_ARGS__]
        #define SHARED_EXAMPLES_BEGIN(name) @interface RTSHKiwiSharedExamples_##name : NSObject @end @implementation RTSHKiwiSharedExamples_##name + (void)load {
        #define SHARED_EXAMPLES_END } @end
        #define should attachToVerifier:[RTSHKiwi _verifier:__FILE__ line:__LINE__ negated:NO timeout:-1 waits:NO]
        #define shouldNot attachToVerifier:[RTSHKiwi _verifier:__FILE__ line:__LINE__ negated:YES timeout:-1 waits:NO]
        #define shouldEventually attachToVerifier:[RTSHKiwi _verifier:__FILE__ line:__LINE__ negated:NO timeout:1 waits:NO]
        #define shouldNotEventually attachToVerifier:[RTSHKiwi _verifier:__FILE__ line:__LINE__ negated:YES timeout:1 waits:NO]
        #define shouldEventuallyBeforeTimingOutAfter(seconds) attachToVerifier:[RTSHKiwi _verifier:__FILE__ line:__LINE__ negated:NO timeout:(seconds) waits:NO]
        #define shouldNotEventuallyBeforeTimingOutAfter(seconds) attachToVerifier:[RTSHKiwi _verifier:__FILE__ line:__LINE__ negated:YES timeout:(seconds) waits:NO]
        #define shouldAfterWait attachToVerifier:[RTSHKiwi _verifier:__FILE__ line:__LINE__ negated:NO timeout:1 waits:YES]
        #define shouldNotAfterWait attachToVerifier:[RTSHKiwi _verifier:__FILE__ line:__LINE__ negated:YES timeout:1 waits:YES]
        #define shouldAfterWaitOf(seconds) attachToVerifier:[RTSHKiwi _verifier:__FILE__ line:__LINE__ negated:NO timeout:(seconds) waits:YES]
        #define shouldNotAfterWaitOf(seconds) attachToVerifier:[RTSHKiwi _verifier:__FILE__ line:__LINE__ negated:YES timeout:(seconds) waits:YES]
        #define shouldBeNil attachToVerifier:[RTSHKiwi _existenceVerifier:__FILE__ line:__LINE__ exists:NO]
        #define shouldNotBeNil attachToVerifier:[RTSHKiwi _existenceVerifier:__FILE__ line:__LINE__ exists:YES]
        #define beNil beNil:[RTSHKiwi _settleNilSubject:NO]
        #define beNonNil beNonNil:[RTSHKiwi _settleNilSubject:YES]
        #define expectFutureValue(value) [RTSHKiwi _future:^id{ return (value); }]
        #define theValue(value) [RTSHKiwi _value:(value)]
        #define thePointerValue(value) [NSValue valueWithPointer:(value)]
        // Functions in Kiwi, so a comma inside the block (`@[@1, @2]`) separates nothing.
        #define theBlock(...) (__VA_ARGS__)
        #define lambda(...) (__VA_ARGS__)
        #define kw_any() [KWAny any]
        #define any() [KWAny any]
        #define registerMatchers(prefix) [RTSHKiwi _registerMatchers:(prefix)]
        #define fail(...) [RTSHKiwi _fail:__FILE__ line:__LINE__ message:[NSString stringWithFormat:__VA_ARGS__]]
        #define KWClearStubsAndSpies() [RTSHKiwi _clearStubsAndSpies]
        """

    /// Defined where Kiwi is imported: the session then adds Kiwi's categories to `NSObject`
    /// (``ClassLibrary/installKiwi()``), as linking Kiwi does.
    static let kiwiImported = "__RTSH_KIWI_IMPORTED__"

    /// Nimble's, with its `waitUntil`, which waits a second unless told otherwise.
    static let nimble: String = {
        let matchers = ["equal", "beIdenticalTo", "beAnInstanceOf", "beAKindOf", "contain", "haveCount", "beGreaterThan", "beGreaterThanOrEqualTo",
                        "beLessThan", "beLessThanOrEqualTo", "beCloseTo", "beginWith", "endWith", "match"]
        let bare = ["beNil", "beTrue", "beFalse", "beTruthy", "beFalsy", "beEmpty"]
        var lines = [
            "#undef expect",
            "#define expect(...) [NMBExpectation _expect:^id{ return (__VA_ARGS__); } file:__FILE__ line:__LINE__]",
            "#define NMB_expect(actualBlock, fileName, lineNumber) [NMBExpectation _expect:(actualBlock) file:(fileName) line:(lineNumber)]",
            "#define expectAction(...) [NMBExpectation _expectAction:^{ __VA_ARGS__; } file:__FILE__ line:__LINE__]",
            "#define NMB_expectAction(actionBlock, fileName, lineNumber) [NMBExpectation _expectAction:(actionBlock) file:(fileName) line:(lineNumber)]",
            "#define raiseException() [NMBObjCMatcher _raiseException]",
            "#define NMB_raiseException() [NMBObjCMatcher _raiseException]",
            "#define waitUntil(...) [RTSHSpecDSL _waitUntil:__FILE__ line:__LINE__ timeout:1 block:__VA_ARGS__]",
            "#define waitUntilTimeout(seconds, ...) [RTSHSpecDSL _waitUntil:__FILE__ line:__LINE__ timeout:(seconds) block:__VA_ARGS__]",
        ]
        // Nimble's matchers are functions, so an argument may hold commas (`equal(@[@1, @2])`).
        for name in matchers { lines.append("#define \(name)(...) [NMBObjCMatcher _matcher:@\"\(name)\" expected:(__VA_ARGS__)]") }
        for name in bare { lines.append("#define \(name)() [NMBObjCMatcher _matcher:@\"\(name)\" expected:nil]") }
        return lines.joined(separator: "\n")
    }()

    /// The tokens of each framework's macros, lexed once, by the module's name.
    static let tokens: [String: [Token]] = {
        var table: [String: [Token]] = [:]
        for (module, header) in [("Specta", specta), ("Quick", quick), ("Nimble", nimble), ("Kiwi", kiwi)] {
            do {
                table[module] = try Lexer.tokens(of: header, at: SourceLocation(file: "<\(module)/\(module).h>", line: 1, column: 1), mode: .objectiveC)
            } catch {
                preconditionFailure("\(module)'s macros do not read: \(error)")
            }
        }
        return table
    }()
}
