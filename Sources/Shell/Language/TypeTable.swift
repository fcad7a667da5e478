import Runtime
import UIKitModel

/// The type names code may use, with their types: C's and the framework's, the classes
/// declared so far, and every `typedef`, `enum` and `struct` read.
///
/// The parser needs it to tell a declaration from an expression, as every C parser does:
/// `UIView *view;` declares, `width * height;` multiplies.
struct TypeTable: Sendable {
    /// Names made by `typedef` and `enum`, and the framework's.
    private(set) var aliases: [String: ObjCType] = Self.frameworkAliases
    /// Classes declared in what was read (`@class`, `@interface`, `@implementation`).
    private(set) var classes: Set<String> = []
    /// The fields of every struct known, by the name in its encoding.
    private(set) var structs: [String: [(name: String, type: ObjCType)]] = Self.frameworkStructs
    /// Whether a class of that name exists outside what was read (in the runtime).
    var isKnownClass: @Sendable (String) -> Bool = { _ in false }

    init() {}

    /// Counts the declarations made since the table was created, so a holder of a copy can
    /// tell cheaply whether a parse declared anything.
    private(set) var revision = 0

    mutating func declareClass(_ name: String) {
        if classes.insert(name).inserted { revision += 1 }
    }

    mutating func declareAlias(_ name: String, as type: ObjCType) {
        aliases[name] = type
        revision += 1
    }

    /// Puts back what `name` meant before a declaration hid it for a while (nil: nothing).
    mutating func restoreAlias(_ name: String, to previous: ObjCType?) {
        aliases[name] = previous
        revision += 1
    }

    /// Other names of classes, made by `typedef UIImage LIImage;`: a type, and a receiver
    /// of class messages (`[LIImage imageNamed:@"logo"]`), as clang takes them.
    private(set) var classAliases: [String: String] = [:]

    mutating func declareClassAlias(_ name: String, of className: String) {
        classAliases[name] = classAliases[className] ?? className
        declareAlias(name, as: .object(className: classAliases[name]))
    }

    /// The declared types of the variables read so far (file-scope variables, ivars,
    /// parameters and locals), by name, a later declaration taking the name over: what
    /// `sizeof` of a variable measures, and what tells an array's `*name` from a pointer's.
    private(set) var variables: [String: ObjCType] = [:]

    /// For each selector of a method the code declares, which of its parameters take an
    /// object, by the first declaration read: where the message passes a literal 0, C's
    /// null pointer constant, the compiler passes nil (FMDB's `orDictionary:0x00`).
    private(set) var objectParameters: [String: [Bool]] = [:]

    mutating func declareMethod(_ selector: String, parameters: [(name: String, type: ObjCType)]) {
        guard !parameters.isEmpty, objectParameters[selector] == nil else { return }
        objectParameters[selector] = parameters.map(\.type.holdsObject)
    }

    /// Arrays sized when the code runs (C's variable-length arrays), by name: variables
    /// whose size no `sizeof` can measure before then.
    private(set) var runtimeSizedArrays: Set<String> = []

    mutating func declareVariable(_ name: String, as type: ObjCType) {
        variables[name] = type
        runtimeSizedArrays.remove(name)
        revision += 1
    }

    mutating func declareRuntimeSizedArray(_ name: String) {
        variables[name] = nil
        runtimeSizedArrays.insert(name)
        revision += 1
    }

    /// Whether a variable read so far has the name: in `sizeof(name)`, a name that none
    /// has is a type.
    func isVariable(_ name: String) -> Bool {
        variables[name] != nil || runtimeSizedArrays.contains(name)
    }

    /// How many structs without a tag were read.
    private var anonymousStructs = 0

    /// A name for a struct without a tag (`typedef struct { int a; } MMPair;`): `?` and a
    /// number, so that each keeps its own fields; it encodes as `?`, as clang encodes it.
    mutating func anonymousStructName() -> String {
        anonymousStructs += 1
        return "?\(anonymousStructs)"
    }

    mutating func declareStruct(_ name: String, fields: [(name: String, type: ObjCType)]) {
        structs[name] = fields
        revision += 1
    }

    /// Whether a struct named `name` with `fields` would hold itself, directly or through
    /// the structs its fields hold: C allows that only through a pointer.
    func wouldContainItself(_ name: String, fields: [(name: String, type: ObjCType)]) -> Bool {
        var visited: Set<String> = []
        var pending = fields.map(\.type)
        while let type = pending.popLast() {
            guard case .structure(let inner, _) = type else { continue }
            if inner == name { return true }
            guard visited.insert(inner).inserted, let innerFields = structs[inner] else { continue }
            pending += innerFields.map(\.type)
        }
        return false
    }

    /// Whether `name` is a class known for certain: declared in what was read, or in the runtime.
    func isDeclaredClass(_ name: String) -> Bool { classes.contains(name) || isKnownClass(name) }

