import Runtime

/// A method whose body could not be read when its file loaded: it is left out of its class,
/// and remembered, so that an audit reports it as an error rather than passing it.
public struct UnreadMethodRecord: Hashable, Sendable {
    public let method: MethodReference
    /// Where reading the body failed.
    public let location: SourceLocation
    /// The category it was written in; nil for the class's own `@implementation`, whose
    /// records a redefinition of the class replaces.
    public var category: String? = nil
}
