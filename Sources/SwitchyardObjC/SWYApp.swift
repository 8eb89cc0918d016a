#if canImport(ObjectiveC) && _runtime(_ObjC)
import Foundation
import SwitchyardApp
import SwitchyardObjCRules

/// The app for Objective-C: URL routes, calls by name, services and modules, over one Swift
/// `AppRouter`. A mixed app makes the `AppRouter` in Swift and hands it over
/// (`SWYApp(app:)`), so both languages share one router, one mediator and one registry.
@objc(SWYApp)
public final class SWYApp: NSObject {
    /// The Swift app this object speaks for.
    public let app: AppRouter
    /// URLs: open, call, register, build.
    @objc public let router: SWYRouter
    /// Calls by name: CTMediator's `Target_`/`Action_` classes and the Swift targets.
    @objc public let mediator: SWYMediator
    /// BeeHive's services: a class for a protocol.
    @objc public let services: SWYServices
    let steps: ObjCAppSteps

    /// The Objective-C face of `app`.
    public init(app: AppRouter) {
        self.app = app
        router = SWYRouter(router: app.router, modules: app.mediator.configuration.modules)
        mediator = SWYMediator(mediator: app.mediator) { target, action, parameters in
            try await app.perform(target: target, action: action, parameters: parameters)
        }
        services = SWYServices(registry: app.services)
        steps = ObjCAppSteps(app: app)
    }

    /// An app of its own: a new router, mediator and service registry.
    @objc override public convenience init() {
        self.init(app: AppRouter())
    }

    /// Adds an Objective-C module; `NO` with `error` when it is nil, its name is empty or taken,
    /// or the app has started.
    @objc(addModule:error:)
    public func add(_ module: (any SWYModule)?) throws {
        guard let module else { throw ObjCErrors.error(ObjCCallError.missingArgument(call: "addModule:", argument: "the module")) }
        try add([module])
    }

    /// Adds Objective-C modules, all or none.
    @objc(addModules:error:)
    public func add(_ modules: [any SWYModule]) throws {
        do {
            for module in modules { try ObjCAppEvents.checkModuleName(module.moduleName) }
            try app.modules.add(modules.map { featureModule(for: $0) })
        } catch {
            throw ObjCErrors.error(error)
        }
    }

    /// Registers every module (Swift and Objective-C) on this thread, in priority order, before
    /// it returns; then loads them. `completion` gets one error per module step that failed, on
    /// the main queue, once the modules have loaded. Call it once, from
    /// `application:didFinishLaunchingWithOptions:`, so that routes exist when a launch link opens.
    /// A second call starts nothing: its completion gets one `SWYErrorCodeModulesAlreadyStarted`
    /// error, which is also logged.
    @objc(startWithCompletion:)
    public func start(completion: (([NSError]) -> Void)?) {
        let done = completion.map(Unchecked.init)
        do {
            try steps.start { registered, loaded in
                let failures = Unchecked((registered.failures + loaded.failures).map(ObjCErrors.error))
                if let done { onMain { done.value(failures.value) } }
            }
        } catch {
            let refusal = Unchecked([ObjCErrors.error(error)])
            if let done { onMain { done.value(refusal.value) } }
        }
    }

    /// Sends an app event to every module, after the start and after every event sent before it:
    /// a lifecycle name (`didEnterBackground`, `openURL` with `url` in `userInfo`…) or a custom
    /// one; `completion` gets the modules' failures, on the main queue.
    @objc(sendEventNamed:userInfo:completion:)
    public func sendEvent(named name: String, userInfo: [AnyHashable: Any]?, completion: (([NSError]) -> Void)?) {
        let done = completion.map(Unchecked.init)
        let event: AppEvent
        do {
            event = try ObjCAppEvents.event(named: name, userInfo: userInfo)
        } catch {
            let failure = ObjCErrors.error(error)
            if let done { onMain { done.value([failure]) } }
            return
        }
        steps.send(event) { report in
            let failures = Unchecked(report.failures.map(ObjCErrors.error))
            if let done { onMain { done.value(failures.value) } }
        }
    }
}
#endif
