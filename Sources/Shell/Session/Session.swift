import Foundation
import Runtime
import UIKitModel

/// One shell session: a runtime with the class library, the session's variables, and
/// the input being typed. Lines go in through ``execute(line:)``; output goes to the
/// session's ``ShellOutput``.
public final class Session {
    /// What a line of input did.
    public enum Outcome: Equatable, Sendable {
        /// The input so far is complete and ran (or failed, see ``failureCount``).
        case done
        /// A block is open: more lines are needed (the prompt becomes `...> `).
        case needsMore
        /// The user asked to quit.
        case quit
    }

    public private(set) var library: ClassLibrary
    public var runtime: Runtime { library.runtime }
    /// The run loop's clock, dispatch queues and associated objects of ``library``.
    private(set) var framework: FrameworkState
    let output: ShellOutput
    /// Enum constants, C functions and file-scope variables every file and the prompt see.
    let globals = Environment()
    /// The session's variables, made at the prompt and in scripts.
    let variables: Environment
    /// The macros defined so far: the framework's, then every `#define` read.
    var macros: Macros {
        get { macrosSoFar ?? .framework }
        set { macrosSoFar = newValue }
    }
    /// Nil until something is read: the framework's macros come from lexing their headers,
    /// a third of an empty session's start-up, which a session that reads nothing skips.
    private var macrosSoFar: Macros?
    /// The macros of vendored framework copies (``Macros/frameworkCopy``, then every
    /// `#define` their files read): shared by the copies' files, as their own build shares
    /// them, and kept apart from the tree's. Nil until a copy is read.
    var frameworkCopyMacros: Macros?
    /// The type names known: the framework's, and every typedef, enum, struct and class read.
    var types = TypeTable() {
        didSet { promptServices = nil }
    }
    /// The project headers spliced in so far: `#import` reads each once.
    var includedHeaders: Set<String> = []
    /// The project headers each file imports itself, spliced in there or read already, by
    /// the file's path: what its compiler would see of the tree's declarations.
    var headersImported: [String: Set<String>] = [:]
    /// The files of the tree being loaded, to find headers that `#import` names.
    var loadingFiles: [String] = []
    /// ``loadingFiles`` by file name, for `#import` to find a header anywhere in the tree.
    var loadingFilesByName: [String: [String]] = [:]
    /// The directories the files being loaded are under, as the paths named them (and a
    /// program's own folder): where a framework copy's folder is looked for.
    var loadingDirectories: [String] = []
    /// Methods whose bodies could not be read, by class name: they are not in the class,
    /// and an audit reports them rather than passing them.
    public internal(set) var unreadMethods: [String: [UnreadMethodRecord]] = [:]
    /// C functions the loaded code calls that nothing declares (the framework's, from
    /// headers rtsh does not read): a call raises when it runs. Loading names them.
    public internal(set) var libraryFunctionsCalled: Set<String> = []
    /// The classes and protocols of a test framework rtsh runs itself that the loaded
    /// files define again (a copy of GHUnit or OCHamcrest in the tree): rtsh's own stand
    /// for them, and loading names them.
    var frameworkCopiesSkipped: Set<String> = []
    /// `@interface`s without an `@implementation` yet, by class name; for a class already
    /// defined, the one its next definition takes.
    var pendingInterfaces: [String: InterfaceDefinition] = [:]
    /// The properties each category's `@interface` declares, by `Class(Category)`: the
    /// category's `@implementation` adds them to its class, as clang puts them in the
    /// category's metadata.
    var categoryProperties: [String: [(property: Property, location: SourceLocation)]] = [:]
    /// The `@interface` of each category that adopts protocols, by `Class(Category)`: its
    /// `@implementation` adopts them in its class, as clang lists them in the category's
    /// metadata (`NSString (MixpanelTypeCategory) <MixpanelType>`).
    var categoryAdoptions: [String: InterfaceDefinition] = [:]
    /// The classes the session's code defined, by name, as written: what a definition read
    /// again is compared with.
    var definedClasses: [String: DefinedClass] = [:]
    /// The categories the session's code defined, in the order defined, one per class and name.
    var definedCategories: [DefinedCategory] = []
    /// The `+load` methods of classes and categories defined and not yet run, in the order
    /// they are to run: see ``runLoadMethods()``.
    var pendingLoadMethods: [PendingLoad] = []
    /// The protocols the session's code defined, with their fingerprints and the files they are in.
    var definedProtocols: [String: (fingerprint: Int, file: String?)] = [:]
    /// Each source file's scope by path: a file loaded again defines its statics and
    /// functions where the classes it left unchanged look them up.
    var fileScopes: [String: FileScope] = [:]
    /// What the definitions read since the `source` running now began did.
    var tally = DefinitionTally()
    /// The files `source` and `--load` ran or loaded so far, absolute, with the ledger
    /// changes the last run of each made: running one again reloads it.
    var sourcedRuns: [String: [LedgerEntry.ID]] = [:]
    /// The statement or definition being typed or read, until it is whole.
    private var pending: PendingInput?
    /// Errors, failed checks and failed assertions so far.
    public internal(set) var failureCount = 0
    /// Errors an earlier program of the same tree reported (see ``forEachProgram(of:named:_:)``),
    /// by ``errorKey(_:_:_:)``: the same error in a file the programs share is neither
    /// printed nor counted again.
    var errorsReportedBefore: Set<String> = []
    /// The errors and broken expectations so far, in order (failed checks are in ``checkOutcomes``).
    public internal(set) var failures: [Failure] = []
    /// The rules `check super` and the audit judge overrides by: UIKit's, with what
    /// `policy` and a policy file changed. A setting of the session: `reset` keeps it.
    public var superCallPolicy = SuperCallPolicy.uikit
    /// Every check run so far (`check super`, `check creation`), in order.
    public internal(set) var checkOutcomes: [CheckOutcome] = []
    var trace: (token: TraceObserverToken, filter: Glob?)?
    /// Files being sourced, innermost last, to refuse a file that sources itself.
    var sourceStack: [String] = []
    /// The directory relative paths in `source` are taken from at the prompt.
    public var workingDirectory: String {
        didSet { promptServices = nil }
    }
    /// Where the arguments of the command running now start, for the locations of errors in them.
    private(set) var argumentsOrigin = SourceLocation.start
    /// The lines of every script run, to show the line an error points into when a method
    /// or block written there fails later.
    var scriptLines: [String: [Substring]] = [:]
    /// How many files and folders `source DIRECTORY` walks before it refuses: a large app's
    /// tree holds tens of thousands; more means a folder such as `/` or a home directory
    /// was named, whose walk would take minutes.
    public var maximumSourceTreeEntries = 100_000
    /// The text of every source file loaded, moved to ``scriptLines`` when an error first
    /// shows one of its lines.
    var sourceTexts: [String: String] = [:]
    /// The script being run, innermost when scripts source scripts.
    private(set) var currentFile: String? {
        didSet {
            scriptDirectory = currentFile.map { file in
                let directory = (file as NSString).deletingLastPathComponent
                return directory.isEmpty ? "." : directory
            }
        }
    }
    /// The directory of ``currentFile``, worked out once per script rather than per statement.
    private var scriptDirectory: String? {
        didSet { promptServices = nil }
    }
    /// What statements at the prompt reach (the console, the directory, the types, the
    /// session's variables): made once, and again only after one of those changes.
    private var promptServices: Interpreter.Services?

