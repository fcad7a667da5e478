import Runtime

/// Turns the syntax of a method, a function, a block or a statement into the code that
/// runs, once, when it is defined: each local variable gets a slot in its frame, a bare
/// name that is an instance variable becomes one, selectors are interned, and each block
/// literal learns which variables it captures.
///
/// It also reports, where they are written, the mistakes a compiler would catch: a name
/// assigned that was never declared, a call of a function that does not exist, `break` or
/// `continue` outside a loop, a captured variable assigned without `__block`.
struct Binder {
    /// What the code being bound is.
    enum Unit {
        /// A method: `self` is slot 0, then the parameters. An instance method reaches
        /// `ivars` by their bare names. One that returns an object returns nil for a literal 0.
        case method(parameters: [(name: String, type: ObjCType)], ivars: Set<String>, weak: Set<String> = [], returnsObject: Bool = false)
        /// A C function: the parameters are the first slots.
        case function(parameters: [(name: String, type: ObjCType)])
        /// Statements at the prompt: a declaration at the top level, and a name assigned
        /// without one, make a variable of the session.
        case prompt
    }

    let runtime: Runtime
    /// Whether a name is declared around the code (a file-scope variable or function, or
    /// a variable of the session), so that assigning or calling it is no mistake.
    let isDeclaredOutside: (String) -> Bool
    /// Where else a variable assigned in this code could be declared, for the error.
    let elsewhere: String
    /// Whether a call of a function nothing declares is an error here. Code typed at the
    /// prompt or in a script is checked; code of a loaded tree was compiled against
    /// framework headers rtsh does not read, so such a call is taken as one into a library
    /// and fails only if it runs.
    var checksFunctions = true
    /// Whether a variable declared around the code (at file scope, or in the session) was
    /// declared as an object.
    var holdsObjectOutside: (String) -> Bool = { _ in false }
    /// The variables of the session this code declares, and whether each holds an object:
    /// the code may test one before the declaration has run.
    private var sessionObjects: [String: Bool] = [:]
    /// The functions called that nothing declares, when ``checksFunctions`` is off.
    private(set) var libraryFunctions: Set<String> = []
    /// The selectors sent to `super` so far (see ``BoundCode/superSelectors``).
    private var superSelectors: Set<String> = []

    /// The code being bound, outermost first: the unit, then one per block literal inside it.
    private var frames: [FrameLayout]
    private let ivars: Set<String>
    private let isPrompt: Bool
    /// Whether the method being bound returns an object (see ``Unit/method(parameters:ivars:weak:returnsObject:)``).
    private var returnsObject = false
    /// Session variables the statement makes before a block it assigns to them runs:
    /// `fact = ^(int n) { ... fact(n - 1) ... }` may call itself.
    private var madeBySession: Set<String> = []

    init(runtime: Runtime, unit: Unit, elsewhere: String, isDeclaredOutside: @escaping (String) -> Bool) {
        self.runtime = runtime
        self.isDeclaredOutside = isDeclaredOutside
        self.elsewhere = elsewhere
        let layout = FrameLayout(isBlock: false)
        switch unit {
        case .method(let parameters, let ivars, let weak, let returnsObject):
            self.ivars = ivars
            isPrompt = false
            self.returnsObject = returnsObject
            layout.selfSlot = layout.declare("self", holdsObject: true)
            for parameter in parameters {
                let slot = layout.declare(parameter.name, holdsObject: parameter.type.holdsObject)
                if weak.contains(parameter.name) { layout.weak.insert(slot) }
            }
        case .function(let parameters):
            ivars = []
            isPrompt = false
            for parameter in parameters { _ = layout.declare(parameter.name, holdsObject: parameter.type.holdsObject) }
        case .prompt:
            ivars = []
            isPrompt = true
        }
        frames = [layout]
    }

    /// Binds a body (a method's, a function's, or statements at the prompt).
    mutating func bind(_ statements: [Statement]) throws(EvaluationError) -> BoundCode {
        // The body's outermost scope is the parameters' (C does not let it declare them again).
        let bound = try bindStatements(statements)
        return BoundCode(statements: bound, frameSize: frames[0].size, superSelectors: superSelectors)
    }

