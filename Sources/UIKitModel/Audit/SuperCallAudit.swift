import Runtime
import Synchronization

/// The super-call audit, the technique of "tests that write themselves": for a class that
/// overrides a lifecycle method, put a probe where its `super` call would land, fire the
/// event, count how often the probe is reached, put the original back, and judge the
/// count by the selector's policy.
public struct SuperCallAudit: Sendable {
    /// Which classes a sweep covers.
    public enum Target: Sendable {
        /// Every class whose name matches.
        case matching(Glob)
        /// Every class that descends from this one (not the class itself).
        case descendants(of: Class)
        /// These classes.
        case classes([Class])
    }

    public let runtime: Runtime
    public var policy: SuperCallPolicy
    /// The stand-ins of the class library, if any: an override whose super would land in a
    /// stand-in class (which implements nothing) lands on a method that does nothing.
    public var standIns: StandIns?

    public init(runtime: Runtime, policy: SuperCallPolicy = .uikit, standIns: StandIns? = nil) {
        self.runtime = runtime
        self.policy = policy
        self.standIns = standIns
    }

    /// Audits `cls`'s own implementation of `selector`.
    ///
    /// The audit creates an instance as an app would (``makeInstance(of:)``), loads its view when it has one (for
    /// `loadView` and `viewDidLoad`, loading the view is the event), installs the probe on
    /// the implementation the superclass chain provides, sends the selector with `NO`/nil
    /// arguments, and always restores the runtime: the ledger is as before, also when the
    /// method raises, recurses or reaches the probe more than once.
    ///
    /// - Throws: ``AuditError`` when the selector has no policy or `cls` does not
    ///   implement it itself.
    public func audit(_ cls: Class, _ selectorName: String) throws -> SuperCallResult {
        guard let rule = policy.rule(for: selectorName, in: cls) else {
            throw AuditError.notPoliced(selectorName, policed: policedSelectors)
        }
        let selector = try runtime.selector(selectorName)
        guard let override = runtime.ownMethod(selector, in: cls) else {
            throw AuditError.notOverridden(MethodReference(className: cls.name, selector: selectorName))
        }
        let sends = try SweepSends(runtime)
        let creation = Creation(of: cls, own: runtime.selectors(of: cls), sends: sends, runtime: runtime)
        return audit(override, of: cls, rule.requirement, loadsView: Self.loadsView(selectorName), creation: creation, sends: sends)
    }

    /// Whether loading the view is the event that reaches `selector`, rather than a send of it.
    static func loadsView(_ selector: String) -> Bool {
        selector == "loadView" || selector == "viewDidLoad"
    }

    /// The selectors the policy has rules for, each once, in policy order.
    private var policedSelectors: [String] {
        let selectors = policy.rules.map(\.selector)
        // Only rules for base classes repeat a selector; most policies have none.
        guard policy.rules.contains(where: { $0.baseClass != nil }) else { return selectors }
        var seen: Set<String> = []
        return selectors.filter { seen.insert($0).inserted }
    }

    /// Audits `override`, `cls`'s own method, by `requirement`, on an instance made by
    /// `creation`; `sends` is what every check sends.
    private func audit(
        _ override: Method, of cls: Class, _ requirement: SuperCallRequirement, loadsView: Bool, creation: Creation,
        sends: SweepSends
    ) -> SuperCallResult {
        let reference = MethodReference(className: cls.name, selector: override.selector.name)
        guard let superclass = cls.superclass else {
            return SuperCallResult(method: reference, requirement: requirement, finding: .noSuperImplementation)
        }
        // What is added for a stand-in's landing goes when the audit is done. Only then is
        // there anything to undo here: the check undoes its own changes itself.
        var standInMark: LedgerEntry.ID?
        defer { if let standInMark { runtime.undo(after: standInMark) } }
        guard let landing = landing(for: override, above: superclass, markingAddition: &standInMark) else {
            return SuperCallResult(method: reference, requirement: requirement, finding: .noSuperImplementation)
        }
        let finding: SuperCallResult.Finding
        do {
            let calls = try countSuperCalls(of: override, landingOn: landing, in: cls, loadsView: loadsView, creation: creation, sends: sends)
            finding = switch (requirement, calls) {
            case (.required, 1), (.prohibited, 0), (.optional, _): .passed(calls: calls)
            case (.required, 0): .notCalled
            case (.required, _): .calledTimes(calls)
            case (.prohibited, _): .calledWhenProhibited(calls)
            }
        } catch {
            finding = .raised(String(describing: error))
        }
        return SuperCallResult(method: reference, requirement: requirement, finding: finding)
    }