    /// Where relative paths in code are taken from: the running script's directory, or
    /// the working directory at the prompt.
    var currentDirectory: String { scriptDirectory ?? workingDirectory }

    /// The output of the statement running now, for the recording and for replay.
    let capture = OutputCapture()
    /// The lines of the statement being typed or run, kept while statements are recorded.
    private var statementLines: [String] = []
    /// Where statements are being recorded, if they are.
    var recorder: Recorder?
    /// The scripts and source trees loaded from outside any script (`--load`, `source` at
    /// the prompt), absolute, in order: a new recording begins by loading them again.
    private(set) var loadedPaths: [String] = []

    /// The paths loaded with `--load`, as written and absolute: `reset` loads them again.
    var startupPaths: [(written: String, path: String)] = []

    /// Notes that `path` was loaded from outside any script, for recordings to begin with
    /// (once, however often it is loaded).
    public func rememberLoaded(_ path: String) {
        let loaded = standardized(path)
        if !loadedPaths.contains(loaded) { loadedPaths.append(loaded) }
    }

    /// `path` from the working directory, standardized, as the session keeps paths it loaded.
    func standardized(_ path: String) -> String {
        (resolve(path, relativeTo: nil) as NSString).standardizingPath
    }

    /// `path` in full, from the root, as messages name a file wherever rtsh runs.
    func fullPath(_ path: String) -> String {
        let resolved = resolve(path, relativeTo: nil)
        let full = resolved.hasPrefix("/") ? resolved : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(resolved)
        return (full as NSString).standardizingPath
    }