    /// Binds one expression at the prompt (a command's argument, say).
    mutating func bind(_ expression: Expression) throws(EvaluationError) -> (Expression, frameSize: Int) {
        let bound = try bindExpression(expression)
        return (bound, frames[0].size)
    }

    // MARK: Scopes and slots

    /// The slots of one frame being laid out, and what is open at the point being bound.
    /// A class, so that binding changes it in place rather than copying it per name.
    private final class FrameLayout {
        let isBlock: Bool
        /// The slot of each name visible at the point being bound, innermost declaration winning.
        var visible: [String: Int] = [:]
        /// Per open scope, what each of its declarations hid, to put back when it closes.
        var hidden: [[(name: String, slot: Int?)]] = [[]]
        var size = 0
        /// Slots of `__block` and `static` variables, which blocks share rather than copy.
        var shared: Set<Int> = []
        /// Slots of variables declared as objects (``Declaration/holdsObject``).
        var objects: Set<Int> = []
        /// Slots of `__weak` variables, which blocks capture weakly.
        var weak: Set<Int> = []
        /// Per open scope, the slots its declarations made, emptied when it closes.
        var scopeSlots: [[Int]] = [[]]
        /// For a block: the enclosing frame's slot of each variable it captures, and its own.
        var captured: [Int: Int] = [:]
        var captures: [BlockCode.Capture] = []
        var selfSlot: Int?
        var loops = 0
        var switches = 0
        /// The slots holding what each open `@catch` caught, innermost last, for `@throw;`.
        var caught: [Int] = []
        /// The labels of each statement list being bound, outermost first: where a `goto`
        /// may go (its own list's, or an enclosing one's, as the interpreter finds them).
        var labels: [Set<String>] = []

        /// A block run at once in place of an expression (what an assertion macro makes
        /// of `XCTAssertNoThrow(x = [parser parse])`): it shares every variable it uses, as
        /// the expression written in place would, rather than copying it.
        let sharesCaptures: Bool

        init(isBlock: Bool, sharesCaptures: Bool = false) {
            self.isBlock = isBlock
            self.sharesCaptures = sharesCaptures
        }

        /// A new slot for `name` in the innermost scope; slots are never reused, so a block
        /// that outlives a scope never sees another variable in its place.
        func declare(_ name: String, holdsObject: Bool = false) -> Int {
            let slot = size
            size += 1
            if holdsObject { objects.insert(slot) }
            hidden[hidden.count - 1].append((name, visible[name]))
            scopeSlots[scopeSlots.count - 1].append(slot)
            visible[name] = slot
            return slot
        }

        func openScope() {
            hidden.append([])
            scopeSlots.append([])
        }

        func closeScope() {
            for (name, slot) in hidden.removeLast().reversed() { visible[name] = slot }
            scopeSlots.removeLast()
        }

        func isCapture(_ slot: Int) -> Bool { captured.values.contains(slot) }
    }

    /// The frame being laid out now.
    private var current: FrameLayout { frames[frames.count - 1] }

    /// Whether code is at the prompt's top level, outside any braces or block: there a
    /// declaration makes a variable of the session.
    private var isSessionLevel: Bool { isPrompt && frames.count == 1 && frames[0].hidden.count == 1 }

    private mutating func withScope<T>(_ body: (inout Binder) throws(EvaluationError) -> T) throws(EvaluationError) -> T {
        frames[frames.count - 1].openScope()
        defer { frames[frames.count - 1].closeScope() }
        return try body(&self)
    }

    /// Binds statements in a scope of their own, which lets go of its variables' values
    /// when it ends, however it ends (``Statement/scope(_:releasing:)``), as ARC releases
    /// a scope's variables: `@autoreleasepool { id made = ...; }` lets `made` go.
    private mutating func releasingScope(_ body: (inout Binder) throws(EvaluationError) -> [Statement]) throws(EvaluationError) -> [Statement] {
        // The slots the scope's declarations made, read before it closes.
        let (bound, slots) = try withScope { binder throws(EvaluationError) in (try body(&binder), binder.current.scopeSlots.last ?? []) }
        return slots.isEmpty ? bound : [.scope(bound, releasing: slots)]
    }

