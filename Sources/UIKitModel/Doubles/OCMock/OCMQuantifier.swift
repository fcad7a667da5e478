import Runtime

extension ClassLibrary {
    /// `OCMQuantifier`: how many calls `OCMVerify(times(2), …)` accepts. Made while an
    /// `OCMVerify` records, a quantifier becomes that verification's, as in OCMock.
    func defineOCMQuantifier(root: Class) throws {
        let mocks = self.mocks
        try runtime.registerLazyClass(named: "OCMQuantifier", superclass: root) { c in
            try c.addIvar("_kind", type: .integer(code: "q"))
            try c.addIvar("_count", type: .integer(code: "q"))
            let factories: [(String, Int, Int?)] = [("exactly:", 0, nil), ("atLeast:", 1, nil), ("atMost:", 2, nil), ("never", 2, 0), ("atLeastOnce", 1, 1)]
            for (factory, kind, fixed) in factories {
                try c.addClassMethod(factory, types: fixed == nil ? "@@:Q" : "@@:") { m in
                    let count = try fixed ?? m.integerArgument(0)
                    guard count >= 0 else { throw m.wrongArgument(0, expected: "a count of 0 or more") }
                    let quantifier: MockQuantifier = switch kind {
                    case 0: .exactly(count)
                    case 1: .atLeast(count)
                    default: .atMost(count)
                    }
                    mocks.recording.withLock { recording in
                        if case .verification? = recording?.purpose { recording?.purpose = .verification(quantifier) }
                    }
                    let object = try m.runtime.createInstance(of: try m.receiverClass())
                    try m.runtime.setIvars(of: object, ["_kind": .int(kind), "_count": .int(count)])
                    return .object(object)
                }
            }
            try c.addMethod("description", types: "@@:") { m in
                .string(ClassLibrary.quantifier(of: m.receiver, in: m.runtime)?.description ?? "")
            }
        }
    }

    /// What an `OCMQuantifier` accepts; nil for any other object.
    static func quantifier(of object: Object, in runtime: Runtime) -> MockQuantifier? {
        guard let cls = runtime.class(named: "OCMQuantifier"), object.isKind(of: cls),
              case .int(let kind) = try? runtime.ivarValue("_kind", of: object), case .int(let count) = try? runtime.ivarValue("_count", of: object) else { return nil }
        return kind == 0 ? .exactly(count) : kind == 1 ? .atLeast(count) : .atMost(count)
    }
}
