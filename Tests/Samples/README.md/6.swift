// sample: README.md #6 "let router = Router(configuration: Route"
import Switchyard

func openInOtherApp(_ url: String) async -> Bool { true }
// {{sample}}
