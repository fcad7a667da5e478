import Runtime

/// C's and Objective-C's statements.
extension Parser {
    mutating func statement() throws(SyntaxError) -> Statement {
        try enterNesting()
        defer { nesting -= 1 }
        let token = current
        let location = token.location
        switch token.kind {
        case .symbol("{"):
            return .compound(try compoundBody())
        case .symbol(";"):
            advance()
            return .group([])
        case .identifier("return"):
            advance()
            let value = try optionalValue()
            if let value, blockReturnEncoding == nil { blockReturnEncoding = Self.returnEncoding(of: value) }
            return .return(value, location)
        case .identifier("if"):
            advance()
            let condition = try parenthesizedCondition("if")
            let then = try body()
            var otherwise: [Statement]?
            if consumeIdentifier("else") { otherwise = try body() }
            return .if(condition: condition, then: then, else: otherwise, location)
        case .identifier("while"):
            advance()
            let condition = try parenthesizedCondition("while")
            return .while(condition: condition, body: try body(), location)
        case .identifier("do"):
            advance()
            let loopBody = try body()
            guard consumeIdentifier("while") else { throw unexpected("'while (condition);' after the body of 'do'") }
            let condition = try parenthesizedCondition("while")
            try endStatement()
            return .doWhile(body: loopBody, condition: condition, location)
        case .identifier("for"):
            advance()
            return try forStatement(at: location)
        case .identifier("switch"):
            advance()
            return try switchStatement(at: location)
        case .identifier("case"), .identifier("default"):
            throw SyntaxError(.labelOutsideSwitch(token.text), at: location)
        case .identifier("break"), .identifier("continue"):
            advance()
            try endStatement()
            return token.isIdentifier("break") ? .break(location) : .continue(location)
        case .identifier("goto"):
            advance()
            let label = try expectIdentifier("a label after goto, as in goto cleanup;")
            try endStatement()
            return .goto(label, location)
        case .identifier("static"):
            advance()
            return try localDeclaration(isStatic: true)
        case .identifier("extern"):
            // `extern void __gcov_flush(void);` in a body declares what is defined elsewhere,
            // which is found by its name when called: nothing to run here.
            advance()
            var depth = 0
            while !atEnd, depth > 0 || !current.isSymbol(";") {
                if current.isSymbol("(") { depth += 1 } else if current.isSymbol(")") { depth -= 1 }
                advance()
            }
            try endStatement()
            return .group([])
        case .identifier("typedef"):
            // `typedef NS_ENUM(NSUInteger, Relation) { ... };` inside a method: the type is
            // named for the rest of the file, and an enum's constants are the method's.
            advance()
            let enclosingEnums = pendingEnums.count
            try typedef()
            return .group(pendingEnumStatements(after: enclosingEnums))
        case .directive("throw"):
            advance()
            return .throw(try optionalValue(), location)
        case .directive("try"):
            advance()
            return try tryStatement(at: location)
        case .directive("synchronized"):
            advance()
            let object = try parenthesizedCondition("@synchronized")
            return .synchronized(object, body: try compoundBody(), location)
        case .directive("autoreleasepool"):
            advance()
            return .compound(try compoundBody())
        case .identifier(let name) where peek(1).isSymbol(":"):
            // A label stands as a statement of its own: the statement after it comes next.
            advance()
            advance()
            return .label(name, location)
        default:
            if startsLocalDeclaration() || current.isIdentifier(Preprocessor.cleanupMarker) { return try localDeclaration(isStatic: false) }
            let value = try commaExpression()
            try endStatement()
            return .expression(value)
        }
    }

    /// The value of `return` or `@throw` and the statement's end; nil for `return;` and `@throw;`.
    private mutating func optionalValue() throws(SyntaxError) -> Expression? {
        if consumeSymbol(";") || current.isSymbol("}") || atEnd { return nil }
        let value = try commaExpression()
        try endStatement()
        return value
    }

    /// A statement ends with ';', or at a '}' or the end of the input (a line at the prompt).
    mutating func endStatement() throws(SyntaxError) {
        if consumeSymbol(";") { return }
        if mode == .prompt && (current.isSymbol("}") || atEnd) { return }
        throw unexpected("';' to end the statement")
    }

    /// `{ statements }`
    mutating func compoundBody() throws(SyntaxError) -> [Statement] {
        try expectSymbol("{", "to start the block")
        var statements: [Statement] = []
        while !consumeSymbol("}") {
            if atEnd { throw unexpected("'}' to close the block") }
            if consumeSymbol(";") { continue }
            statements.append(try statement())
        }
        return statements
    }

