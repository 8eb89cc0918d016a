import SwitchyardApp
import SwitchyardPipeline
import SwitchyardSupport

/// An app's start and events in the order an Objective-C app delegate expects them, as BeeHive
/// delivers them: modules register on the thread that starts the app (so routes and services
/// exist when `didFinishLaunching` returns), then load, then hear events one at a time in the
/// order they were sent. An event sent before the start waits for it.
///
/// Nothing runs and no task exists before the start: events sent before it are kept, in order,
/// and delivered once the modules have loaded, by this start or by Swift's `AppRouter.start()`.
/// An app that is never started holds no task; once it goes, the events it never delivered are
/// logged, with the fix.
package final class ObjCAppSteps: Sendable {
    /// The app whose modules these steps run.
    package let app: AppRouter

    private typealias Kept = (event: AppEvent, done: @Sendable (ModuleReport) -> Void)

    private struct State {
        /// Whether ``start(loaded:)`` ran.
        var started = false
        /// Whether ``start(loaded:)`` is registering the modules now: events wait for its load.
        var starting = false
        /// Events sent before the modules loaded, delivered, in order, once they have.
        var early: [Kept] = []
        /// The last step handed over (the load, an event): the next waits for it.
        var last: Task<Void, Never>?
    }

    private let state = Locked(State())

    /// Steps for `app`'s modules, none run yet.
    package init(app: AppRouter) {
        self.app = app
        // Started from Swift instead: what was kept for a start goes once the modules have loaded.
        app.modules.whenLoaded { [weak self] in self?.deliverKept() }
    }

    deinit {
        let undelivered = state.withLock { $0.early.map { "\($0.event)" } }
        guard !undelivered.isEmpty else { return }
        app.router.configuration.logger.warning(
            "the app went before its modules started and loaded, so \(undelivered.count) event(s) sent to it were never delivered (\(undelivered.joined(separator: ", "))): call startWithCompletion: once, from application:didFinishLaunchingWithOptions:")
    }

    /// Registers every module on this thread and returns that report; then loads them on a task
    /// and hands both reports to `loaded`, then delivers the events sent before, in order.
    ///
    /// After Swift's `AppRouter.start()` it registers and loads nothing again: `loaded` gets
    /// two empty reports at once, and events go at once, as Swift's own do.
    ///
    /// - Throws: ``ModuleError/startedAgain`` for a second start, which runs nothing and is logged.
    @discardableResult
    package func start(loaded: @escaping @Sendable (_ registered: ModuleReport, _ loaded: ModuleReport) -> Void) throws(ModuleError) -> ModuleReport {
        let first = state.withLock { state -> Bool in
            guard !state.started else { return false }
            (state.started, state.starting) = (true, true)
            return true
        }
        guard first else {
            app.router.configuration.logger.error("\(ModuleError.startedAgain)")
            throw .startedAgain
        }
        let app = app
        let startedBefore = app.modules.hasStarted
        // Outside the lock: a module's register step may send an event, which is kept meanwhile.
        let registered = startedBefore ? ModuleReport() : app.modules.register(app)
        state.withLock { state in
            let early = state.early
            (state.early, state.starting) = ([], false)
            let before = state.last
            state.last = Task {
                await before?.value
                loaded(registered, startedBefore ? ModuleReport() : await app.modules.load(app))
                for (event, done) in early { done(await app.send(event)) }
            }
        }
        return registered
    }

    /// Delivers `event` to every module after the start and after every event sent before it;
    /// `done` gets the modules' failures.
    ///
    /// When the app was started from Swift instead (`AppRouter.start()`), events go at once, as
    /// Swift's own do, after those kept for its load. Before any start, the event is kept for it;
    /// the first one is logged, so an app that forgets the start can tell why its modules hear nothing.
    package func send(_ event: AppEvent, done: @escaping @Sendable (ModuleReport) -> Void) {
        let app = app
        let swiftStarted = app.modules.hasStarted
        let waitsForStart = state.withLock { state -> Bool in
            guard !state.starting, state.early.isEmpty, state.started || swiftStarted else {
                state.early.append((event, done))
                return state.early.count == 1 && !state.started && !swiftStarted
            }
            chain([(event, done)], in: &state)
            return false
        }
        if waitsForStart {
            app.router.configuration.logger.notice("event \(event) waits for the app's start: call startWithCompletion: from application:didFinishLaunchingWithOptions:")
        }
    }

    /// Delivers the events kept for a start once Swift's start has loaded the modules; an
    /// Objective-C start delivers its own.
    private func deliverKept() {
        state.withLock { state in
            guard !state.starting, !state.early.isEmpty else { return }
            let kept = state.early
            state.early = []
            chain(kept, in: &state)
        }
    }

    /// Hands `events` over after the last step, in order.
    private func chain(_ events: [Kept], in state: inout State) {
        let (app, before) = (app, state.last)
        state.last = Task {
            await before?.value
            for (event, done) in events { done(await app.send(event)) }
        }
    }
}
