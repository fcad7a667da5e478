/// OCMockito's macros, defined by `#import <OCMockito/OCMockito.h>` (or any `<OCMockito/…>`
/// or `<OCMockitoIOS/…>` header) rather than always, as KIF's are (``KIFMacros``), since
/// `mock`, `given` and `verify` are common names. Each reaches `MKTMockitoCore`, the class
/// library's OCMockito (`ClassLibrary+OCMockito`), as OCMockito's own macros reach its
/// functions: the factories (`mock`, `mockClass`, `mockProtocol`,
/// `mockProtocolWithoutOptionals`, `mockObjectAndProtocol`), `given` and `givenVoid`,
/// `stubProperty`, `stubSingleton`, `verify` and `verifyCount`, the verification modes and `stopMocking`,
/// each also under its `MKT` name, and the `…WithLocation` forms that name the test case.
///
/// `times(n)`, `never()`, `atLeast(n)` and `atMost(n)` are OCMock's macros, always defined;
/// they make the `OCMQuantifier` that `verifyCount` takes as its mode. The short names are
/// left out when `MKT_DISABLE_SHORT_SYNTAX` is defined, as OCMockito leaves them out. The
/// test case is passed as nil where OCMockito passes `self`: the failure goes to the
/// running test, and a `verify` at the prompt has no `self`. `given` takes its call as
/// `...`, so that a message with commas inside its brackets needs no extra parentheses.
/// No parameter is named as a part of the selector its body sends (`mode:`, `block:`),
/// which the argument would replace.
enum OCMockitoMacros {
    static let header = """
        #define MKTMock(classToMock) [MKTMockitoCore _mockForClass:(classToMock)]
        #define MKTMockClass(classToMock) [MKTMockitoCore _mockForClassObject:(classToMock)]
        #define MKTMockProtocol(protocolToMock) [MKTMockitoCore _mockForProtocol:(protocolToMock) optionals:YES]
        #define MKTMockProtocolWithoutOptionals(protocolToMock) [MKTMockitoCore _mockForProtocol:(protocolToMock) optionals:NO]
        #define MKTMockObjectAndProtocol(classToMock, protocolToMock) [MKTMockitoCore _mockForClass:(classToMock) protocol:(protocolToMock)]
        #define MKTGivenWithLocation(testCase, fileName, lineNumber, ...) ({ [MKTMockitoCore _beginGiven]; __VA_ARGS__; [MKTMockitoCore _givenIn:(testCase) file:(fileName) line:(lineNumber)]; })
        #define MKTGiven(...) MKTGivenWithLocation(nil, __FILE__, __LINE__, __VA_ARGS__)
        #define MKTGivenVoidWithLocation(testCase, fileName, lineNumber, methodCallWrapper) [MKTMockitoCore _givenVoidIn:(testCase) file:(fileName) line:(lineNumber) block:(methodCallWrapper)]
        #define MKTGivenVoid(...) MKTGivenVoidWithLocation(nil, __FILE__, __LINE__, ^{ __VA_ARGS__; })
        #define MKTStubProperty(mock, propertyName, stubbedValue) do { [MKTGiven([mock propertyName]) willReturn:stubbedValue]; [MKTGiven([mock valueForKey:@#propertyName]) willReturn:stubbedValue]; [MKTGiven([mock valueForKeyPath:@#propertyName]) willReturn:stubbedValue]; } while (0)
        #define MKTVerifyWithLocation(mock, testCase, fileName, lineNumber) [MKTMockitoCore _verify:(mock) mode:nil in:(testCase) file:(fileName) line:(lineNumber)]
        #define MKTVerify(mock) MKTVerifyWithLocation(mock, nil, __FILE__, __LINE__)
        #define MKTVerifyCountWithLocation(mock, verificationMode, testCase, fileName, lineNumber) [MKTMockitoCore _verify:(mock) mode:(verificationMode) in:(testCase) file:(fileName) line:(lineNumber)]
        #define MKTVerifyCount(mock, verificationMode) MKTVerifyCountWithLocation(mock, verificationMode, nil, __FILE__, __LINE__)
        #define MKTTimes(wantedNumberOfInvocations) [OCMQuantifier exactly:(wantedNumberOfInvocations)]
        #define MKTNever() [OCMQuantifier never]
        #define MKTAtLeast(minNumberOfInvocations) [OCMQuantifier atLeast:(minNumberOfInvocations)]
        #define MKTAtLeastOnce() [OCMQuantifier atLeastOnce]
        #define MKTAtMost(maxNumberOfInvocations) [OCMQuantifier atMost:(maxNumberOfInvocations)]
        #define MKTStopMockingWithLocation(mock, testCase, fileName, lineNumber) [MKTMockitoCore _stopMocking:(mock) in:(testCase) file:(fileName) line:(lineNumber)]
        #define MKTStopMocking(mock) MKTStopMockingWithLocation(mock, nil, __FILE__, __LINE__)
        #define MKTDisableMockingWithLocation(mock, testCase, fileName, lineNumber) [MKTMockitoCore _disableMocking:(mock) in:(testCase) file:(fileName) line:(lineNumber)]
        #define MKTDisableMocking(mock) MKTDisableMockingWithLocation(mock, nil, __FILE__, __LINE__)
        #define MKTStubSingletonWithLocation(mockClass, aSelector, testCase, fileName, lineNumber) [MKTMockitoCore _stubSingleton:(mockClass) selector:(aSelector) in:(testCase) file:(fileName) line:(lineNumber)]
        #define MKTStubSingleton(mockClass, methodName) MKTStubSingletonWithLocation(mockClass, @selector(methodName), nil, __FILE__, __LINE__)
        #ifndef MKT_DISABLE_SHORT_SYNTAX
        #define mock(classToMock) MKTMock(classToMock)
        #define mockClass(classToMock) MKTMockClass(classToMock)
        #define mockProtocol(protocolToMock) MKTMockProtocol(protocolToMock)
        #define mockProtocolWithoutOptionals(protocolToMock) MKTMockProtocolWithoutOptionals(protocolToMock)
        #define mockObjectAndProtocol(classToMock, protocolToMock) MKTMockObjectAndProtocol(classToMock, protocolToMock)
        #define given(...) MKTGiven(__VA_ARGS__)
        #define givenVoid(...) MKTGivenVoid(__VA_ARGS__)
        #define stubProperty(mock, propertyName, stubbedValue) MKTStubProperty(mock, propertyName, stubbedValue)
        #define verify(mock) MKTVerify(mock)
        #define verifyCount(mock, verificationMode) MKTVerifyCount(mock, verificationMode)
        #define atLeastOnce() MKTAtLeastOnce()
        #define stopMocking(mock) MKTStopMocking(mock)
        #define disableMocking(mock) MKTDisableMocking(mock)
        #define stubSingleton(mockClass, methodName) MKTStubSingleton(mockClass, methodName)
        #endif
        """

    /// The header's tokens, lexed once.
    static let tokens: [Token] = {
        do {
            return try Lexer.tokens(of: header, at: SourceLocation(file: "<OCMockito/OCMockito.h>", line: 1, column: 1), mode: .objectiveC)
        } catch {
            preconditionFailure("OCMockito's macros do not read: \(error)")
        }
    }()
}