    /// `{ statements }`, or a single statement, as the body of `if`, `for`, `while`, `do`.
    mutating func body() throws(SyntaxError) -> [Statement] {
        if current.isSymbol("{") { return try compoundBody() }
        return [try statement()]
    }

    private mutating func parenthesizedCondition(_ keyword: String) throws(SyntaxError) -> Expression {
        try expectSymbol("(", "after '\(keyword)'")
        let condition = try expression()
        try expectSymbol(")", "to close the condition of '\(keyword)'")
        return condition
    }

    // MARK: Declarations

    /// Whether a declaration starts here: a type, then a declarator (`NSString *name`,
    /// `int count`, `void (^done)(void)`), not an expression that begins with a name.
    func startsLocalDeclaration() -> Bool {
        guard let name = current.identifier else { return false }
        // Only a C keyword starts a declaration whatever follows it (`enum {`); any other
        // name needs a declarator after it, so the shape is checked before names are looked up.
        let next = peek(1)
        guard next.identifier != nil || next.isSymbol("*") || next.isSymbol("<") || next.isSymbol("(") else {
            return TypeTable.keywords.contains(name)
        }
        if TypeTable.keywords.contains(name) {
            // `id` and `Class` are types; `(id)` casts are expressions and start with '('.
            return true
        }
        guard types.isTypeName(name) else {
            // `NetworkStatus status = ...`, `xmlDocPtr doc;`: a type from a library the tree
            // does not hold, since two names in a row can only be a declaration.
            if peek(1).identifier != nil, [";", "=", ",", "["].contains(where: peek(2).isSymbol) { return true }
            // `MMFeed *feed = ...` naming a class defined later in a script, `FILE *file;`,
            // `sqlite3_stmt **statement = NULL;`: a declaration, since a product cannot be
            // assigned to, and a product that is only computed (`a * b;`) does nothing. At the
            // prompt, a lowercase `a * b;` stays a product, as people multiply variables there.
            var offset = 1
            while peek(offset).isSymbol("*") { offset += 1 }
            guard offset > 1, peek(offset).identifier != nil else { return false }
            let after = peek(offset + 1)
            if after.isSymbol("=") { return true }
            guard name.first?.isUppercase == true || mode == .file else { return false }
            return [";", ",", "["].contains(where: after.isSymbol)
        }
        // A class or typedef name followed by a declarator.
        if next.identifier != nil { return true }
        if next.isSymbol("*") { return true }
        if next.isSymbol("<") { return true }
        if next.isSymbol("("), peek(2).isSymbol("^") { return true }
        // `CFStringRef (*copy)(CFStringRef domain) = dlsym(...)`: a function pointer.
        if next.isSymbol("("), peek(2).isSymbol("*"), peek(3).identifier != nil, peek(4).isSymbol(")"), peek(5).isSymbol("(") { return true }
        return false
    }

    /// `Type a = 1, *b, c[4];` or `static Type a = 1;`, after any `static`.
    mutating func localDeclaration(isStatic: Bool) throws(SyntaxError) -> Statement {
        // `__attribute__((cleanup(f)))` before the type applies to every variable declared.
        let leadingCleanup = try cleanupAttribute()
        while current.isIdentifier("static") || current.isIdentifier("extern") { advance() }
        // A declaration nested in this one's (in a block inside `typeof(...)` or an
        // initializer) must not clear what this one's qualifiers said.
        let enclosing = (sawBlockStorage, sawWeakStorage, sawInferredType)
        defer { (sawBlockStorage, sawWeakStorage, sawInferredType) = enclosing }
        sawBlockStorage = false
        sawWeakStorage = false
        sawInferredType = false
        // Only the enums this declaration's type defines are its own: one defined before,
        // in the `@implementation` around the method, belongs to the file.
        let enclosingEnums = pendingEnums.count
        let base = try typeSpecifier()
        var statements: [Statement] = pendingEnumStatements(after: enclosingEnums)
        if consumeSymbol(";") { return .group(statements) } // `enum { A, B };`
        repeat {
            var (name, type, nameLocation) = try declarator(base)
            let (isShared, isWeak, isInferred) = (sawBlockStorage, sawWeakStorage, sawInferredType)
            let cleanup = try cleanupAttribute() ?? leadingCleanup
            if cleanup != nil && isStatic { throw SyntaxError(.cleanupOfStaticVariable(name), at: nameLocation) }
            let arraySizes = runtimeArraySizes
            var value: Expression?
            if consumeSymbol("=") {
                // The variable is in scope in its own initializer, as C has it: `id *values =
                // calloc(count, sizeof(*values));` measures what it points at.
                if arraySizes.isEmpty { types.declareVariable(name, as: type) }
                if current.isSymbol("{") {
                    let location = current.location
                    let items = try initializerList()
                    type = Self.completing(type, by: items)
                    value = .compoundLiteral(type, items, location)
                } else {
                    value = try expression()
                    // `char name[] = "abc";` holds the string's bytes and its NUL.
                    if case .literal(.string(let text), _)? = value, case .array(0, .integer(code: "c")) = type {
                        type = .array(count: text.utf8.count + 1, element: .integer(code: "c"))
                    }
                }
            }
            // An array sized when it runs has no size to measure yet.
            if arraySizes.isEmpty { types.declareVariable(name, as: type) } else { types.declareRuntimeSizedArray(name) }
            statements.append(.declaration(Declaration(
                name: name, type: type, arraySizes: arraySizes, value: value, isShared: isShared, isWeak: isWeak && !isShared && !isStatic,
                storage: isStatic ? StaticStorage() : nil, holdsObject: !isInferred && type.holdsObject, cleanup: cleanup,
                location: nameLocation)))
        } while consumeSymbol(",")
        try endStatement()
        return statements.count == 1 ? statements[0] : .group(statements)
    }

