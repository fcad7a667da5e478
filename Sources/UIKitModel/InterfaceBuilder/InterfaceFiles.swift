import Foundation
import Runtime
import Synchronization

/// A storyboard or a xib read: its path and its root element.
struct InterfaceFile: Sendable {
    let path: String
    let root: InterfaceElement

    /// The objects at the top of a xib (or of a storyboard's scene), placeholders included.
    var topLevelElements: [InterfaceElement] { root.child("objects")?.children ?? [] }

    /// The objects at the top of a storyboard's scenes: their controllers, and what sits
    /// beside them (gesture recognizers, custom objects, placeholders).
    var sceneObjects: [InterfaceElement] {
        (root.child("scenes")?.children ?? []).flatMap { $0.child("objects")?.children ?? [] }
    }

    /// A storyboard's scenes' first objects: its view controllers.
    var controllers: [InterfaceElement] {
        (root.child("scenes")?.children ?? []).compactMap { scene in
            scene.child("objects")?.children.first { InterfaceLoader.classNames[$0.name] != nil }
        }
    }
}

/// The Interface Builder files read so far, by path, each read once.
final class InterfaceFiles: Sendable {
    private let files = Mutex<[String: InterfaceFile]>([:])
    /// The storyboard scenes of each controller class, by the directories searched.
    private let scenes = Mutex<[[String]: [String: [Scene]]]>([:])

    /// A storyboard's scene: its file, and its controller's element.
    struct Scene: Sendable {
        let path: String
        let controller: InterfaceElement
    }

    /// The scenes whose controller is of the class named `className`, in the storyboards
    /// under `roots` (in path order), each read once.
    func scenes(ofControllerClass className: String, under roots: [String]) -> [Scene] {
        scenesByClass(under: roots)[className] ?? []
    }

    /// Whether the storyboards under `roots` hold any controller of a class of the code.
    func holdsScenes(under roots: [String]) -> Bool {
        !scenesByClass(under: roots).isEmpty
    }

    private func scenesByClass(under roots: [String]) -> [String: [Scene]] {
        if let known = scenes.withLock({ $0[roots] }) { return known }
        var found: [String: [Scene]] = [:]
        for root in roots {
            for path in Self.files(under: root, endingWith: [".storyboard"]).sorted().map({ (root as NSString).appendingPathComponent($0) }) {
                // A storyboard that cannot be read makes no scenes here; it says why when asked for itself.
                guard let storyboard = try? file(at: path) else { continue }
                for controller in storyboard.controllers {
                    guard let className = controller["customClass"] else { continue }
                    found[className, default: []].append(Scene(path: path, controller: controller))
                }
            }
        }
        scenes.withLock { $0[roots] = found }
        return found
    }

    /// The file at `path`, read now or before.
    func file(at path: String) throws -> InterfaceFile {
        if let known = files.withLock({ $0[path] }) { return known }
        let bytes: [UInt8]
        switch FileContents.bytes(at: path) {
        case .success(let read): bytes = read
        case .failure(let failure): throw ClassLibraryError.invalidArgument(method: "loading \(path)", reason: failure.sentence(file: path))
        }
        let root: InterfaceElement
        do {
            root = try InterfaceXML.root(of: bytes, file: path)
        } catch {
            throw ClassLibraryError.invalidArgument(method: "loading an Interface Builder file", reason: error.description)
        }
        // Xcode 4's format, an archive of IB 3 objects, says nothing the model reads; refused
        // by name rather than read as a file without views.
        if root.name == "archive", root["type"]?.contains("InterfaceBuilder3") == true {
            throw ClassLibraryError.invalidArgument(
                method: "loading an Interface Builder file",
                reason: "\(path):\(root.line):\(root.column): an Interface Builder 3 archive (Xcode 4's format), which rtsh does not read: open it in a current Xcode and save it to convert it to the document format")
        }
        let file = InterfaceFile(path: path, root: root)
        files.withLock { $0[path] = file }
        return file
    }

    /// The nibs found for controllers, by the name asked for (or the class's) and the
    /// directories searched: a controller's view load asks once per class.
    private let nibPaths = Mutex<[NibQuery: String?]>([:])
    /// The xibs and nibs under each list of directories, by name: one walk of the tree,
    /// however many classes ask.
    private let nibIndexes = Mutex<[[String]: [String: String]]>([:])

    /// The first xib or nib of each name under `roots` (a root's own files first, then
    /// those below it in path order), by the name without its extension.
    private func nibIndex(under roots: [String]) -> [String: String] {
        if let known = nibIndexes.withLock({ $0[roots] }) { return known }
        var index: [String: String] = [:]
        for root in roots {
            // A root's own files before those in its folders, each in path order.
            for path in Self.files(under: root, endingWith: [".xib", ".nib"]).sorted(by: { ($0.contains("/") ? 1 : 0, $0) < ($1.contains("/") ? 1 : 0, $1) }) {
                let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
                if index[name] == nil { index[name] = (root as NSString).appendingPathComponent(path) }
            }
        }
        nibIndexes.withLock { $0[roots] = index }
        return index
    }

    private struct NibQuery: Hashable {
        let name: String?
        let className: String
        let roots: [String]
    }

    /// The xib a controller of `className` loads its view from: the one named, else one
    /// named after the class, with or without "Controller" (as UIKit looks for
    /// `MMLoginView.xib` and `MMLoginViewController.xib`). A nib found by the class's name
    /// is the class's only when its File's Owner is: a tree of several apps holds others'
    /// nibs of the same name. The library's own controllers load a nib only when named.
    func nibPath(named name: String?, forClass className: String, under roots: [String]) -> String? {
        let query = NibQuery(name: name, className: className, roots: roots)
        if let known = nibPaths.withLock({ $0[query] }) { return known }
        var found: String?
        let index = nibIndex(under: roots)
        if let name {
            found = index[name]
        } else if !ClassLibrary.classNameSet.contains(className) {
            let names = className.hasSuffix("Controller") ? [String(className.dropLast("Controller".count)), className] : [className]
            found = names.lazy.compactMap { index[$0] }.first { path in
                (try? self.file(at: path))?.topLevelElements.contains { $0["placeholderIdentifier"] == "IBFilesOwner" && $0["customClass"] == className } == true
            }
        }
        nibPaths.withLock { $0[query] = found }
        return found
    }

    /// The files below `root` (paths relative to it) whose names end in one of `suffixes`,
    /// of the first ``ClassLibrary/maximumResourceFiles`` the walk meets.
    private static func files(under root: String, endingWith suffixes: [String]) -> [String] {
        var paths: [String] = []
        var visited = 0
        if let walk = FileManager.default.enumerator(atPath: root) {
            while let next = walk.nextObject() as? String, visited < ClassLibrary.maximumResourceFiles {
                visited += 1
                if suffixes.contains(where: next.hasSuffix) { paths.append(next) }
            }
        }
        return paths
    }

    /// A `UINib` of one element of `file` (a storyboard's prototype cell): instantiating
    /// it makes that element alone.
    static func nib(file: InterfaceFile, element id: String, in runtime: Runtime) throws -> Value {
        let nib = try runtime.createInstance(of: runtime.requireClass(named: "UINib"))
        try runtime.setIvars(of: nib, ["_path": .string(file.path), "_element": .string(id)])
        return .object(nib)
    }
}
