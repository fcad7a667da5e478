/// How each evaluation error is worded: what was wrong, and what would be right.
extension EvaluationError {
    var description: String {
        location.map { "\($0): \(message)" } ?? message
    }

    /// The kind's wording, then the notes.
    var message: String { ([kind.description] + notes).joined(separator: "; ") }
}

extension EvaluationError.Kind: CustomStringConvertible {
    var description: String {
        switch self {
        case .runtime(let error):
            error.description
        case .unrecognizedSelector(let error, let suggestion):
            error.description + Suggestions.didYouMean(suggestion)
        case .classLibrary(let error):
            error.description
        case .format(let problem):
            problem.description
        case .breakOutsideLoop:
            "'break' belongs inside a loop or a switch"
        case .gotoWithoutLabel(let name):
            "'goto \(name)' has no label '\(name):' to go to in its block or a block around it; rtsh's goto leaves blocks and goes along them, never into one"
        case .duplicateLabel(let name):
            "the label '\(name):' is written twice where a goto could reach both; give each its own name"
        case .continueOutsideLoop:
            "'continue' belongs inside a loop"
        case .rethrowOutsideCatch:
            "'@throw;' without a value raises the caught exception again, so it belongs inside @catch"
        case .malformedSelector(let name):
            "'\(name)' is not a well-formed selector"
        case .assignsCapturedVariable(let name):
            "'\(name)' is captured by the block, which holds a copy it cannot assign; declare it __block (as in __block id \(name) = ...;) to share it"
        case .undeclaredAssignment(let name, let elsewhere):
            "'\(name)' is assigned but never declared; declare it first (as in id \(name) = ...;), or \(elsewhere)"
        case .unknownFunction(let name, let suggestion):
            "'\(name)' is not a function rtsh knows, nor a block in a variable (help functions lists the functions)"
                + Suggestions.didYouMean(suggestion)
        case .unknownName(let name, let suggestion):
            "no variable or class named '\(name)'" + Suggestions.didYouMean(suggestion)
        case .unknownInstanceVariable(let name):
            "'\(name)' is an instance variable of self, which has none by that name"
        case .noUsableInstanceVariable(let className, let name):
            "\(className) has no instance variable '\(name)' that code can use"
        case .selfOutsideMethod:
            "'self' is only meaningful inside a method"
        case .superOutsideMethod:
            "'super' is only meaningful inside a method"
        case .assignsSelfOutsideMethod:
            "'self' can be assigned only inside a method"
        case .selfAssignedNonObject(let kind):
            "self can only be set to an object or nil, not \(kind)"
        case .cannotAssign(let name):
            "'\(name)' cannot be assigned to"
        case .assignsClassName(let name):
            "'\(name)' is a class; choose another variable name"
        case .propertyStructInPlace:
            "a property's struct cannot be changed in place; copy it into a variable, change it, and assign it back (CGRect frame = view.frame; frame.origin.x = 5; view.frame = frame;)"
        case .readOnlyProperty(let name, let className):
            "property '\(name)' of \(className ?? "nil") is read-only"
        case .arrowAssignsNonIvar:
            "'->' can assign only an instance variable of an object"
        case .assignsThroughNonPointer:
            "'*' needs a pointer (as &variable gives one), such as an NSError ** parameter; this is nil or not a pointer"
        case .assignedIndexOutOfRange(let index, let count):
            "index \(index) is beyond the array's \(count) elements"
        case .subscriptAssignmentNeedsCollection(let kind):
            "only arrays and dictionaries take elements by subscript, but this is \(kind)"
        case .writesOutsideMemory(let offset, let limit):
            "element \(offset) from this pointer lies outside its memory (before the start, or past the \(limit) elements memory can hold); index within what was allocated"
        case .notAssignable:
            "only a variable, a property, an instance variable, an element or *pointer can be assigned to"
        case .needsNumber(let op, let kind):
            "'\(op)' needs a number, but this is \(kind)"
        case .operatorNeedsIntegers(let op, let left, let right):
            "'\(op.rawValue)' needs integers, but got \(left) and \(right)"
        case .operatorNeedsNumbers(let op, let left, let right):
            "'\(op.rawValue)' needs numbers, but got \(left) and \(right)"
        case .pointersIntoDifferentArrays(let op):
            "'\(op.rawValue)' compares or subtracts two pointers into the same array (as `end - start` measures a C string), but these point into different ones"
        case .notANumberOperator(let op):
            "'\(op.rawValue)' is not an operator for numbers"
        case .shiftOutOfRange(let count):
            "cannot shift by \(count): a shift is by 0 to 63 bits"
        case .divisionByZero(let op):
            "\(op == .divide ? "division" : "remainder") by zero: the right operand of '\(op.rawValue)' is 0"
        case .addressOfNonVariable(let name):
            "'&' takes the address of a variable; '\(name)' is not one"
        case .addressNeedsVariable:
            "'&' takes the address of a variable, as in &error"
        case .dereferenceNeedsPointer(let kind):
            "'*' needs a pointer (as &variable gives one), but this is \(kind)"
        case .complementNeedsInteger(let kind):
            "'~' needs an integer, but this is \(kind)"
        case .unknownProtocol(let name, let suggestion):
            "no protocol named '\(name)'" + Suggestions.didYouMean(suggestion)
        case .arrowNeedsObject(let kind):
            "'->' needs an object or a pointer to a struct, but this is \(kind)"
        case .arrayIndexNotInteger(let kind):
            "an array is indexed by an integer, not \(kind)"
        case .indexOutOfBounds(let index, let count):
            "index \(index) is beyond the array's bounds (0..\(count - 1))" + (count == 0 ? ": the array is empty" : "")
        case .subscriptNeedsCollection(let kind):
            "only arrays and dictionaries can be subscripted, not \(kind)"
        case .initializerNeedsStruct:
            "an initializer in braces needs a struct type, such as CGRect or CGPoint"
        case .unmodelledDispatchSource(let type):
            "dispatch_source_create: rtsh runs timer sources (DISPATCH_SOURCE_TYPE_TIMER) on its virtual clock, not \(type); use a timer, or dispatch_async the work"
        case .unmodelledCryptography(let function, let given, let available):
            "\(function): rtsh's CommonCrypto does not have \(given); it has \(available)"
        case .overResumedDispatchSource:
            "dispatch_resume: the source is not suspended, so resuming it again over-resumes it, which GCD crashes on; resume it once for each dispatch_suspend, and once after dispatch_source_create"
        case .variadicOutsideMethod:
            "va_start reads the arguments after '...' of a method or function declared with ', ...'; there is none here"
        case .variadicListNotStarted(let function):
            "\(function) needs a va_list that va_start began, as in va_list args; va_start(args, first);"
        case .arraySizeNotCount(let given):
            "an array's size must be a whole number of elements, 0 or more, but this one is \(given)"
        case .arrayTooLarge(let elements, let limit):
            "the array would hold \(elements.map { "\($0)" } ?? "more") elements, more than rtsh makes (at most \(limit)); declare a smaller one"
        case .tooManyArrayValues(let count, let given):
            "the array holds \(count) element\(count == 1 ? "" : "s"), but the initializer gives \(given); give at most \(count), or make the array larger"
        case .namedValueInArray(let field):
            "'.\(field) =' names a struct's field, but this initializer is an array's; give the elements in order"
        case .tooManyInitializerValues(let structName, let fields, let given):
            "\(structName) has \(fields) fields, but the initializer gives \(given) values"
        case .unknownField(let structName, let field, let fields):
            "\(structName) has no field '\(field)'; its fields are \(fields.joined(separator: ", "))"
        case .tooManyValues(let structName):
            "too many values for \(structName)"
        case .tooManyIterations(let limit):
            "this loop ran \(limit) times without ending; rtsh stops a loop there"
        case .tooMuchWorkInLoop(let sends, let iterations):
            "this loop made \(sends) sends in \(iterations) times round without ending; rtsh stops a loop there (a loop waiting for another queue's block never ends here, as rtsh runs queues' blocks one after another)"
        case .forInNeedsCollection(let kind):
            "for...in needs an array, a dictionary, or an object that answers allObjects, keyEnumerator or objectEnumerator (a set, a map table, an ordered set), but this is \(kind)"
        case .fastEnumerationWithoutItems(let className, let count):
            "-[\(className) countByEnumeratingWithState:objects:count:] answered \(count) items but set no state->itemsPtr; point it at the buffer it was given (state->itemsPtr = buffer) or at storage of its own"
        case .switchNeedsInteger(let kind):
            "switch needs an integer (or an enum), but this is \(kind)"
        case .caseNeedsInteger(let kind):
            "a case needs an integer constant, but this is \(kind)"
        case .unknownCatchClass(let name):
            "no class named '\(name)' to catch"
        case .jumpOutOfStatementExpression:
            "return, break and continue cannot leave a statement expression ({ ... })"
        case .callsNonBlock(let kind):
            "only blocks can be called, but this is \(kind)"
        case .calledValueNotBlock(let name, let kind):
            "'\(name)' is \(kind), not a block; only blocks can be called"
        case .unboundBlock:
            "this block was not bound to the code around it, so it cannot run"
        case .blockOfResetRuntime:
            "this block belongs to a runtime that has been reset"
        case .functionOfResetRuntime(let name):
            "the function \(name) belongs to a runtime that has been reset"
        case .functionNotDefined(let name, let declaredAt):
            "the function \(name) is declared at \(declaredAt) but defined in none of the sources loaded"
        case .structFunctionArgumentCount(let function, let expected, let given):
            "\(function) takes \(expected) numbers, but \(given) \(given == 1 ? "is" : "are") given"
        case .structFunctionArgumentNotNumber(let function, let argument, let kind):
            "\(function) takes numbers, but its argument '\(argument)' is \(kind)"
        case .needsRect(let function):
            "\(function) takes one CGRect"
        case .needsStruct(let function, let expected):
            "\(function) takes \(expected)"
        case .needsInteger(let function):
            "\(function) takes one integer"
        case .needsNumbers(let function, let count):
            "\(function) takes \(count == 1 ? "one number" : "two numbers")"
        case .logNeedsFormat:
            "NSLog needs a format string first, as in NSLog(@\"%@\", value)"
        case .formatNeedsFormat:
            "format needs a format string first, as in format(@\"Hello, %@!\", name)"
        case .classFromStringNeedsName:
            "NSClassFromString needs one class name"
        case .stringFromClassNeedsClass:
            "NSStringFromClass needs one class"
        case .applicationMainArguments:
            "UIApplicationMain needs the delegate class's name, and optionally a testing delegate's name to prefer when it is defined "
                + "(or, as an app's main calls it, argc, argv, the principal class's name and the delegate class's name: NSStringFromClass([MMAppDelegate class]))"
        case .applicationMainWithoutDelegate(let adopting):
            adopting.isEmpty
                ? "UIApplicationMain was given no delegate class, and no class adopts UIApplicationDelegate; "
                    + "name the delegate class: UIApplicationMain(argc, argv, nil, NSStringFromClass([MMAppDelegate class]))"
                : "UIApplicationMain was given no delegate class, and \(adopting.count) classes adopt UIApplicationDelegate ("
                    + adopting.joined(separator: ", ") + "); name the one to launch: UIApplicationMain(argc, argv, nil, NSStringFromClass([\(adopting[0]) class]))"
        case .testingDelegateNotString:
            "the testing delegate is given by name, as a string"
        case .applicationMainInsideMethod:
            "UIApplicationMain is for the prompt and scripts, not for methods"
        case .mockNeedsClass:
            "mock needs one class, as in mock(UINavigationController)"
        case .mockInsideMethod:
            "mocks are made at the prompt or in scripts, not inside methods"
        case .existsNeedsLabel:
            "exists needs one accessibility label, or #identifier, as a string, as in exists(\"Say Hello\")"
        case .existsInsideMethod:
            "exists looks at the screen from the prompt or a script, not inside methods"
        case .fixtureNeedsName:
            "fixture needs one file name, as in fixture(\"coaches.json\")"
        case .assertionArguments(let function, let takesDescription):
            takesDescription
                ? "\(function) needs a condition and a description, as in \(function)(x > 0, @\"x must be positive\")"
                : "\(function) needs one condition, as in \(function)(x != nil)"
        case .assertionNeedsDescription(let function):
            "\(function) needs a description string after the condition"
        case .assertionNeedsNumber(let macro, let operand, let kind):
            "\(macro) compares numbers, but '\(operand)' is \(kind)"
        case .skipOutsideTest:
            "XCTSkip skips a running test, and no test is running: run the test case with 'test' or rtsh test"
        case .notAMatcher(let function, let position, let kind):
            "\(function) takes a matcher as its \(position) argument, such as equalTo(@\"Ada\") or hasItem(@\"Ada\"), but was given \(kind): "
                + "make one with equalTo(...) or another OCHamcrest function, or a subclass of HCBaseMatcher"
        case .functionArguments(let function, let expected, let given):
            "\(function) takes \(expected), but was given " + (given.isEmpty ? "nothing" : given.joined(separator: ", "))
        case .blockImplementationArity(let method, let parameters, let arguments, true):
            "the function given as the IMP of \(method) takes \(parameters) parameter\(parameters == 1 ? "" : "s"), but the method passes self, _cmd and "
                + "\(arguments) argument\(arguments == 1 ? "" : "s"): it needs \(arguments + 2), as in void f(id self, SEL _cmd\(String(repeating: ", id arg", count: arguments)))"
        case .blockImplementationArity(let method, let parameters, let arguments, false):
            "the block given as the IMP of \(method) takes \(parameters) parameter\(parameters == 1 ? "" : "s"), but the method passes self and "
                + "\(arguments) argument\(arguments == 1 ? "" : "s"): it needs \(arguments + 1), self first, then the arguments (no _cmd), as in ^(id self\(String(repeating: ", id arg", count: arguments))) { ... }"
        case .runLoopOverrun(let overrun):
            overrun.description
        case .waitsForever(let function, let waitingFor) where function.hasPrefix("CFRunLoop"):
            "\(function) would wait for ever for \(waitingFor): nothing scheduled on the run loop is left to run; "
                + "schedule the work that stops it before running the loop, or run it for a while with CFRunLoopRunInMode(kCFRunLoopDefaultMode, seconds, false)"
        case .waitsForever(let function, let waitingFor):
            "\(function) would wait for ever for \(waitingFor): nothing scheduled on the run loop is left to run, and rtsh runs one thread; "
                + "signal or leave before waiting, dispatch the work that does, or wait with a timeout"
        case .stackExhausted:
            "calls nest too deeply for the thread's stack: runaway recursion, such as a method or block that calls "
                + "itself forever, or waits inside queued work that each run the next piece of work inside them; end the recursion, or signal before waiting"
        case .unbalancedGroupLeave:
            "Unbalanced call to dispatch_group_leave(): the group was left more often than it was entered; pair each dispatch_group_leave with a dispatch_group_enter"
        case .fixtureMissing(let path):
            "cannot read the fixture \(path): there is no such file"
        case .fixtureNotUTF8(let path):
            "the fixture \(path) is not UTF-8 text"
        case .fixtureNotJSON(let path, let error):
            "the fixture \(path) is not valid JSON: \(Fixtures.describe(error))"
        case .unknownClass(let name, let suggestion):
            "no class named '\(name)'" + Suggestions.didYouMean(suggestion)
        case .extensionAfterImplementation(let name):
            "the class extension of \(name) comes after its @implementation; extensions belong before it"
        case .extensionWithoutInterface(let name):
            "a class extension needs its class's @interface first: no @interface \(name) was read"
        case .dependencyNotLoaded(let name, let dependency, let failedAt):
            "\(name) is not loaded because \(dependency) failed (\(Self.fileAndLine(failedAt)))"
        case .interfaceUnreadable(let name, let className, let failedAt):
            "\(name) is not loaded because the @interface of \(className) could not be read (\(Self.fileAndLine(failedAt)))"
        case .interfaceOfDefinedClass(let name):
            "\(name) is rtsh's own class (or a stand-in), not one your code defined, so it cannot be declared again; "
                + "to add to it, write a category: @interface \(name) (Name) ... @end"
        case .interfaceReadTwice(let name):
            "@interface \(name) is read twice; a second one adding to it is a class extension, @interface \(name) ()"
        case .classAlreadyDefined(let name):
            "\(name) is rtsh's own class (or a stand-in), not one your code defined, so it cannot be defined again; "
                + "to add or replace methods, write a category: @implementation \(name) (Name) ... @end"
        case .protocolChanged(let name):
            "@protocol \(name) differs from the one defined before, and a protocol cannot be defined again (the classes adopting it "
                + "keep the first); give the changed protocol another name, or reset and load again"
        case .superclassMismatch(let className, let declared, let written):
            "@interface \(className) says its superclass is \(declared), but @implementation says \(written)"
        case .implementationNeedsSuperclass(let name):
            "\(name) needs a superclass, as in @implementation \(name) : NSObject"
        case .interfaceNeedsSuperclass(let name):
            "\(name) needs a superclass, as in @interface \(name) : NSObject"
        case .categoryAddsIvar(let ivar, let className):
            "a category cannot add instance variables; declare \(ivar) in @interface \(className) { ... }, or use a property"
        case .enumConstantNotInteger(let name, let kind):
            "the enum constant \(name) needs an integer, but this is \(kind)"
        }
    }

    /// `MMBase.m:3`: where something failed, as a dependent names it.
    private static func fileAndLine(_ location: SourceLocation) -> String {
        location.file.map { "\($0):\(location.line)" } ?? "line \(location.line)"
    }
}
