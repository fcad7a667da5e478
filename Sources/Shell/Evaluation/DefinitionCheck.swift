/// Reads a method's, a function's or a block's body when it is defined, so that mistakes
/// a compiler would catch are reported where they are written rather than when (or if)
/// the code runs: a name assigned that was never declared, a call of a function that does
/// not exist, and `break` or `continue` outside a loop.
struct DefinitionCheck {
    /// Whether a name is declared around the code: an instance variable of a method's
    /// class, a file-scope variable or function, or a variable of the session around a
    /// block typed at the prompt.
    let isDeclaredOutside: (String) -> Bool
    /// Where else a variable assigned in this code could be declared, for the error.
    let elsewhere: String

    /// The scopes open at a point in the code, and what `break` and `continue` may end there.
    private struct Scopes {
        var names: [Set<String>]
        var loops = 0
        var switches = 0

        mutating func declare(_ name: String) { names[names.count - 1].insert(name) }
    }

    /// Checks every statement of `method`.
    func check(_ method: MethodDefinition) throws(ShellError) {
        var scopes = Scopes(names: [Set(method.signature.parameters.map(\.name))])
        try check(method.body, in: &scopes)
    }

    /// Checks the body of a C function.
    func check(_ function: FunctionDefinition) throws(ShellError) {
        var scopes = Scopes(names: [Set(function.parameters.map(\.name))])
        try check(function.body, in: &scopes)
    }

    /// Checks the body of a block literal, given its parameters.
    func checkBlock(parameters: [String], body: [Statement]) throws(ShellError) {
        var scopes = Scopes(names: [Set(parameters)])
        try check(body, in: &scopes)
    }

    private func check(_ statements: [Statement], in scopes: inout Scopes, declaring names: [String] = []) throws(ShellError) {
        scopes.names.append(Set(names))
        defer { scopes.names.removeLast() }
        for statement in statements {
            try check(statement, in: &scopes)
        }
    }

    private func check(_ statement: Statement, in scopes: inout Scopes) throws(ShellError) {
        switch statement {
        case .expression(let expression):
            try check(expression, in: scopes)
        case .throw(let value, _):
            if let value { try check(value, in: scopes) }
        case .declaration(let name, _, let value, _), .staticDeclaration(let name, _, let value, _, _):
            // The name is in scope in its own initializer, as in C (a block may refer to itself).
            scopes.declare(name)
            if let value { try check(value, in: scopes) }
        case .group(let statements):
            for inner in statements { try check(inner, in: &scopes) }
        case .compound(let statements):
            try check(statements, in: &scopes)
        case .return(let value, _):
            if let value { try check(value, in: scopes) }
        case .if(let condition, let then, let otherwise, _):
            try check(condition, in: scopes)
            try check(then, in: &scopes)
            if let otherwise { try check(otherwise, in: &scopes) }
        case .while(let condition, let body, _), .doWhile(let body, let condition, _):
            try check(condition, in: scopes)
            scopes.loops += 1
            try check(body, in: &scopes)
            scopes.loops -= 1
        case .for(let initial, let condition, let step, let body, _):
            scopes.names.append([])
            defer { scopes.names.removeLast() }
            for inner in initial { try check(inner, in: &scopes) }
            if let condition { try check(condition, in: scopes) }
            for expression in step { try check(expression, in: scopes) }
            scopes.loops += 1
            try check(body, in: &scopes)
            scopes.loops -= 1
        case .forIn(let item, let declaresItem, let collection, let body, let location):
            try check(collection, in: scopes)
            if !declaresItem { try checkAssignable(item, at: location, in: scopes) }
            scopes.loops += 1
            try check(body, in: &scopes, declaring: [item])
            scopes.loops -= 1
        case .switch(let statement):
            try check(statement.subject, in: scopes)
            for label in statement.labels { if let value = label.value { try check(value, in: scopes) } }
            scopes.switches += 1
            try check(statement.body, in: &scopes)
            scopes.switches -= 1
        case .break(let location):
            guard scopes.loops + scopes.switches > 0 else {
                throw ShellError("'break' belongs inside a loop or a switch", at: location)
            }
        case .continue(let location):
            guard scopes.loops > 0 else { throw ShellError("'continue' belongs inside a loop", at: location) }
        case .try(let body, let catches, let finally, _):
            try check(body, in: &scopes)
            for clause in catches {
                try check(clause.body, in: &scopes, declaring: clause.name.map { [$0, Interpreter.caughtExceptionName] } ?? [Interpreter.caughtExceptionName])
            }
            if let finally { try check(finally, in: &scopes) }
        case .synchronized(let object, let body, _):
            try check(object, in: scopes)
            try check(body, in: &scopes)
        }
    }

    private func isDeclared(_ name: String, in scopes: Scopes) -> Bool {
        scopes.names.contains { $0.contains(name) } || isDeclaredOutside(name)
    }

    private func checkAssignable(_ name: String, at location: SourceLocation, in scopes: Scopes) throws(ShellError) {
        guard name != "self", !isDeclared(name, in: scopes) else { return }
        throw ShellError(
            "'\(name)' is assigned but never declared; declare it first (as in id \(name) = ...;), or \(elsewhere)",
            at: location)
    }

    private func check(_ expression: Expression, in scopes: Scopes) throws(ShellError) {
        switch expression {
        case .literal, .name, .selector, .protocolLiteral, .size:
            break
        case .assignment(let target, let value, _, _):
            if case .name(let name, let location) = target { try checkAssignable(name, at: location, in: scopes) }
            try check(target, in: scopes)
            try check(value, in: scopes)
        case .increment(let target, _, _, _):
            if case .name(let name, let location) = target { try checkAssignable(name, at: location, in: scopes) }
            try check(target, in: scopes)
        case .message(let receiver, _, let arguments, _):
            if case .expression(let inner) = receiver { try check(inner, in: scopes) }
            for argument in arguments { try check(argument, in: scopes) }
        case .property(let base, _, _), .member(let base, _, _):
            try check(base, in: scopes)
        case .operators(let first, let operations):
            try check(first, in: scopes)
            for operation in operations { try check(operation.operand, in: scopes) }
        case .unary(_, let operand, _), .cast(_, let operand, _):
            try check(operand, in: scopes)
        case .conditional(let condition, let then, let otherwise, _):
            try check(condition, in: scopes)
            if let then { try check(then, in: scopes) }
            try check(otherwise, in: scopes)
        case .array(let elements, _):
            for element in elements { try check(element, in: scopes) }
        case .dictionary(let entries, _):
            for entry in entries {
                try check(entry.key, in: scopes)
                try check(entry.value, in: scopes)
            }
        case .compoundLiteral(_, let items, _):
            for item in items { try check(item.value, in: scopes) }
        case .call(let function, let arguments, let location):
            if !isDeclared(function, in: scopes), !Interpreter.functions.contains(function) {
                throw Interpreter.unknownFunction(function, at: location)
            }
            for argument in arguments { try check(argument, in: scopes) }
        case .invoke(let callee, let arguments, _):
            try check(callee, in: scopes)
            for argument in arguments { try check(argument, in: scopes) }
        case .block(let parameters, let body, _):
            var inner = Scopes(names: scopes.names + [Set(parameters)])
            try check(body, in: &inner)
        case .statements(let statements, _):
            var inner = scopes
            try check(statements, in: &inner)
        case .subscript(let base, let index, _):
            try check(base, in: scopes)
            try check(index, in: scopes)
        }
    }
}
