import Runtime

/// Auto Layout's visual format language, as `+constraintsWithVisualFormat:options:metrics:views:`
/// reads it: `H:|-20-[label]-(>=8)-[button(80@750)]-|`.
///
///     format     (H:|V:)? ('|' connection)? view (connection view)* (connection '|')?
///     view       '[' name ('(' predicate (',' predicate)* ')')? ']'
///     connection '-' predicates '-'  |  '-'  |  nothing
///     predicate  ('==' | '<=' | '>=')? (number | metric | view name) ('@' priority)?
///
/// A connection of one dash is the standard spacing (8 points between views, 20 to the
/// superview's edge); none at all is flush. A view's predicates size it (its width in a
/// horizontal format, its height in a vertical one), to a constant or to another view.
/// Horizontal formats use leading and trailing edges unless the options ask for left to
/// right; alignment options add a constraint aligning each view with the one before it.
struct VisualFormat {
    /// Why a format could not be read, and where: UIKit's wording, for the exception.
    struct Failure: Error {
        let reason: String
        /// The offset in the format the caret points at.
        let offset: Int
    }

    private enum Target {
        case constant(Double)
        case view(Object)
    }

    private struct Predicate {
        var relation: LayoutRelation = .equal
        var target: Target
        var priority: Double = LayoutEquation.required
    }

    private enum Connection {
        case standard
        case predicates([Predicate])

        /// No dash at all: the two sides touch.
        static let flush = Connection.predicates([Predicate(target: .constant(0))])
    }

    private struct Element {
        var view: Object
        var size: [Predicate]
        /// Where the view's name starts, for errors about it.
        var offset: Int
    }

    /// The spacing a lone dash stands for between two views, and between a view and its
    /// superview's edge.
    static let standardSpacing: Double = 8, standardEdgeSpacing: Double = 20

    /// `NSLayoutFormatDirectionMask`'s values.
    private static let directionMask = 0x3 << 16, leftToRight = 1 << 16, rightToLeft = 2 << 16

    private let format: String
    private let characters: [Character]
    private var position = 0
    private let views: [String: Object]
    private let metrics: [String: Double]

    init(_ format: String, views: [String: Object], metrics: [String: Double]) {
        self.format = format
        characters = Array(format)
        self.views = views
        self.metrics = metrics
    }

    /// The constraints `format` describes; `superview(view)` is the view `|` next to `view`
    /// stands for (nil when it has none, which the format may not then use).
    mutating func equations(options: Int, superview: (Object) throws -> Object?) throws -> [LayoutEquation] {
        let vertical = try orientation()
        var leadingEdge: Connection?
        let leadingBar = position
        if peek == "|" {
            position += 1
            leadingEdge = try connection() ?? .flush
        }
        var elements = [try element()]
        var connections: [Connection] = []
        var trailingEdge: Connection?
        while position < characters.count {
            let link = try connection() ?? .flush
            if peek == "|" {
                position += 1
                trailingEdge = link
                break
            }
            guard peek == "[" else { throw failure("Expected a view") }
            connections.append(link)
            elements.append(try element())
        }
        guard position == characters.count else { throw failure("Expected the end of the format after '|'") }
        let (start, end, size) = attributes(vertical: vertical, options: options)
        // Only views that have a neighbour are aligned, so a lone view's options are not checked.
        let aligned = elements.count > 1 ? try alignment(options: options, vertical: vertical) : []

        var made: [LayoutEquation] = []
        func edge(of element: Element, at offset: Int) throws -> Object {
            guard let parent = try superview(element.view) else {
                throw Failure(reason: "Unable to interpret '|' character, because the related view doesn't have a superview", offset: offset)
            }
            return parent
        }
        for (index, element) in elements.enumerated() {
            if index == 0, let leadingEdge {
                let parent = try edge(of: element, at: leadingBar)
                for predicate in try spacing(leadingEdge, edge: true) {
                    made.append(equation(element.view, start, predicate, parent, start))
                }
            } else if index > 0 {
                let previous = elements[index - 1]
                for predicate in try spacing(connections[index - 1], edge: false) {
                    made.append(equation(element.view, start, predicate, previous.view, end))
                }
            }
            for predicate in element.size {
                switch predicate.target {
                case .constant(let constant):
                    made.append(LayoutEquation(
                        first: element.view, firstAttribute: size, relation: predicate.relation, constant: constant, priority: predicate.priority))
                case .view(let other):
                    made.append(LayoutEquation(
                        first: element.view, firstAttribute: size, relation: predicate.relation, second: other, secondAttribute: size,
                        priority: predicate.priority))
                }
            }
            if index > 0 {
                for attribute in aligned {
                    made.append(LayoutEquation(first: element.view, firstAttribute: attribute, second: elements[index - 1].view, secondAttribute: attribute))
                }
            }
        }
        if let trailingEdge, let last = elements.last {
            let parent = try edge(of: last, at: characters.count - 1)
            for predicate in try spacing(trailingEdge, edge: true) {
                made.append(equation(parent, end, predicate, last.view, end))
            }
        }
        return made
    }

