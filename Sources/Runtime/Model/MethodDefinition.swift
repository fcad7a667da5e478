/// A method as a definition gives it, before it is a ``Method``: what registration puts in
/// a ``MethodList``, and what a change makes its method from.
struct MethodDefinition {
    let selector: Selector
    let types: TypeEncoding
    let isVariadic: Bool
    let origin: Method.Origin
    let body: Implementation.Body

    init(
        _ selector: Selector, _ types: TypeEncoding, isVariadic: Bool = false, origin: Method.Origin = .other,
        body: @escaping Implementation.Body
    ) {
        self.selector = selector
        self.types = types
        self.isVariadic = isVariadic
        self.origin = origin
        self.body = body
    }

    /// The method this definition describes, for `cls`, with its own implementation.
    func method(in cls: Class) -> Method {
        Method(
            selector: selector, types: types, owner: cls, implementation: Implementation(home: cls, body: body),
            isVariadic: isVariadic, origin: origin)
    }
}
