import Foundation
import Runtime
import UIKitModel

extension Command {
    static let policy = Command(
        name: "policy",
        summary: "show or change the super-call rules check super judges by: require, prohibit or allow super, or ignore a selector",
        signature: Signature(
            [], [.word("require"), .argument("TARGET", .ruleTarget)], [.word("prohibit"), .argument("TARGET", .ruleTarget)],
            [.word("allow"), .argument("TARGET", .ruleTarget)], [.word("ignore"), .argument("TARGET", .ruleTarget)],
            [.word("load"), .argument("PATH", .path)], [.word("reset")]),
        example: "policy require -[MMBaseViewController configure]"
    ) { session, arguments, command in
        if arguments.has("reset") {
            session.superCallPolicy = .uikit
        } else if let path = arguments["PATH"] {
            let written = try path.string()
            let resolved = session.resolve(written, relativeTo: session.currentFile)
            session.superCallPolicy = try PolicyFile.read(resolved, named: written, over: session.superCallPolicy)
        } else if let target = arguments["TARGET"] {
            let verb = PolicyFile.verbs.first(where: arguments.has)!
            try PolicyFile.apply(verb, to: target.text, at: target.location, to: &session.superCallPolicy)
        } else {
            for rule in session.superCallPolicy.rules { session.output.print(PolicyFile.line(for: rule)) }
        }
    }
}

/// A super-call policy written as text, one rule a line, as `policy` takes them:
///
///     # Our base controller's hook must reach super; layout may skip it.
///     require -[MMBaseViewController configure]
///     allow layoutSubviews
///     ignore prepareForInterfaceBuilder
///
/// `require` (exactly one call), `prohibit` (none) and `allow` (any number) set a rule,
/// for every class or, with `-[Base selector]`, for the subclasses of `Base`; `ignore`
/// drops one. The lines change the rules they start from (UIKit's, for `rtsh audit`).
enum PolicyFile {
    /// The words that set a requirement, in the order `policy` and its errors name them.
    static let requirements: [(verb: String, requirement: SuperCallRequirement)] = [
        ("require", .required), ("prohibit", .prohibited), ("allow", .optional),
    ]
    /// Every word a rule starts with.
    static let verbs = requirements.map(\.verb) + ["ignore"]

    /// The policy `path` gives when its lines are applied to `policy`.
    static func read(_ path: String, named written: String, over policy: SuperCallPolicy) throws -> SuperCallPolicy {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw ShellError("cannot read the policy file \(written): \(error.localizedDescription)")
        }
        var changed = policy
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = line.prefix { $0 != "#" }
            guard let start = content.firstIndex(where: { !$0.isWhitespace }) else { continue }
            let verbEnd = content[start...].firstIndex(where: \.isWhitespace) ?? content.endIndex
            let targetStart = content[verbEnd...].firstIndex(where: { !$0.isWhitespace }) ?? content.endIndex
            func location(_ position: Substring.Index) -> SourceLocation {
                SourceLocation(file: written, line: index + 1, column: content.distance(from: content.startIndex, to: position) + 1)
            }
            let verb = String(content[start..<verbEnd])
            guard verbs.contains(verb) else {
                throw ShellError("'\(verb)' is not a rule: a line is require, prohibit, allow or ignore, then a selector or -[Class selector]", at: location(start))
            }
            let target = content[targetStart...].trimmingCharacters(in: .whitespaces)
            guard !target.isEmpty else {
                throw ShellError("\(verb) needs a selector (viewDidLoad) or a method of a base class (-[MMBaseViewController configure])", at: location(verbEnd))
            }
            try apply(verb, to: target, at: location(targetStart), to: &changed)
        }
        return changed
    }

    /// Applies one rule: `verb` (require, prohibit, allow or ignore) to `target`, a
    /// selector or `-[Base selector]` written at `location`.
    static func apply(_ verb: String, to target: String, at location: SourceLocation, to policy: inout SuperCallPolicy) throws {
        let selector: String
        let baseClass: String?
        if target.hasPrefix("-[") || target.hasPrefix("+[") {
            let reference: MethodReference
            do { reference = try MethodReference(parsing: target) } catch { throw ShellError("\(error)", at: location) }
            guard !reference.isClassMethod else {
                throw ShellError("\(target) is a class method: super-call rules are for instance methods, written -[Class selector]", at: location)
            }
            (selector, baseClass) = (reference.selector, reference.className)
        } else {
            guard Selector.isValidName(target) else {
                throw ShellError("'\(target)' is not a selector: write one such as viewDidLoad, or -[Class selector] for a base class's", at: location)
            }
            (selector, baseClass) = (target, nil)
        }
        guard let requirement = requirements.first(where: { $0.verb == verb })?.requirement else {
            guard policy.rules.contains(where: { $0.selector == selector && $0.baseClass == baseClass }) else {
                throw ShellError("nothing to ignore: \(target) has no rule ('policy' lists them)", at: location)
            }
            policy.remove(selector, baseClass: baseClass)
            return
        }
        policy.set(requirement, for: selector, baseClass: baseClass)
    }

    /// A rule as a line of a policy file: `require viewDidLoad`, `allow -[MMBase configure]`.
    static func line(for rule: SuperCallPolicy.Rule) -> String {
        let verb = requirements.first { $0.requirement == rule.requirement }!.verb
        return "\(verb) " + (rule.baseClass.map { "-[\($0) \(rule.selector)]" } ?? rule.selector)
    }
}
