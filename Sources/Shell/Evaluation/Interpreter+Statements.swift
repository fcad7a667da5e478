import Runtime
import UIKitModel

/// Running statements: C's control flow and Objective-C's exceptions.
extension Interpreter {
    /// How a run of statements ended.
    enum Flow {
        case finished
        case returned(Value)
        case broke(SourceLocation)
        case continued(SourceLocation)
        /// A `goto`, going out until a statement list holds its label.
        case jumped(String, SourceLocation)
    }

    /// The most times one loop runs: a loop that never ends is an error there, not a hang.
    static let maximumIterations = 50_000_000
    /// The sends a loop's turn makes on average past which it is heavy work (a test writing
    /// five thousand entries to a disk cache, each a few hundred sends), not a spin waiting
    /// for another queue, whose turns make a few: a heavy loop may make
    /// ``heavyLoopAllowance`` times the sends a light one may.
    static let heavyTurnSends = 100, heavyLoopAllowance = 20
    /// A loop's count of its iterations, the session's sends when it began, and how many
    /// more it may make (``FrameworkState/loopSendLimit``).
    struct LoopCount {
        var iterations = 0
        let sendsBefore: Int
        let sendLimit: Int
    }

    /// The count of a loop beginning now.
    private func startLoop() -> LoopCount {
        LoopCount(sendsBefore: context.framework.sendsMade.load(ordering: .relaxed), sendLimit: context.framework.loopSendLimit.load(ordering: .relaxed))
    }

    func execute(_ statements: [Statement]) throws -> Flow {
        var index = 0
        // Made at the first jump back: most statement lists have none.
        var jumps: LoopCount?
        while index < statements.count {
            let flow = try execute(statements[index])
            index += 1
            // Instances the statement let go are sent `-dealloc` before the next one runs, as
            // they are in Objective-C when their last reference goes.
            if runtime.hasPendingDeallocs { try runtime.sendPendingDeallocs() }
            if case .finished = flow { continue }
            // A goto to a label of this list goes on from there; one back counts as a loop's turn.
            if case .jumped(let name, let location) = flow,
               let target = statements.firstIndex(where: { if case .label(name, _) = $0 { true } else { false } }) {
                if target < index {
                    var counted = jumps ?? startLoop()
                    try count(&counted, at: location)
                    jumps = counted
                }
                index = target + 1
                continue
            }
            return flow
        }
        return .finished
    }

    func execute(_ statement: Statement) throws -> Flow {
        switch statement {
        case .expression(let expression):
            _ = try evaluate(expression)
        case .declaration(let declaration):
            try declare(declaration)
        case .group(let statements):
            return try execute(statements)
        case .compound(let statements):
            return try execute(statements)
        case .scope(let statements, let slots):
            defer { frame.release(slots) }
            return try execute(statements)
        case .cleanup(let statements, let call):
            let flow: Flow
            do {
                flow = try execute(statements)
            } catch {
                // The cleanup runs as the exception leaves its scope; the exception goes on,
                // and one the cleanup itself raises takes its place, as an unwinding C++
                // or Objective-C cleanup's would.
                _ = try evaluate(call)
                throw error
            }
            _ = try evaluate(call)
            return flow
        case .return(let value, _):
            return .returned(try value.map(evaluate) ?? .nil)
        case .if(let condition, let then, let otherwise, _):
            if try evaluate(condition).isTruthy {
                return try execute(then)
            } else if let otherwise {
                return try execute(otherwise)
            }
        case .while(let condition, let body, let location):
            var iterations = startLoop()
            while try evaluate(condition).isTruthy {
                try count(&iterations, at: location)
                if let exit = Self.loopExit(try execute(body)) { return exit }
            }
        case .doWhile(let body, let condition, let location):
            var iterations = startLoop()
            repeat {
                try count(&iterations, at: location)
                if let exit = Self.loopExit(try execute(body)) { return exit }
            } while try evaluate(condition).isTruthy
        case .for(let initial, let condition, let step, let body, let location):
            _ = try execute(initial)
            var iterations = startLoop()
            while try condition.map(evaluate)?.isTruthy ?? true {
                try count(&iterations, at: location)
                if let exit = Self.loopExit(try execute(body)) { return exit }
                for expression in step { _ = try evaluate(expression) }
            }
        case .forIn(let item, _, let collection, let body, let location):
            let subject = try evaluate(collection)
            if case .object(let object) = subject, let selector = try fastEnumerationSelector(of: object) {
                return try enumerate(object, with: selector, into: item, body, at: location)
            }
            let elements = try elements(of: subject, at: location)
            for element in elements {
                try assign(element, to: item, at: location)
                if let exit = Self.loopExit(try execute(body)) { return exit }
            }
        case .switch(let statement):
            return try execute(statement)
        case .break(let location):
            return .broke(location)
        case .continue(let location):
            return .continued(location)
        case .throw(let value, let location):
            // The binder gave `@throw;` the caught exception as its value.
            guard let value else {
                throw EvaluationError(.rethrowOutsideCatch, at: location)
            }
            throw try RaisedException(throwing: try evaluate(value), at: location, in: runtime)
        case .try(let body, let catches, let finally, _):
            return try executeTry(body, catches: catches, finally: finally)
        case .label:
            break
        case .goto(let name, let location):
            return .jumped(name, location)
        case .synchronized(let object, let body, _):
            // One interpreter runs a method's statements on one thread: evaluating the
            // object (for its effects) and running the body is the whole of the lock's meaning here.
            _ = try evaluate(object)
            return try execute(body)
        }
        return .finished
    }

