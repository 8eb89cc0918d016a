// sample: Sources/SwitchyardTesting/RecordingNavigator.swift #1 "let navigator = RecordingNavigator()"
import Switchyard
import SwitchyardTesting

let router = Router()
try router.page("/product/:id") { request in Destination(request.url, name: "Product") }
// {{sample}}
