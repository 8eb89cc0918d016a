import Switchyard
import Testing

/// What the UIKit adapter decides with the core: where a root stack goes when the window's root
/// is a tab bar, and the history every navigator keeps of the steps it carried out.
@Suite("Root stacks and navigator history")
@MainActor
struct RootPlanAndHistoryTests {
    func describe(_ plan: RootPlan) -> String {
        switch plan {
        case .replaceWindowRoot: return "replace window root"
        case .replaceStack(let node): return "replace stack of \((node as? FakeController)?.name ?? "?")"
        }
    }

    @Test func aRootStackGoesIntoTheSelectedTabSoTheTabBarStays() {
        let shop = FakeController.navigation("ShopNav", [FakeController("Home")])
        let me = FakeController.navigation("MeNav", [FakeController("Me")])
        let tabs = FakeController.tabs("Tabs", [shop, me])
        #expect(describe(ControllerPlanner.planRoot(tabs)) == "replace stack of ShopNav")
        tabs.selected = 1
        #expect(describe(ControllerPlanner.planRoot(tabs)) == "replace stack of MeNav")
    }

    @Test func anyOtherRootIsReplaced() {
        #expect(describe(ControllerPlanner.planRoot(nil)) == "replace window root")
        #expect(describe(ControllerPlanner.planRoot(FakeController("Lone"))) == "replace window root")
        #expect(describe(ControllerPlanner.planRoot(FakeController.navigation("Nav", [FakeController("A")]))) == "replace window root")
        // A selected tab that is a plain screen cannot hold a stack.
        #expect(describe(ControllerPlanner.planRoot(FakeController.tabs("Tabs", [FakeController("Plain")]))) == "replace window root")
    }

    @Test func theHistoryRecordsWhatEachStepShowedAndNothingOfAStepThatFailed() async throws {
        let (router, navigator) = try headless()
        // A cold-start stack (Home > Orders > Order), pushes, a sheet, a miss and a step back.
        await router.open("myapp://order/42?uid=u7", source: .deepLink)
        await router.openAll(["/product/7", "/login", "/nowhere", "/product/9"])
        try navigator.perform(NavigationStep(.back(.back)))
        #expect(navigator.history.entries.map(\.path) == ["/home", "/user/u7/orders", "/order/42", "/product/7", "/login", "/product/9"])
        #expect(navigator.history.entries.map(\.source) == [.deepLink, .deepLink, .deepLink, .inApp, .inApp, .inApp])

        // A step that throws leaves the history as it was (the UIKit navigator records after its calls).
        let empty = HeadlessNavigator()
        #expect(throws: NavigationError.self) { try empty.perform(NavigationStep(.back(.back))) }
        #expect(throws: NavigationError.self) { try empty.perform(NavigationStep(.showStack([]))) }
        #expect(empty.history.entries.isEmpty)
    }

    @Test func theRequestsAStepShows() throws {
        let (router, _) = try headless()
        let home = try router.resolve("/home").request
        let order = try router.resolve("/order/42").request
        let page = Destination("page")
        #expect(NavigationStep(.show(page, .push, order)).shownRequests.map(\.path) == ["/order/42"])
        #expect(NavigationStep(.showStack([(page, home), (page, order)])).shownRequests.map(\.path) == ["/home", "/order/42"])
        #expect(NavigationStep(.back(.popToRoot)).shownRequests.isEmpty)
    }
}
