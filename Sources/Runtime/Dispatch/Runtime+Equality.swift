extension Runtime {
    /// Equality as Foundation's collections and OCMock's argument matching mean it: objects
    /// by their `-isEqual:` (which a class may override), arrays and dictionaries element by
    /// element, everything else as ``Value/isEqual(to:)``. `==` in code stays identity, as in C.
    ///
    /// - Parameter depth: the depth of the code asking, as for a send: `-isEqual:` runs one deeper.
    /// - Throws: what an `-isEqual:` override raises: an exception is not an answer.
    public func isEqual(_ lhs: Value, _ rhs: Value, nestedAt depth: Int = 0) throws -> Bool {
        // A mutable string or collection equals what it holds now, as Foundation compares them.
        if let holder = lhs.object as? ValueHolder, holder !== rhs.object { return try isEqual(holder.value, rhs, nestedAt: depth) }
        if let holder = rhs.object as? ValueHolder, holder !== lhs.object { return try isEqual(lhs, holder.value, nestedAt: depth) }
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)):
            if a === b { return true }
            guard responds(a, to: wellKnown.isEqual) else { return false }
            return try send(wellKnown.isEqual, to: a, Arguments(rhs), depth: depth).isTruthy
        case (.array(let first), .array(let second)):
            guard first.count == second.count else { return false }
            for (a, b) in zip(first, second) where try !isEqual(a, b, nestedAt: depth) { return false }
            return true
        case (.dictionary(let first), .dictionary(let second)):
            guard first.count == second.count else { return false }
            for (key, value) in first {
                guard let other = try lookUp(key, in: second, nestedAt: depth), try isEqual(value, other, nestedAt: depth) else { return false }
            }
            return true
        default:
            return lhs.isEqual(to: rhs)
        }
    }

    /// The value stored under `key`, found as `NSDictionary` finds it: a key with the same
    /// `-hash` that `-isEqual:` the one asked for (the same object, first of all).
    public func lookUp(_ key: Value, in dictionary: [Value: Value], nestedAt depth: Int = 0) throws -> Value? {
        if let value = dictionary[key] { return value }
        guard case .object = key else { return nil }
        let hash = try hashValue(of: key, nestedAt: depth)
        for (candidate, value) in dictionary where candidate.object != nil {
            if try hashValue(of: candidate, nestedAt: depth) == hash, try isEqual(key, candidate, nestedAt: depth) { return value }
        }
        return nil
    }

    /// The index of the first element equal to `value` (see ``isEqual(_:_:nestedAt:)``).
    public func firstIndex(of value: Value, in array: [Value], nestedAt depth: Int = 0) throws -> Int? {
        for (index, element) in array.enumerated() where try isEqual(element, value, nestedAt: depth) { return index }
        return nil
    }

    /// An object's `-hash`, or its identity for an object that does not answer it.
    private func hashValue(of value: Value, nestedAt depth: Int) throws -> Int? {
        guard let object = value.object, responds(object, to: wellKnown.hash) else { return value.object.map { ObjectIdentifier($0).hashValue } }
        return try send(wellKnown.hash, to: object, Arguments(), depth: depth).intValue
    }
}
