import Runtime
import UIKitModel

/// The Objective-C runtime's C API (`<objc/runtime.h>`), over rtsh's runtime, so that test
/// code that swizzles, adds methods and lists them runs as written:
///
///     Method original = class_getInstanceMethod([MMLogin class], @selector(viewDidLoad));
///     method_exchangeImplementations(original, swizzled);
///
/// A `Method` is ``Value/method(_:)`` and an `IMP` ``Value/implementation(_:)``, the
/// runtime's own objects. An IMP made from a block (`imp_implementationWithBlock`) is the
/// block itself: wherever an IMP is taken, a block is called with `self` first and then
/// the message's arguments (no `_cmd`), as the trampoline the real function makes does.
///
/// Every change made through these functions goes through the runtime's public mutations,
/// so the ledger records it as it records the shell's `swizzle`: `swizzles` lists it and
/// `restore` takes it back. A list a `copy` function returns is an array, which `list[i]`
/// indexes and `free` accepts.
enum RuntimeFunctions {
    /// The functions given an array argument as its address: they fill the caller's buffer
    /// (`Class classes[count]; objc_getClassList(classes, count)`).
    static let takingArrayAddresses: Set<String> = ["objc_getClassList"]

    /// What each function takes, as an error about its arguments words it.
    private static let expectations: [String: String] = [
        "objc_getClass": "a class name, as in objc_getClass(\"UIView\")",
        "objc_lookUpClass": "a class name, as in objc_lookUpClass(\"UIView\")",
        "objc_getMetaClass": "a class name, as in objc_getMetaClass(\"UIView\")",
        "objc_allocateClassPair": "a superclass (or Nil), a new class's name and the extra bytes, as in objc_allocateClassPair([MMUser class], \"MMUser_Probe\", 0)",
        "objc_registerClassPair": "a class objc_allocateClassPair made",
        "object_setClass": "an instance and its new class, as in object_setClass(view, [MMProbeView class])",
        "objc_copyClassList": "a pointer to an unsigned int for the count (or NULL), as in objc_copyClassList(&count)",
        "objc_getClassList": "a buffer for the classes (or NULL) and its length, as in objc_getClassList(NULL, 0)",
        "object_isClass": "an object, as in object_isClass(obj)",
        "objc_getProtocol": "a protocol name, as in objc_getProtocol(\"NSObject\")",
        "objc_msgSend": "a receiver, a selector and the message's arguments, as in objc_msgSend(view, @selector(setHidden:), YES)",
        "objc_msgSendSuper": "a pointer to a struct objc_super, a selector and the message's arguments, as in objc_msgSendSuper(&superInfo, @selector(viewDidLoad))",
        "class_getMethodImplementation": "a class and a selector, as in class_getMethodImplementation([UIView class], @selector(layoutSubviews))",
        "protocol_getMethodDescription": "a protocol, a selector, whether the method is required and whether it is an instance method, as in protocol_getMethodDescription(@protocol(UITableViewDataSource), sel, YES, YES)",
        "protocol_copyMethodDescriptionList": "a protocol, whether the methods are required, whether they are instance methods and a pointer to an unsigned int for the count, as in protocol_copyMethodDescriptionList(@protocol(UITableViewDataSource), NO, YES, &count)",
        "protocol_copyProtocolList": "a protocol and a pointer to an unsigned int for the count, as in protocol_copyProtocolList(@protocol(UITableViewDelegate), &count)",
        "class_copyProtocolList": "a class and a pointer to an unsigned int for the count, as in class_copyProtocolList([MMViewController class], &count)",
        "object_getClass": "an object, as in object_getClass(view)",
        "object_getClassName": "an object, as in object_getClassName(view)",
        "class_getName": "a class, as in class_getName([UIView class])",
        "class_getSuperclass": "a class, as in class_getSuperclass([UIView class])",
        "class_isMetaClass": "a class, as in class_isMetaClass(object_getClass([UIView class]))",
        "class_getInstanceMethod": "a class and a selector, as in class_getInstanceMethod([UIView class], @selector(layoutSubviews))",
        "class_getClassMethod": "a class and a selector, as in class_getClassMethod([UIView class], @selector(new))",
        "class_respondsToSelector": "a class and a selector, as in class_respondsToSelector([UIView class], @selector(layoutSubviews))",
        "class_addMethod": "a class, a selector, an IMP and a type encoding, as in class_addMethod(cls, @selector(probe), imp_implementationWithBlock(^(id self) { ... }), \"v@:\")",
        "class_replaceMethod": "a class, a selector, an IMP and a type encoding, as in class_replaceMethod(cls, @selector(viewDidLoad), imp, \"v@:\")",
        "class_copyMethodList": "a class and a pointer to an unsigned int for the count, as in class_copyMethodList([UIView class], &count)",
        "class_conformsToProtocol": "a class and a protocol, as in class_conformsToProtocol([MMLogin class], @protocol(UITableViewDelegate))",
        "class_addProtocol": "a class and a protocol, as in class_addProtocol([MMLogin class], @protocol(UITableViewDelegate))",
        "method_getName": "a Method, as class_getInstanceMethod gives one",
        "method_getImplementation": "a Method, as class_getInstanceMethod gives one",
        "method_getTypeEncoding": "a Method, as class_getInstanceMethod gives one",
        "method_getNumberOfArguments": "a Method, as class_getInstanceMethod gives one",
        "method_copyReturnType": "a Method, as class_getInstanceMethod gives one",
        "method_copyArgumentType": "a Method and an argument's index (self is 0, _cmd 1), as in method_copyArgumentType(method, 2)",
        "method_setImplementation": "a Method and an IMP, as in method_setImplementation(method, imp_implementationWithBlock(^(id self) { ... }))",
        "method_exchangeImplementations": "two Methods, as class_getInstanceMethod gives them",
        "imp_implementationWithBlock": "a block taking self first, then the method's arguments, as in imp_implementationWithBlock(^(id self) { ... })",
        "imp_getBlock": "an IMP",
        "sel_registerName": "a selector's name, as in sel_registerName(\"viewDidLoad\")",
        "sel_getUid": "a selector's name, as in sel_getUid(\"viewDidLoad\")",
        "sel_getName": "a selector, as in sel_getName(@selector(viewDidLoad))",
        "sel_isEqual": "two selectors",
        "NSSelectorFromString": "a selector's name, as in NSSelectorFromString(@\"viewDidLoad\")",
        "NSStringFromSelector": "a selector, as in NSStringFromSelector(@selector(viewDidLoad))",
        "NSProtocolFromString": "a protocol name, as in NSProtocolFromString(@\"NSObject\")",
        "NSStringFromProtocol": "a protocol, as in NSStringFromProtocol(@protocol(NSObject))",
        "protocol_getName": "a protocol, as in protocol_getName(@protocol(NSObject))",
        "protocol_conformsToProtocol": "two protocols, as in protocol_conformsToProtocol(@protocol(NSSecureCoding), @protocol(NSCoding))",
        "protocol_isEqual": "two protocols, as in protocol_isEqual(proto, @protocol(NSCoding))",
        "objc_setAssociatedObject": "an object, a key, a value and a policy, as in objc_setAssociatedObject(self, &kKey, value, OBJC_ASSOCIATION_RETAIN_NONATOMIC)",
        "objc_getAssociatedObject": "an object and a key, as in objc_getAssociatedObject(self, &kKey)",
        "objc_removeAssociatedObjects": "an object",
        "free": "what a copy function returned (class_copyMethodList, objc_copyClassList, property_copyAttributeValue), or NULL",
        "class_copyPropertyList": "a class and a pointer to an unsigned int for the count, as in class_copyPropertyList([MMUser class], &count)",
        "class_getProperty": "a class and a property's name, as in class_getProperty([MMUser class], \"name\")",
        "property_getName": "an objc_property_t, as class_copyPropertyList gives one",
        "property_getAttributes": "an objc_property_t, as class_copyPropertyList gives one",
        "property_copyAttributeValue": "an objc_property_t and an attribute's letter, as in property_copyAttributeValue(property, \"T\")",
        "property_copyAttributeList": "an objc_property_t and a pointer to an unsigned int for the count, as in property_copyAttributeList(property, &count)",
        "class_copyIvarList": "a class and a pointer to an unsigned int for the count, as in class_copyIvarList([MMUser class], &count)",
        "class_getInstanceVariable": "a class and an ivar's name, as in class_getInstanceVariable([MMUser class], \"_name\")",
        "ivar_getName": "an Ivar, as class_copyIvarList gives one",
        "ivar_getTypeEncoding": "an Ivar, as class_copyIvarList gives one",
        "ivar_getOffset": "an Ivar, as class_copyIvarList gives one",
    ]

