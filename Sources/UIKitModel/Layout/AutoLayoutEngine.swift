import Foundation
import Runtime

/// Frames from constraints, as UIView's own `layoutSubviews` sets them: every active
/// constraint of the view's whole hierarchy goes into a ``LinearSolver`` over each view's
/// left, top, width and height in the topmost view's coordinates, and the subviews that
/// opted out of autoresizing (`translatesAutoresizingMaskIntoConstraints = NO`) get the
/// frames solved for them.
///
/// - A view that keeps autoresizing, and the topmost view, stays where its frame puts it.
/// - Priorities below 1000 are preferences: each step of 250 weighs ten times more (the
///   weights stay within what doubles pivot without rounding trouble), so a higher
///   priority wins over several lower ones; a required
///   constraint that contradicts the ones before it is left out, as UIKit breaks one.
/// - A view's intrinsic content size (when it has one) is a width and height it resists
///   shrinking below at its compression resistance and growing past at its hugging
///   priority. Anything still free keeps its current frame, at a weight below every priority.
/// - Leading and trailing are left and right (the model's locale reads left to right);
///   margins attributes and guides take the view's `layoutMargins`; baselines are the
///   bottom and top edges; a controller's top and bottom layout guides are the owning
///   view's top and bottom edges, with no length.
struct AutoLayoutEngine {
    private struct Frame { let x: Int, y: Int, width: Int, height: Int }

    /// The most constraints one layout solves.
    static let maximumConstraints = 1_000

    private var solver = LinearSolver()
    private var frames: [ObjectIdentifier: Frame] = [:]
    private let runtime: Runtime

    /// Sets the frames of `view`'s subviews that constraints place, when any does.
    static func layOutSubviews(of view: Object, _ m: borrowing Message) throws {
        let runtime = m.runtime
        let subviews = try m.array("subviews", of: view).compactMap(\.object)
        let placed = try subviews.filter { try !ClassLibrary.keepsItsFrame($0, in: runtime) }
        guard !placed.isEmpty else { return }
        let ancestors = try m.chain(from: view, following: "superview")
        let root = ancestors.last ?? view
        // A constraint lives in the nearest view both its items are in, so the ones that can
        // name the views placed here are in this view, the views above it, and those below.
        var everyView = Array(ancestors.dropFirst())
        var pending = [view]
        var met = MetObjects()
        while let next = pending.popLast(), met.insert(next) {
            everyView.append(next)
            pending += try m.array("subviews", of: next).compactMap(\.object).reversed()
        }
        let constraints = everyView.flatMap { (try? runtime.ivarValue("_constraints", of: $0).arrayElements) ?? [] }.compactMap(\.object)
        guard !constraints.isEmpty else { return }
        // The views each constraint names (a guide by its owning view), and the constraints naming each view.
        var itemsOf: [[Object]] = []
        var naming: [ObjectIdentifier: [Int]] = [:]
        for (index, constraint) in constraints.enumerated() {
            var items: [Object] = []
            for name in ["_firstItem", "_secondItem"] {
                guard let named = try runtime.ivarValue(name, of: constraint).object, let item = try ClassLibrary.layoutView(of: named, in: runtime) else {
                    continue
                }
                items.append(item)
                naming[ObjectIdentifier(item), default: []].append(index)
            }
            itemsOf.append(items)
        }
        // Only what can move the views being placed: starting from them, the constraints that
        // name a view constraints place, their items, and the views above each. A view that
        // keeps its frame is a constant, so what else constrains it is left out: a table's
        // cells, each laid out by its own constraints, do not make one system with the table.
        var involved: [Object] = [], chosen: [Int] = []
        var seen = MetObjects(), taken = Set<Int>()
        var pendingViews = placed + [view]
        while let next = pendingViews.popLast() {
            for link in try m.chain(from: next, following: "superview") where seen.insert(link) {
                involved.append(link)
                guard link !== root, try !ClassLibrary.keepsItsFrame(link, in: runtime) else { continue }
                for index in naming[ObjectIdentifier(link)] ?? [] where taken.insert(index).inserted {
                    chosen.append(index)
                    pendingViews += itemsOf[index]
                }
            }
        }
        // Past this the simplex would take longer than a test should wait; the frames stay as set.
        guard chosen.count <= maximumConstraints else { return }
        // Superviews first, as a fixed view is placed from its superview.
        let depth = Dictionary(uniqueKeysWithValues: try involved.map { (ObjectIdentifier($0), try m.chain(from: $0, following: "superview").count) })
        involved.sort { depth[ObjectIdentifier($0)]! < depth[ObjectIdentifier($1)]! }
        var engine = AutoLayoutEngine(runtime: runtime)
        try engine.describe(involved, root: root, m)
        for index in chosen.sorted() { try engine.add(constraints[index], m) }
        try engine.addIntrinsicSizes(of: involved, root: root, m)
        try engine.addStays(for: involved, root: root, m)
        guard let parent = engine.frames[ObjectIdentifier(view)] else { return }
        for subview in placed {
            guard let frame = engine.frames[ObjectIdentifier(subview)] else { continue }
            let rect = Geometry.rect(
                engine.solved(frame.x) - engine.solved(parent.x), engine.solved(frame.y) - engine.solved(parent.y),
                engine.solved(frame.width), engine.solved(frame.height))
            try m.send("setFrame:", to: subview, rect)
        }
    }