    public init(output: ShellOutput, workingDirectory: String = ".") throws {
        let capture = capture
        // Everything printed also goes to the capture, in the order it was printed.
        self.output = ShellOutput(
            standardOutput: { line in
                capture.append(line)
                output.printLine(line)
            },
            standardError: { line in
                capture.append(line)
                output.printErrorLine(line)
            })
        self.workingDirectory = workingDirectory
        variables = Environment(parent: globals)
        library = try Self.makeLibrary(output: self.output)
        framework = FrameworkState(runLoop: library.environment.runLoop, container: library.environment.container, standIns: library.standIns, tests: library.tests)
        resetTypes()
        defineCLibraryGlobals()
    }

    /// The C library's variables code assigns: `errno`, which nothing here sets, so it
    /// reads as code last left it (0 to start with). They are not the user's: `vars` leaves
    /// them out.
    static let cLibraryGlobals: [String: Value] = ["errno": .int(0)]

    private func defineCLibraryGlobals() {
        for (name, value) in Self.cLibraryGlobals { globals.define(name, value) }
    }

    deinit {
        framework.tearDown()
    }

    /// The type table over the current runtime: its classes are type names.
    func resetTypes() {
        types = TypeTable()
        // Blocks hold the table through their services, so it must not hold the runtime.
        let reference = RuntimeReference(runtime)
        types.isKnownClass = { name in reference.runtime?.class(named: name) != nil }
    }

    private static func makeLibrary(output: ShellOutput) throws -> ClassLibrary {
        try ClassLibrary(console: Console { output.print($0) })
    }

    /// The prompt for the next line.
    public var prompt: String { pending == nil ? "rtsh> " : "...> " }

    /// Whether a block is open and more lines are needed.
    public var isContinuing: Bool { pending != nil }

    /// Drops the statement or block being typed (Ctrl-C).
    public func cancelPendingInput() {
        pending = nil
        statementLines.removeAll()
    }

