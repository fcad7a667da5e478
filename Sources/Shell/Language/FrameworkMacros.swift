/// The macros of Apple's headers that view controllers use, as the preprocessor's
/// starting table: annotations that change nothing at run time expand to nothing, and
/// the ones that do (`NS_ENUM`, `IBAction`, `MIN`) expand as the SDK defines them.
///
/// Also libextobjc's `@weakify`, `@strongify` and `@keypath(Object.new, name)`, which
/// much iOS code writes as if they were keywords, for trees that do not hold its headers
/// (a tree that defines them uses its own): rtsh keeps no weak references, so the first
/// two change nothing, and `@keypath` gives the key path's last part as a string.
enum FrameworkMacros {
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
        #define __TVOS_PROHIBITED
        #define __WATCHOS_PROHIBITED
        #define UI_APPEARANCE_SELECTOR
        #define DEPRECATED_ATTRIBUTE
        #define DEPRECATED_MSG_ATTRIBUTE(...)
        #define UNAVAILABLE_ATTRIBUTE
        #define __deprecated
        #define __deprecated_msg(...)
        #define __unused
        #define __attribute__(...)
        #define __extension__
        #define __attribute(...)
        #define IBOutlet
        #define IBOutletCollection(...)
        #define IBAction void
        #define IBInspectable
        #define IB_DESIGNABLE
        #define FOUNDATION_EXPORT extern
        #define FOUNDATION_EXTERN extern
        #define UIKIT_EXTERN extern
        #define CG_EXTERN extern
        #define NS_INLINE static inline
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
        #define __weak
        #define __strong
        #define __unsafe_unretained
        #define __autoreleasing
        #define __bridge
        #define __auto_type id
        #define __bridge_transfer
        #define __bridge_retained
        #define weakify(...) autoreleasepool {}
        #define strongify(...) autoreleasepool {}
        #define keypath(object, path) #path
        #define MIN(a, b) (((a) < (b)) ? (a) : (b))
        #define MAX(a, b) (((a) > (b)) ? (a) : (b))
        #define ABS(a) (((a) < 0) ? -(a) : (a))
        #define NSLocalizedString(key, comment) (key)
        #define NSLocalizedStringFromTable(key, table, comment) (key)
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
        #define __clang__ 1
        #define __APPLE__ 1
        #define __arm64__ 1
        #define __LP64__ 1
        #define DEBUG 1
        #define __has_feature(...) 1
        #define __has_extension(...) 1
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
        """
}
