// sample: Sources/SwitchyardRouting/Requests/RouteRequest.swift #1 "// /product/:id matched "myapp://product"
import Switchyard

let table = RouteTable<String>(configuration: RouterConfiguration(schemes: ["myapp"]))
try table.register("/product/:id", target: "product")
let request = try table.resolve("myapp://product/42?source=home").request
// {{sample}}
