import Logging

/// The app's feature modules, in delivery order: priority, then the order they were added.
///
/// A module that throws — while registering, loading or handling an event — is reported in
/// the returned ``ModuleReport`` and logged; the other modules still run.
public final class ModuleRegistry: Sendable {
    private struct State {
        var modules: [any FeatureModule] = []
        var started = false
    }

    private let state = Locked(State())
    private let logger: Logger

    public init(logger: Logger = Logger(label: "switchyard.modules")) {
        self.logger = logger
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

    /// Module names in delivery order.
    public var names: [String] { state.withLock { $0.modules.map(\.name) } }

    /// Registers every module, then loads every module, each in delivery order.
    ///
    /// A module whose registration throws is not loaded and gets no events.
    public func start(_ app: AppRouter) async -> (registered: ModuleReport, loaded: ModuleReport) {
        let modules = state.withLock { state in
            state.started = true
            return state.modules
        }
        var registered = ModuleReport()
        var healthy: [any FeatureModule] = []
        for module in modules {
            registered.modules.append(module.name)
            do {
                try module.register(in: app)
                healthy.append(module)
            } catch {
                registered.failures.append(failure(module, "register", error))
            }
        }
        state.withLock { $0.modules = healthy }
        var loaded = ModuleReport()
        for module in healthy {
            loaded.modules.append(module.name)
            do {
                try await module.load(in: app)
            } catch {
                loaded.failures.append(failure(module, "load", error))
            }
        }
        return (registered, loaded)
    }

    /// Delivers `event` to every module in order, awaiting each.
    @discardableResult
    public func send(_ event: AppEvent, to app: AppRouter) async -> ModuleReport {
        var report = ModuleReport()
        for module in state.withLock({ $0.modules }) {
            report.modules.append(module.name)
            do {
                try await module.handle(event, in: app)
            } catch {
                report.failures.append(failure(module, event.description, error))
            }
        }
        return report
    }

    private func failure(_ module: any FeatureModule, _ step: String, _ error: any Error) -> ModuleReport.Failure {
        let failure = ModuleReport.Failure(module: module.name, step: step, reason: "\(error)")
        logger.error("\(failure)")
        return failure
    }
}