    private init(runtime: Runtime) {
        self.runtime = runtime
    }

    /// A variable's value, with the solver's rounding noise taken off.
    private func solved(_ variable: Int) -> Double {
        (solver.value(of: variable) * 1e6).rounded() / 1e6
    }

    /// Gives every view its variables; the topmost one, and each that keeps autoresizing,
    /// is fixed where its frame puts it.
    private mutating func describe(_ views: [Object], root: Object, _ m: borrowing Message) throws {
        for view in views {
            frames[ObjectIdentifier(view)] = Frame(x: solver.addVariable(), y: solver.addVariable(), width: solver.addVariable(), height: solver.addVariable())
        }
        for view in views {
            let frame = frames[ObjectIdentifier(view)]!
            let rect = Geometry.rectNumbers(of: try m.send("frame", to: view)) ?? (0, 0, 0, 0)
            let fixed: (x: [(Int, Double)], y: [(Int, Double)])
            if view === root {
                fixed = ([(frame.x, 1)], [(frame.y, 1)])
            } else if try ClassLibrary.keepsItsFrame(view, in: runtime),
                      let parent = try m.object("superview", of: view), let parentFrame = frames[ObjectIdentifier(parent)] {
                fixed = ([(frame.x, 1), (parentFrame.x, -1)], [(frame.y, 1), (parentFrame.y, -1)])
            } else {
                continue
            }
            let origin = view === root ? (0.0, 0.0) : (rect.x, rect.y)
            try? solver.add(fixed.x, constant: -origin.0, .equal, weight: LinearSolver.required)
            try? solver.add(fixed.y, constant: -origin.1, .equal, weight: LinearSolver.required)
            try? solver.add([(frame.width, 1)], constant: -rect.width, .equal, weight: LinearSolver.required)
            try? solver.add([(frame.height, 1)], constant: -rect.height, .equal, weight: LinearSolver.required)
        }
    }

    /// The weight of a priority: required at 1000, else ten times more for each 250.
    private static func weight(_ priority: Double) -> Double {
        priority >= LayoutEquation.required ? LinearSolver.required : pow(10, max(priority, 1) / 250)
    }

