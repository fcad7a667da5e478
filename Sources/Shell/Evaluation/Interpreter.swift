import Runtime
import UIKitModel

/// Evaluates expressions and runs statements, at the prompt or inside a method body.
struct Interpreter {
    /// What the code being run was written with, which no call changes: made once per
    /// statement at the prompt, per method or function defined, and shared by the blocks
    /// made inside them, so making an interpreter for a call copies one reference.
    ///
    /// It holds no runtime (the message brings that), so a method's code does not keep
    /// the runtime that holds the method alive.
    ///
    /// @unchecked Sendable: every field is immutable. The two that are not Sendable,
    /// `findClass` and `sessionVariables`, are set only for statements at the prompt, whose
    /// interpreter never leaves the session's thread; the services methods, functions and
    /// blocks capture have neither.
    final class Services: @unchecked Sendable {
        let console: Console
        /// Finds a class by name (the session also registers pending @interfaces); nil
        /// looks in the runtime.
        let findClass: ((_ name: String, _ makingStandIns: Bool) throws -> Class?)?
        /// Where relative paths (`fixture("a.json")`) are taken from: the directory of the
        /// script the code was written in, or the working directory at the prompt.
        let directory: String
        /// Makes a mock of a class (`mock(UINavigationController)`), where mocks can be made.
        let makeMock: (@Sendable (Class) throws -> Object)?
        /// Starts the application with a delegate chosen by name (`UIApplicationMain`).
        let launchApplication: (@Sendable (String, String?) throws -> Object)?
        /// Whether a view with an accessibility label (or `#identifier`) is on screen (`exists`).
        let viewExists: (@Sendable (String) throws -> Bool)?
        /// The types the code was written with: struct fields, for struct values.
        let types: TypeTable
        /// At the prompt, the session's variables: a name assigned without a declaration
        /// becomes one of them, even inside braces.
        let sessionVariables: Environment?
        /// The run loop's clock, the dispatch queues, associated objects and the stand-ins.
        let framework: FrameworkState
        /// The method or function the code is the body of, as `__func__` names it
        /// (`-[Login viewDidLoad]`); nil at the prompt. Kept here, made once per method,
        /// rather than copied into every call's context.
        let function: String?

        init(
            console: Console, directory: String, types: TypeTable, framework: FrameworkState, function: String? = nil,
            findClass: ((String, Bool) throws -> Class?)? = nil, makeMock: (@Sendable (Class) throws -> Object)? = nil,
            launchApplication: (@Sendable (String, String?) throws -> Object)? = nil, viewExists: (@Sendable (String) throws -> Bool)? = nil,
            sessionVariables: Environment? = nil
        ) {
            self.function = function
            self.console = console
            self.directory = directory
            self.types = types
            self.findClass = findClass
            self.makeMock = makeMock
            self.launchApplication = launchApplication
            self.viewExists = viewExists
            self.sessionVariables = sessionVariables
            self.framework = framework
        }
    }

    /// Where sends go and how deep they nest.
    ///
    /// One is made for every run of a method's body, so it retains only what it must:
    /// `self`, the class written for and `_cmd` are borrowed, unretained, from whoever
    /// runs the code (the message, whose sender keeps them alive for the whole send, or a
    /// block, whose closure holds them strongly while it runs). A context lives only on the
    /// stack for that run: whatever outlives it (a block made inside) copies them strongly.
    struct Context {
        // Borrowed, as the interpreter's frame and globals are: see ``Interpreter``.
        unowned(unsafe) let runtime: Runtime
        unowned(unsafe) let services: Services
        /// The depth of sends made from here: 0 at the prompt, one more than the handled
        /// message's inside a method.
        let depth: Int
        private let borrowedReceiver: Unmanaged<Object>?
        private let borrowedHome: Unmanaged<Class>?
        private let borrowedSelector: Unmanaged<Selector>?
        /// The frame's slot holding `self`: 0 in a method, the captured one in a block.
        let selfSlot: Int?
        /// The run's count on its thread's stack, which a send's site asks how much stack
        /// is left; nil at the prompt, whose sites look the thread's up.
        let stackEntry: StackSpace.Entry?
        /// The arguments after the last named one, in a variadic method or function: what `va_start`
        /// begins a `va_list` over.
        var variadicArguments: [Value] { extraArguments ?? [] }
        /// Whether the code runs in a variadic method or function, where `va_start` may begin.
        var isVariadic: Bool { extraArguments != nil }
        // Nil rather than empty outside variadic methods: an empty array is still a
        // reference to retain and release on every send.
        private let extraArguments: [Value]?

        init(
            runtime: Runtime, services: Services, depth: Int, receiver: Object? = nil, home: Class? = nil, selector: Selector? = nil,
            selfSlot: Int? = nil, variadicArguments: [Value]? = nil, stackEntry: StackSpace.Entry? = nil
        ) {
            self.runtime = runtime
            self.services = services
            self.depth = depth
            borrowedReceiver = receiver.map(Unmanaged.passUnretained)
            borrowedHome = home.map(Unmanaged.passUnretained)
            borrowedSelector = selector.map(Unmanaged.passUnretained)
            self.selfSlot = selfSlot
            extraArguments = variadicArguments
            self.stackEntry = stackEntry
        }

        /// The context of a method's body handling `message`, whose references it borrows
        /// as the message does, without a retain and release of each.
        init(
            handling message: UnretainedMessage, services: Services, depth: Int, selfSlot: Int, variadicArguments: [Value]?,
            stackEntry: StackSpace.Entry
        ) {
            runtime = message.runtime.takeUnretainedValue()
            self.services = services
            self.depth = depth
            borrowedReceiver = message.receiver
            borrowedHome = message.implementingClass
            borrowedSelector = message.selector
            self.selfSlot = selfSlot
            extraArguments = variadicArguments
            self.stackEntry = stackEntry
        }

        /// `self`, inside a method.
        var receiver: Object? { borrowedReceiver?.takeUnretainedValue() }
        /// Whether the code runs inside a method (or a block made in one), where `self` is.
        var hasReceiver: Bool { borrowedReceiver != nil }
        /// The class the running method was written for: `super` starts above it.
        var home: Class? { borrowedHome?.takeUnretainedValue() }
        /// `_cmd`, inside a method.
        var selector: Selector? { borrowedSelector?.takeUnretainedValue() }
        /// The running method or function, as `__func__` names it (`-[Login viewDidLoad]`).
        var function: String? { services.function }

        var console: Console { services.console }
        var directory: String { services.directory }
        var types: TypeTable { services.types }
        var makeMock: (@Sendable (Class) throws -> Object)? { services.makeMock }
        var launchApplication: (@Sendable (String, String?) throws -> Object)? { services.launchApplication }
        var sessionVariables: Environment? { services.sessionVariables }
        var framework: FrameworkState { services.framework }
        var standIns: StandIns { services.framework.standIns }

        /// The class named `name`; a framework class the runtime lacks is made as a stand-in
        /// when `makingStandIns` (where the name is a message's receiver).
        func findClass(_ name: String, makingStandIns: Bool = false) throws -> Class? {
            if let findClass = services.findClass { return try findClass(name, makingStandIns) }
            return try makingStandIns ? runtime.getClass(named: name) : runtime.class(named: name)
        }
    }

    private func makeMock(_ cls: Class) throws -> Object {
        guard let makeMock = context.makeMock else { throw EvaluationError(.mockInsideMethod) }
        return try makeMock(cls)
    }

    // An interpreter is made for every run of a method's body and lives on the stack of
    // that run, so it borrows what it reads instead of retaining it: the runtime, the
    // services, the frame and the globals are unowned(unsafe), in the context too. Holding
    // them strongly cost a retain and a release of each, atomic operations all, on every
    // send. Two ways keep them alive: `running`, whose parameters outlive
    // the body it runs the interpreter in, and `keeper`, for an interpreter made at the
    // prompt that its maker hands on. Whatever outlives a run (a block made in it)
    // copies them strongly.
    let context: Context
    /// The running code's local variables, in the slots the binder gave them.
    unowned(unsafe) let frame: Frame
    /// The variables looked up by name: the file's and every file's at file scope, the
    /// session's at the prompt.
    unowned(unsafe) let globals: Environment
    /// What holds the borrowed references for an interpreter that outlives the call that
    /// made it (``kept(runtime:services:frame:globals:)``); nil for a run's.
    private let keeper: Keeper?

    private final class Keeper {
        let runtime: Runtime, services: Services, frame: Frame, globals: Environment

        init(runtime: Runtime, services: Services, frame: Frame, globals: Environment) {
            (self.runtime, self.services, self.frame, self.globals) = (runtime, services, frame, globals)
        }
    }

    private init(context: Context, frame: Frame, globals: Environment, keeper: Keeper?) {
        self.context = context
        self.frame = frame
        self.globals = globals
        self.keeper = keeper
    }

    /// Runs `body` with an interpreter for one run of some code, which borrows the
    /// runtime, services, frame and globals given here: they are this call's parameters,
    /// which its caller keeps alive until it returns, and the interpreter must not
    /// outlive `body`. Their lifetimes are extended over `body` explicitly, so that
    /// nothing the optimizer does once this is inlined can end them earlier.
    static func running<Result>(
        in runtime: Runtime, services: Services, depth: Int, receiver: Object? = nil, home: Class? = nil, selector: Selector? = nil,
        selfSlot: Int? = nil, variadicArguments: [Value]? = nil, frame: Frame, globals: Environment, _ body: (Interpreter) throws -> Result
    ) throws -> Result {
        // Also checked at each send and call, which know where they are; this catches code
        // the class library runs (a queued block) with nothing interpreted in between.
        guard let entry = StackSpace.enter() else { throw EvaluationError(.stackExhausted) }
        defer { entry.leave() }
        let context = Context(
            runtime: runtime, services: services, depth: depth, receiver: receiver, home: home, selector: selector, selfSlot: selfSlot,
            variadicArguments: variadicArguments, stackEntry: entry)
        defer {
            extendLifetime(runtime)
            extendLifetime(services)
            extendLifetime(frame)
            extendLifetime(globals)
        }
        return try body(Interpreter(context: context, frame: frame, globals: globals, keeper: nil))
    }

    /// Runs `body` with an interpreter for one run of a method's body handling `message`,
    /// as ``running(in:services:depth:receiver:home:selector:selfSlot:variadicArguments:frame:globals:_:)``
    /// does: the message's references are borrowed from the send, which holds them.
    static func running<Result>(
        handling message: borrowing Message, services: Services, variadicArguments: [Value]?, frame: Frame, globals: Environment,
        _ body: (Interpreter) throws -> Result
    ) throws -> Result {
        guard let entry = StackSpace.enter() else { throw EvaluationError(.stackExhausted) }
        defer { entry.leave() }
        let context = Context(
            handling: message.unretained, services: services, depth: message.depth + 1, selfSlot: 0, variadicArguments: variadicArguments,
            stackEntry: entry)
        defer {
            extendLifetime(services)
            extendLifetime(frame)
            extendLifetime(globals)
        }
        return try body(Interpreter(context: context, frame: frame, globals: globals, keeper: nil))
    }

    /// An interpreter that holds what it reads, for one its maker hands on (statements at
    /// the prompt, depth 0).
    static func kept(runtime: Runtime, services: Services, frame: Frame, globals: Environment) -> Interpreter {
        Interpreter(
            context: Context(runtime: runtime, services: services, depth: 0), frame: frame, globals: globals,
            keeper: Keeper(runtime: runtime, services: services, frame: frame, globals: globals))
    }

    var runtime: Runtime { context.runtime }

    // MARK: Expressions

