/// OCMock's macros, as the preprocessor's table has them beside the test frameworks'
/// (``TestFrameworkMacros``): the mock factories (`OCMClassMock`, `OCMStrictClassMock`,
/// `OCMProtocolMock`, `OCMPartialMock`...), the recording macros (`OCMStub`, `OCMExpect`,
/// `OCMReject`, `OCMVerify`, with `OCMClassMethod` inside), `OCMVerifyAll`,
/// `OCMVerifyAllWithDelay`, the quantifiers (`OCMTimes(2)` and the short `times(2)`,
/// `atLeast`, `atMost`, `never()`), and the recorder's dot forms that take no argument
/// (`.andForwardToRealObject()`, `.ignoringNonObjectArgs()`) or build one (`.andBreak()`,
/// `.andLog(format, ...)`). The dot forms with an argument (`.andReturn(x)`, `.andDo(b)`)
/// are no macros here, though OCMock's are: the recorder answers them as block properties
/// of those names (and of OCMock's `_andReturn` ones), so a DSL of the code's own with a
/// `.andReturn(201)` (Nocilla's stubs) keeps its meaning in a file that never imports OCMock.
///
/// A recording macro begins recording at its file and line (`OCMMacroState`), runs the
/// invocation, whose first message to a mock is recorded rather than handled, and ends
/// it; the end answers the recorder, or for `OCMVerify` checks the calls received, failing
/// the running test at the macro's place. An invocation that raises abandons the recording
/// and its exception goes on, as OCMock's macros pass it through. The
/// recording macros take their invocation as `...`, so that a message with commas inside
/// its brackets (`@[a, b]`) needs no extra parentheses, which clang would ask for.
enum OCMockMacros {
    static let header = """
        #define OCMClassMock(cls) [OCMockObject niceMockForClass:cls]
        #define OCMStrictClassMock(cls) [OCMockObject mockForClass:cls]
        #define OCMProtocolMock(protocol) [OCMockObject niceMockForProtocol:protocol]
        #define OCMStrictProtocolMock(protocol) [OCMockObject mockForProtocol:protocol]
        #define OCMPartialMock(obj) [OCMockObject partialMockForObject:obj]
        #define OCMObserverMock() [OCMockObject observerMock]
        #define OCMOCK_ANY [OCMArg any]
        #define OCMOCK_VALUE(variable) (variable)
        #define _OCMRecord(macro, ...) ({ id _ocm_recorder = nil; [OCMMacroState _beginMacro:macro file:__FILE__ line:__LINE__]; @try { __VA_ARGS__; } @catch (id _ocm_exception) { [OCMMacroState _abandonMacro]; @throw; } _ocm_recorder = [OCMMacroState _endMacro]; _ocm_recorder; })
        #define OCMStub(...) _OCMRecord(@"OCMStub", __VA_ARGS__)
        #define OCMExpect(...) _OCMRecord(@"OCMExpect", __VA_ARGS__)
        #define OCMReject(...) _OCMRecord(@"OCMReject", __VA_ARGS__)
        #define OCMVerify(...) _OCMRecord(@"OCMVerify", __VA_ARGS__)
        #define OCMClassMethod(...) ({ [OCMMacroState _switchToClassMethod]; __VA_ARGS__; })
        #define ClassMethod(...) OCMClassMethod(__VA_ARGS__)
        #define OCMVerifyAll(mock) [OCMMacroState _verifyAll:(mock) delay:0 file:__FILE__ line:__LINE__]
        #define OCMVerifyAllWithDelay(mock, seconds) [OCMMacroState _verifyAll:(mock) delay:(seconds) file:__FILE__ line:__LINE__]
        #define OCMTimes(n) [OCMQuantifier exactly:(n)]
        #define OCMAtLeast(n) [OCMQuantifier atLeast:(n)]
        #define OCMAtMost(n) [OCMQuantifier atMost:(n)]
        #define OCMNever() [OCMQuantifier never]
        #define times(n) OCMTimes(n)
        #define atLeast(n) OCMAtLeast(n)
        #define atMost(n) OCMAtMost(n)
        #define never() OCMNever()
        #define andForwardToRealObject() _andForwardToRealObject()
        #define ignoringNonObjectArgs() _ignoringNonObjectArgs()
        #define andBreak() _andDo(^(NSInvocation *_invocation) {})
        #define andLog(_format, ...) _andDo(^(NSInvocation *_invocation) { NSLog(_format, ##__VA_ARGS__); })
        #define CONSTRAINT(aSelector) [OCMConstraint constraintWithSelector:aSelector onObject:self]
        #define CONSTRAINTV(aSelector, aValue) [OCMConstraint constraintWithSelector:aSelector onObject:self withValue:(aValue)]
        """
}