    /// `first.attribute relation second.otherAttribute + the predicate's constant`.
    private func equation(_ first: Object, _ attribute: LayoutAttribute, _ predicate: Predicate, _ second: Object, _ otherAttribute: LayoutAttribute) -> LayoutEquation {
        let constant = if case .constant(let value) = predicate.target { value } else { 0.0 }
        return LayoutEquation(
            first: first, firstAttribute: attribute, relation: predicate.relation, second: second, secondAttribute: otherAttribute,
            constant: constant, priority: predicate.priority)
    }

    /// The predicates of a connection, the standard spacing's made concrete.
    private func spacing(_ connection: Connection, edge: Bool) throws -> [Predicate] {
        switch connection {
        case .standard: [Predicate(target: .constant(edge ? Self.standardEdgeSpacing : Self.standardSpacing))]
        case .predicates(let predicates): predicates
        }
    }

    /// The start edge, end edge and size a format of this orientation places views by.
    private func attributes(vertical: Bool, options: Int) -> (LayoutAttribute, LayoutAttribute, LayoutAttribute) {
        if vertical { return (.top, .bottom, .height) }
        switch options & Self.directionMask {
        case Self.leftToRight: return (.left, .right, .width)
        case Self.rightToLeft: return (.right, .left, .width)
        default: return (.leading, .trailing, .width)
        }
    }

    /// The attributes the options align neighbouring views by (`NSLayoutFormatAlignAllTop`
    /// is `1 << NSLayoutAttributeTop`), each across the format's axis.
    private func alignment(options: Int, vertical: Bool) throws -> [LayoutAttribute] {
        let attributes = LayoutAttribute.allCases.filter { $0 != .notAnAttribute && options & (1 << $0.rawValue) != 0 }
        if attributes.contains(where: { $0.isHorizontal != vertical }) {
            let axis = vertical ? "vertical" : "horizontal"
            throw Failure(reason: "Options mask required views to be aligned on a \(axis) edge, which is not allowed for layout that is also \(axis).", offset: 0)
        }
        return attributes
    }

    // MARK: Reading

    private var peek: Character? { position < characters.count ? characters[position] : nil }

    private func failure(_ reason: String) -> Failure { Failure(reason: reason, offset: min(position, max(0, characters.count - 1))) }

    /// `H:` or `V:`; horizontal when the format names neither. True for vertical.
    private mutating func orientation() throws -> Bool {
        guard characters.count >= 2, characters[1] == ":" else { return false }
        switch characters[0] {
        case "H": position = 2; return false
        case "V": position = 2; return true
        default: throw failure("Expected 'H:' or 'V:' before ':'")
        }
    }

