import Shell
import Testing

/// C strings and memory as Objective-C code walks them: pointer arithmetic on C strings,
/// `malloc`ed structs, the `<string.h>` functions writing a caller's buffer, and the
/// Foundation methods that fill one.
@Suite("C strings, pointers and memory")
struct CMemoryTests {
    /// A C string walks as C walks it: indexing, dereferencing, moving a pointer along it,
    /// and measuring the distance between two pointers into it.
    @Test func aCStringIsWalkedByItsPointers() throws {
        let shell = try ShellHarness()
        shell.run(#"const char *s = "T@\"NSString\",R,C"; const char *p = s + 2; const char *end = s + strlen(s);"#)
        #expect(shell.run(
            "@[@(s[0]), @(*p), @(strchr(s, ',') - s), @(strrchr(s, ',') - s), @(end - s), @(*end)]",
            "int commas = 0; for (const char *q = s; *q; q++) if (*q == ',') commas++; commas",
            "@[@(p < end), @(end <= p), @(p == s + 2), @(strchr(s, 'Z') == NULL)]",
            "[NSString stringWithUTF8String:p + 1]",
            #"NSLog(@"%s|%.3s", strchr(s, ',') + 1, p + 1)"#
        ) == ["@[84, 34, 12, 14, 16, 0]", "2", "@[YES, NO, YES, YES]", "\"NSString\\\",R,C\"", "R,C|NSS"])
    }

    /// A C array given to a pointer (a declaration, a struct's pointer field, a cast) is its
    /// address, so writes through the pointer reach the array; an NSArray given to a
    /// CoreFoundation pointer stays the array (a table keyed by it finds it again). An
    /// NSData's `bytes` point into the data's own storage, so code filling a mutable data
    /// through them fills it.
    @Test func anArrayGivenToAPointerIsItsAddress() throws {
        let shell = try ShellHarness()
        shell.run("unsigned char buffer[4] = {0}; struct MMSlot { unsigned char *at; }; struct MMSlot slot;")
        #expect(shell.run(
            "unsigned char *p = buffer; p[1] = 7; slot.at = buffer; slot.at[2] = 9; ((unsigned char *)buffer)[3] = 5; @[@(buffer[1]), @(buffer[2]), @(buffer[3])]",
            "NSMutableData *data = [NSMutableData dataWithLength:2]; unsigned char *bytes = (unsigned char *)data.bytes; bytes[0] = 65; bytes[1] = 66; [[NSString alloc] initWithData:data encoding:NSUTF8StringEncoding]",
            "NSArray *list = @[@1]; NSArray *same = list; same",
            "CFArrayRef bridged = (__bridge CFArrayRef)list; CFMutableDictionaryRef table = CFDictionaryCreateMutable(NULL, 0, &kCFTypeDictionaryKeyCallBacks, &kCFTypeDictionaryValueCallBacks); CFDictionarySetValue(table, (__bridge CFArrayRef)list, @\"found\"); @[@(CFArrayGetCount(bridged)), (__bridge id)CFDictionaryGetValue(table, (__bridge CFArrayRef)list)]"
        ) == ["@[7, 9, 5]", "\"AB\"", "@[1]", "@[1, \"found\"]"])
    }

    /// `sscanf` reads a hex colour's pairs, a version's numbers, floats, words, characters and
    /// scan sets into the caller's variables and buffers, each integer at its width, and
    /// answers how many it stored, or EOF when the text ends first. `LONG_LONG_MAX` is limits.h's.
    @Test func sscanfReadsValuesIntoTheCallersVariables() throws {
        let shell = try ShellHarness()
        shell.run("unsigned int r = 0, g = 0, b = 0, rgb = 0; int major = 0, minor = 0, patch = 0; float f = 0; double d = 0; char word[16]; char c = 0; char key[8]; int value = 0; short tiny = 0;")
        #expect(shell.run(
            #"@[@(sscanf("FF8800", "%2x%2x%2x", &r, &g, &b)), @(r), @(g), @(b)]"#,
            ##"sscanf([@"#0A0B0C" UTF8String] + 1, "%x", &rgb); rgb"##,
            #"@[@(sscanf("10.2.33", "%d.%d.%d", &major, &minor, &patch)), @(major), @(minor), @(patch)]"#,
            #"@[@(sscanf("  3.5e1 -2.25 hello X", "%f %lf %15s %c", &f, &d, word, &c)), @(f), @(d), @(word), @(c)]"#,
            #"@[@(sscanf("width=42", "%[^=]=%d", key, &value)), @(key), @(value)]"#,
            #"@[@(sscanf("", "%d", &major)), @(sscanf("abc", "%d", &major)), @(sscanf("70000 5", "%hd %*d", &tiny)), @(tiny)]"#,
            "LONG_LONG_MAX == LLONG_MAX"
        ) == [
            "@[3, 255, 136, 0]", "1", "658188", "@[3, 10, 2, 33]", "@[4, 35.0, -2.25, \"hello\", 88]", "@[2, \"width\", 42]", "@[-1, 0, 1, 4464]", "YES",
        ])
        #expect(shell.run(#"sscanf("1", "%d")"#).first?.contains("sscanf takes a C string, a format and a pointer for each value it reads") == true)
    }

    /// What `malloc` and `calloc` give takes the struct its pointer is declared as: its
    /// fields read as zero, `->` writes them, and an array field (a flexible array member)
    /// is filled by `strncpy` through the struct.
    @Test func callocedMemoryHoldsTheStructItsPointerIsDeclaredAs() throws {
        let shell = try ShellHarness()
        shell.run("""
            typedef struct { BOOL readonly; Class objectClass; const char *ivar; char type[]; } MMAttributes;
            MMAttributes *attributes = calloc(1, sizeof(MMAttributes) + 8);
            """)
        #expect(shell.run(
            "@[@(attributes->readonly), @(attributes->objectClass == nil)]",
            #"attributes->readonly = YES; attributes->objectClass = [NSString class]; strncpy(attributes->type, "@\"X\"", 4); attributes->type[4] = '\0';"#,
            #"NSLog(@"%d %@ %s %c", attributes->readonly, attributes->objectClass, attributes->type, *(attributes->type))"#,
            "Class *classes = (Class *)malloc(sizeof(Class) * 2); classes[1] = [NSArray class]; *classes = [NSSet class];",
            "@[classes[0], classes[1]]",
            "free(attributes); free(classes);",
            "NSInteger *scratch = alloca(sizeof(NSInteger) * 2); scratch[1] = 7; scratch[1]"
        ) == ["@[NO, YES]", "1 NSString @\"X\" @", "@[NSSet, NSArray]", "7"])
    }

    /// An array field passed to `NSGetSizeAndAlignment` is its address, as C passes an
    /// array, so the function reads the type there and answers a pointer past it
    /// (libextobjc measures the type it copied into its attributes' flexible array so).
    @Test func anArrayFieldPassedToNSGetSizeAndAlignmentIsItsAddress() throws {
        let shell = try ShellHarness()
        shell.run("""
            typedef struct { BOOL readonly; char type[]; } MMTyped;
            MMTyped *typed = calloc(1, sizeof(MMTyped) + 16);
            strncpy(typed->type, "{CGPoint=dd}q", 13); typed->type[13] = '\\0';
            """)
        #expect(shell.run(
            "NSUInteger size = 0; const char *rest = NSGetSizeAndAlignment(typed->type, &size, NULL);",
            #"NSLog(@"%lu %s", size, rest)"#
        ) == ["16 q"])
    }

    /// `@(...)` of any expression that holds a C string makes an NSString of it: pointer
    /// arithmetic, a conditional, a statement expression (libextobjc's `@keypath` boxes
    /// `strchr(#PATH, '.') + 1` inside one).
    @Test func boxingMakesAStringOfAnyExpressionHoldingACString() throws {
        let shell = try ShellHarness()
        shell.run(#"const char *path = "URL.port.stringValue";"#)
        #expect(shell.run(
            "NSString *tail = @(strchr(path, '.') + 1); [tail isEqualToString:@\"port.stringValue\"]",
            "@(YES ? path + 4 : path)",
            "@(({ const char *dot = strrchr(path, '.'); dot + 1; }))",
            "@(2 + 3)"
        ) == ["YES", "\"port.stringValue\"", "\"stringValue\"", "5"])
    }

    /// A property's attribute string parses as the extobjc code model libraries share
    /// (Mantle's `mtl_copyPropertyAttributes`) parses it: skip the type with
    /// `NSGetSizeAndAlignment`, copy the class name into a variable-length array, walk the
    /// flags with a pointer.
    @Test func aPropertysAttributesParseAsExtobjcParsesThem() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMUser : NSObject
            @property (nonatomic, copy, readonly) NSString *name;
            @end
            @implementation MMUser
            @end
            NSString *mm_describe(const char *name) {
                const char *attrString = property_getAttributes(class_getProperty([MMUser class], name));
                const char *typeString = attrString + 1;
                const char *next = NSGetSizeAndAlignment(typeString, NULL, NULL);
                size_t typeLength = next - typeString;
                Class objectClass = nil;
                if (typeString[0] == *(@encode(id)) && typeString[1] == '"') {
                    const char *className = typeString + 2;
                    next = strchr(className, '"');
                    size_t classNameLength = next - className;
                    char trimmedName[classNameLength + 1];
                    strncpy(trimmedName, className, classNameLength);
                    trimmedName[classNameLength] = '\\0';
                    objectClass = objc_getClass(trimmedName);
                }
                if (*next != '\\0') next = strchr(next, ',');
                BOOL readonly = NO; const char *ivar = NULL;
                while (next && *next == ',') {
                    char flag = next[1];
                    next += 2;
                    switch (flag) {
                    case 'R': readonly = YES; break;
                    case 'V': ivar = next; next = ""; break;
                    default: break;
                    }
                }
                return [NSString stringWithFormat:@"%zu %@ %d %s", typeLength, objectClass, readonly, ivar];
            }
            """)
        #expect(shell.run(#"mm_describe("name")"#) == [#""11 NSString 1 _name""#])
    }

    /// A C string's `\x` and octal escapes name bytes, as its compiler writes them: bytes
    /// that are UTF-8 (a byte order mark, an encoded é) are that text; a byte that is no
    /// UTF-8 stays the character of its number.
    @Test func aCStringsByteEscapesAreItsBytes() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            #"const char *bom = "\xEF\xBB\xBF"; @[@(strlen(bom)), @((unsigned char)bom[0]), @((unsigned char)bom[2])]"#,
            #"@[[NSString stringWithUTF8String:"caf\xc3\xa9"], [NSString stringWithUTF8String:"caf\303\251"], [NSString stringWithUTF8String:"a\x41\102"]]"#,
            #"@[@(strlen("caf\xe9")), @(strlen("\u00e9"))]"#
        ) == ["@[3, 239, 191]", #"@["café", "café", "aAB"]"#, "@[5, 2]"])
    }

    /// The `<string.h>` and `<stdlib.h>` functions write the caller's array and read
    /// numbers as C's do.
    @Test func theStringFunctionsWriteTheCallersBuffer() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            #"char buf[16]; strcpy(buf, "ab"); strcat(buf, "cd"); @[@(strlen(buf)), @(buf[3])]"#,
            #"snprintf(buf, sizeof(buf), "%d-%s", 7, "xy"); [NSString stringWithUTF8String:buf]"#,
            #"@(strlcpy(buf, "overflowing", 5)); [NSString stringWithUTF8String:buf]"#,
            "int nums[4] = {1, 2, 3, 4}; int copy[4]; memcpy(copy, nums, sizeof(nums)); @[@(copy[3]), @(memcmp(copy, nums, sizeof(nums)))]",
            "memset(copy, 0, sizeof(copy)); @(copy[3])",
            #"char *rest = NULL; long n = strtol("  0x1Fpx", &rest, 0); @[@(n), [NSString stringWithUTF8String:rest], @(atoi("-7")), @(atof("2.5e1"))]"#,
            #"char *dup = strdup("hello"); dup[0] = 'j'; [NSString stringWithUTF8String:dup]"#,
            #"const char *pair = "key=value"; @(strstr(pair, "=") - pair)"#
        ) == ["@[4, 100]", "4", "\"7-xy\"", "11", "\"over\"", "@[4, 0]", "0", "@[31, \"px\", -7, 25.0]", "\"jello\"", "3"])
    }

    /// Foundation's methods that fill a caller's buffer write a C array passed to them.
    @Test func foundationFillsACallersBuffer() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            """
            NSString *key = @"name"; NSUInteger length = [key maximumLengthOfBytesUsingEncoding:NSUTF8StringEncoding]; \
            char selector[length + 7]; \
            [key getBytes:selector maxLength:length usedLength:&length encoding:NSUTF8StringEncoding options:0 range:NSMakeRange(0, key.length) remainingRange:NULL]; \
            memcpy(selector + length, "Valid:", 6); selector[length + 6] = '\\0'; \
            NSStringFromSelector(sel_registerName(selector))
            """,
            #"char text[8]; @[@([@"hi" getCString:text maxLength:8 encoding:NSUTF8StringEncoding]), @([@"too long" getCString:text maxLength:4 encoding:NSUTF8StringEncoding]), @(strlen(text))]"#,
            #"char bytes[3] = {1, 2, 3}; NSData *data = [NSData dataWithBytes:bytes length:3]; const char *read = data.bytes; @[@(data.length), @(read[2])]"#,
            "char out[3]; [data getBytes:out length:2]; @[@(out[0]), @(out[1])]",
            // A string literal's characters, as AFNetworking's tests make data of "{}".
            #"[[NSString alloc] initWithData:[NSData dataWithBytes:"{}" length:2] encoding:NSUTF8StringEncoding]"#,
            "id objects[2]; [@[@\"a\", @\"b\", @\"c\"] getObjects:objects range:NSMakeRange(1, 2)]; @[objects[0], objects[1]]",
            // A value's bytes into a C array, and an invocation's argument out of it (ReactiveObjC's lifting).
            """
            NSValue *boxed = [NSValue valueWithCGRect:CGRectMake(1, 2, 3, 4)]; NSUInteger size = 0; (void)NSGetSizeAndAlignment(boxed.objCType, &size, NULL); \
            unsigned char bytes[size]; [boxed getValue:bytes]; \
            NSInvocation *call = [NSInvocation invocationWithMethodSignature:[NSMethodSignature signatureWithObjCTypes:"v@:{CGRect={CGPoint=dd}{CGSize=dd}}"]]; \
            [call setArgument:bytes atIndex:2]; CGRect read; [call getArgument:&read atIndex:2]; read
            """,
            // A string of the bytes a pointer points at, as many as the length says.
            #"const char *types = "v@:@"; [[NSString alloc] initWithBytesNoCopy:(void *)types length:strlen(types) encoding:NSUTF8StringEncoding freeWhenDone:NO]"#,
            #"char word[3] = {104, 105, 0}; @[[[NSString alloc] initWithBytes:word length:2 encoding:NSASCIIStringEncoding], [[NSString alloc] initWithBytes:NULL length:0 encoding:NSUTF8StringEncoding]]"#,
            // Copying nothing reads neither pointer: a prefix that may be NULL, with length 0.
            #"const char *prefix = NULL; char joined[3] = "ab"; memcpy(joined, prefix, 0); memmove(joined + 1, NULL, 0); [NSString stringWithUTF8String:joined]"#
        ) == ["YES", "\"nameValid:\"", "@[YES, NO, 2]", "@[3, 3]", "@[1, 2]", "\"{}\"", "@[\"b\", \"c\"]", "{{1, 2}, {3, 4}}", "\"v@:@\"", "@[\"hi\", \"\"]", "\"ab\""])
    }

    /// A pointer misused is a located error that says what was wrong: subtracting
    /// pointers into different strings, writing before the start of memory.
    @Test func misusedPointersAreLocatedErrors() throws {
        let shell = try ShellHarness()
        shell.run(#"const char *a = "abc"; const char *b = "xyz"; char *m = malloc(4);"#)
        let subtracted = shell.run("(b + 1) - (a + 1)")
        #expect(subtracted.contains { $0.contains("'-' compares or subtracts two pointers into the same array") && $0.contains("these point into different ones") })
        let written = shell.run("m[-1] = 'x'")
        #expect(written.contains { $0.contains("element -1 from this pointer lies outside its memory") })
        #expect(shell.run("m[2] = 'x'; @(m[2])") == ["120"])
    }

    /// CommonCrypto's digests write a caller's buffer, as a cache names files after a key's
    /// MD5: from a C string, and from data longer than one 64-byte block.
    @Test func commonCryptoDigestsFillTheCallersBuffer() throws {
        let shell = try ShellHarness()
        shell.run("""
            NSString *mm_hex(unsigned char *digest, int length) {
                NSMutableString *text = [NSMutableString string];
                for (int i = 0; i < length; i++) [text appendFormat:@"%02x", digest[i]];
                return text;
            }
            """)
        #expect(shell.run(
            #"const char *str = "abc"; unsigned char md5[CC_MD5_DIGEST_LENGTH]; CC_MD5(str, (CC_LONG)strlen(str), md5); mm_hex(md5, CC_MD5_DIGEST_LENGTH)"#,
            #"NSData *fox = [[@"" stringByPaddingToLength:135 withString:@"The quick brown fox jumps over the lazy dog. " startingAtIndex:0] dataUsingEncoding:NSUTF8StringEncoding]; fox.length"#,
            "unsigned char a[16]; CC_MD5(fox.bytes, (CC_LONG)fox.length, a); mm_hex(a, 16)",
            "unsigned char b[CC_SHA1_DIGEST_LENGTH]; CC_SHA1(fox.bytes, (CC_LONG)fox.length, b); mm_hex(b, 20)",
            "unsigned char c[CC_SHA256_DIGEST_LENGTH]; CC_SHA256(fox.bytes, (CC_LONG)fox.length, c); mm_hex(c, 32)"
        ) == [
            "<NSMutableString: 0x1> \"900150983cd24fb0d6963f7d28e17f72\"", "135",
            "<NSMutableString: 0x3> \"e6f263d514adf884ef6cc864d206d462\"",
            "<NSMutableString: 0x4> \"cad36c9a7b06732521999993937a688dbb8f9b99\"",
            "<NSMutableString: 0x5> \"dc985401a68faff03051c78bbf32bb2fd27ba216b0dba19b050b936d534b8ba9\"",
        ])
        // RFC 2104's HMAC, as OAuth signs a request; the values are the published examples'.
        #expect(shell.run(
            #"const char *key = "key", *msg = "The quick brown fox jumps over the lazy dog"; unsigned char s1[20]; CCHmac(kCCHmacAlgSHA1, key, strlen(key), msg, strlen(msg), s1); [mm_hex(s1, 20) copy]"#,
            #"unsigned char s2[32]; CCHmac(kCCHmacAlgSHA256, key, strlen(key), msg, strlen(msg), s2); [mm_hex(s2, 32) copy]"#,
            #"unsigned char s3[16]; CCHmac(kCCHmacAlgMD5, key, strlen(key), msg, strlen(msg), s3); [mm_hex(s3, 16) copy]"#
        ).filter { $0 != "nil" } == [
            "\"de7c9b85b8b78aa6bc8a7a36f70a90701c9db4d9\"", "\"f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8\"",
            "\"80070713463e7749b90c2dc24911e275\"",
        ])
        // The streaming forms digest what their updates gave, in pieces, as file hashing does.
        #expect(shell.run(
            "unsigned char d1[16]; CC_MD5_CTX md5; CC_MD5_Init(&md5); CC_MD5_Update(&md5, fox.bytes, 100); CC_MD5_Update(&md5, (const char *)fox.bytes + 100, 35); CC_MD5_Final(d1, &md5); [mm_hex(d1, 16) copy]",
            "unsigned char d2[20]; CC_SHA1_CTX sha1; CC_SHA1_Init(&sha1); CC_SHA1_Update(&sha1, fox.bytes, (CC_LONG)fox.length); CC_SHA1_Final(d2, &sha1); [mm_hex(d2, 20) copy]",
            "unsigned char d3[32]; CC_SHA256_CTX sha256; CC_SHA256_Init(&sha256); CC_SHA256_Final(d3, &sha256); [mm_hex(d3, 32) copy]"
        ).filter { $0 != "1" } == [
            "\"e6f263d514adf884ef6cc864d206d462\"", "\"cad36c9a7b06732521999993937a688dbb8f9b99\"",
            "\"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\"",
        ])
        #expect(shell.run("CC_SHA1_CTX unset; CC_SHA1_Update(&unset, \"x\", 1);").first?.contains("CC_SHA1_Update takes a pointer to a context") == true)
    }
}