    /// Starts a declared variable's life in its slot (or, at the prompt's top level, in the
    /// session); a `static` is initialised only the first time.
    private func declare(_ declaration: Declaration) throws {
        let location = declaration.location
        let type = try declaration.type.map { try sized($0, by: declaration.arraySizes, at: location) }
        if let storage = declaration.storage {
            // In scope before its initializer runs, as in C: `static void *Context = &Context;`
            // points at the static itself.
            if let slot = declaration.slot {
                frame.place(.static(storage), at: slot)
            } else {
                globals.defineStatic(declaration.name, storage, holdsObject: declaration.holdsObject)
            }
            if storage.value == nil { storage.initialize(try initialValue(declaration.value, type: type, at: location)) }
            return
        }
        if let slot = declaration.slot, declaration.isShared, declaration.value != nil {
            // A `__block` variable is in scope, shared, before its initializer runs, as in C:
            // a block made by the initializer (`__block id observer = [center
            // addObserverForName:... usingBlock:^{ [center removeObserver:observer]; }]`)
            // shares the variable, and sees the value it is then given.
            frame.declare(type.map(context.types.zero) ?? .nil, at: slot, shared: true)
            frame.set(try initialValue(declaration.value, type: type, at: location), at: slot)
            return
        }
        let value = try initialValue(declaration.value, type: type, at: location)
        if let slot = declaration.slot {
            frame.declare(value, at: slot, shared: declaration.isShared, weak: declaration.isWeak)
        } else {
            globals.define(declaration.name, value, holdsObject: declaration.holdsObject)
        }
    }

    /// An array type with the sizes the code works out as it runs put in (`char buffer[length]`):
    /// each a whole number, and all together no more elements than a declared array may hold.
    func sized(_ type: ObjCType, by sizes: [Expression?], at location: SourceLocation) throws -> ObjCType {
        guard !sizes.isEmpty else { return type }
        var counts: [Int] = []
        var element = type
        for size in sizes {
            guard case .array(let count, let inner) = element else { break }
            if let size {
                let value = try evaluate(size)
                guard case .int(let number) = value, number >= 0 else {
                    let given = if case .int(let number) = value { "\(number)" } else { value.kindDescription }
                    throw EvaluationError(.arraySizeNotCount(given: given), at: size.location)
                }
                counts.append(number)
            } else {
                counts.append(count)
            }
            element = inner
        }
        let sized = counts.reversed().reduce(element) { ObjCType.array(count: $1, element: $0) }
        guard let elements = sized.elementCount, elements <= ObjCType.maximumArrayElements else {
            throw EvaluationError(.arrayTooLarge(elements: sized.elementCount, limit: ObjCType.maximumArrayElements), at: location)
        }
        return sized
    }

