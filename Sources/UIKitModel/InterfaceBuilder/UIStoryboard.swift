import Foundation
import Runtime

extension ClassLibrary {
    /// Interface Builder's files, read from the tree as the app's bundle holds them:
    /// `UIStoryboard` (`storyboardWithName:bundle:`, the initial controller and controllers
    /// by storyboard identifier, each loading its view from its scene when first asked),
    /// `UINib` and `-[NSBundle loadNibNamed:owner:options:]` (a xib's top-level objects,
    /// File's Owner's outlets connected), a controller whose nib is named (or named after its
    /// class, as UIKit looks for `MMLoginView.xib` and `MMLoginViewController.xib`), and a
    /// table's or collection's prototype cells, dequeued as new copies of the prototype.
    /// Objects come through `-initWithCoder:` (with a nil coder), which reaches the
    /// framework's own initializer past the code's overrides of `-initWithFrame:` or
    /// `-initWithNibName:bundle:`, as UIKit's decoding does.
    static func defineInterfaceBuilder(in runtime: Runtime, root: Class, environment: ModelEnvironment) throws {
        let files = InterfaceFiles()
        @Sendable func roots(_ bundle: Value, _ m: borrowing Message) throws -> [String] {
            if case .object(let object) = bundle, case .string(let path) = try m.runtime.ivarValue("_path", of: object) { return [path] }
            return environment.resourceDirectories
        }
        @Sendable func find(_ name: String, types: [String], bundle: Value, _ m: borrowing Message) throws -> String? {
            let searched = try roots(bundle, m)
            return types.lazy.compactMap { Resources.find(name: name, type: $0, in: nil, under: searched) }.first
        }
        // Interned here: the class's definition, kept until its first use, must not hold the runtime.
        let nibName = try runtime.selector("nibName")
        try runtime.registerLazyClass(named: "UIStoryboard", superclass: root) { c in
            try addInterfaceViewLoading(to: &c, files: files, environment: environment, nibName: nibName)
            try c.addIvar("_path", type: .object(className: "NSString"))
            try c.addIvar("_name", type: .object(className: "NSString"))
            try c.addClassMethod("storyboardWithName:bundle:", types: "@@:@@") { m in
                let name = try m.stringArgument(0)
                guard let path = try find(name, types: ["storyboard"], bundle: m[1], m) else {
                    throw ClassLibraryError.invalidArgument(
                        method: m.methodName, reason: "Could not find a storyboard named '\(name)' in the bundle: no \(name).storyboard in the tree's resources")
                }
                let storyboard = try m.runtime.createInstance(of: try m.receiverClass())
                try m.runtime.setIvars(of: storyboard, ["_path": .string(path), "_name": .string(name)])
                return .object(storyboard)
            }
            @Sendable func instantiate(_ element: InterfaceElement?, _ file: InterfaceFile, _ m: borrowing Message) throws -> Value {
                guard let element else { return .nil }
                var loader = InterfaceLoader(runtime: m.runtime, depth: m.depth + 1, file: file, storyboard: m.receiver)
                let controller = try loader.make(element)
                try loader.finish()
                return controller
            }
            @Sendable func file(_ m: borrowing Message) throws -> InterfaceFile { try files.file(at: try m.ivar("_path").text ?? "") }
            // rtsh's own, for the audit, which makes a controller as the app does: the
            // storyboard and the scene id of the first scene of a controller class, or nil.
            // A scene whose outlets the class does not have is another app's class of the
            // same name (a tree of several apps holds several).
            try c.addClassMethod("_sceneOfControllerClass:", types: "@@:#") { m in
                guard let cls = m[0].class else { return .nil }
                let candidates = files.scenes(ofControllerClass: cls.name, under: environment.resourceDirectories)
                guard let scene = try candidates.first(where: { try InterfaceLoader.outlets(of: $0.controller, fit: cls, in: m.runtime) }),
                      let id = scene.controller["id"] else { return .nil }
                let storyboard = try m.runtime.createInstance(of: try m.receiverClass())
                let name = ((scene.path as NSString).lastPathComponent as NSString).deletingPathExtension
                try m.runtime.setIvars(of: storyboard, ["_path": .string(scene.path), "_name": .string(name)])
                return .array([.object(storyboard), .string(id)])
            }
            // Whether any storyboard holds a controller of a class of the code: the audit asks
            // once, and looks no class up when none does.
            try c.addClassMethod("_holdsScenes", types: "B@:") { _ in .bool(files.holdsScenes(under: environment.resourceDirectories)) }
            try c.addMethod("_instantiateScene:", types: "@@:@") { m in
                let storyboard = try file(m)
                return try instantiate(storyboard.root.element(withID: try m.stringArgument(0)), storyboard, m)
            }
            try c.addMethod("instantiateInitialViewController", types: "@@:") { m in
                let storyboard = try file(m)
                return try instantiate(storyboard.root["initialViewController"].flatMap(storyboard.root.element(withID:)), storyboard, m)
            }
            try c.addMethod("instantiateViewControllerWithIdentifier:", types: "@@:@") { m in
                let identifier = try m.stringArgument(0), storyboard = try file(m)
                guard let element = storyboard.controllers.first(where: { $0["storyboardIdentifier"] == identifier }) else {
                    let name = try m.ivar("_name").text ?? ""
                    throw ClassLibraryError.invalidArgument(
                        method: m.methodName, reason: "Storyboard (\(name)) doesn't contain a view controller with identifier '\(identifier)'")
                }
                return try instantiate(element, storyboard, m)
            }
        }
        try runtime.registerLazyClass(named: "UINib", superclass: root) { c in
            try c.addIvar("_path", type: .object(className: "NSString"))
            try c.addIvar("_name", type: .object(className: "NSString"))
            /// For a storyboard's prototype cell: the id of the one element it makes.
            try c.addIvar("_element", type: .object(className: "NSString"))
            try c.addClassMethod("nibWithNibName:bundle:", types: "@@:@@") { m in
                let name = try m.stringArgument(0)
                let nib = try m.runtime.createInstance(of: try m.receiverClass())
                let path = try find(name, types: ["xib", "nib"], bundle: m[1], m)
                try m.runtime.setIvars(of: nib, ["_path": path.map(Value.string) ?? .nil, "_name": .string(name)])
                return .object(nib)
            }
            try c.addMethod("instantiateWithOwner:options:", types: "@@:@@") { m in
                guard let path = try m.ivar("_path").text else {
                    throw ClassLibraryError.invalidArgument(
                        method: m.methodName, reason: "Could not load NIB in bundle with name '\(try m.ivar("_name").text ?? "")': no such .xib in the tree's resources")
                }
                let nib = try files.file(at: path)
                var loader = InterfaceLoader(runtime: m.runtime, depth: m.depth + 1, file: nib, storyboard: nil, owner: try m.objectArgument(0))
                let elements = try m.ivar("_element").text.flatMap { nib.root.element(withID: $0) }.map { [$0] } ?? nib.topLevelElements
                var objects: [Value] = []
                for element in elements {
                    let made = try loader.make(element)
                    if made != .nil, element.name != "placeholder" { objects.append(made) }
                }
                try loader.finish()
                return .array(objects)
            }
        }
    }

