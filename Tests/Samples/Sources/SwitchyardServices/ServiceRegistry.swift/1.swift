// sample: Sources/SwitchyardServices/ServiceRegistry.swift #1 "try services.register(Analytics.self) { "
import Switchyard

protocol Analytics: Sendable {}
struct ConsoleAnalytics: Analytics {}
final class ImageLoader: Sendable {}
protocol Payments: Sendable {}
struct SandboxPayments: Payments {}
let services = ServiceRegistry()
// {{sample}}
