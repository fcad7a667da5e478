/// Reads a method's body when it is defined, so that mistakes a compiler would catch are
/// reported where they are written rather than when (or if) the method runs: a name
/// assigned that was never declared, and a call of a function that does not exist.
struct DefinitionCheck {
    /// Whether a name is declared around the code: an instance variable of a method's
    /// class, or a variable of the session around a block typed at the prompt.
    let isDeclaredOutside: (String) -> Bool
    /// Where else a variable assigned in this code could be declared, for the error.
    let elsewhere: String

    /// Checks every statement of `method`.
    func check(_ method: MethodDefinition) throws(ShellError) {
        var scopes = [Set(method.signature.parameters.map(\.name))]
        try check(method.body, in: &scopes)
    }

    /// Checks the body of a block literal, given its parameters.
    func checkBlock(parameters: [String], body: [Statement]) throws(ShellError) {
        var scopes = [Set(parameters)]
        try check(body, in: &scopes)
    }

    private func check(_ statements: [Statement], in scopes: inout [Set<String>]) throws(ShellError) {
        scopes.append([])
        defer { scopes.removeLast() }
        for statement in statements {
            try check(statement, in: &scopes)
        }
    }

    private func check(_ statement: Statement, in scopes: inout [Set<String>]) throws(ShellError) {
        switch statement {
        case .expression(let expression), .throw(let expression, _):
            try check(expression, in: scopes)
        case .declaration(let name, let value, _), .staticDeclaration(let name, let value, _, _):
            if let value { try check(value, in: scopes) }
            scopes[scopes.count - 1].insert(name)
        case .return(let value, _):
            if let value { try check(value, in: scopes) }
        case .if(let condition, let then, let otherwise, _):
            try check(condition, in: scopes)
            try check(then, in: &scopes)
            if let otherwise { try check(otherwise, in: &scopes) }
        }
    }

    private func isDeclared(_ name: String, in scopes: [Set<String>]) -> Bool {
        scopes.contains { $0.contains(name) } || isDeclaredOutside(name)
    }

    private func check(_ expression: Expression, in scopes: [Set<String>]) throws(ShellError) {
        switch expression {
        case .literal, .name, .selector, .protocolLiteral:
            break
        case .assignment(let target, let value, _):
            if case .name(let name, let location) = target, name != "self", !isDeclared(name, in: scopes) {
                throw ShellError(
                    "'\(name)' is assigned but never declared; declare it first (as in id \(name) = ...;), or \(elsewhere)",
                    at: location)
            }
            try check(target, in: scopes)
            try check(value, in: scopes)
        case .message(let receiver, _, let arguments, _):
            if case .expression(let inner) = receiver { try check(inner, in: scopes) }
            for argument in arguments { try check(argument, in: scopes) }
        case .property(let base, _, _):
            try check(base, in: scopes)
        case .operators(let first, let operations):
            try check(first, in: scopes)
            for operation in operations { try check(operation.operand, in: scopes) }
        case .unary(_, let operand, _), .cast(_, let operand, _):
            try check(operand, in: scopes)
        case .array(let elements, _):
            for element in elements { try check(element, in: scopes) }
        case .dictionary(let entries, _):
            for entry in entries {
                try check(entry.key, in: scopes)
                try check(entry.value, in: scopes)
            }
        case .call(let function, let arguments, let location):
            if !isDeclared(function, in: scopes), !Interpreter.functions.contains(function) {
                throw Interpreter.unknownFunction(function, at: location)
            }
            for argument in arguments { try check(argument, in: scopes) }
        case .block(let parameters, let body, _):
            var inner = scopes + [Set(parameters)]
            try check(body, in: &inner)
        case .subscript(let base, let index, _):
            try check(base, in: scopes)
            try check(index, in: scopes)
        }
    }
}
