import CSQLite

/// The macros of Apple's headers that view controllers use, as the preprocessor's
/// starting table: annotations that change nothing at run time expand to nothing, and
/// the ones that do (`NS_ENUM`, `IBAction`, `NSLocalizedString`) expand as the SDK defines
/// them (`NSLocalizedString` to `-localizedStringForKey:value:table:` of the main bundle,
/// which reads the development language's strings files), and libdispatch's
/// (`DISPATCH_TIME_NOW`, `NSEC_PER_SEC`) have their values; and
/// os_log's (`OS_LOG_DEFAULT` is NULL here: every log prints alike), CoreFoundation's
/// allocators (NULL, the default, as `CFAllocatorGetDefault()` answers), and Auto Layout's
/// `NSDictionaryOfVariableBindings`, which passes its arguments' names as one string; and
/// the C library's limits and constants (`INT_MAX`, `DBL_MAX`, `M_PI`) and Foundation's
/// (`NSIntegerMax`, `NSNotFound`, `CGFLOAT_MAX`) have their 64-bit iOS values, with
/// `NSFoundationVersionNumber` and `kCFCoreFoundationVersionNumber` past every version the
/// SDK names, as on any iOS today. The unsigned 64-bit maxima (`ULONG_MAX`,
/// `NSUIntegerMax`, `SIZE_MAX`) are all ones, as the literal `0xFFFFFFFFFFFFFFFFUL` is here:
/// rtsh's integers are signed 64-bit, so they print as C prints them with `%lu` and compare
/// equal to what code computes as the maximum, and box as -1; an ordering with an unsigned
/// variable compares unsigned, as C does, so they order above every other value there.
///
/// Also libextobjc's `@weakify`, `@strongify` and `@keypath`, which much iOS code writes
/// as if they were keywords, for trees that do not hold its headers (a tree that defines
/// them uses its own): the first two change nothing (a block using `self` after them holds
/// it strongly), and `@keypath` gives the key path as a string, as libextobjc's does: all of
/// `@keypath(Object.new, name.first)`'s second argument, and what follows the first dot of
/// `@keypath(self.name)`'s one.
///
/// C11's `_Static_assert` (and `static_assert`) expands to nothing: the compiler checked
/// it when the code was built, on the sizes of the device rtsh models.
enum FrameworkMacros {
    /// SQLite's version as its header gives it (`SQLITE_VERSION_NUMBER`, which code tests in
    /// `#if` before calling what a later SQLite added), from the library that runs the SQL.
    static let sqlite = """
        #define SQLITE_VERSION "\(String(cString: sqlite3_libversion()))"
        #define SQLITE_VERSION_NUMBER \(sqlite3_libversion_number())
        """

    /// The macros that stand in for a library's (libextobjc's), which conditionals do not
    /// see as defined: a tree that guards its own (`#ifndef weakify`) defines it.
    static let standIns: Set<String> = ["weakify", "strongify", "keypath"]

