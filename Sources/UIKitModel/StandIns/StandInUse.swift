import Runtime

/// One thing a stand-in answered for, and how often: a framework class the model lacks,
/// or a message a framework object (or a subclass of one) does not implement.
public struct StandInUse: Hashable, Sendable {
    /// What the stand-in stood in for.
    public enum Subject: Hashable, Sendable {
        /// A class the code named that the model lacks, made as a subclass of `superclass`.
        case `class`(name: String, superclass: String)
        /// A method the model lacks, named after the framework class it would belong to
        /// (`-[UIViewController tabBarItem]`, even when a subclass received it).
        case method(MethodReference)
        /// A constant the code named that the model lacks (`NSFontAttributeName`).
        case constant(name: String)
        /// A C function of the framework's the code called that the model lacks
        /// (`UIGraphicsBeginImageContext`).
        case function(name: String)
    }

    public let subject: Subject
    /// How many times it was used: classes count once, messages once per send.
    public let count: Int

    public init(subject: Subject, count: Int) {
        self.subject = subject
        self.count = count
    }
}
