import Runtime
import UIKitModel

/// An error in code as it is bound, run or defined: the binder's compile-time checks, the
/// interpreter's run-time mistakes, and definitions the runtime cannot take. What kind of
/// mistake (with its data), where when that is known, and notes on what was done about it.
///
/// An error of a lower layer (the runtime's, the class library's, a format's) is kept
/// whole in its kind, not flattened into text. How each kind is worded for a person is
/// apart, in `EvaluationError+Description.swift`, as for ``SyntaxError``.
struct EvaluationError: NotedError, Sendable, CustomStringConvertible {
    let kind: Kind
    /// Where in the code, when the error belongs to a place in it.
    let location: SourceLocation?
    /// What was done about the error, in the order it happened (`-[MMBroken bad] is left
    /// out of the class`).
    var notes: [String] = []

    init(_ kind: Kind, at location: SourceLocation? = nil) {
        self.kind = kind
        self.location = location
    }

    /// `error`, placed at `location` when it is a lower layer's (the runtime's, the class
    /// library's), which knows no place in the code; any other error already has its place.
    static func placing(_ error: any Error, at location: SourceLocation) -> any Error {
        switch error {
        case let error as RuntimeError: return EvaluationError(.runtime(error), at: location)
        case let error as ClassLibraryError: return EvaluationError(.classLibrary(error), at: location)
        case let error as EvaluationError where error.location == nil:
            // Raised where no place was known (a prototype's stand-in for a function
            // nothing defines): placed where it was called.
            var placed = EvaluationError(error.kind, at: location)
            placed.notes = error.notes
            return placed
        default: return error
        }
    }

    /// The mistakes binding, running and defining code report. A `kind` is a value's
    /// `kindDescription` (`a string`, `nil`); a `suggestion` is the nearest known name to
    /// one that was not found, if one is near enough to be a typo of it.
    enum Kind: Sendable {
        // Errors of the layers below, kept whole.
        /// The runtime refused: a type mismatch, a send nested too deep, a bad name, ...
        case runtime(RuntimeError)
        /// A send found no method; `suggestion` is the nearest selector the receiver responds to.
        case unrecognizedSelector(RuntimeError, suggestion: String?)
        /// The class library refused (a UI interaction, launching the application).
        case classLibrary(ClassLibraryError)
        /// A format string (`NSLog`, `format`) and its arguments do not agree.
        case format(Format.Problem)

        // Binding: what a compiler would catch.
        case breakOutsideLoop
        /// A `goto` whose label is not in its block or a block around it.
        case gotoWithoutLabel(String)
        /// A label written twice where a `goto` could reach both.
        case duplicateLabel(String)
        case continueOutsideLoop
        /// `@throw;` outside a `@catch`.
        case rethrowOutsideCatch
        case malformedSelector(String)
        /// A block assigns a variable it captured by copy (not `__block`).
        case assignsCapturedVariable(String)
        /// `elsewhere` says where else the variable could be declared (`declare it at file scope`).
        case undeclaredAssignment(name: String, elsewhere: String)
        /// `known` are the functions rtsh provides.
        case unknownFunction(name: String, suggestion: String?)

        // Names and assignments.
        case unknownName(name: String, suggestion: String?)
        /// A bare name inside a method that `self` has no instance variable for.
        case unknownInstanceVariable(String)
        /// `object->name` where the class has no instance variable code may use.
        case noUsableInstanceVariable(className: String, name: String)
        case selfOutsideMethod
        case superOutsideMethod
        case assignsSelfOutsideMethod
        case selfAssignedNonObject(kind: String)
        /// `super = ...`, `_cmd = ...`.
        case cannotAssign(String)
        /// Assigning to a class's name at the prompt.
        case assignsClassName(String)
        /// `view.frame.origin.x = 5`: a property's struct changed in place.
        case propertyStructInPlace
        /// `className` is nil when the target is nil.
        case readOnlyProperty(name: String, className: String?)
        case arrowAssignsNonIvar
        /// `*p = ...` where `p` holds no pointer.
        case assignsThroughNonPointer
        /// `array[index] = ...` beyond the element after the last; `count` is the array's.
        case assignedIndexOutOfRange(index: Value, count: Int)
        case subscriptAssignmentNeedsCollection(kind: String)
        /// `p[offset] = ...` where the element would lie before the memory's start or past
        /// the most elements memory grows to.
        case writesOutsideMemory(offset: Int, limit: Int)
        case notAssignable

