import Synchronization

/// Where a variable's value lives when code takes its address (`&error`): a pointer to
/// it, through which a method or function writes an out-parameter (`*error = ...`). A
/// pointer to an instance variable (`&_lock`, `&self->_count`) reads and writes the ivar.
///
/// A pointer can also point into a C array, as C's pointer arithmetic makes one
/// (`name + 1`, `&buffer[2]`, what `malloc` returns): it names the array's element, and
/// reads and writes that element of the array its base holds. rtsh keeps values, not
/// bytes, so an element is one value, whatever its size in C: a `char *` walks a C string
/// one character at a time, a `Class *` one class at a time.
public final class Reference: Hashable, Sendable, CustomStringConvertible {
    private let storage: Mutex<Value>
    /// What this points at when it is not a variable of its own.
    private let place: Place?
    /// Whether this is memory made to hold a C string's characters (``copy(ofCString:)``),
    /// so a pointer into it prints as the text it points at.
    private let holdsText: Bool

    private enum Place {
        /// An instance variable of an object.
        case ivar(Object, Ivar)
        /// Element `index` of the C array `base` holds.
        case element(base: Reference, index: Int)
        /// The field `name` of the struct `base` points at (`&p->name`, an array field
        /// passed where its first element's address is meant).
        case field(base: Reference, name: String)
    }

    public convenience init(_ value: Value) {
        self.init(value, holdsText: false)
    }

    private init(_ value: Value, holdsText: Bool) {
        storage = Mutex(value)
        place = nil
        self.holdsText = holdsText
    }

    /// A pointer to `object`'s `ivar`, which must be one of its class's.
    public init(ivar: Ivar, of object: Object) {
        storage = Mutex(.nil)
        place = .ivar(object, ivar)
        holdsText = false
    }

    /// A pointer to element `index` of the C array `base` points at: what `base + index`
    /// gives. A pointer into an array of its own counts from that array's start, so every
    /// pointer into one array shares one base and pointers compare and subtract as C's.
    public init(element index: Int, of base: Reference) {
        storage = Mutex(.nil)
        holdsText = false
        if case .element(let root, let start)? = base.place {
            place = .element(base: root, index: start &+ index)
        } else {
            place = .element(base: base, index: index)
        }
    }

    /// A pointer to the field `name` of the struct `base` points at, as `&base->name` is.
    public init(field name: String, of base: Reference) {
        storage = Mutex(.nil)
        holdsText = false
        place = .field(base: base, name: name)
    }

    /// A fresh block of memory, as `malloc` and `calloc` give one: a pointer to the first
    /// element of an empty C array, which grows as code writes to it. Elements never
    /// written read as 0, as `calloc`'s zeroed memory does.
    public static func allocate() -> Reference {
        Reference(element: 0, of: Reference(.array([])))
    }

    /// A pointer to the first character of a copy of `text`, NUL-terminated, as
    /// `strdup` makes one: the characters are its UTF-8 bytes.
    public static func copy(ofCString text: String) -> Reference {
        Reference(element: 0, of: Reference(.array(text.utf8.map { .int(Int($0)) } + [.int(0)]), holdsText: true))
    }

    /// The value pointed to.
    public var value: Value {
        get {
            switch place {
            case nil:
                return storage.withLock { $0 }
            case .ivar(let object, let ivar):
                // The ivar is the object's, which is all reading it can fail for.
                return (try? object.value(of: ivar)) ?? .nil
            case .element(let base, let index):
                return Self.element(index, of: base.value)
            case .field(let base, let name):
                guard case .structure(let structure) = base.value else { return .nil }
                return structure[name] ?? .nil
            }
        }
        set {
            switch place {
            case nil:
                storage.withLock { $0 = newValue }
            case .ivar(let object, let ivar):
                try? object.setValue(newValue, of: ivar)
            case .element(let base, let index):
                base.update { Self.set(index, of: &$0, to: newValue) }
            case .field(let base, let name):
                base.update { whole in
                    guard case .structure(var structure) = whole, structure.set(name, to: newValue) else { return }
                    whole = .structure(structure)
                }
            }
        }
    }

    /// Changes the value pointed to in place: an array a variable of its own holds is
    /// not copied for the change, so writing a buffer one element at a time stays linear.
    private func update(_ body: (inout Value) -> Void) {
        guard case nil = place else {
            var changed = value
            body(&changed)
            value = changed
            return
        }
        storage.withLock { body(&$0) }
    }

    /// The most elements writing through a pointer grows an array to: as many as a
    /// declared array may hold. A write past that is dropped; ``canWrite(at:)`` says so first.
    public static let maximumElements = ObjCType.maximumArrayElements

    /// Element `index` of `whole`: an array's element, 0 past its end or before its
    /// start (memory never written); for anything but an array, the value itself at 0,
    /// as `*&x` is `x`.
    private static func element(_ index: Int, of whole: Value) -> Value {
        guard case .array(let elements) = whole else { return index == 0 ? whole : .int(0) }
        return elements.indices.contains(index) ? elements[index] : .int(0)
    }

