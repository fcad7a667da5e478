import Foundation
import Runtime

/// A predicate as `+[NSPredicate predicateWithFormat:]` reads one: comparisons of key paths,
/// `SELF`, constants, variables and subqueries, joined with `AND`, `OR` and `NOT`.
indirect enum Predicate: Sendable {
    /// The values of the variables a predicate reads (`$name`): the substitution variables
    /// it is evaluated with, and each subquery's member.
    typealias Bindings = [String: Value]

    case constant(Bool)
    case not(Predicate)
    case and(Predicate, Predicate)
    case or(Predicate, Predicate)
    /// `[ANY] lhs op[cd] rhs`.
    case comparison(Comparison)

    /// One side of a comparison.
    enum Operand: Sendable {
        case keyPath(String)
        case evaluatedObject
        case constant(Value)
        /// `{1, 2}`: an aggregate of operands.
        case list([Operand])
        /// `$name` or `$name.key.path`: a variable's value, or the key path read from it.
        case variable(String, keyPath: String?)
        /// `SUBQUERY(collection, $x, predicate)`, and a key path read from it (`.@count`).
        indirect case subquery(Subquery)
    }

    /// The members of a collection that satisfy a predicate with a variable bound to each.
    struct Subquery: Sendable {
        let collection: Operand
        let variable: String
        let predicate: Predicate
        let keyPath: String?
    }

    enum Operator: String, Sendable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
        case beginsWith = "BEGINSWITH", endsWith = "ENDSWITH", contains = "CONTAINS", like = "LIKE", matches = "MATCHES"
        case inCollection = "IN", between = "BETWEEN"
    }

    /// `ANY`, `ALL`, `NONE` before a comparison of a collection's members.
    enum Quantifier: String, Sendable { case any = "ANY", all = "ALL", none = "NONE" }

    struct Comparison: Sendable {
        var quantifier: Quantifier?
        let lhs: Operand
        let op: Operator
        let rhs: Operand
        /// `[c]`: case-insensitive; `[d]`: diacritic-insensitive.
        var caseInsensitive = false
        var diacriticInsensitive = false
    }

    /// Whether `object` satisfies the predicate, its variables read from `bindings`. Key
    /// paths are read with `valueForKeyPath:`.
    func evaluate(_ object: Value, bindings: Bindings = [:], in runtime: Runtime, nestedAt depth: Int) throws -> Bool {
        switch self {
        case .constant(let value): return value
        case .not(let inner): return try !inner.evaluate(object, bindings: bindings, in: runtime, nestedAt: depth)
        case .and(let a, let b):
            return try a.evaluate(object, bindings: bindings, in: runtime, nestedAt: depth) && b.evaluate(object, bindings: bindings, in: runtime, nestedAt: depth)
        case .or(let a, let b):
            return try a.evaluate(object, bindings: bindings, in: runtime, nestedAt: depth) || b.evaluate(object, bindings: bindings, in: runtime, nestedAt: depth)
        case .comparison(let comparison): return try comparison.evaluate(object, bindings: bindings, in: runtime, nestedAt: depth)
        }
    }
}

extension Predicate {
    /// Substitution variables as a block or another predicate is given them, and as an
    /// error shows them: a dictionary.
    static func value(of bindings: Bindings) -> Value {
        .dictionary(Dictionary(uniqueKeysWithValues: bindings.map { (Value.string($0.key), $0.value) }))
    }
}