        // Values and operators.
        /// `operator` is `++`, `--`, unary `-` or `+`.
        case needsNumber(operator: String, kind: String)
        case operatorNeedsIntegers(BinaryOperator, left: String, right: String)
        case operatorNeedsNumbers(BinaryOperator, left: String, right: String)
        case notANumberOperator(BinaryOperator)
        /// `a - b` or `a < b` of pointers into different arrays.
        case pointersIntoDifferentArrays(BinaryOperator)
        case shiftOutOfRange(Int)
        /// `/` or `%` by an integer 0.
        case divisionByZero(BinaryOperator)
        case addressOfNonVariable(String)
        case addressNeedsVariable
        case dereferenceNeedsPointer(kind: String)
        case complementNeedsInteger(kind: String)
        case unknownProtocol(name: String, suggestion: String?)
        case arrowNeedsObject(kind: String)
        case arrayIndexNotInteger(kind: String)
        case indexOutOfBounds(index: Int, count: Int)
        case subscriptNeedsCollection(kind: String)

        // Structs.
        case initializerNeedsStruct
        case tooManyInitializerValues(structName: String, fields: Int, given: Int)
        case tooManyArrayValues(count: Int, given: Int)
        case arraySizeNotCount(given: String)
        case arrayTooLarge(elements: Int?, limit: Int)
        case variadicOutsideMethod
        /// A dispatch source of a kind the model does not run (only timers are).
        case unmodelledDispatchSource(String)
        /// A CommonCrypto cipher, mode or derivation rtsh does not have (it has AES in ECB,
        /// CBC and CTR, and PBKDF2): `given` names it, `available` what there is.
        case unmodelledCryptography(function: String, given: String, available: String)
        /// `dispatch_resume` on a source not suspended, which GCD crashes on.
        case overResumedDispatchSource
        case variadicListNotStarted(function: String)
        case namedValueInArray(field: String)
        case unknownField(structName: String, field: String, fields: [String])
        /// Positional values past a struct's last field, after designated ones.
        case tooManyValues(structName: String)

        // Statements.
        /// A loop ran `limit` times; rtsh stops it there rather than hang.
        case tooManyIterations(limit: Int)
        /// A loop whose iterations together made more sends than a loop may.
        case tooMuchWorkInLoop(sends: Int, iterations: Int)
        case forInNeedsCollection(kind: String)
        /// A class's `countByEnumeratingWithState:objects:count:` answered items but left
        /// `state->itemsPtr` pointing at none.
        case fastEnumerationWithoutItems(className: String, count: Int)
        case switchNeedsInteger(kind: String)
        case caseNeedsInteger(kind: String)
        case unknownCatchClass(String)
        /// `return`, `break` or `continue` leaving `({ ... })`.
        case jumpOutOfStatementExpression

