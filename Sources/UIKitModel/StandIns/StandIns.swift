import Runtime
import Synchronization

/// Answers for the framework API the class library does not model, so a real app's code
/// runs on instead of failing at the first method the model lacks, and keeps count of
/// every answer so nothing passes unseen.
///
/// The rules, in the order they are applied:
/// - A class the code names that nothing defines, spelled as Apple's frameworks name
///   theirs (`UI`, `NS`, `CG`, `CA`, `WK`, `MK`, `AV`, … and a capital), or any name a
///   class is derived from (a library's class the tree does not hold), becomes a stand-in
///   class, as does any capitalized name loaded code sends to once the code imports a
///   library the tree lacks (``noteMissingLibrary()``): a `UIViewController` subclass for
///   names ending in `ViewController`, a `UIView` subclass for the names of views (ending
///   in `View`, `Cell`, `Bar`, `Control`, `Button`, `Switch`, …), otherwise an `NSObject`
///   subclass.
/// - A message nothing implements is answered when it would have reached the framework:
///   sent to a framework object, or through `super` into a framework class, or to an
///   instance of a user's subclass of a framework class other than `NSObject` when no
///   user class implements the selector.
/// - It is not answered (objc's unrecognised-selector error is raised) for a user class
///   that derives from `NSObject` alone, for a selector a user class implements and the
///   library's classes do not (an override of framework API stays the framework's), for a
///   selector one typo away from a method the receiver has (`viewDidLoadd`; a selector
///   with a digit is of a numbered family, never a typo), and for one that a framework
///   subclass of the receiver's class has and the class lacks (`addObject:` sent to an
///   `NSArray`); a send through `super` is always answered. A class name one typo away
///   from a class (`UIVew`) is not made either.
/// - The answer is the zero of the selector's declared return type where any class
///   declares it; otherwise it is read from the selector's name (``StandInReturn``): an
///   `init…` message returns the receiver, a class's factory a new instance of it, and
///   any other object-returning message a stand-in object, which reads as zero wherever
///   a number or a struct is expected (``isStandInObject(_:)``).
public final class StandIns: MessageFallback {
    /// The class of the objects stand-ins return when an object is expected.
    public static let objectClassName = "RTSHStandIn"

    private struct State {
        var isEnabled = true
        /// The classes that are the framework's: the library's and the stand-in classes.
        var frameworkClasses: Set<String>
        /// The classes made as stand-ins.
        var standInClasses: Set<String> = []
        /// Selectors some user class implements: a message with one of these is the user's,
        /// unless the model's framework classes implement it too.
        var userSelectors: Set<String> = []
        /// The selectors the class library's own classes implement, instance and class
        /// side: gathered on first need, as most sessions never need them.
        var librarySelectors: Set<String>?
        var counts: [StandInUse.Subject: Int] = [:]
        /// The subjects in the order they were first used, so listings are stable.
        var order: [StandInUse.Subject] = []
        /// The uses since ``takeRecentUses()`` was last called, in the same form.
        var recentCounts: [StandInUse.Subject: Int] = [:]
        var recentOrder: [StandInUse.Subject] = []
        /// Whether a selector sent to a class was found to be known elsewhere (a typo, or a
        /// framework subclass's), by class and selector.
        var knownElsewhere: [DecisionKey: Bool] = [:]
        /// The stand-in constants given so far, by name; nil for names found to be typos.
        var constants: [String: Value?] = [:]
        /// Whether the code imports a library the tree does not hold.
        var lacksLibrary = false
    }

    private struct DecisionKey: Hashable {
        let cls: ObjectIdentifier
        let selector: ObjectIdentifier
    }

    private let state: Mutex<State>

    init(frameworkClasses: some Sequence<String>) {
        state = Mutex(State(frameworkClasses: Set(frameworkClasses).union([Self.objectClassName])))
    }

    /// Whether stand-ins answer; off, every unknown class and message is the error objc gives.
    public var isEnabled: Bool {
        get { state.withLock { $0.isEnabled } }
        set { state.withLock { $0.isEnabled = newValue } }
    }

    /// Every stand-in used so far, in the order each was first used.
    public var uses: [StandInUse] {
        state.withLock { state in state.order.map { StandInUse(subject: $0, count: state.counts[$0] ?? 0) } }
    }

    /// How many answers stand-ins gave (messages answered, classes made).
    public var totalCount: Int { state.withLock { $0.counts.values.reduce(0, +) } }

    /// The uses since the last call, in the order each was first used, and forgets them:
    /// what one statement used, for a note after it.
    public func takeRecentUses() -> [StandInUse] {
        state.withLock { state in
            guard !state.recentOrder.isEmpty else { return [] }
            defer {
                state.recentCounts = [:]
                state.recentOrder = []
            }
            return state.recentOrder.map { StandInUse(subject: $0, count: state.recentCounts[$0] ?? 0) }
        }
    }

