// sample: Sources/SwitchyardBridge/Web/WebBridge.swift #1 "let bridge = try WebBridge(router: route"
import Switchyard

let router = Router(configuration: RouterConfiguration(schemes: ["myapp"]))
try router.action("/order/new") { request in request.answer(["orderNumber": "A-1001"]) }
let messageText = #"{"page":"p1","id":1,"method":"call","url":"myapp://order/new","params":{}}"#
// {{sample}}