    /// The functions, sorted.
    static let names = expectations.keys.sorted()

    /// The names of the IMP that forwards every message it runs for (see
    /// `FrameworkState.messageForwarder(in:)`): the struct-returning form is the same here.
    static let forwardingIMPs: Set<String> = ["_objc_msgForward", "_objc_msgForward_stret"]

    /// `objc_msgSend` or `objc_msgSendSuper` named as a value, as code casts it to a typed
    /// function pointer and calls that (`void (*msgSend)(struct objc_super *, SEL) =
    /// (__typeof__(msgSend))objc_msgSendSuper;`): a block taking what the function takes.
    /// Nil for any other name.
    static func functionPointer(named name: String, in runtime: Runtime, at location: SourceLocation) -> Block? {
        guard name == "objc_msgSend" || name == "objc_msgSendSuper", let expected = expectations[name] else { return nil }
        // It does not hold the runtime (see ``RuntimeReference``): a block kept in an object
        // must not keep the runtime alive.
        let reference = RuntimeReference(runtime)
        return Block(parameterCount: 2, isFunction: true, isVariadic: true) { arguments, depth in
            guard let runtime = reference.runtime else { throw EvaluationError(.blockOfResetRuntime) }
            let call = FunctionCall(function: name, arguments: Array(arguments), expected: expected, location: location)
            return try message(call, in: runtime, nestedAt: depth)
        }
    }