    /// Forgets the uses counted so far (the classes made stay made).
    public func clearUses() {
        state.withLock { state in
            state.counts = [:]
            state.order = []
            state.recentCounts = [:]
            state.recentOrder = []
        }
    }

    /// Notes the selectors a user class implements: messages with them are never answered
    /// by a stand-in, since the user's code is where they should be found.
    public func noteUserSelectors(_ selectors: some Sequence<String>) {
        state.withLock { $0.userSelectors.formUnion(selectors) }
    }

    /// Notes that the code imports a library the tree does not hold (`<Analytics/Analytics.h>`,
    /// `@import Analytics;`): from then on, a class the loaded code names that nothing
    /// defines is taken for one of that library's (see ``standInClass(named:in:namedAsSuperclass:namedByLoadedCode:)``).
    public func noteMissingLibrary() {
        state.withLock { $0.lacksLibrary = true }
    }

    /// Whether `name` is spelled as Apple's frameworks name their classes and types: a
    /// framework's prefix and a capital (`NSURLRequest`, `UIColor`, `MKMapView`).
    public static func isFrameworkName(_ name: String) -> Bool {
        let characters = Array(name.utf8.prefix(3))
        guard characters.count == 3, characters[2] >= UInt8(ascii: "A"), characters[2] <= UInt8(ascii: "Z") else { return false }
        return frameworkPrefixes.contains(String(decoding: characters.prefix(2), as: UTF8.self))
    }

    /// Whether `name` is spelled as the frameworks name their C functions: as their classes
    /// (`UIGraphicsBeginImageContext`), or libdispatch's `dispatch_` and os's `os_`.
    public static func isFrameworkFunctionName(_ name: String) -> Bool {
        isFrameworkName(name) || name.hasPrefix("dispatch_") || name.hasPrefix("os_")
    }

    private static let frameworkPrefixes: Set<String> = [
        "NS", "UI", "CA", "CG", "CI", "CL", "MK", "AV", "WK", "SK", "GK", "PH", "MF", "AB", "CN", "EK", "SF", "UN", "AS", "LA", "HK", "MP",
        "QL", "SL", "ST", "AC", "EA", "CK", "CM", "CT", "GL", "NE", "PK", "SC", "TW", "VN", "CF", "UT", "GC", "MT", "AU",
    ]

    /// Whether `object` is a stand-in object: one returned where the model had no answer.
    public static func isStandInObject(_ object: Object) -> Bool {
        object.isa.instancesReadAsZero && object.isa.name == objectClassName
    }

    /// Whether `cls` is one of the framework's classes (the library's or a stand-in).
    public func isFrameworkClass(_ cls: Class) -> Bool {
        state.withLock { $0.frameworkClasses.contains(cls.name) }
    }

    /// The class `name` names, made as a stand-in when the runtime lacks it and the name is
    /// a framework's; nil when stand-ins are off or the name is not a framework's.
    ///
    /// With `namedAsSuperclass`, any name will do: code that derives a class from one says it
    /// exists, as the libraries an app links (`MTLModel`, `XMPPModule`) do where the tree
    /// holds only the app's own sources. With `namedByLoadedCode`, so will any capitalized
    /// name once the code imports a library the tree lacks (``noteMissingLibrary()``):
    /// compiled code names only classes that exist, and the tree holds all but that library's.
    public func standInClass(
        named name: String, in runtime: Runtime, namedAsSuperclass: Bool = false, namedByLoadedCode: Bool = false
    ) throws -> Class? {
        if let existing = runtime.class(named: name) { return existing }
        guard isEnabled, namedAsSuperclass || Self.isFrameworkName(name) || namedByLoadedCode && isLibraryClassName(name) else { return nil }
        // A name one typo away from a class the runtime has (`UIVew`) is taken for a typo.
        guard !runtime.classes.contains(where: { EditDistance.between($0.name, name, limit: 1) <= 1 }) else { return nil }
        // A test library's base class (`FBSnapshotTestCase`) is a test case, so the tests
        // derived from it run.
        let superclassName = name.hasSuffix("ViewController") ? "UIViewController"
            : Self.viewSuffixes.contains(where: name.hasSuffix) ? "UIView"
            : name.hasSuffix("TestCase") && runtime.class(named: "XCTestCase") != nil ? "XCTestCase" : "NSObject"
        let made = try runtime.registerClass(named: name, superclass: runtime.requireClass(named: superclassName)) { c in
            // The real class's properties are unknown, so key-value coding keeps any key: a
            // storyboard connecting a stand-in's outlet (a `UISearchBar`'s `delegate`) loads.
            try c.addIvar("_standInValues", type: .object(className: "NSDictionary"))
            try c.addMethod("setValue:forUndefinedKey:", types: "v@:@@") { m in
                guard case .string(let key) = m[1] else { return .nil }
                var values = if case .dictionary(let kept) = try m.runtime.ivarValue("_standInValues", of: m.receiver) { kept } else { [Value: Value]() }
                values[.string(key)] = m[0]
                try m.runtime.setIvar("_standInValues", of: m.receiver, to: .dictionary(values))
                return .nil
            }
            try c.addMethod("valueForUndefinedKey:", types: "@@:@") { m in
                guard case .dictionary(let kept) = try m.runtime.ivarValue("_standInValues", of: m.receiver) else { return .nil }
                return kept[m[0]] ?? .nil
            }
        }
        record(.class(name: name, superclass: superclassName))
        return made
    }

