import Foundation
import Logging
import Switchyard
import Testing

/// What two apps in one process register, as two tests running side by side do.
protocol WalletService: Sendable { var owner: String { get } }
struct Wallet: WalletService { let owner: String }

/// Registers a wallet for its app, and records what `@Injected` reads in a screen it makes.
struct WalletModule: FeatureModule {
    let name = "Wallet"
    let owner: String
    let seen: Shared<String?>

    func register(in app: AppRouter) throws {
        try app.services.register((any WalletService).self, instance: Wallet(owner: owner))
    }

    func load(in app: AppRouter) async throws {
        final class WalletScreen {
            @Injected var wallet: (any WalletService)?
        }
        seen.withLock { $0 = WalletScreen().wallet?.owner }
    }
}

/// A target the mediator finds by name; its wallet is injected when the mediator makes it.
public struct Target_WalletOwner: MediatorTarget {
    @Injected var wallet: (any WalletService)?
    public init() {}
    public static let actions = TargetActions<Self> { actions in
        actions.action("owner") { target, _ in try target.$wallet.require().owner }
    }
}

/// Issue 35, item 3: an app's services are its own; the process-wide registry is opt-in.
@Suite("App: services belong to their AppRouter")
struct AppServicesTests {
    static func app(_ owner: String, seen: Shared<String?>, services: ServiceRegistry? = nil) throws -> AppRouter {
        let logger = Logger(label: "switchyard.tests") { _ in SwiftLogNoOpLogHandler() }
        let app = AppRouter(router: Router(configuration: .quiet), mediator: Mediator(configuration: .quiet()),
                            services: services, modules: ModuleRegistry(logger: logger))
        try app.add(WalletModule(owner: owner, seen: seen))
        return app
    }

    @Test func twoAppsMadeWithDefaultsShareNothing() async throws {
        let (seenA, seenB) = (Shared<String?>(nil), Shared<String?>(nil))
        let (a, b) = (try Self.app("A", seen: seenA), try Self.app("B", seen: seenB))
        async let startedA = a.start()
        async let startedB = b.start()
        let reports = await [startedA, startedB]
        #expect(reports.allSatisfy { $0.registered.failures.isEmpty && $0.loaded.failures.isEmpty })

        #expect(a.services !== b.services && a.services !== ServiceRegistry.shared && b.services !== ServiceRegistry.shared)
        #expect(try a.require((any WalletService).self).owner == "A")
        #expect(try b.require((any WalletService).self).owner == "B")
        #expect(seenA.current == "A" && seenB.current == "B", "@Injected in a module's screen reads its own app's registry")
        #expect(!ServiceRegistry.shared.isRegistered((any WalletService).self), "nothing reached the process-wide registry")
    }

    @Test func aTargetMadeForAnAppsMediatorCallReadsThatAppsServices() async throws {
        let (a, b) = (try Self.app("A", seen: Shared(nil)), try Self.app("B", seen: Shared(nil)))
        _ = await a.start()
        _ = await b.start()
        #expect(try await a.perform(target: "SwitchyardCoreTests.WalletOwner", action: "owner", as: String.self) == "A")
        #expect(try await b.perform(target: "SwitchyardCoreTests.WalletOwner", action: "owner", as: String.self) == "B")
    }

    @Test func aWrapperMadeOutsideAnyAppNamesTheAppsOwnRegistryWhenItFindsNothing() async throws {
        let app = try Self.app("A", seen: Shared(nil))
        _ = await app.start()
        final class Outside {
            @Injected var wallet: (any WalletService)?
        }
        let outside = Outside()
        #expect(outside.wallet == nil)
        do {
            _ = try outside.$wallet.require()
            Issue.record("expected ServiceError.notRegisteredInShared")
        } catch {
            guard case .notRegisteredInShared(let service, _) = error else { Issue.record("got \(error)"); return }
            #expect(service == "WalletService")
            #expect(error.description.contains("an AppRouter keeps its services in a registry of its own (app.services)"))
            #expect(error.description.contains("@Injected(from: app.services)"))
        }
        final class Injecting {
            let app: AppRouter
            init(app: AppRouter) { self.app = app }
            lazy var wallet = Injected<any WalletService>(from: app.services)
        }
        #expect(Injecting(app: app).wallet.wrappedValue?.owner == "A", "from: names the app's registry")
    }

    @Test func theSharedRegistryIsOptIn() async throws {
        // A name of its own, so no other test's lookups in the shared registry see it.
        let name = "wallet-\(UUID().uuidString)"
        let app = AppRouter(router: Router(configuration: .quiet), services: .shared)
        #expect(app.services === ServiceRegistry.shared)
        try app.services.register((any WalletService).self, name: name, instance: Wallet(owner: "process"))
        final class Anywhere {
            let wallet: Injected<any WalletService>
            init(name: String) { wallet = Injected(name: name) }
        }
        #expect(Anywhere(name: name).wallet.wrappedValue?.owner == "process", "made outside any app, it reads the shared registry")
    }
}