    /// The slot of the local `name` in frame `level`, capturing it from the frames around
    /// a block as needed; nil when it is no local.
    private mutating func slot(of name: String, level: Int) -> Int? {
        if let slot = frames[level].visible[name] { return slot }
        guard level > 0, frames[level].isBlock, let outer = slot(of: name, level: level - 1) else { return nil }
        if let inner = frames[level].captured[outer] { return inner }
        let inner = frames[level].size
        frames[level].size += 1
        frames[level].captured[outer] = inner
        let shares = frames[level - 1].shared.contains(outer) || frames[level].sharesCaptures && name != "self"
        if shares { frames[level].shared.insert(inner) }
        let isWeak = frames[level - 1].weak.contains(outer)
        if isWeak { frames[level].weak.insert(inner) }
        if frames[level - 1].objects.contains(outer) { frames[level].objects.insert(inner) }
        frames[level].captures.append(BlockCode.Capture(outer: outer, inner: inner, shares: shares, isWeak: isWeak))
        if name == "self" { frames[level].selfSlot = inner }
        return inner
    }

    private mutating func local(_ name: String) -> Int? { slot(of: name, level: frames.count - 1) }

    /// Makes sure the running frame holds `self` (a block captures it to reach an
    /// instance variable or `super`).
    private mutating func captureSelf() {
        _ = local("self")
    }

    // MARK: Statements

    /// Binds statements in a scope of their own; unless `releasing` is false (a switch's
    /// body, whose labels count its statements; a statement expression, whose value is its
    /// last), the scope lets go of its variables' values when it ends.
    private mutating func bindScope(_ statements: [Statement], releasing: Bool = true) throws(EvaluationError) -> [Statement] {
        guard releasing else { return try withScope { binder throws(EvaluationError) in try binder.bindStatements(statements) } }
        return try releasingScope { binder throws(EvaluationError) in try binder.bindStatements(statements) }
    }

    private mutating func bindStatements(_ statements: [Statement]) throws(EvaluationError) -> [Statement] {
        // A variable with a cleanup: what follows its declaration runs inside the cleanup's
        // reach, its labels out of reach of a `goto` before it (C forbids jumping into the
        // scope of such a variable). At the prompt's top level the variable is the
        // session's, whose scope never ends.
        let declared = isSessionLevel ? nil : statements.firstIndex { !Self.cleanups(in: $0).isEmpty }
        let own = declared.map { statements[...$0] } ?? statements[...]
        var labels: Set<String> = []
        for case .label(let name, let location) in own {
            guard labels.insert(name).inserted, !current.labels.contains(where: { $0.contains(name) }) else {
                throw EvaluationError(.duplicateLabel(name), at: location)
            }
        }
        current.labels.append(labels)
        defer { current.labels.removeLast() }
        var bound: [Statement] = []
        bound.reserveCapacity(own.count + 1)
        for statement in own { bound.append(try bindStatement(statement)) }
        guard let declared else { return bound }
        var rest = try bindStatements(Array(statements[(declared + 1)...]))
        // Several in one declaration end in the reverse of their order, as C's do.
        for declaration in Self.cleanups(in: statements[declared]) {
            guard let cleanup = declaration.cleanup else { continue }
            let variable = Expression.unary("&", .name(declaration.name, declaration.location), cleanup.location)
            rest = [.cleanup(rest, call: try bindExpression(.call(cleanup.function, [variable], cleanup.location)))]
        }
        return bound + rest
    }

    /// The declarations with a cleanup attribute that `statement` makes, in order.
    private static func cleanups(in statement: Statement) -> [Declaration] {
        switch statement {
        case .declaration(let declaration) where declaration.cleanup != nil: [declaration]
        case .group(let statements): statements.flatMap(cleanups(in:))
        default: []
        }
    }