    static let header = """
        #define NS_ASSUME_NONNULL_BEGIN
        #define NS_ASSUME_NONNULL_END
        #define NS_HEADER_AUDIT_BEGIN(...)
        #define NS_HEADER_AUDIT_END(...)
        #define NS_DESIGNATED_INITIALIZER
        #define NS_UNAVAILABLE
        #define NS_REQUIRES_SUPER
        #define NS_REQUIRES_NIL_TERMINATION
        #define NS_ROOT_CLASS
        #define OBJC_ROOT_CLASS
        #define OBJC_ISA_AVAILABILITY
        #define OBJC_EXPORT extern
        #define z_const const
        #define ZEXTERN extern
        #define ZEXPORT
        #define ZLIB_VERSION "1.2.12"
        #define OF(args) args
        #define ZCALLBACK
        #define OBJC_EXTERN extern
        #define OBJC_IMPORT extern
        #define OBJC_VISIBLE
        #define OBJC_INLINE static inline
        #define OBJC_AVAILABLE(...)
        #define OBJC_OSX_AVAILABLE_OTHERS_UNAVAILABLE(...)
        #define OBJC_OSX_DEPRECATED_OTHERS_UNAVAILABLE(...)
        #define OBJC_DEPRECATED(...)
        #define OBJC_UNAVAILABLE(...)
        #define OBJC_ARC_UNAVAILABLE
        #define OBJC_SWIFT_UNAVAILABLE(...)
        #define OBJC_RETURNS_RETAINED
        #define OBJC_NO_INLINE
        #define OBJC_NOESCAPE
        #define OBJC_DESIGNATED_INITIALIZER
        #define OBJC_GC_UNAVAILABLE
        #define NS_REQUIRES_PROPERTY_DEFINITIONS
        #define NS_NOESCAPE
        #define NS_VALID_UNTIL_END_OF_SCOPE
        #define NS_RETURNS_RETAINED
        #define NS_RETURNS_NOT_RETAINED
        #define NS_RETURNS_INNER_POINTER
        #define NS_AUTOMATED_REFCOUNT_UNAVAILABLE
        #define NS_REFINED_FOR_SWIFT
        #define NS_SWIFT_NOTHROW
        #define NS_SWIFT_UI_ACTOR
        #define NS_SWIFT_NAME(...)
        #define NS_SWIFT_UNAVAILABLE(...)
        #define NS_SWIFT_UNAVAILABLE_FROM_ASYNC(...)
        #define NS_SWIFT_DISABLE_ASYNC
        #define NS_SWIFT_ASYNC(...)
        #define NS_SWIFT_ASYNC_NAME(...)
        #define NS_SWIFT_ASYNC_THROWS_ON_FALSE(...)
        #define NS_SWIFT_SENDABLE
        #define NS_SWIFT_NONSENDABLE
        #define NS_SWIFT_NONISOLATED
        #define NS_SWIFT_NOESCAPE
        #define NS_SWIFT_BRIDGED_TYPEDEF
        #define NS_DIRECT
        #define NS_DIRECT_MEMBERS
        #define NS_UNAVAILABLE_IN_SWIFT
        #define CF_SWIFT_NAME(...)
        #define CF_RETURNS_RETAINED
        #define CF_RETURNS_NOT_RETAINED
        #define CF_IMPLICIT_BRIDGING_ENABLED
        #define CF_IMPLICIT_BRIDGING_DISABLED
        #define CF_ASSUME_NONNULL_BEGIN
        #define CF_ASSUME_NONNULL_END
        #define NS_FORMAT_FUNCTION(...)
        #define NS_FORMAT_ARGUMENT(...)
        #define NS_AVAILABLE(...)
        #define NS_AVAILABLE_IOS(...)
        #define NS_DEPRECATED(...)
        #define NS_DEPRECATED_IOS(...)
        #define NS_CLASS_AVAILABLE(...)
        #define NS_CLASS_AVAILABLE_IOS(...)
        #define NS_ENUM_AVAILABLE(...)
        #define NS_ENUM_AVAILABLE_IOS(...)
        #define NS_ENUM_DEPRECATED_IOS(...)
        #define NS_EXTENSION_UNAVAILABLE(...)
        #define NS_EXTENSION_UNAVAILABLE_IOS(...)
        #define NS_STRING_ENUM
        #define NS_EXTENSIBLE_STRING_ENUM
        #define NS_TYPED_ENUM
        #define NS_TYPED_EXTENSIBLE_ENUM
        #define NS_NONATOMIC_IOSONLY nonatomic
        #define API_AVAILABLE(...)
        #define API_UNAVAILABLE(...)
        #define API_DEPRECATED(...)
        #define API_DEPRECATED_WITH_REPLACEMENT(...)
        #define __IOS_AVAILABLE(...)
        #define __IOS_DEPRECATED(...)
        #define __IOS_UNAVAILABLE
        #define __IOS_PROHIBITED
        #define __OSX_AVAILABLE(...)
        #define __OSX_UNAVAILABLE
        #define __OSX_AVAILABLE_STARTING(...)
        #define __OSX_AVAILABLE_BUT_DEPRECATED(...)
        #define __OSX_AVAILABLE_BUT_DEPRECATED_MSG(...)
        #define __OSX_DEPRECATED(...)
        #define __TVOS_AVAILABLE(...)
        #define __TVOS_UNAVAILABLE
        #define __TVOS_DEPRECATED(...)
        #define __WATCHOS_AVAILABLE(...)
        #define __WATCHOS_UNAVAILABLE
        #define __WATCHOS_DEPRECATED(...)
        #define __API_UNAVAILABLE(...)
        #define API_DEPRECATED_BEGIN(...)
        #define API_DEPRECATED_END
        #define API_AVAILABLE_BEGIN(...)
        #define API_AVAILABLE_END
        #define API_UNAVAILABLE_BEGIN(...)
        #define API_UNAVAILABLE_END
        #define AVAILABLE_MAC_OS_X_VERSION_10_10_AND_LATER
        #define NS_AVAILABLE_MAC(...)
        #define NS_DEPRECATED_MAC(...)
        #define NS_CLASS_AVAILABLE_MAC(...)
        #define NS_CLASS_DEPRECATED(...)
        #define NS_CLASS_DEPRECATED_IOS(...)
        #define NS_ENUM_DEPRECATED(...)
        #define NS_ENUM_DEPRECATED_MAC(...)
        #define NS_ENUM_AVAILABLE_MAC(...)
        #define NS_DEPRECATED_WITH_REPLACEMENT_MAC(...)
        #define __TVOS_PROHIBITED
        #define __WATCHOS_PROHIBITED
        #define UI_APPEARANCE_SELECTOR
        #define DEPRECATED_ATTRIBUTE
        #define DEPRECATED_MSG_ATTRIBUTE(...)
        #define UNAVAILABLE_ATTRIBUTE
        #define __deprecated
        #define __deprecated_msg(...)
        #define __deprecated_enum_msg(...)
        #define __unavailable
        #define __API_DEPRECATED(...)
        #define __API_AVAILABLE(...)
        #define __unused
        #define __used
        #define __attribute__(...)
        #define __extension__
        #define __attribute(...)
        #define IBOutlet
        #define IBOutletCollection(...)
        #define IBAction void
        #define IBInspectable
        #define IB_DESIGNABLE
        #define FOUNDATION_EXPORT extern
        #define CF_EXPORT extern
        #define CF_INLINE static inline
        #define FOUNDATION_EXTERN extern
        #define UIKIT_EXTERN extern
        #define CG_EXTERN extern
        #define NS_INLINE static inline
        #define FOUNDATION_STATIC_INLINE static inline
        #define FOUNDATION_EXTERN_INLINE extern inline
        #define UIKIT_STATIC_INLINE static inline
        #define CG_INLINE static inline
        #define NS_ENUM(type, name) enum name : type
        #define NS_OPTIONS(type, name) enum name : type
        #define NS_CLOSED_ENUM(type, name) enum name : type
        #define NS_ERROR_ENUM(domain, name) enum name : NSInteger
        #define CF_ENUM(type, name) enum name : type
        #define CF_OPTIONS(type, name) enum name : type
        #define __kindof
        #define _Nullable
        #define _Nonnull
        #define _Null_unspecified
        #define __nullable
        #define __nonnull
        #define cg_nullable
        #define __strong
        #define __unsafe_unretained
        #define __autoreleasing
        #define __bridge
        #define __bridge_transfer
        #define __bridge_retained
        #define CFSTR(text) text
        #define _Static_assert(condition, message)
        #define static_assert(condition, message)
        #define weakify(...) autoreleasepool {}
        #define strongify(...) autoreleasepool {}
        #define keypath(...) __rtsh_keypath_chooser(__VA_ARGS__, __rtsh_keypath2, __rtsh_keypath1)(__VA_ARGS__)
        #define __rtsh_keypath_chooser(first, second, chosen, ...) chosen
        #define __rtsh_keypath1(path) (strchr(#path, '.') + 1)
        #define __rtsh_keypath2(object, path) #path
        #define va_start(list, last) ((list) = __builtin_va_start())
        #define va_arg(list, type) ((type)__builtin_va_arg(list))
        #define va_copy(destination, source) ((destination) = __builtin_va_copy(source))
        #define va_end(list) ((list) = NULL)
        #define NSLocalizedString(key, comment) [[NSBundle mainBundle] localizedStringForKey:(key) value:@"" table:nil]
        #define NSLocalizedStringFromTable(key, tbl, comment) [[NSBundle mainBundle] localizedStringForKey:(key) value:@"" table:(tbl)]
        #define NSLocalizedStringFromTableInBundle(key, tbl, bundle, comment) [bundle localizedStringForKey:(key) value:@"" table:(tbl)]
        #define NSLocalizedStringWithDefaultValue(key, tbl, bundle, val, comment) [bundle localizedStringForKey:(key) value:(val) table:(tbl)]
        #define UI_USER_INTERFACE_IDIOM() ([[UIDevice currentDevice] userInterfaceIdiom])
        #define SQLITE_STATIC ((sqlite3_destructor_type)0)
        #define SQLITE_TRANSIENT ((sqlite3_destructor_type)-1)
        #define kCFAllocatorDefault NULL
        #define SIG_DFL ((sig_t)0)
        #define SIG_IGN ((sig_t)1)
        #define SIG_ERR ((sig_t)-1)
        #define kCFAllocatorSystemDefault NULL
        #define kCFAllocatorMalloc NULL
        #define kCFAllocatorNull NULL
        #define DISPATCH_TIME_NOW 0ull
        #define DISPATCH_TIME_FOREVER (~0ull)
        #define DISPATCH_QUEUE_SERIAL NULL
        #define DISPATCH_QUEUE_CONCURRENT ((dispatch_queue_attr_t)@"DISPATCH_QUEUE_CONCURRENT")
        #define CC_MD5_DIGEST_LENGTH 16
        #define CC_SHA1_DIGEST_LENGTH 20
        #define CC_SHA256_DIGEST_LENGTH 32
        #define CC_SHA224_DIGEST_LENGTH 28
        #define CC_SHA384_DIGEST_LENGTH 48
        #define CC_SHA512_DIGEST_LENGTH 64
        #define CC_MD5_BLOCK_BYTES 64
        #define CC_SHA1_BLOCK_BYTES 64
        #define CC_SHA256_BLOCK_BYTES 64
        #define CC_SHA512_BLOCK_BYTES 128
        #define DISPATCH_QUEUE_SERIAL_WITH_AUTORELEASE_POOL NULL
        #define DISPATCH_QUEUE_CONCURRENT_WITH_AUTORELEASE_POOL ((dispatch_queue_attr_t)@"DISPATCH_QUEUE_CONCURRENT_WITH_AUTORELEASE_POOL")
        #define DISPATCH_QUEUE_SERIAL_INACTIVE NULL
        #define DISPATCH_QUEUE_CONCURRENT_INACTIVE ((dispatch_queue_attr_t)@"DISPATCH_QUEUE_CONCURRENT_INACTIVE")
        #define DISPATCH_AUTORELEASE_FREQUENCY_INHERIT 0
        #define DISPATCH_AUTORELEASE_FREQUENCY_WORK_ITEM 1
        #define DISPATCH_AUTORELEASE_FREQUENCY_NEVER 2
        #define dispatch_queue_attr_make_with_qos_class(attr, qos, priority) (attr)
        #define dispatch_queue_attr_make_with_autorelease_frequency(attr, frequency) (attr)
        #define dispatch_queue_attr_make_initially_inactive(attr) (attr)
        #define DISPATCH_CURRENT_QUEUE_LABEL NULL
        #define CTL_KERN 1
        #define CTL_HW 6
        #define KERN_PROC 14
        #define KERN_PROC_PID 1
        #define HW_MACHINE 1
        #define HW_MODEL 2
        #define HW_NCPU 3
        #define HW_MEMSIZE 24
        #define HW_TARGET 26
        #define KERN_OSTYPE 1
        #define KERN_OSRELEASE 2
        #define KERN_OSVERSION 65
        #define CTL_KERN_NAMES { { 0, 0 }, { "ostype", CTLTYPE_STRING }, { "osrelease", CTLTYPE_STRING }, { "osrevision", CTLTYPE_INT }, { "version", CTLTYPE_STRING }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { "hostname", CTLTYPE_STRING }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { "osversion", CTLTYPE_STRING } }
        #define HW_PRODUCT 27
        #define CTLTYPE_NODE 1
        #define CTLTYPE_INT 2
        #define CTLTYPE_STRING 3
        #define CTLTYPE_QUAD 4
        #define CTL_NAMES { { 0, 0 }, { "kern", CTLTYPE_NODE }, { "vm", CTLTYPE_NODE }, { "vfs", CTLTYPE_NODE }, { "net", CTLTYPE_NODE }, { "debug", CTLTYPE_NODE }, { "hw", CTLTYPE_NODE }, { "machdep", CTLTYPE_NODE }, { "user", CTLTYPE_NODE } }
        #define CTL_HW_NAMES { { 0, 0 }, { "machine", CTLTYPE_STRING }, { "model", CTLTYPE_STRING }, { "ncpu", CTLTYPE_INT }, { "byteorder", CTLTYPE_INT }, { "physmem", CTLTYPE_INT }, { "usermem", CTLTYPE_INT }, { "pagesize", CTLTYPE_INT }, { "disknames", CTLTYPE_STRUCT }, { "diskstats", CTLTYPE_STRUCT }, { "epoch", CTLTYPE_INT }, { "floatingpoint", CTLTYPE_INT }, { "machinearch", CTLTYPE_STRING }, { "vectorunit", CTLTYPE_INT }, { "busfrequency", CTLTYPE_INT }, { "cpufrequency", CTLTYPE_INT }, { "cachelinesize", CTLTYPE_INT }, { "l1icachesize", CTLTYPE_INT }, { "l1dcachesize", CTLTYPE_INT }, { "l2settings", CTLTYPE_INT }, { "l2cachesize", CTLTYPE_INT }, { "l3settings", CTLTYPE_INT }, { "l3cachesize", CTLTYPE_INT }, { "tbfrequency", CTLTYPE_INT }, { "memsize", CTLTYPE_QUAD }, { "availcpu", CTLTYPE_INT }, { "target", CTLTYPE_STRING }, { "product", CTLTYPE_STRING } }
        #define CTLTYPE_STRUCT 5
        #define P_TRACED 0x00000800
        #define F_OK 0
        #define X_OK 1
        #define W_OK 2
        #define R_OK 4
        #define O_RDONLY 0x0000
        #define O_WRONLY 0x0001
        #define O_RDWR 0x0002
        #define O_NONBLOCK 0x0004
        #define O_APPEND 0x0008
        #define O_CREAT 0x0200
        #define O_TRUNC 0x0400
        #define O_EXCL 0x0800
        #define O_EVTONLY 0x8000
        #define O_SHLOCK 0x0010
        #define O_EXLOCK 0x0020
        #define S_IRWXU 0000700
        #define S_IRUSR 0000400
        #define S_IWUSR 0000200
        #define S_IXUSR 0000100
        #define S_IRWXG 0000070
        #define S_IRGRP 0000040
        #define S_IWGRP 0000020
        #define S_IXGRP 0000010
        #define S_IRWXO 0000007
        #define S_IROTH 0000004
        #define S_IWOTH 0000002
        #define S_IXOTH 0000001
        #define kSystemSoundID_Vibrate 4095
        #define kAudioServicesNoError 0
        #define KERN_SUCCESS 0
        #define KERN_INVALID_ARGUMENT 4
        #define KERN_FAILURE 5
        #define DISPATCH_VNODE_DELETE 0x1
        #define DISPATCH_VNODE_WRITE 0x2
        #define DISPATCH_VNODE_EXTEND 0x4
        #define DISPATCH_VNODE_ATTRIB 0x8
        #define DISPATCH_VNODE_LINK 0x10
        #define DISPATCH_VNODE_RENAME 0x20
        #define DISPATCH_VNODE_REVOKE 0x40
        #define DISPATCH_VNODE_FUNLOCK 0x100
        #define DISPATCH_PROC_EXIT 0x80000000
        #define DISPATCH_PROC_FORK 0x40000000
        #define DISPATCH_PROC_EXEC 0x20000000
        #define DISPATCH_PROC_SIGNAL 0x08000000
        #define DISPATCH_MEMORYPRESSURE_NORMAL 0x01
        #define DISPATCH_MEMORYPRESSURE_WARN 0x02
        #define DISPATCH_MEMORYPRESSURE_CRITICAL 0x04
        #define DISPATCH_TIMER_STRICT 0x1
        #define DISPATCH_QUEUE_PRIORITY_HIGH 2
        #define DISPATCH_QUEUE_PRIORITY_DEFAULT 0
        #define DISPATCH_QUEUE_PRIORITY_LOW (-2)
        #define DISPATCH_QUEUE_PRIORITY_BACKGROUND INT16_MIN
        #define memory_order_relaxed 0
        #define memory_order_consume 1
        #define memory_order_acquire 2
        #define memory_order_release 3
        #define memory_order_acq_rel 4
        #define memory_order_seq_cst 5
        #define ATOMIC_VAR_INIT(value) (value)
        #define QOS_CLASS_USER_INTERACTIVE 0x21
        #define QOS_CLASS_USER_INITIATED 0x19
        #define QOS_CLASS_DEFAULT 0x15
        #define QOS_CLASS_UTILITY 0x11
        #define QOS_CLASS_BACKGROUND 0x09
        #define QOS_CLASS_UNSPECIFIED 0x00
        #define UIInterfaceOrientationIsPortrait(o) ((o) == UIInterfaceOrientationPortrait || (o) == UIInterfaceOrientationPortraitUpsideDown)
        #define UIInterfaceOrientationIsLandscape(o) ((o) == UIInterfaceOrientationLandscapeLeft || (o) == UIInterfaceOrientationLandscapeRight)
        #define UIDeviceOrientationIsPortrait(o) ((o) == UIDeviceOrientationPortrait || (o) == UIDeviceOrientationPortraitUpsideDown)
        #define UIDeviceOrientationIsLandscape(o) ((o) == UIDeviceOrientationLandscapeLeft || (o) == UIDeviceOrientationLandscapeRight)
        #define UIDeviceOrientationIsValidInterfaceOrientation(o) ((o) >= UIDeviceOrientationPortrait && (o) <= UIDeviceOrientationLandscapeRight)
        #define OS_LOG_DEFAULT NULL
        #define OS_LOG_DISABLED NULL
        #define OS_LOG_TYPE_DEFAULT 0x00
        #define OS_LOG_TYPE_INFO 0x01
        #define OS_LOG_TYPE_DEBUG 0x02
        #define OS_LOG_TYPE_ERROR 0x10
        #define OS_LOG_TYPE_FAULT 0x11
        #define RAND_MAX 0x7fffffff
        #define NSDictionaryOfVariableBindings(...) _NSDictionaryOfVariableBindings(#__VA_ARGS__, __VA_ARGS__, nil)
        #define NSParameterAssert(condition) _NSParameterAssert((condition), #condition)
        #define NSAssert1(condition, desc, arg1) NSAssert((condition), (desc), (arg1))
        #define NSAssert2(condition, desc, arg1, arg2) NSAssert((condition), (desc), (arg1), (arg2))
        #define NSAssert3(condition, desc, arg1, arg2, arg3) NSAssert((condition), (desc), (arg1), (arg2), (arg3))
        #define NSAssert4(condition, desc, arg1, arg2, arg3, arg4) NSAssert((condition), (desc), (arg1), (arg2), (arg3), (arg4))
        #define NSAssert5(condition, desc, arg1, arg2, arg3, arg4, arg5) NSAssert((condition), (desc), (arg1), (arg2), (arg3), (arg4), (arg5))
        #define NSCAssert1(condition, desc, arg1) NSCAssert((condition), (desc), (arg1))
        #define NSCAssert2(condition, desc, arg1, arg2) NSCAssert((condition), (desc), (arg1), (arg2))
        #define NSCAssert3(condition, desc, arg1, arg2, arg3) NSCAssert((condition), (desc), (arg1), (arg2), (arg3))
        #define NSCAssert4(condition, desc, arg1, arg2, arg3, arg4) NSCAssert((condition), (desc), (arg1), (arg2), (arg3), (arg4))
        #define NSCAssert5(condition, desc, arg1, arg2, arg3, arg4, arg5) NSCAssert((condition), (desc), (arg1), (arg2), (arg3), (arg4), (arg5))
        #define NSCParameterAssert(condition) _NSParameterAssert((condition), #condition)
        #define NSEC_PER_SEC 1000000000ull
        #define NSEC_PER_MSEC 1000000ull
        #define NSEC_PER_USEC 1000ull
        #define USEC_PER_SEC 1000000ull
        #define MSEC_PER_SEC 1000ull
        #define TARGET_OS_IPHONE 1
        #define TARGET_OS_IOS 1
        #define TARGET_OS_MAC 1
        #define TARGET_OS_SIMULATOR 0
        #define TARGET_IPHONE_SIMULATOR 0
        #define TARGET_OS_TV 0
        #define TARGET_OS_WATCH 0
        #define TARGET_OS_OSX 0
        #define TARGET_OS_MACCATALYST 0
        #define __OBJC__ 1
        #define __OBJC2__ 1
        #define OBJC_API_VERSION 2
        #define __Require_Quiet(assertion, exceptionLabel) do { if (!(assertion)) { goto exceptionLabel; } } while (0)
        #define __Require(assertion, exceptionLabel) __Require_Quiet(assertion, exceptionLabel)
        #define __Require_noErr_Quiet(errorCode, exceptionLabel) do { if ((errorCode) != 0) { goto exceptionLabel; } } while (0)
        #define __Require_noErr(errorCode, exceptionLabel) __Require_noErr_Quiet(errorCode, exceptionLabel)
        #define AF_UNSPEC 0
        #define AF_INET 2
        #define AF_INET6 30
        #define INADDR_ANY 0
        #define __clang__ 1
        #define __clang_major__ 15
        #define __clang_minor__ 0
        #define __clang_patchlevel__ 0
        #define __apple_build_version__ 15000100
        #define __APPLE__ 1
        #define __arm64__ 1
        #define __LP64__ 1
        #define OBJC_BOOL_IS_BOOL 1
        #define OS_OBJECT_USE_OBJC 1
        #define OS_OBJECT_HAVE_OBJC_SUPPORT 1
        #define DEBUG 1
        #define __has_feature(...) 1
        #define __has_extension(...) 1
        #define __has_warning(...) 1
        #define __has_include(...) 1
        #define __has_attribute(...) 0
        #define __has_builtin(...) 0
        #define __IPHONE_OS_VERSION_MIN_REQUIRED 120000
        #define __IPHONE_OS_VERSION_MAX_ALLOWED 170000
        #define __IPHONE_2_0 20000
        #define __IPHONE_3_0 30000
        #define __IPHONE_4_0 40000
        #define __IPHONE_5_0 50000
        #define __IPHONE_6_0 60000
        #define __IPHONE_7_0 70000
        #define __IPHONE_8_0 80000
        #define __IPHONE_9_0 90000
        #define __IPHONE_10_0 100000
        #define __IPHONE_11_0 110000
        #define __IPHONE_12_0 120000
        #define __IPHONE_13_0 130000
        #define __IPHONE_14_0 140000
        #define __IPHONE_15_0 150000
        #define __IPHONE_16_0 160000
        #define __IPHONE_17_0 170000
        #define CHAR_BIT 8
        #define SCHAR_MAX 127
        #define SCHAR_MIN (-128)
        #define CHAR_MAX 127
        #define CHAR_MIN (-128)
        #define UCHAR_MAX 255
        #define PRId8 "hhd"
        #define PRId16 "hd"
        #define PRId32 "d"
        #define PRId64 "lld"
        #define PRIdPTR "ld"
        #define PRIdMAX "jd"
        #define PRIi8 "hhi"
        #define PRIi16 "hi"
        #define PRIi32 "i"
        #define PRIi64 "lli"
        #define PRIiPTR "li"
        #define PRIiMAX "ji"
        #define PRIu8 "hhu"
        #define PRIu16 "hu"
        #define PRIu32 "u"
        #define PRIu64 "llu"
        #define PRIuPTR "lu"
        #define PRIuMAX "ju"
        #define PRIo8 "hho"
        #define PRIo16 "ho"
        #define PRIo32 "o"
        #define PRIo64 "llo"
        #define PRIoPTR "lo"
        #define PRIoMAX "jo"
        #define PRIx8 "hhx"
        #define PRIx16 "hx"
        #define PRIx32 "x"
        #define PRIx64 "llx"
        #define PRIxPTR "lx"
        #define PRIxMAX "jx"
        #define PRIX8 "hhX"
        #define PRIX16 "hX"
        #define PRIX32 "X"
        #define PRIX64 "llX"
        #define PRIXPTR "lX"
        #define PRIXMAX "jX"
        #define SHRT_MAX 32767
        #define SHRT_MIN (-32768)
        #define USHRT_MAX 65535
        #define INT_MAX 2147483647
        #define NAME_MAX 255
        #define PATH_MAX 1024
        #define INT_MIN (-2147483647 - 1)
        #define UINT_MAX 4294967295U
        #define LONG_MAX 9223372036854775807L
        #define LONG_MIN (-9223372036854775807L - 1)
        #define LLONG_MAX 9223372036854775807LL
        #define LLONG_MIN (-9223372036854775807LL - 1)
        #define LONG_LONG_MAX LLONG_MAX
        #define LONG_LONG_MIN LLONG_MIN
        #define ULONG_LONG_MAX ULLONG_MAX
        #define INT8_MAX 127
        #define INT8_MIN (-128)
        #define INT16_MAX 32767
        #define INT16_MIN (-32768)
        #define INT32_MAX 2147483647
        #define INT32_MIN (-2147483647 - 1)
        #define INT64_MAX 9223372036854775807LL
        #define INT64_MIN (-9223372036854775807LL - 1)
        #define UINT8_MAX 255
        #define UINT16_MAX 65535
        #define UINT32_MAX 4294967295U
        #define UINT64_MAX 0xFFFFFFFFFFFFFFFFULL
        #define ULONG_MAX 0xFFFFFFFFFFFFFFFFUL
        #define ULLONG_MAX 0xFFFFFFFFFFFFFFFFULL
        #define UINTPTR_MAX 0xFFFFFFFFFFFFFFFFUL
        #define UINTMAX_MAX 0xFFFFFFFFFFFFFFFFULL
        #define SIZE_MAX 0xFFFFFFFFFFFFFFFFUL
        #define NSUIntegerMax ULONG_MAX
        #define INTPTR_MAX 9223372036854775807L
        #define INTPTR_MIN (-9223372036854775807L - 1)
        #define INTMAX_MAX 9223372036854775807LL
        #define INTMAX_MIN (-9223372036854775807LL - 1)
        #define PTRDIFF_MAX 9223372036854775807L
        #define PTRDIFF_MIN (-9223372036854775807L - 1)
        #define SSIZE_MAX 9223372036854775807L
        #define NSIntegerMax LONG_MAX
        #define NSIntegerMin LONG_MIN
        #define NSNotFound NSIntegerMax
        #define TRUE 1
        #define FALSE 0
        #define DBL_MAX 1.7976931348623157e+308
        #define INFINITY (1.0 / 0.0)
        #define HUGE_VAL (1.0 / 0.0)
        #define HUGE_VALF (1.0 / 0.0)
        #define NAN (0.0 / 0.0)
        #define DBL_MIN 2.2250738585072014e-308
        #define DBL_EPSILON 2.2204460492503131e-16
        #define FLT_MAX 3.40282347e+38F
        #define FLT_MIN 1.17549435e-38F
        #define FLT_EPSILON 1.19209290e-7F
        #define MAXFLOAT 3.40282347e+38F
        #define CGFLOAT_MAX DBL_MAX
        #define CGFLOAT_MIN DBL_MIN
        #define CGFLOAT_EPSILON DBL_EPSILON
        #define M_E 2.71828182845904523536028747135266250
        #define M_LN2 0.693147180559945309417232121458176568
        #define M_LN10 2.30258509299404568401799145468436421
        #define M_PI 3.14159265358979323846264338327950288
        #define M_PI_2 1.57079632679489661923132169163975144
        #define M_PI_4 0.785398163397448309615660845819875721
        #define M_1_PI 0.318309886183790671537767526745028724
        #define M_2_PI 0.636619772367581343075535053490057448
        #define M_SQRT2 1.41421356237309504880168872420969808
        #define NSFoundationVersionNumber_iOS_5_0 881.00
        #define NSFoundationVersionNumber_iOS_5_1 890.10
        #define NSFoundationVersionNumber_iOS_6_0 992.00
        #define NSFoundationVersionNumber_iOS_6_1 993.00
        #define NSFoundationVersionNumber_iOS_7_0 1047.20
        #define NSFoundationVersionNumber_iOS_7_1 1047.25
        #define NSFoundationVersionNumber_iOS_8_0 1140.11
        #define NSFoundationVersionNumber_iOS_8_1 1141.1
        #define NSFoundationVersionNumber_iOS_8_2 1142.14
        #define NSFoundationVersionNumber_iOS_8_3 1144.17
        #define NSFoundationVersionNumber_iOS_8_4 1144.17
        #define NSFoundationVersionNumber_iOS_8_x_Max 1199
        #define NSFoundationVersionNumber_iOS_9_0 1240.1
        #define NSFoundationVersionNumber_iOS_9_1 1241.14
        #define NSFoundationVersionNumber_iOS_9_2 1242.12
        #define NSFoundationVersionNumber_iOS_9_3 1242.12
        #define NSFoundationVersionNumber_iOS_9_4 1280.25
        #define NSFoundationVersionNumber_iOS_9_x_Max 1299
        #define NSFoundationVersionNumber 1953.1
        #define kCFCoreFoundationVersionNumber_iOS_5_0 675.00
        #define kCFCoreFoundationVersionNumber_iOS_5_1 690.10
        #define kCFCoreFoundationVersionNumber_iOS_6_0 793.00
        #define kCFCoreFoundationVersionNumber_iOS_6_1 793.00
        #define kCFCoreFoundationVersionNumber_iOS_7_0 847.20
        #define kCFCoreFoundationVersionNumber_iOS_7_1 847.24
        #define kCFCoreFoundationVersionNumber_iOS_8_0 1140.10
        #define kCFCoreFoundationVersionNumber_iOS_8_1 1141.14
        #define kCFCoreFoundationVersionNumber_iOS_8_2 1142.16
        #define kCFCoreFoundationVersionNumber_iOS_8_3 1144.17
        #define kCFCoreFoundationVersionNumber_iOS_8_4 1145.15
        #define kCFCoreFoundationVersionNumber_iOS_8_x_Max 1199
        #define kCFCoreFoundationVersionNumber_iOS_9_0 1240.1
        #define kCFCoreFoundationVersionNumber_iOS_9_x_Max 1299
        #define kCFCoreFoundationVersionNumber 1953.1
        """
}