extension Predicate.Operand {
    func value(for object: Value, bindings: Predicate.Bindings, in runtime: Runtime, nestedAt depth: Int) throws -> Value {
        switch self {
        case .evaluatedObject: return object
        case .constant(let value): return value
        case .list(let items): return .array(try items.map { try $0.value(for: object, bindings: bindings, in: runtime, nestedAt: depth) })
        case .keyPath(let path):
            return try Self.read(path, of: object, in: runtime, nestedAt: depth)
        case .variable(let name, let path):
            // Foundation raises for a variable it is given no value of.
            guard let bound = bindings[name] else {
                throw ClassLibraryError.invalidArgument(method: "evaluateWithObject:", reason: "Can't get value for '\(name)' in bindings \(Predicate.value(of: bindings)).")
            }
            return try path.map { try Self.read($0, of: bound, in: runtime, nestedAt: depth) } ?? bound
        case .subquery(let subquery):
            let collection = try subquery.collection.value(for: object, bindings: bindings, in: runtime, nestedAt: depth)
            var inner = bindings
            let members = try Predicate.Comparison.members(of: collection, in: runtime, nestedAt: depth).filter { member in
                inner[subquery.variable] = member
                return try subquery.predicate.evaluate(member, bindings: inner, in: runtime, nestedAt: depth)
            }
            return try subquery.keyPath.map { try Self.read($0, of: .array(members), in: runtime, nestedAt: depth) } ?? .array(members)
        }
    }

    /// `path` read from `object` with `valueForKeyPath:`; nil from nil.
    private static func read(_ path: String, of object: Value, in runtime: Runtime, nestedAt depth: Int) throws -> Value {
        guard object != .nil else { return .nil }
        return try runtime.send(try runtime.selector("valueForKeyPath:"), toValue: object, Arguments(.string(path)), nestedAt: depth)
    }
}

extension Predicate.Comparison {
    func evaluate(_ object: Value, bindings: Predicate.Bindings, in runtime: Runtime, nestedAt depth: Int) throws -> Bool {
        let left = try lhs.value(for: object, bindings: bindings, in: runtime, nestedAt: depth)
        let right = try rhs.value(for: object, bindings: bindings, in: runtime, nestedAt: depth)
        guard let quantifier else { return try holds(left, right, in: runtime, nestedAt: depth) }
        let members = try Self.members(of: left, in: runtime, nestedAt: depth)
        switch quantifier {
        case .any: return try members.contains { try holds($0, right, in: runtime, nestedAt: depth) }
        case .all: return try members.allSatisfy { try holds($0, right, in: runtime, nestedAt: depth) }
        case .none: return try !members.contains { try holds($0, right, in: runtime, nestedAt: depth) }
        }
    }

    /// The members of a collection: an array (a mutable one's as it holds them now), a
    /// set's or an ordered set's objects, a dictionary's values.
    static func members(of value: Value, in runtime: Runtime, nestedAt depth: Int) throws -> [Value] {
        switch value {
        case .array(let items): return items
        case .dictionary(let entries): return Array(entries.values)
        case .object(let holder as ValueHolder): return try members(of: holder.value, in: runtime, nestedAt: depth)
        case .object(let object):
            for name in ["allObjects", "array"] where runtime.instancesRespond(object.isa, to: try runtime.selector(name)) {
                return try runtime.send(try runtime.selector(name), to: object, Arguments(), nestedAt: depth).arrayElements
            }
            return [value]
        case .nil: return []
        default: return [value]
        }
    }

    private func folded(_ text: String) -> String {
        var options: String.CompareOptions = []
        if caseInsensitive { options.insert(.caseInsensitive) }
        if diacriticInsensitive { options.insert(.diacriticInsensitive) }
        return options.isEmpty ? text : text.folding(options: options, locale: nil)
    }

