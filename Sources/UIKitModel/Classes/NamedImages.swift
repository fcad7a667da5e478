import Foundation
import Synchronization

/// Where `+[UIImage imageNamed:]` finds an image's file, as UIKit looks: an asset catalog's
/// image set of that name first (`Images.xcassets/Avatars/jobs.imageset`, whose
/// `Contents.json` gives each file's scale), then a file of the bundle (`jobs.png`, or its
/// variant for the screen's scale beside it), under the resource directories.
///
/// Each directory's image sets are listed once, and each name is looked up once: a table
/// view asks for the same few images for every cell.
///
/// Thread-safe: the tables are behind a lock, held only while they are read or filled.
final class NamedImages: Sendable {
    private struct State {
        /// Image set directories by their name (`jobs` for `jobs.imageset`), per resource directory.
        var imageSets: [String: [String: String]] = [:]
        var found: [[String]: ImageFile?] = [:]
    }

    private let state = Mutex(State())

    /// The file for the image `name` under `roots`, or nil when none is there.
    func file(named name: String, under roots: [String]) -> ImageFile? {
        let key = roots + [name]
        if let known = state.withLock({ $0.found[key] }) { return known }
        let file = lookUp(name, under: roots)
        state.withLock { $0.found[key] = file }
        return file
    }

    private func lookUp(_ name: String, under roots: [String]) -> ImageFile? {
        let ext = (name as NSString).pathExtension, base = ext.isEmpty ? name : (name as NSString).deletingPathExtension
        if ext.isEmpty {
            for root in roots {
                if let set = imageSets(under: root)[name], let file = Self.file(inImageSet: set) { return file }
            }
        }
        // A bundle file: `name` as given, else a PNG of that name (its screen variant preferred).
        for type in ext.isEmpty ? ["png", "jpg", "jpeg"] : [ext] {
            if let path = Resources.find(name: base, type: type, in: nil, under: roots) ?? Resources.find(name: "\(base)@\(Int(ClassLibrary.screenScale))x", type: type, in: nil, under: roots),
               let file = ImageFile(path: path) {
                return file
            }
        }
        return nil
    }

    private func imageSets(under root: String) -> [String: String] {
        if let known = state.withLock({ $0.imageSets[root] }) { return known }
        var sets: [String: String] = [:]
        for relative in Resources.files(under: root) where relative.hasSuffix(".imageset") {
            let name = ((relative as NSString).lastPathComponent as NSString).deletingPathExtension
            // The first in path order wins, as one bundle holds one image of a name.
            if sets[name] == nil { sets[name] = (root as NSString).appendingPathComponent(relative) }
        }
        state.withLock { $0.imageSets[root] = sets }
        return sets
    }

    /// The file of an image set for the screen's scale, else its largest: what its
    /// `Contents.json` lists with a file name and a scale (`"scale" : "2x"`); a set whose
    /// entry has no scale (a single PDF or a universal image) is at 1x.
    private static func file(inImageSet directory: String) -> ImageFile? {
        guard let data = FileManager.default.contents(atPath: (directory as NSString).appendingPathComponent("Contents.json")),
              let contents = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let images = contents["images"] as? [[String: Any]] else { return nil }
        let files: [(name: String, scale: Double)] = images.compactMap { image in
            guard let name = image["filename"] as? String else { return nil }
            let scale = (image["scale"] as? String).flatMap { Double($0.dropLast()) } ?? 1
            return (name, scale)
        }
        guard let chosen = files.first(where: { $0.scale == ClassLibrary.screenScale }) ?? files.max(by: { $0.scale < $1.scale }) else { return nil }
        return ImageFile(path: (directory as NSString).appendingPathComponent(chosen.name), scale: chosen.scale)
    }
}
