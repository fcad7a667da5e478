import Runtime
import Testing
import UIKitModel

/// The class library finds the ivars its initializers set once and remembers them, but a
/// subclass that declares an ivar of the same name still gets its own, as by name.
@Suite("The class library's ivars")
struct LibraryIvarTests {
    @Test func aControllerSubclassDeclaringViewGetsTheLoadedViewInItsOwnIvar() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let controller = try runtime.requireClass(named: "UIViewController")
        let plain = try runtime.registerClass(named: "MMPlainController", superclass: controller)
        let shadowing = try runtime.registerClass(named: "MMShadowingController", superclass: controller) { c in
            try c.addIvar("_view", type: .object(className: "UIView"))
        }
        // The plain one first, so the library has found UIViewController's `_view`.
        let first = try #require(try runtime.send("new", to: plain).object)
        let plainView = try runtime.send("view", to: first)
        #expect(plainView != .nil)
        let inherited = try #require(runtime.ivar(named: "_view", in: plain))
        #expect(try first.value(of: inherited) == plainView)

        let second = try #require(try runtime.send("new", to: shadowing).object)
        let view = try runtime.send("view", to: second)
        let own = try #require(runtime.ivar(named: "_view", in: shadowing))
        #expect(own.owner === shadowing)
        #expect(try second.value(of: own) == view)
        #expect(try second.value(of: inherited) == .nil)
        // Asked again, the same view: read from the subclass's ivar too.
        #expect(try runtime.send("view", to: second) == view)
    }

    @Test func aViewSubclassDeclaringAlphaGetsTheDefaultInItsOwnIvar() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let view = try runtime.requireClass(named: "UIView")
        let shadowing = try runtime.registerClass(named: "MMFadedView", superclass: view) { c in
            try c.addIvar("_alpha", type: .double)
        }
        // A plain view first, so the library has found UIView's `_alpha`.
        let plain = try #require(try runtime.send("new", to: view).object)
        let inherited = try #require(runtime.ivar(named: "_alpha", in: view))
        #expect(try plain.value(of: inherited) == .double(1))
        let made = try #require(try runtime.send("new", to: shadowing).object)
        let own = try #require(runtime.ivar(named: "_alpha", in: shadowing))
        #expect(own !== inherited)
        #expect(try made.value(of: own) == .double(1))
        #expect(try made.value(of: inherited) == .double(0))
    }
}