    /// A declaration's first value: the initializer converted to the declared type, as C
    /// converts it (`int x = 3.7;` holds 3), or the type's zero.
    private func initialValue(_ value: Expression?, type: ObjCType?, at location: SourceLocation) throws -> Value {
        guard let value else { return type.map(context.types.zero) ?? .nil }
        if case .compoundLiteral(_, let items, let literalLocation) = value, let type {
            return try structure(of: type, from: items, at: literalLocation)
        }
        // `char *p = buffer;`: a C array given to a pointer to numbers or characters is its
        // address, so writes through the pointer reach the array. (An NSArray is an array
        // value too; given to an object or CoreFoundation pointer it stays the value.)
        if let type, type.pointsToNumbers, value.namesVariable {
            return try convert(try evaluateDecayingArrays(value), to: type, at: location)
        }
        let result = try evaluate(value)
        guard let type else { return result }
        return try convert(result, to: type, at: location)
    }

    /// Counts one more iteration of a loop, stopping one that would never end.
    private func count(_ loop: inout LoopCount, at location: SourceLocation) throws {
        loop.iterations += 1
        guard loop.iterations <= Self.maximumIterations else {
            throw EvaluationError(.tooManyIterations(limit: Self.maximumIterations), at: location)
        }
        let sends = context.framework.sendsMade.load(ordering: .relaxed) - loop.sendsBefore
        let isHeavy = sends > Self.heavyTurnSends * loop.iterations
        guard sends <= loop.sendLimit || isHeavy && sends <= loop.sendLimit * Self.heavyLoopAllowance else {
            throw EvaluationError(.tooMuchWorkInLoop(sends: sends, iterations: loop.iterations - 1), at: location)
        }
    }

    /// What a loop does after its body ran: nil to go on, or the flow that ends it.
    private static func loopExit(_ flow: Flow) -> Flow? {
        switch flow {
        case .finished, .continued: nil
        case .broke: .finished
        case .returned, .jumped: flow
        }
    }

    /// The values `for...in` visits: an array's elements, a dictionary's keys (sorted,
    /// so that every run visits them in the same order), or what any other object answers
    /// to `allObjects` (a set's members, in the set's own stable order; an enumerator's),
    /// else what its `keyEnumerator` (a map table's keys) or its `objectEnumerator` (an
    /// ordered set's members) gives, as their fast enumeration does.
    /// `countByEnumeratingWithState:objects:count:` when `object`'s class adopts
    /// NSFastEnumeration (as Foundation's collections and a program's own do); nil otherwise.
    @inline(never)
    private func fastEnumerationSelector(of object: Object) throws -> Selector? {
        guard !(object is Class), !StandIns.isStandInObject(object) else { return nil }
        let selector = try runtime.selector("countByEnumeratingWithState:objects:count:")
        guard let method = runtime.lookUpMethod(selector, in: object.isa) else { return nil }
        // A Foundation collection with Foundation's own method is read as that method
        // would hand it over, all at once, without the protocol's sends and state.
        if ClassLibrary.fastEnumerationClassNames.contains(method.owner.name) { return nil }
        return selector
    }

    /// `for (item in object)` as clang compiles it: the object is asked for the next
    /// items, 16 at most into the buffer it is handed (or as many as it likes from storage
    /// of its own, which `itemsPtr` points at), until it answers 0; the body runs on each
    /// item as it comes, so a lazy sequence makes only those the loop reaches.
    /// Kept out of `execute`, whose frame every nested call repeats.
    @inline(never)
    private func enumerate(_ object: Object, with selector: Selector, into item: Expression, _ body: [Statement], at location: SourceLocation) throws -> Flow {
        let bufferSize = 16
        let state = Reference(.structure(Self.enumerationStateZero))
        // What the state came to point at (`state->mutationsPtr = &state->extra[0]`) may
        // point back at it: let go of it all when the loop ends, or the cycle would stay.
        defer { state.value = .nil }
        let buffer = Reference(element: 0, of: Reference(.array(Array(repeating: .nil, count: bufferSize))))
        var calls = startLoop()
        while true {
            try count(&calls, at: location)
            let answer = try located(at: location, selector: selector, receiverClass: object.isa) {
                try runtime.send(selector, to: object, Arguments([.reference(state), .reference(buffer), .int(bufferSize)]), nestedAt: context.depth)
            }
            let itemCount = answer.intValue ?? 0
            guard itemCount > 0 else { return .finished }
            guard case .structure(let fields) = state.value, case .reference(let items)? = fields["itemsPtr"] else {
                throw EvaluationError(.fastEnumerationWithoutItems(className: object.isa.name, count: itemCount), at: location)
            }
            for index in 0..<min(itemCount, Reference.maximumElements) {
                try assign(Reference(element: index, of: items).value, to: item, at: location)
                if let exit = Self.loopExit(try execute(body)) { return exit }
            }
        }
    }