    /// A controller's view from its storyboard scene or its nib, as `-loadView` finds it:
    /// `+[UIStoryboard _loadViewOfController:]` answers whether there was one. Every
    /// controller's view load asks, so the common case, a controller that makes its view
    /// itself, costs a few ivar reads and a lookup of its nib remembered per class.
    private static func addInterfaceViewLoading(
        to c: inout ClassBuilder, files: InterfaceFiles, environment: ModelEnvironment, nibName: Selector
    ) throws {
        let storyboardIvar = IvarName("_storyboard"), sceneIvar = IvarName("_storyboardScene"), viewIvar = IvarName("_view")
        try c.addClassMethod("_loadViewOfController:", types: "B@:@") { m in
            guard let owner = try m.objectArgument(0) else { return false }
            if case .object(let storyboard) = m.runtime.ivarValue(storyboardIvar, of: owner), let scene = m.runtime.ivarValue(sceneIvar, of: owner).text,
               let path = try m.runtime.ivarValue("_path", of: storyboard).text {
                let file = try files.file(at: path)
                guard let element = file.root.element(withID: scene), let viewElement = element.keyed("view") else { return false }
                var loader = InterfaceLoader(runtime: m.runtime, depth: m.depth + 1, file: file, storyboard: storyboard, owner: owner, ownerID: scene)
                let view = try loader.make(viewElement)
                try m.runtime.setIvar(viewIvar, of: owner, to: view)
                try loader.connectOwner(element)
                try loader.finish()
                return .bool(view != .nil)
            }
            let roots = environment.resourceDirectories
            guard !roots.isEmpty, let path = files.nibPath(named: try m.send(nibName, to: owner).text, forClass: owner.isa.name, under: roots) else {
                return false
            }
            var loader = InterfaceLoader(runtime: m.runtime, depth: m.depth + 1, file: try files.file(at: path), storyboard: nil, owner: owner)
            for element in try files.file(at: path).topLevelElements { _ = try loader.make(element) }
            try loader.finish()
            return .bool(m.runtime.ivarValue(viewIvar, of: owner) != .nil)
        }
    }
}

extension Message {
    /// Sends `selector` as the framework class nearest the receiver's implements it, past
    /// any override the code made: how `-initWithCoder:` reaches UIKit's own initializer.
    func sendToFramework(_ selector: Selector, _ arguments: Arguments) throws -> Value {
        let lineage = receiver.isa.lineage
        guard let first = lineage.firstIndex(where: { ClassLibrary.classNameSet.contains($0.name) }), first > 0 else {
            return try send(selector, to: receiver, arguments)
        }
        return try runtime.sendSuper(selector, to: receiver, writtenFor: lineage[first - 1], arguments, nestedAt: depth + 1)
    }
}

/// What a controller's `-loadView` sends to load its view from a storyboard or a nib:
/// `+[UIStoryboard _loadViewOfController:]`, its class and selector found once per runtime,
/// as every view a controller makes itself asks first.
struct InterfaceViewQuery: Sendable {
    fileprivate let storyboard = ClassName("UIStoryboard")
    fileprivate let loadViewOfController: Selector

    init(in runtime: Runtime) throws {
        loadViewOfController = try runtime.selector("_loadViewOfController:")
    }
}

extension Message {
    /// Whether the receiver, a controller, loaded its view from its storyboard scene or
    /// its nib (see ``ClassLibrary/defineInterfaceBuilder(in:root:environment:)``).
    func loadsInterfaceView(_ query: InterfaceViewQuery) throws -> Bool {
        try send(query.loadViewOfController, to: runtime.requireClass(query.storyboard), Arguments(.object(receiver))).isTruthy
    }
}
