// sample: Sources/SwitchyardRouting/Table/RouteTable+URLBuilding.swift #1 "let url = try router.table.url(for: "/pr"
import Switchyard

let router = Router()
// {{sample}}
