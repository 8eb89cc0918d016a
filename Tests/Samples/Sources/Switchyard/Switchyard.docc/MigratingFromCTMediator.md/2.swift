// sample: Sources/Switchyard/Switchyard.docc/MigratingFromCTMediator.md #2 "public final class Target_Cart: Mediator"
import Switchyard

struct CartItem: Sendable {}
enum CartStore { static func load() -> [CartItem] { [] } }
let mediator = Mediator(configuration: MediatorConfiguration(modules: ["CartFeature"]))
// {{sample}}