    /// The method `override`'s super call reaches from `superclass`; for a stand-in class
    /// that lacks it, one that does nothing, as the framework's would for the audit's sake.
    /// `mark` is set to the ledger's mark before anything is added.
    private func landing(for override: Method, above superclass: Class, markingAddition mark: inout LedgerEntry.ID?) -> Method? {
        if let found = runtime.lookUpMethod(override.selector, in: superclass) { return found }
        guard let standIns, let standIn = superclass.lineage.first(where: standIns.isStandInClass) else { return nil }
        mark = runtime.ledgerMark
        let zero = override.types.returnType.zeroValue
        guard (try? runtime.addMethod(override.selector.name, types: "\(override.types)", to: standIn) { _ in zero }) != nil else { return nil }
        return runtime.lookUpMethod(override.selector, in: superclass)
    }

    /// Runs the audit for every class the target covers, sorted by name, and every policed
    /// selector each class implements itself, in policy order (or only `selectors`).
    /// Classes that only inherit a selector are not audited for it.
    public func sweep(_ target: Target, selectors: [String]? = nil) throws -> [SuperCallResult] {
        let policed = policedSelectors
        // The policy's own rules need no check; selectors named here must have one.
        if let selectors, let unpoliced = selectors.first(where: { !policed.contains($0) }) {
            throw AuditError.notPoliced(unpoliced, policed: policed)
        }
        let audited = selectors.map { names in policed.filter(names.contains) } ?? policed
        var plan = SweepPlan(auditing: audited, policy: policy)
        var results: [SuperCallResult] = []
        let sends = try SweepSends(runtime)
        for cls in classes(in: target) {
            // A class's own methods are few: matching their selectors against the policy is
            // cheaper than interning every policed selector for every sweep.
            let own = runtime.selectors(of: cls)
            var creation: Creation?
            for (position, selector) in plan.audited(among: own) {
                guard let requirement = plan.requirement(at: position, in: cls, by: policy), let override = ownMethod(selector, in: cls) else {
                    continue
                }
                let made = creation ?? Creation(of: cls, own: own, sends: sends, runtime: runtime)
                creation = made
                results.append(audit(override, of: cls, requirement, loadsView: plan.loadsView(at: position), creation: made, sends: sends))
            }
        }
        return results
    }

    /// `cls`'s own method for `selector`, one of its own: found as the send of the event
    /// will find it, which leaves it in the class's cache for that send.
    private func ownMethod(_ selector: Selector, in cls: Class) -> Method? {
        if let found = runtime.lookUpMethod(selector, in: cls), found.owner === cls { return found }
        return runtime.ownMethod(selector, in: cls)
    }

    /// Checks that every class the target covers can be created with `new`, and that what
    /// `new` returns is a member of exactly that class.
    public func checkCreation(_ target: Target) -> [CreationResult] {
        classes(in: target).map { cls in
            let finding: CreationResult.Finding
            let mark = runtime.ledgerMark
            defer { runtime.undo(after: mark) }
            do {
                switch try runtime.send("new", to: cls) {
                case .object(let made) where made.isMember(of: cls): finding = .created(made.description)
                case .object(let made): finding = .wrongClass(object: made.description, className: made.isa.name)
                case .nil: finding = .returnedNil
                case let other: finding = .wrongClass(object: other.description, className: other.kindDescription)
                }
            } catch {
                finding = .raised(String(describing: error))
            }
            return CreationResult(className: cls.name, finding: finding)
        }
    }

