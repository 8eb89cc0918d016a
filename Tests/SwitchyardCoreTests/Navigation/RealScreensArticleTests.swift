import Switchyard
import SwitchyardTypedRoutes
import Testing

@Route("/order/<int:id>") private struct ArticleOrderRoute { let id: Int }

/// RealScreens.md's module and test, run: the article's window is what the router builds.
@Suite("Real screens, tested headless: the article's test, run")
@MainActor
struct RealScreensArticleTests {
    struct OrderScreen: PageContent {
        let id: Int
        var pageName: String { "Order(\(id))" }
    }

    struct OrdersModule: FeatureModule {
        let name = "Orders"
        func register(in app: AppRouter) throws {
            try app.page(ArticleOrderRoute.self, tab: "orders") { order in OrderScreen(id: order.id) }
        }
    }

    @Test func theArticlesTestPasses() async throws {
        let app = AppRouter(tabs: ["home", "orders"])
        try app.add(OrdersModule())
        await app.start()
        let window = try HeadlessNavigator(tabs: app.tabs)
        app.navigator = window
        await app.open(ArticleOrderRoute(id: 7))
        #expect(window.state.top?.destination.content(as: OrderScreen.self)?.id == 7)
        #expect(window.state.outline == ["tab home", "tab orders*: Order(7)"])
    }
}
