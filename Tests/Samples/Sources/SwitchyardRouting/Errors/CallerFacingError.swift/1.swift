// sample: Sources/SwitchyardRouting/Errors/CallerFacingError.swift #1 "try router.action("/deal/:id/claim") { _"
import Switchyard

let router = Router(configuration: RouterConfiguration(schemes: ["myapp"]))
// {{sample}}