    /// Runs one line of input: a command, or a line of a statement or definition.
    ///
    /// - Parameters:
    ///   - file: the script the line comes from, for error positions.
    ///   - lineNumber: the line's number in that script.
    @discardableResult
    public func execute(line: String, file: String? = nil, lineNumber: Int = 1) -> Outcome {
        if pending != nil {
            if !isSourcing, recorder != nil { statementLines.append(line) }
            pending?.add(line)
            guard let input = pending, input.isBalanced else { return .needsMore }
            // Brackets balance; the parser says whether the statement is whole (`x =` is not).
            guard evaluate(input, unlessIncomplete: true) else { return .needsMore }
            pending = nil
            finishStatement()
            return .done
        }
        if Self.isBlankOrComment(line) {
            lastStatementOutput = []
            return .done
        }
        startStatement(line)
        // The line is lexed once: its tokens say whether it is a command or starts a statement.
        var input = PendingInput(file: file, firstLine: lineNumber)
        input.add(line)
        if let (command, arguments) = commandInvocation(input.tokens) {
            argumentsOrigin = arguments.first?.location ?? SourceLocation(file: file, line: lineNumber, column: line.unicodeScalars.count + 1)
            let outcome = run(command, arguments: arguments, line: line, file: file, lineNumber: lineNumber)
            // What a command made the app queue (a tap's action) runs as a statement's would.
            runMainQueue(file: file, firstLine: lineNumber, source: line)
            finishStatement(record: command.isRecorded)
            return outcome
        }
        // Most statements are whole in their first line: they run from here, and only one
        // that needs more lines is kept as pending, which spares copying the input in and out.
        guard input.isBalanced, evaluate(input, unlessIncomplete: true) else {
            pending = input
            return .needsMore
        }
        finishStatement()
        return .done
    }

    /// Whether a line is empty, blank, or a comment: `// ...`, or `# ...` where no directive's
    /// name follows the `#` at once (`#define` is a directive, `# define` a comment). Read on
    /// bytes, as it is asked of every line.
    static func isBlankOrComment(_ line: String) -> Bool {
        let bytes = line.utf8
        // Most lines start with code: one byte tells.
        if let first = bytes.first, first != 0x20, !(0x09...0x0D).contains(first), first != UInt8(ascii: "/"), first != UInt8(ascii: "#") {
            return false
        }
        guard let start = bytes.firstIndex(where: { $0 != 0x20 && !(0x09...0x0D).contains($0) }) else {
            return true
        }
        let rest = bytes[start...]
        if rest.starts(with: "//".utf8) { return true }
        guard rest.first == UInt8(ascii: "#") else { return false }
        let word = rest.dropFirst().prefix { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
        return !Lexer.directives.contains(String(decoding: word, as: UTF8.self))
    }

    /// The output of the last statement that finished, in the order it was printed.
    public private(set) var lastStatementOutput: [String] = []

    /// Whether lines come from a sourced file: they belong to the `source` statement, and
    /// are neither statements of their own nor recorded apart.
    private var isSourcing: Bool { !sourceStack.isEmpty }

    private func startStatement(_ line: String) {
        guard !isSourcing else { return }
        // Only a recording keeps the statement's lines; it starts and stops between statements.
        statementLines = recorder == nil ? [] : [line]
        _ = capture.take()
        _ = library.standIns.takeRecentUses()
        statementStart = (DispatchTime.now().uptimeNanoseconds, failures.count, checkOutcomes.count)
    }

    /// When the statement running now started, and how many failures and checks there were then.
    private var statementStart: (time: UInt64, failures: Int, checks: Int) = (0, 0, 0)

    /// Gives the failures and checks of the statement that just finished its running time.
    private func timeStatement() {
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - statementStart.time) / 1e9
        for index in failures.indices.dropFirst(statementStart.failures) { failures[index].seconds = seconds }
        for index in checkOutcomes.indices.dropFirst(statementStart.checks) { checkOutcomes[index].seconds = seconds }
    }

    /// Records the statement that just finished, with its output, unless it is about the
    /// session itself.
    private func finishStatement(record: Bool = true) {
        guard !isSourcing else { return }
        // Between top-level statements no send is running (the session sends on this
        // thread only), so what the statement's changes retired can go.
        runtime.reclaimRetired()
        let standIns = library.standIns.takeRecentUses()
        if !standIns.isEmpty { output.print(Self.standInNote(standIns)) }
        lastStatementOutput = capture.take()
        timeStatement()
        guard record, let recorder, !statementLines.isEmpty else { return }
        let entry = Transcript.Entry(
            statement: statementLines, expected: lastStatementOutput.map { Transcript.expectation(for: recorder.placeholders.apply($0)) })
        statementLines = []
        do {
            try recorder.append(entry)
        } catch {
            self.recorder = nil
            report(error, file: nil, firstLine: 1, source: nil)
        }
    }