    private static func set(_ index: Int, of whole: inout Value, to newValue: Value) {
        guard (0..<maximumElements).contains(index) else { return }
        guard case .array(var elements) = whole else {
            if index == 0 { whole = newValue; return }
            whole = .array([whole] + Array(repeating: .int(0), count: index - 1) + [newValue])
            return
        }
        // Taken out first, so the array is not shared with `whole` while it changes.
        whole = .nil
        if index >= elements.count { elements += repeatElement(.int(0), count: index - elements.count + 1) }
        elements[index] = newValue
        whole = .array(elements)
    }

    /// Up to `count` elements from this one on, as far as the memory has been written;
    /// for a pointer to a variable that holds no array, its value.
    public func elements(upTo count: Int) -> [Value] {
        let (base, index) = arrayPosition
        let whole = base.value
        guard case .array(let elements) = whole else { return index == 0 && count > 0 ? [whole] : [] }
        guard index >= 0, index < elements.count, count > 0 else { return [] }
        return Array(elements[index..<min(elements.count, index + min(count, elements.count - index))])
    }

    /// Writes `values` into consecutive elements from this one on, as `memcpy` does,
    /// growing the memory to hold them.
    public func write(_ values: [Value]) {
        let (base, index) = arrayPosition
        guard isElement else {
            if let only = values.first, values.count == 1 { value = only } else if !values.isEmpty { base.value = .array(values) }
            return
        }
        base.update { whole in
            for (offset, element) in values.enumerated() { Self.set(index + offset, of: &whole, to: element) }
        }
    }

    /// Whether a write through this pointer, moved `offset` elements on, lands in
    /// memory an array can grow to hold (not before its start, not past ``maximumElements``).
    public func canWrite(at offset: Int = 0) -> Bool {
        guard case .element(_, let index)? = place else { return offset == 0 || value.isArray }
        let (target, overflow) = index.addingReportingOverflow(offset)
        return !overflow && (0..<Self.maximumElements).contains(target)
    }

    /// The array this points into and the element it points at. A pointer to a variable
    /// (or an ivar, or a field) is its own array's element 0.
    public var arrayPosition: (base: Reference, index: Int) {
        if case .element(let base, let index)? = place { return (base, index) }
        return (self, 0)
    }

    /// Whether this points into a C array by position (pointer arithmetic, `malloc`, an
    /// array passed to a function) rather than at a whole variable.
    public var isElement: Bool {
        if case .element? = place { true } else { false }
    }

    /// The pointer `offset` elements on (back, for a negative offset): `p + offset`.
    public func advanced(by offset: Int) -> Reference {
        Reference(element: offset, of: self)
    }

    /// How many elements this is past `other`, when both point into the same array
    /// (`end - start`); nil when they point into different ones, which C leaves undefined.
    public func distance(from other: Reference) -> Int? {
        let (mine, theirs) = (arrayPosition, other.arrayPosition)
        guard mine.base === theirs.base else { return nil }
        return mine.index &- theirs.index
    }

    /// The C string this points at: its characters from here up to the first NUL (or
    /// the end of the array), read as UTF-8. Nil when this does not point at characters.
    public var cString: String? {
        let (base, index) = arrayPosition
        switch base.value {
        case .string(let text):
            return index == 0 ? text : String(decoding: text.utf8.dropFirst(max(0, index)), as: UTF8.self)
        case .array(let elements):
            var bytes: [UInt8] = []
            for element in elements.dropFirst(max(0, index)) {
                guard case .int(let character) = element else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
                if character == 0 { break }
                bytes.append(UInt8(truncatingIfNeeded: character))
            }
            return String(decoding: bytes, as: UTF8.self)
        default:
            return nil
        }
    }

    /// Two pointers are equal when they point at the same place: the same ivar of the
    /// same object, or the same element of the same array, as their addresses are.
    public static func == (lhs: Reference, rhs: Reference) -> Bool {
        if lhs === rhs { return true }
        switch (lhs.place, rhs.place) {
        case (.ivar(let a, let x)?, .ivar(let b, let y)?):
            return a === b && x === y
        case (.field(let a, let x)?, .field(let b, let y)?):
            return a == b && x == y
        case (.ivar?, _), (_, .ivar?), (.field?, _), (_, .field?):
            return false
        default:
            let (mine, theirs) = (lhs.arrayPosition, rhs.arrayPosition)
            return mine.base === theirs.base && mine.index == theirs.index
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch place {
        case .ivar(let object, let ivar):
            hasher.combine(ObjectIdentifier(object))
            hasher.combine(ObjectIdentifier(ivar))
        case .field(let base, let name):
            hasher.combine(base)
            hasher.combine(name)
        default:
            let (base, index) = arrayPosition
            hasher.combine(ObjectIdentifier(base))
            hasher.combine(index)
        }
    }

    /// Pointers print without their address, so output is the same on every run; a
    /// pointer into a C string's characters prints the text it points at, as a debugger shows a `char *`.
    public var description: String {
        if case .element(let base, _)? = place, base.holdsText, let text = cString { return Value.string(text).description }
        return "<pointer>"
    }
}

extension Value {
    /// Whether this is an array (a C array's value, or an NSArray's).
    var isArray: Bool {
        if case .array = self { true } else { false }
    }
}
