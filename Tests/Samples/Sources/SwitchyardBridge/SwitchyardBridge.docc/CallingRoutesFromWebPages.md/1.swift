// sample: Sources/SwitchyardBridge/SwitchyardBridge.docc/CallingRoutesFromWebPages.md #1 "let router = Router(configuration: Route"
import Switchyard

struct NewOrderScreen { init(_ request: RouteRequest) {} }
// {{sample}}
