import Runtime

/// One call of a C function rtsh provides, with what reads its arguments: each reader
/// checks the count and the kind, and a mistake is one located error that says what the
/// function takes (`expected`, with an example) and what it was given.
struct FunctionCall {
    let function: String
    let arguments: [Value]
    /// What the function takes, as the error words it: `a class and a selector, as in ...`.
    let expected: String
    let location: SourceLocation

    /// The error for arguments of the wrong number or kind.
    var mistake: EvaluationError {
        EvaluationError(.functionArguments(function: function, expected: expected, given: arguments.map(\.kindDescription)), at: location)
    }

    /// Checks that there are `count` arguments.
    func expect(_ count: Int) throws {
        guard arguments.count == count else { throw mistake }
    }

    subscript(index: Int) -> Value { arguments[index] }

    /// A string, the text an `NSMutableString` holds now, or the C string a pointer
    /// points at or a C array holds (`name + 2`, a buffer `strncpy` filled).
    func string(_ index: Int) throws -> String {
        guard let text = CMemory.cString((arguments[index].object as? ValueHolder)?.value ?? arguments[index]) else { throw mistake }
        return text
    }

    func selector(_ index: Int) throws -> Selector {
        guard case .selector(let selector) = arguments[index] else { throw mistake }
        return selector
    }

    /// A class, or nil for nil (the runtime's functions answer nil for a nil class).
    func optionalClass(_ index: Int) throws -> Class? {
        if arguments[index] == .nil { return nil }
        guard let cls = arguments[index].class else { throw mistake }
        return cls
    }

    /// A Method, or nil for NULL (which the runtime's functions take, as objc's do).
    func optionalMethod(_ index: Int) throws -> Method? {
        if arguments[index] == .nil { return nil }
        return try method(index)
    }

    func method(_ index: Int) throws -> Method {
        guard case .method(let method) = arguments[index] else { throw mistake }
        return method
    }

    func block(_ index: Int) throws -> Block {
        guard case .block(let block) = arguments[index] else { throw mistake }
        return block
    }

    func number(_ index: Int) throws -> Double {
        guard let number = arguments[index].numberValue else { throw mistake }
        return number
    }

    /// An integer; a double converts as C converts one passed for an integer parameter,
    /// towards zero (`dispatch_time(DISPATCH_TIME_NOW, 0.25 * NSEC_PER_SEC)`).
    func integer(_ index: Int) throws -> Int {
        if case .double(let number) = arguments[index], number.isFinite {
            return Int(max(min(number.rounded(.towardZero), 9.2e18), -9.2e18))
        }
        guard let number = arguments[index].intValue, arguments[index] != .nil else { throw mistake }
        return number
    }

    /// An out-parameter (`&count`), or nil when NULL is passed for it.
    func pointer(_ index: Int) throws -> Reference? {
        switch arguments[index] {
        case .nil: return nil
        case .int(0): return nil
        case .reference(let reference): return reference
        default: throw mistake
        }
    }

    /// Runs `body`, giving an error of the runtime or the class library this call's place.
    @discardableResult
    func located<Result>(_ body: () throws -> Result) throws -> Result {
        do { return try body() } catch let error as RuntimeError {
            throw EvaluationError(.runtime(error), at: location)
        }
    }
}