    private mutating func bindStatement(_ statement: Statement) throws(EvaluationError) -> Statement {
        switch statement {
        case .expression(let expression):
            return .expression(try bindExpression(expression))
        case .declaration(var declaration):
            // A variable of the session at the prompt's top level lives on by name; any
            // other gets a slot, in scope in its own initializer as in C (a block may refer to itself).
            if !isSessionLevel {
                let slot = current.declare(declaration.name, holdsObject: declaration.holdsObject)
                if declaration.isShared || declaration.storage != nil { current.shared.insert(slot) }
                if declaration.isWeak { current.weak.insert(slot) }
                declaration.slot = slot
            } else {
                sessionObjects[declaration.name] = declaration.holdsObject
            }
            let holdsObject = declaration.holdsObject
            declaration.value = try declaration.value.map { value throws(EvaluationError) in try bindValue(value, holdsObject: holdsObject) }
            declaration.arraySizes = try declaration.arraySizes.map { size throws(EvaluationError) in
                try size.map { size throws(EvaluationError) in try bindExpression(size) }
            }
            return .declaration(declaration)
        case .group(let statements):
            return .group(try bindStatements(statements))
        case .compound(let statements):
            return .compound(try bindScope(statements))
        case .return(let value, let location):
            // `return 0x00;` from a method that returns an object is C's null pointer, nil;
            // a block's return inside it has a type of its own.
            let returnsObject = returnsObject && frames.count == 1
            return .return(try value.map { value throws(EvaluationError) in try bindValue(value, holdsObject: returnsObject) }, location)
        case .if(let condition, let then, let otherwise, let location):
            return .if(
                condition: try bindCondition(condition), then: try bindScope(then),
                else: try otherwise.map { statements throws(EvaluationError) in try bindScope(statements) }, location)
        case .while(let condition, let body, let location):
            let boundCondition = try bindCondition(condition)
            return .while(condition: boundCondition, body: try bindLoopBody(body), location)
        case .doWhile(let body, let condition, let location):
            let boundBody = try bindLoopBody(body)
            return .doWhile(body: boundBody, condition: try bindCondition(condition), location)
        case .for(let initial, let condition, let step, let body, let location):
            return .group(try releasingScope { binder throws(EvaluationError) in
                let boundInitial = try binder.bindStatements(initial)
                let boundCondition = try condition.map { value throws(EvaluationError) in try binder.bindCondition(value) }
                var boundStep: [Expression] = []
                for expression in step { boundStep.append(try binder.bindExpression(expression)) }
                return [.for(initial: boundInitial, condition: boundCondition, step: boundStep, body: try binder.bindLoopBody(body), location)]
            })
        case .forIn(let item, let declaresItem, let collection, let body, let location):
            let boundCollection = try bindExpression(collection)
            return .group(try releasingScope { binder throws(EvaluationError) in
                var target = item
                if declaresItem, case .name(let name, let itemLocation) = item {
                    target = .local(binder.current.declare(name), name: name, itemLocation)
                } else {
                    try binder.checkAssignable(item)
                    target = try binder.bindExpression(item)
                }
                return [.forIn(item: target, declaresItem: declaresItem, collection: boundCollection, body: try binder.bindLoopBody(body), location)]
            })
        case .switch(let statement):
            let subject = try bindExpression(statement.subject)
            var labels: [SwitchStatement.Label] = []
            for label in statement.labels {
                labels.append(SwitchStatement.Label(
                    value: try label.value.map { value throws(EvaluationError) in try bindExpression(value) },
                    last: try label.last.map { last throws(EvaluationError) in try bindExpression(last) }, start: label.start))
            }
            current.switches += 1
            defer { current.switches -= 1 }
            return .switch(SwitchStatement(subject: subject, labels: labels, body: try bindScope(statement.body, releasing: false), location: statement.location))
        case .break(let location):
            guard current.loops + current.switches > 0 else { throw EvaluationError(.breakOutsideLoop, at: location) }
            return statement
        case .continue(let location):
            guard current.loops > 0 else { throw EvaluationError(.continueOutsideLoop, at: location) }
            return statement
        case .throw(let value, let location):
            if let value { return .throw(try bindExpression(value), location) }
            guard let caught = current.caught.last else {
                throw EvaluationError(.rethrowOutsideCatch, at: location)
            }
            return .throw(.local(caught, name: "the caught exception", location), location)
        case .try(let body, let catches, let finally, let location):
            let boundBody = try bindScope(body)
            var boundCatches: [CatchClause] = []
            for clause in catches {
                boundCatches.append(try withScope { binder throws(EvaluationError) in
                    var bound = clause
                    bound.caughtSlot = binder.current.declare(" caught")
                    bound.slot = clause.name.map { binder.current.declare($0) }
                    binder.current.caught.append(bound.caughtSlot!)
                    defer { binder.current.caught.removeLast() }
                    bound.body = try binder.bindScope(clause.body)
                    return bound
                })
            }
            let boundFinally = try finally.map { statements throws(EvaluationError) in try bindScope(statements) }
            return .try(body: boundBody, catches: boundCatches, finally: boundFinally, location)
        case .synchronized(let object, let body, let location):
            return .synchronized(try bindExpression(object), body: try bindScope(body), location)
        case .label, .scope, .cleanup:
            // A scope and a cleanup are the binder's own, already bound.
            return statement
        case .goto(let name, let location):
            // Out of a block or a loop, or along its own block: never into a block it is not in.
            guard current.labels.contains(where: { $0.contains(name) }) else {
                throw EvaluationError(.gotoWithoutLabel(name), at: location)
            }
            return statement
        }
    }

