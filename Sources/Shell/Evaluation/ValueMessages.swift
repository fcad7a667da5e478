import Runtime

/// The messages strings, numbers, arrays and dictionaries answer, as their Foundation
/// counterparts do, so fixtures and literals can be examined with ordinary sends.
enum ValueMessages {
    /// Equality here is Foundation's: `-isEqual:` and `-hash` overrides of objects inside
    /// collections are honoured, through `runtime`, with sends nested at `depth`.
    static func send(
        _ selector: String, to value: Value, _ arguments: [Value], in runtime: Runtime, depth: Int, at location: SourceLocation
    ) throws -> Value {
        func argument(_ index: Int) -> Value { index < arguments.count ? arguments[index] : .nil }
        switch (value, selector) {
        case (_, "description"): return .string(Format.text(of: value))
        // Strings, arrays and dictionaries are values here: a copy is the value itself.
        case (.string, "copy"), (.string, "mutableCopy"), (.array, "copy"), (.array, "mutableCopy"), (.dictionary, "copy"), (.dictionary, "mutableCopy"):
            return value
        case (_, "isEqual:"): return .bool(try runtime.isEqual(value, argument(0), nestedAt: depth))
        case (.array(let elements), "count"): return .int(elements.count)
        case (.array(let elements), "firstObject"): return elements.first ?? .nil
        case (.array(let elements), "lastObject"): return elements.last ?? .nil
        case (.array(let elements), "containsObject:"): return .bool(try runtime.firstIndex(of: argument(0), in: elements, nestedAt: depth) != nil)
        case (.array(let elements), "indexOfObject:"):
            // NSNotFound is NSIntegerMax.
            return .int(try runtime.firstIndex(of: argument(0), in: elements, nestedAt: depth) ?? Int.max)
        case (.array, "objectAtIndex:"): return try subscriptValue(value, argument(0), in: runtime, depth: depth, at: location)
        case (.array(let elements), "componentsJoinedByString:"):
            return .string(elements.map(Format.text(of:)).joined(separator: Format.text(of: argument(0))))
        case (.dictionary(let entries), "count"): return .int(entries.count)
        case (.dictionary, "objectForKey:"): return try subscriptValue(value, argument(0), in: runtime, depth: depth, at: location)
        case (.dictionary(let entries), "allKeys"): return .array(entries.keys.sorted { $0.description < $1.description })
        case (.dictionary(let entries), "allValues"):
            return .array(entries.sorted { $0.key.description < $1.key.description }.map(\.value))
        case (.string(let text), "length"): return .int(text.utf16.count)
        case (.string(let text), "uppercaseString"): return .string(text.uppercased())
        case (.string(let text), "lowercaseString"): return .string(text.lowercased())
        case (.string(let text), "hasPrefix:"): return .bool(text.hasPrefix(Format.text(of: argument(0))))
        case (.string(let text), "hasSuffix:"): return .bool(text.hasSuffix(Format.text(of: argument(0))))
        case (.string(let text), "isEqualToString:"): return .bool(argument(0) == .string(text))
        case (.string(let text), "stringByAppendingString:"): return .string(text + Format.text(of: argument(0)))
        case (.string(let text), "integerValue"), (.string(let text), "intValue"): return .int(Int(text.trimmingWhitespace()) ?? 0)
        case (.string(let text), "doubleValue"): return .double(Double(text.trimmingWhitespace()) ?? 0)
        case (.int, "integerValue"), (.int, "intValue"), (.bool, "integerValue"), (.double, "integerValue"):
            return .int(value.intValue ?? Int(truncatingIfNeeded: Int64(exactly: (value.numberValue ?? 0).rounded(.towardZero)) ?? 0))
        case (.int, "doubleValue"), (.double, "doubleValue"), (.bool, "doubleValue"): return .double(value.numberValue ?? 0)
        case (.int, "boolValue"), (.double, "boolValue"), (.bool, "boolValue"): return .bool(value.isTruthy)
        default:
            let known = switch value {
            case .array: "count, objectAtIndex:, firstObject, lastObject, containsObject:, indexOfObject:, componentsJoinedByString:, "
            case .dictionary: "count, objectForKey:, allKeys, allValues, "
            case .string: "length, isEqualToString:, hasPrefix:, hasSuffix:, stringByAppendingString:, uppercaseString, lowercaseString, integerValue, doubleValue, "
            case .int, .double, .bool: "integerValue, doubleValue, boolValue, "
            default: ""
            }
            throw ShellError("\(value.kindDescription) (\(value)) does not answer '\(selector)'; it answers \(known)description and isEqual:", at: location)
        }
    }

    /// `array[index]` or `dictionary[key]`; a missing key is nil, as in Foundation.
    static func subscriptValue(_ base: Value, _ index: Value, in runtime: Runtime, depth: Int, at location: SourceLocation) throws -> Value {
        switch base {
        case .array(let elements):
            guard let position = index.intValue, case .int = index else {
                throw ShellError("an array is indexed by an integer, not \(index.kindDescription)", at: location)
            }
            guard elements.indices.contains(position) else {
                throw ShellError("index \(position) is beyond the array's bounds (0..\(elements.count - 1))" + (elements.isEmpty ? ": the array is empty" : ""), at: location)
            }
            return elements[position]
        case .dictionary(let entries):
            return try runtime.lookUp(index, in: entries, nestedAt: depth) ?? .nil
        case .nil:
            return .nil
        default:
            throw ShellError("only arrays and dictionaries can be subscripted, not \(base.kindDescription)", at: location)
        }
    }
}
