// sample: Sources/SwitchyardServices/Injected.swift #1 "final class CartViewModel {"
import Switchyard

protocol Analytics: Sendable { func track(_ event: String) }
protocol Payments: Sendable { func charge(_ cents: Int) throws }
let app = AppRouter()
let total = 1999
// {{sample}}
