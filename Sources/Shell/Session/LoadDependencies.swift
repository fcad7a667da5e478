import Foundation
import Runtime

/// Primary `@interface`s and `@protocol`s of the tree the parser could not read (it
/// reported why), by name, with where reading each failed.
struct UnreadDeclarations {
    var interfaces: [String: SourceLocation] = [:]
    var protocols: [String: SourceLocation] = [:]

    /// Adds those of one file: the ones its tokens start that are not among its items.
    mutating func add(_ tokens: [Token], items: [TopLevelItem], diagnostics: [SyntaxError]) {
        let read = Set(items.compactMap { item -> SourceLocation? in
            switch item {
            case .interface(let definition) where definition.kind == .primary: definition.location
            case .protocol(let definition): definition.location
            default: nil
            }
        })
        for index in tokens.indices.dropLast(2) {
            guard case .directive(let directive) = tokens[index].kind, directive == "interface" || directive == "protocol",
                  let name = tokens[index + 1].identifier else { continue }
            let next = tokens[index + 2]
            let location = tokens[index].location
            // Not a category or an extension, nor a forward declaration; and not read.
            guard directive == "interface" ? !next.isSymbol("(") : !(next.isSymbol(";") || next.isSymbol(",")), !read.contains(location) else { continue }
            // Where it failed: the first error inside it, before its @end.
            let end = tokens[(index + 1)...].first { $0.isDirective("end") }?.location
            let failure = diagnostics.first { error in
                let at = error.location
                guard at.file == location.file, at >= location else { return false }
                return end.map { at.file != $0.file || at <= $0 } ?? true
            }?.location ?? location
            if directive == "interface" {
                if interfaces[name] == nil { interfaces[name] = failure }
            } else if protocols[name] == nil {
                protocols[name] = failure
            }
        }
    }
}

/// Why a class, category, extension or protocol of the tree is not loaded: what it needs
/// failed (`cause`), where that failure was reported (`location`).
struct Blocker {
    enum Cause {
        /// The class or protocol named (`MMBase`, `protocol MMDelegate`) failed.
        case failed(String)
        /// The @interface of the class named could not be read.
        case unreadInterface(String)
    }

    let cause: Cause
    let location: SourceLocation

    /// The short error said at the dependent's own place: `MMChild is not loaded because
    /// MMBase failed (MMBase.m:3)`.
    func error(notLoading name: String, at place: SourceLocation) -> EvaluationError {
        switch cause {
        case .failed(let dependency):
            EvaluationError(.dependencyNotLoaded(name: name, dependency: dependency, failedAt: location), at: place)
        case .unreadInterface(let className):
            EvaluationError(.interfaceUnreadable(name: name, className: className, failedAt: location), at: place)
        }
    }
}

/// What of the tree failed so far, to tell what depends on it.
struct LoadDependencies {
    let session: Session
    let unread: UnreadDeclarations
    /// Classes that are not loaded, by name: where the error saying so was reported.
    var failedClasses: [String: SourceLocation] = [:]
    /// Protocols that are not loaded, by name, likewise.
    var failedProtocols: [String: SourceLocation] = [:]
    /// Interface-only classes being registered, against a superclass cycle.
    private var resolving: Set<String> = []

    init(session: Session, unread: UnreadDeclarations) {
        self.session = session
        self.unread = unread
    }

    /// What stops an `@implementation` from loading: its @interface could not be read and
    /// it names no superclass itself, or its superclass or a protocol it adopts failed.
    mutating func blocker(forImplementation definition: ImplementationDefinition) -> Blocker? {
        let name = definition.className
        guard session.runtime.class(named: name) == nil else { return nil }
        let interface = session.pendingInterfaces[name]
        if interface == nil, definition.superclass == nil, let blocker = unreadInterface(of: name) { return blocker }
        if let superclass = definition.superclass ?? interface?.superclass, let blocker = blocker(forClass: superclass) { return blocker }
        return blocker(forProtocols: interface?.protocols ?? [])
    }

    /// What stops code that needs the class `name` (a subclass, a category): it failed, or
    /// it is known by its @interface alone and registering it fails now (reported here
    /// once), or its @interface could not be read. Nil when it is there, or unknown.
    mutating func blocker(forClass name: String) -> Blocker? {
        guard session.runtime.class(named: name) == nil else { return nil }
        if let failure = failedClasses[name] { return Self.failed(name, at: failure) }
        if let interface = session.pendingInterfaces[name], !resolving.contains(name) {
            resolving.insert(name)
            defer { resolving.remove(name) }
            // An @interface alone whose superclass, or a protocol it adopts, failed: not loaded either.
            let inherited = interface.superclass.flatMap { blocker(forClass: $0) }
                ?? blocker(forProtocols: interface.protocols)
            if let inherited {
                session.report(inherited.error(notLoading: name, at: interface.location), file: nil, firstLine: 1, source: nil)
                failedClasses[name] = interface.location
                return Self.failed(name, at: interface.location)
            }
            do {
                _ = try session.findClass(named: name)
                return nil
            } catch {
                session.report(error, file: nil, firstLine: 1, source: nil)
                let failure = (error as? EvaluationError)?.location ?? interface.location
                failedClasses[name] = failure
                return Self.failed(name, at: failure)
            }
        }
        return unreadInterface(of: name)
    }

    /// What stops an adopter of the protocol `name`: it failed. (One that could not be read
    /// stands empty.)
    func blocker(forProtocol name: String) -> Blocker? {
        guard session.runtime.protocol(named: name) == nil, let failure = failedProtocols[name] else { return nil }
        return Blocker(cause: .failed("protocol \(name)"), location: failure)
    }

    /// What stops an adopter of the protocols `names`: the first that failed.
    func blocker(forProtocols names: [String]) -> Blocker? {
        names.lazy.compactMap(blocker(forProtocol:)).first
    }

    /// The @interface of `name` could not be read, when so.
    func unreadInterface(of name: String) -> Blocker? {
        unread.interfaces[name].map {
            Blocker(cause: .unreadInterface(name), location: $0)
        }
    }

    private static func failed(_ name: String, at location: SourceLocation) -> Blocker {
        Blocker(cause: .failed(name), location: location)
    }
}