    /// An instance of `cls`, made as an app makes one: from its storyboard scene when a
    /// storyboard of the tree holds one, else with the initializer the class defines
    /// itself, as its code expects to be made, else with `new`.
    ///
    /// - `initWithNibName:bundle:` (a view controller), with nil and nil;
    /// - `initWithStyle:reuseIdentifier:` (a cell), with the default style and the class's name;
    /// - `initWithFrame:` (a view), with a zero rect;
    /// - `initWithStyle:` (a table view controller), with the plain style;
    /// - `initWithCollectionViewLayout:` (a collection view controller that defines none of
    ///   the above itself), with a new `UICollectionViewFlowLayout`.
    public func makeInstance(of cls: Class) throws -> Object? {
        let sends = try SweepSends(runtime)
        return try makeInstance(of: cls, Creation(of: cls, own: runtime.selectors(of: cls), sends: sends, runtime: runtime), sends: sends)
    }

    /// ``makeInstance(of:)`` as `creation` says, with the selectors sent already in hand.
    private func makeInstance(of cls: Class, _ creation: Creation, sends: SweepSends) throws -> Object? {
        if let (storyboard, scene) = creation.scene {
            return try runtime.send(sends.instantiateScene, to: storyboard, Arguments(scene)).object
        }
        let allocated: Value
        if creation.needsLayout {
            // A collection view controller is made with a flow layout, as its view needs one.
            let layout = try runtime.send(sends.new, to: runtime.requireClass(named: "UICollectionViewFlowLayout"))
            allocated = try runtime.send(sends.alloc, to: cls)
            return try runtime.send("initWithCollectionViewLayout:", to: allocated.object, layout).object
        }
        guard let initializer = creation.initializer else { return try runtime.send(sends.new, to: cls).object }
        allocated = try runtime.send(sends.alloc, to: cls)
        return try runtime.send(initializer, to: allocated.object, creation.arguments).object
    }

    /// An instance of a subclass of `cls` that can be made: the first by name that inherits
    /// `override` as it is (no class between overrides it), else the first of any; and
    /// whether it inherits it. Nil when no subclass can be made.
    private func instanceOfSubclass(of cls: Class, inheriting override: Method, sends: SweepSends) throws -> (Object, inherits: Bool)? {
        let subclasses = runtime.allSubclasses(of: cls)
        let inheriting = subclasses.filter { runtime.lookUpMethod(override.selector, in: $0) === override }
        for subclass in inheriting + subclasses.filter({ candidate in !inheriting.contains { $0 === candidate } }) {
            let creation = Creation(of: subclass, own: runtime.selectors(of: subclass), sends: sends, runtime: runtime)
            if let made = try? makeInstance(of: subclass, creation, sends: sends) {
                return (made, inheriting.contains { $0 === subclass })
            }
        }
        return nil
    }

    /// The classes a target covers, sorted by name.
    public func classes(in target: Target) -> [Class] {
        switch target {
        case .matching(let glob): runtime.classes(matching: glob)
        case .descendants(let ancestor): runtime.allSubclasses(of: ancestor)
        case .classes(let classes): classes.sorted { $0.name < $1.name }
        }
    }

