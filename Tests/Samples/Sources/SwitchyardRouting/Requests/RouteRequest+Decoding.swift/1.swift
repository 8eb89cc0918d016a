// sample: Sources/SwitchyardRouting/Requests/RouteRequest+Decoding.swift #1 "struct Filter: Decodable { let id: Int; "
import Switchyard

let table = RouteTable<String>()
try table.register("/items/:id", target: "items")
let request = try table.resolve("/items/7?tags=a&tags=b").request
// {{sample}}
