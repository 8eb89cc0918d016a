// sample: Sources/SwitchyardServices/ServiceResolver.swift #1 "try services.register(Checkout.self) { r"
import Switchyard

protocol Cart: Sendable {}
protocol Payments: Sendable {}
protocol Checkout: Sendable {}
struct CheckoutService: Checkout {
    let cart: any Cart
    let payments: any Payments
}
let services = ServiceRegistry()
// {{sample}}