    /// Adds one constraint; one whose items are outside the hierarchy, or that
    /// contradicts the required ones, is left out.
    private mutating func add(_ constraint: Object, _ m: borrowing Message) throws {
        func ivar(_ name: String) -> Value { (try? runtime.ivarValue(name, of: constraint)) ?? .nil }
        guard ivar("_active").isTruthy, let first = ivar("_firstItem").object,
              let firstAttribute = LayoutAttribute(rawValue: ivar("_firstAttribute").intValue ?? 0),
              var terms = try expression(for: first, firstAttribute, m) else { return }
        var constant = terms.constant - (ivar("_constant").numberValue ?? 0)
        if let second = ivar("_secondItem").object {
            guard let secondAttribute = LayoutAttribute(rawValue: ivar("_secondAttribute").intValue ?? 0),
                  let other = try expression(for: second, secondAttribute, m) else { return }
            let multiplier = ivar("_multiplier").numberValue ?? 1
            terms.terms += other.terms.map { ($0.0, -multiplier * $0.1) }
            constant -= multiplier * other.constant
        }
        let relation: LinearSolver.Relation = switch LayoutRelation(rawValue: ivar("_relation").intValue ?? 0) ?? .equal {
        case .lessThanOrEqual: .lessThanOrEqual
        case .equal: .equal
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        let weight = Self.weight(ivar("_priority").numberValue ?? LayoutEquation.required)
        try? solver.add(terms.terms, constant: constant, relation, weight: weight)
    }

    /// `attribute` of `item` as variables and a constant; nil for an item outside the hierarchy.
    private mutating func expression(for item: Object, _ attribute: LayoutAttribute, _ m: borrowing Message) throws -> (terms: [(Int, Double)], constant: Double)? {
        guard let owner = try ClassLibrary.layoutView(of: item, in: runtime) else { return nil }
        var insets = (top: 0.0, left: 0.0, bottom: 0.0, right: 0.0)
        var strip: Double?  // a controller's layout guide: a line at the owner's top (0) or bottom (1)
        if owner !== item {
            switch try runtime.ivarValue("_identifier", of: item) {
            case .string("UIViewLayoutMarginsGuide"), .string("UIViewReadableContentGuide"): insets = try margins(of: owner, m)
            case .string("topLayoutGuide"): strip = 0
            case .string("bottomLayoutGuide"): strip = 1
            default: break
            }
        }
        guard let frame = frames[ObjectIdentifier(owner)] else { return nil }
        if let strip {
            switch attribute {
            case .height: return ([], 0)
            case .width: return ([(frame.width, 1)], 0)
            default: return (strip == 0 ? [(frame.y, 1)] : [(frame.y, 1), (frame.height, 1)], 0)
            }
        }
        switch attribute {
        case .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin, .centerXWithinMargins, .centerYWithinMargins:
            insets = try margins(of: owner, m)
        default:
            break
        }
        switch attribute {
        case .notAnAttribute: return ([], 0)
        case .left, .leading, .leftMargin, .leadingMargin: return ([(frame.x, 1)], insets.left)
        case .right, .trailing, .rightMargin, .trailingMargin: return ([(frame.x, 1), (frame.width, 1)], -insets.right)
        case .top, .firstBaseline, .topMargin: return ([(frame.y, 1)], insets.top)
        case .bottom, .lastBaseline, .bottomMargin: return ([(frame.y, 1), (frame.height, 1)], -insets.bottom)
        case .width: return ([(frame.width, 1)], -insets.left - insets.right)
        case .height: return ([(frame.height, 1)], -insets.top - insets.bottom)
        case .centerX, .centerXWithinMargins: return ([(frame.x, 1), (frame.width, 0.5)], (insets.left - insets.right) / 2)
        case .centerY, .centerYWithinMargins: return ([(frame.y, 1), (frame.height, 0.5)], (insets.top - insets.bottom) / 2)
        }
    }

    private func margins(of view: Object, _ m: borrowing Message) throws -> (top: Double, left: Double, bottom: Double, right: Double) {
        guard let numbers = Geometry.numbers(of: try m.send("layoutMargins", to: view), count: 4) else { return (0, 0, 0, 0) }
        return (numbers[0], numbers[1], numbers[2], numbers[3])
    }

    /// The intrinsic sizes of the views constraints place, held at their hugging and
    /// compression resistance priorities.
    private mutating func addIntrinsicSizes(of views: [Object], root: Object, _ m: borrowing Message) throws {
        for view in views where view !== root {
            guard try !ClassLibrary.keepsItsFrame(view, in: runtime),
                  let size = Geometry.numbers(of: try m.send("intrinsicContentSize", to: view), count: 2),
                  let frame = frames[ObjectIdentifier(view)] else { continue }
            for (axis, variable) in [(0, frame.width), (1, frame.height)] where size[axis] >= 0 {
                let hugging = try m.send("contentHuggingPriorityForAxis:", to: view, .int(axis)).numberValue ?? 250
                let resistance = try m.send("contentCompressionResistancePriorityForAxis:", to: view, .int(axis)).numberValue ?? 750
                try? solver.add([(variable, 1)], constant: -size[axis], .lessThanOrEqual, weight: Self.weight(hugging))
                try? solver.add([(variable, 1)], constant: -size[axis], .greaterThanOrEqual, weight: Self.weight(resistance))
            }
        }
    }

    /// Keeps what nothing else decides where its frame puts it in its superview, at a
    /// weight below every priority.
    private mutating func addStays(for views: [Object], root: Object, _ m: borrowing Message) throws {
        for view in views where view !== root {
            guard try !ClassLibrary.keepsItsFrame(view, in: runtime),
                  let frame = frames[ObjectIdentifier(view)],
                  let rect = (try? m.send("frame", to: view)).flatMap(Geometry.rectNumbers(of:)) else { continue }
            let parent = ((try? m.object("superview", of: view)) ?? nil).flatMap { frames[ObjectIdentifier($0)] }
            let stays: [([(Int, Double)], Double)] = [
                ([(frame.x, 1)] + (parent.map { [($0.x, -1)] } ?? []), rect.x), ([(frame.y, 1)] + (parent.map { [($0.y, -1)] } ?? []), rect.y),
                ([(frame.width, 1)], rect.width), ([(frame.height, 1)], rect.height),
            ]
            for (terms, value) in stays {
                try? solver.add(terms, constant: -value, .equal, weight: 1e-3)
            }
        }
    }
}
