import Swinject
import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardServices
import SwitchyardNavigation
import SwitchyardMediator
import SwitchyardPipeline
import SwitchyardManifest
import SwitchyardApp

// MARK: - Services

/// The service both registries hand out; `number` gives each lookup a result to sum.
protocol BenchService: Sendable {
    var number: Int { get }
}

final class BenchServiceImpl: BenchService {
    let number: Int
    init(number: Int = 1) { self.number = number }
}

/// One shared service looked up by type in a registry of ``registeredServices`` entries:
/// Switchyard's `ServiceRegistry` against Swinject's `Container` with `.container` scope.
enum ServiceScenarios {
    /// The looked-up service plus 50 named variants of it, so the table is not trivially small.
    static let registeredServices = 51
    static let lookupsPerPass = 1024

    static func switchyardRegistry(count: Int = registeredServices) throws -> ServiceRegistry {
        let services = ServiceRegistry()
        do {
            for index in 1..<count {
                try services.register((any BenchService).self, name: "variant-\(index)") { _ in BenchServiceImpl(number: index) }
            }
            try services.register((any BenchService).self) { _ in BenchServiceImpl() }
        } catch {
            throw BenchmarkFailure(description: "ServiceRegistry refused a registration: \(error)")
        }
        return services
    }

    static func swinjectContainer() -> Container {
        let container = Container()
        for index in 1..<registeredServices {
            container.register((any BenchService).self, name: "variant-\(index)") { _ in BenchServiceImpl(number: index) }
                .inObjectScope(.container)
        }
        container.register((any BenchService).self) { _ in BenchServiceImpl() }.inObjectScope(.container)
        return container
    }

    /// Makes the shared instance (so timing sees only lookups) and checks that a second
    /// lookup returns the same one.
    static func checkSingleton(_ implementation: Implementation, _ lookup: () throws -> (any BenchService)?) throws {
        let first: (any BenchService)?
        let second: (any BenchService)?
        do {
            first = try lookup()
            second = try lookup()
        } catch {
            throw BenchmarkFailure(description: "\(implementation.rawValue) could not look up the shared service: \(error)")
        }
        guard let first, let second else {
            throw BenchmarkFailure(description: "\(implementation.rawValue) found no shared service")
        }
        guard let firstObject = first as? BenchServiceImpl, let secondObject = second as? BenchServiceImpl,
              firstObject === secondObject, firstObject.number == 1 else {
            throw BenchmarkFailure(description: "\(implementation.rawValue) returned different instances for a shared service")
        }
    }
}

extension BenchmarkRun {
    /// Queues `require` on a `ServiceRegistry` and `resolve` on a Swinject `Container`, both
    /// timed round-robin with the routing cases. A miss would return -1 per lookup; the
    /// check before timing fails the run instead.
    mutating func prepareServiceScenarios() throws {
        let services = try ServiceScenarios.switchyardRegistry()
        let container = ServiceScenarios.swinjectContainer()
        try ServiceScenarios.checkSingleton(.switchyard) { try services.require((any BenchService).self) }
        try ServiceScenarios.checkSingleton(.swinject) { container.resolve((any BenchService).self) }
        print("correctness @ \(ServiceScenarios.registeredServices) services: switchyard and swinject each return one shared instance")

        let inputs: [Void] = Array(repeating: (), count: ServiceScenarios.lookupsPerPass)
        let count = ServiceScenarios.registeredServices
        addLookup(.serviceSingleton, .switchyard, count, inputs) { _ in
            do {
                return try services.require((any BenchService).self).number
            } catch {
                return -1
            }
        }
        addLookup(.serviceSingleton, .swinject, count, inputs) { _ in
            guard let service = container.resolve((any BenchService).self) else { return -1 }
            return service.number
        }
    }
}

// MARK: - Mediator

/// Found by the mediator as `switchyard_benchmarks.Bench` through the Swift runtime; nothing
/// else refers to it, as a feature module's target is referred to by nothing in the caller.
///
/// Public, as the mediator's documentation declares targets: an optimized whole-module build
/// emits no metadata for an internal type that no code names, so the runtime cannot find an
/// internal target in a release build (it does in a debug build).
public struct Target_Bench: MediatorTarget {
    public init() {}
    public static var isCached: Bool { true }
    public static let actions = TargetActions<Self> { $0.action("echo") { _, call in call.int("n") ?? 0 } }
}

/// The same, not cached: a new instance per call.
public struct Target_BenchUncached: MediatorTarget {
    public init() {}
    public static let actions = TargetActions<Self> { $0.action("echo") { _, call in call.int("n") ?? 0 } }
}

/// `Mediator.perform(target:action:parameters:)` by name, with the name→type lookup already
/// cached by an earlier call, as in an app after the first call to a target.
enum MediatorScenarios {
    /// SwiftPM's module name for the `switchyard-benchmarks` target.
    static let module = "switchyard_benchmarks"
    static let cachedTarget = "\(module).Bench"
    static let uncachedTarget = "\(module).BenchUncached"
    static let callsPerPass = 1024

    static func measure(settings: MeasureSettings, counting: AllocationCounting, progress: (String) -> Void) async throws -> (records: [Record], unsteady: Int) {
        let mediator = Mediator(configuration: MediatorConfiguration(modules: [module]))
        try await check(mediator, target: cachedTarget, cached: true)
        try await check(mediator, target: uncachedTarget, cached: false)
        print("correctness: mediator found \(cachedTarget) (cached) and \(uncachedTarget) (not cached) through the runtime")

        // Built once: the figures are the mediator's, not the caller's dictionary.
        let inputs: [[String: any Sendable]] = (0..<callsPerPass).map { ["n": $0] }
        let cases = [(Scenario.mediatorCached, cachedTarget), (.mediatorUncached, uncachedTarget)].map { scenario, target in
            let record = Record(scenario: scenario, implementation: .switchyard, routes: 1)
            return Measure.asyncLookupCase(record, counting, inputs: inputs) { parameters in
                do {
                    return try await mediator.perform(target: target, action: "echo", parameters: parameters) as? Int ?? -1
                } catch {
                    return -1
                }
            }
        }
        return await Measure.runAsync(settings, cases, progress: progress)
    }

    /// Fails the run, saying exactly what the mediator reported, when the lookup by name does
    /// not work in this build (a target only the runtime refers to might be stripped).
    private static func check(_ mediator: Mediator, target: String, cached: Bool) async throws {
        let result: any Sendable
        do {
            result = try await mediator.perform(target: target, action: "echo", parameters: ["n": 41])
        } catch {
            let actual = String(reflecting: BenchServiceImpl.self).split(separator: ".").first.map(String.init) ?? "?"
            throw BenchmarkFailure(description: "mediator lookup of \(target) failed (this module is \(actual)): \(error)")
        }
        guard let echoed = result as? Int, echoed == 41 else {
            throw BenchmarkFailure(description: "mediator \(target)/echo returned \(result), expected 41")
        }
        guard mediator.isCached(target: target) == cached else {
            throw BenchmarkFailure(description: "mediator reports \(target) \(cached ? "not cached" : "cached"), expected the opposite")
        }
    }
}
