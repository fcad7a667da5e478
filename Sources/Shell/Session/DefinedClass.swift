/// A class the session's code defined, as it was written: a paste or a `source` run again
/// compares what it reads with this, and when a redefinition makes a new class under the
/// name, its categories and subclasses are defined again from what was recorded.
struct DefinedClass {
    /// Its primary `@interface`, with its class extensions merged, if it had one.
    var interface: InterfaceDefinition?
    /// Its `@implementation`; nil for a class known by its `@interface` alone.
    var implementation: ImplementationDefinition?
    /// Where its methods look up file-scope names.
    var scope: FileScope
    /// The superclass it was defined on, by name.
    var superclassName: String

    /// Whether `interface` and `implementation` are what the class was defined from, token
    /// for token (wherever they moved in their files).
    func isDefined(by interface: InterfaceDefinition?, _ implementation: ImplementationDefinition?) -> Bool {
        interface?.fingerprint == self.interface?.fingerprint && implementation?.fingerprint == self.implementation?.fingerprint
    }
}
