import Runtime

extension ClassLibrary {
    /// `UISegmentedControl`: segments, each a title (or an image), and the selected one
    /// (`UISegmentedControlNoSegment`, -1, until one is chosen). Selecting in code sends no
    /// action; an index outside the segments raises, as UIKit does.
    static func defineSegmentedControl(in runtime: Runtime, control: Class) throws {
        let initWithFrame = try runtime.selector("initWithFrame:")
        try runtime.registerLazyClass(named: "UISegmentedControl", superclass: control) { c in
            try c.addProperty(Property(name: "selectedSegmentIndex", type: .integer(code: "q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "momentary", type: .bool, attributes: [.nonatomic], getter: "isMomentary"))
            try c.addProperty(Property(name: "selectedSegmentTintColor", type: .object(className: "UIColor"), attributes: [.strong, .nonatomic]))
            try c.addIvar("_segments", type: .object(className: "NSArray"))
            try c.addMethod("initWithFrame:", types: "@@:\(rectType)") { m in
                try m.initializingSuper(initWithFrame, Arguments(m[0])) { this in
                    try m.runtime.setIvars(of: this, ["_segments": [], "_selectedSegmentIndex": .int(-1)])
                }
            }
            try c.addMethod("initWithItems:", types: "@@:@") { m in
                let items = m[0] == .nil ? [] : try m.arrayArgument(0)
                return try m.initializingSuper(initWithFrame, Arguments(zeroRect)) { this in
                    try m.runtime.setIvars(of: this, ["_segments": .array(items), "_selectedSegmentIndex": .int(-1)])
                }
            }
            @Sendable func segments(_ m: borrowing Message) throws -> [Value] { try m.ivar("_segments").arrayElements }
            @Sendable func index(_ m: borrowing Message, _ argument: Int, allowingEnd: Bool = false) throws -> Int {
                let index = try m.integerArgument(argument), count = try segments(m).count
                guard index >= 0, index < count + (allowingEnd ? 1 : 0) else { throw outOfRange(m, index, count: count) }
                return index
            }
            try c.addMethod("numberOfSegments", types: "Q@:") { m in .int(try segments(m).count) }
            try c.addMethod("setSelectedSegmentIndex:", types: "v@:q") { m in
                let wanted = try m.integerArgument(0)
                if wanted != -1 { _ = try index(m, 0) }
                try m.setIvar("_selectedSegmentIndex", .int(wanted))
                return .nil
            }
            // A segment showing an image has no title: nil, as UIKit answers.
            try c.addMethod("titleForSegmentAtIndex:", types: "@@:Q") { m in
                let all = try segments(m), at = try m.integerArgument(0)
                guard all.indices.contains(at), case .string = all[at] else { return .nil }
                return all[at]
            }
            try c.addMethod("setTitle:forSegmentAtIndex:", types: "v@:@Q") { m in
                var all = try segments(m)
                all[try index(m, 1)] = .string(try m.stringArgument(0))
                try m.setIvar("_segments", .array(all))
                return .nil
            }
            // An index past the end inserts at the end, as UIKit does.
            try c.addMethod("insertSegmentWithTitle:atIndex:animated:", types: "v@:@QB") { m in
                let title = try m.stringArgument(0)
                var all = try segments(m)
                let at = min(max(try m.integerArgument(1), 0), all.count)
                all.insert(.string(title), at: at)
                try m.setIvar("_segments", .array(all))
                let selected = try m.ivar("_selectedSegmentIndex").intValue ?? -1
                if selected >= at { try m.setIvar("_selectedSegmentIndex", .int(selected + 1)) }
                return .nil
            }
            try c.addMethod("removeSegmentAtIndex:animated:", types: "v@:QB") { m in
                var all = try segments(m)
                let at = try index(m, 0)
                all.remove(at: at)
                try m.setIvar("_segments", .array(all))
                let selected = try m.ivar("_selectedSegmentIndex").intValue ?? -1
                if selected == at { try m.setIvar("_selectedSegmentIndex", .int(-1)) } else if selected > at { try m.setIvar("_selectedSegmentIndex", .int(selected - 1)) }
                return .nil
            }
            try c.addMethod("removeAllSegments", types: "v@:") { m in
                try m.setIvar("_segments", [])
                try m.setIvar("_selectedSegmentIndex", .int(-1))
                return .nil
            }
        }
    }
}