        // Blocks and functions.
        case callsNonBlock(kind: String)
        /// A name called as a function holds a value that is no block.
        case calledValueNotBlock(name: String, kind: String)
        /// A block literal evaluated without having been bound first.
        case unboundBlock
        case blockOfResetRuntime
        case functionOfResetRuntime(String)
        /// A function declared by a prototype at `declaredAt` that no source defines.
        case functionNotDefined(name: String, declaredAt: SourceLocation)
        /// `CGRectMake(1, 2)`: a struct-making function given the wrong number of values.
        case structFunctionArgumentCount(function: String, expected: Int, given: Int)
        case structFunctionArgumentNotNumber(function: String, argument: String, kind: String)
        case needsRect(function: String)
        /// `CLLocationCoordinate2DIsValid(5)`: a function of structs given something else;
        /// `expected` says what, with an example.
        case needsStruct(function: String, expected: String)
        case needsInteger(function: String)
        /// `count` is 1 or 2.
        case needsNumbers(function: String, count: Int)
        case logNeedsFormat
        case formatNeedsFormat
        case classFromStringNeedsName
        case stringFromClassNeedsClass
        case applicationMainArguments
        /// `UIApplicationMain(argc, argv, nil, nil)` in a program with no class, or several,
        /// adopting UIApplicationDelegate: the ones that do.
        case applicationMainWithoutDelegate(adopting: [String])
        case testingDelegateNotString
        case applicationMainInsideMethod
        case mockNeedsClass
        case mockInsideMethod
        case existsNeedsLabel
        case existsInsideMethod
        case fixtureNeedsName
        /// `assert`, `NSAssert`, ... with the wrong arguments; `takesDescription` for the
        /// two that take a description.
        case assertionArguments(function: String, takesDescription: Bool)
        case assertionNeedsDescription(function: String)
        /// `XCTAssertGreaterThan` and the other comparisons of numbers given something else.
        case assertionNeedsNumber(macro: String, operand: String, kind: String)
        /// `XCTSkip` with no test running.
        case skipOutsideTest
        /// An OCHamcrest function (`assertThat`, `everyItem`, `describedAs`, ...) given
        /// something that is no matcher where it takes one; `position` is `first` or `second`.
        case notAMatcher(function: String, position: String, kind: String)
        /// A C function rtsh provides given arguments of the wrong number or kind;
        /// `expected` says what it takes, with an example, and `given` are the kinds passed.
        case functionArguments(function: String, expected: String, given: [String])
        /// A block made into a method's IMP takes `parameters`, but the method passes self
        /// and `arguments` arguments.
        case blockImplementationArity(method: String, parameters: Int, arguments: Int, isFunction: Bool)
        /// The run loop could not finish what fell due (see ``VirtualClock/Overrun``).
        case runLoopOverrun(VirtualClock.Overrun)
        /// A wait for ever (`DISPATCH_TIME_FOREVER`) with nothing scheduled that could end it.
        case waitsForever(function: String, waitingFor: String)
        /// A call that would leave the thread's stack nearly exhausted (see ``StackSpace``).
        case stackExhausted
        /// `dispatch_group_leave` with nothing entered.
        case unbalancedGroupLeave
        case fixtureMissing(path: String)
        case fixtureNotUTF8(path: String)
        case fixtureNotJSON(path: String, JSONReadError)

        // Definitions.
        case unknownClass(name: String, suggestion: String?)
        case extensionAfterImplementation(String)
        case extensionWithoutInterface(String)
        /// Something of a tree being loaded (`name`: a class, `MMArtwork (Title)`, `the class
        /// extension of MMStore`, `protocol MMQ`) is not loaded because what it needs, the
        /// class or protocol `dependency`, failed where `failedAt` says.
        case dependencyNotLoaded(name: String, dependency: String, failedAt: SourceLocation)
        /// Likewise, because the @interface of `className` could not be read.
        case interfaceUnreadable(name: String, className: String, failedAt: SourceLocation)
        /// A primary `@interface` for a class that is registered already, and that no code
        /// of the session defined (the class library's, a stand-in), so it cannot be redefined.
        case interfaceOfDefinedClass(String)
        case interfaceReadTwice(String)
        /// An `@implementation` (not a category) for a class that is registered already, and
        /// that no code of the session defined.
        case classAlreadyDefined(String)
        /// A `@protocol` read again that differs from the one registered under its name.
        case protocolChanged(String)
        case superclassMismatch(className: String, declared: String, written: String)
        case implementationNeedsSuperclass(String)
        case interfaceNeedsSuperclass(String)
        case categoryAddsIvar(ivar: String, className: String)
        case enumConstantNotInteger(name: String, kind: String)
    }
}
