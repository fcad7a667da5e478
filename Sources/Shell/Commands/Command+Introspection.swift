import Runtime

extension Command {
    static let introspection: [Command] = [classes, tree, methods, info, implementors, protocols, vars]

    static let classes = Command(
        name: "classes", summary: "list classes, one per line, sorted; filter by glob or ancestry",
        signature: Signature([.optional([.argument("GLOB", .classPattern)]), .optional([.word("--subclasses-of"), .argument("CLASS", .className)])]),
        example: "classes MM* --subclasses-of UIViewController"
    ) { session, arguments, command in
        var found = session.runtime.classes
        if let pattern = arguments["GLOB"] {
            let glob = try session.glob(pattern)
            found = found.filter { glob.matches($0.name) }
        }
        if let ancestorName = arguments["CLASS"] {
            let ancestor = try session.requireClass(ancestorName)
            found = found.filter { $0 !== ancestor && $0.isSubclass(of: ancestor) }
        }
        guard !found.isEmpty else {
            let what = [arguments["GLOB"].map { "matches '\($0.text)'" }, arguments["CLASS"].map { "descends from \($0.text)" }].compactMap { $0 }
            throw ShellError("no class " + (what.isEmpty ? "is defined" : what.joined(separator: " and ")))
        }
        for cls in found { session.output.print(cls.name) }
    }

    static let tree = Command(
        name: "tree", summary: "show the class hierarchy below a class (all roots by default)",
        signature: Signature([.optional([.argument("CLASS", .className)])]), example: "tree UIViewController"
    ) { session, arguments, command in
        let roots = try arguments["CLASS"].map { [try session.requireClass($0)] }
            ?? session.runtime.classes.filter { $0.superclass == nil }
        for root in roots {
            session.output.print(root.name)
            printSubtree(of: root, prefix: "", in: session)
        }
    }

    private static func printSubtree(of cls: Class, prefix: String, in session: Session) {
        let children = session.runtime.directSubclasses(of: cls)
        for (index, child) in children.enumerated() {
            let last = index == children.count - 1
            session.output.print(prefix + (last ? "└── " : "├── ") + child.name)
            printSubtree(of: child, prefix: prefix + (last ? "    " : "│   "), in: session)
        }
    }

    static let methods = Command(
        name: "methods", summary: "list a class's methods with their type encodings",
        signature: Signature([.argument("CLASS", .className), .flags(["--all", "--class"])]),
        example: "methods MMLoginViewController --all"
    ) { session, arguments, command in
        let cls = try session.requireClass(arguments["CLASS"]!)
        let classMethods = arguments.has("--class")
        let sign = classMethods ? "+" : "-"
        let start = classMethods ? cls.isa : cls
        guard arguments.has("--all") else {
            for method in session.runtime.methods(of: start) {
                session.output.print("\(sign) \(method.selector.name)  \(method.types)")
            }
            return
        }
        // Grouped by the class that defines each method, nearest first; an override names
        // the class whose method it overrides.
        for definer in start.lineage where !(classMethods && !definer.isMetaclass) {
            let own = session.runtime.methods(of: definer)
            guard !own.isEmpty else { continue }
            session.output.print(definer.name)
            for method in own {
                let overridden = definer.superclass.flatMap { session.runtime.lookUpMethod(method.selector, in: $0) }
                let mark = overridden.map { "  (overrides \($0.owner.name))" } ?? ""
                session.output.print("  \(sign) \(method.selector.name)  \(method.types)\(mark)")
            }
        }
    }

    static let info = Command(
        name: "info",
        summary: "describe a class: ancestry, protocols, properties, ivars, methods; for an instance, also its ivars' values",
        signature: Signature([.argument("CLASS", .className)]), example: "info UINavigationController"
    ) { session, arguments, command in
        let runtime = session.runtime
        let cls = try session.requireClass(arguments["CLASS"]!)
        let instance = try session.objectInVariable(arguments["CLASS"]!).flatMap { $0 is Class ? nil : $0 }
        let out = session.output
        out.print("class \(cls.name)")
        out.print("  ancestry: " + cls.lineage.map(\.name).joined(separator: " → "))
        let adopted = runtime.protocols(adoptedBy: cls).map(\.name)
        let conformed = runtime.protocols.filter { runtime.conforms(cls, to: $0) }.map(\.name)
        out.print("  protocols: " + (adopted.isEmpty ? "none of its own" : adopted.joined(separator: ", "))
            + (conformed.isEmpty ? "" : "; conforms to " + conformed.joined(separator: ", ")))
        let properties = runtime.properties(of: cls)
        out.print("  properties: " + (properties.isEmpty ? "none" : ""))
        for property in properties { out.print("    \(property.name)  \(property.attributeString)") }
        let ivars = runtime.ivars(of: cls)
        out.print("  ivars: " + (ivars.isEmpty ? "none" : ivars.map { "\($0.name) \($0.type)" }.joined(separator: ", ")))
        out.print("  methods: \(runtime.methods(of: cls).count) instance, \(runtime.methods(of: cls.isa).count) class (its own)")
        let subclasses = runtime.directSubclasses(of: cls).map(\.name)
        out.print("  subclasses: " + (subclasses.isEmpty ? "none" : subclasses.joined(separator: ", ")))
        if let instance { printValues(of: instance, in: session) }
    }