    /// A fresh `NSFastEnumerationState`: all zeros.
    private static let enumerationStateZero = StructValue(
        name: "NSFastEnumerationState", fieldNames: ["state", "itemsPtr", "mutationsPtr", "extra"],
        fields: [.int(0), .nil, .nil, .array(Array(repeating: .int(0), count: 5))])

    /// A stand-in object, what a framework getter the model lacks answered, holds
    /// nothing, as it reads as zero where a number is expected.
    private func elements(of collection: Value, at location: SourceLocation) throws -> [Value] {
        if case .object(let object) = collection, StandIns.isStandInObject(object) { return [] }
        // A mutable collection is enumerated as it is when the loop starts.
        if let holder = collection.object as? ValueHolder { return try elements(of: holder.value, at: location) }
        if case .object(let object) = collection, !(object is Class) {
            let allObjects = try runtime.selector("allObjects")
            for name in ["allObjects", "keyEnumerator", "objectEnumerator"] {
                let selector = try runtime.selector(name)
                guard runtime.instancesRespond(object.isa, to: selector) else { continue }
                var members = try located(at: location, selector: selector, receiverClass: object.isa) {
                    try runtime.send(selector, to: object, Arguments(), nestedAt: context.depth)
                }
                if selector != allObjects, case .object(let enumerator) = members {
                    members = try located(at: location, selector: allObjects, receiverClass: enumerator.isa) {
                        try runtime.send(allObjects, to: enumerator, Arguments(), nestedAt: context.depth)
                    }
                }
                // A mutable array made to answer (`[NSMutableArray arrayWithCapacity:]`) is one too.
                if let holder = members.object as? ValueHolder { members = holder.value }
                if case .array(let elements) = members { return elements }
            }
        }
        switch collection {
        case .array(let elements): return elements
        case .dictionary(let entries): return entries.keys.sorted { $0.description < $1.description }
        case .nil: return []
        default:
            throw EvaluationError(.forInNeedsCollection(kind: collection.kindDescription), at: location)
        }
    }

    // MARK: switch

    private func execute(_ statement: SwitchStatement) throws -> Flow {
        let subject = try evaluate(statement.subject)
        guard case .int = try convert(subject, to: .integer(code: "q"), at: statement.subject.location) else {
            throw EvaluationError(.switchNeedsInteger(kind: subject.kindDescription), at: statement.subject.location)
        }
        var start: Int?
        for label in statement.labels {
            guard let valueExpression = label.value else { continue }
            let value = try evaluate(valueExpression)
            guard let first = value.intValue else {
                throw EvaluationError(.caseNeedsInteger(kind: value.kindDescription), at: valueExpression.location)
            }
            if let lastExpression = label.last {
                let bound = try evaluate(lastExpression)
                guard let last = bound.intValue else {
                    throw EvaluationError(.caseNeedsInteger(kind: bound.kindDescription), at: lastExpression.location)
                }
                if let number = subject.intValue, first <= number, number <= last {
                    start = label.start
                    break
                }
            } else if value.isEqual(to: subject) {
                start = label.start
                break
            }
        }
        guard let first = start ?? statement.labels.first(where: { $0.value == nil })?.start else { return .finished }
        // Cases fall through, as in C: from the matching label to a break or the end.
        switch try execute(Array(statement.body[first...])) {
        case .broke, .finished: return .finished
        case let flow: return flow
        }
    }

    // MARK: Exceptions

    private func executeTry(_ body: [Statement], catches: [CatchClause], finally: [Statement]?) throws -> Flow {
        var flow = Flow.finished
        var pending: Error?
        do {
            flow = try execute(body)
        } catch let error where Self.isRaised(error) {
            let value = try raisedValue(of: error)!
            if let clause = try catches.first(where: { try clause($0, takes: value) }) {
                if let slot = clause.caughtSlot { frame.declare(value, at: slot) }
                if let slot = clause.slot { frame.declare(value, at: slot) }
                do {
                    flow = try execute(clause.body)
                } catch {
                    pending = error
                }
            } else {
                pending = error
            }
        } catch {
            pending = error
        }
        if let finally {
            // What @finally does wins over how the @try or @catch ended, as in Objective-C.
            let finallyFlow = try execute(finally)
            if case .finished = finallyFlow {} else { return finallyFlow }
        }
        if let pending { throw pending }
        return flow
    }

