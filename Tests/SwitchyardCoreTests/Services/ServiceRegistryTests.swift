import Foundation
import Logging
import Switchyard
import Testing

@Suite("Service registry")
struct ServiceRegistryTests {
    let services = ServiceRegistry.quiet()

    @Test func sharedServicesAreMadeOnceAndLazily() throws {
        let made = Shared(0)
        try services.register((any Analytics).self) { _ in
            made.withLock { $0 += 1 }
            return ConsoleAnalytics()
        }
        #expect(made.current == 0, "nothing is made at registration")
        let first = try services.require((any Analytics).self) as? ConsoleAnalytics
        let second = services.resolve((any Analytics).self) as? ConsoleAnalytics
        #expect(first != nil && first === second)
        #expect(made.current == 1)
    }

    @Test func transientServicesAreMadePerLookup() throws {
        try services.register((any Analytics).self, scope: .transient) { _ in ConsoleAnalytics() }
        let first = try services.require((any Analytics).self) as? ConsoleAnalytics
        let second = try services.require((any Analytics).self) as? ConsoleAnalytics
        #expect(first !== second)
    }

    @Test func weakServicesLiveWhileHeld() throws {
        try services.register((any Analytics).self, scope: .weak) { _ in ConsoleAnalytics() }
        var held = try services.require((any Analytics).self) as? ConsoleAnalytics
        let firstID = held?.id
        #expect((try services.require((any Analytics).self) as? ConsoleAnalytics)?.id == firstID)
        held = nil
        #expect((try services.require((any Analytics).self) as? ConsoleAnalytics)?.id != firstID, "made again once released")
        withExtendedLifetime(held) {}
    }

    @Test func instancesAndNamedVariantsAreSeparateKeys() throws {
        try services.register((any Payments).self, instance: NamedPayments(provider: "stripe"))
        try services.register((any Payments).self, name: "sandbox", instance: NamedPayments(provider: "fake"))
        #expect(try services.require((any Payments).self).provider == "stripe")
        #expect(try services.require((any Payments).self, name: "sandbox").provider == "fake")
        #expect(services.isRegistered((any Payments).self, name: "sandbox"))
        #expect(!services.isRegistered((any Payments).self, name: "live"))
        #expect(services.registrations.map(\.service) == ["Payments", "Payments named \"sandbox\""])
    }

    @Test func factoriesResolveTheirDependencies() throws {
        try services.register((any Clock).self, instance: FixedClock(now: 7))
        let seen = Shared(0)
        try services.register((any ServiceC).self) { resolver in
            let clock = try resolver.require((any Clock).self)
            seen.withLock { $0 = clock.now }
            return CImpl()
        }
        #expect(services.resolve((any ServiceC).self) != nil)
        #expect(seen.current == 7)
    }

    @Test(arguments: [
        ((any Clock).self as Any.Type, nil as String?, ServiceError.notRegistered(service: "Clock", registered: ["Analytics", "Payments", "Payments named \"sandbox\""], nearest: nil)),
        ((any Payments).self, "sandbx", .notRegistered(service: "Payments named \"sandbx\"", registered: ["Analytics", "Payments", "Payments named \"sandbox\""], nearest: "Payments named \"sandbox\"")),
        ((any Analytics).self, "debug", .notRegistered(service: "Analytics named \"debug\"", registered: ["Analytics", "Payments", "Payments named \"sandbox\""], nearest: "Analytics")),
    ])
    func aMissingRequiredServiceListsWhatIsRegistered(type: Any.Type, name: String?, expected: ServiceError) throws {
        try services.register((any Analytics).self) { _ in ConsoleAnalytics() }
        try services.register((any Payments).self, instance: NamedPayments(provider: "stripe"))
        try services.register((any Payments).self, name: "sandbox", instance: NamedPayments(provider: "fake"))
        #expect(throws: expected) { try requireAny(type, name: name) }
    }

    /// Looks up a service whose type comes from a test table.
    private func requireAny(_ type: Any.Type, name: String?) throws(ServiceError) {
        switch type {
        case is (any Clock).Type: _ = try services.require((any Clock).self, name: name)
        case is (any Payments).Type: _ = try services.require((any Payments).self, name: name)
        default: _ = try services.require((any Analytics).self, name: name)
        }
    }

    @Test func anOptionalLookupOfAMissingServiceIsNil() {
        #expect(services.resolve((any Clock).self) == nil)
    }

