/// A category the session's code defined: a `source` run again leaves it alone when it
/// reads the same, and a class made anew under its name gets it again.
struct DefinedCategory {
    let definition: ImplementationDefinition
    let scope: FileScope

    /// `MMFoo (Extras)`
    var name: String { "\(definition.className) (\(definition.category ?? ""))" }
}