    private mutating func bindLoopBody(_ body: [Statement]) throws(EvaluationError) -> [Statement] {
        current.loops += 1
        defer { current.loops -= 1 }
        return try bindScope(body)
    }

    // MARK: Expressions

    private mutating func bindExpression(_ expression: Expression) throws(EvaluationError) -> Expression {
        switch expression {
        case .literal, .selector, .protocolLiteral, .size, .local, .instanceVariable, .closure:
            return expression
        case .name(let name, let location):
            return bindName(name, at: location)
        case .message(let receiver, let selectorName, let arguments, let location):
            if case .super = receiver { superSelectors.insert(selectorName) }
            let boundReceiver = try bindReceiver(receiver)
            let boundArguments = try bindList(arguments)
            guard let selector = try? runtime.selector(selectorName) else {
                throw EvaluationError(.malformedSelector(selectorName), at: location)
            }
            return .send(boundReceiver, selector, boundArguments, location)
        case .send(let receiver, let selector, let arguments, let location):
            if case .super = receiver { superSelectors.insert(selector.name) }
            return .send(try bindReceiver(receiver), selector, try bindList(arguments), location)
        case .property(let base, let name, let location):
            return .property(try bindExpression(base), name: name, location)
        case .member(let base, let name, let location):
            return .member(try bindExpression(base), name: name, location)
        case .assignment(let target, let value, let compound, let location):
            try checkAssignable(target)
            if isSessionLevelCode, case .name(let name, _) = target, case .block = value { madeBySession.insert(name) }
            let boundTarget = try bindExpression(target)
            // Only a variable declared as an object: a property's setter (`data.length = 0`) takes the number.
            let declaresObject = if case .local(let slot, _, _) = boundTarget { current.objects.contains(slot) } else { false }
            return .assignment(target: boundTarget, value: try bindValue(value, holdsObject: compound == nil && declaresObject), compound: compound, location)
        case .increment(let target, let delta, let isPrefix, let location):
            try checkAssignable(target)
            return .increment(try bindExpression(target), delta: delta, isPrefix: isPrefix, location)
        case .operators(let first, let operations):
            // `&&` and `||` test their operands' truth; a chain holds one precedence's operators.
            let isLogical = operations.first.map { $0.kind == .and || $0.kind == .or } ?? false
            let boundFirst = isLogical ? try bindCondition(first) : try bindExpression(first)
            var bound: [Expression.Operation] = []
            for operation in operations {
                let operand = isLogical ? try bindCondition(operation.operand) : try bindExpression(operation.operand)
                var boundOperation = Expression.Operation(kind: operation.kind, operand: operand, location: operation.location)
                boundOperation.comparesUnsigned = operation.comparesUnsigned
                bound.append(boundOperation)
            }
            return .operators(boundFirst, bound)
        case .unary(let op, let operand, let location):
            return .unary(op, op == "!" ? try bindCondition(operand) : try bindExpression(operand), location)
        case .conditional(let condition, let then, let otherwise, let location):
            let boundCondition = try bindCondition(condition)
            let boundThen = try then.map { value throws(EvaluationError) in try bindExpression(value) }
            return .conditional(boundCondition, then: boundThen, otherwise: try bindExpression(otherwise), location)
        case .array(let elements, let location):
            return .array(try bindList(elements), location)
        case .dictionary(let entries, let location):
            var bound: [(key: Expression, value: Expression)] = []
            for entry in entries { bound.append((try bindExpression(entry.key), try bindExpression(entry.value))) }
            return .dictionary(bound, location)
        case .call(let function, let arguments, let location):
            // The assertions call the blocks their macros make at once, in place of the expression.
            var boundArguments = try bindList(arguments, blocksRunInPlace: function == "_XCTAssertion")
            // An assertion tests its condition as `if` would: an object there, `@NO` too, is true.
            if Self.assertions.contains(function), let condition = arguments.first {
                boundArguments[0] = try bindCondition(condition)
            }
            switch bindName(function, at: location) {
            case .name:
                // Outside blocks at the prompt a function may be defined by the statement itself.
                // A framework's function the model lacks may have a stand-in: the call decides.
                if !isSessionLevelCode, !isDeclaredOutside(function), !madeBySession.contains(function), !Interpreter.functionNames.contains(function),
                   !Interpreter.mayHaveStandIn(function) {
                    guard checksFunctions else {
                        libraryFunctions.insert(function)
                        return .call(function, boundArguments, location)
                    }
                    throw Interpreter.unknownFunction(function, at: location)
                }
                return .call(function, boundArguments, location)
            case let callee:
                return .invoke(callee, boundArguments, location)
            }
        case .invoke(let callee, let arguments, let location):
            return .invoke(try bindExpression(callee), try bindList(arguments), location)
        case .block(let parameters, let signature, let isVariadic, let body, let location):
            return .closure(try bindBlock(parameters: parameters, signature: signature, isVariadic: isVariadic, body: body), location)
        case .statements(let statements, let location):
            return .statements(try bindScope(statements, releasing: false), location)
        case .typeEncoding(let operand, let location):
            return .typeEncoding(try bindExpression(operand), location)
        case .holdsObject(let operand):
            return .holdsObject(try bindExpression(operand))
        case .subscript(let base, let index, let location):
            return .subscript(try bindExpression(base), try bindExpression(index), location)
        case .cast(let type, let operand, let location):
            return .cast(type, try bindExpression(operand), location)
        case .boxed(let operand, let location):
            return .boxed(try bindExpression(operand), location)
        case .compoundLiteral(let type, let items, let location):
            var bound: [InitializerItem] = []
            for item in items { bound.append((item.field, try item.index.map { index throws(EvaluationError) in try bindExpression(index) }, try bindExpression(item.value))) }
            return .compoundLiteral(type, bound, location)
        }
    }