    /// The value code raised (`@throw`, a failed assertion, a method that raised, a method
    /// of the class library that refused its arguments as Foundation raises), or nil for an
    /// error of rtsh's own, which code cannot catch.
    func raisedValue(of error: Error) throws -> Value? {
        try Self.raisedValue(of: error, in: runtime)
    }

    /// What `@catch` takes for `error` in `runtime`, or nil when the error is no exception.
    static func raisedValue(of error: Error, in runtime: Runtime) throws -> Value? {
        switch error {
        case let raised as RaisedException: return raised.value
        case let uncaught as UncaughtException: return uncaught.value
        case let raised as RaisedNSException: return .object(raised.exception)
        default:
            guard let (name, reason) = Self.libraryException(in: error) else { return nil }
            return .object(try ClassLibrary.exception(named: name, reason: reason, in: runtime).exception)
        }
    }

    /// Whether code's `@catch` may take `error`.
    static func isRaised(_ error: Error) -> Bool {
        switch error {
        case is RaisedException, is UncaughtException, is RaisedNSException: true
        default: libraryException(in: error) != nil
        }
    }

    /// The name and reason of the exception Foundation or UIKit would raise where the class
    /// library refused a method's arguments (`NSRangeException` for an index beyond bounds,
    /// else `NSInvalidArgumentException`) or where an object did not recognise a selector
    /// (`NSInvalidArgumentException`, as `-doesNotRecognizeSelector:` raises).
    static func libraryException(in error: Error) -> (name: String, reason: String)? {
        let evaluationError: EvaluationError? = switch error {
        case let error as EvaluationError: error
        case let failure as MethodBodyError: failure.error
        default: nil
        }
        switch evaluationError?.kind {
        case .unrecognizedSelector(let error, _)?: return ("NSInvalidArgumentException", error.description)
        case .runtime(let error)? where error.isUnrecognizedSelector: return ("NSInvalidArgumentException", error.description)
        default: break
        }
        if let error = error as? RuntimeError, error.isUnrecognizedSelector { return ("NSInvalidArgumentException", error.description) }
        // A mock's failure raises as OCMock's does.
        if let error = error as? MockError { return ("NSInternalInconsistencyException", error.description) }
        let libraryError: ClassLibraryError? = if case .classLibrary(let error)? = evaluationError?.kind { error } else { error as? ClassLibraryError }
        switch libraryError {
        case .invalidArgument(let method, let reason)?: return ("NSInvalidArgumentException", "\(method): \(reason)")
        // An argument of the wrong kind (nil for a class to mock), as Foundation raises for it.
        case .wrongArgument?: return ("NSInvalidArgumentException", libraryError.map(String.init(describing:)) ?? "")
        case .outOfRange(let method, let reason)?: return ("NSRangeException", "\(method): \(reason)")
        default: return nil
        }
    }

    /// Whether a `@catch` clause takes `value`: `id` and `...` take everything, a class its
    /// instances; `NSException` also takes what was raised without an exception object.
    private func clause(_ clause: CatchClause, takes value: Value) throws -> Bool {
        guard let className = clause.className else { return true }
        guard let object = value.object else { return className == "NSException" }
        guard let cls = try context.findClass(className) else {
            throw EvaluationError(.unknownCatchClass(className), at: clause.location)
        }
        return object.isa.lineage.contains { $0 === cls }
    }
}

// The errors that carry an exception, so that the class library's checks (Expecta's
// `raise`) see what code raised.
extension RaisedException: CarriesRaisedValue {
    func raisedValue(in runtime: Runtime) throws -> Value? { try Interpreter.raisedValue(of: self, in: runtime) }
}

extension UncaughtException: CarriesRaisedValue {
    func raisedValue(in runtime: Runtime) throws -> Value? { try Interpreter.raisedValue(of: self, in: runtime) }
}

extension EvaluationError: CarriesRaisedValue {
    func raisedValue(in runtime: Runtime) throws -> Value? { try Interpreter.raisedValue(of: self, in: runtime) }
}

extension MethodBodyError: CarriesRaisedValue {
    func raisedValue(in runtime: Runtime) throws -> Value? { try Interpreter.raisedValue(of: self, in: runtime) }
}