    /// Whether `name` reads as a class: declared, in the runtime, or spelled as Apple's
    /// frameworks name their classes (`MKMapView`), whether or not the library models it.
    func isClass(_ name: String) -> Bool { classes.contains(name) || isKnownClass(name) || StandIns.isFrameworkName(name) }

    /// The type a name stands for: a typedef, an enum, or a C or framework scalar; nil for
    /// a class name (an object type needs its `*`) and for names that are not types.
    func alias(_ name: String) -> ObjCType? { aliases[name] ?? Self.opaqueReference(name) ?? Self.functionPointer(name) }

    /// `CFArrayEqualCallBack`, `CFComparatorFunction`, `CGDataProviderReleaseDataCallback`:
    /// the C frameworks' function pointer types, as their names end, encoded as clang
    /// encodes a function pointer (`^?`).
    static func functionPointer(_ name: String) -> ObjCType? {
        guard let prefix = ["CF", "CG", "CT", "Sec", "SC", "AudioQueue"].first(where: name.hasPrefix), name.count > prefix.count,
              ["CallBack", "Callback", "Function"].contains(where: name.hasSuffix) else { return nil }
        return .pointer(to: "?")
    }

    /// `CFDictionaryRef`, `SecTrustRef`, `CFUUIDRef`: the C frameworks' opaque references,
    /// pointers to a struct the headers never show, encoded as clang encodes them
    /// (`^{__CFDictionary=}`).
    static func opaqueReference(_ name: String) -> ObjCType? {
        guard name.count > 5, name.hasSuffix("Ref"), let first = name.unicodeScalars.first, ("A"..."Z").contains(first),
              name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) }) else { return nil }
        return .pointer(to: "{__\(name.dropLast(3))=}")
    }

    /// Whether `name` names a type.
    func isTypeName(_ name: String) -> Bool {
        Self.keywords.contains(name) || alias(name) != nil || isClass(name)
    }

    /// The words that begin or qualify a type by themselves.
    static let keywords: Set<String> = [
        "void", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "_Bool", "bool", "BOOL",
        "id", "instancetype", "Class", "SEL", "IMP", "const", "volatile", "struct", "enum", "union",
        "typeof", "__typeof", "__typeof__", "restrict", "__restrict", "__block", "__weak", "_Atomic", "__auto_type", "register",
    ]

    /// The type of the struct `name` read so far (`{Name=dd}`), or nil when none is known.
    func structType(named name: String) -> ObjCType? {
        guard let fields = structs[name] else { return nil }
        let tag = name.hasPrefix("?") ? "?" : name
        return .structure(name: name, encoding: "{\(tag)=" + fields.map(\.type.signatureEncoding).joined() + "}")
    }

    /// The innermost fields of a struct type, in order: what a flat initializer
    /// (`CGRect r = {0, 0, 10, 20};`) or `CGRectMake` fills. A type that is no struct is its own leaf.
    func leaves(of type: ObjCType) -> [(name: String, type: ObjCType)] {
        guard case .structure(let name, _) = type, let fields = structs[name] else { return [("", type)] }
        return fields.flatMap { field in
            guard case .structure(let inner, _) = field.type, structs[inner] != nil else { return [field] }
            return leaves(of: field.type)
        }
    }

    /// A struct of `type` whose innermost fields take `values` in order, as many as
    /// ``leaves(of:)`` gives; each value already of its field's type.
    func structure(of type: ObjCType, leaves values: inout ArraySlice<Value>) -> Value {
        guard case .structure(let name, _) = type, let fields = structs[name] else { return values.popFirst() ?? .nil }
        return .structure(StructValue(name: name, fieldNames: fields.map(\.name), fields: fields.map { structure(of: $0.type, leaves: &values) }))
    }

    /// The struct value of zeros for a struct type, with its field names.
    func zero(of type: ObjCType) -> Value {
        if case .array(let count, let element) = type {
            return .array(Array(repeating: zero(of: element), count: count))
        }
        guard case .structure(let name, _) = type, let fields = structs[name] else { return type.zeroValue }
        return .structure(StructValue(name: name, fieldNames: fields.map(\.name), fields: fields.map { zero(of: $0.type) }))
    }

    // MARK: The framework's

    private static let point = ObjCType.structure(name: "CGPoint", encoding: "{CGPoint=dd}")
    private static let size = ObjCType.structure(name: "CGSize", encoding: "{CGSize=dd}")

    /// A CoreFoundation callbacks struct's fields: its version, then a function pointer each.
    private static func callbackFields(_ functions: [String]) -> [(name: String, type: ObjCType)] {
        [("version", .integer(code: "q"))] + functions.map { ($0, .pointer(to: "?")) }
    }

    static let frameworkStructs: [String: [(name: String, type: ObjCType)]] = [
        "CGPoint": [("x", .double), ("y", .double)],
        "CGSize": [("width", .double), ("height", .double)],
        "CGVector": [("dx", .double), ("dy", .double)],
        "CGRect": [("origin", point), ("size", size)],
        "_NSRange": [("location", .integer(code: "Q")), ("length", .integer(code: "Q"))],
        "CFRange": [("location", .integer(code: "q")), ("length", .integer(code: "q"))],
        // The C library's times, as `struct timeval` and `struct timespec` name them.
        "timeval": [("tv_sec", .integer(code: "q")), ("tv_usec", .integer(code: "i"))],
        "timespec": [("tv_sec", .integer(code: "q")), ("tv_nsec", .integer(code: "q"))],
        "timezone": [("tz_minuteswest", .integer(code: "i")), ("tz_dsttime", .integer(code: "i"))],
        "UIEdgeInsets": [("top", .double), ("left", .double), ("bottom", .double), ("right", .double)],
        "NSDirectionalEdgeInsets": [("top", .double), ("leading", .double), ("bottom", .double), ("trailing", .double)],
        "UIOffset": [("horizontal", .double), ("vertical", .double)],
        "CGAffineTransform": [("a", .double), ("b", .double), ("c", .double), ("d", .double), ("tx", .double), ("ty", .double)],
        "NSOperatingSystemVersion": [("majorVersion", .integer(code: "q")), ("minorVersion", .integer(code: "q")), ("patchVersion", .integer(code: "q"))],
        // Core Location's and MapKit's.
        "CLLocationCoordinate2D": [("latitude", .double), ("longitude", .double)],
        "MKCoordinateSpan": [("latitudeDelta", .double), ("longitudeDelta", .double)],
        "MKCoordinateRegion": [
            ("center", .structure(name: "CLLocationCoordinate2D", encoding: "{CLLocationCoordinate2D=dd}")),
            ("span", .structure(name: "MKCoordinateSpan", encoding: "{MKCoordinateSpan=dd}")),
        ],
        // The Objective-C runtime's: what `objc_msgSendSuper` and `protocol_getMethodDescription` take and give.
        "objc_super": [("receiver", .object(className: nil)), ("super_class", .class)],
        "objc_method_description": [("name", .selector), ("types", .cString)],
        "mach_timebase_info": [("numer", .integer(code: "I")), ("denom", .integer(code: "I"))],
        // A signal's action (`SignalFunctions`): the handler and the three-argument handler
        // are one union in C, two fields here; and what the second is handed.
        "sigaction": [("sa_handler", .pointer(to: "?")), ("sa_sigaction", .pointer(to: "?")), ("sa_mask", .integer(code: "I")), ("sa_flags", .integer(code: "i"))],
        "__siginfo": [("si_signo", .integer(code: "i")), ("si_errno", .integer(code: "i")), ("si_code", .integer(code: "i")), ("si_pid", .integer(code: "i")), ("si_addr", .pointer(to: "v"))],
        // What `sysctl` tells of a process (`ProcessFunctions`): the fields a debugger check reads.
        "extern_proc": [("p_flag", .integer(code: "i")), ("p_stat", .integer(code: "c")), ("p_pid", .integer(code: "i"))],
        "kinfo_proc": [("kp_proc", .structure(name: "extern_proc", encoding: "{extern_proc=ici}"))],
        // `CTL_NAMES` and `CTL_HW_NAMES` are arrays of these: a level's name and its kind.
        "ctlname": [("ctl_name", .cString), ("ctl_type", .integer(code: "i"))],
        DecimalStructure.name: Array(zip(DecimalStructure.fieldNames, DecimalStructure.fieldTypes)),
        // zlib's stream, as `ZlibFunctions` reads and moves its pointers and counts.
        "z_stream_s": [
            ("next_in", .pointer(to: "C")), ("avail_in", .integer(code: "I")), ("total_in", .integer(code: "Q")),
            ("next_out", .pointer(to: "C")), ("avail_out", .integer(code: "I")), ("total_out", .integer(code: "Q")),
            ("msg", .cString), ("state", .pointer(to: "v")), ("zalloc", .pointer(to: "?")), ("zfree", .pointer(to: "?")),
            ("opaque", .pointer(to: "v")), ("data_type", .integer(code: "i")), ("adler", .integer(code: "Q")), ("reserved", .integer(code: "Q")),
        ],
        // CommonCrypto's digest contexts: here, the bytes given so far (see `DigestFunctions`).
        "CC_MD5state_st": [("data", .object(className: nil))], "CC_SHA1state_st": [("data", .object(className: nil))],
        "CC_SHA256state_st": [("data", .object(className: nil))], "CC_SHA512state_st": [("data", .object(className: nil))],
        // CommonCrypto's HMAC context and cryptor: the algorithm, key and bytes so far, and a
        // cryptor's key, chaining block and bytes held back (see `CryptorFunctions`).
        "CCHmacContext": [("algorithm", .integer(code: "q")), ("key", .object(className: nil)), ("data", .object(className: nil))],
        "_CCCryptor": [
            ("encrypting", .integer(code: "q")), ("mode", .integer(code: "q")), ("padded", .integer(code: "q")), ("key", .object(className: nil)),
            ("chain", .object(className: nil)), ("pending", .object(className: nil)), ("stream", .object(className: nil)),
        ],
        // CFNetwork's HTTP message: its start line's parts, headers, body and bytes not yet read (see `HTTPMessageFunctions`).
        "__CFHTTPMessage": [
            ("isRequest", .integer(code: "q")), ("method", .object(className: nil)), ("url", .object(className: nil)), ("version", .object(className: nil)),
            ("statusCode", .integer(code: "q")), ("statusLine", .object(className: nil)), ("headerNames", .object(className: nil)),
            ("headerValues", .object(className: nil)), ("body", .object(className: nil)), ("isHeaderComplete", .integer(code: "q")),
            ("pending", .object(className: nil)),
        ],
        // CoreFoundation's container callbacks: `CFArrayCallBacks callbacks = kCFTypeArrayCallBacks; callbacks.equal = NULL;`.
        "CFArrayCallBacks": callbackFields(["retain", "release", "copyDescription", "equal"]),
        "CFDictionaryValueCallBacks": callbackFields(["retain", "release", "copyDescription", "equal"]),
        "CFDictionaryKeyCallBacks": callbackFields(["retain", "release", "copyDescription", "equal", "hash"]),
        "CFSetCallBacks": callbackFields(["retain", "release", "copyDescription", "equal", "hash"]),
        "CFBinaryHeapCallBacks": callbackFields(["retain", "release", "copyDescription", "compare"]),
        // What a run loop observer's or timer's callout is given (`info`) and the functions that would own it.
        "CFRunLoopObserverContext": [("version", .integer(code: "q")), ("info", .pointer(to: "v"))]
            + ["retain", "release", "copyDescription"].map { ($0, .pointer(to: "?")) },
        "CFRunLoopTimerContext": [("version", .integer(code: "q")), ("info", .pointer(to: "v"))]
            + ["retain", "release", "copyDescription"].map { ($0, .pointer(to: "?")) },
        // <sys/utsname.h>'s system names (see `ProcessFunctions`).
        "utsname": ["sysname", "nodename", "release", "version", "machine"].map { ($0, .array(count: 256, element: .integer(code: "c"))) },
        // <netinet/in.h>'s socket addresses, as reachability code fills them for `SCNetworkReachabilityCreateWithAddress`.
        "in_addr": [("s_addr", .integer(code: "I"))],
        "in6_addr": [("s6_addr", .array(count: 16, element: .integer(code: "C")))],
        "sockaddr": [("sa_len", .integer(code: "C")), ("sa_family", .integer(code: "C")), ("sa_data", .array(count: 14, element: .integer(code: "c")))],
        "sockaddr_in": [
            ("sin_len", .integer(code: "C")), ("sin_family", .integer(code: "C")), ("sin_port", .integer(code: "S")),
            ("sin_addr", .structure(name: "in_addr", encoding: "{in_addr=I}")), ("sin_zero", .array(count: 8, element: .integer(code: "c"))),
        ],
        "sockaddr_in6": [
            ("sin6_len", .integer(code: "C")), ("sin6_family", .integer(code: "C")), ("sin6_port", .integer(code: "S")),
            ("sin6_flowinfo", .integer(code: "I")), ("sin6_addr", .structure(name: "in6_addr", encoding: "{in6_addr=[16C]}")),
            ("sin6_scope_id", .integer(code: "I")),
        ],
    ]

    private static let frameworkAliases: [String: ObjCType] = {
        var aliases: [String: ObjCType] = [
            "NSInteger": .integer(code: "q"), "NSUInteger": .integer(code: "Q"), "CGFloat": .double, "NSTimeInterval": .double,
            "CFTimeInterval": .double, "CFAbsoluteTime": .double, "UIWindowLevel": .double, "UILayoutPriority": .float,
            "UIFontWeight": .double, "CGGlyph": .integer(code: "S"), "unichar": .integer(code: "S"), "OSStatus": .integer(code: "i"),
            "int8_t": .integer(code: "c"), "uint8_t": .integer(code: "C"), "int16_t": .integer(code: "s"), "uint16_t": .integer(code: "S"),
            "int32_t": .integer(code: "i"), "uint32_t": .integer(code: "I"), "int64_t": .integer(code: "q"), "uint64_t": .integer(code: "Q"),
            "SystemSoundID": .integer(code: "I"), "OSType": .integer(code: "I"), "FourCharCode": .integer(code: "I"), "CC_LONG": .integer(code: "I"),
            "dispatch_queue_attr_t": .object(className: nil), "dispatch_data_t": .object(className: nil),
            "dispatch_qos_class_t": .integer(code: "I"), "qos_class_t": .integer(code: "I"), "CGBlendMode": .integer(code: "i"),
            "CGLineCap": .integer(code: "i"), "CGLineJoin": .integer(code: "i"), "u_char": .integer(code: "C"), "u_short": .integer(code: "S"), "u_int": .integer(code: "I"), "u_long": .integer(code: "Q"),
            "u_int8_t": .integer(code: "C"), "u_int16_t": .integer(code: "S"), "u_int32_t": .integer(code: "I"), "u_int64_t": .integer(code: "Q"),
            // <sys/types.h>'s System V names, and Mach's boolean.
            "uint": .integer(code: "I"), "ushort": .integer(code: "S"), "ulong": .integer(code: "Q"), "boolean_t": .integer(code: "i"),
            "cpu_type_t": .integer(code: "i"), "cpu_subtype_t": .integer(code: "i"),
            "size_t": .integer(code: "Q"), "ssize_t": .integer(code: "q"), "CFIndex": .integer(code: "q"), "NSStringEncoding": .integer(code: "Q"),
            "atomic_bool": .bool, "atomic_int": .integer(code: "i"), "atomic_uint": .integer(code: "I"), "atomic_long": .integer(code: "q"),
            "atomic_ulong": .integer(code: "Q"), "atomic_llong": .integer(code: "q"), "atomic_ullong": .integer(code: "Q"),
            "atomic_int_fast32_t": .integer(code: "i"), "atomic_uint_fast32_t": .integer(code: "I"), "atomic_int_fast64_t": .integer(code: "q"),
            "atomic_intptr_t": .integer(code: "q"), "atomic_uintptr_t": .integer(code: "Q"), "atomic_size_t": .integer(code: "Q"),
            "memory_order": .integer(code: "i"),
            "dispatch_time_t": .integer(code: "Q"), "dispatch_once_t": .integer(code: "q"), "UIBackgroundTaskIdentifier": .integer(code: "Q"),
            "UIAccessibilityTraits": .integer(code: "Q"), "NSHashTableOptions": .integer(code: "Q"),
            "in_port_t": .integer(code: "S"), "in_addr_t": .integer(code: "I"), "pid_t": .integer(code: "i"), "time_t": .integer(code: "q"),
            "off_t": .integer(code: "q"), "mode_t": .integer(code: "S"), "socklen_t": .integer(code: "I"), "uintptr_t": .integer(code: "Q"),
            // <sys/types.h>'s ids and counts, and the Darwin names they are typedefs of.
            "uid_t": .integer(code: "I"), "gid_t": .integer(code: "I"), "id_t": .integer(code: "I"), "dev_t": .integer(code: "i"),
            "ino_t": .integer(code: "Q"), "nlink_t": .integer(code: "S"), "blksize_t": .integer(code: "i"), "blkcnt_t": .integer(code: "q"),
            "suseconds_t": .integer(code: "i"), "useconds_t": .integer(code: "I"), "clock_t": .integer(code: "Q"), "sa_family_t": .integer(code: "C"),
            "__uint8_t": .integer(code: "C"), "__uint16_t": .integer(code: "S"), "__uint32_t": .integer(code: "I"), "__uint64_t": .integer(code: "Q"),
            "__int8_t": .integer(code: "c"), "__int16_t": .integer(code: "s"), "__int32_t": .integer(code: "i"), "__int64_t": .integer(code: "q"),
            "__darwin_time_t": .integer(code: "q"), "__darwin_size_t": .integer(code: "Q"), "__darwin_suseconds_t": .integer(code: "i"),
            "intptr_t": .integer(code: "q"), "intmax_t": .integer(code: "q"), "uintmax_t": .integer(code: "Q"), "ptrdiff_t": .integer(code: "q"), "Boolean": .integer(code: "C"), "UInt8": .integer(code: "C"),
            "UInt16": .integer(code: "S"), "UInt32": .integer(code: "I"), "UInt64": .integer(code: "Q"), "SInt8": .integer(code: "c"),
            "SInt16": .integer(code: "s"), "SInt32": .integer(code: "i"), "SInt64": .integer(code: "q"), "Float32": .float, "Float64": .double,
            "UniChar": .integer(code: "S"), "UTF8Char": .integer(code: "C"), "UTF16Char": .integer(code: "S"), "UTF32Char": .integer(code: "I"), "va_list": .pointer(to: "c"), "CFTypeRef": .pointer(to: "v"),
            // SQLite's handles, which code holds only through pointers, and its integer types.
            "sqlite3": .structure(name: "sqlite3", encoding: "{sqlite3=}"), "sqlite3_stmt": .structure(name: "sqlite3_stmt", encoding: "{sqlite3_stmt=}"),
            "sqlite3_int64": .integer(code: "q"), "sqlite_int64": .integer(code: "q"), "sqlite3_uint64": .integer(code: "Q"), "sqlite_uint64": .integer(code: "Q"),
            "sqlite3_destructor_type": .pointer(to: "v"),
            "sigset_t": .integer(code: "I"), "siginfo_t": .structure(name: "__siginfo", encoding: "{__siginfo=iiii^v}"), "sig_t": .pointer(to: "?"),
            "NSUncaughtExceptionHandler": .pointer(to: "?"),
            "CFRange": .structure(name: "CFRange", encoding: "{CFRange=qq}"),
            DecimalStructure.name: .structure(name: DecimalStructure.name, encoding: DecimalStructure.encoding),
            "z_stream": .structure(name: "z_stream_s", encoding: "{z_stream_s=^CIQ^CIQ*^v^?^?^viQQ}"),
            "z_streamp": .pointer(to: "{z_stream_s=^CIQ^CIQ*^v^?^?^viQQ}"),
            "Bytef": .integer(code: "C"), "Byte": .integer(code: "C"), "charf": .integer(code: "c"), "intf": .integer(code: "i"),
            "uInt": .integer(code: "I"), "uIntf": .integer(code: "I"), "uLong": .integer(code: "Q"), "uLongf": .integer(code: "Q"),
            "voidpf": .pointer(to: "v"), "voidpc": .pointer(to: "v"), "voidp": .pointer(to: "v"), "z_size_t": .integer(code: "Q"), "z_off_t": .integer(code: "q"),
            "CFArrayCallBacks": .structure(name: "CFArrayCallBacks", encoding: "{CFArrayCallBacks=q^?^?^?^?}"),
            "CFDictionaryValueCallBacks": .structure(name: "CFDictionaryValueCallBacks", encoding: "{CFDictionaryValueCallBacks=q^?^?^?^?}"),
            "CFDictionaryKeyCallBacks": .structure(name: "CFDictionaryKeyCallBacks", encoding: "{CFDictionaryKeyCallBacks=q^?^?^?^?^?}"),
            "CFSetCallBacks": .structure(name: "CFSetCallBacks", encoding: "{CFSetCallBacks=q^?^?^?^?^?}"),
            "CFBinaryHeapCallBacks": .structure(name: "CFBinaryHeapCallBacks", encoding: "{CFBinaryHeapCallBacks=q^?^?^?^?}"),
            "CFRunLoopObserverContext": .structure(name: "CFRunLoopObserverContext", encoding: "{CFRunLoopObserverContext=q^v^?^?^?}"),
            "CFRunLoopTimerContext": .structure(name: "CFRunLoopTimerContext", encoding: "{CFRunLoopTimerContext=q^v^?^?^?}"),
            "dispatch_queue_t": .object(className: nil), "dispatch_group_t": .object(className: nil),
            "dispatch_source_t": .object(className: nil), "dispatch_semaphore_t": .object(className: nil),
            "dispatch_block_t": .block, "dispatch_function_t": .pointer(to: "?"),
            "os_log_t": .object(className: nil), "os_log_type_t": .integer(code: "C"),
            // The Objective-C runtime's handles: `Method m = class_getInstanceMethod(...)`.
            "Method": .pointer(to: "{objc_method=}"), "Ivar": .pointer(to: "{objc_ivar=}"),
            "objc_property_t": .pointer(to: "{objc_property=}"), "objc_AssociationPolicy": .integer(code: "Q"), "CGColorRef": .pointer(to: "{CGColor=}"), "CGImageRef": .pointer(to: "{CGImage=}"),
            "CGContextRef": .pointer(to: "{CGContext=}"), "CGPathRef": .pointer(to: "{CGPath=}"),
            "CGMutablePathRef": .pointer(to: "{CGPath=}"), "CFStringRef": .pointer(to: "{__CFString=}"),
            "CGPoint": point, "CGSize": size, "CGVector": .structure(name: "CGVector", encoding: "{CGVector=dd}"),
            "CGRect": .structure(name: "CGRect", encoding: "{CGRect={CGPoint=dd}{CGSize=dd}}"),
            "NSRange": .structure(name: "_NSRange", encoding: "{_NSRange=QQ}"),
            "NSFastEnumerationState": .structure(name: "NSFastEnumerationState", encoding: "{NSFastEnumerationState=Q^@^Q[5Q]}"),
            "UIEdgeInsets": .structure(name: "UIEdgeInsets", encoding: "{UIEdgeInsets=dddd}"),
            "NSDirectionalEdgeInsets": .structure(name: "NSDirectionalEdgeInsets", encoding: "{NSDirectionalEdgeInsets=dddd}"),
            "UIOffset": .structure(name: "UIOffset", encoding: "{UIOffset=dd}"),
            "CGAffineTransform": .structure(name: "CGAffineTransform", encoding: "{CGAffineTransform=dddddd}"),
            "NSOperatingSystemVersion": .structure(name: "NSOperatingSystemVersion", encoding: "{NSOperatingSystemVersion=qqq}"),
            "mach_timebase_info_data_t": .structure(name: "mach_timebase_info", encoding: "{mach_timebase_info=II}"),
            "CC_MD5_CTX": .structure(name: "CC_MD5state_st", encoding: "{CC_MD5state_st=@}"),
            "CC_SHA1_CTX": .structure(name: "CC_SHA1state_st", encoding: "{CC_SHA1state_st=@}"),
            "CC_SHA256_CTX": .structure(name: "CC_SHA256state_st", encoding: "{CC_SHA256state_st=@}"),
            "CC_SHA512_CTX": .structure(name: "CC_SHA512state_st", encoding: "{CC_SHA512state_st=@}"),
            "CCHmacContext": .structure(name: "CCHmacContext", encoding: "{CCHmacContext=q@@}"),
            "CFHTTPMessageRef": .pointer(to: "{__CFHTTPMessage=q@@@q@@@@q@}"),
            "CCCryptorRef": .pointer(to: "{_CCCryptor=qqq@@@@}"), "CCCryptorStatus": .integer(code: "i"), "CCStatus": .integer(code: "i"),
            "CCOperation": .integer(code: "I"), "CCAlgorithm": .integer(code: "I"), "CCOptions": .integer(code: "I"), "CCMode": .integer(code: "I"),
            "CCPadding": .integer(code: "I"), "CCModeOptions": .integer(code: "I"), "CCHmacAlgorithm": .integer(code: "I"),
            "CCPBKDFAlgorithm": .integer(code: "I"), "CCPseudoRandomAlgorithm": .integer(code: "I"), "CCRNGStatus": .integer(code: "i"),
            "CLLocationCoordinate2D": .structure(name: "CLLocationCoordinate2D", encoding: "{CLLocationCoordinate2D=dd}"),
            "MKCoordinateSpan": .structure(name: "MKCoordinateSpan", encoding: "{MKCoordinateSpan=dd}"),
            "MKCoordinateRegion": .structure(name: "MKCoordinateRegion", encoding: "{MKCoordinateRegion={CLLocationCoordinate2D=dd}{MKCoordinateSpan=dd}}"),
            "CLLocationDegrees": .double, "CLLocationDistance": .double, "CLLocationAccuracy": .double, "CLLocationSpeed": .double,
            "CLLocationDirection": .double, "CLAuthorizationStatus": .integer(code: "i"), "CLActivityType": .integer(code: "q"),
        ]
        // The framework's string types (`typedef NSString *NSNotificationName`).
        for name in frameworkStrings { aliases[name] = .object(className: "NSString") }
        // The framework's enums: NS_ENUM types are NSInteger, NS_OPTIONS types NSUInteger.
        for name in frameworkEnums { aliases[name] = .integer(code: "q") }
        for name in frameworkOptions { aliases[name] = .integer(code: "Q") }
        for name in frameworkBlocks { aliases[name] = .block }
        return aliases
    }()

    /// The frameworks' block types (`typedef void (^UIGraphicsImageDrawingActions)(...)`).
    private static let frameworkBlocks = [
        "UIGraphicsImageDrawingActions", "UIGraphicsDrawingActions", "UIGraphicsPDFDrawingActions", "UIActionHandler",
        "UIContextualActionHandler", "UIContextMenuActionProvider", "UIContextMenuContentPreviewProvider",
        "UIAccessibilityCustomActionHandler", "NSItemProviderCompletionHandler", "NSItemProviderLoadHandler",
        "NSComparator", "UIButtonConfigurationUpdateHandler", "UICollectionViewCompositionalLayoutSectionProvider",
    ]

    private static let frameworkStrings = [
        "NSNotificationName", "NSAttributedStringKey", "NSRunLoopMode", "NSErrorDomain", "NSErrorUserInfoKey", "NSExceptionName",
        "NSKeyValueChangeKey", "NSURLResourceKey", "NSFileAttributeKey", "NSFileAttributeType", "NSValueTransformerName",
        "NSHTTPCookiePropertyKey", "NSStreamPropertyKey", "NSURLFileResourceType", "NSLinguisticTag", "NSUserActivityPersistentIdentifier",
        "UIApplicationLaunchOptionsKey", "UIApplicationOpenURLOptionsKey", "UIFontTextStyle", "UIFontDescriptorAttributeName",
        "UIActivityType", "UIContentSizeCategory", "UITransitionContextViewControllerKey", "UITransitionContextViewKey",
        "UIPasteboardName", "UIImagePickerControllerInfoKey", "UIPasteboardDetectionPattern", "NSFileProtectionType",
        "NSURLFileProtectionType", "NSProgressKind", "NSProgressUserInfoKey", "NSCalendarIdentifier", "NSLocaleKey",
    ]

    private static let frameworkEnums = [
        "UITableViewCellEditingStyle", "UITableViewCellStyle", "UITableViewCellAccessoryType", "UITableViewCellSelectionStyle",
        "UITableViewCellSeparatorStyle", "UITableViewStyle", "UITableViewRowAnimation", "UITableViewScrollPosition",
        "UITableViewRowActionStyle", "UIStatusBarStyle", "UIStatusBarAnimation", "UIInterfaceOrientation", "UIDeviceOrientation",
        "UIModalPresentationStyle", "UIModalTransitionStyle", "UIViewContentMode", "NSTextAlignment", "NSLineBreakMode",
        "UIButtonType", "UIBarButtonItemStyle", "UIBarButtonSystemItem", "UIActivityIndicatorViewStyle", "UIAlertViewStyle",
        "UIAlertControllerStyle", "UIAlertActionStyle", "UIKeyboardType", "UIKeyboardAppearance", "UIReturnKeyType",
        "UITextFieldViewMode", "UITextBorderStyle", "UIScrollViewIndicatorStyle", "UIScrollViewKeyboardDismissMode",
        "UIUserInterfaceIdiom", "UIUserInterfaceStyle", "UIUserInterfaceSizeClass", "UIBarStyle", "UIBarPosition",
        "UIImageOrientation", "UIImageRenderingMode", "UIGestureRecognizerState", "UIEventType", "UIViewAnimationCurve",
        "UIViewAnimationTransition", "UISegmentedControlStyle", "UIProgressViewStyle", "UIBlurEffectStyle",
        "UICollectionViewScrollDirection", "UICollectionViewScrollPosition", "UITextAutocapitalizationType",
        "UITextAutocorrectionType", "UITextSpellCheckingType", "UISearchBarStyle", "UIWebViewNavigationType", "UIApplicationState",
        "UIActionSheetStyle", "UIDatePickerMode", "UIDeviceBatteryState", "UILayoutConstraintAxis", "UIStackViewDistribution",
        "UIStackViewAlignment", "UIContextualActionStyle", "UITableViewCellFocusStyle",
        "UINavigationControllerOperation", "UISplitViewControllerDisplayMode", "UIPageViewControllerTransitionStyle",
        "UIPageViewControllerNavigationOrientation", "UIPageViewControllerNavigationDirection", "UIPageViewControllerSpineLocation",
        "NSLayoutAttribute", "NSLayoutRelation", "NSLayoutFormatOptions", "NSComparisonResult", "NSWritingDirection",
        "NSQualityOfService", "NSOperationQueuePriority", "NSURLSessionTaskState", "NSURLSessionAuthChallengeDisposition",
        "NSNumberFormatterRoundingMode", "NSPropertyListFormat", "NSSearchPathDirectory", "NSSearchPathDomainMask",
        "UIAccessibilityScrollDirection", "UIMenuControllerArrowDirection", "UITextGranularity", "UIPrintInfoOutputType",
        "UIDocumentState", "UIBackgroundRefreshStatus", "UIForceTouchCapability", "UIImpactFeedbackStyle",
        "UINotificationFeedbackType", "UIScrollViewContentInsetAdjustmentBehavior", "UITableViewCellDragTerminationState",
    ]

    private static let frameworkOptions = [
        "UIViewAnimationOptions", "UIControlState", "UIControlEvents", "UIRectCorner", "UIRectEdge", "UIViewAutoresizing",
        "UIRemoteNotificationType", "UIUserNotificationType", "UIInterfaceOrientationMask", "UIDataDetectorTypes",
        "UISwipeGestureRecognizerDirection", "UIBackgroundFetchResult", "UIViewKeyframeAnimationOptions",
        "NSStringCompareOptions", "NSCalendarUnit", "NSJSONReadingOptions", "NSJSONWritingOptions",
        "NSKeyValueObservingOptions", "NSEnumerationOptions", "NSDataReadingOptions", "NSDataWritingOptions",
        "NSStringDrawingOptions", "NSDateFormatterStyle", "NSNumberFormatterStyle", "NSURLRequestCachePolicy",
        "NSRegularExpressionOptions", "NSMatchingOptions", "NSSortOptions", "NSDirectoryEnumerationOptions",
        "NSFileManagerItemReplacementOptions", "NSBinarySearchingOptions", "UNAuthorizationOptions",
        "UNNotificationPresentationOptions", "NSTextCheckingTypes", "UIPopoverArrowDirection",
    ]
}
