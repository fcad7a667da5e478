import Foundation
import Runtime
import UIKitModel

/// Loading Objective-C sources: `.h` and `.m` files as they are, and directories of them.
extension Session {
    /// What loading sources made, for the summary line.
    public struct LoadSummary: Equatable, Sendable {
        public var files = 0
        public var classes = 0
        public var categories = 0
        public var protocols = 0
        public var errors = 0
        /// C functions the code calls that rtsh's library does not have, sorted.
        public var libraryFunctions: [String] = []
        /// Protocols the code adopts that nothing in the tree declares and rtsh does not
        /// have (a library's, as CocoaPods bring), sorted: each was registered empty.
        public var libraryProtocols: [String] = []
        /// Classes and protocols of the test frameworks rtsh runs itself that the sources
        /// define again (their own copy of the framework), sorted: rtsh's stand for them.
        public var frameworkCopies: [String] = []
        /// The classes whose `@implementation` could not be registered, with where each
        /// is written (the error that says why was reported as it loaded).
        public var classesNotLoaded: [String: SourceLocation] = [:]

        /// `loaded 38 files: 41 classes, 12 categories, 3 protocols; 2 errors`
        public var description: String {
            func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
            let categoryWord = categories == 1 ? "1 category" : "\(categories) categories"
            return "loaded \(count(files, "file")): \(count(classes, "class").replacingOccurrences(of: "classs", with: "classes")), \(categoryWord), \(count(protocols, "protocol")); \(count(errors, "error"))"
        }

        /// Which functions the loaded code calls that rtsh does not have: the methods
        /// calling them loaded, and raise if such a call runs.
        public var libraryFunctionsNote: String? {
            guard !libraryFunctions.isEmpty else { return nil }
            let count = libraryFunctions.count
            return "note: the code calls \(count) C function\(count == 1 ? "" : "s") rtsh does not have (\(Self.listed(libraryFunctions))); a call raises if it runs"
        }

        /// Which protocols the loaded code adopts that rtsh does not have: their adopters
        /// loaded, conforming to a protocol that declares nothing.
        public var libraryProtocolsNote: String? {
            guard !libraryProtocols.isEmpty else { return nil }
            let count = libraryProtocols.count
            let registered = count == 1 ? "it is registered with no methods" : "they are registered with no methods"
            return "note: the code adopts \(count) protocol\(count == 1 ? "" : "s") rtsh does not have (\(Self.listed(libraryProtocols))); \(registered)"
        }

        /// Which test-framework classes and protocols the sources hold a copy of, which
        /// rtsh's own stand for.
        public var frameworkCopiesNote: String? {
            guard !frameworkCopies.isEmpty else { return nil }
            return "note: the sources hold their own copy of \(frameworkCopies.count) class\(frameworkCopies.count == 1 ? "" : "es") and protocol"
                + "\(frameworkCopies.count == 1 ? "" : "s") of a test framework rtsh runs itself (\(Self.listed(frameworkCopies))); rtsh's own stand for them"
        }

        /// `A, B, C`: the first eight names, then `...` when there are more.
        static func listed(_ names: [String]) -> String {
            names.prefix(8).joined(separator: ", ") + (names.count > 8 ? ", ..." : "")
        }
    }

