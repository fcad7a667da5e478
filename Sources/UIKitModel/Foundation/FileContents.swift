import Foundation
import Runtime

/// Reading files for `NSData` and `NSString` (`dataWithContentsOfFile:`,
/// `stringWithContentsOfFile:encoding:error:` and their URL forms), and the `NSError`
/// Foundation gives when a file cannot be read.
enum FileContents {
    /// The largest file the model reads: its bytes are held as values, so a huge file
    /// would take memory out of all proportion to a test fixture.
    static let maximumSize = 64 << 20

    /// Why a file could not be read, with the `NSCocoaErrorDomain` code Foundation gives.
    enum Failure: Int, Error {
        case unknown = 256
        case noPermission = 257
        case noSuchFile = 260
        case inapplicableEncoding = 261
        case unknownEncoding = 264
        case unsupportedScheme = 262
        case tooLarge = 263

        func sentence(file: String) -> String {
            switch self {
            case .unknown: "The file “\(file)” couldn’t be opened."
            case .noPermission: "The file “\(file)” couldn’t be opened because you don’t have permission to view it."
            case .noSuchFile: "The file “\(file)” couldn’t be opened because there is no such file."
            case .inapplicableEncoding: "The file “\(file)” couldn’t be opened using the text encoding given."
            case .unknownEncoding: "The file “\(file)” couldn’t be opened because the text encoding of its contents can’t be determined."
            case .unsupportedScheme: "The file couldn’t be opened because the specified URL type isn’t supported."
            case .tooLarge: "The file “\(file)” couldn’t be opened because it is larger than rtsh reads (64 MiB)."
            }
        }
    }

    /// The bytes of the file at `path` (relative paths from the current directory): from
    /// `container` when the path is in it.
    static func bytes(at path: String, in container: AppContainer? = nil) -> Result<[UInt8], Failure> {
        if let container, AppContainer.contains(path) {
            switch container.entry(at: path) {
            case .file(let bytes)?: return .success(bytes)
            case .directory?: return .failure(.unknown)
            case nil: return .failure(.noSuchFile)
            }
        }
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        guard !path.isEmpty, files.fileExists(atPath: path, isDirectory: &isDirectory) else { return .failure(.noSuchFile) }
        guard !isDirectory.boolValue else { return .failure(.unknown) }
        guard files.isReadableFile(atPath: path) else { return .failure(.noPermission) }
        if let size = (try? files.attributesOfItem(atPath: path))?[.size] as? Int, size > maximumSize { return .failure(.tooLarge) }
        guard let data = files.contents(atPath: path) else { return .failure(.unknown) }
        guard data.count <= maximumSize else { return .failure(.tooLarge) }
        return .success([UInt8](data))
    }

    /// Where the argument `index` says to read from: a path string, or a file URL for the
    /// `…URL:` forms; a URL of another scheme, which the URL loading system fetches.
    private enum Source {
        case path(String)
        case remote(Object)
    }

    private static func source(_ m: borrowing Message, _ index: Int) throws -> Source {
        if let path = m[index].text { return .path(path) }
        guard let url = m[index].object, let urlClass = m.runtime.class(named: "NSURL"), url.isKind(of: urlClass) else {
            throw m.wrongArgument(index, expected: "a file path or an NSURL")
        }
        guard try m.send("isFileURL", to: url).isTruthy else { return .remote(url) }
        guard case .string(let path) = try m.send("path", to: url) else { return .path("") }
        return .path(path)
    }

    /// The file path argument `index` names: a path string, or a file URL for the `…URL:`
    /// forms; `.unsupportedScheme` for a URL of another scheme, which is not a file's.
    static func path(_ m: borrowing Message, _ index: Int) throws -> Result<String, Failure> {
        switch try source(m, index) {
        case .path(let path): .success(path)
        case .remote: .failure(.unsupportedScheme)
        }
    }

