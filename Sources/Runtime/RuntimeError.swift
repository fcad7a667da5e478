/// What went wrong in a runtime operation. Each description says what was wrong, where,
/// and what would be right.
public enum RuntimeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A class with this name is already registered.
    case duplicateClass(String)
    /// No class has this name.
    case unknownClass(String)
    /// A protocol with this name is already registered.
    case duplicateProtocol(String)
    /// No protocol has this name.
    case unknownProtocol(String)
    /// A class, protocol, ivar or selector name is not well formed.
    case invalidName(kind: String, name: String)
    /// A type encoding could not be read.
    case invalidTypeEncoding(String, reason: String)
    /// A method's encoding has a different number of arguments than its selector.
    case argumentCountMismatch(method: String, encoding: String, encodingArguments: Int, selectorArguments: Int)
    /// Two methods whose implementations would be exchanged take or return different types.
    /// Each method is named with its encoding: `-[UIView init] (@@:)`.
    case incompatibleTypes(String, String)
    /// The class itself already has this method (add refuses; replace or set instead).
    case duplicateMethod(String)
    /// Neither the class nor any superclass has this method.
    case methodNotFound(String)
    /// A property or ivar with this name already exists on the class.
    case duplicateMember(kind: String, name: String, className: String)
    /// A message was sent with a different number of arguments than its selector takes.
    case wrongArgumentCount(selector: String, expected: Int, got: Int)
    /// A block was called with a different number of arguments than it takes.
    case blockArgumentCount(expected: Int, got: Int)
    /// No method, resolver or forwarding target handled the message.
    case unrecognizedSelector(method: String, receiverIsClass: Bool, serial: Int)
    /// Sends and block calls nested deeper than the runtime's limit: runaway recursion.
    case callDepthExceeded(in: String, limit: Int)
    /// A message was sent to a string, number, array or dictionary whose class has no
    /// method for it; `value` is the value as printed.
    case unrecognizedSelectorForValue(method: String, value: String)
    /// A message was sent to a value that is no instance of any class (a selector, a
    /// block, a struct); `kind` says what it is.
    case notAnInstance(String, selector: String)
    /// An ivar was read or written on an object whose class does not have it.
    case foreignIvar(String, of: String, object: String)
    /// `-[Class selector]` could not be read.
    case invalidMethodReference(String, reason: String)
    /// A value of the wrong kind was stored in a typed slot, such as a string in a BOOL property.
    case typeMismatch(context: String, expected: String, got: String)
    /// A metaclass was given where a class is needed.
    case notAClass(String, role: String)
    /// A class of another runtime was given to this one.
    case foreignClass(String)
    /// The class of something that is not a plain instance (a class, a value) was to change.
    case fixedClass(String)
    /// A glob pattern could not be read.
    case invalidPattern(String, reason: String)
    /// No ledger entry has this number.
    case unknownLedgerEntry(Int, existing: [Int])
    /// A class was redefined with a superclass that is the class itself or one of its subclasses.
    case inheritanceCycle(String, superclass: String)
    /// A lookup was to start at a class that is not the receiver's class or one of its superclasses.
    case notAnAncestor(String, of: String)

    /// Whether a message found no method: the receiver's class, or its value's, has none for it.
    public var isUnrecognizedSelector: Bool {
        switch self {
        case .unrecognizedSelector, .unrecognizedSelectorForValue: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .duplicateClass(let name):
            "a class named '\(name)' is already registered; choose another name"
        case .unknownClass(let name):
            "no class named '\(name)' is registered; check the spelling or register it first"
        case .duplicateProtocol(let name):
            "a protocol named '\(name)' is already registered; choose another name"
        case .unknownProtocol(let name):
            "no protocol named '\(name)' is registered; check the spelling or register it first"
        case .invalidName(let kind, let name):
            "'\(name)' is not a valid \(kind) name; use letters, digits and '_', not starting with a digit"
        case .invalidTypeEncoding(let encoding, let reason):
            "type encoding '\(encoding)' is invalid: \(reason)"
        case .argumentCountMismatch(let method, let encoding, let encodingArguments, let selectorArguments):
            "type encoding '\(encoding)' of \(method) has \(plural(encodingArguments, "argument")) after '@:', "
                + "but the selector takes \(selectorArguments); give one type per colon in the selector"
        case .incompatibleTypes(let first, let second):
            "cannot exchange \(first) with \(second): their type encodings differ, "
                + "so a call through either would pass or return the wrong values; exchange methods with the same return and argument types"
        case .duplicateMethod(let method):
            "\(method) already exists in that class; replace it or set its implementation instead of adding it"
        case .methodNotFound(let method):
            "\(method) does not exist: neither the class nor any superclass has that method"
        case .duplicateMember(let kind, let name, let className):
            "\(className) already has \(kind == "ivar" ? "an" : "a") \(kind) named '\(name)'; choose another name"
        case .wrongArgumentCount(let selector, let expected, let got):
            "'\(selector)' takes \(plural(expected, "argument")) but \(got) \(got == 1 ? "was" : "were") given"
        case .blockArgumentCount(let expected, let got):
            "the block takes \(plural(expected, "argument")) but was called with \(got)"
        case .unrecognizedSelector(let method, let receiverIsClass, let serial):
            "\(method): unrecognized selector sent to \(receiverIsClass ? "class" : "instance") 0x\(String(serial, radix: 16))"
        case .unrecognizedSelectorForValue(let method, let value):
            "\(method): unrecognized selector sent to \(value)"
        case .notAnInstance(let kind, let selector):
            "\(kind) is not an object, so it cannot be sent '\(selector)'"
        case .callDepthExceeded(let place, let limit):
            "call depth limit of \(limit) exceeded in \(place): runaway recursion, such as a method or block that calls itself forever"
        case .foreignIvar(let name, let owner, let object):
            "\(object) has no ivar '\(name)': that ivar belongs to \(owner), which is not the object's class or a superclass of it"
        case .invalidMethodReference(let text, let reason):
            "'\(text)' is not a method reference: \(reason); write -[Class selector] or +[Class selector]"
        case .typeMismatch(let context, let expected, let got):
            "\(context) holds \(expected), so it cannot store \(got)"
        case .notAClass(let name, let role):
            "the metaclass of '\(name)' cannot be \(role); pass the class '\(name)' itself"
        case .foreignClass(let name):
            "class '\(name)' belongs to another runtime; use the classes of the runtime you are calling"
        case .fixedClass(let object):
            "the class of \(object) cannot change: only an instance of a class changes class, and a metaclass cannot be its new class"
        case .invalidPattern(let pattern, let reason):
            "pattern '\(pattern)' is invalid: \(reason)"
        case .unknownLedgerEntry(let id, let existing):
            existing.isEmpty
                ? "there is no change #\(id) to undo: the ledger is empty"
                : "there is no change #\(id) to undo; the ledger holds #" + existing.map(String.init).joined(separator: ", #")
        case .inheritanceCycle(let name, let superclass):
            superclass == name
                ? "'\(name)' cannot be its own superclass; name the class it inherits from, such as NSObject"
                : "'\(name)' cannot inherit from '\(superclass)', which inherits from '\(name)'; name a superclass outside \(name)'s subclasses"
        case .notAnAncestor(let name, let receiverClass):
            "the lookup cannot start at '\(name)': an instance of '\(receiverClass)' inherits nothing from it; name '\(receiverClass)' or one of its superclasses"
        }
    }
}

private func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
