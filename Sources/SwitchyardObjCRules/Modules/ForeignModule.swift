import Foundation
import SwitchyardApp
import SwitchyardSupport

/// A feature module whose steps are closures: how an Objective-C module class joins the
/// app's modules, so that it registers, loads and hears events in the same order, with the
/// same all-or-nothing registration, as a Swift module.
package struct ForeignModule: FeatureModule {
    /// The module's name, unique among the app's modules.
    package let name: String
    /// Higher first; ties keep the order modules were added.
    package let priority: Int
    private let registerStep: @Sendable (AppRouter) throws -> Void
    private let loadStep: @Sendable (AppRouter) async throws -> Void
    private let eventStep: @Sendable (AppEvent, AppRouter) async throws -> Void

    /// A module made of its steps.
    ///
    /// - Parameter register: runs on the thread that starts the app, inside the registration
    ///   journal, so that what it registered is taken back when it throws.
    package init(
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

    package func register(in app: AppRouter) throws { try registerStep(app) }
    package func load(in app: AppRouter) async throws { try await loadStep(app) }
    package func handle(_ event: AppEvent, in app: AppRouter) async throws { try await eventStep(event, app) }
}

/// App events as Objective-C sees them: a name (BeeHive's `modDidEnterBackground` becomes
/// `didEnterBackground`) and a dictionary.
package enum ObjCAppEvents {
    /// The event's name: its case (`didEnterBackground`, `openURL`…), or a custom event's own name.
    package static func name(of event: AppEvent) -> String {
        switch event {
        case .custom(let name, _): return name
        default:
            let text = event.description
            return String(text.prefix { $0 != "(" })
        }
    }

    /// What the event carries: the URL (`url`), the activity (`activityType`, `webpageURL`), the
    /// quick action's `type`, the options, the payload.
    package static func userInfo(of event: AppEvent) -> [String: Any] {
        switch event {
        case .didFinishLaunching(let options): return options
        case .openURL(let url): return ["url": url]
        case .continueUserActivity(let type, let webpageURL):
            var info: [String: Any] = ["activityType": type]
            if let webpageURL { info["webpageURL"] = webpageURL }
            return info
        case .didReceiveRemoteNotification(let payload): return payload
        case .quickAction(let type): return ["type": type]
        case .custom(_, let payload): return ObjCParameters.write(payload)
        default: return [:]
        }
    }

    /// The app event Objective-C names: a lifecycle event by its name, anything else a custom one.
    ///
    /// A lifecycle event's values are text: strings, URLs (as their absolute string) and numbers;
    /// a notification's nested values (`aps`) are written as JSON text. A custom event takes what
    /// a parameter dictionary takes.
    /// - Throws: ``ObjCCallError/missingArgument(call:argument:)`` for an empty name, or an
    ///   `openURL`, `quickAction` or `continueUserActivity` without the value it is about;
    ///   ``ObjCCallError/parameter(path:problem:)`` for a value it cannot carry.
    package static func event(named name: String, userInfo: [AnyHashable: Any]?) throws(ObjCCallError) -> AppEvent {
        guard !name.isEmpty else { throw .missingArgument(call: "sendEventNamed:", argument: "the event name") }
        let lifecycle = ["didFinishLaunching", "willEnterForeground", "didEnterBackground", "willTerminate", "memoryWarning",
                         "didBecomeActive", "willResignActive", "openURL", "quickAction", "didReceiveRemoteNotification", "continueUserActivity"]
        guard lifecycle.contains(name) else { return .custom(name, payload: try ObjCParameters.read(userInfo)) }
        let strings = try texts(userInfo, nestedAsJSON: name == "didReceiveRemoteNotification")
        func required(_ key: String) throws(ObjCCallError) -> String {
            guard let value = strings[key], !value.isEmpty else { throw .missingArgument(call: "sendEventNamed:@\"\(name)\"", argument: "userInfo[@\"\(key)\"]") }
            return value
        }
        switch name {
        case "didFinishLaunching": return .didFinishLaunching(options: strings)
        case "willEnterForeground": return .willEnterForeground
        case "didEnterBackground": return .didEnterBackground
        case "willTerminate": return .willTerminate
        case "memoryWarning": return .memoryWarning
        case "didBecomeActive": return .didBecomeActive
        case "willResignActive": return .willResignActive
        case "openURL": return .openURL(try required("url"))
        case "quickAction": return .quickAction(type: try required("type"))
        case "continueUserActivity": return .continueUserActivity(type: try required("activityType"), webpageURL: strings["webpageURL"])
        default: return .didReceiveRemoteNotification(payload: strings)
        }
    }

    /// A module's name, which must not be empty.
    package static func checkModuleName(_ name: String) throws(ObjCCallError) {
        if name.isEmpty { throw .missingArgument(call: "addModule:", argument: "moduleName (it is empty)") }
    }

    /// The values as text, within the parameter limits.
    private static func texts(_ userInfo: [AnyHashable: Any]?, nestedAsJSON: Bool) throws(ObjCCallError) -> [String: String] {
        var texts: [String: String] = [:]
        for (key, value) in try ObjCParameters.read(userInfo, objects: false) {
            switch value {
            case let text as String: texts[key] = text
            case let url as URL: texts[key] = url.absoluteString
            case let flag as Bool: texts[key] = flag ? "true" : "false"
            case let number as Int: texts[key] = String(number)
            case let number as Double: texts[key] = String(number)
            case is [any Sendable], is [String: any Sendable]:
                guard nestedAsJSON else { throw .parameter(path: key, problem: .notText(valueClass: ObjCParameters.className(value))) }
                // Every value is checked first: Foundation's writer raises an Objective-C
                // exception, which nothing can catch here, at a date, data or NaN.
                try ObjCParameters.checkJSON([key: value])
                guard let object = ObjCParameters.write([key: value])[key], JSONSerialization.isValidJSONObject(object),
                      let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
                    throw .parameter(path: key, problem: .notJSON(valueClass: ObjCParameters.className(value)))
                }
                texts[key] = String(decoding: data, as: UTF8.self)
            default: throw .parameter(path: key, problem: .notText(valueClass: ObjCParameters.className(value)))
            }
        }
        return texts
    }
}
