import Runtime

extension ClassLibrary {
    /// XCTest's issues (Xcode 12 and later): `XCTIssue` and `XCTMutableIssue`, with the
    /// `XCTSourceCodeContext` and `XCTSourceCodeLocation` that say where one happened.
    ///
    /// A test case records every failure as an issue through `-recordIssue:`, which test code
    /// overrides to catch the failures of its own assertions (OCMock's and OCHamcrest's suites
    /// do) and a reporter calls to record one; see ``TestRecorder/recordFailure(_:file:line:expected:in:nestedAt:)``.
    static func defineIssues(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init")
        let initWithFileURL = try runtime.selector("initWithFileURL:lineNumber:")
        let fileURLWithPath = try runtime.selector("fileURLWithPath:")
        try runtime.registerLazyClass(named: "XCTSourceCodeLocation", superclass: root) { c in
            try c.addProperty(Property(name: "fileURL", type: .object(className: "NSURL"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "lineNumber", type: .integer(code: "q"), attributes: [.readOnly]))
            try c.addMethod("initWithFileURL:lineNumber:", types: "@@:@q") { m in
                let (url, line) = (m[0], m[1].intValue ?? 0)
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvars(of: this, ["_fileURL": url, "_lineNumber": .int(line)]) }
            }
            try c.addIvar("_filePath", type: .object(className: "NSString"))
            try c.addMethod("initWithFilePath:lineNumber:", types: "@@:@q") { m in
                let path = try m.stringArgument(0)
                let url = try m.send(fileURLWithPath, to: try m.runtime.requireClass(named: "NSURL"), Arguments(.string(path)))
                let made = try m.send(initWithFileURL, to: m.receiver, Arguments(url, m[1]))
                if let made = made.object { try m.runtime.setIvar("_filePath", of: made, to: .string(path)) }
                return made
            }
        }
        try runtime.registerLazyClass(named: "XCTSourceCodeContext", superclass: root) { c in
            try c.addProperty(Property(name: "location", type: .object(className: "XCTSourceCodeLocation"), attributes: [.readOnly]))
            try c.addMethod("initWithLocation:", types: "@@:@") { m in
                let location = m[0]
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_location", of: this, to: location) }
            }
            // rtsh keeps no call stacks: the interpreter's frames are not the device's.
            try c.addMethod("callStack", types: "@@:") { _ in .array([]) }
        }
        let issue = try runtime.registerLazyClass(named: "XCTIssue", superclass: root) { c in
            try c.addProperty(Property(name: "type", type: .integer(code: "q"), attributes: [.readOnly]))
            for name in ["compactDescription", "detailedDescription"] {
                try c.addProperty(Property(name: name, type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            }
            try c.addProperty(Property(name: "sourceCodeContext", type: .object(className: "XCTSourceCodeContext"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "associatedError", type: .object(className: "NSError"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "attachments", type: .object(className: "NSArray"), attributes: [.readOnly, .copy]))
            try c.addMethod("initWithType:compactDescription:", types: "@@:q@") { m in
                let ivars = try issueIvars(type: m[0], compactDescription: m[1], m)
                return try m.initializingSuper(initialize) { this in
                    for (name, value) in ivars { try m.runtime.setIvar(name, of: this, to: value) }
                }
            }
            try c.addMethod("initWithType:compactDescription:detailedDescription:sourceCodeContext:associatedError:attachments:", types: "@@:q@@@@@") { m in
                var ivars = try issueIvars(type: m[0], compactDescription: m[1], m)
                ivars["_detailedDescription"] = m[2]
                if m[3] != .nil { ivars["_sourceCodeContext"] = m[3] }
                ivars["_associatedError"] = m[4]
                if case .array = m[5] { ivars["_attachments"] = m[5] }
                return try m.initializingSuper(initialize) { this in
                    for (name, value) in ivars { try m.runtime.setIvar(name, of: this, to: value) }
                }
            }
            for (name, className) in [("copy", "XCTIssue"), ("copyWithZone:", "XCTIssue"), ("mutableCopy", "XCTMutableIssue"), ("mutableCopyWithZone:", "XCTMutableIssue")] {
                try c.addMethod(name, types: name.hasSuffix(":") ? "@@:^{_NSZone=}" : "@@:") { m in
                    let copy = try m.send("alloc", to: try m.runtime.requireClass(named: className))
                    guard let made = copy.object else { return .nil }
                    for ivar in issueIvarNames { try m.runtime.setIvar(ivar, of: made, to: try m.ivar(ivar)) }
                    return try m.send(initialize, to: made)
                }
            }
            try c.addMethod("description", types: "@@:") { m in
                let kind = issueTypeNames[try m.ivar("_type").intValue ?? 0] ?? "Unknown"
                return .string("\(kind): \(try m.text(of: try m.ivar("_compactDescription")))")
            }
        }
        try runtime.registerLazyClass(named: "XCTMutableIssue", superclass: issue) { c in
            for (setter, ivar) in [("setType:", "_type"), ("setSourceCodeContext:", "_sourceCodeContext"), ("setAssociatedError:", "_associatedError")] {
                try c.addMethod(setter, types: ivar == "_type" ? "v@:q" : "v@:@") { m in
                    try m.setIvar(ivar, m[0])
                    return .nil
                }
            }
            for (setter, ivar) in [("setCompactDescription:", "_compactDescription"), ("setDetailedDescription:", "_detailedDescription")] {
                try c.addMethod(setter, types: "v@:@") { m in
                    try m.setIvar(ivar, m[0] == .nil ? .nil : .string(try m.text(of: m[0])))
                    return .nil
                }
            }
            try c.addMethod("setAttachments:", types: "v@:@") { m in
                try m.setIvar("_attachments", m[0] == .nil ? .array([]) : .array(try m.arrayArgument(0)))
                return .nil
            }
            try c.addMethod("addAttachment:", types: "v@:@") { m in
                try m.setIvar("_attachments", .array(try m.ivar("_attachments").arrayElements + [m[0]]))
                return .nil
            }
        }
    }

    /// An `XCTIssue` for a failure with `message` at `file` and `line`: an assertion failure
    /// when `expected`, an uncaught exception when not (as XCTest makes one for
    /// `-recordFailureWithDescription:inFile:atLine:expected:`).
    static func makeIssue(_ message: String, file: String?, line: Int, expected: Bool, in runtime: Runtime) throws -> Value {
        func make(_ className: String, _ initializer: String, _ arguments: Value...) throws -> Value {
            let allocated = try runtime.send("alloc", to: try runtime.requireClass(named: className))
            return try runtime.send(try runtime.selector(initializer), to: allocated.object, Arguments(arguments))
        }
        let location = try file.map { try make("XCTSourceCodeLocation", "initWithFilePath:lineNumber:", .string($0), .int(line)) } ?? .nil
        let context = try make("XCTSourceCodeContext", "initWithLocation:", location)
        return try make(
            "XCTIssue", "initWithType:compactDescription:detailedDescription:sourceCodeContext:associatedError:attachments:",
            .int(expected ? 0 : 2), .string(message), .nil, context, .nil, .array([]))
    }

    /// What the test recorder keeps of `issue`: its kind, its description and where it
    /// happened, read through its accessors (a subclass may answer them itself).
    static func recordedIssue(_ issue: Object, in runtime: Runtime) throws -> TestRecorder.Issue {
        let type = try runtime.send("type", to: issue).intValue ?? 0
        let description = try runtime.send("compactDescription", to: issue)
        let location = try runtime.send("location", to: try runtime.send("sourceCodeContext", to: issue).object).object
        var file: String?
        var line = 0
        if let location {
            // The path as the failure gave it, when the location was made from one: a file
            // URL's path would be absolute, unlike the paths rtsh reports everywhere else.
            if case .string(let path) = try runtime.ivarValue("_filePath", of: location) {
                file = path
            } else {
                file = try runtime.send("path", to: try runtime.send("fileURL", to: location).object).text
            }
            line = try runtime.send("lineNumber", to: location).intValue ?? 0
        }
        let text = try description.text ?? runtime.send("description", to: description.object).text ?? ""
        return TestRecorder.Issue(type == 0 || type == 5 ? .failure : .unexpected, text, file: file, line: line)
    }

    /// XCTest's `XCTIssueType` values by name, as `XCTIssueType<Name>` spells them.
    public static let issueTypes: [(String, Int)] = [
        ("AssertionFailure", 0), ("ThrownError", 1), ("UncaughtException", 2), ("PerformanceRegression", 3), ("System", 4),
        ("UnmatchedExpectedFailure", 5),
    ]

    private static let issueTypeNames = Dictionary(uniqueKeysWithValues: [
        (0, "Assertion Failure"), (1, "Thrown Error"), (2, "Uncaught Exception"), (3, "Performance Regression"), (4, "System Error"),
        (5, "Unmatched Expected Failure"),
    ])

    private static let issueIvarNames = ["_type", "_compactDescription", "_detailedDescription", "_sourceCodeContext", "_associatedError", "_attachments"]

    /// The ivars of a new issue of `type`: its description, no attachments, and a context
    /// with no location (XCTest's `-init` of `XCTSourceCodeContext`).
    private static func issueIvars(type: Value, compactDescription: Value, _ m: borrowing Message) throws -> [String: Value] {
        guard let kind = type.intValue, issueTypeNames[kind] != nil else {
            throw m.wrongArgument(0, expected: "an XCTIssueType, such as XCTIssueTypeAssertionFailure")
        }
        let context = try m.make("XCTSourceCodeContext", try m.runtime.selector("initWithLocation:"), Arguments(.nil))
        return [
            "_type": .int(kind), "_compactDescription": .string(try m.text(of: compactDescription)),
            "_sourceCodeContext": context, "_attachments": .array([]),
        ]
    }
}
