import Foundation
import Runtime
import Synchronization

/// A storyboard or a xib read: its path and its root element.
struct InterfaceFile: Sendable {
    let path: String
    let root: InterfaceElement

    /// The objects at the top of a xib (or of a storyboard's scene), placeholders included.
    var topLevelElements: [InterfaceElement] { root.child("objects")?.children ?? [] }

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
        if let known = scenes.withLock({ $0[roots] }) { return known[className] ?? [] }
        var found: [String: [Scene]] = [:]
        for root in roots {
            var paths: [String] = []
            var visited = 0
            if let walk = FileManager.default.enumerator(atPath: root) {
                while let next = walk.nextObject() as? String, visited < ClassLibrary.maximumResourceFiles {
                    visited += 1
                    if next.hasSuffix(".storyboard") { paths.append((root as NSString).appendingPathComponent(next)) }
                }
            }
            for path in paths.sorted() {
                // A storyboard that cannot be read makes no scenes here; it says why when asked for itself.
                guard let storyboard = try? file(at: path) else { continue }
                for controller in storyboard.controllers {
                    guard let className = controller["customClass"] else { continue }
                    found[className, default: []].append(Scene(path: path, controller: controller))
                }
            }
        }
        scenes.withLock { $0[roots] = found }
        return found[className] ?? []
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
        let file = InterfaceFile(path: path, root: root)
        files.withLock { $0[path] = file }
        return file
    }

    /// A `UINib` of one element of `file` (a storyboard's prototype cell): instantiating
    /// it makes that element alone.
    static func nib(file: InterfaceFile, element id: String, in runtime: Runtime) throws -> Value {
        let nib = try runtime.createInstance(of: runtime.requireClass(named: "UINib"))
        try runtime.setIvars(of: nib, ["_path": .string(file.path), "_element": .string(id)])
        return .object(nib)
    }
}