    /// Runs a whole script, line by line, as if typed.
    ///
    /// - Returns: false when the script could not finish (`quit` aside, an unclosed block at
    ///   its end); failures are counted in ``failureCount``.
    @discardableResult
    public func run(script text: String, file: String) -> Bool {
        let outerFile = currentFile
        currentFile = file
        let lines = text.droppingByteOrderMark.lines
        scriptLines[file] = lines
        defer { currentFile = outerFile }
        var lineNumber = 0
        for line in lines {
            lineNumber += 1
            if execute(line: String(line), file: file, lineNumber: lineNumber) == .quit { return true }
        }
        if let open = pending {
            cancelPendingInput()
            if open.isBalanced {
                // The parser's own error says what the statement still needed.
                evaluate(open, unlessIncomplete: false)
            } else {
                report(ShellError("this block, statement or bracket is never closed before the end of the file", at: SourceLocation(file: file, line: open.firstLine, column: 1)),
                       file: file, firstLine: open.firstLine, source: nil)
            }
            return false
        }
        return true
    }

    /// Makes a fresh runtime and class library, and forgets the variables, the trace and
    /// everything defined or loaded; ``reset(all:)`` loads `--load`'s paths again after.
    func startOver() throws {
        if let trace { runtime.removeTraceObserver(trace.token) }
        trace = nil
        let standInsWereEnabled = library.standIns.isEnabled
        library = try Self.makeLibrary(output: output)
        // Whether stand-ins answer is a setting of the session, not of what was loaded.
        library.standIns.isEnabled = standInsWereEnabled
        framework.tearDown()
        framework = FrameworkState(runLoop: library.environment.runLoop, container: library.environment.container, standIns: library.standIns, tests: library.tests)
        promptServices = nil
        variables.removeAll()
        globals.removeAll()
        defineCLibraryGlobals()
        pendingInterfaces.removeAll()
        pending = nil
        macrosSoFar = nil
        frameworkCopyMacros = nil
        includedHeaders.removeAll()
        headersImported.removeAll()
        unreadMethods.removeAll()
        libraryFunctionsCalled.removeAll()
        frameworkCopiesSkipped.removeAll()
        loadedPaths.removeAll()
        startupPaths.removeAll()
        definedClasses.removeAll()
        definedCategories.removeAll()
        definedProtocols.removeAll()
        fileScopes.removeAll()
        sourcedRuns.removeAll()
        tally = DefinitionTally()
        resetTypes()
    }

    // MARK: Evaluation

    /// Reads and runs a whole statement or definition from the tokens its lines were lexed
    /// into. When `unlessIncomplete` is set and the input ends before what it started is
    /// whole, nothing is run or kept (not even a `#define`) and the result is false: the
    /// input waits for another line.
    @discardableResult
    private func evaluate(_ input: PendingInput, unlessIncomplete: Bool) -> Bool {
        var readMacros = macros
        let headersBefore = includedHeaders
        let items: [TopLevelItem]
        do {
            let tokens = try Preprocessor.run(input.tokensEndingInput, macros: &readMacros, include: includer(from: input.file))
            installImportedCategories(readMacros)
            var parser = Parser(tokens: tokens, mode: .prompt, types: types)
            items = try parser.parseAll()
            if parser.types.revision != types.revision { types = parser.types }
        } catch {
            if unlessIncomplete, error.isIncompleteInput {
                includedHeaders = headersBefore
                return false
            }
            macros = readMacros
            report(error, file: input.file, firstLine: input.firstLine, source: input.text)
            return true
        }
        macros = readMacros
        var ranStatement = false
        do {
            let scope = FileScope(environment: variables, directory: currentDirectory)
            for item in items {
                if case .statement = item { ranStatement = true }
                try execute(item, in: scope)
            }
        } catch {
            report(error, file: input.file, firstLine: input.firstLine, source: input.text)
        }
        // The run loop's turn ends with the input's statements: then what they queued runs.
        if ranStatement { runMainQueue(file: input.file, firstLine: input.firstLine, source: input.text) }
        flushStandardOutput()
        return true
    }

