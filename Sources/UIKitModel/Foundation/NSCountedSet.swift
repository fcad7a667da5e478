import Runtime

extension ClassLibrary {
    /// `NSCountedSet`: a mutable set that counts how many times each member was added.
    /// Its members are the set's (`_objects`, distinct as NSSet decides), each with its
    /// count at the same place in `_counts`; `-removeObject:` takes one away, and the
    /// member goes when its count reaches zero.
    static func defineNSCountedSet(in runtime: Runtime, mutableSet: Class, initWithArray: Selector) throws {
        try runtime.registerLazyClass(named: "NSCountedSet", superclass: mutableSet) { c in
            try c.addIvar("_counts", type: .object(className: "NSArray"))
            @Sendable func counts(_ m: borrowing Message) throws -> [Int] { try m.ivar("_counts").arrayElements.map { $0.intValue ?? 0 } }
            /// Adds each of `objects` once more.
            @Sendable func add(_ objects: [Value], _ m: borrowing Message) throws {
                var members = try SetMembers.of(m), tally = try counts(m)
                for object in objects where object != .nil {
                    if let index = try SetMembers.index(of: object, in: members, m) {
                        tally[index] += 1
                    } else {
                        members.append(object)
                        tally.append(1)
                    }
                }
                try m.setIvar("_objects", .array(members))
                try m.setIvar("_counts", .array(tally.map(Value.int)))
            }
            try c.addMethod("initWithArray:", types: "@@:@") { m in
                let objects = try m.arrayArgument(0, acceptingNil: true)
                let made = try m.sendSuper(initWithArray, Arguments(.array([])))
                guard let this = made.object else { return made }
                try m.runtime.setIvar("_counts", of: this, to: .array([]))
                _ = try m.send("addObjectsFromArray:", to: this, .array(objects))
                return made
            }
            try c.addMethod("addObject:", types: "v@:@") { m in
                guard m[0] != .nil else { throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "object cannot be nil") }
                try add([m[0]], m)
                return .nil
            }
            try c.addMethod("addObjectsFromArray:", types: "v@:@") { m in
                try add(try m.arrayArgument(0, acceptingNil: true), m)
                return .nil
            }
            try c.addMethod("unionSet:", types: "v@:@") { m in
                try add(try SetMembers.setArgument(m, 0, acceptingNil: true), m)
                return .nil
            }
            try c.addMethod("removeObject:", types: "v@:@") { m in
                var members = try SetMembers.of(m), tally = try counts(m)
                guard let index = try SetMembers.index(of: m[0], in: members, m) else { return .nil }
                tally[index] -= 1
                if tally[index] <= 0 {
                    members.remove(at: index)
                    tally.remove(at: index)
                }
                try m.setIvar("_objects", .array(members))
                try m.setIvar("_counts", .array(tally.map(Value.int)))
                return .nil
            }
            try c.addMethod("removeAllObjects", types: "v@:") { m in
                try m.setIvar("_objects", [])
                try m.setIvar("_counts", [])
                return .nil
            }
            try c.addMethod("countForObject:", types: "Q@:@") { m in
                guard let index = try SetMembers.index(of: m[0], in: try SetMembers.of(m), m) else { return .int(0) }
                return .int(try counts(m)[index])
            }
            // As Foundation prints one: `<NSCountedSet: 0x1> (a [2], b [1])`.
            try c.addMethod("description", types: "@@:") { m in
                let entries = try zip(SetMembers.of(m), counts(m)).map { "\(try m.text(of: $0)) [\($1)]" }
                return .string("<NSCountedSet: 0x\(String(m.receiver.serial, radix: 16))> (" + entries.joined(separator: ", ") + ")")
            }
        }
    }
}
