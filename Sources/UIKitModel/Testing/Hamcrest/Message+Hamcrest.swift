import Runtime

/// One piece of what a matcher appends to an `HCDescription`: the sends of OCHamcrest's
/// chains (`[[description appendText:@"a collection containing "] appendDescriptionOf:matcher]`)
/// as a list.
enum DescriptionPart {
    /// `appendText:`.
    case text(String)
    /// `appendDescriptionOf:`.
    case description(of: Value)
    /// `appendList:start:separator:end:`.
    case list([Value], start: String, separator: String, end: String)
}

extension Message {
    /// Sends a message to any value (a string, a number, a collection, an object or nil)
    /// from inside this method: a matcher's item and its expected value may be any of them.
    @discardableResult
    func send(_ selectorName: String, toValue receiver: Value, _ arguments: Value...) throws -> Value {
        let runtime = self.runtime
        return try runtime.send(runtime.selector(selectorName), toValue: receiver, Arguments(arguments), nestedAt: depth + 1)
    }

    /// `[matcher matches:item]`, sent so that a user's subclass answers with its own override.
    func does(_ matcher: Value, match item: Value) throws -> Bool {
        try send("matches:", toValue: matcher, item).isTruthy
    }

    /// `[matcher describeMismatchOf:item to:description]`.
    func describeMismatch(of item: Value, by matcher: Value, to description: Value) throws {
        try send("describeMismatchOf:to:", toValue: matcher, item, description)
    }

    /// Appends `parts` to `description` (an `HCDescription`, or nil, which takes nothing,
    /// as a message to nil does), one message each.
    func append(_ parts: DescriptionPart..., to description: Value) throws {
        for part in parts {
            switch part {
            case .text(let text): try send("appendText:", toValue: description, .string(text))
            case .description(let value): try send("appendDescriptionOf:", toValue: description, value)
            case .list(let values, let start, let separator, let end):
                try send("appendList:start:separator:end:", toValue: description, .array(values), .string(start), .string(separator), .string(end))
            }
        }
    }

    /// Whether `value` is an instance of the class named `className` or of a subclass
    /// (`isKindOfClass:`): a string value is an `NSString`, a number an `NSNumber`.
    func isKind(_ value: Value, of className: String) -> Bool {
        guard let wanted = runtime.class(named: className) else { return false }
        return isKind(value, of: wanted)
    }

    /// Whether `value` is an instance of `cls` or of a subclass (`isKindOfClass:`).
    func isKind(_ value: Value, of cls: Class) -> Bool {
        guard let own = runtime.class(ofValue: value), !(value.object is Class) else { return false }
        return own.isSubclass(of: cls)
    }

    /// Whether `value` answers `selectorName` (`respondsToSelector:`); nil answers nothing.
    func responds(_ value: Value, to selectorName: String) throws -> Bool {
        guard let cls = runtime.class(ofValue: value) else { return false }
        return runtime.instancesRespond(cls, to: try runtime.selector(selectorName))
    }

    /// The items `for...in` visits in `value`, which OCHamcrest's collection matchers
    /// enumerate: an array's elements, a dictionary's keys (sorted, as the shell's
    /// `for...in` visits them, so that every run describes them alike), what a set or any
    /// other object answers to `allObjects`; nil when `value` is no collection.
    func enumerated(_ value: Value) throws -> [Value]? {
        if let holder = value.object as? ValueHolder { return try enumerated(holder.value) }
        switch value {
        case .array(let elements): return elements
        case .dictionary(let entries): return entries.keys.sorted { $0.description < $1.description }
        case .object(let object) where !(object is Class):
            guard try responds(value, to: "allObjects"), case .array(let elements) = try send("allObjects", toValue: .object(object)) else { return nil }
            return elements
        default: return nil
        }
    }

    /// `-initWithMatchers:` of a matcher that combines others (`HCAllOf`,
    /// `HCIsCollectionContainingInOrder`): keeps the array of matchers in `_matchers`.
    func initializingWithMatchers() throws -> Value {
        guard let matchers = try enumerated(self[0]) else { throw wrongArgument(0, expected: "an array of matchers") }
        return try initializingSuper(runtime.selector("init")) { this in try runtime.setIvar("_matchers", of: this, to: .array(matchers)) }
    }

    /// The matchers a combining matcher keeps (see ``initializingWithMatchers()``).
    var matchers: [Value] {
        get throws {
            if case .array(let matchers) = try ivar("_matchers") { return matchers }
            return []
        }
    }
}
