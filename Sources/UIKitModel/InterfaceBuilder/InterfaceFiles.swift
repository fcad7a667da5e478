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
