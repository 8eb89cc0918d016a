// sample: Sources/SwitchyardBridge/SwitchyardBridge.docc/TakingAnotherAppBackWithAResult.md #1 "let router = Router(configuration: Route"
import Switchyard

func openInOtherApp(_ url: String) async -> Bool { true }
// {{sample}}