    /// `__attribute__((cleanup(function)))`, as the preprocessor hands it on
    /// (``Preprocessor/cleanupMarker``): the function to call with the variable's address
    /// when its scope ends. Nil when the declaration has none here.
    mutating func cleanupAttribute() throws(SyntaxError) -> Declaration.Cleanup? {
        guard current.isIdentifier(Preprocessor.cleanupMarker) else { return nil }
        let location = current.location
        advance()
        try expectSymbol("(", "after 'cleanup'")
        let function = try expectIdentifier("the name of the cleanup function")
        try expectSymbol(")", "after the cleanup function's name")
        return Declaration.Cleanup(function: function, location: location)
    }

    /// Enums defined inside a local declaration (those after the first `kept`), as
    /// declarations of their constants.
    private mutating func pendingEnumStatements(after kept: Int) -> [Statement] {
        let enums = pendingEnums[kept...]
        pendingEnums.removeSubrange(kept...)
        return enums.flatMap { definition in
            var previous: Expression?
            return definition.constants.map { constant -> Statement in
                let value = constant.value ?? previous.map { .operators($0, [Expression.Operation(kind: .add, operand: .literal(1, constant.location), location: constant.location)]) }
                    ?? .literal(0, constant.location)
                previous = .name(constant.name, constant.location)
                return .declaration(Declaration(
                    name: constant.name, type: definition.type, value: value, isShared: false, storage: nil, location: constant.location))
            }
        }
    }

    // MARK: Loops and switch

    /// After `for`: `(initial; condition; step) body` or `(Type *item in collection) body`.
    private mutating func forStatement(at location: SourceLocation) throws(SyntaxError) -> Statement {
        try expectSymbol("(", "after 'for'")
        // `for (id item in items)` / `for (item in items)`
        if let inIndex = forInKeyword() {
            var declares = false
            let itemLocation: SourceLocation
            let item: String
            // `item in ...` (one word before `in`) names a variable declared before, even one
            // whose name could start a declaration; two or more declare it here.
            if inIndex > 1 {
                // `NSString *name`, `id<Row> row`, `void (^block)(void)`: a declarator.
                (item, _, itemLocation) = try declarator(try typeSpecifier())
                declares = true
            } else {
                itemLocation = current.location
                item = try expectIdentifier("the loop variable of for...in")
            }
            guard consumeIdentifier("in") else { throw unexpected("'in' in for (item in collection)") }
            let collection = try expression()
            try expectSymbol(")", "to close the for...in")
            return .forIn(item: .name(item, itemLocation), declaresItem: declares, collection: collection, body: try body(), location)
        }
        var initial: [Statement] = []
        if !consumeSymbol(";") {
            if startsLocalDeclaration() {
                initial = [try localDeclaration(isStatic: false)]
            } else {
                repeat { initial.append(.expression(try expression())) } while consumeSymbol(",")
                try expectSymbol(";", "after the for loop's first part")
            }
        }
        var condition: Expression?
        if !current.isSymbol(";") { condition = try expression() }
        try expectSymbol(";", "after the for loop's condition")
        var step: [Expression] = []
        if !current.isSymbol(")") {
            repeat { step.append(try expression()) } while consumeSymbol(",")
        }
        try expectSymbol(")", "to close the for loop's parts")
        return .for(initial: initial, condition: condition, step: step, body: try body(), location)
    }

