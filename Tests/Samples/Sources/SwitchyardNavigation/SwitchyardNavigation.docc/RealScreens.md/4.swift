// sample: Sources/SwitchyardNavigation/SwitchyardNavigation.docc/RealScreens.md #4 "let app = AppRouter(tabs: ["home", "orde"
import Switchyard
import SwitchyardTypedRoutes
import Testing

@Route("/order/<int:id>") struct OrderRoute { let id: Int }
struct OrderScreen: PageContent {
    let id: Int
    var pageName: String { "Order(\(id))" }
}
struct OrdersModule: FeatureModule {
    let name = "Orders"
    func register(in app: AppRouter) throws {
        try app.page(OrderRoute.self, tab: "orders") { order in OrderScreen(id: order.id) }
    }
}

@MainActor @Test func realScreensArticle() async throws {
// {{sample}}
}
