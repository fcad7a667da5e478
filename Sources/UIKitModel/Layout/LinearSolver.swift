/// An incremental linear-constraint solver by the Cassowary algorithm (Badros, Borning and
/// Stuckey), as Auto Layout solves constraints: equalities and inequalities over
/// variables, each required or preferred with a weight, kept in a simplex tableau that
/// every added constraint is pivoted into. A preferred constraint that cannot hold costs
/// its weight times how far it misses; the solution minimises the total cost.
///
/// Every choice among symbols takes the earliest made, so the same constraints give the
/// same solution on every run, whatever order a dictionary stores them in.
struct LinearSolver {
    /// A variable's handle, numbered from 0 in the order ``addVariable()`` made them.
    typealias Variable = Int

    /// How two sides compare: `expression relation 0`.
    enum Relation { case lessThanOrEqual, equal, greaterThanOrEqual }

    /// Why a constraint was not added: it contradicts the required ones before it.
    struct Unsatisfiable: Error {}

    private enum Kind { case external, slack, error, dummy }

    private struct Symbol: Hashable, Comparable {
        let id: Int
        let kind: Kind
        static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.id < rhs.id }
        static func == (lhs: Symbol, rhs: Symbol) -> Bool { lhs.id == rhs.id }
        func hash(into hasher: inout Hasher) { hasher.combine(id) }
        var isPivotable: Bool { kind == .slack || kind == .error }
    }

    /// `constant + Σ coefficient × symbol`, its cells in the order the symbols were made.
    private struct Row {
        var constant: Double
        var cells: [Symbol: Double] = [:]

        /// The earliest-made symbol of the row that `qualifies`, whatever order the cells are stored in.
        func first(where qualifies: (Symbol, Double) -> Bool) -> Symbol? {
            var found: Symbol?
            for (symbol, coefficient) in cells where qualifies(symbol, coefficient) && (found == nil || symbol < found!) { found = symbol }
            return found
        }

        mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
            let sum = (cells[symbol] ?? 0) + coefficient
            cells[symbol] = LinearSolver.isNearZero(sum) ? nil : sum
        }

        mutating func insert(_ row: Row, _ coefficient: Double = 1) {
            constant += row.constant * coefficient
            for (symbol, value) in row.cells { insert(symbol, value * coefficient) }
        }

        mutating func reverseSign() {
            constant = -constant
            for symbol in cells.keys { cells[symbol] = -cells[symbol]! }
        }

        /// Rewrites `0 = row` as `symbol = …`, the symbol taken out.
        mutating func solve(for symbol: Symbol) {
            let coefficient = -1 / cells.removeValue(forKey: symbol)!
            constant *= coefficient
            for key in cells.keys { cells[key]! *= coefficient }
        }

        /// Rewrites `lhs = row` (which holds `rhs`) as `rhs = …`.
        mutating func solve(_ lhs: Symbol, for rhs: Symbol) {
            insert(lhs, -1)
            solve(for: rhs)
        }

        func coefficient(of symbol: Symbol) -> Double { cells[symbol] ?? 0 }

        mutating func substitute(_ symbol: Symbol, with row: Row) {
            guard let coefficient = cells.removeValue(forKey: symbol) else { return }
            insert(row, coefficient)
        }
    }

    private var nextSymbol = 0
    private var variables: [Symbol] = []
    private var rows: [Symbol: Row] = [:]
    private var objective = Row(constant: 0)
    private var artificial: Row?

    /// The weight at or above which a constraint is required.
    static let required = Double.infinity

    private static func isNearZero(_ value: Double) -> Bool { abs(value) < 1e-8 }

    private mutating func makeSymbol(_ kind: Kind) -> Symbol {
        defer { nextSymbol += 1 }
        return Symbol(id: nextSymbol, kind: kind)
    }

    /// A new variable, 0 until constraints say otherwise.
    mutating func addVariable() -> Variable {
        variables.append(makeSymbol(.external))
        return variables.count - 1
    }

    /// The value `variable` has in the current solution.
    func value(of variable: Variable) -> Double {
        rows[variables[variable]]?.constant ?? 0
    }

    /// Adds `Σ coefficient × variable + constant  relation  0`, required when `weight` is
    /// ``required``, otherwise preferred with that weight. A required constraint that
    /// contradicts those before it throws ``Unsatisfiable`` and leaves the solver as it was.
    mutating func add(_ terms: [(Variable, Double)], constant: Double, _ relation: Relation, weight: Double) throws {
        var row = Row(constant: constant)
        for (variable, coefficient) in terms where !Self.isNearZero(coefficient) {
            let symbol = variables[variable]
            if let basic = rows[symbol] { row.insert(basic, coefficient) } else { row.insert(symbol, coefficient) }
        }
        var marker: Symbol
        var other: Symbol?
        let isRequired = weight == Self.required
        switch relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = relation == .lessThanOrEqual ? 1 : -1
            marker = makeSymbol(.slack)
            row.insert(marker, sign)
            if !isRequired {
                let error = makeSymbol(.error)
                other = error
                row.insert(error, -sign)
                objective.insert(error, weight)
            }
        case .equal:
            if isRequired {
                marker = makeSymbol(.dummy)
                row.insert(marker)
            } else {
                let plus = makeSymbol(.error), minus = makeSymbol(.error)
                marker = plus
                other = minus
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, weight)
                objective.insert(minus, weight)
            }
        }
        if row.constant < 0 { row.reverseSign() }

        var subject = chooseSubject(row, marker: marker, other: other)
        if subject == nil, row.cells.keys.allSatisfy({ $0.kind == .dummy }) {
            guard Self.isNearZero(row.constant) else { throw Unsatisfiable() }
            subject = marker
        }
        if let subject {
            row.solve(for: subject)
            substitute(subject, with: row)
            rows[subject] = row
        } else {
            // Trying the row pivots the tableau, and a row that cannot hold would stay in it:
            // the tableau before is kept to go back to (its rows are values, so the copy costs
            // little until they change, which only this path risks).
            let (rowsBefore, objectiveBefore) = (rows, objective)
            guard try addWithArtificialVariable(row) else {
                (rows, objective) = (rowsBefore, objectiveBefore)
                throw Unsatisfiable()
            }
        }
        try optimize(objectiveOnly: true)
    }

    private func chooseSubject(_ row: Row, marker: Symbol, other: Symbol?) -> Symbol? {
        if let external = row.first(where: { symbol, _ in symbol.kind == .external }) { return external }
        if marker.isPivotable, row.coefficient(of: marker) < 0 { return marker }
        if let other, other.isPivotable, row.coefficient(of: other) < 0 { return other }
        return nil
    }

    private mutating func addWithArtificialVariable(_ row: Row) throws -> Bool {
        let art = makeSymbol(.slack)
        rows[art] = row
        artificial = row
        try optimize(objectiveOnly: false)
        let succeeded = Self.isNearZero(artificial!.constant)
        artificial = nil
        if var basic = rows.removeValue(forKey: art) {
            if basic.cells.isEmpty { return succeeded }
            guard let entering = basic.first(where: { symbol, _ in symbol.isPivotable }) else { return false }
            basic.solve(art, for: entering)
            substitute(entering, with: basic)
            rows[entering] = basic
        }
        for key in rows.keys.filter({ rows[$0]!.cells[art] != nil }) { rows[key]!.cells[art] = nil }
        objective.cells[art] = nil
        return succeeded
    }

    private mutating func substitute(_ symbol: Symbol, with row: Row) {
        // Only the rows that hold the symbol change, so no other is copied or touched.
        for key in rows.keys.filter({ rows[$0]!.cells[symbol] != nil }) { rows[key]!.substitute(symbol, with: row) }
        objective.substitute(symbol, with: row)
        artificial?.substitute(symbol, with: row)
    }

    /// Pivots until the objective (or, while a row is being added, the artificial one) is least.
    private mutating func optimize(objectiveOnly: Bool) throws {
        // Each pivot lowers the objective; the bound only guards against a cycle on degenerate rows.
        for _ in 0..<10_000 {
            let target = objectiveOnly ? objective : artificial!
            // Bland's rule, the earliest symbol that lowers the cost, keeps degenerate pivots from cycling;
            // a coefficient within rounding of zero lowers nothing.
            guard let entering = target.first(where: { symbol, coefficient in symbol.kind != .dummy && coefficient < -1e-9 }) else { return }
            var leaving: Symbol?
            var ratio = Double.greatestFiniteMagnitude
            for (symbol, row) in rows where symbol.kind != .external {
                let coefficient = row.coefficient(of: entering)
                guard coefficient < 0 else { continue }
                let candidate = -row.constant / coefficient
                if candidate < ratio || (candidate == ratio && leaving.map { symbol < $0 } == true) {
                    ratio = candidate
                    leaving = symbol
                }
            }
            guard let leaving, var row = rows.removeValue(forKey: leaving) else { throw Unsatisfiable() }
            row.solve(leaving, for: entering)
            substitute(entering, with: row)
            rows[entering] = row
        }
        throw Unsatisfiable()
    }
}