    /// `value`, bound, as a variable of object type takes it: a literal 0 there is C's null
    /// pointer (`FMStatement *statement = 0x00;`), nil, not a number, which `@0` would box.
    private mutating func bindValue(_ value: Expression, holdsObject: Bool) throws(EvaluationError) -> Expression {
        if holdsObject, case .literal(.int(0), let location) = value { return .literal(.nil, location) }
        return try bindExpression(value)
    }

    /// The functions (and the macros' functions) whose first argument is a condition.
    private static let assertions: Set = ["assert", "NSAssert", "NSCAssert", "_NSParameterAssert"]

    /// An expression whose truth C tests: one of object type tests whether it holds an
    /// object (``Expression/holdsObject(_:)``), so that `@NO` in an `id` is true, as a
    /// non-nil pointer is.
    private mutating func bindCondition(_ condition: Expression) throws(EvaluationError) -> Expression {
        let bound = try bindExpression(condition)
        return isObject(bound) ? .holdsObject(bound) : bound
    }

    /// Whether `expression` is of object type, as far as binding can tell: a variable
    /// declared as an object, an assignment to one, a message whose methods answer an
    /// object, a dictionary read with a string key (`json[@"id"]`), or an element of a
    /// collection held in an object variable, or in an ivar (whose declared type tells as
    /// the code runs: `if (!_settings[key])` tests whether the entry is there, `@NO` or not).
    private func isObject(_ expression: Expression) -> Bool {
        switch expression {
        case .local(let slot, _, _):
            return current.objects.contains(slot)
        case .name(let name, _):
            return sessionObjects[name] ?? holdsObjectOutside(name)
        case .assignment(let target, _, nil, _):
            return isObject(target)
        case .send(_, let selector, _, _):
            // `performSelector:` answers whatever the method it runs returns: a BOOL there
            // is no object.
            guard !selector.name.hasPrefix("performSelector") else { return false }
            return runtime.declaredReturnType(of: selector)?.holdsObject ?? false
        case .subscript(_, .literal(.string, _), _), .boxed, .subscript(.instanceVariable, _, _):
            return true
        case .subscript(let base, _, _):
            return isObject(base)
        // A property read with a dot: the getter of the receiver's class tells, as it runs.
        case .property(.name("super", _), _, _):
            return false
        case .property:
            return true
        default:
            return false
        }
    }