    /// Reads the file argument `index` names (or fetches the URL through `loading`, as
    /// Foundation's readers fetch any URL); on failure sets the `NSError **` argument
    /// `errorIndex` (when there is one and it is not NULL) and answers nil.
    static func read(_ m: borrowing Message, _ index: Int, errorArgument errorIndex: Int?, loading: URLLoading) throws -> [UInt8]? {
        let path: String
        switch try source(m, index) {
        case .path(let found): path = found
        case .remote(let url): return try fetch(url, m, errorArgument: errorIndex, loading: loading)
        }
        var contents = bytes(at: path, in: loading.container)
        if case .failure(.noSuchFile) = contents, let resource = try flattenedResource(path, m) { contents = bytes(at: resource) }
        switch contents {
        case .success(let bytes): return bytes
        case .failure(let failure):
            try report(failure, path: path, m, errorArgument: errorIndex)
            return nil
        }
    }

    /// The bytes at a URL that is not a file's, loaded as a synchronous request: nil, with
    /// Foundation's `NSCocoaErrorDomain` error over the URL error, when the load fails.
    private static func fetch(_ url: Object, _ m: borrowing Message, errorArgument errorIndex: Int?, loading: URLLoading) throws -> [UInt8]? {
        let request = try m.send("requestWithURL:", to: m.runtime.requireClass(named: "NSURLRequest"), .object(url))
        guard let request = request.object else { return nil }
        let (data, _, error) = try loading.loadSynchronously(request, runtime: m.runtime)
        if error == .nil, let bytes = try DataBytes.of(data, m) { return bytes.map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) } }
        try report(.unknown, path: "", m, errorArgument: errorIndex, file: try m.send("lastPathComponent", to: url).text ?? "",
                   adding: [.string("NSURL"): .object(url), .string("NSUnderlyingError"): error])
        return nil
    }

    /// The resource a path built from the main bundle's `resourcePath` names when no file is
    /// there: Xcode copies a target's resources flat into its bundle, where a test reaches
    /// them from another bundle's folder (`[[NSBundle bundleForClass:...].resourcePath
    /// stringByAppendingPathComponent:@"../../colors.json"]`, JSONModel's); here the
    /// resources stay in their source folders, so the file is found by its name, as
    /// `pathForResource:ofType:` finds it. Nil for any other path.
    private static func flattenedResource(_ path: String, _ m: borrowing Message) throws -> String? {
        let bundle = try m.send("mainBundle", to: m.runtime.requireClass(named: "NSBundle"))
        guard case .string(let resources) = try m.send("resourcePath", to: bundle.object), path.hasPrefix(resources + "/") else { return nil }
        let name = (path as NSString).lastPathComponent
        guard case .string(let found) = try m.send("pathForResource:ofType:", to: bundle.object, .string(name), .nil) else { return nil }
        return found
    }

    /// Sets the `NSError **` argument `errorIndex` to the error for `failure`, as Foundation
    /// words it, with the path under `NSFilePath`.
    /// The sentence names `file` when given (a URL's last part), else the path's last part;
    /// `adding` joins the user info (a URL, the underlying error).
    static func report(
        _ failure: Failure, path: String, _ m: borrowing Message, errorArgument errorIndex: Int?, file: String? = nil, adding extra: [Value: Value] = [:]
    ) throws {
        guard let errorIndex, case .reference(let pointer) = m[errorIndex] else { return }
        let file = file ?? (path as NSString).lastPathComponent
        var info: [Value: Value] = extra.merging([.string("NSLocalizedDescription"): .string(failure.sentence(file: file))]) { $1 }
        if !path.isEmpty { info[.string("NSFilePath")] = .string(path) }
        pointer.value = try m.send(
            "errorWithDomain:code:userInfo:", to: m.runtime.requireClass(named: "NSError"),
            .string("NSCocoaErrorDomain"), .int(failure.rawValue), .dictionary(info))
    }
}
