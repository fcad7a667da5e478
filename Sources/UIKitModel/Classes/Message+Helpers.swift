import Runtime

extension Message {
    /// The number (a `CGFloat`, `float`, `double`, or an integer) passed as argument `index`.
    func numberArgument(_ index: Int) throws -> Double {
        guard let number = self[index].numberValue else { throw wrongArgument(index, expected: "a number") }
        return number
    }

    /// The rect passed as argument `index`.
    func rectArgument(_ index: Int) throws -> (x: Double, y: Double, width: Double, height: Double) {
        guard let rect = Geometry.rectNumbers(of: self[index]) else { throw wrongArgument(index, expected: "a CGRect such as CGRectMake(0, 0, 320, 44)") }
        return rect
    }

    /// The class passed as argument `index`, or nil; anything else is an error.
    func classArgument(_ index: Int) throws -> Class? {
        switch self[index] {
        case .nil: return nil
        case .object(let cls as Class) where !cls.isMetaclass: return cls
        default: throw wrongArgument(index, expected: "a class such as [UITableViewCell class]")
        }
    }

    /// The block passed as argument `index`, or nil; anything else is an error.
    func blockArgument(_ index: Int) throws -> Block? {
        switch self[index] {
        case .nil: return nil
        case .block(let block): return block
        default: throw wrongArgument(index, expected: "a block or nil")
        }
    }

    /// The string passed as argument `index`, or nil; anything else is an error.
    func optionalStringArgument(_ index: Int) throws -> String? {
        if self[index] == .nil { return nil }
        guard let text = self[index].text else { throw wrongArgument(index, expected: "a string or nil") }
        return text
    }

    /// Whether `object` answers `selector`, asked as UIKit asks a delegate: with
    /// `respondsToSelector:` (which a mock or a proxy may answer for itself) when it has it.
    func responds(_ object: Object?, to selector: Selector) throws -> Bool {
        guard let object else { return false }
        let asking = try runtime.selector("respondsToSelector:")
        if runtime.instancesRespond(object.isa, to: asking) { return try send(asking, to: object, Arguments(.selector(selector))).isTruthy }
        return runtime.instancesRespond(object.isa, to: selector)
    }

    /// Sends `selector` to a delegate or data source when it answers it (an optional
    /// protocol method); nil when it does not.
    @discardableResult
    func sendIfImplemented(_ selector: Selector, to object: Object?, _ arguments: Arguments = Arguments()) throws -> Value? {
        guard try responds(object, to: selector) else { return nil }
        return try send(selector, to: object, arguments)
    }

    /// `[[<receiver> alloc] <initializer>...]`: what a class factory answers, so that a
    /// subclass's factory makes an instance of the subclass and its initializer overrides run.
    func allocInit(_ initializer: Selector, _ arguments: Arguments = Arguments()) throws -> Value {
        let allocated = try send(runtime.selector("alloc"), to: receiver)
        return try send(initializer, to: allocated.object, arguments)
    }

    /// `-copy` of an object of `className`, an immutable Foundation class: the object
    /// itself, as Foundation answers (the copy could never differ from it); one `make` makes
    /// for an instance of a subclass, a mutable one among them.
    func copy(ofImmutable className: String, _ make: () throws -> Value) throws -> Value {
        receiver.isa.name == className ? .object(receiver) : try make()
    }

    /// `[[<class named> alloc] <initializer>...]`.
    func make(_ className: String, _ initializer: Selector, _ arguments: Arguments = Arguments()) throws -> Value {
        let allocated = try send(runtime.selector("alloc"), to: runtime.requireClass(named: className))
        return try send(initializer, to: allocated.object, arguments)
    }

    /// The ivar `name` of the receiver.
    func ivar(_ name: String) throws -> Value {
        try runtime.ivarValue(name, of: receiver)
    }

    /// Stores the ivar `name` of the receiver.
    func setIvar(_ name: String, _ value: Value) throws {
        try runtime.setIvar(name, of: receiver, to: value)
    }

    /// The ivar `name` of the receiver, by a name found without hashing it.
    func ivar(_ name: IvarName) -> Value {
        runtime.ivarValue(name, of: receiver)
    }

    /// Stores the ivar `name` of the receiver, by a name found without hashing it.
    func setIvar(_ name: IvarName, _ value: Value) throws {
        try runtime.setIvar(name, of: receiver, to: value)
    }

    /// The result of a `super` send of an initializer, with `configure` run on the instance
    /// it answers (nil, as a failed initializer's, is passed through untouched).
    func initializingSuper(_ selector: Selector, _ arguments: Arguments = Arguments(), _ configure: (Object) throws -> Void) throws -> Value {
        guard let this = try sendSuper(selector, arguments).object else { return .nil }
        try configure(this)
        return .object(this)
    }
}
