// sample: Sources/Switchyard/Switchyard.docc/MigratingFromMGJRouter.md #2 "try router.page("/address/pick", command"
import Switchyard

struct Order: Sendable {}
struct Address: Sendable {}
final class AddressPickerViewController {
    var onPick: ((Address) -> Void)?
    init(order: Order?) {}
}
func useAddress(_ address: Address) {}
let router = Router(configuration: RouterConfiguration(schemes: ["mgj"]))
let order = Order()
// {{sample}}
