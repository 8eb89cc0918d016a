import SwitchyardApp
import SwitchyardPipeline
import SwitchyardSupport

/// An app's start and events in the order an Objective-C app delegate expects them, as BeeHive
/// delivers them: modules register on the thread that starts the app (so routes and services
/// exist when `didFinishLaunching` returns), then load, then hear events one at a time in the
/// order they were sent. An event sent before the start waits for it.
public final class ObjCAppSteps: Sendable {
    /// The app whose modules these steps run.
    public let app: AppRouter
    /// Opens when the app starts, with its load step: the first link of the chain waits on it.
    private let started = Gate<@Sendable () async -> Void>()
    private let chain: Locked<Task<Void, Never>?>
    private let once = Locked(false)

    /// Steps for `app`'s modules, none run yet.
    public init(app: AppRouter) {
        self.app = app
        let started = started
        chain = Locked(Task { await started.wait()() })
    }

    /// Registers every module on this thread and returns that report; then loads them on a task
    /// and hands both reports to `loaded`. A second start, or one after Swift's `AppRouter.start()`,
    /// registers and loads nothing and reports no module.
    @discardableResult
    public func start(loaded: @escaping @Sendable (_ registered: ModuleReport, _ loaded: ModuleReport) -> Void) -> ModuleReport {
        let first = once.withLock { started in
            defer { started = true }
            return !started
        }
        guard first else { return ModuleReport() }
        let app = app
        let registered = app.modules.register(app)
        started.resolve {
            loaded(registered, await app.modules.load(app))
        }
        return registered
    }

    /// Delivers `event` to every module after the start and after every event sent before it;
    /// `done` gets the modules' failures.
    ///
    /// When the app was started from Swift instead (`AppRouter.start()`), events go at once, as
    /// Swift's own do.
    public func send(_ event: AppEvent, done: @escaping @Sendable (ModuleReport) -> Void) {
        let app = app
        if app.modules.hasStarted { started.resolve {} }
        chain.withLock { last in
            let before = last
            last = Task {
                await before?.value
                done(await app.send(event))
            }
        }
    }
}