    func evaluate(_ expression: Expression) throws -> Value {
        switch expression {
        case .literal(let value, _):
            return value
        case .local(let slot, _, _):
            return frame[slot]
        case .instanceVariable(let name, let location):
            guard let (object, ivar) = ivar(named: name) else {
                throw EvaluationError(.unknownInstanceVariable(name), at: location)
            }
            do { return try object.value(of: ivar) } catch { throw EvaluationError(.runtime(error), at: location) }
        case .name(let name, let location):
            return try value(named: name, at: location)
        case .send(.expression(let receiver), let selector, let arguments, let location):
            // The receiver first, then the arguments in order, as clang evaluates a message
            // (`[[x should] beNil:...]` makes its verifier before its argument looks for it).
            let target = try evaluateReceiver(receiver)
            return try send(selector, toEvaluated: target, writtenAs: receiver, try evaluate(arguments, for: selector), at: location)
        case .send(let receiver, let selector, let arguments, let location):
            return try send(selector, to: receiver, try evaluate(arguments, for: selector), at: location)
        case .message(let receiver, let selectorName, let arguments, let location):
            let values = try arguments.map(MemoryFunctions.fillsBuffer(selectorName) ? evaluateDecayingArrays : evaluate)
            return try send(selectorName, to: receiver, Arguments(values), at: location)
        case .property(.name("super", let superLocation), let name, let location):
            // `super.hash`: the getter, sent to super.
            let getter = superclassProperty(named: name)?.getterName ?? name
            return try send(getter, to: .super(superLocation), Arguments(), at: location)
        case .property(let object, let name, let location):
            let target = try evaluateReceiver(object)
            if case .structure(let structure) = target { return try field(name, of: structure, at: location) }
            if target == .nil, let zero = zeroOfMessage(named: name, toNilDeclaredBy: object, isProperty: true) { return zero }
            let getter = try property(named: name, of: target)?.getterName ?? name
            return try send(getter, to: .expression(.literal(target, location)), Arguments(), at: location)
        case .member(let object, let name, let location):
            return try member(name, of: try evaluate(object), at: location)
        case .assignment(let target, let valueExpression, let compound, let location):
            // `f = ^{ ... f() ... }` at the prompt: the block may call itself through f.
            if case .name(let name, _) = target, case .closure = valueExpression, !context.hasReceiver, !globals.declares(name) {
                globals.define(name, .nil)
            }
            var value: Value
            if case .compoundLiteral(_, let items, let literalLocation) = valueExpression, let type = try declaredType(of: target) {
                value = try structure(of: type, from: items, at: literalLocation)
            } else if compound == nil, valueExpression.namesVariable, try isPointerField(target) {
                // `stream.next_out = buffer;`: a C array stored in a pointer field is its address.
                value = try evaluateDecayingArrays(valueExpression)
            } else {
                value = try evaluate(valueExpression)
            }
            if let compound {
                value = try binary(compound, try evaluate(target), value, at: location)
            }
            return try assign(value, to: target, at: location)
        case .increment(let target, let delta, let isPrefix, let location):
            let old = try evaluate(target)
            guard old.numberValue != nil || CMemory.isPointer(old) else {
                throw EvaluationError(.needsNumber(operator: delta > 0 ? "++" : "--", kind: old.kindDescription), at: location)
            }
            let new = try assign(try binary(.add, old, .int(delta), at: location), to: target, at: location)
            return isPrefix ? new : old
        case .operators(let first, let operations):
            return try evaluateChain(first, operations)
        case .unary(let op, let operand, let location):
            return try unary(op, operand, at: location)
        case .conditional(let condition, let then, let otherwise, _):
            // `object ?: fallback` gives the object itself when it holds one.
            if then == nil, case .holdsObject(let tested) = condition {
                let (value, holds) = try objectTest(tested)
                return holds ? value : try evaluate(otherwise)
            }
            let value = try evaluate(condition)
            if value.isTruthy { return try then.map(evaluate) ?? value }
            return try evaluate(otherwise)
        case .holdsObject(let tested):
            return .bool(try objectTest(tested).holds)
        case .array(let elements, _):
            return .array(try elements.map(evaluate))
        case .dictionary(let entries, _):
            var dictionary: [Value: Value] = [:]
            for entry in entries {
                let key = try evaluate(entry.key), value = try evaluate(entry.value)
                // The first of a repeated key is kept, as Foundation's literal is made
                // (`@(NSLayoutAttributeBaseline)` and `@(NSLayoutAttributeLastBaseline)` are one key).
                if dictionary[key] == nil { dictionary[key] = value }
            }
            return .dictionary(dictionary)
        case .selector(let name, let location):
            do { return .selector(try runtime.selector(name)) } catch { throw EvaluationError(.runtime(error), at: location) }
        case .protocolLiteral(let name, let location):
            guard let proto = runtime.protocol(named: name) else {
                throw EvaluationError(.unknownProtocol(name: name, suggestion: Suggestions.nearest(name, among: runtime.protocols.map(\.name))), at: location)
            }
            return .protocol(proto)
        case .call(let function, let arguments, let location):
            // A C array passed to a C function of the program's decays to a pointer to it,
            // so that what the function writes through the pointer is the caller's array.
            if case .block(let block)? = globals.lookUp(function), block.isFunction {
                return try call(function, arguments.map(evaluateDecayingArrays), at: location)
            }
            // A C library function that writes through its pointers (`strncpy(buffer, ...)`)
            // is given the array's address, so it fills the caller's array.
            if Self.takingArrayAddresses.contains(function) {
                return try call(function, arguments.map(evaluateDecayingArrays), at: location)
            }
            return try call(function, arguments.map(evaluate), at: location)
        case .invoke(let callee, let arguments, let location):
            let target = try evaluate(callee)
            if case .implementation(let implementation) = target {
                return try call(implementation, try arguments.map(evaluate), at: location)
            }
            guard case .block(let block) = target else {
                throw EvaluationError(.callsNonBlock(kind: target.kindDescription), at: location)
            }
            return try call(block, named: "the block", try arguments.map(evaluate), at: location)
        case .closure(let code, _):
            return .block(makeBlock(code))
        case .block(_, _, _, _, let location):
            // Every block literal is bound with the code around it before it runs.
            throw EvaluationError(.unboundBlock, at: location)
        case .subscript(let base, let index, let location):
            let (collection, key) = (try evaluate(base), try evaluate(index))
            if case .object(let object) = collection, !(object is ValueHolder) {
                // An object of the program's own classes answers with the method the
                // subscript compiles to: an integer index is indexed, anything else keyed.
                let getter = try runtime.selector(Self.isInteger(key) ? "objectAtIndexedSubscript:" : "objectForKeyedSubscript:")
                return try located(at: location, selector: getter, receiverClass: object.isa) {
                    try runtime.send(getter, to: object, Arguments(key), nestedAt: context.depth)
                }
            }
            return try located(at: location) {
                try Self.element(of: collection, at: key, in: runtime, depth: context.depth, location: location)
            }
        case .cast(let type, let operand, let location):
            return try cast(operand, to: type, at: location)
        case .boxed(let operand, _):
            // `@(name)` of a `char *`: the C string it points at, as an NSString.
            let value = try evaluate(operand)
            if case .reference(let pointer) = value, let text = pointer.cString { return .string(text) }
            // `@(buffer)` of a `char buffer[32]` a function filled: the C string it holds, up
            // to its NUL (an array of anything but characters with a NUL is no C string).
            if case .array(let elements) = value, elements.contains(.int(0)),
               elements.allSatisfy({ if case .int(let code) = $0 { (0...255).contains(code) } else { false } }), let text = CMemory.cString(value) {
                return .string(text)
            }
            // `@(size)` of a struct: an NSValue holding it, as the SDK's structs are boxable.
            if case .structure(let structure) = value {
                // The struct's declared encoding (`{_NSRange=QQ}`), which its values alone cannot tell.
                let encoding = if case .structure(_, let declared)? = context.types.structType(named: structure.name) { declared } else { value.typeEncoding }
                return try runtime.send("valueWithBytes:objCType:", to: runtime.requireClass(named: "NSValue"), .reference(Reference(value)), .string(encoding))
            }
            return value
        case .compoundLiteral(let type, let items, let location):
            return try structure(of: type, from: items, at: location)
        case .size(let size, _):
            return .int(size)
        case .typeEncoding(let operand, _):
            return .string(try evaluate(operand).typeEncoding)
        case .statements(let statements, let location):
            // The value of `({ ...; v; })` is its last expression statement's.
            guard case .expression(let last)? = statements.last else {
                _ = try execute(statements)
                return .nil
            }
            guard case .finished = try execute(Array(statements.dropLast())) else {
                throw EvaluationError(.jumpOutOfStatementExpression, at: location)
            }
            return try evaluate(last)
        }
    }

    /// A value converted to a declared type as C converts it: numbers towards zero and
    /// wrapped to the type's width, objects unchanged.
    func convert(_ value: Value, to type: ObjCType, at location: SourceLocation, for purpose: String = "the conversion") throws -> Value {
        // Memory `malloc` gave, taken as a struct's (`Attributes *a = calloc(...)`), holds that struct.
        if case .pointer(let pointee) = type, case .reference(let pointer) = value { CMemory.type(pointer, as: pointee, in: context.types) }
        // A struct read as an array (`va_arg(list, double[4])` of a CGRect, as Expecta reads
        // one): its fields' values in order, as its bytes hold them.
        if case .array(let count, let element) = type, case .structure(let structure) = value {
            let leaves = Self.leafValues(of: structure)
            guard count == 0 || leaves.count >= count else {
                throw EvaluationError(.runtime(.typeMismatch(context: purpose, expected: "\(count) values", got: "a \(structure.name) of \(leaves.count)")), at: location)
            }
            do throws(RuntimeError) {
                var converted: [Value] = []
                for leaf in count == 0 ? leaves : Array(leaves.prefix(count)) { converted.append(try Self.convert(leaf, to: element, for: purpose)) }
                return .array(converted)
            } catch {
                throw EvaluationError(.runtime(error), at: location)
            }
        }
        do { return try Self.convert(value, to: type, for: purpose) } catch {
            throw EvaluationError(.runtime(error), at: location)
        }
    }

    /// A struct's scalar values, nested structs' in place, in order.
    private static func leafValues(of structure: StructValue) -> [Value] {
        structure.fields.flatMap { field -> [Value] in
            if case .structure(let inner) = field { return leafValues(of: inner) }
            return [field]
        }
    }

    /// A C cast: numbers convert (towards zero, then wrapping to the type's width), objects
    /// pass unchanged.
    private static func convert(_ value: Value, to type: ObjCType, for purpose: String) throws(RuntimeError) -> Value {
        if case .integer = type, case .double(let number) = value, number.isFinite {
            // Out of range is undefined in C; here the value saturates rather than failing.
            let whole: Double = number.rounded(.towardZero)
            let saturated: Int
            if whole >= 9.2e18 {
                saturated = Int.max
            } else if whole <= -9.2e18 {
                saturated = Int.min
            } else {
                saturated = Int(whole)
            }
            return try convert(.int(saturated), to: type, for: purpose)
        }
        let converted = try type.coerce(value, for: purpose)
        if case .bitField(let width, let isSigned) = type, case .int(let number) = converted, width < 64 {
            // Only the low `width` bits are kept; a signed field reads its top bit as the sign.
            let bits = number & ((1 << width) - 1)
            return .int(isSigned && bits >> (width - 1) == 1 ? bits - (1 << width) : bits)
        }
        guard case .integer = type, case .int(let number) = converted else {
            if case .float = type, case .double(let number) = converted { return .double(Double(Float(number))) }
            return converted
        }
        return .int(type.wrapping(number))
    }

    // MARK: Structs

