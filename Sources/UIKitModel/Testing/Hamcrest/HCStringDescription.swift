import Runtime

extension ClassLibrary {
    /// `HCBaseDescription` and `HCStringDescription`: what a matcher describes itself and a
    /// mismatch to. `HCBaseDescription` words values as OCHamcrest does and hands each
    /// piece of text to `-append:`, which a subclass implements; `HCStringDescription`
    /// collects the text, and its `-description` is the whole.
    ///
    /// `-appendDescriptionOf:` words a value as OCHamcrest's failure messages show it:
    /// nil as `nil`, a matcher (anything `HCSelfDescribing`) by its `-describeTo:`, a
    /// string in C's quotes (`"Login"`, with `"`, newlines and tabs escaped), and anything
    /// else by its `-description` in angle brackets (`<3>`), which a description that has
    /// them already (`<UIView: 0x1>`) keeps as it is.
    static func defineHamcrestDescriptions(in runtime: Runtime, root: Class, protocols: HamcrestProtocols) throws {
        let initialize = try runtime.selector("init")
        let selfDescribing = protocols.selfDescribing
        let base = try runtime.registerLazyClass(named: "HCBaseDescription", superclass: root) { c in
            c.adopt(protocols.description)
            try c.addMethod("appendText:", types: "@@:@") { m in
                try m.send("append:", toValue: .object(m.receiver), .string(try m.stringArgument(0)))
                return .object(m.receiver)
            }
            try c.addMethod("appendDescriptionOf:", types: "@@:@") { m in
                let value = m[0], this = Value.object(m.receiver)
                if value == .nil {
                    try m.send("append:", toValue: this, .string("nil"))
                } else if let object = value.object, !(object is Class), m.runtime.conforms(object.isa, to: selfDescribing) {
                    try m.send("describeTo:", toValue: value, this)
                } else if m.isKind(value, of: "NSString"), case .string(let text) = try m.send("description", toValue: value) {
                    try m.send("append:", toValue: this, .string(cSyntax(text)))
                } else {
                    try m.send("append:", toValue: this, .string(try objectDescription(of: value, m)))
                }
                return this
            }
            try c.addMethod("appendList:start:separator:end:", types: "@@:@@@@") { m in
                guard let values = try m.enumerated(m[0]) else { throw m.wrongArgument(0, expected: "an array of the values to describe") }
                let (start, separator, end) = (try m.stringArgument(1), try m.stringArgument(2), try m.stringArgument(3))
                let this = Value.object(m.receiver)
                try m.send("append:", toValue: this, .string(start))
                for (index, value) in values.enumerated() {
                    if index > 0 { try m.send("append:", toValue: this, .string(separator)) }
                    try m.send("appendDescriptionOf:", toValue: this, value)
                }
                try m.send("append:", toValue: this, .string(end))
                return this
            }
        }
        try runtime.registerLazyClass(named: "HCStringDescription", superclass: base) { c in
            try c.addIvar("_accumulator", type: .object(className: "NSString"))
            try c.addClassMethod("stringDescription", types: "@@:") { m in try m.allocInit(initialize) }
            // The description of one matcher or value: what a matcher's -description answers.
            try c.addClassMethod("stringFrom:", types: "@@:@") { m in
                let description = try m.allocInit(initialize)
                try m.send("appendDescriptionOf:", toValue: description, m[0])
                return try m.send("description", toValue: description)
            }
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_accumulator", of: this, to: .string("")) }
            }
            try c.addMethod("append:", types: "v@:@") { m in
                let text = try m.stringArgument(0)
                guard case .string(let collected) = try m.ivar("_accumulator") else {
                    try m.setIvar("_accumulator", .string(text))
                    return .nil
                }
                try m.setIvar("_accumulator", .string(collected + text))
                return .nil
            }
            try c.addMethod("description", types: "@@:") { m in
                let collected = try m.ivar("_accumulator")
                return collected == .nil ? .string("") : collected
            }
        }
    }

    /// A string as C writes it, in double quotes, with quotes, newlines, returns and tabs escaped.
    private static func cSyntax(_ text: String) -> String {
        var quoted = "\""
        for character in text {
            switch character {
            case "\"": quoted += "\\\""
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }

    /// A value that is no string and no matcher, as OCHamcrest shows it: its `-description`
    /// in angle brackets, unless it has them already; `<ClassName: 0x1>` when it is empty.
    private static func objectDescription(of value: Value, _ m: borrowing Message) throws -> String {
        let described = try m.send("description", toValue: value)
        let text = if case .string(let text) = described { text } else { try m.text(of: described) }
        if text.isEmpty {
            return value.object?.description ?? "<\(m.runtime.class(ofValue: value)?.name ?? "value")>"
        }
        if text.hasPrefix("<") && text.hasSuffix(">") { return text }
        return "<\(text)>"
    }
}