    /// `left op right` for one value on each side.
    private func holds(_ left: Value, _ right: Value, in runtime: Runtime, nestedAt depth: Int) throws -> Bool {
        switch op {
        case .equal, .notEqual:
            let equal: Bool
            if case .string(let a) = left, case .string(let b) = right {
                equal = folded(a) == folded(b)
            } else if left == .nil || right == .nil {
                equal = left == .nil && right == .nil
            } else {
                equal = try runtime.isEqual(left, right, nestedAt: depth)
            }
            return equal == (op == .equal)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let order = try order(left, right, in: runtime, nestedAt: depth) else { return false }
            switch op {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        case .beginsWith, .endsWith, .like, .matches:
            guard case .string(let text) = left, case .string(let pattern) = right else { return false }
            switch op {
            case .beginsWith: return folded(text).hasPrefix(folded(pattern))
            case .endsWith: return folded(text).hasSuffix(folded(pattern))
            case .like: return Self.wildcard(folded(pattern), matches: folded(text))
            default:
                let options: NSRegularExpression.Options = caseInsensitive ? [.caseInsensitive] : []
                guard let regex = try? NSRegularExpression(pattern: "^(?:" + pattern + ")$", options: options) else {
                    throw ClassLibraryError.invalidArgument(method: "evaluateWithObject:", reason: "'\(pattern)' is not a regular expression")
                }
                return regex.firstMatch(in: text, range: NSRange(location: 0, length: (text as NSString).length)) != nil
            }
        case .contains:
            if case .string(let text) = left, case .string(let part) = right { return folded(text).contains(folded(part)) }
            return try Self.members(of: left, in: runtime, nestedAt: depth).contains {
                try Self(lhs: .constant($0), op: .equal, rhs: .constant(right), caseInsensitive: caseInsensitive, diacriticInsensitive: diacriticInsensitive)
                    .holds($0, right, in: runtime, nestedAt: depth)
            }
        case .inCollection:
            if case .string(let text) = right, case .string(let part) = left { return folded(text).contains(folded(part)) }
            if case .dictionary(let entries) = right { return try entries.keys.contains { try runtime.isEqual($0, left, nestedAt: depth) } }
            return try Self.members(of: right, in: runtime, nestedAt: depth).contains {
                try Self(lhs: .constant(left), op: .equal, rhs: .constant($0), caseInsensitive: caseInsensitive, diacriticInsensitive: diacriticInsensitive)
                    .holds(left, $0, in: runtime, nestedAt: depth)
            }
        case .between:
            let bounds = try Self.members(of: right, in: runtime, nestedAt: depth)
            guard bounds.count == 2, let low = try order(left, bounds[0], in: runtime, nestedAt: depth),
                  let high = try order(left, bounds[1], in: runtime, nestedAt: depth) else { return false }
            return low >= 0 && high <= 0
        }
    }

    /// How `left` and `right` order: numbers by value, strings as written (or folded), and
    /// other objects by their `-compare:`; nil when they do not order.
    private func order(_ left: Value, _ right: Value, in runtime: Runtime, nestedAt depth: Int) throws -> Int? {
        if let a = left.numberValue, let b = right.numberValue { return a < b ? -1 : a > b ? 1 : 0 }
        if case .string(let a) = left, case .string(let b) = right {
            let (x, y) = (folded(a), folded(b))
            return x < y ? -1 : x > y ? 1 : 0
        }
        guard let object = left.object, runtime.instancesRespond(object.isa, to: try runtime.selector("compare:")) else { return nil }
        return try runtime.send(try runtime.selector("compare:"), to: object, Arguments(right), nestedAt: depth).intValue
    }

    /// `LIKE`'s pattern: `*` any run of characters, `?` any one.
    static func wildcard(_ pattern: String, matches text: String) -> Bool {
        let p = Array(pattern), t = Array(text)
        var memo: [[Bool?]] = Array(repeating: Array(repeating: nil, count: t.count + 1), count: p.count + 1)
        func match(_ i: Int, _ j: Int) -> Bool {
            if let known = memo[i][j] { return known }
            let result: Bool
            if i == p.count {
                result = j == t.count
            } else if p[i] == "*" {
                result = match(i + 1, j) || (j < t.count && match(i, j + 1))
            } else {
                result = j < t.count && (p[i] == "?" || p[i] == t[j]) && match(i + 1, j + 1)
            }
            memo[i][j] = result
            return result
        }
        return match(0, 0)
    }
}