    /// Fires `override`'s event on a fresh instance with a probe on `landing`, and returns
    /// how often the probe was reached from that instance. Everything the audit, or the
    /// code it fired, changed in the runtime is undone before returning.
    private func countSuperCalls(
        of override: Method, landingOn landing: Method, in cls: Class, loadsView: Bool, creation: Creation, sends: SweepSends
    ) throws -> Int {
        let selector = override.selector
        let mark = runtime.ledgerMark
        var made: Object?
        // Undone while the instance lives, so that no other object can take its identity
        // while the probe is still in place.
        defer { withExtendedLifetime(made) { _ = runtime.undo(after: mark) } }
        let instance: Object
        // Whether the event reaches `override` by a send; on a subclass that overrides it
        // again, the override's code is run on the instance as the subclass's super send would.
        var isSent = true
        do {
            guard let created = try makeInstance(of: cls, creation, sends: sends) else {
                throw AuditError.creationReturnedNil(cls.name)
            }
            instance = created
        } catch {
            // An abstract class, one that refuses to be made itself (a base that asserts it
            // is subclassed), is audited on an instance of a subclass.
            guard let (created, inherits) = try instanceOfSubclass(of: cls, inheriting: override, sends: sends) else { throw error }
            instance = created
            isSent = inherits
        }
        made = instance
        let viewSelector = sends.view
        let hasView = runtime.instancesRespond(cls, to: viewSelector)
        if hasView && !loadsView {
            try runtime.send(viewSelector, to: instance)
        }
        let probe = Probe(counting: instance, before: landing.implementation)
        try runtime.setImplementation(of: landing) { [probe] message in
            if ObjectIdentifier(message.receiver) == probe.instance { probe.calls.add(1, ordering: .relaxed) }
            return try message.forward(to: probe.original)
        }
        if !isSent {
            try runtime.call(override.implementation, receiver: instance, selector: selector, sends.zeroArguments(for: override.types), nestedAt: 0)
        } else if loadsView && hasView {
            try runtime.send(viewSelector, to: instance)
        } else {
            try runtime.send(selector, to: instance, sends.zeroArguments(for: override.types))
        }
        return probe.calls.load(ordering: .relaxed)
    }

    /// `NO`, nil or zero for each argument `types` takes: one or two without an array.
    fileprivate static func zeroArguments(for types: TypeEncoding) -> Arguments {
        let argumentTypes = types.argumentTypes
        return switch argumentTypes.count {
        case 0: Arguments()
        case 1: Arguments(argumentTypes[0].zeroValue)
        case 2: Arguments(argumentTypes[0].zeroValue, argumentTypes[1].zeroValue)
        default: Arguments(argumentTypes.map(\.zeroValue))
        }
    }
}

/// What a check's probe counts: the calls that reach it from the audited instance. It
/// knows the instance by identity alone: the runtime keeps a probe it has retired until
/// it is told to reclaim, and holding the instance it would keep every instance a sweep
/// makes, and its view, alive until then. One object, which the probe's code captures
/// as its whole context.
private final class Probe: Sendable {
    let instance: ObjectIdentifier
    let original: Implementation
    let calls = Atomic<Int>(0)

    init(counting instance: Object, before original: Implementation) {
        self.instance = ObjectIdentifier(instance)
        self.original = original
    }
}

/// How the audit makes an instance of a class (see ``SuperCallAudit/makeInstance(of:)``):
/// the initializer the class defines itself and the arguments it is sent with, or none
/// for `new`. Worked out once for a class, whatever number of its overrides are audited,
/// and shared by reference rather than copied into each check.
private final class Creation {
    let initializer: Selector?
    let arguments: Arguments
    /// Whether the instance is made with `initWithCollectionViewLayout:` and a flow layout.
    let needsLayout: Bool
    /// The storyboard and the scene the class is made from, when a storyboard holds it.
    let scene: (storyboard: Object, id: Value)?

    /// The initializers preferred, in order.
    static let initializers = ["initWithNibName:bundle:", "initWithStyle:reuseIdentifier:", "initWithFrame:", "initWithStyle:"]