    /// A struct's value from an initializer: `{1, 2}`, `{.x = 1}`, `{{0, 0}, {10, 20}}`, or
    /// the flat `{0, 0, 10, 20}` that C allows for nested structs.
    func structure(of type: ObjCType, from items: [InitializerItem], at location: SourceLocation) throws -> Value {
        if case .array(let count, let element) = type {
            return try array(of: element, count: count, from: items, at: location)
        }
        // `(NSUInteger){3}`, `(CGFloat){0}` (OCMock's `OCMOCK_VALUE((NSUInteger){3})`): a
        // scalar's compound literal is its one value, converted; `{}` is its zero.
        if type.isNumber, items.count <= 1, items.first.map({ $0.field == nil && $0.index == nil }) ?? true {
            guard let item = items.first else { return type.zeroValue }
            return try convert(try evaluate(item.value), to: type, at: location, for: "the compound literal")
        }
        guard case .structure(let name, _) = type, let fields = context.types.structs[name] else {
            throw EvaluationError(.initializerNeedsStruct, at: location)
        }
        guard case .structure(var result) = context.types.zero(of: type) else { return .nil }
        // `{0, 0, 10, 20}` for a CGRect: the values fill the innermost fields in order.
        let leaves = context.types.leaves(of: type)
        if items.count == leaves.count, leaves.count != fields.count, items.allSatisfy({ $0.field == nil && !Self.isBraced($0.value) }) {
            var values = try zip(items, leaves).map { item, leaf in try convert(try evaluate(item.value), to: leaf.type, at: location) }[...]
            return context.types.structure(of: type, leaves: &values)
        }
        guard items.count <= fields.count else {
            throw EvaluationError(.tooManyInitializerValues(structName: name, fields: fields.count, given: items.count), at: location)
        }
        var next = 0
        for item in items {
            let index: Int
            if let field = item.field {
                guard let named = fields.firstIndex(where: { $0.name == field }) else {
                    throw EvaluationError(.unknownField(structName: name, field: field, fields: fields.map(\.name)), at: location)
                }
                index = named
            } else {
                guard next < fields.count else { throw EvaluationError(.tooManyValues(structName: name), at: location) }
                index = next
            }
            let fieldType = fields[index].type
            let value: Value
            if case .compoundLiteral(_, let inner, let innerLocation) = item.value {
                value = try structure(of: fieldType, from: inner, at: innerLocation)
            } else {
                value = try convert(try evaluate(item.value), to: fieldType, at: item.value.location)
            }
            _ = result.set(fields[index].name, to: value)
            next = index + 1
        }
        return .structure(result)
    }

    /// A C array's value from an initializer: `{1, 2, 3}`, `{{0, 0}, {1, 1}}` for an array
    /// of structs; the elements not given are zeros, as in C.
    /// An array's values, each at the next index or the one it names (`[MMStateOn] = x`),
    /// the rest zero. An array declared without a size (`x[] = {…}`) is as long as its
    /// last item's index needs.
    private func array(of elementType: ObjCType, count: Int, from items: [InitializerItem], at location: SourceLocation) throws -> Value {
        let named = items.contains { $0.index != nil }
        guard named || items.count <= count else { throw EvaluationError(.tooManyArrayValues(count: count, given: items.count), at: location) }
        let zero = context.types.zero(of: elementType)
        var elements = Array(repeating: zero, count: named ? 0 : count)
        var next = 0
        for item in items {
            if let field = item.field { throw EvaluationError(.namedValueInArray(field: field), at: item.value.location) }
            if let index = item.index {
                let indexValue = try evaluate(index)
                guard case .int(let position) = indexValue else {
                    throw EvaluationError(.arrayIndexNotInteger(kind: indexValue.kindDescription), at: index.location)
                }
                let limit = count > 0 ? count : ObjCType.maximumArrayElements
                guard position >= 0, position < limit else {
                    throw EvaluationError(.indexOutOfBounds(index: position, count: limit), at: index.location)
                }
                next = position
            }
            let value: Value = if case .compoundLiteral(_, let inner, let innerLocation) = item.value {
                try structure(of: elementType, from: inner, at: innerLocation)
            } else {
                try convert(try evaluate(item.value), to: elementType, at: item.value.location)
            }
            // A sized array's items after a named index must still fit, as C requires.
            if count > 0, next >= count { throw EvaluationError(.tooManyArrayValues(count: count, given: next + 1), at: item.value.location) }
            if next >= elements.count { elements += Array(repeating: zero, count: next + 1 - elements.count) }
            elements[next] = value
            next += 1
        }
        if elements.count < count { elements += Array(repeating: zero, count: count - elements.count) }
        return .array(elements)
    }

    private static func isBraced(_ expression: Expression) -> Bool {
        if case .compoundLiteral = expression { return true }
        return false
    }

    /// `structure` with its fields named as the code declared its struct, when it came from
    /// a type encoding alone (a fresh ivar or property of a struct the code declares, whose
    /// encoding holds no names): the runtime names those fields `field0`, `field1`, ...
    private func named(_ structure: StructValue) -> StructValue {
        guard structure.fieldNames.first == "field0", let fields = context.types.structs[structure.name], fields.count == structure.fields.count else {
            return structure
        }
        return StructValue(name: structure.name, fieldNames: fields.map(\.name), fields: structure.fields)
    }

    private func field(_ name: String, of unnamed: StructValue, at location: SourceLocation) throws -> Value {
        let structure = named(unnamed)
        guard let value = structure[name] else {
            throw EvaluationError(.unknownField(structName: structure.name, field: name, fields: structure.fieldNames), at: location)
        }
        return value
    }

    /// `object->name`: an instance variable of an object (the class library's stay private).
    private func member(_ name: String, of target: Value, at location: SourceLocation) throws -> Value {
        if case .reference(let reference) = target, case .structure(let structure) = reference.value {
            return try field(name, of: structure, at: location)
        }
        if case .block(let block) = target { return try BlockLayout.field(name, of: block, runtime: runtime, at: location) }
        guard let object = target.object, !object.isa.isMetaclass else {
            throw EvaluationError(.arrowNeedsObject(kind: target.kindDescription), at: location)
        }
        guard let ivar = runtime.ivar(named: name, in: object.isa), let owner = ivar.owner, !ClassLibrary.classNameSet.contains(owner.name) else {
            throw EvaluationError(.noUsableInstanceVariable(className: object.isa.name, name: name), at: location)
        }
        do { return try object.value(of: ivar) } catch { throw EvaluationError(.runtime(error), at: location) }
    }

    /// The declared type of what is assigned to, when it is a typed struct (for `x = {...}`).
    /// Whether `target` is a struct's field (`s.field`, `p->field`) declared as a pointer to
    /// numbers or characters, which a C array stored in it decays to.
    private func isPointerField(_ target: Expression) throws -> Bool {
        let base: Expression, field: String
        switch target {
        case .property(.name("super", _), _, _): return false
        case .property(let inner, let name, _), .member(let inner, let name, _): (base, field) = (inner, name)
        default: return false
        }
        // Read again only where reading has no effects: variables and their fields, no sends.
        func isPlain(_ expression: Expression) -> Bool {
            switch expression {
            case .local, .name, .instanceVariable: true
            case .property(let inner, _, _), .member(let inner, _, _): isPlain(inner)
            default: false
            }
        }
        guard isPlain(base) else { return false }
        var holder = try evaluate(base)
        if case .reference(let pointer) = holder { holder = pointer.value }
        guard case .structure(let structure) = holder, let fields = context.types.structs[structure.name],
              let type = fields.first(where: { $0.name == field })?.type else { return false }
        return type.pointsToNumbers
    }

    private func declaredType(of target: Expression) throws -> ObjCType? {
        if case .structure(let current) = try evaluate(target), let type = context.types.alias(current.name) ?? context.types.structType(named: current.name) {
            return type
        }
        return nil
    }

    /// A block made from its bound code, as C makes one: the variables it captures are
    /// copied now, except `__block` and `static` ones, which it shares with the code around
    /// it. Names it left to run time (file-scope and session variables) it sees as they are.
    /// It does not hold the runtime (see ``RuntimeReference``), so a block kept in an object
    /// cannot keep the runtime alive.
    /// Its sends nest below whoever calls it, so a block that calls itself meets the depth limit.
    private func makeBlock(_ code: BlockCode) -> Block {
        let captured = code.captures.map { capture in
            (slot: capture.inner, storage: capture.shares ? frame.sharedStorage(at: capture.outer)
                : capture.isWeak ? .weak(WeakVariable(frame[capture.outer])) : .value(frame[capture.outer]))
        }
        let globals = globals
        let reference = RuntimeReference(context.runtime)
        // A block outlives the statement that made it: it finds classes in the runtime.
        let services = Services(
            console: context.console, directory: context.directory, types: context.types, framework: context.framework, function: context.function)
        let (home, selector) = (context.home, context.selector)
        // A block that never uses `self` holds the method's receiver weakly, as ARC would not
        // capture it: `self.handler = ^{ [weakSelf reload]; }` must not keep self alive.
        let (strongReceiver, weakReceiver) = code.selfSlot == nil
            ? (nil, WeakVariable(context.receiver.map(Value.object) ?? .nil)) : (context.receiver, nil)
        return Block(parameterCount: code.parameterCount, isVariadic: code.isVariadic, signature: code.signature) { (arguments: Arguments, depth: Int) in
            let receiver = strongReceiver ?? weakReceiver?.value.object
            guard let runtime = reference.runtime else { throw EvaluationError(.blockOfResetRuntime) }
            let frame = Frame.make(size: code.frameSize)
            for index in 0..<min(code.parameterCount, arguments.count) { frame.declare(arguments[index], at: index) }
            for (slot, storage) in captured { frame.place(storage, at: slot) }
            // What follows the named parameters of a variadic block, for its `va_start`.
            let extra = code.isVariadic ? arguments.dropFirst(code.parameterCount).map { CMemory.decayedArray($0) ?? $0 } : nil
            let flow = try Interpreter.running(
                in: runtime, services: services, depth: depth + 1, receiver: receiver, home: home, selector: selector, selfSlot: code.selfSlot,
                variadicArguments: extra, frame: frame, globals: globals
            ) { interpreter in try interpreter.execute(code.body) }
            if case .returned(let value) = flow { return value }
            return .nil
        }
    }

    /// Whether evaluating `expression` yields nothing worth printing: an assignment, a
    /// send whose method returns void, NSLog, or a block that returned nothing.
    func yieldsNothing(_ expression: Expression, result: Value) -> Bool {
        switch expression {
        case .assignment, .increment, .cast(.void, _, _):
            // `(void)printf(...)`: a value cast away is nothing.
            return true
        case .call(let function, _, _):
            // A block returning nil is taken as void; a function's nil is an answer.
            switch globals.lookUp(function) {
            case .block?, .implementation?: return result == .nil
            default: break
            }
            // A stand-in for a framework function read as doing something answers nil.
            return Self.voidFunctions.contains(function) || result == .nil && Self.mayHaveStandIn(function)
        case .invoke:
            return result == .nil
        case .message(let receiver, let selectorName, _, _):
            guard let selector = try? runtime.selector(selectorName) else { return false }
            return yieldsNothing(sending: selector, to: receiver, result: result)
        case .send(let receiver, let selector, _, _):
            return yieldsNothing(sending: selector, to: receiver, result: result)
        default:
            return false
        }
    }

    /// Whether the method a send reached returns void.
    private func yieldsNothing(sending selector: Selector, to receiver: Expression.Receiver, result: Value) -> Bool {
            let lookupClass: Class?
            switch receiver {
            case .super: lookupClass = context.home?.superclass
            case .expression(let inner):
                guard let target = try? evaluateWithoutEffects(inner) else { return result == .nil }
                lookupClass = target.object?.isa
            }
            guard let lookupClass else { return runtime.declaredReturnType(of: selector) == .void }
            return runtime.lookUpMethod(selector, in: lookupClass)?.types.returnType == .void
    }