    /// Prints what `printf` wrote short of a newline: at the end of each input and each
    /// test, so nothing written is lost when no newline follows.
    func flushStandardOutput() {
        framework.standardOutput.flush(to: library.console)
    }

    /// Runs what the main queue has due now (`dispatch_async` blocks, and what they queue):
    /// the run loop's turn after a statement. Work that keeps queueing more is dropped past
    /// the clock's limit, or it would fail every statement after it.
    private func runDue() throws {
        do { try framework.clock.runDue() } catch let overrun as VirtualClock.Overrun {
            let dropped = framework.clock.cancelDue()
            var error = EvaluationError(.runLoopOverrun(overrun))
            error.notes.append("what was still due now (\(dropped)) is dropped, so that later statements run")
            throw error
        }
    }

    /// ``runDue()``, reporting an error a block ends in as the statement's.
    private func runMainQueue(file: String?, firstLine: Int, source: String?) {
        do { try runDue() } catch { report(error, file: file, firstLine: firstLine, source: source) }
    }

    private func execute(_ item: TopLevelItem, in scope: FileScope) throws {
        switch item {
        case .statement(let statement):
            let interpreter = topLevelInterpreter()
            if case .expression(let written) = statement {
                let expression = try interpreter.bind(written)
                let value = try interpreter.evaluate(expression)
                if !interpreter.yieldsNothing(expression, result: value) {
                    output.print(value.description)
                    rememberLastValue(value)
                }
            } else {
                switch try interpreter.execute(try interpreter.bind([statement])) {
                case .broke(let location): throw EvaluationError(.breakOutsideLoop, at: location)
                case .continued(let location): throw EvaluationError(.continueOutsideLoop, at: location)
                default: break
                }
            }
        default:
            try define(item, in: scope)
            try runLoadMethods()
        }
        // What the statement let go of is sent `-dealloc` now, its errors the statement's.
        if runtime.hasPendingDeallocs { try runtime.sendPendingDeallocs() }
    }

    /// An interpreter for statements at the prompt: session variables, depth 0.
    func topLevelInterpreter(environment: Environment? = nil) -> Interpreter {
        let services: Interpreter.Services
        if environment == nil, let promptServices {
            services = promptServices
        } else {
            services = Interpreter.Services(
                console: library.console, directory: currentDirectory, types: types, framework: framework,
                findClass: { [unowned self] name, makingStandIns in try self.findClass(named: name, makingStandIns: makingStandIns) },
                makeMock: { [library] in try library.makeMock(of: $0) },
                launchApplication: { [library] in try library.launchApplication(delegate: $0, testingDelegate: $1) },
                viewExists: { [library] label in
                    try library.isShowing(label.hasPrefix("#") ? .identifier(String(label.dropFirst())) : .label(label))
                },
                sessionVariables: environment == nil ? variables : nil)
            if environment == nil { promptServices = services }
        }
        return Interpreter.kept(runtime: runtime, services: services, frame: Frame.make(size: 0), globals: environment ?? variables)
    }

    /// The class named `name`, registering a pending @interface of that name on first use.
    /// A framework class the runtime lacks is made as a stand-in, unless `makingStandIns` is
    /// false (commands that look classes up do not make them).
    func findClass(named name: String, makingStandIns: Bool = true) throws -> Class? {
        if let cls = runtime.class(named: name) {
            // An @interface read again for a class the code defined: its first use defines it again.
            guard pendingInterfaces[name] != nil else { return cls }
            try redefine(name, implementation: nil, in: nil)
            return runtime.class(named: name)
        }
        if let pending = pendingInterfaces[name] { return try registerInterfaceOnly(pending) }
        return makingStandIns ? try runtime.getClass(named: name) : nil
    }

