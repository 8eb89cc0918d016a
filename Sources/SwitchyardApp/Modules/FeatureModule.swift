/// A feature module: registers its routes, targets and services, loads, and hears app events.
///
/// ```swift
/// struct CartModule: FeatureModule {
///     let name = "Cart"
///     var priority: Int { 100 }                // higher first
///     func register(in app: AppRouter) throws {
///         try app.router.page("/cart") { _ in Destination(CartScreen()) }
///         try app.services.register((any CartService).self) { _ in LocalCart() }
///     }
///     func load(in app: AppRouter) async throws { try await LocalCart.restore() }
///     func handle(_ event: AppEvent, in app: AppRouter) async throws {
///         if case .didEnterBackground = event { try await LocalCart.save() }
///     }
/// }
/// ```
///
/// Every module registers (in priority order) before any module loads, so a module's load
/// step can use what the others registered.
public protocol FeatureModule: Sendable {
    /// Unique among the app's modules.
    var name: String { get }
    /// Modules with a higher priority register, load and receive events first; ties keep
    /// the order they were added. Default 0.
    var priority: Int { get }
    /// Registers routes, mediator targets and services.
    func register(in app: AppRouter) throws
    /// Asynchronous set-up once every module has registered. Default: nothing.
    func load(in app: AppRouter) async throws
    /// An app lifecycle or custom event. Default: nothing.
    func handle(_ event: AppEvent, in app: AppRouter) async throws
}

extension FeatureModule {
    /// Default: 0.
    public var priority: Int { 0 }
    /// Default: does nothing.
    public func load(in app: AppRouter) async throws {}
    /// Default: does nothing.
    public func handle(_ event: AppEvent, in app: AppRouter) async throws {}
}

/// What happens to the app that modules may react to: the `UIApplicationDelegate` and
/// scene callbacks, and events the app defines.
public enum AppEvent: Sendable, CustomStringConvertible {
    /// The app finished launching, with its launch options as text.
    case didFinishLaunching(options: [String: String])
    /// The app is about to come to the foreground.
    case willEnterForeground
    /// The app went to the background.
    case didEnterBackground
    /// The app is about to end.
    case willTerminate
    /// The app was asked to open this URL.
    case openURL(String)
    /// The app is continuing a user activity of `type`, such as a universal link with its `webpageURL`.
    case continueUserActivity(type: String, webpageURL: String?)
    /// The system warned that memory is low.
    case memoryWarning
    /// The app became active (BeeHive's `modDidBecomeActive`).
    case didBecomeActive
    /// The app is about to stop being active (BeeHive's `modWillResignActive`).
    case willResignActive
    /// A remote notification arrived, with its payload as text.
    case didReceiveRemoteNotification(payload: [String: String])
    /// The user chose a Home Screen quick action of `type`.
    case quickAction(type: String)
    /// An app-defined event, such as `"userDidLogIn"`.
    case custom(String, payload: [String: any Sendable] = [:])

    /// The event's name, with its URL, activity type or custom name; never options or a payload.
    public var description: String {
        switch self {
        case .didFinishLaunching: return "didFinishLaunching"
        case .willEnterForeground: return "willEnterForeground"
        case .didEnterBackground: return "didEnterBackground"
        case .willTerminate: return "willTerminate"
        case .openURL(let url): return "openURL(\(url))"
        case .continueUserActivity(let type, _): return "continueUserActivity(\(type))"
        case .memoryWarning: return "memoryWarning"
        case .didBecomeActive: return "didBecomeActive"
        case .willResignActive: return "willResignActive"
        case .didReceiveRemoteNotification: return "didReceiveRemoteNotification"
        case .quickAction(let type): return "quickAction(\(type))"
        case .custom(let name, _): return "custom(\(name))"
        }
    }
}