    /// A connection: nil when there is none (the next character is a view or `|`).
    private mutating func connection() throws -> Connection? {
        guard peek == "-" else { return nil }
        position += 1
        if peek == "[" || peek == "|" { return .standard }
        let predicates: [Predicate]
        if peek == "(" {
            predicates = try predicateList(allowingViews: false)
        } else {
            var predicate = Predicate(target: .constant(try constant()))
            if peek == "@" {
                position += 1
                predicate.priority = try constant()
            }
            predicates = [predicate]
        }
        guard peek == "-" else { throw failure("Expected '-' after the spacing") }
        position += 1
        return .predicates(predicates)
    }

    /// `[name]` or `[name(predicates)]`.
    private mutating func element() throws -> Element {
        guard peek == "[" else { throw failure("Expected a view") }
        position += 1
        let start = position
        let name = identifier()
        guard !name.isEmpty else { throw failure("Expected a view name after '['") }
        guard let view = views[name] else { throw Failure(reason: "\(name) is not a key in the views dictionary.", offset: start) }
        var size: [Predicate] = []
        if peek == "(" {
            size = try predicateList(allowingViews: true)
        }
        guard peek == "]" else { throw failure("Expected ']' to end the view") }
        position += 1
        return Element(view: view, size: size, offset: start)
    }

    /// `(predicate, ...)`.
    private mutating func predicateList(allowingViews: Bool) throws -> [Predicate] {
        position += 1
        var predicates: [Predicate] = []
        repeat {
            if peek == "," { position += 1 }
            predicates.append(try predicate(allowingViews: allowingViews))
        } while peek == ","
        guard peek == ")" else { throw failure("Expected ')' to end the predicates") }
        position += 1
        return predicates
    }

    private mutating func predicate(allowingViews: Bool) throws -> Predicate {
        var relation = LayoutRelation.equal
        let pair = position + 1 < characters.count ? String(characters[position...position + 1]) : ""
        switch pair {
        case "==": relation = .equal; position += 2
        case "<=": relation = .lessThanOrEqual; position += 2
        case ">=": relation = .greaterThanOrEqual; position += 2
        default: break
        }
        let target: Target
        if let first = peek, first.isLetter || first == "_", !metrics.keys.contains(peekedIdentifier) {
            let start = position
            let name = identifier()
            guard let view = views[name] else {
                throw Failure(reason: "\(name) is not a key in the metrics or views dictionaries.", offset: start)
            }
            guard allowingViews else { throw Failure(reason: "A spacing can only be a number or a metric, not the view \(name).", offset: start) }
            target = .view(view)
        } else {
            target = .constant(try constant(signed: true))
        }
        var predicate = Predicate(relation: relation, target: target)
        if peek == "@" {
            position += 1
            predicate.priority = try constant()
        }
        return predicate
    }

    /// A number, or a metric's value.
    private mutating func constant(signed: Bool = false) throws -> Double {
        let start = position
        if let first = peek, first.isLetter || first == "_" {
            let name = identifier()
            guard let value = metrics[name] else {
                throw Failure(reason: "\(name) is not a key in the metrics dictionary.", offset: start)
            }
            return value
        }
        var text = ""
        if signed, peek == "-" || peek == "+" { text.append(characters[position]); position += 1 }
        while let next = peek, next.isNumber || next == "." {
            text.append(next)
            position += 1
        }
        guard let value = Double(text) else {
            position = start
            throw failure("Expected a number or key from the metrics dictionary, but encountered something else")
        }
        return value
    }

    /// The name at the current position, left unread.
    private var peekedIdentifier: String {
        String(characters[position...].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }

    private mutating func identifier() -> String {
        let name = peekedIdentifier
        position += name.count
        return name
    }

    /// UIKit's text for a format it cannot read: the reason, the format, and a caret under
    /// where reading stopped.
    static func message(for failure: Failure, in format: String) -> String {
        "Unable to parse constraint format: \n\(failure.reason) \n\(format) \n\(String(repeating: " ", count: failure.offset))^"
    }
}
