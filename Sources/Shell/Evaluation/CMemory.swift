import Runtime

/// C's pointers into memory, as the interpreter runs them: pointer arithmetic, indexing
/// and dereferencing of C strings, arrays and what `malloc` gives.
///
/// rtsh keeps values, not bytes (see ``Reference``): a C string is its characters, one
/// integer each, and memory is an array of values that grows as code writes to it. A
/// string literal (or what a runtime function returns as `const char *`) is a `.string`
/// until code does arithmetic on it; then it becomes characters in memory of its own
/// (``CStringMemory``).
enum CMemory {
    /// Whether `value` is a pointer C arithmetic applies to: one into memory, or a C string.
    static func isPointer(_ value: Value) -> Bool {
        switch value {
        case .reference, .string: true
        default: false
        }
    }

    /// Whether `pointer` points into memory by position (``Reference/isElement``), or at
    /// a variable that holds no array, whose element 0 is its value: either way `p[i]`
    /// and `*p` read and write elements, not an array's value.
    static func pointsIntoMemory(_ pointer: Reference) -> Bool {
        if pointer.isElement { return true }
        if case .array = pointer.value { return false }
        return true
    }

    /// `value` as a pointer: itself, or a C string's first character in `strings`' memory.
    static func pointer(from value: Value, in strings: CStringMemory) -> Reference? {
        switch value {
        case .reference(let pointer): pointer
        case .string(let text): strings.memory(of: text)
        default: nil
        }
    }

    /// The array a C array passed as its address holds (see `evaluateDecayingArrays`),
    /// for a parameter that takes the value (`NSArray *items`); nil for anything else.
    static func decayedArray(_ value: Value) -> Value? {
        guard case .reference(let pointer) = value else { return nil }
        let (base, index) = pointer.arrayPosition
        guard pointer.isElement, index == 0, case .array = base.value else { return nil }
        return base.value
    }

    /// The C string `value` holds or points at: a string, a pointer into characters, or
    /// a C array of characters (`char name[16]`) read up to its NUL.
    static func cString(_ value: Value) -> String? {
        switch value {
        case .string(let text): return text
        case .reference(let pointer): return pointer.cString
        case .array: return Reference(value).cString
        default: return nil
        }
    }

    /// `p + n`, `n + p`, `p - n`, `p - q` and `p < q` on pointers: nil when neither side is
    /// a pointer, so the operator goes on as arithmetic.
    static func arithmetic(
        _ op: BinaryOperator, _ lhs: Value, _ rhs: Value, strings: CStringMemory, at location: SourceLocation
    ) throws -> Value? {
        func pointer(from value: Value) -> Reference? { Self.pointer(from: value, in: strings) }
        switch op {
        case .add, .subtract:
            if isPointer(lhs), let offset = integer(rhs), let pointer = pointer(from: lhs) {
                return .reference(pointer.advanced(by: op == .add ? offset : 0 &- offset))
            }
            if op == .add, let offset = integer(lhs), isPointer(rhs), let pointer = pointer(from: rhs) {
                return .reference(pointer.advanced(by: offset))
            }
            if op == .subtract, isPointer(lhs), isPointer(rhs), let end = pointer(from: lhs), let start = pointer(from: rhs) {
                guard let distance = end.distance(from: start) else {
                    throw EvaluationError(.pointersIntoDifferentArrays(op), at: location)
                }
                return .int(distance)
            }
            return nil
        case .less, .greater, .lessOrEqual, .greaterOrEqual:
            guard case .reference(let left) = lhs, case .reference(let right) = rhs else { return nil }
            guard let distance = left.distance(from: right) else {
                throw EvaluationError(.pointersIntoDifferentArrays(op), at: location)
            }
            switch op {
            case .less: return .bool(distance < 0)
            case .greater: return .bool(distance > 0)
            case .lessOrEqual: return .bool(distance <= 0)
            default: return .bool(distance >= 0)
            }
        default:
            return nil
        }
    }

    /// `p[i]` through a pointer into memory, and a C string's character `i`; nil for
    /// anything else (an array's element, a dictionary's entry).
    static func element(of base: Value, at index: Value, location: SourceLocation) throws -> Value? {
        switch base {
        case .reference(let pointer) where pointsIntoMemory(pointer):
            guard case .int(let offset) = index else {
                throw EvaluationError(.arrayIndexNotInteger(kind: index.kindDescription), at: location)
            }
            return pointer.advanced(by: offset).value
        case .string(let text):
            guard case .int(let offset) = index else {
                throw EvaluationError(.arrayIndexNotInteger(kind: index.kindDescription), at: location)
            }
            // The characters and the NUL after them; reading further is reading past the string.
            let count = text.utf8.count
            guard (0...count).contains(offset) else {
                throw EvaluationError(.indexOutOfBounds(index: offset, count: count + 1), at: location)
            }
            return .int(offset == count ? 0 : Int(text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: offset)]))
        default:
            return nil
        }
    }

    /// `*p` of a C string (its first character) and of a C array (its first element, as
    /// `*(attributes->type)` reads the array field); nil for anything else.
    static func firstElement(of value: Value) -> Value? {
        switch value {
        case .string(let text): .int(Int(text.utf8.first ?? 0))
        case .array(let elements): elements.first ?? .int(0)
        default: nil
        }
    }

    /// Gives memory `malloc` or `calloc` returned, never written yet, the zero value of
    /// the struct a pointer of type `^pointee` points at, so `p->field` reads and writes
    /// that struct's fields. Memory already written, and pointers to anything but a
    /// known struct, are left alone.
    static func type(_ pointer: Reference, as pointee: String, in types: TypeTable) {
        guard pointer.isElement, pointer.value == .int(0), pointee.hasPrefix("{") else { return }
        let name = String(pointee.dropFirst().prefix { $0 != "=" && $0 != "}" })
        // A struct without a tag (`typedef struct { ... } Attributes;`) is encoded `{?=...}`:
        // it is the one whose fields encode the same.
        let candidates = name == "?" ? types.structs.keys.filter { $0.hasPrefix("?") }.sorted() : [name]
        guard let type = candidates.lazy.compactMap(types.structType(named:)).first(where: { name != "?" || $0.signatureEncoding == pointee }) else {
            return
        }
        let zero = types.zero(of: type)
        guard case .structure = zero else { return }
        pointer.value = zero
    }

    /// An integer operand of pointer arithmetic.
    private static func integer(_ value: Value) -> Int? {
        switch value {
        case .int(let number): number
        case .bool(let flag): flag ? 1 : 0
        default: nil
        }
    }
}