    @Test func aDependencyCycleFailsWithItsPath() throws {
        try services.register((any ServiceA).self) { resolver in AImpl(b: try resolver.require((any ServiceB).self)) }
        try services.register((any ServiceB).self) { resolver in BImpl(a: try resolver.require((any ServiceA).self)) }
        #expect(throws: ServiceError.cycle(path: ["ServiceA", "ServiceB", "ServiceA"])) {
            try services.require((any ServiceA).self)
        }
        #expect(throws: ServiceError.cycle(path: ["ServiceB", "ServiceA", "ServiceB"])) {
            try services.require((any ServiceB).self)
        }
        #expect(services.resolve((any ServiceA).self) == nil, "a failed shared service is not kept")
    }

    @Test func cyclesAreFoundWhateverTheScopeAndEvenWithoutTheResolver() throws {
        let services = self.services
        try services.register((any ServiceA).self, scope: .transient) { _ in AImpl(b: try services.require((any ServiceB).self)) }
        try services.register((any ServiceB).self, scope: .weak) { _ in BImpl(a: try services.require((any ServiceA).self)) }
        try services.register((any ServiceC).self) { _ in try services.require((any ServiceC).self) }
        #expect(throws: ServiceError.cycle(path: ["ServiceA", "ServiceB", "ServiceA"])) { try services.require((any ServiceA).self) }
        #expect(throws: ServiceError.cycle(path: ["ServiceC", "ServiceC"])) { try services.require((any ServiceC).self) }
    }

    @Test func aThrowingFactoryIsReportedWithTheService() throws {
        try services.register((any Clock).self, name: "ntp") { _ in throw BrokenFactory() }
        #expect(throws: ServiceError.factoryFailed(service: "Clock named \"ntp\"", reason: "database is closed")) {
            try services.require((any Clock).self, name: "ntp")
        }
    }

    @Test func reRegisteringReplacesAndLogs() throws {
        let recorder = LogCapture()
        let services = ServiceRegistry(logger: Logger(label: "t") { _ in recorder })
        try services.register((any Analytics).self) { _ in ConsoleAnalytics() }
        #expect(try services.require((any Analytics).self).track("x") == "console: x")
        try services.register((any Analytics).self) { _ in HostAnalytics() }
        #expect(try services.require((any Analytics).self).track("x") == "host: x", "the host app's override wins, even after the default was made")
        #expect(recorder.lines == ["notice: service Analytics re-registered: the new registration replaces the earlier one"])
    }

    @Test func aFrozenRegistryRefusesRegistrationsButStillServes() throws {
        try services.register((any Clock).self, instance: FixedClock(now: 1))
        services.freeze()
        #expect(services.isFrozen)
        #expect(throws: ServiceError.frozen(service: "Payments")) {
            try services.register((any Payments).self, instance: NamedPayments(provider: "late"))
        }
        #expect(try services.require((any Clock).self).now == 1)
    }

    @Test func errorMessagesReadWell() {
        #expect(ServiceError.cycle(path: ["A", "B", "A"]).description == "dependency cycle: A → B → A")
        #expect(ServiceError.notRegistered(service: "Clok", registered: ["Clock"], nearest: "Clock").description
            == "no service Clok is registered (did you mean Clock?); registered: Clock")
    }
}

@Suite("Injected")
struct InjectedTests {
    final class CartModel {
        @Injected(from: registry) var analytics: (any Analytics)?
        @Injected(name: "sandbox", from: registry) var payments: (any Payments)?
        static let registry = ServiceRegistry.quiet()
    }

    @Test func injectsLazilyAndFindsLaterRegistrations() throws {
        let model = CartModel()
        #expect(model.analytics == nil, "nothing registered yet: nil, not a crash")
        #expect(throws: ServiceError.notRegistered(service: "Analytics", registered: [], nearest: nil)) {
            try model.$analytics.require()
        }
        try CartModel.registry.register((any Analytics).self) { _ in ConsoleAnalytics() }
        try CartModel.registry.register((any Payments).self, name: "sandbox", instance: NamedPayments(provider: "fake"))
        #expect(model.analytics?.track("open") == "console: open")
        #expect(model.payments?.provider == "fake")
        let first = model.analytics as? ConsoleAnalytics
        try CartModel.registry.register((any Analytics).self) { _ in ConsoleAnalytics() }
        #expect(model.analytics as? ConsoleAnalytics === first, "kept after the first successful lookup")
    }
}
