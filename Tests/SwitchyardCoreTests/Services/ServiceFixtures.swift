import Foundation
import Logging
import Switchyard

protocol Analytics: Sendable { func track(_ event: String) -> String }
protocol Payments: Sendable { var provider: String { get } }
protocol Clock: Sendable { var now: Int { get } }

final class ConsoleAnalytics: Analytics {
    let id = UUID()
    func track(_ event: String) -> String { "console: \(event)" }
}

final class HostAnalytics: Analytics {
    func track(_ event: String) -> String { "host: \(event)" }
}

struct FixedClock: Clock { let now: Int }

struct NamedPayments: Payments { let provider: String }

/// Services that depend on each other in a circle: A → B → A.
protocol ServiceA: Sendable {}
protocol ServiceB: Sendable {}
protocol ServiceC: Sendable {}
struct AImpl: ServiceA { let b: any ServiceB }
struct BImpl: ServiceB { let a: any ServiceA }
struct CImpl: ServiceC {}

struct BrokenFactory: Error, CustomStringConvertible {
    var description: String { "database is closed" }
}

extension ServiceRegistry {
    static func quiet() -> ServiceRegistry {
        ServiceRegistry(logger: .init(label: "switchyard.tests") { _ in SwiftLogNoOpLogHandler() })
    }
}
