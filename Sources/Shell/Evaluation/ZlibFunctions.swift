import Runtime
import Synchronization

/// zlib's C API over ``Zlib``: the streaming `inflate` and `deflate` on a `z_stream` as
/// gzip categories and libPhoneNumber drive them (`inflateInit2(&stream, 16 + MAX_WBITS)`,
/// `next_in`/`avail_in`, `next_out`/`avail_out`, called until `Z_STREAM_END`), the one-shot
/// `uncompress` and `compress`, and the checksums `crc32` and `adler32`.
///
/// A stream decodes its whole input once it has all of it, then hands the output out as
/// `avail_out` allows, call by call, moving the stream's pointers and counts as zlib does;
/// what it has not handed out yet is kept by the stream's `state` (a number), until
/// `inflateEnd` or `deflateEnd`. A deflating stream collects its input until `Z_FINISH`.
enum ZlibFunctions {
    private static let expectations: [String: String] = [
        "inflateInit": "a pointer to a z_stream, as in inflateInit(&stream)",
        "inflateInit2": "a pointer to a z_stream and the window bits (16 + MAX_WBITS for gzip), as in inflateInit2(&stream, 16 + MAX_WBITS)",
        "inflate": "a pointer to a z_stream and a flush mode, as in inflate(&stream, Z_FINISH)",
        "inflateEnd": "a pointer to a z_stream, as in inflateEnd(&stream)",
        "inflateReset": "a pointer to a z_stream, as in inflateReset(&stream)",
        "deflateInit": "a pointer to a z_stream and a level, as in deflateInit(&stream, Z_DEFAULT_COMPRESSION)",
        "deflateInit2": "a pointer to a z_stream, a level, the method, the window bits, the memory level and a strategy, as in deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY)",
        "deflate": "a pointer to a z_stream and a flush mode, as in deflate(&stream, Z_FINISH)",
        "deflateEnd": "a pointer to a z_stream, as in deflateEnd(&stream)",
        "deflateBound": "a pointer to a z_stream and a length, as in deflateBound(&stream, data.length)",
        "compressBound": "a length, as in compressBound(data.length)",
        "uncompress": "a buffer, a pointer to its length, the compressed bytes and their length, as in uncompress(out, &outLength, data.bytes, data.length)",
        "compress": "a buffer, a pointer to its length, the bytes and their length, as in compress(out, &outLength, data.bytes, data.length)",
        "compress2": "a buffer, a pointer to its length, the bytes, their length and a level, as in compress2(out, &outLength, data.bytes, data.length, Z_BEST_COMPRESSION)",
        "crc32": "a CRC so far (0 to start), the bytes and their length, as in crc32(0, data.bytes, data.length)",
        "adler32": "a checksum so far (1 to start), the bytes and their length, as in adler32(1, data.bytes, data.length)",
        "zlibVersion": "nothing, as in zlibVersion()",
    ]

    /// The functions, sorted.
    static let names = expectations.keys.sorted()

    /// zlib's return codes.
    private static let ok = 0, streamEnd = 1, streamError = -2, dataError = -3, bufferError = -5
    private static let finish = 4

    /// What one stream has read and has still to hand out.
    struct Stream {
        var isDeflating: Bool
        var wrapping: Zlib.Wrapping
        var input: [UInt8] = []
        var output: [UInt8]?
        var delivered = 0
    }

    /// The streams between their `...Init` and `...End`, by the number their `state` holds.
    final class Streams: Sendable {
        private let table = Mutex<(next: Int, streams: [Int: Stream])>((1, [:]))

        func open(_ stream: Stream) -> Int {
            table.withLock { table in
                let id = table.next
                table.next += 1
                table.streams[id] = stream
                return id
            }
        }

        func update<Result>(_ id: Int, _ body: (inout Stream) throws -> Result) rethrows -> Result? {
            try table.withLock { table in
                guard var stream = table.streams[id] else { return nil }
                defer { table.streams[id] = stream }
                return try body(&stream)
            }
        }

        func close(_ id: Int) -> Bool { table.withLock { $0.streams.removeValue(forKey: id) != nil } }

