// sample: Sources/SwitchyardTypedRoutes/SwitchyardTypedRoutes.docc/TypedRoutes.md #2 "try router.page(ProductRoute.self, paren"
import Switchyard
import SwitchyardTypedRoutes

// Block 1, "Declare".
@Route("/product/<int:id>(/:tab)")
struct ProductRoute: Equatable {
    let id: Int                       // <int:id>
    var tab: ProductTab?              // inside the optional group, so Optional
    @RouteQuery("ref") var referrer: String? = nil   // not in the path: the query item "ref"
    var page: Int = 1                 // the query item "page", 1 when the URL has none
}

enum ProductTab: String { case details, reviews }   // read through its raw value

struct ProductScreen { let id: Int; let tab: ProductTab? }
let router = Router(configuration: RouterConfiguration(schemes: ["shop"]))
try router.page("/home") { _ in Destination("home", name: "Home") }
// {{sample}}
