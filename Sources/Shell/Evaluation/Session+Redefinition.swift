import Runtime

/// Defining again a class the session's code defined: a changed class pasted at the
/// prompt, or a `source` run again.
extension Session {
    /// Defines the class `name`, which the session's code defined before, again: from the
    /// `@interface` read again for it (or the one it had) and `implementation` (or the one
    /// it had), in `scope` (or the one it had). One that reads as before on the same
    /// superclass is left alone. Otherwise the runtime changes it in place or makes it anew
    /// under its name (``Runtime/redefineClass(named:superclass:_:)``); a class made anew
    /// gets its categories again, and its subclasses are defined again on it. A note says
    /// what was done.
    func redefine(_ name: String, implementation: ImplementationDefinition?, in scope: FileScope?) throws {
        try redefine(name, implementation: implementation, in: scope, following: nil)
    }

    /// ``redefine(_:implementation:in:)``; `superclass`, when given, is the class made anew
    /// that the class is defined again on, which says so for it.
    ///
    /// - Returns: the classes defined again on the new class, at any depth, when it was made anew.
    @discardableResult
    private func redefine(
        _ name: String, implementation written: ImplementationDefinition?, in writtenScope: FileScope?, following superclassMadeAnew: String?
    ) throws -> [String] {
        guard let record = definedClasses[name] else { return [] }
        // Taken whatever happens next: an @interface that fails is reported once, not at every use.
        let newInterface = pendingInterfaces.removeValue(forKey: name)
        let interface = newInterface ?? record.interface
        let implementation = written ?? record.implementation
        let scope = writtenScope ?? record.scope
        let location = written?.location ?? interface?.location ?? implementation?.location ?? .start
        let superclassName: String
        do {
            // Named by neither (`@implementation MMFoo` where the first said `: NSObject`): the one it had.
            superclassName = interface?.superclass == nil && implementation?.superclass == nil
                ? record.superclassName
                : try self.superclassName(of: name, interface: interface, implementation: implementation, at: location)
        } catch let error as EvaluationError where newInterface == nil && interface != nil {
            throw error.noting("to give \(name) another superclass, write its @interface again first, with that superclass")
        } catch let error as EvaluationError where written == nil && implementation != nil {
            throw error.noting("the @implementation is the one \(name) was defined with; write it again too, with that superclass")
        }
        let superclass = try requireSuperclass(named: superclassName, defining: name, at: location)
        if record.isDefined(by: interface, implementation), runtime.class(named: name)?.superclass === superclass {
            tally.note(name, .unchanged)
            if isAtPrompt { output.print("\(name) is unchanged") }
            return []
        }
        let protocols = try adoptedProtocols(of: interface, defining: name, at: location)
        // The audit reports the new definition's unread methods, not the old one's.
        let previousUnread = unreadMethods[name]
        unreadMethods[name]?.removeAll { $0.category == nil }
        if let implementation { recordUnread(implementation) }
        let redefinition: ClassRedefinition
        do {
            let methods = try check(
                implementation?.methods ?? [], ivars: userIvars(of: superclass) + declaredIvars(interface, implementation), scope: scope,
                className: name)
            redefinition = try runtime.redefineClass(named: name, superclass: superclass) { builder in
                try build(
                    &builder, superclass: superclass, protocols: protocols, ivars: (interface?.ivars ?? []) + (implementation?.ivars ?? []), interface: interface,
                    methods: methods, synthesized: implementation?.synthesized ?? [:], scope: scope, at: location)
            }
        } catch {
            unreadMethods[name] = previousUnread
            if let runtimeError = error as? RuntimeError { throw EvaluationError(.runtime(runtimeError), at: location) }
            throw error
        }
        if unreadMethods[name]?.isEmpty == true { unreadMethods[name] = nil }
        noteUserSelectors(of: name)
        definedClasses[name] = DefinedClass(interface: interface, implementation: implementation, scope: scope, superclassName: superclassName)
        tally.note(name, .redefined)

        var report = RedefinitionReport(
            name: name, redefinition: redefinition, oldMethods: record.implementation?.methods ?? [], newMethods: implementation?.methods ?? [])
        report.madeAgain = try library.mocksFollow(redefinition)
        if superclassMadeAnew == nil {
            for line in report.summary { output.print(line) }
        }
        for line in report.notes { output.print(line) }
        guard let replaced = redefinition.replaced else { return [] }
        let categories = addCategoriesAgain(of: name, to: redefinition.cls)
        let subclasses = defineSubclassesAgain(of: replaced, named: name)
        if superclassMadeAnew == nil {
            for line in report.remade(categories: categories, subclasses: subclasses) { output.print(line) }
        }
        return subclasses
    }

    /// Adds the categories the code defined on the class `name` to `cls`, made anew under
    /// that name, in the order they were defined; one that fails is reported.
    /// - Returns: the categories added.
    private func addCategoriesAgain(of name: String, to cls: Class) -> [String] {
        definedCategories.filter { $0.definition.className == name }.compactMap { category in
            do {
                try addCategory(category.definition, to: cls, in: category.scope)
                return category.name
            } catch {
                report(error, file: nil, firstLine: 1, source: nil)
                return nil
            }
        }
    }

    /// Defines again, on the class made anew under the name `name`, the classes the code
    /// defined on `replaced`, and theirs in turn, by name; one that fails is reported and
    /// stays on the old class.
    /// - Returns: the classes defined again.
    private func defineSubclassesAgain(of replaced: Class, named name: String) -> [String] {
        let subclasses = definedClasses.filter { $0.value.superclassName == name && runtime.class(named: $0.key)?.superclass === replaced }
        return subclasses.keys.sorted().flatMap { subclass -> [String] in
            do {
                return [subclass] + (try redefine(subclass, implementation: nil, in: nil, following: name))
            } catch {
                report(error, file: nil, firstLine: 1, source: nil)
                return []
            }
        }
    }
}
