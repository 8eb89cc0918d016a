// sample: Sources/SwitchyardApp/AppRouter+Everyday.swift #2 "try app.page(OrdersRoute.self, tab: "ord"
import Switchyard
import SwitchyardTypedRoutes

@Route("/orders") struct OrdersRoute {}
@Route("/order/<int:id>") struct OrderRoute { let id: Int }
struct OrdersScreen: PageContent {}
struct OrderScreen: PageContent { let id: Int }
let app = AppRouter(tabs: ["orders"])
// {{sample}}
