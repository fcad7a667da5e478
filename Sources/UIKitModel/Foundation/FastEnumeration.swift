import Runtime

extension ClassLibrary {
    /// `countByEnumeratingWithState:objects:count:`, NSFastEnumeration's one method, for
    /// Foundation's collections: what `for ... in` asks, and what a program's own
    /// collection forwards to the one it wraps (`return [_items countByEnumeratingWithState:…]`).
    /// An array gives its elements, a set or an ordered set its members, a dictionary or a
    /// map table its keys (in the order `keyEnumerator` gives them), an enumerator what it
    /// has left; all at the first call, from storage of the enumeration's own that
    /// `itemsPtr` points at, as Foundation's may, and none at the next.
    /// The classes whose `countByEnumeratingWithState:objects:count:` this defines, which
    /// `for ... in` may read directly while an instance's class keeps that method.
    public static let fastEnumerationClassNames: Set<String> = [
        "NSArray", "NSSet", "NSOrderedSet", "NSDictionary", "NSMapTable", "NSEnumerator", "NSHashTable", "NSPointerArray",
    ]

    static func defineFastEnumeration(in runtime: Runtime) throws {
        let members: [(className: String, read: @Sendable (borrowing Message) throws -> [Value])] = [
            ("NSArray", { m in m.receiverValue.arrayContents ?? [] }),
            ("NSSet", { m in try SetMembers.of(m) }),
            ("NSOrderedSet", { m in try SetMembers.of(m) }),
            ("NSDictionary", { m in try m.send("allObjects", to: try m.send("keyEnumerator", to: m.receiver).object).arrayElements }),
            ("NSMapTable", { m in try m.send("allObjects", to: try m.send("keyEnumerator", to: m.receiver).object).arrayElements }),
            ("NSEnumerator", { m in try m.send("allObjects", to: m.receiver).arrayElements }),
            ("NSHashTable", { m in try m.send("allObjects", to: m.receiver).arrayElements }),
            ("NSPointerArray", { m in try m.send("allObjects", to: m.receiver).arrayElements }),
        ]
        assert(Set(members.map(\.className)) == fastEnumerationClassNames)
        for (className, read) in members {
            try runtime.extendDefinition(of: try runtime.requireClass(named: className)) { c in
                try c.addMethod("countByEnumeratingWithState:objects:count:", types: "Q@:^{NSFastEnumerationState=Q^@^Q[5Q]}^@Q") { m in
                    guard case .reference(let state) = m[0], case .structure(var fields) = state.value else {
                        throw m.wrongArgument(0, expected: "a pointer to an NSFastEnumerationState")
                    }
                    guard (fields["state"]?.intValue ?? 0) == 0 else { return .int(0) }
                    let all = try read(m)
                    _ = fields.set("state", to: .int(1))
                    _ = fields.set("itemsPtr", to: .reference(Reference(element: 0, of: Reference(.array(all)))))
                    // Not the state's own `extra`, which would make the state hold itself.
                    _ = fields.set("mutationsPtr", to: .reference(Reference(.int(0))))
                    state.value = .structure(fields)
                    return .int(all.count)
                }
            }
        }
    }
}
