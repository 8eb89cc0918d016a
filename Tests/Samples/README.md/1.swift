// sample: README.md #1 "import Switchyard"
// The tour is an excerpt of the shop (Examples/Shop): its other modules, routes and services
// come from there; the product module, the product route and their screen are the block's own.
import CartFeature
import HomeFeature
import OrderFeature
import ShopContracts
import UserFeature
import WebFeature

struct ProductScreen { let id: Int }
struct HostReceipts: ReceiptService {
    func receipt(forOrder id: Int) -> String { "receipt \(id)" }
}
// {{sample}}
_ = item
