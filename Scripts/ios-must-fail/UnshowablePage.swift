// expect: type 'OrderScreen' does not conform to protocol 'PageContent'
// A screen model that says nothing of how it shows: on iOS the everyday page API refuses it at
// compile time (Scripts/check-ios.sh type-checks this file and requires the error above), where
// `Destination(Any)` would have failed with `unsupportedContent` when a link opened it.
import Switchyard
import SwitchyardTypedRoutes

@Route("/order/<int:id>") struct OrderRoute { let id: Int }

struct OrderScreen: PageContent {
    let id: Int
}

func register(in app: AppRouter) throws {
    try app.page(OrderRoute.self) { order in OrderScreen(id: order.id) }
}
