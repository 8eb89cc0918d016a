// sample: README.md #7 "let router = Router(configuration: Route"
import Switchyard

func openInOtherApp(_ url: String) async -> Bool { true }
// {{sample}}