    /// Whether `name` may be a class of a library the code imports and the tree lacks: one
    /// is imported, and the name is spelled as a class (a capital first).
    private func isLibraryClassName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") else { return false }
        return state.withLock { $0.lacksLibrary }
    }

    /// The value of a constant of the framework's that the model lacks, spelled as the
    /// frameworks spell theirs: a string of its own name for the names of notifications,
    /// keys, attributes and domains (as Apple's constants mostly are) and for C-style `k`
    /// constants (`kCALineCapRound`) other than Core Graphics' enums, else 0 (an enum's
    /// constant, or its options). Nil when stand-ins are off, for other names, and when
    /// `isTypo` says the name is a typo of a known one (asked once per name).
    public func standInConstant(named name: String, isTypo: () -> Bool) -> Value? {
        // C's constants carry a `k` before the framework's prefix (`kCALineCapRound`).
        let isCStyle = name.hasPrefix("k") && Self.isFrameworkName(String(name.dropFirst()))
        guard isEnabled, Self.isFrameworkName(name) || isCStyle else { return nil }
        let cached = state.withLock { $0.constants[name] }
        let value: Value?
        if let cached {
            value = cached
        } else {
            // Core Graphics' `k` constants are enums; the other frameworks' are strings.
            let isString = isCStyle ? !name.hasPrefix("kCG")
                : ["Notification", "Key", "Name", "Identifier", "Attribute", "AttributeName", "Domain", "Mode"].contains(where: name.hasSuffix)
            value = isTypo() ? nil : isString ? .string(name) : .int(0)
            state.withLock { $0.constants[name] = .some(value) }
        }
        if value != nil { record(.constant(name: name)) }
        return value
    }

    /// The result of a C function of the framework's that the model lacks
    /// (`UIGraphicsBeginImageContext`, `CGPathCreateMutable`), guessed from its name as
    /// ``StandInReturn`` reads it; nil when stand-ins are off or the name is not spelled as
    /// the frameworks spell their functions (``isFrameworkFunctionName(_:)``).
    public func standInFunctionResult(named name: String, in runtime: Runtime) throws -> Value? {
        guard isEnabled, Self.isFrameworkFunctionName(name) else { return nil }
        record(.function(name: name))
        switch StandInReturn(guessingFromFunction: name) {
        case .void: return .nil
        case .bool: return .bool(false)
        case .integer: return .int(0)
        case .double: return .double(0)
        case .object: return .object(try runtime.createInstance(of: standInObjectClass(in: runtime)))
        }
    }

    /// How the names of UIKit's views end: a stand-in class with one of them is a `UIView`.
    private static let viewSuffixes = [
        "View", "Cell", "Bar", "Toolbar", "Control", "Button", "Label", "Field", "Switch", "Slider", "Stepper", "Indicator", "Picker",
        "Window", "Spinner", "Header", "Footer",
    ]

    /// Whether `cls` is a class made as a stand-in.
    public func isStandInClass(_ cls: Class) -> Bool {
        state.withLock { $0.standInClasses.contains(cls.name) }
    }

    private func record(_ subject: StandInUse.Subject) {
        state.withLock { state in
            if case .class(let name, _) = subject {
                state.frameworkClasses.insert(name)
                state.standInClasses.insert(name)
            }
            if state.counts[subject] == nil { state.order.append(subject) }
            state.counts[subject, default: 0] += 1
            if state.recentCounts[subject] == nil { state.recentOrder.append(subject) }
            state.recentCounts[subject, default: 0] += 1
        }
    }

    // MARK: Answering messages

    public func answer(
        _ selector: Selector, sentTo receiver: Object, lookingUpFrom start: Class, _ arguments: Arguments, in runtime: Runtime, depth: Int
    ) throws -> Value? {
        let isClassMessage = receiver.isa.isMetaclass
        // A send through `super` into the framework is framework API by the caller's word:
        // it is never taken for a typo or for a subclass's method.
        let isSuper = start !== receiver.isa
        guard let owner = frameworkOwner(of: selector, lookingUpFrom: start, in: runtime),
              isSuper || !isKnownElsewhere(selector, sentTo: receiver, in: runtime) else {
            return nil
        }
        record(.method(MethodReference(className: owner, selector: selector.name, isClassMethod: isClassMessage)))
        let declared = runtime.declaredReturnType(of: selector)
        let expected: StandInReturn
        switch declared {
        case nil: expected = StandInReturn(guessingFrom: selector.name)
        case .object?: expected = .object
        case let type?: return type.zeroValue
        }
        switch expected {
        case .void: return .nil
        case .bool: return .bool(false)
        case .integer: return .int(0)
        case .double: return .double(0)
        case .object:
            if selector.name.hasPrefix("init"), !isClassMessage { return .object(receiver) }
            if isClassMessage, let cls = receiver as? Class { return .object(try runtime.createInstance(of: cls)) }
            return .object(try runtime.createInstance(of: standInObjectClass(in: runtime)))
        }
    }

    /// The framework class a message would have found its method in, or nil when it is
    /// the user's to implement (see the rules above).
    private func frameworkOwner(of selector: Selector, lookingUpFrom start: Class, in runtime: Runtime) -> String? {
        // A user class overriding framework API (`setDataSource:`, `contentView`) does not
        // make the selector the user's: where the model has it, it is the framework's.
        let isUsers = state.withLock { $0.userSelectors.contains(selector.name) }
            && !librarySelectors(in: runtime).contains(selector.name)
        return state.withLock { state in
            guard state.isEnabled else { return nil }
            let lineage = start.lineage
            guard let first = lineage.first else { return nil }
            // A mock answers only what it is told, as OCMock's raise for anything else.
            if lineage.contains(where: { $0.name == "OCMockObject" }) { return nil }
            if state.frameworkClasses.contains(first.name) { return first.name }
            guard !isUsers,
                  let nearest = lineage.first(where: { state.frameworkClasses.contains($0.name) }) else { return nil }
            // A subclass of NSObject alone is the user's own: it stays strict. (The root
            // metaclass's superclass is the root class, so the class side ends there too.)
            let isRoot = nearest.superclass.map { nearest.isMetaclass && !$0.isMetaclass } ?? true
            return isRoot ? nil : nearest.name
        }
    }

    /// Whether the receiver would raise in objc too, as far as the model can tell: the
    /// selector is one edit away from a method the receiver has (`viewDidLoadd`, a typo),
    /// or a framework subclass of the receiver's class implements it and the class does not
    /// (`addObject:` sent to an `NSArray` is `NSMutableArray`'s). Worked out once per
    /// class and selector.
    private func isKnownElsewhere(_ selector: Selector, sentTo receiver: Object, in runtime: Runtime) -> Bool {
        let key = DecisionKey(cls: ObjectIdentifier(receiver.isa), selector: ObjectIdentifier(selector))
        if let known = state.withLock({ $0.knownElsewhere[key] }) { return known }
        let name = selector.name
        // A selector with a digit is one of a numbered family (`systemGray3Color`), not a typo.
        let isTypo = name.count >= 5 && !name.contains(where: \.isNumber) && receiver.isa.lineage.contains { cls in
            runtime.methods(of: cls).contains { method in
                let other = method.selector.name
                return other != name && EditDistance.between(name, other, limit: 1) <= 1
            }
        }
        // Only the framework's own subclasses count: a user's may override framework API.
        let isSubclasses = !isTypo && runtime.allSubclasses(of: receiver.isa).contains { subclass in
            isFrameworkClass(subclass) && runtime.ownMethod(selector, in: subclass) != nil
        }
        state.withLock { $0.knownElsewhere[key] = isTypo || isSubclasses }
        return isTypo || isSubclasses
    }

    private func librarySelectors(in runtime: Runtime) -> Set<String> {
        if let known = state.withLock({ $0.librarySelectors }) { return known }
        let libraryClasses = state.withLock { $0.frameworkClasses.subtracting($0.standInClasses) }
        var selectors: Set<String> = []
        for name in libraryClasses {
            guard let cls = runtime.class(named: name) else { continue }
            for method in runtime.methods(of: cls) + runtime.methods(of: cls.isa) { selectors.insert(method.selector.name) }
        }
        state.withLock { $0.librarySelectors = selectors }
        return selectors
    }

    private func standInObjectClass(in runtime: Runtime) throws -> Class {
        if let existing = runtime.class(named: Self.objectClassName) { return existing }
        do {
            return try runtime.registerClass(named: Self.objectClassName, superclass: runtime.requireClass(named: "NSObject")) { c in
                c.instancesReadAsZero = true
            }
        } catch RuntimeError.duplicateClass {
            // Another thread made it first.
            return try runtime.requireClass(named: Self.objectClassName)
        }
    }
}
