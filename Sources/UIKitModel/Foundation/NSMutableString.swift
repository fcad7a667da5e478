import Foundation
import Runtime

extension ClassLibrary {
    /// `NSMutableString`: a string whose instances change in place.
    static func defineNSMutableString(in runtime: Runtime, string: Class) throws {
        try runtime.registerLazyClass(named: "NSMutableString", superclass: string, holdingValues: .string("")) { c in
            @Sendable func edit(_ m: borrowing Message, _ change: (inout String) throws -> Void) throws -> Value {
                try m.mutate({ if case .string(let text) = $0 { text } else { nil } }, Value.string, change)
                return .nil
            }
            // The capacity is a hint to Foundation's storage; the model needs none.
            try c.addClassMethod("stringWithCapacity:", types: "@@:Q") { m in try m.made(.string("")) }
            try c.addMethod("initWithCapacity:", types: "@@:Q") { m in try m.made(.string("")) }
            try c.addMethod("appendString:", types: "v@:@") { m in
                let addition = try m.stringArgument(0)
                return try edit(m) { $0 += addition }
            }
            try c.addMethod("appendFormat:", types: "v@:@", variadic: true) { m in
                let addition = try m.formatted(from: 0)
                return try edit(m) { $0 += addition }
            }
            try c.addMethod("setString:", types: "v@:@") { m in
                let replacement = try m.stringArgument(0)
                return try edit(m) { $0 = replacement }
            }
            try c.addMethod("deleteCharactersInRange:", types: "v@:{_NSRange=QQ}") { m in
                let range = try m.rangeArgument(0, within: m.receiverValue.utf16Count)
                return try edit(m) { text in
                    var units = Array(text.utf16)
                    units.removeSubrange(range)
                    text = String(decoding: units, as: UTF16.self)
                }
            }
            try c.addMethod("replaceCharactersInRange:withString:", types: "v@:{_NSRange=QQ}@") { m in
                let range = try m.rangeArgument(0, within: m.receiverValue.utf16Count), replacement = try m.stringArgument(1)
                return try edit(m) { text in
                    var units = Array(text.utf16)
                    units.replaceSubrange(range, with: replacement.utf16)
                    text = String(decoding: units, as: UTF16.self)
                }
            }
            // Answers how many it replaced.
            try c.addMethod("replaceOccurrencesOfString:withString:options:range:", types: "Q@:@@Q{_NSRange=QQ}") { m in
                let target = try m.stringArgument(0), replacement = try m.stringArgument(1)
                let options = NSString.CompareOptions(rawValue: UInt(max(0, try m.integerArgument(2))))
                let range = try m.rangeArgument(3, within: m.receiverValue.utf16Count)
                var replaced = 0
                _ = try edit(m) { text in
                    let changed = NSMutableString(string: text)
                    replaced = changed.replaceOccurrences(
                        of: target, with: replacement, options: options, range: NSRange(location: range.lowerBound, length: range.count))
                    text = String(changed)
                }
                return .int(replaced)
            }
            try c.addMethod("insertString:atIndex:", types: "v@:@Q") { m in
                let insertion = try m.stringArgument(0), index = try m.integerArgument(1)
                let length = m.receiverValue.utf16Count
                guard (0...length).contains(index) else { throw outOfRange(m, index, count: length) }
                return try edit(m) { text in
                    var units = Array(text.utf16)
                    units.insert(contentsOf: insertion.utf16, at: index)
                    text = String(decoding: units, as: UTF16.self)
                }
            }
        }
    }
}

extension Value {
    /// A string's length in UTF-16 code units, as NSString counts; 0 for anything else.
    var utf16Count: Int {
        if case .string(let text) = self { text.utf16.count } else { 0 }
    }
}
