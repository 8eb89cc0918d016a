import Dispatch
import Logging
import SwitchyardPipeline
import SwitchyardServices
import SwitchyardSupport

/// The app's feature modules, in delivery order: priority, then the order they were added.
///
/// A module that throws — while registering, loading or handling an event — is reported in
/// the returned ``ModuleReport`` and logged; the other modules still run. Registration is
/// all or nothing per module: one that throws halfway leaves no route, interceptor, service
/// or mediator target behind. A `load` or event handler that runs past ``eventTimeout`` is
/// reported and the next module goes on; it keeps running on its own, cancelled.
public final class ModuleRegistry: Sendable {
    private struct State {
        var modules: [any FeatureModule] = []
        var started = false
        var loadStarted = false
        var loaded = false
        /// Called once the load step has run, in the order given.
        var whenLoaded: [@Sendable () -> Void] = []
    }

    private let state = Locked(State())
    private let logger: Logger
    /// How long one module's `load` or event handler may take before the next module goes on;
    /// a year or more waits for ever.
    public let eventTimeout: Duration

    /// An empty registry; `eventTimeout` bounds each module's `load` and event handler.
    public init(logger: Logger = Logger(label: "switchyard.modules"), eventTimeout: Duration = .seconds(10)) {
        self.logger = logger
        self.eventTimeout = eventTimeout
    }

    /// Adds modules; all or nothing.
    ///
    /// - Throws: ``ModuleError/duplicateName(_:)`` when a name repeats (among these or
    ///   the modules added before); ``ModuleError/alreadyStarted(module:)`` after ``start(_:)``.
    public func add(_ modules: [any FeatureModule]) throws(ModuleError) {
        let error: ModuleError? = state.withLock { state in
            if let first = modules.first, state.started { return .alreadyStarted(module: first.name) }
            var names = Set(state.modules.map(\.name))
            for module in modules where !names.insert(module.name).inserted {
                return .duplicateName(module.name)
            }
            for module in modules {
                // After every module of the same or higher priority: ties keep their order.
                let index = state.modules.firstIndex { $0.priority < module.priority } ?? state.modules.endIndex
                state.modules.insert(module, at: index)
            }
            return nil
        }
        if let error { throw error }
    }

    /// Whether the modules have been registered (by ``start(_:)`` or the Objective-C face's start).
    package var hasStarted: Bool { state.withLock { $0.started } }

    /// Module names in delivery order.
    public var names: [String] { state.withLock { $0.modules.map(\.name) } }

    /// Registers every module, then loads every module, each in delivery order.
    ///
    /// A module whose registration throws is not loaded and gets no events.
    public func start(_ app: AppRouter) async -> (registered: ModuleReport, loaded: ModuleReport) {
        let registered = register(app)
        return (registered, await load(app))
    }

    /// The registration step of ``start(_:)``, on the calling thread: what an Objective-C app
    /// delegate needs, so that routes exist when `didFinishLaunching` returns (BeeHive registers
    /// synchronously too). Each module registers inside a registration journal; one that throws
    /// has what it registered taken back and is dropped.
    package func register(_ app: AppRouter) -> ModuleReport {
        // Once: a second start (Swift's and Objective-C's both) registers nothing again.
        let modules: [any FeatureModule]? = state.withLock { state in
            defer { state.started = true }
            return state.started ? nil : state.modules
        }
        guard let modules else { return ModuleReport() }
        var registered = ModuleReport()
        var healthy: [any FeatureModule] = []
        for module in modules {
            registered.modules.append(module.name)
            let journal = RegistrationJournal()
            do {
                try RegistrationJournal.$current.withValue(journal) {
                    try ServiceRegistry.$current.withValue(app.services) { try module.register(in: app) }
                }
                journal.commit()
                healthy.append(module)
            } catch {
                journal.undo()
                registered.failures.append(failure(module, "register", error))
            }
        }
        state.withLock { $0.modules = healthy }
        return registered
    }

    /// The load step of ``start(_:)``: every module that registered, in order.
    package func load(_ app: AppRouter) async -> ModuleReport {
        var loaded = ModuleReport()
        let modules: [any FeatureModule] = state.withLock { state in
            defer { state.loadStarted = true }
            return state.started && !state.loadStarted ? state.modules : []
        }
        for module in modules {
            loaded.modules.append(module.name)
            if let failure = await run(module, "load", { try await app.withServices { try await module.load(in: app) } }) {
                loaded.failures.append(failure)
            }
        }
        let waiting = state.withLock { state -> [@Sendable () -> Void] in
            guard state.started, !state.loaded else { return [] }
            state.loaded = true
            defer { state.whenLoaded = [] }
            return state.whenLoaded
        }
        for body in waiting { body() }
        return loaded
    }

    /// Runs `body` once the modules have loaded, whichever start loads them; at once when they
    /// have. What another language's start waits on (`ObjCAppSteps`), holding no task meanwhile.
    package func whenLoaded(_ body: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.loaded { return true }
            state.whenLoaded.append(body)
            return false
        }
        if now { body() }
    }

    /// Delivers `event` to every module in order, awaiting each.
    @discardableResult
    public func send(_ event: AppEvent, to app: AppRouter) async -> ModuleReport {
        var report = ModuleReport()
        for module in state.withLock({ $0.modules }) {
            report.modules.append(module.name)
            if let failure = await run(module, event.description, { try await app.withServices { try await module.handle(event, in: app) } }) {
                report.failures.append(failure)
            }
        }
        return report
    }

    /// Runs one module's step on a worker thread (``DedicatedExecutor``) and waits for it at most ``eventTimeout``.
    private func run(
        _ module: any FeatureModule, _ step: String, _ work: @escaping @Sendable () async throws -> Void
    ) async -> ModuleReport.Failure? {
        let gate = Gate<Result<Void, any Error>?>()
        let task = DedicatedExecutor.start {
            do {
                try await work()
                gate.resolve(.success(()))
            } catch {
                gate.resolve(.failure(error))
            }
        }
        let timer = DispatchWorkItem { gate.resolve(nil) }
        // A timeout past a year is "never": no timer, and no overflow turning it into the past.
        if eventTimeout.components.seconds < 365 * 24 * 3_600 {
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(max(0, eventTimeout.wholeNanoseconds))), execute: timer)
        }
        let outcome = await gate.wait()
        timer.cancel()
        switch outcome {
        case .success?:
            return nil
        case .failure(let error)?:
            return failure(module, step, error)
        case nil:
            task.cancel()
            return failure(module, step, ModuleTimeout(step: step, timeout: eventTimeout))
        }
    }

    private func failure(_ module: any FeatureModule, _ step: String, _ error: any Error) -> ModuleReport.Failure {
        let failure = ModuleReport.Failure(module: module.name, step: step, reason: "\(error)")
        logger.error("\(failure)")
        return failure
    }
}

/// A module's step that ran past ``ModuleRegistry/eventTimeout``.
struct ModuleTimeout: Error, CustomStringConvertible {
    let step: String
    let timeout: Duration

    var description: String {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        return "did not finish \(step) within \(seconds) s (ModuleRegistry.eventTimeout); the next module went on"
    }
}
