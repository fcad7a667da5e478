import Runtime

extension ClassLibrary {
    /// `UIPageControl`: a page among a number of pages, pinned to them; hidden for a single
    /// page when `hidesForSinglePage`. A tap on its dots (``ClassLibrary/touch(_:)``) sends no
    /// action here: the model has no side of the control to tap.
    static func definePageControl(in runtime: Runtime, control: Class) throws {
        try runtime.registerLazyClass(named: "UIPageControl", superclass: control) { c in
            for name in ["numberOfPages", "currentPage"] {
                try c.addProperty(Property(name: name, type: .integer(code: "q"), attributes: [.nonatomic]))
            }
            try c.addProperty(Property(name: "hidesForSinglePage", type: .bool, attributes: [.nonatomic]))
            for name in ["pageIndicatorTintColor", "currentPageIndicatorTintColor"] {
                try c.addProperty(Property(name: name, type: .object(className: "UIColor"), attributes: [.strong, .nonatomic]))
            }
            // VoiceOver reads "page 2 of 5".
            try addAccessibilityDefaults(to: &c, value: { m in
                let (page, pages) = (try m.ivar("_currentPage").intValue ?? 0, try m.ivar("_numberOfPages").intValue ?? 0)
                return .string("page \(page + 1) of \(pages)")
            }, traits: { m in AccessibilityTrait.adjustable | (try controlTraits(m)) })
            try c.addMethod("setNumberOfPages:", types: "v@:q") { m in
                let pages = max(0, try m.integerArgument(0))
                try m.setIvar("_numberOfPages", .int(pages))
                try m.setIvar("_currentPage", .int(min(try m.ivar("_currentPage").intValue ?? 0, max(pages - 1, 0))))
                return .nil
            }
            try c.addMethod("setCurrentPage:", types: "v@:q") { m in
                let pages = try m.ivar("_numberOfPages").intValue ?? 0
                try m.setIvar("_currentPage", .int(min(max(try m.integerArgument(0), 0), max(pages - 1, 0))))
                return .nil
            }
        }
    }
}