        func removeAll() { table.withLock { $0.streams.removeAll() } }
    }

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], streams: Streams, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        /// `count` bytes from the pointer argument `index` (NULL is none).
        func bytes(_ index: Int, count: Int) throws -> [UInt8] {
            if call[index] == .nil || count <= 0 { return [] }
            guard let pointer = try call.pointer(index) else { return [] }
            return pointer.elements(upTo: count).map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) }
        }
        switch name {
        case "zlibVersion":
            try call.expect(0)
            return .string("1.2.12")
        case "crc32", "adler32":
            try call.expect(3)
            let initial = UInt32(truncatingIfNeeded: try call.integer(0))
            // With no bytes, the checksum's starting value, as `crc32(0L, Z_NULL, 0)` is asked for it.
            if call[1] == .nil || call[1] == .int(0) { return .int(name == "crc32" ? 0 : 1) }
            let data = try bytes(1, count: try call.integer(2))
            return .int(Int(name == "crc32" ? Zlib.crc32(data, continuing: initial) : Zlib.adler32(data, continuing: initial)))
        case "compressBound":
            try call.expect(1)
            return .int(bound(try call.integer(0)))
        case "uncompress", "compress", "compress2":
            try call.expect(name == "compress2" ? 5 : 4)
            guard let target = try call.pointer(0), let lengthPointer = try call.pointer(1) else { throw call.mistake }
            let capacity = lengthPointer.value.intValue ?? 0
            let source = try bytes(2, count: try call.integer(3))
            let result: [UInt8]
            if name == "uncompress" {
                do { result = try Zlib.inflate(source, wrapping: .zlib).output } catch { return .int(dataError) }
            } else {
                result = Zlib.deflate(source, wrapping: .zlib)
            }
            guard result.count <= capacity else { return .int(bufferError) }
            target.write(result.map { .int(Int($0)) })
            lengthPointer.value = .int(result.count)
            return .int(ok)
        default:
            break
        }
        /// `count` bytes a stream's pointer field points at.
        func pointerBytes(_ value: Value?, count: Int) throws -> [UInt8] {
            guard case .reference(let source)? = value else { throw call.mistake }
            return source.elements(upTo: count).map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) }
        }
        func advanced(_ value: Value?, by count: Int) -> Value {
            guard case .reference(let source)? = value else { return value ?? .nil }
            return .reference(source.advanced(by: count))
        }

        // The stream functions.
        guard let pointer = try call.pointer(0), case .structure(var stream) = pointer.value, stream["avail_in"] != nil else { throw call.mistake }
        func field(_ name: String) -> Int { stream[name]?.intValue ?? 0 }
        switch name {
        case "inflateInit", "inflateInit2", "deflateInit", "deflateInit2":
            let isDeflating = name.hasPrefix("deflate")
            try call.expect(["inflateInit": 1, "inflateInit2": 2, "deflateInit": 2, "deflateInit2": 6][name] ?? 1)
            let windowBits = name == "inflateInit2" ? try call.integer(1) : name == "deflateInit2" ? try call.integer(3) : 15
            guard let wrapping = Zlib.Wrapping(windowBits: windowBits) else { return .int(streamError) }
            let id = streams.open(Stream(isDeflating: isDeflating, wrapping: wrapping))
            for (name, value) in [("state", Value.int(id)), ("total_in", .int(0)), ("total_out", .int(0)), ("msg", .nil)] { _ = stream.set(name, to: value) }
            pointer.value = .structure(stream)
            return .int(ok)
        case "inflateEnd", "deflateEnd":
            try call.expect(1)
            guard streams.close(field("state")) else { return .int(streamError) }
            _ = stream.set("state", to: .nil)
            pointer.value = .structure(stream)
            return .int(ok)
        case "inflateReset":
            try call.expect(1)
            let reset = streams.update(field("state")) { state -> Bool in
                state = Stream(isDeflating: false, wrapping: state.wrapping)
                return true
            }
            guard reset == true else { return .int(streamError) }
            for (name, value) in [("total_in", Value.int(0)), ("total_out", .int(0)), ("msg", .nil)] { _ = stream.set(name, to: value) }
            pointer.value = .structure(stream)
            return .int(ok)
        case "deflateBound":
            try call.expect(2)
            return .int(bound(try call.integer(1)))
        default: // inflate, deflate
            try call.expect(2)
            let flush = try call.integer(1)
            let availableIn = field("avail_in"), availableOut = field("avail_out")
            let input = availableIn > 0 ? try pointerBytes(stream["next_in"], count: availableIn) : []
            var failure: String?
            let handedOut: (bytes: [UInt8], status: Int)? = try streams.update(field("state")) { state in
                guard state.isDeflating == (name == "deflate") else { return ([], streamError) }
                if state.output == nil {
                    state.input += input
                    if state.isDeflating {
                        guard flush == finish else { return ([], ok) }
                        state.output = Zlib.deflate(state.input, wrapping: state.wrapping)
                    } else {
                        do { state.output = try Zlib.inflate(state.input, wrapping: state.wrapping).output } catch let error as Zlib.Failure {
                            // Short of its end, the stream waits for more input, as zlib's does;
                            // a call that brought none made no progress, which zlib answers
                            // Z_BUF_ERROR (a loop until Z_STREAM_END over no data ends so).
                            if error.message == "unexpected end of file" { return ([], flush == finish || input.isEmpty ? bufferError : ok) }
                            failure = error.message
                            return ([], dataError)
                        }
                    }
                }
                let output = state.output ?? []
                guard availableOut > 0 || state.delivered == output.count else { return ([], bufferError) }
                let count = min(availableOut, output.count - state.delivered)
                defer { state.delivered += count }
                return (Array(output[state.delivered..<(state.delivered + count)]), state.delivered + count == output.count ? streamEnd : ok)
            }
            guard let (out, status) = handedOut else { return .int(streamError) }
            // The input is taken (all of it, once the stream has it), the output written.
            if status != dataError {
                _ = stream.set("next_in", to: advanced(stream["next_in"], by: input.count))
                _ = stream.set("avail_in", to: .int(availableIn - input.count))
                _ = stream.set("total_in", to: .int(field("total_in") + input.count))
            }
            if !out.isEmpty {
                guard case .reference(let target)? = stream["next_out"] else { throw call.mistake }
                target.write(out.map { .int(Int($0)) })
                _ = stream.set("next_out", to: .reference(target.advanced(by: out.count)))
                _ = stream.set("avail_out", to: .int(availableOut - out.count))
                _ = stream.set("total_out", to: .int(field("total_out") + out.count))
            }
            if let failure { _ = stream.set("msg", to: .string(failure)) }
            pointer.value = .structure(stream)
            return .int(status)
        }
    }

    /// The most a stored-block stream of `length` bytes takes: a block's five bytes for each
    /// 65,535, and the largest wrapping's (gzip's) eighteen.
    private static func bound(_ length: Int) -> Int {
        let length = max(0, length)
        return length + 5 * (length / 65_535 + 1) + 18
    }
}