    /// Whether `path` is loaded as Objective-C (a directory, a `.h` or a `.m` file)
    /// rather than run as an rtsh script.
    public static func isObjectiveCSource(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return true }
        return sourceKind(of: path) != nil
    }

    /// The order sources load in: prefix headers (`.pch`, whose macros every file of the
    /// target sees), headers, implementations; nil for a file that is no Objective-C source.
    static func sourceKind(of path: String) -> Int? {
        if path.hasSuffix(".pch") { return 0 }
        if path.hasSuffix(".h") { return 1 }
        if path.hasSuffix(".m") { return 2 }
        return nil
    }

    /// Runs an rtsh script, or loads Objective-C sources, whichever `path` holds.
    ///
    /// - Returns: false when it could not be read (the reason is printed), or a script did
    ///   not finish; errors inside count in ``failureCount``.
    @discardableResult
    public func source(_ path: String) -> Bool {
        if Self.isObjectiveCSource(path) {
            guard let summary = loadSources([path]) else { return false }
            return summary.errors == 0
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "it is not readable UTF-8 text" : "there is no such file"
            report(ShellError("cannot run \(path): \(reason)"), file: nil, firstLine: 1, source: nil)
            return false
        }
        return run(script: text, file: path)
    }

    /// Loads `.h` and `.m` files, and directories of them (every `.h`, then every `.m`,
    /// recursively, in sorted order), printing each error and, for a directory, a summary.
    /// A directory's other files become resources of the main bundle (`pathForResource:ofType:`).
    ///
    /// Nothing stops at one error: a broken declaration or method is reported and left
    /// out, and the rest loads. A class whose superclass comes in a later file waits for it.
    /// - Returns: what was loaded, or nil when a path cannot be read at all.
    @discardableResult
    public func loadSources(_ paths: [String]) -> LoadSummary? {
        do {
            return try loadSources(paths, summarizing: true)
        } catch {
            report(error, file: nil, firstLine: 1, source: nil)
            return nil
        }
    }

    /// ``loadSources(_:)``, printing a directory's summary line only when `summarizing`.
    /// A tree of several programs (see ``SourceTree``) loads its first, with a note naming
    /// the others.
    /// - Throws: ``ShellError`` when a path cannot be read at all, before anything loads.
    @discardableResult
    func loadSources(_ paths: [String], summarizing: Bool) throws(ShellError) -> LoadSummary {
        let tree = try SourceTree(paths, maximumTreeEntries: maximumSourceTreeEntries)
        let program = tree.programs[0]
        if tree.programs.count > 1 {
            let others = tree.programs.dropFirst().compactMap(\.root)
            output.print("note: \(paths.joined(separator: ", ")) holds \(tree.programs.count) programs that define the same classes; "
                + "loading \(program.root ?? "the first") with the sources they share, not \(LoadSummary.listed(others)) (rtsh audit and rtsh test take each in turn)")
        }
        return load(program.files, resourceDirectories: program.resourceDirectories, summarizing: summarizing && !tree.directories.isEmpty)
    }

    /// Loads one program of a ``SourceTree``, printing its summary line, as
    /// ``loadSources(_:)`` loads a directory.
    @discardableResult
    public func loadSources(_ program: SourceTree.Program) -> LoadSummary {
        load(program.files, resourceDirectories: program.resourceDirectories, summarizing: true)
    }

    private func load(_ files: [String], resourceDirectories: [String], summarizing showsSummary: Bool) -> LoadSummary {
        // The other files of a directory are the bundle's resources, as Xcode copies them into the app.
        for directory in resourceDirectories { library.environment.addResourceDirectory(directory) }
        // The library versions the tree's lock files pin, where the model follows them.
        let pinned = PinnedVersions.read(under: resourceDirectories)
        if !pinned.isEmpty { library.environment.pinnedVersions.merge(pinned) { _, loaded in loaded } }
        var files = files
        // Prefix headers, then headers, so that every implementation finds its interfaces
        // and macros; each kind in sorted order (stable: a file named alone keeps its place).
        files = (0...2).flatMap { kind in files.filter { (Self.sourceKind(of: $0) ?? 2) == kind } }
        // A file loaded before is read again: its headers are spliced in again where imported.
        for file in files {
            includedHeaders.remove(file)
            includedHeaders.remove((file as NSString).standardizingPath)
        }
        let failuresBefore = failureCount
        var summary = LoadSummary(files: files.count)
        let outerLoading = (loadingFiles, loadingFilesByName, loadingDirectories)
        loadingFiles = files
        loadingFilesByName = Dictionary(grouping: files) { ($0 as NSString).lastPathComponent }
        loadingDirectories = resourceDirectories
        defer { (loadingFiles, loadingFilesByName, loadingDirectories) = outerLoading }

        // Read every file first: declarations in one file may be used by any other.
        var units: [(file: String, items: [TopLevelItem])] = []
        var sourceMacros: [(name: String, macro: Macro?)] = []
        var unread = UnreadDeclarations()
        var lexed: [(file: String, tokens: [Token])] = []
        for file in files {
            guard let text = read(file) else { continue }
            do {
                let tokens = try Lexer.tokens(of: String(text.droppingByteOrderMark), at: SourceLocation(file: file, line: 1, column: 1), mode: .objectiveC)
                lexed.append((file, tokens))
                declareClasses(in: tokens)
            } catch {
                report(error, file: nil, firstLine: 1, source: nil)
            }
        }
        for (file, tokens) in lexed where !includedHeaders.contains(file) {
            includedHeaders.insert(file)
            do {
                // A copy of a framework rtsh runs itself is read with macros of its own, which stay in its files.
                let expanded: [Token]
                if isFrameworkCopy(file) {
                    var copyMacros = frameworkCopyMacros ?? .frameworkCopy
                    defer { frameworkCopyMacros = copyMacros }
                    expanded = try Preprocessor.run(tokens, macros: &copyMacros, readingFrameworkCopy: true, include: includer(from: file))
                } else {
                    // A source file's own macros end with it (see `Macros.beginTranslationUnit`);
                    // a header's are every later file's. The prompt sees them all, once loaded.
                    let isUnit = (Self.sourceKind(of: file) ?? 2) == 2
                    if isUnit { macros.beginTranslationUnit(file) }
                    defer { if isUnit { sourceMacros += macros.endTranslationUnit() } }
                    expanded = try Preprocessor.run(tokens, macros: &macros, include: includer(from: file))
                    installImportedCategories()
                }
                var parser = Parser(tokens: expanded, mode: .file, types: types)
                let items = try parser.parseAll()
                types = parser.types
                if !parser.diagnostics.isEmpty { unread.add(expanded, items: items, diagnostics: parser.diagnostics) }
                for error in parser.diagnostics {
                    // A protocol of the tree that could not be read stands empty for its adopters.
                    let protocols = unread.protocols.filter { $0.value == error.location }.keys.sorted()
                    let noted = protocols.reduce(error) { $0.noting("@protocol \($1) is registered with no methods, so that its adopters load") }
                    report(noted, file: nil, firstLine: 1, source: nil)
                }
                units.append((file, items))
            } catch {
                report(error, file: nil, firstLine: 1, source: nil)
            }
        }
        macros.apply(sourceMacros)
        let functionsBefore = libraryFunctionsCalled
        let copiesBefore = frameworkCopiesSkipped
        register(units, unread: unread, into: &summary)
        do { try runLoadMethods() } catch { report(error, file: nil, firstLine: 1, source: nil) }
        summary.errors = failureCount - failuresBefore
        // A function called above its definition in the same sources was unknown when the
        // call was read, and is defined now.
        libraryFunctionsCalled = libraryFunctionsCalled.filter { !globals.declares($0) }
        summary.libraryFunctions = libraryFunctionsCalled.subtracting(functionsBefore).sorted()
        summary.frameworkCopies = frameworkCopiesSkipped.subtracting(copiesBefore).sorted()
        if showsSummary { output.print(summary.description) }
        if let note = summary.libraryFunctionsNote { output.print(note) }
        if let note = summary.libraryProtocolsNote { output.print(note) }
        if let note = summary.frameworkCopiesNote { output.print(note) }
        return summary
    }

    /// Whether `file` is part of a vendored copy of a framework whose macros rtsh defines
    /// differently (OCMock, OCMockito, Specta, Quick, Nimble, Kiwi; ``Macros/frameworkCopy``): a
    /// file under a directory of its name, as CocoaPods and Carthage lay them out, inside
    /// the directory being loaded. The framework's own repository, loaded as the tree
    /// (`rtsh test Kiwi`), is no copy: its files are the program, wherever it was cloned.
    func isFrameworkCopy(_ file: String) -> Bool {
        // The shortest directory holding the file is the one the paths named.
        let directory = loadingDirectories.filter { file.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }.min { $0.count < $1.count }
        return Self.isFrameworkCopy(relativePath: directory.map { String(file.dropFirst($0.count)) } ?? file)
    }

    /// ``isFrameworkCopy(_:)`` of a path inside the directory being loaded.
    static func isFrameworkCopy(relativePath file: String) -> Bool {
        // A built framework's bundle (`Vendor/OCMockitoIOS.framework/Headers`) counts as its
        // directory: its headers are the copy's.
        file.split(separator: "/").dropLast().contains { directory in
            Self.frameworkCopyDirectories.contains(String(directory.hasSuffix(".framework") ? directory.dropLast(10) : directory))
        }
    }

    private static let frameworkCopyDirectories: Set<String> = ["OCMock", "OCMockito", "OCMockitoIOS", "Specta", "Quick", "Nimble", "Kiwi"]

    /// The file's text: UTF-8, or, for the older files Xcode wrote in a single-byte
    /// encoding (their comments hold `©` or `é` as one byte), ISO Latin-1, which reads
    /// every byte as the character it most often was.
    private func read(_ file: String) -> String? {
        // A link git checked out as a file is read as the file it names.
        guard let data = FileManager.default.contents(atPath: SourceTree.linkTarget(of: file) ?? file) else {
            report(ShellError("cannot read \(file): it cannot be opened"), file: nil, firstLine: 1, source: nil)
            return nil
        }
        let text = Self.sourceText(data)
        sourceTexts[file] = text
        scriptLines[file] = nil
        return text
    }

    /// A source file's bytes as text: UTF-8, else ISO Latin-1 (see ``read(_:)``).
    static func sourceText(_ data: Data) -> String {
        String(validating: data, as: UTF8.self) ?? String(decoding: data.map { UInt16($0) }, as: UTF16.self)
    }

    /// Makes the class names a file declares known as types before any file is parsed, so
    /// that one file may use a class another declares.
    private func declareClasses(in tokens: [Token]) {
        // Declarations start lines (after `typedef` for an enum): only those tokens are looked at.
        for index in tokens.indices.dropLast() where tokens[index].startsLine {
            var index = index
            if tokens[index].isIdentifier("typedef") { index += 1 }
            guard index < tokens.count - 1 else { continue }
            let token = tokens[index]
            switch token.kind {
            case .directive(let directive) where ["interface", "implementation", "class"].contains(directive):
                if let name = tokens[index + 1].identifier { types.declareClass(name) }
            case .identifier(let macro) where ["NS_ENUM", "NS_OPTIONS", "NS_CLOSED_ENUM", "CF_ENUM", "CF_OPTIONS"].contains(macro):
                // `typedef NS_ENUM(NSInteger, Style)`: the enum's name is a type in every file,
                // whichever file happens to be read first.
                guard index + 5 < tokens.count, tokens[index + 1].isSymbol("("), tokens[index + 3].isSymbol(","),
                      let name = tokens[index + 4].identifier, tokens[index + 5].isSymbol(")") else { continue }
                let underlying = tokens[index + 2].identifier.flatMap(types.alias) ?? .integer(code: macro.hasSuffix("OPTIONS") ? "Q" : "q")
                if types.alias(name) == nil { types.declareAlias(name, as: underlying) }
            default:
                continue
            }
        }
    }

    /// Finds the headers `#import` names: a framework's (`<UIKit/UIKit.h>`) is the class
    /// library's and is skipped; a project's is the file next to the importer, or the one
    /// of that name in the tree being loaded, spliced in once.
    /// Adds the categories a framework the code imported brings with it (Kiwi's on
    /// `NSObject`: `should`, `stub:andReturn:`, `+mock`), once its import defined `macros`.
    func installImportedCategories(_ macros: Macros? = nil) {
        guard (macros ?? self.macros)[SpecMacros.kiwiImported] != nil else { return }
        do { try library.installKiwi() } catch { report(error, file: nil, firstLine: 1, source: nil) }
    }

    /// The header made from the DTrace provider definition at `path`, once (see
    /// ``DTraceProvider``); nil when there is none or it was included already.
    private func dtraceHeader(_ path: String) -> (path: String, text: String)? {
        let standardized = (path as NSString).standardizingPath
        guard !includedHeaders.contains(standardized), FileManager.default.fileExists(atPath: path), let source = read(path),
              let text = DTraceProvider.header(from: String(source)) else { return nil }
        includedHeaders.insert(standardized)
        return (path, text)
    }

    func includer(from file: String?) -> Preprocessor.Includer {
        { [unowned self] name, isAngled, location throws(SyntaxError) in
            let directory = file.map { ($0 as NSString).deletingLastPathComponent } ?? self.workingDirectory
            let besides = (directory.isEmpty ? name : (directory as NSString).appendingPathComponent(name))
            // `<Kit/Header.h>` is the tree's own when the tree has `Header.h`, as a framework target's headers are.
            let fileName = (name as NSString).lastPathComponent
            let sameName = self.loadingFilesByName[fileName] ?? []
            let inTree = sameName.filter { $0.hasSuffix("/" + name) || $0 == name } + sameName
            let candidates = (isAngled ? [] : [besides]) + inTree
            guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
                // The header Xcode generates from a DTrace provider beside it (`X.d` for `X.h`).
                if !isAngled, name.hasSuffix(".h"), let generated = self.dtraceHeader(String(besides.dropLast(2)) + ".d") {
                    return .tokens(try Lexer.tokens(of: generated.text, at: SourceLocation(file: generated.path, line: 1, column: 1), mode: .objectiveC))
                }
                // A framework's header, or a library's the tree does not hold: the model stands for it.
                if isAngled || name.contains("/") || !self.loadingFiles.isEmpty && file != nil {
                    if !SDKHeaders.contains(name, isAngled: isAngled) { self.library.standIns.noteMissingLibrary() }
                    return .skipped
                }
                throw SyntaxError(.headerNotFound(name), at: location)
            }
            // A header linked under another name (a package's `include/` folder) is the file it
            // links to, read once by whichever name reaches it first, or by the tree's listing.
            let path = SourceTree.linkTarget(of: found).flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil } ?? found
            let standardized = (path as NSString).standardizingPath
            if let file { self.headersImported[file, default: []].formUnion([path, standardized]) }
            guard !self.includedHeaders.contains(path), !self.includedHeaders.contains(standardized) else { return .skipped }
            // A framework copy's header is read as the copy's own file, with its own macros;
            // imported by the tree's code, it would put its macros in place of rtsh's.
            if self.isFrameworkCopy(path), !(file.map(self.isFrameworkCopy) ?? false) { return .skipped }
            self.includedHeaders.insert(path)
            guard let text = self.read(path) else {
                throw SyntaxError(.headerUnreadable(name), at: location)
            }
            return .tokens(try Lexer.tokens(of: String(text.droppingByteOrderMark), at: SourceLocation(file: path, line: 1, column: 1), mode: .objectiveC))
        }
    }

    /// Defines what the files declare, in the order that makes it work: the protocols of
    /// libraries the tree adopts, protocols, enums, functions and variables, interfaces,
    /// then classes superclass first, then categories.
    ///
    /// What fails is reported once, where it fails. What depends on it (a subclass, a
    /// category, a class extension, an adopter of a protocol) is then not loaded, and says
    /// so at its own place, naming what failed and where.
    private func register(_ units: [(file: String, items: [TopLevelItem])], unread: UnreadDeclarations, into summary: inout LoadSummary) {
        // A file loaded again keeps its scope: the classes it left unchanged look up its
        // statics and functions there, and see them as the file defines them now.
        func scope(for file: String) -> FileScope {
            if let existing = fileScopes[file] { return existing }
            let made = FileScope(
                environment: Environment(parent: globals), directory: (file as NSString).deletingLastPathComponent,
                // A prefix header is in every file, and so are the headers it imports.
                isHeader: ["h", "pch"].contains((file as NSString).pathExtension))
            fileScopes[file] = made
            return made
        }
        // An error two definitions meet at one place (two apps' classes of one name sharing
        // a class extension's ivar) is reported once.
        var reported: Set<String> = []
        /// Defines the item; nil when it is defined, or where its error was reported.
        func attempt(_ item: TopLevelItem, from file: String) -> SourceLocation? {
            do {
                try define(item, in: scope(for: file))
                return nil
            } catch {
                let described = Self.messageAndLocation(of: error)
                if reported.insert("\(described.location.map { "\($0)" } ?? file): \(described.message)").inserted {
                    report(error, file: nil, firstLine: 1, source: nil)
                }
                return described.location ?? item.location
            }
        }
        let all = units.flatMap { unit in unit.items.map { (file: unit.file, item: $0) } }
        summary.libraryProtocols = registerLibraryProtocols(adoptedIn: all.map(\.item), unread: unread)

        var dependencies = LoadDependencies(session: self, unread: unread)
        var protocols = all.filter { if case .protocol = $0.item { true } else { false } }
        // A protocol may adopt one defined later: define those whose parents are known, repeatedly.
        while !protocols.isEmpty {
            let ready = protocols.filter { entry in
                guard case .protocol(let definition) = entry.item else { return true }
                return definition.inherited.allSatisfy { name in runtime.protocol(named: name) != nil || !protocols.contains { other in
                    if case .protocol(let pending) = other.item { pending.name == name } else { false }
                } }
            }
            let batch = ready.isEmpty ? protocols : ready
            for entry in batch {
                guard case .protocol(let definition) = entry.item else { continue }
                if let blocker = dependencies.blocker(forProtocols: definition.inherited) {
                    report(blocker.error(notLoading: "protocol \(definition.name)", at: definition.location), file: nil, firstLine: 1, source: nil)
                    dependencies.failedProtocols[definition.name] = definition.location
                } else if let failure = attempt(entry.item, from: entry.file) {
                    dependencies.failedProtocols[definition.name] = failure
                } else if !frameworkCopiesSkipped.contains(definition.name) {
                    summary.protocols += 1
                }
            }
            protocols.removeAll { entry in batch.contains { $0.file == entry.file && $0.item.location == entry.item.location } }
        }
        for entry in all {
            switch entry.item {
            case .enumeration, .function, .functionPrototype, .variable: _ = attempt(entry.item, from: entry.file)
            default: break
            }
        }
        for entry in all {
            if case .interface(let definition) = entry.item, definition.kind == .primary { _ = attempt(entry.item, from: entry.file) }
        }
        for entry in all {
            guard case .interface(let definition) = entry.item, definition.kind != .primary else { continue }
            // An extension or a category of a class whose @interface could not be read.
            if runtime.class(named: definition.name) == nil, pendingInterfaces[definition.name] == nil,
               let blocker = dependencies.unreadInterface(of: definition.name) {
                let name = if case .category(let category) = definition.kind { "\(definition.name) (\(category))" } else { "the class extension of \(definition.name)" }
                report(blocker.error(notLoading: name, at: definition.location), file: nil, firstLine: 1, source: nil)
                continue
            }
            _ = attempt(entry.item, from: entry.file)
        }
        // Classes wait for their superclasses, wherever those are defined.
        var classes = all.compactMap { entry -> (file: String, definition: ImplementationDefinition)? in
            guard case .implementation(let definition) = entry.item, definition.category == nil else { return nil }
            return (entry.file, definition)
        }
        while !classes.isEmpty {
            let pendingNames = Set(classes.map(\.definition.className))
            let ready = classes.filter { entry in
                let superclass = entry.definition.superclass ?? pendingInterfaces[entry.definition.className]?.superclass
                return superclass.map { !pendingNames.contains($0) } ?? true
            }
            // What never resolves is reported by defining it: its superclass is unknown.
            let batch = ready.isEmpty ? classes : ready
            for entry in batch {
                let definition = entry.definition
                if let blocker = dependencies.blocker(forImplementation: definition) {
                    report(blocker.error(notLoading: definition.className, at: definition.location), file: nil, firstLine: 1, source: nil)
                    dependencies.failedClasses[definition.className] = definition.location
                } else if let failure = attempt(.implementation(definition), from: entry.file) {
                    if runtime.class(named: definition.className) == nil { dependencies.failedClasses[definition.className] = failure }
                } else if !frameworkCopiesSkipped.contains(definition.className) {
                    summary.classes += 1
                }
            }
            classes.removeAll { entry in batch.contains { $0.definition.className == entry.definition.className && $0.file == entry.file } }
        }
        // An @interface read again for a class defined before, whose @implementation this
        // load did not hold (a header alone): the class is defined again with it.
        for name in pendingInterfaces.keys.sorted() where definedClasses[name] != nil && runtime.class(named: name) != nil {
            do {
                _ = try findClass(named: name)
            } catch {
                report(error, file: nil, firstLine: 1, source: nil)
            }
        }
        for entry in all {
            guard case .implementation(let definition) = entry.item, let category = definition.category else { continue }
            // A framework copy's category on a class of rtsh's library (OCMock's
            // `OCMStubRecorder (Properties)`, its `NSInvocation (OCMAdditions)`) is the
            // framework's own workings, which rtsh's model is: it would replace them.
            if isFrameworkCopy(entry.file), ClassLibrary.classNameSet.contains(definition.className) {
                frameworkCopiesSkipped.insert("\(definition.className) (\(category))")
                continue
            }
            if let blocker = dependencies.blocker(forClass: definition.className) {
                report(blocker.error(notLoading: "\(definition.className) (\(category))", at: definition.location), file: nil, firstLine: 1, source: nil)
            } else if attempt(entry.item, from: entry.file) == nil {
                summary.categories += 1
            }
        }
        summary.classesNotLoaded = dependencies.failedClasses
    }

    /// Registers, empty, each protocol the items adopt (a class, an extension, a category or
    /// a protocol does) that nothing in the tree declares and the runtime does not have: a
    /// library's the tree was compiled against, whose header rtsh does not read. Adopting
    /// it changes only `conformsToProtocol:`, as its methods are the adopter's own. A
    /// protocol of the tree that could not be read (its error said so) is registered empty too.
    /// - Returns: the library's protocols registered, sorted, but for the frameworks'
    ///   (`UITextViewDelegate`), which rtsh stands in for as it does at the prompt.
    private func registerLibraryProtocols(adoptedIn items: [TopLevelItem], unread: UnreadDeclarations) -> [String] {
        var declared: Set<String> = []
        var adopted: Set<String> = []
        for item in items {
            switch item {
            case .protocol(let definition):
                declared.insert(definition.name)
                adopted.formUnion(definition.inherited)
            case .interface(let definition):
                adopted.formUnion(definition.protocols)
            default:
                continue
            }
        }
        var registered: [String] = []
        let unreadProtocols = Set(unread.protocols.keys)
        for name in adopted.union(unreadProtocols).subtracting(declared).sorted() where runtime.protocol(named: name) == nil {
            guard (try? runtime.registerProtocol(named: name, inheriting: [], requiredMethods: [], optionalMethods: [], properties: [])) != nil else { continue }
            if !unreadProtocols.contains(name), !StandIns.isFrameworkName(name) { registered.append(name) }
        }
        return registered
    }
}

extension TopLevelItem {
    /// Where the item starts.
    var location: SourceLocation {
        switch self {
        case .statement: .start
        case .interface(let definition): definition.location
        case .protocol(let definition): definition.location
        case .implementation(let definition): definition.location
        case .enumeration(let definition): definition.location
        case .function(let definition): definition.location
        case .functionPrototype(_, _, let location): location
        case .variable(let variable): variable.location
        }
    }
}
