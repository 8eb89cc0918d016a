// sample: Sources/SwitchyardBridge/SwitchyardBridge.docc/TakingAnotherAppBackWithAResult.md #2 "let reply = try await callbacks.call(oth"
import Switchyard

let router = Router(configuration: RouterConfiguration(schemes: ["shop"]))
let callbacks = try XCallbackChannel(router: router, settings: XCallbackSettings(sourceName: "Shop")) { _ in false }
// {{sample}}
