import Shell
import Testing

/// zlib as code drives it: a gzip stream inflated a few bytes at a time into a growing
/// buffer (as gzip categories on NSData loop until `Z_STREAM_END`), a zlib stream
/// uncompressed at once, data compressed and inflated back, zlib's checksums, and corrupt
/// input answered with `Z_DATA_ERROR` and zlib's message. The compressed bytes are
/// Python's zlib's: fixed Huffman codes in the first, dynamic ones in the gzip stream.
@Suite("zlib")
struct ZlibTests {
    static let streams = """
        const unsigned char mm_zlib[] = {120,218,11,201,72,85,40,44,205,76,206,86,72,42,202,47,207,83,72,203,175,80,200,42,205,45,40,86,200,47,75,45,82,
                40,1,74,231,36,86,85,42,164,228,167,235,41,132,144,160,24,0,174,209,32,47};
        const unsigned char mm_gzip[] = {31,139,8,0,0,0,0,0,2,255,53,209,137,113,2,81,12,4,209,148,208,5,182,58,26,88,192,102,243,15,0,233,31,19,192,
                171,86,233,146,119,36,31,15,52,143,227,192,242,89,195,243,213,35,242,61,198,53,255,230,184,229,63,63,249,249,
                240,155,231,121,34,151,188,215,144,70,106,200,128,218,146,137,181,39,5,34,173,33,131,66,202,169,33,109,213,144,
                225,53,169,147,108,85,75,69,91,68,135,134,206,52,116,165,161,59,13,157,100,171,90,42,218,34,54,52,108,246,97,
                43,15,219,117,216,186,182,84,43,21,107,17,27,26,54,251,176,149,135,239,58,124,157,92,170,151,138,183,136,15,13,
                159,125,248,202,195,119,29,190,78,46,213,75,37,90,36,134,70,204,62,98,229,17,187,142,216,223,120,19,165,18,45,
                18,67,35,102,31,95,8,86,201,183,208,1,0,0};
        """

    @Test func streamsInflateAndDeflateAsZlibDoes() throws {
        let shell = try ShellHarness()
        #expect(shell.run(Self.streams) == [])
        #expect(shell.run(
            "NSMutableData *out = [NSMutableData dataWithLength:16]; z_stream s; memset(&s, 0, sizeof(s)); s.next_in = (Bytef *)mm_gzip; s.avail_in = sizeof(mm_gzip); int status = inflateInit2(&s, 16 + MAX_WBITS); int calls = 0; while (status == Z_OK) { if (s.total_out >= out.length) out.length += 16; s.next_out = (Bytef *)out.mutableBytes + s.total_out; s.avail_out = (uInt)(out.length - s.total_out); status = inflate(&s, Z_SYNC_FLUSH); calls++; } out.length = s.total_out; @[@(status == Z_STREAM_END), @(calls), @(s.total_in), @(inflateEnd(&s) == Z_OK)]",
            "NSString *text = [[NSString alloc] initWithData:out encoding:NSUTF8StringEncoding]; @[@(text.length), [text substringToIndex:24], @([text hasSuffix:@\"59:jjjj;\"])]",
            "unsigned char plain[128]; uLongf length = sizeof(plain); @[@(uncompress(plain, &length, mm_zlib, sizeof(mm_zlib)) == Z_OK), @(length), [[NSString alloc] initWithBytes:plain length:19 encoding:NSUTF8StringEncoding]]",
            "@[@(crc32(0, plain, (uInt)length)), @(adler32(1, plain, (uInt)length)), @(crc32(0L, Z_NULL, 0)), @(adler32(0L, Z_NULL, 0))]",
            "NSData *source = [@\"round and round and round\" dataUsingEncoding:NSUTF8StringEncoding]; NSMutableData *packed = [NSMutableData dataWithLength:deflateBound(&s, source.length)]; z_stream d; memset(&d, 0, sizeof(d)); int began = deflateInit2(&d, Z_BEST_COMPRESSION, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY); d.next_in = (Bytef *)source.bytes; d.avail_in = (uInt)source.length; d.next_out = packed.mutableBytes; d.avail_out = (uInt)packed.length; @[@(began == Z_OK && deflate(&d, Z_FINISH) == Z_STREAM_END), @(deflateEnd(&d) == Z_OK), @(((unsigned char *)packed.bytes)[0]), @(((unsigned char *)packed.bytes)[1])]",
            "packed.length = d.total_out; unsigned char back[64]; z_stream i; memset(&i, 0, sizeof(i)); int opened = inflateInit2(&i, 32 + MAX_WBITS); i.next_in = (Bytef *)packed.bytes; i.avail_in = (uInt)packed.length; i.next_out = back; i.avail_out = sizeof(back); @[@(opened + inflate(&i, Z_FINISH)), [[NSString alloc] initWithBytes:back length:i.total_out encoding:NSUTF8StringEncoding]]",
            "unsigned char bad[] = {0x78, 0x9C, 0xFF, 0xFF}; z_stream b; memset(&b, 0, sizeof(b)); int started = inflateInit(&b); b.next_in = bad; b.avail_in = 4; b.next_out = back; b.avail_out = sizeof(back); @[@(started == Z_OK && inflate(&b, Z_FINISH) == Z_DATA_ERROR), @(b.msg)]",
            "unsigned char small[4]; uLongf room = sizeof(small); uncompress(small, &room, mm_zlib, sizeof(mm_zlib)) == Z_BUF_ERROR"
        ) == [
            "@[YES, 29, 202, YES]", "@[464, \"0:a;1:bb;2:ccc;3:dddd;4:\", YES]", "@[YES, 89, \"The quick brown fox\"]",
            "@[2598963879, 2932940847, 0, 1]", "@[YES, YES, 31, 139]", "@[1, \"round and round and round\"]", "@[YES, \"invalid block type\"]", "YES",
        ])
        // A stream given no data makes no progress: Z_BUF_ERROR, so a loop until
        // Z_STREAM_END ends; given part of a stream, it takes it and waits for more.
        #expect(shell.run(
            "z_stream e; memset(&e, 0, sizeof(e)); int ready = inflateInit2(&e, 32 + MAX_WBITS); e.next_out = back; e.avail_out = sizeof(back); ready == Z_OK && inflate(&e, Z_SYNC_FLUSH) == Z_BUF_ERROR",
            "e.next_in = (Bytef *)mm_gzip; e.avail_in = 10; @[@(inflate(&e, Z_SYNC_FLUSH)), @(e.total_in), @(inflate(&e, Z_SYNC_FLUSH) == Z_BUF_ERROR)]"
        ) == ["YES", "@[0, 10, YES]"])
        // zlib's `OF(args)`, with which minizip and other code over zlib declare functions.
        #expect(shell.run("extern int ZEXPORT mm_twice OF((int value));", "int mm_twice(int value) { return value * 2; }", "mm_twice(3)") == ["6"])
        #expect(shell.run("inflate(3, Z_FINISH)").first?.contains("inflate takes a pointer to a z_stream and a flush mode") == true)
    }
}
