// sample: Sources/SwitchyardServices/SwitchyardServices.docc/UsingServices.md #2 "let checkout = try services.require((any"
import Switchyard

// Block 1, "Declare and register", in full.
// PaymentsContracts: what other modules import.
public protocol Payments: Sendable { func charge(cents: Int) async throws -> String }
public protocol Analytics: Sendable { func track(_ event: String) }
public protocol ImageCache: Sendable {}
public protocol Checkout: Sendable { func pay(cents: Int) async throws -> String }

// PaymentsFeature: the implementations.
struct LivePayments: Payments { func charge(cents: Int) async throws -> String { "live: \(cents)" } }
struct SandboxPayments: Payments { func charge(cents: Int) async throws -> String { "sandbox: \(cents)" } }
final class ConsoleAnalytics: Analytics { func track(_ event: String) { print(event) } }
final class MemoryImageCache: ImageCache {}
struct CheckoutFlow: Checkout {
    let payments: any Payments
    let analytics: (any Analytics)?
    func pay(cents: Int) async throws -> String {
        analytics?.track("pay")
        return try await payments.charge(cents: cents)
    }
}

let services = ServiceRegistry()
try services.register((any Analytics).self) { _ in ConsoleAnalytics() }                      // .shared, the default
try services.register((any ImageCache).self, scope: .weak) { _ in MemoryImageCache() }
try services.register((any Checkout).self, scope: .transient) { resolver in
    CheckoutFlow(payments: try resolver.require((any Payments).self), analytics: resolver.resolve((any Analytics).self))
}
try services.register((any Payments).self, instance: LivePayments())                         // made already; shared
try services.register((any Payments).self, name: "sandbox", instance: SandboxPayments())      // a named variant
// {{sample}}
