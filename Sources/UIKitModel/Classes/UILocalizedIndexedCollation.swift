import Foundation
import Runtime

extension ClassLibrary {
    /// `UILocalizedIndexedCollation`: a table's index in English, A to Z then `#`, as an
    /// iPhone set to English has it. An object's section is the first letter of the string
    /// its selector answers (accents folded, case ignored), `#` for anything else; sorting
    /// by those strings ignores case, as the collation does.
    static func defineIndexedCollation(in runtime: Runtime, root: Class) throws {
        let shared = SharedInstance()
        let initialize = try runtime.selector("init")
        let titles = (UnicodeScalar("A").value...UnicodeScalar("Z").value).compactMap(UnicodeScalar.init).map { String($0) } + ["#"]
        try runtime.registerLazyClass(named: "UILocalizedIndexedCollation", superclass: root) { c in
            try c.addClassMethod("currentCollation", types: "@@:") { m in
                try shared.object { try m.allocInit(initialize).object }.map(Value.object) ?? .nil
            }
            for name in ["sectionTitles", "sectionIndexTitles"] {
                try c.addMethod(name, types: "@@:") { _ in .array(titles.map(Value.string)) }
            }
            try c.addMethod("sectionForSectionIndexTitleAtIndex:", types: "q@:q") { m in .int(try m.integerArgument(0)) }
            try c.addMethod("sectionForObject:collationStringSelector:", types: "q@:@:") { m in
                let key = try collationString(m[0], m)
                guard let first = key.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).uppercased().first,
                      let index = titles.firstIndex(of: String(first)) else { return .int(titles.count - 1) }
                return .int(index)
            }
            try c.addMethod("sortedArrayFromArray:collationStringSelector:", types: "@@:@:") { m in
                let keyed = try m.arrayArgument(0).map { (try collationString($0, m).lowercased(), $0) }
                // Stable: objects whose strings compare the same keep their order.
                return .array(keyed.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element.1))
            }
        }

        /// What the collation selector (argument 1) answers for `object`, as a string.
        @Sendable func collationString(_ object: Value, _ m: borrowing Message) throws -> String {
            let selector = try m.selectorArgument(1)
            return try m.runtime.send(selector, toValue: object, Arguments(), nestedAt: m.depth + 1).stringValue ?? ""
        }
    }
}
