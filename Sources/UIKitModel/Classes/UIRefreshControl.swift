import Runtime

extension ClassLibrary {
    /// `UIRefreshControl`: the pull-to-refresh control a table view controller or a scroll
    /// view shows, a subview of the scroll view, just above its content. Code begins and
    /// ends refreshing; a user's pull (`sendActionsForControlEvents:` with
    /// `UIControlEventValueChanged`) runs its actions, as UIKit's does, without beginning
    /// it. Its attributed title is a label inside it, shown while it refreshes; beginning
    /// scrolls its scroll view to show it.
    /// How tall the control is: UIKit's.
    static let refreshControlHeight = 60.0

    static func defineRefreshControl(in runtime: Runtime, control: Class) throws {
        let height = refreshControlHeight
        try runtime.registerLazyClass(named: "UIRefreshControl", superclass: control) { c in
            try c.addProperty(Property(name: "refreshing", type: .bool, attributes: [.readOnly, .nonatomic], getter: "isRefreshing"))
            try c.addProperty(Property(name: "attributedTitle", type: .object(className: "NSAttributedString"), attributes: [.strong, .nonatomic]))
            try c.addIvar("_titleLabel", type: .object(className: "UILabel"))
            @Sendable func titleLabel(_ m: borrowing Message) throws -> Object {
                if let made = try m.ivar("_titleLabel").object { return made }
                let label = try m.make("UILabel", try m.runtime.selector("initWithFrame:"), Arguments(Geometry.rect(0, 30, 320, 20)))
                guard let made = label.object else { throw m.wrongArgument(0, expected: "a label") }
                try m.send("setHidden:", to: made, .bool(!(try m.ivar("_refreshing").isTruthy)))
                try m.send("addSubview:", to: m.receiver, label)
                try m.setIvar("_titleLabel", label)
                return made
            }
            try c.addMethod("setAttributedTitle:", types: "v@:@") { m in
                try m.setIvar("_attributedTitle", m[0])
                try m.send("setAttributedText:", to: try titleLabel(m), m[0])
                return .nil
            }
            try c.addMethod("beginRefreshing", types: "v@:") { m in
                try m.setIvar("_refreshing", true)
                if let label = try m.ivar("_titleLabel").object { try m.send("setHidden:", to: label, .bool(false)) }
                // The scroll view moves its content down to show the control, as UIKit's does.
                if let scrollView = try m.send("superview", to: m.receiver).object,
                   let offset = Geometry.numbers(of: try m.send("contentOffset", to: scrollView), count: 2), offset[1] > -height {
                    try m.send("setContentOffset:", to: scrollView, Geometry.point(offset[0], -height))
                }
                return .nil
            }
            try c.addMethod("endRefreshing", types: "v@:") { m in
                try m.setIvar("_refreshing", false)
                if let label = try m.ivar("_titleLabel").object { try m.send("setHidden:", to: label, .bool(true)) }
                return .nil
            }
        }
    }
}