    /// An instance's ivars and their values, class by class from the root, read from
    /// storage rather than through getters, so that looking never loads a view or runs code.
    private static func printValues(of instance: Object, in session: Session) {
        session.output.print("  values of \(instance):")
        for cls in instance.isa.lineage.reversed() {
            for ivar in session.runtime.ivars(of: cls) {
                let value = (try? instance.value(of: ivar)).map(\.description) ?? "(unreadable)"
                session.output.print("    \(ivar.name) = \(value)")
            }
        }
    }

    static let implementors = Command(
        name: "implementors",
        summary: "who defines a selector, who inherits it from whom, and overrides whose types differ",
        signature: Signature([.argument("SELECTOR", .selector)]), example: "implementors viewWillAppear:"
    ) { session, arguments, command in
        let runtime = session.runtime
        let argument = arguments["SELECTOR"]!
        let selector: Selector
        do { selector = try runtime.selector(argument.text) } catch { throw ShellError("\(error)", at: argument.location) }
        var any = false
        for isClassMethod in [false, true] {
            let sign = isClassMethod ? "+" : "-"
            let classes = runtime.classes.map { isClassMethod ? $0.isa : $0 }
            let definers = classes.filter { runtime.ownMethod(selector, in: $0) != nil }
            for cls in definers {
                any = true
                guard let method = runtime.ownMethod(selector, in: cls) else { continue }
                var line = "\(sign)[\(cls.name) \(selector.name)]  \(method.types)"
                if let overridden = cls.superclass.flatMap({ runtime.lookUpMethod(selector, in: $0) }) {
                    line += "  overrides \(overridden)"
                    if overridden.types.description != method.types.description {
                        line += "  (types differ: \(method.types) vs \(overridden.types))"
                    }
                }
                session.output.print(line)
            }
            let inheritors = classes.filter { runtime.ownMethod(selector, in: $0) == nil }
                .compactMap { cls in runtime.lookUpMethod(selector, in: cls).map { (cls, $0) } }
            for (cls, method) in inheritors {
                session.output.print("  \(cls.name) inherits it from \(method.owner.name)")
            }
        }
        if !any {
            let known = runtime.classes.flatMap { runtime.methods(of: $0) + runtime.methods(of: $0.isa) }.map(\.selector.name)
            throw ShellError("no class implements '\(selector.name)'" + Suggestions.didYouMean(selector.name, among: known), at: argument.location)
        }
    }

    static let protocols = Command(
        name: "protocols", summary: "list protocols with what they inherit and who adopts them",
        signature: Signature([]), example: "protocols"
    ) { session, arguments, command in
        let runtime = session.runtime
        for proto in runtime.protocols {
            let inherited = proto.inheritedProtocols.isEmpty ? "" : " <" + proto.inheritedProtocols.map(\.name).joined(separator: ", ") + ">"
            let adopters = runtime.classes.filter { runtime.protocols(adoptedBy: $0).contains(proto) }.map(\.name)
            session.output.print(proto.name + inherited + (adopters.isEmpty ? "" : "  adopted by " + adopters.joined(separator: ", ")))
        }
    }

    static let vars = Command(
        name: "vars", summary: "list the session's variables and their values",
        signature: Signature([]), example: "vars"
    ) { session, arguments, command in
        // `_`, the last value printed, is the REPL's, and `errno` the C library's: not variables the user made.
        for (name, value) in session.variables.all where name != Session.lastValueName && Session.cLibraryGlobals[name] == nil {
            session.output.print("\(name) = \(value)")
        }
    }
}