    // MARK: Errors and failures

    /// Counts a failed check, or a broken expectation that `failure` describes.
    func recordFailure(_ failure: Failure? = nil) {
        failureCount += 1
        if let failure { failures.append(failure) }
    }

    /// A broken expectation of the command running now, at its place.
    func brokenExpectation(_ message: String) -> Failure {
        Failure(kind: .brokenExpectation, message: message, file: argumentsOrigin.file, line: argumentsOrigin.line)
    }

    /// What an error says and where, for every kind of error a statement can end in.
    static func messageAndLocation(of error: Error) -> (message: String, location: SourceLocation?) {
        switch error {
        case let shellError as ShellError: (shellError.message, shellError.location)
        case let syntaxError as SyntaxError: (syntaxError.message, syntaxError.location)
        case let evaluationError as EvaluationError: (evaluationError.message, evaluationError.location)
        case let raised as RaisedException: ("uncaught exception: \(raised)", raised.location)
        // Where the method went wrong, which may be far from the statement that called it.
        case let failure as MethodBodyError: ("in \(failure.method): \(failure.error.message)", failure.error.location)
        case let uncaught as UncaughtException: ("uncaught exception: \(uncaught)", nil)
        case let raised as RaisedNSException: ("uncaught exception: \(raised)", nil)
        case let broken as BrokenExpectation: (broken.message, broken.location)
        default: (String(describing: error), nil)
        }
    }

    /// Prints an error as `error: FILE:LINE:COLUMN: message` (or `error: line L, column C:
    /// message` at the prompt), then the source line with a caret under the spot.
    ///
    /// - Parameters:
    ///   - file: the script the failed statement comes from; nil at the prompt.
    ///   - firstLine: the line of that script the statement starts on.
    ///   - source: the statement's text, to show the line an error points into.
    func report(_ error: Error, file: String?, firstLine: Int, source: String?) {
        let described = Self.messageAndLocation(of: error)
        var message = described.message
        let location = described.location
        if !errorsReportedBefore.isEmpty, errorsReportedBefore.contains(Self.errorKey(message, location?.file ?? file, location?.line ?? firstLine)) { return }
        defer {
            recordFailure(Failure(
                kind: error is BrokenExpectation ? .brokenExpectation : .error, message: message,
                file: location?.file ?? file, line: location?.line ?? firstLine, screenshot: (error as? BrokenExpectation)?.screenshot))
        }
        guard let location else {
            output.printError("error: " + (file.map { "\($0):\(firstLine): " } ?? "") + message)
            return
        }
        // A method or block written in another script, or earlier at the prompt, says where it was called.
        let statementLines = source?.lines ?? []
        let inStatement = location.file == file && (firstLine..<firstLine + statementLines.count).contains(location.line)
        if !inStatement, let file, location.file != file || location.line != firstLine {
            message += " (called from \(file):\(firstLine))"
        }
        output.printError("error: \(location): \(message)")
        let sourceLine: Substring? = if inStatement {
            statementLines[location.line - firstLine]
        } else if let scriptFile = location.file, let lines = lines(of: scriptFile), location.line - 1 < lines.count {
            lines[location.line - 1]
        } else {
            nil
        }
        if let sourceLine {
            output.printError("  " + sourceLine)
            let indent = sourceLine.prefix(location.column - 1).map { $0 == "\t" ? "\t" : " " }.joined()
            output.printError("  " + indent + "^")
        }
    }

    /// The lines of a script run or a source file loaded, split once: a file with many
    /// errors is not split again for each.
    private func lines(of file: String) -> [Substring]? {
        if let lines = scriptLines[file] { return lines }
        guard let text = sourceTexts.removeValue(forKey: file) else { return nil }
        let lines = text.droppingByteOrderMark.lines
        scriptLines[file] = lines
        return lines
    }
}