    /// Code at the prompt outside any block: a variable or function it names may be made
    /// by the statement itself, so names are checked when they run.
    private var isSessionLevelCode: Bool { isPrompt && frames.count == 1 }

    /// Binds a list of expressions; with `blocksRunInPlace`, the block literals among them
    /// share the variables they use (``FrameLayout/sharesCaptures``).
    private mutating func bindList(_ expressions: [Expression], blocksRunInPlace: Bool = false) throws(EvaluationError) -> [Expression] {
        var bound: [Expression] = []
        bound.reserveCapacity(expressions.count)
        for expression in expressions {
            if blocksRunInPlace, case .block(let parameters, let signature, let isVariadic, let body, let location) = expression {
                bound.append(.closure(
                    try bindBlock(parameters: parameters, signature: signature, isVariadic: isVariadic, body: body, sharesCaptures: true), location))
            } else {
                bound.append(try bindExpression(expression))
            }
        }
        return bound
    }

    private mutating func bindReceiver(_ receiver: Expression.Receiver) throws(EvaluationError) -> Expression.Receiver {
        switch receiver {
        case .expression(let inner): return .expression(try bindExpression(inner))
        case .super:
            captureSelf()
            return receiver
        }
    }

    /// A local, an instance variable of `self`, or a name to look up when it runs.
    private mutating func bindName(_ name: String, at location: SourceLocation) -> Expression {
        if let slot = local(name) { return .local(slot, name: name, location) }
        if ivars.contains(name) {
            captureSelf()
            return .instanceVariable(name, location)
        }
        return .name(name, location)
    }

    private mutating func bindBlock(
        parameters: [String], signature: String, isVariadic: Bool, body: [Statement], sharesCaptures: Bool = false
    ) throws(EvaluationError) -> BlockCode {
        let layout = FrameLayout(isBlock: true, sharesCaptures: sharesCaptures)
        // The signature is the return type, the block itself (`@?`), then each parameter's.
        let types = (try? TypeEncoding.parseTypes(signature)) ?? []
        for (index, name) in parameters.enumerated() {
            _ = layout.declare(name, holdsObject: types.count == parameters.count + 2 && types[index + 2].holdsObject)
        }
        frames.append(layout)
        let bound: [Statement]
        do {
            bound = try bindStatements(body)
        } catch {
            frames.removeLast()
            throw error
        }
        let finished = frames.removeLast()
        return BlockCode(
            parameterCount: parameters.count, signature: signature, isVariadic: isVariadic, captures: finished.captures, frameSize: finished.size, selfSlot: finished.selfSlot, body: bound)
    }

    /// Checks that what is assigned may be: a declared variable (or, at the prompt outside
    /// blocks, any name, which becomes a variable of the session); inside a block, a
    /// captured variable only when it is `__block`.
    private mutating func checkAssignable(_ target: Expression) throws(EvaluationError) {
        guard case .name(let name, let location) = target, name != "self" else { return }
        if let slot = local(name) {
            guard current.isBlock, current.isCapture(slot), !current.shared.contains(slot) else { return }
            throw EvaluationError(.assignsCapturedVariable(name), at: location)
        }
        if ivars.contains(name) || isDeclaredOutside(name) || madeBySession.contains(name) || isSessionLevelCode { return }
        throw EvaluationError(.undeclaredAssignment(name: name, elsewhere: elsewhere), at: location)
    }
}
