import Runtime
import UIKitModel

/// Objective-C type names and the encodings they give.
enum TypeNames {
    /// The encoding of a scalar or special type name, or nil for an unknown one.
    static func scalar(_ name: String) -> ObjCType? {
        switch name {
        case "void": .void
        case "BOOL", "bool": .bool
        case "char": .char
        case "int", "int32_t": .integer(code: "i")
        case "short": .integer(code: "s")
        case "long", "NSInteger", "int64_t", "long long": .integer(code: "q")
        case "unsigned", "unsigned int", "uint32_t": .integer(code: "I")
        case "NSUInteger", "unsigned long", "uint64_t", "unsigned long long", "size_t": .integer(code: "Q")
        case "unsigned short": .integer(code: "S")
        case "unsigned char", "uint8_t": .integer(code: "C")
        case "float": .float
        case "double", "CGFloat", "NSTimeInterval": .double
        case "id", "instancetype": .object(className: nil)
        case "Class": .class
        case "SEL": .selector
        case "CGRect": .structure(name: "CGRect", encoding: "{CGRect={CGPoint=dd}{CGSize=dd}}")
        default: nil
        }
    }

    /// The encoding of a type written as tokens (`NSString *`, `BOOL`, `unsigned long`,
    /// `void (^)(id)`).
    static func type(of tokens: [Token], at location: SourceLocation) throws(ShellError) -> ObjCType {
        if tokens.contains(where: { $0.isSymbol("^") }) { return .block }
        let words = tokens.compactMap(\.identifier).filter { !["const", "nonnull", "nullable", "_Nonnull", "_Nullable", "__weak", "__strong", "__kindof"].contains($0) }
        let pointer = tokens.contains { $0.isSymbol("*") }
        // Protocol qualifiers, as in `id<UIApplicationDelegate>`, do not change the encoding.
        let name = words.first.map { first in
            words.count > 1 && ["unsigned", "long"].contains(first) ? words.prefix(3).joined(separator: " ") : first
        } ?? ""
        if pointer {
            if name == "char" { return .cString }
            if name == "void" { return .pointer(to: "v") }
            guard !name.isEmpty else { throw .syntax("a pointer type needs a class name, as in NSString *", at: location) }
            return .object(className: name)
        }
        if let scalar = scalar(name) { return scalar }
        guard !name.isEmpty else { throw .syntax("expected a type, such as void, BOOL, id or NSString *", at: location) }
        throw .syntax("'\(name)' is not a type rtsh knows; objects are written with a star (\(name) *), and scalars are BOOL, NSInteger, CGFloat, double and the C types", at: location)
    }
}