    /// A message `objc_msgSend` or `objc_msgSendSuper` sends: to the receiver, or (with a
    /// `struct objc_super { id receiver; Class super_class; }`) looked up from super_class.
    private static func message(_ call: FunctionCall, in runtime: Runtime, nestedAt depth: Int) throws -> Value {
        let arguments = call.arguments
        guard arguments.count >= 2 else { throw call.mistake }
        let selector = try call.selector(1)
        let rest = Arguments(Array(arguments.dropFirst(2)))
        guard call.function == "objc_msgSendSuper" else {
            guard arguments[0] != .nil else { return runtime.zeroValue(for: selector) }
            return try call.located { try runtime.send(selector, toValue: arguments[0], rest, nestedAt: depth) }
        }
        guard let pointer = try call.pointer(0), case .structure(let info) = pointer.value,
              info.name == "objc_super", let lookup = info["super_class"]?.object as? Class else { throw call.mistake }
        guard let receiver = info["receiver"]?.object else { return runtime.zeroValue(for: selector) }
        return try call.located { try runtime.send(selector, to: receiver, lookingUpFrom: lookup, rest, nestedAt: depth) }
    }

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], context: Interpreter.Context, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        let runtime = context.runtime
        switch name {
        case "objc_msgSend", "objc_msgSendSuper":
            return try message(call, in: runtime, nestedAt: context.depth)
        case "free":
            // Nothing here is freed by hand: the list goes when nothing refers to it.
            try call.expect(1)
            switch arguments[0] {
            case .nil, .array, .reference, .int(0), .string: return .nil
            default: throw call.mistake
            }
        default:
            break
        }
        if let answer = try classFunction(call, runtime: runtime) { return answer }
        if let answer = try memberFunction(call, runtime: runtime) { return answer }
        if let answer = try methodFunction(call, context: context) { return answer }
        return try nameFunction(call, context: context)
    }

    // MARK: Properties and ivars

    /// An `objc_property_t`: the property's name and attribute string, which is all the
    /// functions read of it; a value, so it needs no freeing beyond its list's.
    private static func handle(_ property: Property) -> Value {
        .structure(StructValue(name: "objc_property", fieldNames: ["name", "attributes"], fields: [.string(property.name), .string(property.attributeString)]))
    }

    /// An `Ivar`: its name, type encoding and offset.
    private static func handle(_ ivar: Ivar, in runtime: Runtime) -> Value {
        .structure(StructValue(
            name: "objc_ivar", fieldNames: ["name", "type", "offset"],
            fields: [.string(ivar.name), .string("\(ivar.type)"), .int(offset(of: ivar, in: runtime))]))
    }

    /// Where `ivar` would lie in an instance laid out as clang lays one out: after the isa,
    /// each class's ivars from the root down, each at its alignment (a struct's as a word's).
    private static func offset(of ivar: Ivar, in runtime: Runtime) -> Int {
        var offset = MemoryLayout<UInt>.size
        guard let owner = ivar.owner else { return offset }
        for cls in owner.lineage.reversed() {
            for candidate in runtime.ivars(of: cls) {
                let (size, alignment) = candidate.type.scalarLayout ?? (MemoryLayout<UInt>.size, MemoryLayout<UInt>.alignment)
                offset = (offset + alignment - 1) / alignment * alignment
                if candidate === ivar { return offset }
                offset += size
            }
        }
        return offset
    }

    /// Field `field` of argument 0, a handle of `kind` (`objc_property` or `objc_ivar`).
    private static func handleField(_ field: String, of kind: String, _ call: FunctionCall) throws -> String {
        guard case .structure(let handle) = call[0], handle.name == kind, case .string(let text)? = handle[field] else { throw call.mistake }
        return text
    }

    /// The functions that read one field of a handle: the handle's kind and the field.
    private static let handleReaders: [String: (kind: String, field: String)] = [
        "property_getName": ("objc_property", "name"), "property_getAttributes": ("objc_property", "attributes"),
        "ivar_getName": ("objc_ivar", "name"), "ivar_getTypeEncoding": ("objc_ivar", "type"), "ivar_getOffset": ("objc_ivar", "offset"),
    ]

    private static func memberFunction(_ call: FunctionCall, runtime: Runtime) throws -> Value? {
        if let reader = handleReaders[call.function] {
            try call.expect(1)
            // objc answers NULL for a NULL handle (an offset of 0), as for a missing ivar.
            if call[0] == .nil { return reader.field == "offset" ? .int(0) : .nil }
            guard case .structure(let handle) = call[0], handle.name == reader.kind, let field = handle[reader.field] else { throw call.mistake }
            return field
        }
        switch call.function {
        case "class_copyPropertyList", "class_copyIvarList":
            try call.expect(2)
            let cls = try call.optionalClass(0)
            let handles = call.function == "class_copyPropertyList"
                ? cls.map { runtime.properties(of: $0).map(handle) } ?? []
                : cls.map { runtime.ivars(of: $0).map { handle($0, in: runtime) } } ?? []
            try call.pointer(1)?.value = .int(handles.count)
            return .array(handles)
        // A NULL name finds nothing, as objc answers (a @dynamic property's missing `V` attribute read back as a name).
        case "class_getProperty":
            try call.expect(2)
            guard call[1] != .nil else { return .nil }
            let name = try call.string(1)
            return try call.optionalClass(0).flatMap { runtime.property(named: name, in: $0) }.map(handle) ?? .nil
        case "class_getInstanceVariable":
            try call.expect(2)
            guard call[1] != .nil else { return .nil }
            let name = try call.string(1)
            return try call.optionalClass(0).flatMap { runtime.ivar(named: name, in: $0) }.map { handle($0, in: runtime) } ?? .nil
        case "property_copyAttributeList":
            try call.expect(2)
            // Each attribute is its letter and its value (a type's quoted class name holds no comma).
            let attributes = try handleField("attributes", of: "objc_property", call).split(separator: ",").map { attribute in
                Value.structure(StructValue(
                    name: "objc_property_attribute_t", fieldNames: ["name", "value"],
                    fields: [.string(String(attribute.prefix(1))), .string(String(attribute.dropFirst()))]))
            }
            try call.pointer(1)?.value = .int(attributes.count)
            return .array(attributes)
        case "property_copyAttributeValue":
            try call.expect(2)
            let attributes = try handleField("attributes", of: "objc_property", call), letter = try call.string(1)
            // Each attribute is its letter and then its value, up to the next comma (a type's
            // quoted class name holds none).
            guard let found = attributes.split(separator: ",").first(where: { $0.hasPrefix(letter) && !letter.isEmpty }) else { return .nil }
            return .string(String(found.dropFirst(letter.count)))
        default:
            return nil
        }
    }

    // MARK: Classes and objects

    private static func classFunction(_ call: FunctionCall, runtime: Runtime) throws -> Value? {
        switch call.function {
        case "objc_getClass", "objc_lookUpClass", "objc_getMetaClass":
            try call.expect(1)
            guard let cls = runtime.class(named: try call.string(0)) else { return .nil }
            return .object(call.function == "objc_getMetaClass" ? cls.isa : cls)
        case "objc_allocateClassPair":
            // The class is registered as it is made: methods added before or after
            // objc_registerClassPair are its own either way.
            try call.expect(3)
            let name = try call.string(1)
            // Nil when the name is taken, as objc answers.
            guard runtime.class(named: name) == nil else { return .nil }
            let superclass = try call.optionalClass(0)
            return .object(try call.located { try runtime.registerClass(named: name, superclass: superclass) })
        case "objc_registerClassPair":
            try call.expect(1)
            guard try call.optionalClass(0) != nil else { throw call.mistake }
            return .nil
        case "objc_copyClassList":
            try call.expect(1)
            let classes = runtime.classes
            try call.pointer(0)?.value = .int(classes.count)
            return .array(classes.map(Value.object))
        case "objc_getClassList":
            // Answers how many classes there are, and fills the buffer with as many as fit.
            try call.expect(2)
            let classes = runtime.classes
            if let buffer = try call.pointer(0) { buffer.write(classes.prefix(max(0, try call.integer(1))).map(Value.object)) }
            return .int(classes.count)
        case "object_isClass":
            try call.expect(1)
            return .bool(call[0].object is Class)
        case "object_setClass":
            try call.expect(2)
            guard let object = call[0].object else {
                if call[0] == .nil { return .nil }
                throw call.mistake
            }
            guard let cls = try call.optionalClass(1) else { throw call.mistake }
            return .object(try call.located { try runtime.changeClass(of: object, to: cls) })
        case "object_getClass", "object_getClassName":
            try call.expect(1)
            // A string, a number, an array: an instance of its Foundation class.
            let cls = runtime.class(ofValue: call[0])
            if call.function == "object_getClassName" { return .string(cls?.name ?? "nil") }
            return cls.map(Value.object) ?? .nil
        case "class_getName":
            try call.expect(1)
            return .string(try call.optionalClass(0)?.name ?? "nil")
        case "class_getSuperclass":
            try call.expect(1)
            return try call.optionalClass(0)?.superclass.map(Value.object) ?? .nil
        case "class_isMetaClass":
            try call.expect(1)
            return .bool(try call.optionalClass(0)?.isMetaclass ?? false)
        case "class_respondsToSelector":
            try call.expect(2)
            let selector = try call.selector(1)
            guard let cls = try call.optionalClass(0) else { return false }
            return .bool(runtime.instancesRespond(cls, to: selector))
        case "class_copyMethodList":
            try call.expect(2)
            let methods = try call.optionalClass(0).map { runtime.methods(of: $0) } ?? []
            try call.pointer(1)?.value = .int(methods.count)
            return .array(methods.map(Value.method))
        case "class_conformsToProtocol", "class_addProtocol":
            try call.expect(2)
            guard case .protocol(let proto) = call[1] else { throw call.mistake }
            guard let cls = try call.optionalClass(0) else { return false }
            if call.function == "class_conformsToProtocol" { return .bool(runtime.conforms(cls, to: proto)) }
            return .bool(try call.located { try runtime.addProtocol(proto, to: cls) } != nil)
        default:
            return nil
        }
    }

    // MARK: Methods and implementations

    private static func methodFunction(_ call: FunctionCall, context: Interpreter.Context) throws -> Value? {
        let runtime = context.runtime
        switch call.function {
        case "class_getInstanceMethod", "class_getClassMethod":
            try call.expect(2)
            let selector = try call.selector(1)
            guard let cls = try call.optionalClass(0) else { return .nil }
            let target = call.function == "class_getClassMethod" && !cls.isMetaclass ? cls.isa : cls
            return runtime.lookUpMethod(selector, in: target).map(Value.method) ?? .nil
        case "class_getMethodImplementation":
            // `_objc_msgForward` for a selector the class has no method for, as objc gives it.
            try call.expect(2)
            let selector = try call.selector(1)
            guard let cls = try call.optionalClass(0) else { return .nil }
            guard let method = runtime.lookUpMethod(selector, in: cls) else {
                return .implementation(try call.located { try context.framework.messageForwarder(in: runtime) })
            }
            return .implementation(method.implementation)
        // Each takes NULL, as objc's do: a class_getInstanceMethod that found nothing gives
        // NULL, and code passes it on (AFNetworking compares the IMPs of missing methods).
        case "method_getName":
            try call.expect(1)
            return try call.optionalMethod(0).map { .selector($0.selector) } ?? .nil
        case "method_getImplementation":
            try call.expect(1)
            return try call.optionalMethod(0).map { .implementation($0.implementation) } ?? .nil
        case "method_getTypeEncoding":
            try call.expect(1)
            return try call.optionalMethod(0).map { .string($0.types.description) } ?? .nil
        case "method_copyReturnType":
            try call.expect(1)
            return try call.optionalMethod(0).map { .string($0.types.returnType.description) } ?? .nil
        case "method_copyArgumentType":
            try call.expect(2)
            let index = try call.integer(1)
            guard let types = try call.optionalMethod(0)?.types.argumentTypes else { return .nil }
            // The encoding's arguments start with self and _cmd, as the real function counts them.
            let all = [ObjCType.object(className: nil), .selector] + types
            return all.indices.contains(index) ? .string(all[index].description) : .nil
        case "method_getNumberOfArguments":
            try call.expect(1)
            // self and _cmd count, as in the real function.
            return .int(try call.optionalMethod(0).map { $0.selector.argumentCount + 2 } ?? 0)
        case "method_exchangeImplementations":
            try call.expect(2)
            // objc exchanges nothing when either is NULL.
            guard let first = try call.optionalMethod(0), let second = try call.optionalMethod(1) else { return .nil }
            try call.located { try runtime.exchangeImplementations(first, second) }
            return .nil
        case "method_setImplementation":
            try call.expect(2)
            guard let method = try call.optionalMethod(0) else { return .nil }
            let previous = method.implementation
            switch call[1] {
            case .implementation(let implementation):
                try call.located { try runtime.setImplementation(of: method, to: implementation) }
            case .block(let block):
                let body = try body(of: block, for: method.reference, selector: method.selector, call: call)
                try call.located { try runtime.setImplementation(of: method, body) }
            default:
                throw call.mistake
            }
            return .implementation(previous)
        case "class_addMethod", "class_replaceMethod":
            return try addOrReplace(call, runtime: runtime)
        case "imp_implementationWithBlock":
            try call.expect(1)
            return .block(try call.block(0))
        case "imp_getBlock":
            try call.expect(1)
            switch call[0] {
            case .block: return call[0]
            case .implementation: return .nil
            default: throw call.mistake
            }
        default:
            return nil
        }
    }

    /// `class_addMethod` (NO when the class itself has the method already) and
    /// `class_replaceMethod` (the class's own previous IMP, or nil when it only inherited
    /// the method or had none).
    private static func addOrReplace(_ call: FunctionCall, runtime: Runtime) throws -> Value {
        try call.expect(4)
        let selector = try call.selector(1)
        guard let cls = try call.optionalClass(0) else { throw call.mistake }
        let own = runtime.ownMethod(selector, in: cls)
        // The real functions ignore the types of a method the class has; NULL types take the inherited method's.
        let types: String
        switch call[3] {
        case .string(let given): types = given
        case .nil, .int(0):
            guard let existing = own ?? runtime.lookUpMethod(selector, in: cls) else { throw call.mistake }
            types = existing.types.description
        default: throw call.mistake
        }
        let reference = MethodReference(className: cls.name, selector: selector.name, isClassMethod: cls.isMetaclass)
        // The method shares an IMP it is given, as in objc: `method_getImplementation`
        // then gives the same IMP back, and its super sends still start above the class
        // it was written for.
        let implementation: Implementation
        switch call[2] {
        case .implementation(let given):
            implementation = given
        case .block(let block):
            let body = try Self.body(of: block, for: reference, selector: selector, call: call)
            implementation = try call.located { try runtime.makeImplementation(writtenFor: cls, body) }
        default:
            throw call.mistake
        }
        if call.function == "class_addMethod" {
            guard own == nil else { return false }
            try call.located { try runtime.addMethod(selector.name, types: types, to: cls, implementation: implementation) }
            return true
        }
        let previous = own?.implementation
        try call.located { try runtime.replaceMethod(selector.name, types: types, in: cls, implementation: implementation) }
        return previous.map(Value.implementation) ?? .nil
    }

    /// The code of a method whose IMP is a block: the block receives self, then the
    /// message's arguments; a C function cast to an IMP receives self and `_cmd` first.
    private static func body(of block: Block, for method: MethodReference, selector: Selector, call: FunctionCall) throws -> Implementation.Body {
        let leading = block.isFunction ? 2 : 1
        guard block.parameterCount == selector.argumentCount + leading else {
            throw EvaluationError(
                .blockImplementationArity(
                    method: method.description, parameters: block.parameterCount, arguments: selector.argumentCount, isFunction: block.isFunction),
                at: call.location)
        }
        return { message in
            var arguments = [message.receiverValue]
            if block.isFunction { arguments.append(.selector(message.selector)) }
            arguments.append(contentsOf: message.arguments)
            return try block.call(Arguments(arguments), nestedAt: message.depth)
        }
    }

    // MARK: Selectors, protocols and associated objects

    /// The declaration of `selector` in `proto` or a protocol it inherits, among its
    /// required or its optional methods.
    private static func methodDescription(
        _ selector: Selector, in proto: ObjCProtocol, isRequired: Bool, isClassMethod: Bool
    ) -> MethodDescription? {
        let declared = isRequired ? proto.requiredMethods : proto.optionalMethods
        if let found = declared.first(where: { $0.selector == selector && $0.isClassMethod == isClassMethod }) { return found }
        return proto.inheritedProtocols.lazy.compactMap {
            methodDescription(selector, in: $0, isRequired: isRequired, isClassMethod: isClassMethod)
        }.first
    }

    private static func nameFunction(_ call: FunctionCall, context: Interpreter.Context) throws -> Value {
        let runtime = context.runtime
        switch call.function {
        case "sel_registerName", "sel_getUid", "NSSelectorFromString":
            try call.expect(1)
            if call.function == "NSSelectorFromString", call[0] == .nil { return .nil }
            let name = try call.string(0)
            // An empty name names no selector: NULL, as Foundation answers for what it cannot convert.
            return name.isEmpty ? .nil : .selector(runtime.registeredSelector(name))
        case "sel_getName", "NSStringFromSelector":
            try call.expect(1)
            if call.function == "NSStringFromSelector", call[0] == .nil { return .nil }
            return .string(try call.selector(0).name)
        case "sel_isEqual":
            try call.expect(2)
            return .bool(try call.selector(0) == (try call.selector(1)))
        case "NSProtocolFromString", "objc_getProtocol":
            try call.expect(1)
            // No name is no protocol, as objc4 answers NULL.
            if call[0] == .nil { return .nil }
            return runtime.protocol(named: try call.string(0)).map(Value.protocol) ?? .nil
        case "protocol_getMethodDescription":
            // `struct objc_method_description { SEL name; char *types; }`, both NULL when the
            // protocol (or one it inherits) declares no such method.
            try call.expect(4)
            guard case .protocol(let proto) = call[0], let isRequired = call[2].intValue, let isInstance = call[3].intValue else {
                throw call.mistake
            }
            let selector = try call.selector(1)
            let found = methodDescription(selector, in: proto, isRequired: isRequired != 0, isClassMethod: isInstance == 0)
            return .structure(StructValue(
                name: "objc_method_description", fieldNames: ["name", "types"],
                fields: [found.map { .selector($0.selector) } ?? .nil, found.map { .string($0.types.description) } ?? .nil]))
        case "protocol_copyMethodDescriptionList":
            // The protocol's own declarations, not those it inherits, as objc4 lists them.
            try call.expect(4)
            guard case .protocol(let proto) = call[0], let isRequired = call[1].intValue, let isInstance = call[2].intValue else {
                throw call.mistake
            }
            let declared = (isRequired != 0 ? proto.requiredMethods : proto.optionalMethods).filter { $0.isClassMethod == (isInstance == 0) }
            try call.pointer(3)?.value = .int(declared.count)
            return declared.isEmpty ? .nil : .array(declared.map { description in
                .structure(StructValue(
                    name: "objc_method_description", fieldNames: ["name", "types"],
                    fields: [.selector(description.selector), .string(description.types.description)]))
            })
        case "protocol_copyProtocolList", "class_copyProtocolList":
            try call.expect(2)
            let adopted: [ObjCProtocol]
            if call.function == "class_copyProtocolList" {
                adopted = try call.optionalClass(0).map { runtime.protocols(adoptedBy: $0) } ?? []
            } else {
                guard case .protocol(let proto) = call[0] else { throw call.mistake }
                adopted = proto.inheritedProtocols
            }
            try call.pointer(1)?.value = .int(adopted.count)
            return adopted.isEmpty ? .nil : .array(adopted.map(Value.protocol))
        case "protocol_conformsToProtocol", "protocol_isEqual":
            // Whether the first is the second or inherits it (is equal to it); NO for NULL.
            try call.expect(2)
            guard case .protocol(let proto) = call[0], case .protocol(let other) = call[1] else {
                if call[0] == .nil || call[1] == .nil { return .bool(false) }
                throw call.mistake
            }
            return .bool(call.function == "protocol_isEqual" ? proto === other : proto.inherits(from: other))
        case "NSStringFromProtocol", "protocol_getName":
            try call.expect(1)
            guard case .protocol(let proto) = call[0] else { throw call.mistake }
            return .string(proto.name)
        // A block keeps associations, as the object it is in Objective-C; a number, a string
        // or a collection (values here, with no identity) by its value, as objc4 keeps a
        // tagged pointer's by its bits: equal ones share them.
        case "objc_setAssociatedObject":
            try call.expect(4)
            guard call[3].intValue != nil else { throw call.mistake }
            switch call[0] {
            case .object(let object): context.framework.associations.set(call[2], for: call[1], on: object)
            case .block(let block): context.framework.associations.set(call[2], for: call[1], onBlock: block)
            case .int, .double, .bool, .string, .array, .dictionary: context.framework.associations.set(call[2], for: call[1], onValue: call[0])
            case .nil: break
            default: throw call.mistake
            }
            return .nil
        case "objc_getAssociatedObject":
            try call.expect(2)
            switch call[0] {
            case .object(let object): return context.framework.associations.value(for: call[1], on: object)
            case .block(let block): return context.framework.associations.value(for: call[1], onBlock: block)
            case .int, .double, .bool, .string, .array, .dictionary: return context.framework.associations.value(for: call[1], onValue: call[0])
            case .nil: return .nil
            default: throw call.mistake
            }
        default: // objc_removeAssociatedObjects
            try call.expect(1)
            guard let object = call[0].object else { throw call.mistake }
            context.framework.associations.removeAll(from: object)
            return .nil
        }
    }
}