    /// `(type)operand`, as ``convert(_:to:at:for:)`` converts, but for addresses. Kept out
    /// of `evaluate`, whose frame every nested call repeats: a larger one ran a thread with
    /// a small stack out of it before the call-depth limit was reached.
    @inline(never)
    private func cast(_ operand: Expression, to type: ObjCType, at location: SourceLocation) throws -> Value {
        // `(Bytef *)buffer`: a C array cast to a pointer to numbers is its address (a cast
        // to another pointer, `(__bridge CFArrayRef)array`, keeps an NSArray the value it is).
        if type.pointsToNumbers, operand.namesVariable { return try convert(try evaluateDecayingArrays(operand), to: type, at: location, for: "the cast") }
        // `(const char *)0`, `(id)0`: C's null pointer constant, NULL, which a pointer compares equal to.
        if case .literal(.int(0), _) = operand, Self.isPointer(type) { return .nil }
        let value = try evaluate(operand)
        // An object or a selector cast to an integer (`(NSUInteger)self` as a hash,
        // `(uintptr_t)(void *)_cmd` as a cache key) reads as the number it prints as;
        // a string as a number its characters give (FNV-1a).
        if case .integer = type {
            switch value {
            case .object(let object):
                let address = type.wrapping(object.serial)
                context.framework.objectAddresses.remember(object, as: address)
                return .int(address)
            case .selector(let selector): return .int(type.wrapping(selector.serial))
            // A string's address (`(NSUInteger)sel_getName(_cmd)` as a hash): the same for
            // the same characters, as interned names and literals share their storage.
            case .string(let text): return .int(type.wrapping(Int(truncatingIfNeeded: text.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 } >> 1)))
            default: break
            }
        }
        // An integer an object's address was read as, cast back to a pointer, is the object.
        if case .int(let number) = value, number != 0, type.holdsObject || type == .pointer(to: "v"),
           let object = context.framework.objectAddresses.object(at: number) {
            return .object(object)
        }
        return try convert(value, to: type, at: location, for: "the cast")
    }

    /// Whether `type` is a pointer's: to an object, a C string, a struct or anything else.
    private static func isPointer(_ type: ObjCType) -> Bool {
        switch type {
        case .pointer, .cString: true
        default: type.holdsObject
        }
    }

    /// The value of what a condition tests as an object, and whether it holds one. A
    /// property read with a dot (`tuple.last`, `self.capture`) is told by the getter the
    /// receiver's class has: one answering an object holds it when not nil, one answering
    /// a scalar (a BOOL) holds what its truth says.
    /// An element of an ivar's collection is an object when the ivar is one (an
    /// `NSDictionary *`'s), a C value when it is a C array.
    @inline(never)
    private func objectTest(_ tested: Expression) throws -> (value: Value, holds: Bool) {
        guard case .property(let object, let name, let location) = tested, !Self.isSuper(object) else {
            let value = try evaluate(tested)
            if case .subscript(.instanceVariable(let name, _), _, _) = tested, let (_, ivar) = ivar(named: name), !ivar.type.holdsObject {
                return (value, value.isTruthy)
            }
            return (value, value != .nil)
        }
        let target = try evaluateReceiver(object)
        if case .structure(let structure) = target {
            let value = try field(name, of: structure, at: location)
            return (value, value.isTruthy)
        }
        if target == .nil {
            let value = zeroOfMessage(named: name, toNilDeclaredBy: object, isProperty: true) ?? .nil
            return (value, false)
        }
        let getter = try property(named: name, of: target)?.getterName ?? name
        let value = try send(getter, to: .expression(.literal(target, location)), Arguments(), at: location)
        let cls = runtime.class(ofValue: target)
        // A getter the class lacks (a stand-in answered, or forwarding did) tells nothing:
        // the value does, a number by its truth and anything else by being there.
        let answersObject = try cls.flatMap { runtime.lookUpMethod(try runtime.selector(getter), in: $0)?.types.returnType }.map { type in
            switch type {
            case .object, .class: true
            default: false
            }
        } ?? (value.numberValue == nil)
        return (value, answersObject ? value != .nil : value.isTruthy)
    }

    /// Whether `expression` is `super`, whose properties are read by a super send.
    private static func isSuper(_ expression: Expression) -> Bool {
        if case .name("super", _) = expression { true } else { false }
    }

    /// Names and literals only: enough to find a receiver's class again without sending.
    private func evaluateWithoutEffects(_ expression: Expression) throws -> Value? {
        switch expression {
        case .name(let name, let location): try value(named: name, at: location)
        case .local(let slot, _, _): frame[slot]
        case .literal(let value, _): value
        default: nil
        }
    }

    // MARK: Names

    /// `self` inside a method: the receiver, or what the method assigned to `self`.
    private var currentSelf: Object? {
        guard context.hasReceiver else { return nil }
        return context.selfSlot.flatMap { frame[$0].object } ?? context.receiver
    }

    /// The instance variable `name` of `self`, inside an instance method. The class
    /// library's own ivars are private, as UIKit's are: code cannot reach around the
    /// methods that keep them consistent (a view's subviews and superview, say).
    private func ivar(named name: String) -> (Object, Ivar)? {
        guard context.home != nil, let object = currentSelf, !object.isa.isMetaclass,
              let ivar = runtime.ivar(named: name, in: object.isa),
              let owner = ivar.owner, !ClassLibrary.classNameSet.contains(owner.name) else { return nil }
        return (object, ivar)
    }

    /// What a message to nil returns when the code declares the receiver's class, as the
    /// compiler takes the return type from that class's method: `self.attribute.item` and
    /// `[_attribute item]` with `attribute` declared `MASViewAttribute *`. Nil when the
    /// receiver is not a property or an instance variable of `self` with a class type, or
    /// that class has no such method (the first declaration of the selector then decides).
    /// `isProperty` when `name` is a property's, sent as its getter.
    private func zeroOfMessage(named name: String, toNilDeclaredBy receiver: Expression, isProperty: Bool = false) -> Value? {
        let declared: ObjCType?
        switch receiver {
        case .property(.local(_, "self", _), let property, _), .property(.name("self", _), let property, _):
            declared = currentSelf.flatMap { runtime.property(named: property, in: $0.isa)?.type }
        case .instanceVariable(let name, _):
            declared = ivar(named: name)?.1.type
        default:
            return nil
        }
        guard case .object(let className?)? = declared, let cls = runtime.class(named: className),
              let selector = try? runtime.selector(isProperty ? runtime.property(named: name, in: cls)?.getterName ?? name : name),
              let method = runtime.lookUpMethod(selector, in: cls) else { return nil }
        return method.types.returnType.zeroValue
    }

    /// A message's receiver: where a name is the receiver (`[UIColor whiteColor]`,
    /// `UIScreen.mainScreen`), a framework class the model lacks is made as a stand-in.
    private func evaluateReceiver(_ expression: Expression) throws -> Value {
        guard case .name(let name, let location) = expression else { return try evaluate(expression) }
        return try value(named: name, at: location, isReceiver: true)
    }

    /// The value of a name the binder left to run time: a file-scope or session variable,
    /// `_cmd`, `__func__`, a class, or a framework constant; for a framework's name the
    /// model lacks, a stand-in class where it is a receiver, else a stand-in constant.
    func value(named name: String, at location: SourceLocation, isReceiver: Bool = false) throws -> Value {
        if let value = globals.lookUp(name) { return value }
        switch name {
        case "self":
            // Inside a method `self` is bound to its slot; here there is no method.
            throw EvaluationError(.selfOutsideMethod, at: location)
        case "_cmd" where context.selector != nil:
            return .selector(context.selector!)
        case "__func__", "__FUNCTION__", "__PRETTY_FUNCTION__":
            return .string(context.function ?? "top level")
        default:
            break
        }
        if let cls = try context.findClass(name) { return .object(cls) }
        if let constant = FrameworkFunctions.constant(named: name, types: context.types) { return constant }
        if let constant = FrameworkConstants.value(named: name) { return constant }
        // CoreFoundation's null is `[NSNull null]`, toll-free bridged: code compares
        // `value == (id)kCFNull` to find JSON's nulls.
        if name == "kCFNull", runtime.class(named: "NSNull") != nil {
            return try send("null", to: .expression(.name("NSNull", location)), Arguments(), at: location)
        }
        if let function = RuntimeFunctions.functionPointer(named: name, in: runtime, at: location) { return .block(function) }
        if let function = libraryFunctionPointer(named: name, at: location) { return .block(function) }
        if RuntimeFunctions.forwardingIMPs.contains(name) {
            do { return .implementation(try context.framework.messageForwarder(in: runtime)) } catch let error as RuntimeError {
                throw EvaluationError(.runtime(error), at: location)
            }
        }
        if isReceiver, let cls = try context.findClass(name, makingStandIns: true) { return .object(cls) }
        // Compiled code names only classes that exist: where a source file names one nothing
        // defines and the code imports a library the tree lacks, the class is that library's.
        if isReceiver, let file = location.file, [".m", ".mm", ".h", ".pch"].contains(where: file.hasSuffix),
           let cls = try context.standIns.standInClass(named: name, in: runtime, namedByLoadedCode: true) {
            return .object(cls)
        }
        // At the prompt a near miss may also be a mistyped command.
        var candidates: [String] {
            globals.all.map(\.name) + runtime.classes.map(\.name) + (!context.hasReceiver ? Command.all.map(\.name) : [])
                + FrameworkConstants.names
        }
        if !isReceiver, let standIn = context.standIns.standInConstant(named: name, isTypo: { Suggestions.nearest(name, among: candidates) != nil }) {
            return standIn
        }
        throw EvaluationError(.unknownName(name: name, suggestion: Suggestions.nearest(name, among: candidates)), at: location)
    }

    /// Stores `value` where `target` says, and returns what was stored (converted to the
    /// variable's or the field's type).
    @discardableResult
    func assign(_ value: Value, to target: Expression, at location: SourceLocation) throws -> Value {
        switch target {
        case .local(let slot, let name, let nameLocation):
            // `self = [super init]`, as initialisers are written.
            if slot == context.selfSlot, name == "self", value != .nil, value.object == nil {
                throw EvaluationError(.selfAssignedNonObject(kind: value.kindDescription), at: nameLocation)
            }
            frame.set(value, at: slot)
        case .instanceVariable(let name, let nameLocation):
            guard let (object, ivar) = ivar(named: name) else {
                throw EvaluationError(.unknownInstanceVariable(name), at: nameLocation)
            }
            let stored = try convert(value, to: ivar.type, at: nameLocation)
            do { try object.setValue(stored, of: ivar) } catch { throw EvaluationError(.runtime(error), at: nameLocation) }
            return stored
        case .name("self", let nameLocation):
            throw EvaluationError(.assignsSelfOutsideMethod, at: nameLocation)
        case .name(let name, let nameLocation):
            if name == "super" || name == "_cmd" {
                throw EvaluationError(.cannotAssign(name), at: nameLocation)
            }
            if !context.hasReceiver, !globals.declares(name), (try? context.findClass(name)) != nil {
                throw EvaluationError(.assignsClassName(name), at: nameLocation)
            }
            if !globals.declares(name), let session = context.sessionVariables {
                session.define(name, value)
                return value
            }
            globals.assign(name, value)
        case .property(.name("super", let superLocation), let name, let propertyLocation):
            // `super.frame = rect`: the setter, sent to super.
            let setter = try setterName(
                of: name, declared: superclassProperty(named: name), in: context.home?.superclass?.name, at: propertyLocation)
            _ = try send(setter, to: .super(superLocation), Arguments(value), at: propertyLocation)
        case .property(let base, let name, let propertyLocation):
            let targetValue = try evaluate(base)
            if case .structure(let unnamed) = targetValue {
                // `frame.origin.x = 5`: the struct is changed, then stored back where it came from.
                var structure = named(unnamed)
                guard let old = structure[name] else { return try field(name, of: structure, at: propertyLocation) }
                if case .property(let owner, _, _) = base, case .object? = try? evaluate(owner) {
                    throw EvaluationError(.propertyStructInPlace, at: propertyLocation)
                }
                // The field's declared type converts the value (a bit-field keeps its bits);
                // a struct known only by its value converts like the old value.
                let stored = if let fieldType = context.types.structs[structure.name]?.first(where: { $0.name == name })?.type {
                    try convert(value, to: fieldType, at: propertyLocation)
                } else {
                    try convert(value, like: old, at: propertyLocation)
                }
                _ = structure.set(name, to: stored)
                try assign(.structure(structure), to: base, at: propertyLocation)
                return stored
            }
            var declared = try property(named: name, of: targetValue)
            // A subclass that makes a read-only property writable declares it again, as
            // NSMutableURLRequest does `HTTPMethod`: its setter is the declaration here.
            if let readOnly = declared, readOnly.setterName == nil, let object = targetValue.object,
               let setter = try? runtime.selector(Property.defaultSetterName(of: name)), runtime.instancesRespond(object.isa, to: setter) {
                declared = nil
            }
            let setter = try setterName(of: name, declared: declared, in: targetValue.object?.isa.name, at: propertyLocation)
            _ = try send(setter, to: .expression(.literal(targetValue, propertyLocation)), Arguments(value), at: propertyLocation)
        case .member(let base, let name, let memberLocation):
            let targetValue = try evaluate(base)
            if case .reference(let pointer) = targetValue, case .structure(var structure) = pointer.value {
                // `p->field = x`: the field of the struct `p` points at, converted to its type.
                guard let old = structure[name] else { return try field(name, of: structure, at: memberLocation) }
                let stored = if let fieldType = context.types.structs[structure.name]?.first(where: { $0.name == name })?.type {
                    try convert(value, to: fieldType, at: memberLocation)
                } else {
                    try convert(value, like: old, at: memberLocation)
                }
                _ = structure.set(name, to: stored)
                pointer.value = .structure(structure)
                return stored
            }
            guard let object = targetValue.object, !object.isa.isMetaclass,
                  let ivar = runtime.ivar(named: name, in: object.isa), let owner = ivar.owner, !ClassLibrary.classNameSet.contains(owner.name) else {
                _ = try member(name, of: targetValue, at: memberLocation)
                throw EvaluationError(.arrowAssignsNonIvar, at: memberLocation)
            }
            let stored = try convert(value, to: ivar.type, at: memberLocation)
            do { try object.setValue(stored, of: ivar) } catch { throw EvaluationError(.runtime(error), at: memberLocation) }
            return stored
        case .unary("*", let pointer, let derefLocation):
            guard case .reference(let reference) = try evaluate(pointer) else {
                throw EvaluationError(.assignsThroughNonPointer, at: derefLocation)
            }
            reference.value = value
        case .subscript(let base, let index, let subscriptLocation):
            // Collections are values here: the element is replaced in the variable that holds them.
            let collection = try evaluate(base)
            let key = try evaluate(index)
            switch collection {
            case .reference(let pointer) where CMemory.pointsIntoMemory(pointer):
                // `p[i] = c` through a pointer into memory (`malloc`'s, a C string's, an
                // array passed to a function) writes the element `i` places on.
                guard case .int(let offset) = key else {
                    throw EvaluationError(.arrayIndexNotInteger(kind: key.kindDescription), at: subscriptLocation)
                }
                guard pointer.canWrite(at: offset) else {
                    throw EvaluationError(.writesOutsideMemory(offset: offset, limit: Reference.maximumElements), at: subscriptLocation)
                }
                pointer.advanced(by: offset).value = value
            case .reference(let pointer):
                // `p[i] = x` through a pointer to an array writes the array pointed at.
                guard case .array(var elements) = pointer.value else {
                    throw EvaluationError(.subscriptAssignmentNeedsCollection(kind: "a pointer to \(pointer.value.kindDescription)"), at: subscriptLocation)
                }
                guard let position = key.intValue, elements.indices.contains(position) else {
                    throw EvaluationError(.assignedIndexOutOfRange(index: key, count: elements.count), at: subscriptLocation)
                }
                elements[position] = value
                pointer.value = .array(elements)
            case .array(var elements):
                guard let position = key.intValue, elements.indices.contains(position) || position == elements.count else {
                    throw EvaluationError(.assignedIndexOutOfRange(index: key, count: elements.count), at: subscriptLocation)
                }
                if position == elements.count { elements.append(value) } else { elements[position] = value }
                try assign(.array(elements), to: base, at: subscriptLocation)
            case .dictionary(var entries):
                // Assigning nil removes the entry (a `nil` literal here would be the value nil).
                if value == .nil { entries.removeValue(forKey: key) } else { entries[key] = value }
                try assign(.dictionary(entries), to: base, at: subscriptLocation)
            case .object(let object):
                // A mutable collection changes in place, as its subscript setter does; any
                // other object is sent the setter the subscript compiles to.
                let isIndexed = if let holder = object as? ValueHolder, case .array = holder.value { true } else {
                    !(object is ValueHolder) && Self.isInteger(key)
                }
                let setter = try runtime.selector(isIndexed ? "setObject:atIndexedSubscript:" : "setObject:forKeyedSubscript:")
                _ = try located(at: subscriptLocation, selector: setter, receiverClass: object.isa) {
                    try runtime.send(setter, to: object, Arguments(value, key), nestedAt: context.depth)
                }
            case .nil:
                // `copy[key] = value` where `copy` is nil is a setter sent to nil: nothing
                // happens, as in Objective-C (`[context mutableCopy]` of a nil context).
                break
            default:
                throw EvaluationError(.subscriptAssignmentNeedsCollection(kind: collection.kindDescription), at: subscriptLocation)
            }
        default:
            throw EvaluationError(.notAssignable, at: location)
        }
        return value
    }

    /// `value` converted to the type of the field whose value is `old`.
    private func convert(_ value: Value, like old: Value, at location: SourceLocation) throws -> Value {
        switch old {
        case .double: try convert(value, to: .double, at: location)
        case .int: try convert(value, to: .integer(code: "q"), at: location)
        case .bool: try convert(value, to: .bool, at: location)
        default: value
        }
    }

    private func property(named name: String, of target: Value) throws -> Property? {
        guard let object = target.object else { return nil }
        return runtime.property(named: name, in: object.isa)
    }

    /// The setter that `receiver.name = value` sends: the declared property's, or `setName:`
    /// for a property no class of the receiver declares.
    /// - Throws: when the declared property, of `className`, is read-only.
    private func setterName(of name: String, declared: Property?, in className: String?, at location: SourceLocation) throws -> String {
        guard let declared else { return Property.defaultSetterName(of: name) }
        guard let setter = declared.setterName else {
            throw EvaluationError(.readOnlyProperty(name: name, className: className), at: location)
        }
        return setter
    }

    /// The property `super.name` names: the one the method's class inherits, whose getter
    /// and setter names a send to super uses.
    private func superclassProperty(named name: String) -> Property? {
        context.home?.superclass.flatMap { runtime.property(named: name, in: $0) }
    }

    // MARK: Sending

    func send(_ selectorName: String, to receiver: Expression.Receiver, _ arguments: Arguments, at location: SourceLocation) throws -> Value {
        let selector: Selector
        do { selector = try runtime.selector(selectorName) } catch { throw EvaluationError(.runtime(error), at: location) }
        return try send(selector, to: receiver, arguments, at: location)
    }

    func send(_ selector: Selector, to receiver: Expression.Receiver, _ arguments: Arguments, at location: SourceLocation) throws -> Value {
        switch receiver {
        case .super(let superLocation):
            guard let receiver = currentSelf, let home = context.home else {
                throw EvaluationError(.superOutsideMethod, at: superLocation)
            }
            return try located(at: location, selector: selector, receiverClass: receiver.isa) {
                try runtime.sendSuper(selector, to: receiver, writtenFor: home, arguments, nestedAt: context.depth)
            }
        case .expression(let expression):
            return try send(selector, toEvaluated: try evaluateReceiver(expression), writtenAs: expression, arguments, at: location)
        }
    }

    /// A send to `target`, the value of the receiver `expression`: a message to nil answers
    /// the zero of what the receiver's declared class declares the method to return.
    private func send(
        _ selector: Selector, toEvaluated target: Value, writtenAs expression: Expression, _ arguments: Arguments, at location: SourceLocation
    ) throws -> Value {
        if case .nil = target {
            return zeroOfMessage(named: selector.name, toNilDeclaredBy: expression) ?? runtime.zeroValue(for: selector)
        }
        // Strings, numbers, arrays and dictionaries are instances of their Foundation classes.
        return try located(at: location, selector: selector, receiverClass: runtime.class(ofValue: target)) {
            try runtime.send(selector, toValue: target, arguments, nestedAt: context.depth)
        }
    }

    /// A message a C function rtsh provides sends for the code (`CFStringGetLength` sends
    /// `-length`): nested at the code's depth, and an error located at the call.
    func send(_ selectorName: String, to receiver: Value, _ arguments: [Value], forCallAt location: SourceLocation) throws -> Value {
        try located(at: location) {
            try runtime.send(runtime.selector(selectorName), toValue: receiver, Arguments(arguments), nestedAt: context.depth)
        }
    }

    /// Runs a send; an error from the runtime itself gets this place and, for an
    /// unrecognised selector, the nearest selector the receiver does respond to.
    /// `receiverClass` is worked out only then: finding a value's class costs every send
    /// a retain and a release.
    func located(
        at location: SourceLocation, selector: Selector? = nil, receiverClass: @autoclosure () -> Class? = nil, _ body: () throws -> Value
    ) throws -> Value {
        context.framework.sendsMade.add(1, ordering: .relaxed)
        try checkStackSpace(at: location)
        do {
            return try body()
        } catch let error as RuntimeError {
            if let selector, error.isUnrecognizedSelector, let receiverClass = receiverClass() {
                let known = receiverClass.lineage.flatMap { runtime.methods(of: $0).map(\.selector.name) }
                throw EvaluationError(.unrecognizedSelector(error, suggestion: Suggestions.nearest(selector.name, among: known)), at: location)
            }
            throw EvaluationError(.runtime(error), at: location)
        } catch let error as ClassLibraryError {
            throw EvaluationError(.classLibrary(error), at: location)
        } catch let failure as UnplacedTestFailure {
            // A failed wait: recorded here, at the line that waited, and the test goes on.
            guard try context.framework.tests.recordFailure(failure.message, file: location.file, line: location.line, in: runtime, nestedAt: context.depth) else {
                throw BrokenExpectation(message: failure.message, location: location)
            }
            return failure.result
        }
    }

    // MARK: Operators and functions

    /// -1, with the session's `errno` set to `code`: how the C library's calls on paths,
    /// attributes and system values fail.
    func failure(errno code: Int) -> Value {
        globals.reference(to: "errno")?.value = .int(code)
        return .int(-1)
    }

    /// Whether `expression` is the literal 0, C's null pointer constant (`NO`, `(void *)0`
    /// and `FALSE` are casts of it).
    private static func isNullPointerConstant(_ expression: Expression) -> Bool {
        switch expression {
        case .literal(.int(0), _), .literal(.bool(false), _): true
        case .cast(_, let inner, _): isNullPointerConstant(inner)
        default: false
        }
    }

    /// A chain of operators of one precedence, left to right, in a loop; `&&` and `||`
    /// stop at the first operand that decides, as in C.
    private func evaluateChain(_ first: Expression, _ operations: [Expression.Operation]) throws -> Value {
        var result = try evaluate(first)
        if case .array = result, let kind = operations.first?.kind, kind.isPointerArithmetic { result = try evaluateDecayingArrays(first) }
        for (index, operation) in operations.enumerated() {
            switch operation.kind {
            case .and:
                guard result.isTruthy else { return .bool(false) }
                result = .bool(try evaluate(operation.operand).isTruthy)
            case .or:
                guard !result.isTruthy else { return .bool(true) }
                result = .bool(try evaluate(operation.operand).isTruthy)
            case .comma:
                result = try evaluate(operation.operand)
            default:
                var operand = try evaluate(operation.operand)
                // A C array in arithmetic is the address of its first element (`name + 3`).
                if case .array = operand, operation.kind.isPointerArithmetic { operand = try evaluateDecayingArrays(operation.operand) }
                // `pointer != 0`, `0 == pointer`: the literal 0 is C's null pointer, which nil
                // is. (Only the literal: a zero that is a value may be an NSNumber, never nil.)
                if operation.kind == .equal || operation.kind == .notEqual,
                   result == .nil && Self.isNullPointerConstant(operation.operand)
                    || operand == .nil && index == 0 && Self.isNullPointerConstant(first) {
                    result = .bool(operation.kind == .equal)
                    continue
                }
                if operation.comparesUnsigned, case .int(let x) = result, case .int(let y) = operand {
                    result = Self.unsignedOrdering(operation.kind, UInt64(bitPattern: Int64(x)), UInt64(bitPattern: Int64(y)))
                    continue
                }
                result = try binary(operation.kind, result, operand, at: operation.location)
            }
        }
        return result
    }

    /// One binary operator with C's semantics: integers wrap around on overflow, division
    /// by zero is an error, comparisons and arithmetic mix integers and doubles.
    private func binary(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value, at location: SourceLocation) throws -> Value {
        // Two integers, by far the commonest case, first.
        if case .int(let x) = lhs, case .int(let y) = rhs, let result = try Self.integerResult(op, x, y, at: location) { return result }
        switch op {
        case .equal: return .bool(lhs.isEqual(to: rhs))
        case .notEqual: return .bool(!lhs.isEqual(to: rhs))
        default: break
        }
        if op == .add, case .string(let a) = lhs, case .string(let b) = rhs { return .string(a + b) }
        if let moved = try CMemory.arithmetic(op, lhs, rhs, strings: context.framework.cStrings, at: location) { return moved }
        // nil is a null pointer, 0, as `[nil length] > 0` reads it.
        if lhs == .nil, rhs.numberValue != nil { return try binary(op, .int(0), rhs, at: location) }
        if rhs == .nil, lhs.numberValue != nil { return try binary(op, lhs, .int(0), at: location) }
        // `if (array > 0)`: a pointer ordered against the null pointer is greater than it.
        if op.isOrdering, Self.isPointer(lhs), rhs == .int(0) { return try binary(op, .int(1), rhs, at: location) }
        if op.isOrdering, lhs == .int(0), Self.isPointer(rhs) { return try binary(op, lhs, .int(1), at: location) }
        if op.isBitwise {
            guard Self.isInteger(lhs) || lhs == .nil, Self.isInteger(rhs) || rhs == .nil, let x = lhs.intValue, let y = rhs.intValue else {
                throw EvaluationError(.operatorNeedsIntegers(op, left: lhs.kindDescription, right: rhs.kindDescription), at: location)
            }
            return try Self.integerResult(op, x, y, at: location) ?? .nil
        }
        guard let a = lhs.numberValue, let b = rhs.numberValue else {
            throw EvaluationError(.operatorNeedsNumbers(op, left: lhs.kindDescription, right: rhs.kindDescription), at: location)
        }
        if Self.isInteger(lhs), Self.isInteger(rhs), let result = try Self.integerResult(op, lhs.intValue ?? 0, rhs.intValue ?? 0, at: location) {
            return result
        }
        switch op {
        case .less: return .bool(a < b)
        case .greater: return .bool(a > b)
        case .lessOrEqual: return .bool(a <= b)
        case .greaterOrEqual: return .bool(a >= b)
        case .add: return .double(a + b)
        case .subtract: return .double(a - b)
        case .multiply: return .double(a * b)
        case .divide: return .double(a / b)
        case .remainder: return .double(a.truncatingRemainder(dividingBy: b))
        default: throw EvaluationError(.notANumberOperator(op), at: location)
        }
    }

    /// An ordering of two unsigned integers.
    private static func unsignedOrdering(_ op: BinaryOperator, _ x: UInt64, _ y: UInt64) -> Value {
        switch op {
        case .less: .bool(x < y)
        case .greater: .bool(x > y)
        case .lessOrEqual: .bool(x <= y)
        default: .bool(x >= y)
        }
    }

    /// An operator on two integers with C's semantics: wrapping on overflow, division by
    /// zero an error; nil for `&&`, `||` and `,`, which the chain handles.
    private static func integerResult(_ op: BinaryOperator, _ x: Int, _ y: Int, at location: SourceLocation) throws -> Value? {
        switch op {
        case .add: return .int(x &+ y)
        case .subtract: return .int(x &- y)
        case .multiply: return .int(x &* y)
        case .less: return .bool(x < y)
        case .greater: return .bool(x > y)
        case .lessOrEqual: return .bool(x <= y)
        case .greaterOrEqual: return .bool(x >= y)
        case .equal: return .bool(x == y)
        case .notEqual: return .bool(x != y)
        case .bitwiseAnd: return .int(x & y)
        case .bitwiseOr: return .int(x | y)
        case .bitwiseXor: return .int(x ^ y)
        case .shiftLeft, .shiftRight:
            guard (0..<64).contains(y) else { throw EvaluationError(.shiftOutOfRange(y), at: location) }
            return .int(op == .shiftLeft ? x << y : x >> y)
        case .divide, .remainder:
            guard y != 0 else {
                throw EvaluationError(.divisionByZero(op), at: location)
            }
            // C leaves Int.min / -1 undefined (the processor traps); here it wraps, like + - *.
            return .int(op == .divide ? x.dividedReportingOverflow(by: y).partialValue : x.remainderReportingOverflow(dividingBy: y).partialValue)
        case .and, .or, .comma:
            return nil
        }
    }

    /// Whether `value` is one C holds as a non-null pointer: an object, a string, a block,
    /// a selector or an address, but not nil, a number or a struct.
    private static func isPointer(_ value: Value) -> Bool {
        switch value {
        case .nil, .bool, .int, .double, .structure: false
        default: true
        }
    }

    private static func isInteger(_ value: Value) -> Bool {
        switch value {
        case .int, .bool: true
        default: false
        }
    }

    /// An argument of a call to a C function of the program's: a variable holding a C array
    /// (or any array) is passed as a pointer to it, as C passes an array; the function
    /// reads it back as its value where its parameter is no pointer (``FunctionArguments``).
    func evaluateDecayingArrays(_ expression: Expression) throws -> Value {
        switch expression {
        case .local(let slot, _, _):
            if case .array = frame[slot] { return .reference(Reference(element: 0, of: frame.reference(at: slot))) }
        case .name(let name, _):
            if case .array? = globals.lookUp(name), let reference = globals.reference(to: name) { return .reference(Reference(element: 0, of: reference)) }
        case .member(let base, let name, _):
            // `p->buffer`, an array field of the struct `p` points at (`strncpy(p->name, ...)`).
            let target = try evaluate(base)
            if case .reference(let pointer) = target, case .structure(let structure) = pointer.value, case .array? = structure[name] {
                return .reference(Reference(element: 0, of: Reference(field: name, of: pointer)))
            }
            return try member(name, of: target, at: expression.location)
        default:
            break
        }
        return try evaluate(expression)
    }

    /// A message's arguments: a method that fills a caller's buffer or reads one
    /// (`getBytes:length:`, `setArgument:atIndex:`, a stream's `read:maxLength:`) is given
    /// a C array's address, as C passes an array.
    private func evaluate(_ arguments: [Expression], for selector: Selector) throws -> Arguments {
        guard !arguments.isEmpty else { return Arguments() }
        let name = selector.name
        if name.hasPrefix("get") || name.hasPrefix("setArgument") || name.hasPrefix("setReturn") || name.hasPrefix("read:") || name.hasPrefix("write:"),
           MemoryFunctions.fillsBuffer(name) {
            return Arguments(try arguments.map(evaluateDecayingArrays))
        }
        return Arguments(try arguments.map(evaluate))
    }

    /// `&s.field`: the field of a struct variable (`sigemptyset(&action.sa_mask)`), or of a
    /// field of one (`&a.b.c`). Out of line, as `unary`'s frame repeats in every nested call.
    @inline(never)
    private func addressOfField(_ name: String, of base: Expression, at location: SourceLocation) throws -> Value {
        guard case .reference(let pointer) = try unary("&", base, at: location), case .structure(let structure) = pointer.value, structure[name] != nil else {
            throw EvaluationError(.addressNeedsVariable, at: location)
        }
        return .reference(Reference(field: name, of: pointer))
    }

    /// `!x`, `-x`, `+x`, `~x`, `&variable`, `*pointer`.
    private func unary(_ op: String, _ operand: Expression, at location: SourceLocation) throws -> Value {
        if op == "&" {
            switch operand {
            case .local(let slot, _, _):
                return .reference(frame.reference(at: slot))
            case .instanceVariable(let name, let nameLocation):
                guard let (object, ivar) = ivar(named: name) else {
                    throw EvaluationError(.unknownInstanceVariable(name), at: nameLocation)
                }
                return .reference(Reference(ivar: ivar, of: object))
            case .subscript(let base, let index, let subscriptLocation):
                // `&buffer[i]`: a pointer to the element, as `buffer + i` is.
                let (array, offset) = (try evaluateDecayingArrays(base), try evaluate(index))
                guard let pointer = CMemory.pointer(from: array, in: context.framework.cStrings), case .int(let count) = offset else {
                    throw EvaluationError(.addressNeedsVariable, at: subscriptLocation)
                }
                return .reference(pointer.advanced(by: count))
            case .member(let base, let name, let memberLocation):
                let target = try evaluate(base)
                // `&p->field`: the field of the struct `p` points at.
                if case .reference(let pointer) = target, case .structure(let structure) = pointer.value, structure[name] != nil {
                    return .reference(Reference(field: name, of: pointer))
                }
                // `&self->_lock`, `&other->_count`: an ivar of the object on the left.
                guard let object = target.object, let ivar = runtime.ivar(named: name, in: object.isa) else {
                    throw EvaluationError(.addressNeedsVariable, at: memberLocation)
                }
                return .reference(Reference(ivar: ivar, of: object))
            case .property(let base, let name, let propertyLocation):
                return try addressOfField(name, of: base, at: propertyLocation)
            case .name(let name, let nameLocation):
                // `&applier`: a function's address is the function, as C has it.
                if let function = globals.function(named: name) { return function }
                guard let reference = globals.reference(to: name) else {
                    // `&dispatch_block_cancel != NULL`: a weak-linked function's address, which
                    // code tests before calling it; rtsh's functions are all there.
                    if Self.functionNames.contains(name) { return .reference(Reference(.string(name))) }
                    let value = try value(named: name, at: nameLocation)
                    // A framework's constant global (`&kCFTypeArrayCallBacks`, `&NSFoundationVersionNumber`): a pointer to its value.
                    let isConstantGlobal = switch value {
                    case .string: FrameworkConstants.value(named: name) == value
                    case .structure: FrameworkFunctions.constant(named: name, types: context.types) == value
                    default: false
                    }
                    if isConstantGlobal { return .reference(Reference(value)) }
                    throw EvaluationError(.addressOfNonVariable(name), at: nameLocation)
                }
                return .reference(reference)
            default:
                throw EvaluationError(.addressNeedsVariable, at: location)
            }
        }
        let value = try evaluate(operand)
        switch op {
        case "!":
            return .bool(!value.isTruthy)
        case "*":
            if let first = CMemory.firstElement(of: value) { return first }
            // `(*handler)(x)`: a function pointer, dereferenced, is the function.
            if case .block(let block) = value, block.isFunction { return value }
            guard case .reference(let reference) = value else {
                throw EvaluationError(.dereferenceNeedsPointer(kind: value.kindDescription), at: location)
            }
            return reference.value
        case "~":
            guard Self.isInteger(value), let number = value.intValue else {
                throw EvaluationError(.complementNeedsInteger(kind: value.kindDescription), at: location)
            }
            return .int(~number)
        default:
            switch value {
            // As in C, negating the smallest integer wraps around to itself.
            case .int(let number): return .int(op == "-" ? 0 &- number : number)
            case .bool(let flag): return .int(op == "-" ? (flag ? -1 : 0) : (flag ? 1 : 0))
            case .double(let number): return .double(op == "-" ? -number : number)
            default: throw EvaluationError(.needsNumber(operator: op, kind: value.kindDescription), at: location)
            }
        }
    }

    /// The C library's functions given an array argument as its address, as they read or
    /// fill the caller's buffer: `<string.h>`'s, the digests', the extended attributes'.
    private static let takingArrayAddresses = MemoryFunctions.takingArrayAddresses.union(DigestFunctions.names).union(CryptorFunctions.names).union(["CFHTTPMessageAppendBytes"]).union(ScanFunctions.names).union(ZlibFunctions.names)
        .union(ExtendedAttributeFunctions.names).union(SystemFunctions.takingArrayAddresses).union(RuntimeFunctions.takingArrayAddresses)

    /// Refuses a send or a call when the thread's stack is nearly exhausted (see
    /// ``StackSpace``), at the call that would go too deep.
    @inline(__always)
    private func checkStackSpace(at location: SourceLocation) throws {
        guard !(context.stackEntry?.isNearlyExhausted ?? StackSpace.isNearlyExhausted) else { throw EvaluationError(.stackExhausted, at: location) }
    }

    /// Calls a block; the call nests like a send, and counts towards the same limit.
    func call(_ block: Block, named name: String, _ arguments: [Value], at location: SourceLocation) throws -> Value {
        guard context.depth < runtime.maximumSendDepth else {
            throw EvaluationError(.runtime(.callDepthExceeded(in: name, limit: runtime.maximumSendDepth)), at: location)
        }
        do { return try block.call(Arguments(arguments), nestedAt: context.depth) } catch let error as RuntimeError {
            throw EvaluationError(.runtime(error), at: location)
        } catch let error as EvaluationError where error.location == nil {
            throw EvaluationError.placing(error, at: location)
        }
    }

    /// Calls an IMP as a C function, `imp(self, _cmd, arguments...)`: its code runs for
    /// that receiver and selector without a lookup.
    func call(_ implementation: Implementation, _ arguments: [Value], at location: SourceLocation) throws -> Value {
        guard arguments.count >= 2, case .selector(let selector) = arguments[1], arguments[0] == .nil || arguments[0].object != nil else {
            throw EvaluationError(.functionArguments(
                function: "an IMP", expected: "the receiver and the selector first, then the method's arguments, as in imp(self, _cmd)",
                given: arguments.map(\.kindDescription)), at: location)
        }
        guard let receiver = arguments[0].object else { return runtime.zeroValue(for: selector) }
        return try located(at: location) {
            try runtime.call(implementation, receiver: receiver, selector: selector, Arguments(Array(arguments.dropFirst(2))), nestedAt: context.depth)
        }
    }

    /// `format` filled in as NSLog fills it: an object shows its `-description`.
    func formatted(_ format: String, _ arguments: [Value], at location: SourceLocation) throws -> String {
        do {
            return try Format.string(format, arguments) { value in
                switch value {
                case .object, .array, .dictionary:
                    let description = try runtime.selector("description")
                    let described = try located(at: location) { try runtime.send(description, toValue: value, Arguments(), nestedAt: context.depth) }
                    return Format.plainText(of: described)
                default:
                    return Format.plainText(of: value)
                }
            }
        } catch let problem as Format.Problem {
            throw EvaluationError(.format(problem), at: location)
        }
    }

    /// Out of line, as the chain of framework function families grows: a caller's frame
    /// that took it in would repeat in every nested call (see ``cast(_:to:at:)``).
    @inline(never)
    private func call(_ function: String, _ arguments: [Value], at location: SourceLocation) throws -> Value {
        try checkStackSpace(at: location)
        switch globals.lookUp(function) {
        case .block(let block)?: return try call(block, named: "the block '\(function)'", arguments, at: location)
        case .implementation(let implementation)?: return try call(implementation, arguments, at: location)
        default: break
        }
        if let made = try FrameworkFunctions.call(function, arguments, types: context.types, at: location) { return made }
        if let answer = try RuntimeFunctions.call(function, arguments, context: context, at: location) { return answer }
        if let answer = try DispatchFunctions.call(function, arguments, interpreter: self, at: location) { return answer }
        if let answer = try DispatchSourceFunctions.call(function, arguments, interpreter: self, at: location) { return answer }
        if let answer = try SystemFunctions.call(function, arguments, interpreter: self, at: location) { return answer }
        if let answer = try ProcessFunctions.call(function, arguments, interpreter: self, at: location) { return answer }
        if let answer = try KeychainFunctions.call(function, arguments, interpreter: self, at: location) { return answer }
        if let answer = try StandardIOFunctions.call(function, arguments, interpreter: self, at: location) { return answer }
        if let answer = try FileFunctions.call(function, arguments, interpreter: self, at: location) { return answer }
        if let answer = try AudioServicesFunctions.call(function, arguments, interpreter: self, at: location) { return answer }
        if let answer = try MemoryFunctions.call(function, arguments, interpreter: self, at: location) { return answer }
        if let answer = try DigestFunctions.call(function, arguments, interpreter: self, at: location) { return answer }
        if let answer = try CryptorFunctions.call(function, arguments, interpreter: self, at: location) { return answer }
        if let answer = try HTTPMessageFunctions.call(function, arguments, interpreter: self, at: location) { return answer }
        if let answer = try DecimalFunctions.call(function, arguments, at: location) { return answer }
        if let answer = try ScanFunctions.call(function, arguments, at: location) { return answer }
        if let answer = try ZlibFunctions.call(function, arguments, streams: context.framework.zlibStreams, at: location) { return answer }
        if let answer = try SQLiteFunctions.call(function, arguments, interpreter: self, at: location) { return answer }
        if let answer = try SignalFunctions.call(function, arguments, handlers: context.framework.installedHandlers, at: location) { return answer }
        if let answer = try ImageIOFunctions.call(function, arguments, interpreter: self, at: location) { return answer }
        if let answer = try LockFunctions.call(function, arguments, clock: context.framework.clock, specifics: context.framework.threadSpecifics, at: location) { return answer }
        if let answer = try CoreFoundationFunctions.call(function, arguments, retains: context.framework.coreFoundationRetains, at: location) { return answer }
        if let answer = try UUIDFunctions.call(function, arguments, interpreter: self, at: location) { return answer }
        if let answer = try CFStringFunctions.call(function, arguments, interpreter: self, at: location) { return answer }
        if let answer = try RunLoopFunctions.call(function, arguments, interpreter: self, at: location) { return answer }
        if let answer = try CoreFoundationContainers.call(function, arguments, interpreter: self, at: location) { return answer }
        if let answer = try CoreFoundationBinaryHeap.call(function, arguments, interpreter: self, at: location) { return answer }
        if let answer = try ExtendedAttributeFunctions.call(function, arguments, interpreter: self, at: location) { return answer }
        if let answer = try GraphicsFunctions.call(function, arguments, interpreter: self, at: location) { return answer }
        if let answer = try TestAssertions.call(function, arguments, interpreter: self, at: location) { return answer }
        if let answer = try HamcrestFunctions.call(function, arguments, interpreter: self, at: location) { return answer }
        switch function {
        case "__builtin_va_start":
            // `va_start(list, last)` is a macro for `list = __builtin_va_start()`; the list
            // is a pointer to the arguments not read yet.
            guard context.isVariadic else { throw EvaluationError(.variadicOutsideMethod, at: location) }
            return .reference(Reference(.array(context.variadicArguments)))
        case "__builtin_va_arg", "__builtin_va_copy":
            guard arguments.count == 1, case .reference(let list) = arguments[0], case .array(var remaining) = list.value else {
                throw EvaluationError(.variadicListNotStarted(function: function == "__builtin_va_arg" ? "va_arg" : "va_copy"), at: location)
            }
            if function == "__builtin_va_copy" { return .reference(Reference(.array(remaining))) }
            // Past the last argument C reads garbage; here it reads nil, which ends the
            // usual loop over a nil-terminated list.
            guard !remaining.isEmpty else { return .nil }
            let next = remaining.removeFirst()
            list.value = .array(remaining)
            return next
        case "NSLog":
            guard case .string(let format)? = arguments.first else {
                throw EvaluationError(.logNeedsFormat, at: location)
            }
            context.console.log(try formatted(format, Array(arguments.dropFirst()), at: location))
            return .nil
        case "format":
            guard case .string(let template)? = arguments.first else {
                throw EvaluationError(.formatNeedsFormat, at: location)
            }
            return .string(try formatted(template, Array(arguments.dropFirst()), at: location))
        case "NSClassFromString" where arguments == [.nil], "NSStringFromClass" where arguments == [.nil]:
            // Nil in, nil out, as Foundation's do (a property whose type was not found).
            return .nil
        case "NSClassFromString":
            guard arguments.count == 1, case .string(let name) = arguments[0] else {
                throw EvaluationError(.classFromStringNeedsName, at: location)
            }
            return runtime.class(named: name).map(Value.object) ?? .nil
        case "NSStringFromClass":
            guard arguments.count == 1, let cls = arguments[0].class else { throw EvaluationError(.stringFromClassNeedsClass, at: location) }
            return .string(cls.name)
        case "UIApplicationMain" where arguments.count == 4:
            // UIKit's own: argc, argv, the principal class's name (UIApplication's own here)
            // and the delegate class's, as an app's `main` calls it; anywhere, as `main` is a function.
            let delegate: String
            switch arguments[3] {
            case .string(let name): delegate = name
            case .nil:
                // No delegate named: an app whose main nib makes its delegate. The one class of
                // the program's that adopts UIApplicationDelegate is that delegate.
                let adopting = runtime.protocol(named: "UIApplicationDelegate").map { proto in
                    runtime.classes.filter { !ClassLibrary.classNameSet.contains($0.name) && runtime.conforms($0, to: proto) }.map(\.name).sorted()
                } ?? []
                guard adopting.count == 1 else { throw EvaluationError(.applicationMainWithoutDelegate(adopting: adopting), at: location) }
                delegate = adopting[0]
            default:
                throw EvaluationError(.applicationMainArguments, at: location)
            }
            let application = Value.object(try runtime.requireClass(named: "UIApplication"))
            _ = try located(at: location) {
                try runtime.send(runtime.selector("_launchWithDelegateClassName:"), toValue: application, Arguments(.string(delegate)), nestedAt: context.depth)
            }
            return .int(0)
        case "UIApplicationMain":
            guard (1...2).contains(arguments.count), case .string(let delegate) = arguments[0] else {
                throw EvaluationError(.applicationMainArguments, at: location)
            }
            var testing: String?
            if arguments.count == 2 {
                guard case .string(let name) = arguments[1] else { throw EvaluationError(.testingDelegateNotString, at: location) }
                testing = name
            }
            guard let launch = context.launchApplication else { throw EvaluationError(.applicationMainInsideMethod, at: location) }
            do { return .object(try launch(delegate, testing)) } catch let error as ClassLibraryError { throw EvaluationError(.classLibrary(error), at: location) }
        case "mock":
            guard arguments.count == 1, let cls = arguments[0].class else {
                throw EvaluationError(.mockNeedsClass, at: location)
            }
            return .object(try makeMock(cls))
        case "exists":
            guard arguments.count == 1, case .string(let label) = arguments[0] else { throw EvaluationError(.existsNeedsLabel, at: location) }
            guard let viewExists = context.services.viewExists else { throw EvaluationError(.existsInsideMethod, at: location) }
            return .bool(try viewExists(label))
        case "fixture":
            guard arguments.count == 1, case .string(let name) = arguments[0] else {
                throw EvaluationError(.fixtureNeedsName, at: location)
            }
            return try Fixtures.load(name, relativeTo: context.directory, at: location)
        case "assert", "NSAssert", "NSCAssert", "_NSParameterAssert":
            return try assertion(function, arguments, at: location)
        default:
            if let value = globals.lookUp(function) {
                throw EvaluationError(.calledValueNotBlock(name: function, kind: value.kindDescription), at: location)
            }
            if Self.mayHaveStandIn(function), let standIn = try context.standIns.standInFunctionResult(named: function, in: runtime) {
                return standIn
            }
            throw Self.unknownFunction(function, at: location)
        }
    }

    /// A function rtsh provides named as a value, as code passes a C library function where
    /// a function pointer goes (`dispatch_queue_set_specific(queue, key, context, free)`,
    /// `qsort(names, count, sizeof(char *), compare)`): a block that calls it. Nil for a name
    /// that is no such function.
    @inline(never)
    private func libraryFunctionPointer(named name: String, at location: SourceLocation) -> Block? {
        guard Self.functionNames.contains(name) else { return nil }
        // It holds neither the runtime nor this interpreter (see ``RuntimeReference``): a
        // function pointer kept in an object must not keep the runtime alive.
        let reference = RuntimeReference(runtime), services = context.services, globals = globals
        return Block(parameterCount: 0, isFunction: true, isVariadic: true) { arguments, depth in
            guard let runtime = reference.runtime else { throw EvaluationError(.blockOfResetRuntime) }
            return try Interpreter.running(in: runtime, services: services, depth: depth + 1, frame: Frame.make(size: 0), globals: globals) { interpreter in
                try interpreter.call(name, Array(arguments), at: location)
            }
        }
    }

    /// The functions code can call, besides blocks in variables and C functions of the files loaded.
    static let functions = [
        "NSLog", "format", "fixture", "mock", "exists", "NSClassFromString", "NSStringFromClass", "UIApplicationMain",
        "assert", "NSAssert", "NSCAssert",
        // What the macros va_start, va_arg, va_copy and NSParameterAssert expand to.
        "__builtin_va_start", "__builtin_va_arg", "__builtin_va_copy", "_NSParameterAssert",
    ] + FrameworkFunctions.names + TestAssertions.names + RuntimeFunctions.names + DispatchFunctions.names + DispatchSourceFunctions.names + SystemFunctions.names + ProcessFunctions.names + KeychainFunctions.names + StandardIOFunctions.names + FileFunctions.names + AudioServicesFunctions.names + MemoryFunctions.names + DigestFunctions.names + CryptorFunctions.names + HTTPMessageFunctions.names + DecimalFunctions.names + ScanFunctions.names + ZlibFunctions.names + SQLiteFunctions.names + SignalFunctions.names + LockFunctions.names + CoreFoundationFunctions.names + UUIDFunctions.names + CFStringFunctions.names + RunLoopFunctions.names + CoreFoundationContainers.names + CoreFoundationBinaryHeap.names + ExtendedAttributeFunctions.names + ImageIOFunctions.names
        + HamcrestFunctions.names + GraphicsFunctions.names

    /// ``functions``, to look up.
    static let functionNames = Set(functions)

    /// The functions rtsh provides that return void: a call of one at the prompt prints nothing.
    static let voidFunctions = Set([
        "NSLog", "dispatch_source_set_timer", "dispatch_source_set_event_handler", "dispatch_source_set_cancel_handler", "dispatch_source_cancel", "dispatch_resume", "dispatch_suspend", "dispatch_async", "dispatch_barrier_async", "dispatch_sync", "dispatch_barrier_sync", "dispatch_after", "dispatch_once", "dispatch_apply", "dispatch_activate", "dispatch_source_merge_data", "atomic_thread_fence", "atomic_signal_fence", "__sync_synchronize", "OSMemoryBarrier", "dispatch_queue_set_specific", "atomic_init", "atomic_store", "atomic_store_explicit",
        "method_exchangeImplementations", "objc_setAssociatedObject", "objc_removeAssociatedObjects", "free", "sqlite3_free", "objc_registerClassPair",
        "os_log", "os_log_info", "os_log_debug", "os_log_error", "os_log_fault", "os_log_with_type", "srandom", "srand",
        "AudioServicesPlaySystemSound", "AudioServicesPlayAlertSound", "AudioServicesPlaySystemSoundWithCompletion", "AudioServicesPlayAlertSoundWithCompletion",
        "_XCTAssertion", "_XCTSkip", "_NSParameterAssert", "CGColorRelease", "CGColorSpaceRelease", "UIGraphicsBeginImageContext",
        "UIGraphicsBeginImageContextWithOptions", "UIGraphicsEndImageContext", "dispatch_group_enter", "dispatch_group_leave",
        "dispatch_group_async", "dispatch_group_notify", "os_unfair_lock_lock", "os_unfair_lock_unlock", "os_unfair_lock_assert_owner",
        "os_unfair_lock_assert_not_owner", "OSSpinLockLock", "OSSpinLockUnlock", "memset", "bzero", "CFRelease",
        // They return the buffer they wrote, which the prompt would print as `<pointer>`.
        "strcpy", "strncpy", "strcat", "strncat", "memcpy", "memmove", "CC_MD5", "CC_SHA1", "CC_SHA256", "CGImageRelease",
        "dispatch_block_cancel", "Block_release", "dispatch_set_target_queue",
        "CFDictionarySetValue", "CFDictionaryAddValue", "CFDictionaryReplaceValue", "CFDictionaryRemoveValue", "CFDictionaryRemoveAllValues",
        "CFDictionaryApplyFunction", "CFArrayAppendValue", "CFArrayInsertValueAtIndex", "CFArraySetValueAtIndex", "CFArrayRemoveValueAtIndex",
        "CFArrayRemoveAllValues", "CFArrayApplyFunction", "CFSetAddValue", "CFSetRemoveValue", "CFSetRemoveAllValues",
        "CFRunLoopRun", "CFRunLoopStop", "CFRunLoopWakeUp", "CFRunLoopPerformBlock", "CFRunLoopAddObserver", "CFRunLoopRemoveObserver",
        "CFRunLoopObserverInvalidate", "CFRunLoopAddTimer", "CFRunLoopRemoveTimer", "CFRunLoopTimerInvalidate", "CFRunLoopTimerSetNextFireDate",
        "CFRunLoopTimerSetTolerance", "CFBinaryHeapAddValue", "CFBinaryHeapRemoveMinimumValue", "CFBinaryHeapRemoveAllValues",
        "CFBinaryHeapGetValues", "CFBinaryHeapApplyFunction", "CCHmacInit", "CCHmacUpdate", "CCHmacFinal", "CCHmac",
        "CFHTTPMessageSetHeaderFieldValue", "CFHTTPMessageSetBody",
        // As the digests above, they return the buffer they wrote.
        "CC_SHA224", "CC_SHA384", "CC_SHA512",
    ] + HamcrestAssertions.names)

    /// Whether a call of `function`, which nothing defines, may be answered by a stand-in:
    /// it is spelled as a framework's function and is not a near miss of one rtsh has.
    static func mayHaveStandIn(_ function: String) -> Bool {
        StandIns.isFrameworkFunctionName(function) && !functionNames.contains(function) && Suggestions.nearest(function, among: functions) == nil
    }

    static func unknownFunction(_ name: String, at location: SourceLocation) -> EvaluationError {
        EvaluationError(.unknownFunction(name: name, suggestion: Suggestions.nearest(name, among: functions)), at: location)
    }

    /// The functions as `help functions` lists them: OCHamcrest's, a hundred and more
    /// under two names each, as one entry.
    static let listedFunctions = functions.filter { !HamcrestFunctions.names.contains($0) } + [HamcrestFunctions.summary]

    /// `assert(condition)`, `NSAssert(condition, @"format", ...)`, `NSParameterAssert(condition)`
    /// (a macro passing the condition and its text to `_NSParameterAssert`): a false
    /// condition raises, as Foundation's assertion handler does: `NSAssert` an
    /// `NSInternalInconsistencyException` with the description as its reason, and
    /// `NSParameterAssert` one whose reason is "Invalid parameter not satisfying: …".
    private func assertion(_ function: String, _ arguments: [Value], at location: SourceLocation) throws -> Value {
        let takesDescription = function == "NSAssert" || function == "NSCAssert"
        let isParameterAssert = function == "_NSParameterAssert"
        guard let condition = arguments.first, takesDescription || arguments.count == (isParameterAssert ? 2 : 1) else {
            throw EvaluationError(.assertionArguments(function: isParameterAssert ? "NSParameterAssert" : function, takesDescription: takesDescription), at: location)
        }
        guard !condition.isTruthy else { return .nil }
        if function == "assert" { throw RaisedException(value: .string("assert failed"), location: location) }
        let name: String, reason: String
        if takesDescription {
            guard arguments.count >= 2, case .string(let format) = arguments[1] else {
                throw EvaluationError(.assertionNeedsDescription(function: function), at: location)
            }
            (name, reason) = ("NSInternalInconsistencyException", try formatted(format, Array(arguments.dropFirst(2)), at: location))
        } else {
            let text = if case .string(let written) = arguments[1] { written } else { "" }
            // Foundation's assertion handler raises both kinds the same way.
            (name, reason) = ("NSInternalInconsistencyException", "Invalid parameter not satisfying: \(text)")
        }
        let exception = try located(at: location) { .object(try ClassLibrary.exception(named: name, reason: reason, in: runtime).exception) }
        throw try RaisedException(throwing: exception, at: location, in: runtime)
    }
}