    /// How to make an instance of `cls`, whose own methods' selectors are `own`; `sends`
    /// holds the initializers' selectors, interned, so a class's own are matched by identity.
    init(of cls: Class, own: [Selector], sends: SweepSends, runtime: Runtime) {
        // A storyboard that cannot be read holds no scene here; loading it says why.
        if let storyboardClass = sends.storyboard,
           case .array(let pair)? = try? runtime.send(sends.sceneOfClass, to: storyboardClass, Arguments(.object(cls))),
           pair.count == 2, case .object(let storyboard) = pair[0] {
            scene = (storyboard, pair[1])
        } else {
            scene = nil
        }
        for (index, candidate) in sends.initializers.enumerated() where own.contains(where: { $0 === candidate }) {
            initializer = candidate
            arguments = switch Self.initializers[index] {
            case "initWithNibName:bundle:": Arguments(.nil, .nil)
            case "initWithStyle:reuseIdentifier:": Arguments(.int(0), .string(cls.name))
            case "initWithFrame:": Arguments(ClassLibrary.zeroRect)
            default: Arguments(.int(0))
            }
            needsLayout = false
            return
        }
        initializer = nil
        arguments = Arguments()
        // Its view cannot be made without a layout, which `new` does not give it.
        needsLayout = sends.collectionViewController.map(cls.isSubclass(of:)) ?? false
    }
}

/// What every check sends: the selectors, interned once per sweep rather than once per
/// check, and the event's arguments, made once for each encoding in a row (the overrides a
/// sweep audits share a handful); shared by reference rather than copied into each check.
private final class SweepSends {
    let new: Selector
    let alloc: Selector
    let view: Selector
    /// ``Creation/initializers``' selectors, in the same order.
    let initializers: [Selector]
    /// `UICollectionViewController`, when the runtime has it: its subclasses are made with a layout.
    let collectionViewController: Class?
    /// `UIStoryboard`, when the runtime has it and a storyboard holds controllers of the
    /// code, and its private messages that find and make a controller class's scene.
    let storyboard: Class?
    let sceneOfClass: Selector
    let instantiateScene: Selector
    /// The encoding the arguments were last made for, and the arguments: apart, as a
    /// copy of the pair would retain both.
    private var lastTypes: TypeEncoding?
    private var lastArguments = Arguments()

    init(_ runtime: Runtime) throws {
        new = try runtime.selector("new")
        alloc = try runtime.selector("alloc")
        view = try runtime.selector("view")
        initializers = try Creation.initializers.map(runtime.selector)
        collectionViewController = runtime.class(named: "UICollectionViewController")
        let storyboardClass = runtime.class(named: "UIStoryboard")
        let holdsScenes = try storyboardClass.map { try runtime.send(runtime.selector("_holdsScenes"), to: $0).isTruthy } ?? false
        storyboard = holdsScenes ? storyboardClass : nil
        sceneOfClass = try runtime.selector("_sceneOfControllerClass:")
        instantiateScene = try runtime.selector("_instantiateScene:")
    }

    /// `NO`, nil or zero for each argument `types` takes.
    func zeroArguments(for types: TypeEncoding) -> Arguments {
        if lastTypes == types { return lastArguments }
        lastArguments = SuperCallAudit.zeroArguments(for: types)
        lastTypes = types
        return lastArguments
    }
}

/// Why an audit could not run.
public enum AuditError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The selector has no rule in the policy.
    case notPoliced(String, policed: [String])
    /// The class does not implement the selector itself, so there is no override to audit.
    case notOverridden(MethodReference)
    /// `new` returned nil, so there was nothing to fire the event at.
    case creationReturnedNil(String)

    public var description: String {
        switch self {
        case .notPoliced(let selector, let policed):
            "'\(selector)' has no super-call rule; audited selectors are " + policed.joined(separator: ", ")
        case .notOverridden(let method):
            "\(method) is not implemented by \(method.className) itself: it only inherits it, so there is no override to audit"
        case .creationReturnedNil(let className):
            "+[\(className) new] returned nil, so there is no instance to fire the event at"
        }
    }
}
