#if canImport(ObjectiveC) && _runtime(_ObjC)
import Foundation
import SwitchyardApp
import SwitchyardObjCExceptions
import SwitchyardObjCRules

/// An app event as Objective-C receives it: a name and what it carries.
@objc(SWYAppEvent)
public final class SWYAppEvent: NSObject {
    /// `didFinishLaunching`, `didEnterBackground`, `openURL`…, or a custom event's own name.
    @objc public let name: String
    /// What the event carries: the URL (`url`), the options, the payload.
    @objc public let userInfo: [String: Any]

    init(_ event: AppEvent) {
        name = ObjCAppEvents.name(of: event)
        userInfo = ObjCAppEvents.userInfo(of: event)
    }
}

/// A feature module written in Objective-C (BeeHive's `BHModuleProtocol`): it registers its
/// routes, services and targets, and hears the app's events, in the same order and with the
/// same all-or-nothing registration as a Swift module.
@objc(SWYModule)
public protocol SWYModule: NSObjectProtocol {
    /// Unique among the app's modules.
    var moduleName: String { get }
    /// Higher registers, loads and hears events first; ties keep the order added. Default 0.
    @objc optional var modulePriority: Int { get }
    /// Registers routes, services and targets. Runs on the thread that starts the app; when it
    /// returns `NO`, everything it registered is taken back and the module gets no events.
    @objc(registerInApp:error:)
    func register(in app: SWYApp) throws
    /// Set-up once every module has registered, on the main thread.
    @objc(loadInApp:error:)
    optional func load(in app: SWYApp) throws
    /// An app event, on the main thread.
    @objc(handleEvent:inApp:)
    optional func handle(_ event: SWYAppEvent, in app: SWYApp)
}

extension SWYApp {
    /// The Swift module that speaks for `module`. Each step is sent from Objective-C, inside
    /// `@try`: an exception a module raises fails its step, naming it, and unwinds no Swift frame.
    func featureModule(for module: any SWYModule) -> ForeignModule {
        let object = Unchecked(module)
        let face = Unchecked(self)
        let name = module.moduleName
        return ForeignModule(
            name: name, priority: module.modulePriority ?? 0,
            register: { _ in try Self.send("registerInApp:error:", to: object.value, named: name, app: face.value) },
            load: { _ in
                try await MainActor.run { try Self.send("loadInApp:error:", to: object.value, named: name, app: face.value) }
            },
            handle: { event, _ in
                try await MainActor.run {
                    let selector = NSSelectorFromString("handleEvent:inApp:")
                    guard object.value.responds(to: selector) else { return }
                    if let exception = SWYSendTwoObjects(object.value, selector, SWYAppEvent(event), face.value) {
                        throw ObjCCallError.moduleStep(module: name, step: "handleEvent:inApp:", problem: Self.raised(exception))
                    }
                }
            }
        )
    }

    /// Sends a step that returns `BOOL` and sets an `NSError`, when the module has it.
    private static func send(_ step: String, to module: any SWYModule, named name: String, app: SWYApp) throws {
        let selector = NSSelectorFromString(step)
        guard module.responds(to: selector) else { return }
        var succeeded = ObjCBool(false)
        var error: NSError?
        if let exception = SWYSendErrorStep(module, selector, app, &succeeded, &error) {
            throw ObjCCallError.moduleStep(module: name, step: step, problem: raised(exception))
        }
        guard !succeeded.boolValue else { return }
        throw error ?? ObjCCallError.moduleStep(module: name, step: step, problem: "it returned NO without setting the error")
    }

    private static func raised(_ exception: NSException) -> String {
        "it raised \(exception.name.rawValue): \(exception.reason ?? "")"
    }
}
#endif
