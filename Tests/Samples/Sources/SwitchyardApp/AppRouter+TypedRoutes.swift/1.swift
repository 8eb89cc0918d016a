// sample: Sources/SwitchyardApp/AppRouter+TypedRoutes.swift #1 "let item = try await app.call(PickItemRo"
import Switchyard
import SwitchyardTypedRoutes

struct Item: Sendable { let sku: String }
@Route("/cart/pick/:category")
struct PickItemRoute { typealias Answer = Item; let category: String }
let app = AppRouter()
// {{sample}}
