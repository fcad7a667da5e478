import Runtime

extension ClassLibrary {
    /// OCHamcrest's matchers of any object: `HCIsEqual` (`equalTo`), `HCIsNil` (`nilValue`),
    /// `HCIsSame` (`sameInstance`), `HCIsInstanceOf` and `HCIsTypeOf` (`instanceOf`, `isA`,
    /// under `HCClassMatcher`) and `HCIsAnything` (`anything`).
    static func defineObjectMatchers(in runtime: Runtime, base: Class) throws {
        let initialize = try runtime.selector("init"), initWithDescription = try runtime.selector("initWithDescription:")
        // Equal by -isEqual: (Foundation's equality: `@3` equals `@3.0`); nil only to nil.
        try runtime.registerLazyClass(named: "HCIsEqual", superclass: base) { c in
            try c.addIvar("_expectedValue", type: .object(className: nil))
            try c.addMethod("initEqualTo:", types: "@@:@") { m in
                let expected = m[0]
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_expectedValue", of: this, to: expected) }
            }
            try c.addMethod("matches:", types: "B@:@") { m in
                let expected = try m.ivar("_expectedValue")
                if m[0] == .nil { return .bool(expected == .nil) }
                return .bool(try m.runtime.isEqual(m[0], expected, nestedAt: m.depth + 1))
            }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                let expected = try m.ivar("_expectedValue")
                // A matcher compared as a value is set apart from the matchers around it.
                if isMatcher(expected, in: m.runtime) {
                    try m.append(.text("<"), .description(of: expected), .text(">"), to: m[0])
                } else {
                    try m.append(.description(of: expected), to: m[0])
                }
                return .nil
            }
        }
        try runtime.registerLazyClass(named: "HCIsNil", superclass: base) { c in
            try c.addMethod("matches:", types: "B@:@") { m in .bool(m[0] == .nil) }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                try m.append(.text("nil"), to: m[0])
                return .nil
            }
        }
        try defineSameInstance(in: runtime, base: base)
        try defineClassMatchers(in: runtime, base: base)
        try runtime.registerLazyClass(named: "HCIsAnything", superclass: base) { c in
            try c.addIvar("_description", type: .object(className: "NSString"))
            try c.addMethod("init", types: "@@:") { m in try m.send(initWithDescription, to: m.receiver, Arguments(.string("ANYTHING"))) }
            try c.addMethod("initWithDescription:", types: "@@:@") { m in
                let text = try m.stringArgument(0)
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_description", of: this, to: .string(text)) }
            }
            try c.addMethod("matches:", types: "B@:@") { _ in true }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                try m.append(.text(try m.text(of: try m.ivar("_description"))), to: m[0])
                return .nil
            }
        }
        try defineArgumentCaptor(in: runtime)
        try definePropertyMatchers(in: runtime, base: base)
    }

    /// `HCHasProperty` (`hasProperty(@"name", matcher)`): an object whose getter of that
    /// name answers what the matcher matches; `HCHasDescription` (`hasDescription(matcher)`):
    /// one whose `-description` does; `HCThrowsException` (`throwsException(matcher)`): a
    /// block that, called, raises an exception the matcher matches. Described and
    /// mismatched in OCHamcrest's words.
    private static func definePropertyMatchers(in runtime: Runtime, base: Class) throws {
        let initialize = try runtime.selector("init")
        /// The getter's answer, or nil when `item` has no such getter.
        @Sendable func property(_ name: String, of item: Value, _ m: borrowing Message) throws -> Value? {
            guard try m.responds(item, to: name) else { return nil }
            return try m.send(name, toValue: item)
        }
        try runtime.registerLazyClass(named: "HCHasProperty", superclass: base) { c in
            try c.addIvar("_propertyName", type: .object(className: "NSString"))
            try c.addIvar("_valueMatcher", type: .object(className: nil))
            try c.addMethod("initWithProperty:value:", types: "@@:@@") { m in
                let name = try m.stringArgument(0), matcher = m[1]
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_propertyName": .string(name), "_valueMatcher": matcher])
                }
            }
            try c.addMethod("matches:", types: "B@:@") { m in
                let name = try m.text(of: try m.ivar("_propertyName"))
                guard let value = try property(name, of: m[0], m) else { return false }
                return .bool(try m.does(try m.ivar("_valueMatcher"), match: value))
            }
            try c.addMethod("describeMismatchOf:to:", types: "v@:@@") { m in
                let name = try m.text(of: try m.ivar("_propertyName"))
                guard let value = try property(name, of: m[0], m) else {
                    try m.append(.text("no "), .text(name), .text(" on "), .description(of: m[0]), to: m[1])
                    return .nil
                }
                try m.append(.text(name), .text(" was "), .description(of: value), .text(" on "), .description(of: m[0]), to: m[1])
                return .nil
            }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                let name = try m.text(of: try m.ivar("_propertyName"))
                try m.append(.text("an object with "), .text(name), .text(" "), .description(of: try m.ivar("_valueMatcher")), to: m[0])
                return .nil
            }
        }
        try runtime.registerLazyClass(named: "HCHasDescription", superclass: base) { c in
            try c.addIvar("_descriptionMatcher", type: .object(className: nil))
            try c.addMethod("initWithDescription:", types: "@@:@") { m in
                let matcher = m[0]
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_descriptionMatcher", of: this, to: matcher) }
            }
            try c.addMethod("matches:", types: "B@:@") { m in
                guard let text = try property("description", of: m[0], m) else { return false }
                return .bool(try m.does(try m.ivar("_descriptionMatcher"), match: text))
            }
            try c.addMethod("describeMismatchOf:to:", types: "v@:@@") { m in
                guard let text = try property("description", of: m[0], m) else {
                    try m.append(.text("was "), .description(of: m[0]), to: m[1])
                    return .nil
                }
                try m.describeMismatch(of: text, by: try m.ivar("_descriptionMatcher"), to: m[1])
                return .nil
            }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                try m.append(.text("an object with description "), .description(of: try m.ivar("_descriptionMatcher")), to: m[0])
                return .nil
            }
        }
        try runtime.registerLazyClass(named: "HCThrowsException", superclass: base) { c in
            try c.addIvar("_exceptionMatcher", type: .object(className: nil))
            try c.addMethod("initWithExceptionMatcher:", types: "@@:@") { m in
                let matcher = m[0]
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_exceptionMatcher", of: this, to: matcher) }
            }
            try c.addMethod("matches:", types: "B@:@") { m in
                guard case .block(let block) = m[0], let raised = try ClassLibrary.raisedValue(running: block, in: m.runtime, nestedAt: m.depth + 1) else {
                    return false
                }
                return .bool(try m.does(try m.ivar("_exceptionMatcher"), match: raised))
            }
            try c.addMethod("describeMismatchOf:to:", types: "v@:@@") { m in
                guard case .block(let block) = m[0] else {
                    try m.append(.text("was non-block "), .description(of: m[0]), to: m[1])
                    return .nil
                }
                guard let raised = try ClassLibrary.raisedValue(running: block, in: m.runtime, nestedAt: m.depth + 1) else {
                    try m.append(.text("no exception thrown"), to: m[1])
                    return .nil
                }
                try m.append(.text("exception thrown but "), to: m[1])
                try m.describeMismatch(of: raised, by: try m.ivar("_exceptionMatcher"), to: m[1])
                return .nil
            }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                try m.append(
                    .text("a block with no arguments, throwing an exception which is "), .description(of: try m.ivar("_exceptionMatcher")), to: m[0])
                return .nil
            }
        }
    }

    /// `HCArgumentCaptor`: matches anything, as `HCIsAnything`, and keeps each value it is
    /// asked about while capturing is on (`captureEnabled`), a copy of one that can be
    /// copied; `value` is the last one kept, `allValues` every one, nil kept as `NSNull`,
    /// as OCHamcrest keeps them.
    private static func defineArgumentCaptor(in runtime: Runtime) throws {
        let initWithDescription = try runtime.selector("initWithDescription:")
        try runtime.registerLazyClass(named: "HCArgumentCaptor", superclass: runtime.requireClass(named: "HCIsAnything")) { c in
            try c.addIvar("_values", type: .object(className: "NSArray"))
            try c.addIvar("_captureDisabled", type: .bool)
            try c.addMethod("init", types: "@@:") { m in
                try m.sendSuper(initWithDescription, Arguments(.string("<Capturing argument>")))
            }
            try c.addMethod("matches:", types: "B@:@") { m in
                guard !(try m.ivar("_captureDisabled")).isTruthy else { return true }
                let kept = if case .array(let values) = try m.ivar("_values") { values } else { [Value]() }
                var item = m[0]
                if item == .nil {
                    item = try m.send("null", to: try m.runtime.requireClass(named: "NSNull"))
                } else if let object = item.object, m.runtime.instancesRespond(object.isa, to: try m.runtime.selector("copyWithZone:")) {
                    item = try m.send(try m.runtime.selector("copy"), to: object)
                }
                try m.runtime.setIvar("_values", of: m.receiver, to: .array(kept + [item]))
                return true
            }
            try c.addMethod("allValues", types: "@@:") { m in
                if case .array(let values) = try m.ivar("_values") { return .array(values) }
                return .array([])
            }
            try c.addMethod("value", types: "@@:") { m in
                guard case .array(let values) = try m.ivar("_values"), let last = values.last else { return .nil }
                return last
            }
            try c.addMethod("captureEnabled", types: "B@:") { m in .bool(!(try m.ivar("_captureDisabled")).isTruthy) }
            try c.addMethod("setCaptureEnabled:", types: "v@:B") { m in
                try m.runtime.setIvar("_captureDisabled", of: m.receiver, to: .bool(!m[0].isTruthy))
                return .nil
            }
        }
    }

    /// `HCIsSame`: the very object expected. A string or a number, which has no identity
    /// here, is the same as an equal value of its kind; the description shows an object's
    /// address as rtsh prints it (`0x1`), and a value, which has none, as itself.
    private static func defineSameInstance(in runtime: Runtime, base: Class) throws {
        let initialize = try runtime.selector("init")
        /// As `%p` prints it: an object's serial, and 0x0 for a value (a string or number
        /// literal), which has no serial, as `%p` formats one; nothing for nil, as OCHamcrest
        /// leaves nil's out.
        @Sendable func address(_ value: Value) -> String {
            if value == .nil { return "" }
            guard let object = value.object else { return "0x0 " }
            return "0x\(String(object.serial, radix: 16)) "
        }
        try runtime.registerLazyClass(named: "HCIsSame", superclass: base) { c in
            try c.addIvar("_object", type: .object(className: nil))
            try c.addMethod("initSameAs:", types: "@@:@") { m in
                let object = m[0]
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_object", of: this, to: object) }
            }
            try c.addMethod("matches:", types: "B@:@") { m in
                let expected = try m.ivar("_object")
                if let item = m[0].object, let object = expected.object { return .bool(item === object) }
                return .bool(m[0] == expected)
            }
            try c.addMethod("describeMismatchOf:to:", types: "v@:@@") { m in
                try m.append(.text("was \(address(m[0]))"), .description(of: m[0]), to: m[1])
                return .nil
            }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                let expected = try m.ivar("_object")
                try m.append(.text("same instance as \(address(expected))"), .description(of: expected), to: m[0])
                return .nil
            }
        }
    }

    /// `HCClassMatcher` and its two kinds: `HCIsInstanceOf` (the class or a subclass,
    /// `isKindOfClass:`) and `HCIsTypeOf` (exactly the class, `isMemberOfClass:`). Each
    /// subclass says what it expects with `-expectation`.
    private static func defineClassMatchers(in runtime: Runtime, base: Class) throws {
        let initialize = try runtime.selector("init")
        let classMatcher = try runtime.registerLazyClass(named: "HCClassMatcher", superclass: base) { c in
            try c.addProperty(Property(name: "theClass", type: .class, attributes: [.readOnly]))
            try c.addMethod("initWithClass:", types: "@@:#") { m in
                guard let cls = try m.classArgument(0) else { throw m.wrongArgument(0, expected: "a class such as [NSString class]") }
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_theClass", of: this, to: .object(cls)) }
            }
            try c.addMethod("describeTo:", types: "v@:@") { m in
                let expectation = try m.text(of: try m.send("expectation", toValue: .object(m.receiver)))
                let name = try m.ivar("_theClass").class?.name ?? "nil"
                try m.append(.text(expectation), .text(name), to: m[0])
                return .nil
            }
            try c.addMethod("describeMismatchOf:to:", types: "v@:@@") { m in
                try m.append(.text("was "), to: m[1])
                if m[0] != .nil, let cls = m.runtime.class(ofValue: m[0]) {
                    try m.append(.text(cls.name), .text(" instance "), to: m[1])
                }
                try m.append(.description(of: m[0]), to: m[1])
                return .nil
            }
        }
        for (name, expectation, exactly) in [("HCIsInstanceOf", "an instance of ", false), ("HCIsTypeOf", "an exact instance of ", true)] {
            try runtime.registerLazyClass(named: name, superclass: classMatcher) { c in
                try c.addMethod("matches:", types: "B@:@") { m in
                    guard let cls = try m.ivar("_theClass").class else { return false }
                    if exactly { return .bool(!(m[0].object is Class) && m.runtime.class(ofValue: m[0]) === cls) }
                    return .bool(m.isKind(m[0], of: cls))
                }
                try c.addMethod("expectation", types: "@@:") { _ in .string(expectation) }
            }
        }
    }
}
