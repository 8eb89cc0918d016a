// sample: Sources/SwitchyardPipeline/RouteDeclined.swift #1 "try router.action("/share/:target") { re"
import Switchyard

let router = Router()
func shareToWeChat(_ request: RouteRequest) {}
// {{sample}}
