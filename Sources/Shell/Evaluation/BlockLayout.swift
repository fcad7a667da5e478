import Runtime

/// A block seen through the struct the Block ABI lays it out as, for code that casts a
/// block to its own copy of that struct (`struct Block_literal_1 *layout = (__bridge void
/// *)block;`) to read its signature, as Aspects, BlocksKit, OCMock and RSSwizzle do:
///
/// ```objc
/// if (layout->flags & BLOCK_HAS_SIGNATURE) {
///     void *desc = layout->descriptor;
///     desc += 2 * sizeof(unsigned long int);
///     if (layout->flags & BLOCK_HAS_COPY_DISPOSE) desc += 2 * sizeof(void *);
///     const char *signature = *(const char **)desc;
/// ```
///
/// The fields are read by the ABI's names (`isa`, `flags`, `reserved`, `invoke`,
/// `descriptor`), which those copies keep. Every block is a heap block with copy and
/// dispose helpers and a signature. rtsh's memory holds values, not bytes (see
/// ``CMemory``), so the descriptor is memory of one element a byte, each field's value at
/// its byte offset: the byte arithmetic above lands on the signature.
enum BlockLayout {
    /// The ABI's `BLOCK_HAS_COPY_DISPOSE`.
    static let hasCopyDispose = 1 << 25
    /// The ABI's `BLOCK_HAS_SIGNATURE`.
    static let hasSignature = 1 << 30
    /// The struct's fields, in the ABI's order.
    static let fieldNames = ["isa", "flags", "reserved", "invoke", "descriptor"]

    /// `layout->name` of `block`.
    static func field(_ name: String, of block: Block, runtime: Runtime, at location: SourceLocation) throws -> Value {
        switch name {
        case "isa":
            return runtime.class(ofValue: .block(block)).map { .object($0) } ?? .nil
        case "flags":
            return .int(hasCopyDispose | hasSignature)
        case "reserved":
            return .int(0)
        case "invoke":
            // The function a call of the block runs, which takes the block first.
            return .block(Block(parameterCount: block.parameterCount + 1, isVariadic: block.isVariadic) { arguments, depth in
                try block.call(Arguments(Array(arguments.dropFirst())), nestedAt: depth)
            })
        case "descriptor":
            return .reference(descriptor(of: block))
        default:
            throw EvaluationError(.unknownField(structName: "Block_layout", field: name, fields: fieldNames), at: location)
        }
    }

    /// The descriptor, one element a byte: `reserved` at 0, `size` at 8, the copy and
    /// dispose helpers at 16 and 24 (NULL: nothing calls them), `signature` at 32.
    private static func descriptor(of block: Block) -> Reference {
        let word = MemoryLayout<Int>.size
        var bytes = Array(repeating: Value.int(0), count: 6 * word)
        // The size of the block literal: its five fields.
        bytes[word] = .int(5 * word)
        bytes[4 * word] = block.signature.map(Value.string) ?? .nil
        return Reference(element: 0, of: Reference(.array(bytes)))
    }
}
