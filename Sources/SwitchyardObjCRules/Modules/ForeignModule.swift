import SwitchyardApp
import SwitchyardSupport

/// A feature module whose steps are closures: how an Objective-C module class joins the
/// app's modules, so that it registers, loads and hears events in the same order, with the
/// same all-or-nothing registration, as a Swift module.
public struct ForeignModule: FeatureModule {
    /// The module's name, unique among the app's modules.
    public let name: String
    /// Higher first; ties keep the order modules were added.
    public let priority: Int
    private let registerStep: @Sendable (AppRouter) throws -> Void
    private let loadStep: @Sendable (AppRouter) async throws -> Void
    private let eventStep: @Sendable (AppEvent, AppRouter) async throws -> Void

    /// A module made of its steps.
    ///
    /// - Parameter register: runs on the thread that starts the app, inside the registration
    ///   journal, so that what it registered is taken back when it throws.
    public init(
        name: String, priority: Int = 0,
        register: @escaping @Sendable (AppRouter) throws -> Void,
        load: @escaping @Sendable (AppRouter) async throws -> Void = { _ in },
        handle: @escaping @Sendable (AppEvent, AppRouter) async throws -> Void = { _, _ in }
    ) {
        self.name = name
        self.priority = priority
        self.registerStep = register
        self.loadStep = load
        self.eventStep = handle
    }

    public func register(in app: AppRouter) throws { try registerStep(app) }
    public func load(in app: AppRouter) async throws { try await loadStep(app) }
    public func handle(_ event: AppEvent, in app: AppRouter) async throws { try await eventStep(event, app) }
}

/// App events as Objective-C sees them: a name (BeeHive's `modDidEnterBackground` becomes
/// `didEnterBackground`) and a dictionary of strings.
public enum ObjCAppEvents {
    /// The event's name: its case (`didEnterBackground`, `openURL`…), or a custom event's own name.
    public static func name(of event: AppEvent) -> String {
        switch event {
        case .custom(let name, _): return name
        default:
            let text = event.description
            return String(text.prefix { $0 != "(" })
        }
    }

    /// What the event carries, as strings: the URL, the activity, the options, the payload.
    public static func userInfo(of event: AppEvent) -> [String: Any] {
        switch event {
        case .didFinishLaunching(let options): return options
        case .openURL(let url): return ["url": url]
        case .continueUserActivity(let type, let webpageURL): return ["activityType": type, "webpageURL": webpageURL as Any].compactMapValues { $0 is String ? $0 : nil }
        case .didReceiveRemoteNotification(let payload): return payload
        case .quickAction(let type): return ["type": type]
        case .custom(_, let payload): return ObjCParameters.write(payload)
        default: return [:]
        }
    }

    /// The app event Objective-C names: a lifecycle event by its name, anything else a custom one.
    ///
    /// - Throws: ``ObjCCallError/parameter(path:problem:)`` for `userInfo` a custom event cannot carry.
    public static func event(named name: String, userInfo: [AnyHashable: Any]?) throws(ObjCCallError) -> AppEvent {
        let strings = (userInfo ?? [:]).reduce(into: [String: String]()) { result, entry in
            if let key = entry.key.base as? String, let value = entry.value as? String { result[key] = value }
        }
        switch name {
        case "didFinishLaunching": return .didFinishLaunching(options: strings)
        case "willEnterForeground": return .willEnterForeground
        case "didEnterBackground": return .didEnterBackground
        case "willTerminate": return .willTerminate
        case "memoryWarning": return .memoryWarning
        case "didBecomeActive": return .didBecomeActive
        case "willResignActive": return .willResignActive
        case "openURL" where strings["url"] != nil: return .openURL(strings["url"] ?? "")
        case "quickAction" where strings["type"] != nil: return .quickAction(type: strings["type"] ?? "")
        case "didReceiveRemoteNotification": return .didReceiveRemoteNotification(payload: strings)
        default: return .custom(name, payload: try ObjCParameters.read(userInfo))
        }
    }
}