/// A value raised with `@throw`.
struct RaisedException: Error, CustomStringConvertible {
    let value: Value
    let location: SourceLocation
    /// What an `NSException` says of itself (its name and reason), read when it was raised.
    var summary: String?

    init(value: Value, location: SourceLocation, summary: String? = nil) {
        self.value = value
        self.location = location
        self.summary = summary
    }

    /// `@throw value` in `runtime`: an `NSException` is described by its name and reason.
    init(throwing value: Value, at location: SourceLocation, in runtime: Runtime) throws {
        let exception = ClassLibrary.isException(value, in: runtime) ? value.object : nil
        self.init(value: value, location: location, summary: try exception.map { try ClassLibrary.raised($0, in: runtime).description })
    }

    var description: String {
        if let summary { return summary }
        if case .string(let text) = value { return text }
        return value.description
    }
}

extension Interpreter {
    /// `array[index]` or `dictionary[key]`; a missing key is nil, as in Foundation.
    static func element(of base: Value, at index: Value, in runtime: Runtime, depth: Int, location: SourceLocation) throws -> Value {
        if let holder = base.object as? ValueHolder { return try element(of: holder.value, at: index, in: runtime, depth: depth, location: location) }
        // `p[i]` through a pointer into memory, or a C string's character `i`.
        if let element = try CMemory.element(of: base, at: index, location: location) { return element }
        // `p[i]` where `p` points at an array: the array's element, as C indexes through a pointer.
        if case .reference(let pointer) = base, case .array = pointer.value {
            return try element(of: pointer.value, at: index, in: runtime, depth: depth, location: location)
        }
        switch base {
        case .array(let elements):
            guard let position = index.intValue, case .int = index else {
                // An object key sends `objectForKeyedSubscript:`, as clang compiles `array[key]`
                // for a key of an object type: a category on NSArray may answer it (ranges by string).
                if let keyed = try? runtime.selector("objectForKeyedSubscript:"), let cls = runtime.class(ofValue: base),
                   runtime.instancesRespond(cls, to: keyed) {
                    do { return try runtime.send(keyed, toValue: base, Arguments(index), nestedAt: depth) } catch let error as RuntimeError {
                        throw EvaluationError(.runtime(error), at: location)
                    }
                }
                throw EvaluationError(.arrayIndexNotInteger(kind: index.kindDescription), at: location)
            }
            guard elements.indices.contains(position) else {
                throw EvaluationError(.indexOutOfBounds(index: position, count: elements.count), at: location)
            }
            return elements[position]
        case .dictionary(let entries):
            return try runtime.lookUp(index, in: entries, nestedAt: depth) ?? .nil
        case .nil:
            return .nil
        default:
            throw EvaluationError(.subscriptNeedsCollection(kind: base.kindDescription), at: location)
        }
    }
}

extension Interpreter {
    /// Binds an expression written at the prompt (or in a command's argument) to this
    /// interpreter's frame and names, ready to evaluate.
    func bind(_ expression: Expression) throws(EvaluationError) -> Expression {
        var binder = topLevelBinder()
        let (bound, size) = try binder.bind(expression)
        frame.reserve(size)
        return bound
    }

    /// Binds statements written at the prompt, ready to execute.
    func bind(_ statements: [Statement]) throws(EvaluationError) -> [Statement] {
        var binder = topLevelBinder()
        let bound = try binder.bind(statements)
        frame.reserve(bound.frameSize)
        return bound.statements
    }

    /// Binds and evaluates an expression written at the prompt.
    func bindAndEvaluate(_ expression: Expression) throws -> Value {
        try evaluate(try bind(expression))
    }

    private func topLevelBinder() -> Binder {
        let globals = globals
        var binder = Binder(runtime: runtime, unit: .prompt, elsewhere: "assign it at the prompt first") { globals.declares($0) }
        binder.holdsObjectOutside = globals.holdsObject
        return binder
    }
}
