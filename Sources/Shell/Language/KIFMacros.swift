/// KIF's macros, defined by `#import <KIF/KIF.h>` (or any `<KIF/…>` header) rather than
/// always, as OCMock's are (``OCMockMacros``), since `tester` and `system` are common
/// names: `tester`, `system` and `viewTester` each make an actor at the place they are
/// written (`KIFActorWithClass`), whose delegate is the test case (`self`), so a step that
/// fails is the test's failure at that file and line.
enum KIFMacros {
    static let header = """
        #define KIFActorWithClass(clazz) [clazz actorInFile:__FILE__ atLine:__LINE__ delegate:self]
        #define tester KIFActorWithClass(KIFUITestActor)
        #define system KIFActorWithClass(KIFSystemTestActor)
        #define viewTester KIFActorWithClass(KIFUIViewTestActor)
        #define KIFTestCondition(condition, error, ...) ({ if (!(condition)) { if (error) { *(error) = [NSError KIFErrorWithFormat:__VA_ARGS__]; } return KIFTestStepResultFailure; } })
        #define KIFTestWaitCondition(condition, error, ...) ({ if (!(condition)) { if (error) { *(error) = [NSError KIFErrorWithFormat:__VA_ARGS__]; } return KIFTestStepResultWait; } })
        """

    /// The header's tokens, lexed once.
    static let tokens: [Token] = {
        do {
            return try Lexer.tokens(of: header, at: SourceLocation(file: "<KIF/KIF.h>", line: 1, column: 1), mode: .objectiveC)
        } catch {
            preconditionFailure("KIF's macros do not read: \(error)")
        }
    }()
}
