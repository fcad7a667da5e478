import Runtime
import Testing
import UIKitModel

/// The one thread the model runs on, performs aimed at it, and a table index's collation.
@Suite("Threads and collation")
struct ThreadAndCollationTests {
    let library: ClassLibrary
    var runtime: Runtime { library.runtime }

    init() throws { library = try ClassLibrary() }

    @Test func everythingRunsOnTheMainThreadAndSleepingMovesTheClock() throws {
        let thread = try runtime.requireClass(named: "NSThread")
        #expect(try runtime.send("isMainThread", to: thread) == true)
        let current = try #require(try runtime.send("currentThread", to: thread).object)
        #expect(try runtime.send("mainThread", to: thread) == .object(current))
        #expect(try runtime.send("isMainThread", to: current) == true)
        #expect(try runtime.send("isMainThread", to: try runtime.send("new", to: thread).object) == false)
        let before = library.clock.now
        try runtime.send("sleepForTimeInterval:", to: thread, 1.5)
        #expect(library.clock.now - before == VirtualClock.nanoseconds(fromSeconds: 1.5))
    }

    @Test func performsOnTheMainThreadRunNowWhenWaitingAndAtTheNextTurnOtherwise() throws {
        let log = Log()
        let cls = try runtime.registerClass(named: "MMWorker", superclass: runtime.requireClass(named: "NSObject")) { c in
            try c.addMethod("work:", types: "v@:@") { m in
                log.append("work \(m[0])")
                return .nil
            }
        }
        let worker = try #require(try runtime.send("new", to: cls).object)
        let work = Value.selector(try runtime.selector("work:"))
        try runtime.send("performSelectorOnMainThread:withObject:waitUntilDone:", to: worker, work, 1, true)
        #expect(log.take() == ["work 1"])
        try runtime.send("performSelectorOnMainThread:withObject:waitUntilDone:", to: worker, work, 2, false)
        try runtime.send("performSelectorInBackground:withObject:", to: worker, work, 3)
        try runtime.send("detachNewThreadSelector:toTarget:withObject:", to: runtime.requireClass(named: "NSThread"), work, .object(worker), 4)
        #expect(log.take().isEmpty)
        _ = try library.clock.advance(by: 0)
        #expect(log.take() == ["work 2", "work 3", "work 4"])
    }

    @Test func theCollationIndexesByFirstLetterInEnglish() throws {
        let collation = try #require(try runtime.send("currentCollation", to: runtime.requireClass(named: "UILocalizedIndexedCollation")).object)
        let titles = try runtime.send("sectionIndexTitles", to: collation).arrayElementsForTest
        #expect(titles.count == 27 && titles.first == "A" && titles.last == "#")
        let description = Value.selector(try runtime.selector("description"))
        for (word, section) in [("émile", 4), ("Zoe", 25), ("42", 26), ("", 26)] {
            #expect(try runtime.send("sectionForObject:collationStringSelector:", to: collation, .string(word), description) == .int(section))
        }
        #expect(try runtime.send("sortedArrayFromArray:collationStringSelector:", to: collation, ["b", "A", "c", "a"], description) == ["A", "a", "b", "c"])
    }

    /// UIKit's cells hold their content view from the start: code finds it as subview 0.
    @Test func aCellsSubviewsHoldItsContentView() throws {
        let cell = try #require(try runtime.send("new", to: runtime.requireClass(named: "UITableViewCell")).object)
        let content = try runtime.send("contentView", to: cell)
        #expect(try runtime.send("subviews", to: cell) == [content])
        let fresh = try #require(try runtime.send("new", to: runtime.requireClass(named: "UICollectionViewCell")).object)
        #expect(try runtime.send("subviews", to: fresh).arrayElementsForTest == [try runtime.send("contentView", to: fresh)])
    }
}