    /// The offset of `in` when the parenthesis of a `for` is a for...in header.
    private func forInKeyword() -> Int? {
        var offset = 0
        while true {
            let token = peek(offset)
            if token.isIdentifier("in") { return offset }
            // Parentheses and '^' for a block's declarator: `void (^block)(void) in blocks`.
            guard token.identifier != nil || ["*", "<", ">", ",", "(", ")", "^"].contains(where: token.isSymbol) else {
                return nil
            }
            offset += 1
        }
    }

    /// After `switch`: `(subject) { case A: ... default: ... }`.
    private mutating func switchStatement(at location: SourceLocation) throws(SyntaxError) -> Statement {
        let subject = try parenthesizedCondition("switch")
        try expectSymbol("{", "to start the switch's cases")
        var labels: [SwitchStatement.Label] = []
        var statements: [Statement] = []
        var sawDefault = false
        // Braces in the body that hold labels of their own (`case 1: { ...; break; case 2: ... }`,
        // which C allows) are read as part of the body, so that their labels are the switch's.
        var openBraces = 0
        while true {
            if atEnd { throw unexpected("'}' to close the switch") }
            if consumeSymbol("}") {
                if openBraces == 0 { break }
                openBraces -= 1
            } else if current.isSymbol("{"), !labels.isEmpty, bracesHoldSwitchLabels() {
                advance()
                openBraces += 1
            } else if current.isIdentifier("case") {
                advance()
                let value = try conditionalExpression()
                // GNU C's case range, `case 1 ... 5:`, which clang accepts too.
                let last = consumeSymbol("...") ? try conditionalExpression() : nil
                try expectSymbol(":", "after the case's value")
                labels.append(SwitchStatement.Label(value: value, last: last, start: statements.count))
            } else if current.isIdentifier("default") {
                let defaultLocation = advance().location
                guard !sawDefault else { throw SyntaxError(.duplicateDefault, at: defaultLocation) }
                sawDefault = true
                try expectSymbol(":", "after 'default'")
                labels.append(SwitchStatement.Label(value: nil, start: statements.count))
            } else {
                if labels.isEmpty { throw unexpected("'case' or 'default' first inside the switch") }
                statements.append(try statement())
            }
        }
        return .switch(SwitchStatement(subject: subject, labels: labels, body: statements, location: location))
    }

    /// Whether the braces that open here hold a `case` or `default` label directly (not
    /// inside a switch of their own).
    private func bracesHoldSwitchLabels() -> Bool {
        var depth = 0
        var offset = 0
        while true {
            let token = peek(offset)
            switch token.kind {
            case .end: return false
            case .symbol("{"): depth += 1
            case .symbol("}"):
                depth -= 1
                if depth == 0 { return false }
            case .identifier("case") where depth == 1, .identifier("default") where depth == 1:
                if token.isIdentifier("case") || peek(offset + 1).isSymbol(":") { return true }
            default: break
            }
            offset += 1
        }
    }

    // MARK: Exceptions

    /// After `@try`: the body, `@catch` clauses, and `@finally`.
    private mutating func tryStatement(at location: SourceLocation) throws(SyntaxError) -> Statement {
        let tryBody = try compoundBody()
        var catches: [CatchClause] = []
        while current.isDirective("catch") {
            let catchLocation = advance().location
            try expectSymbol("(", "after @catch")
            var className: String?
            var name: String?
            if !consumeSymbol("...") {
                let type = try typeSpecifier()
                if case .object(let declared) = type { className = declared }
                while consumeSymbol("*") {}
                // `@catch (NSException *)`: the exception unnamed, caught by its class alone.
                if !current.isSymbol(")") {
                    name = try expectIdentifier("the exception's variable name in @catch (NSException *exception), or ')'")
                }
            }
            try expectSymbol(")", "to close @catch's declaration")
            catches.append(CatchClause(className: className, name: name, body: try compoundBody(), location: catchLocation))
        }
        var finally: [Statement]?
        if current.isDirective("finally") {
            advance()
            finally = try compoundBody()
        }
        guard !catches.isEmpty || finally != nil else { throw unexpected("@catch or @finally after the @try block") }
        return .try(body: tryBody, catches: catches, finally: finally, location)
    }
}
