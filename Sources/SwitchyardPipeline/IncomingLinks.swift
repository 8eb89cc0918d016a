import Foundation
import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardSupport

/// Finds the link in what the system hands an app besides URLs: a notification's payload, a
/// home-screen quick action. The app or scene delegate passes what it got; the decision of
/// which link it means, or that it means none, is made here, where it is tested.
public enum IncomingLinks {
    /// The payload keys a notification's link is looked for under, in order.
    public static let notificationKeys = ["link", "url", "deeplink"]

    /// Why a notification or a quick action carries no link to open.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// None of `keys` is in the payload.
        case noLink(keys: [String])
        /// `key` holds something else than text (a number, an object).
        case notText(key: String)
        /// `key` holds an empty string.
        case empty(key: String)
        /// `key`'s link is over ``InputLimits/urlLength``.
        case tooLong(key: String, LimitExceeded)
        /// A quick action of a type no module registered.
        case unknownQuickAction(type: String, known: [String])

        /// A sentence for the log.
        public var description: String {
            switch self {
            case .noLink(let keys): return "the notification carries no link (looked for \(keys.joined(separator: ", ")))"
            case .notText(let key): return "the notification's \(DisplaySafe.text(key)) is not text"
            case .empty(let key): return "the notification's \(DisplaySafe.text(key)) is empty"
            case .tooLong(let key, let exceeded): return "the notification's \(DisplaySafe.text(key)): \(exceeded)"
            case .unknownQuickAction(let type, let known):
                return "no URL is registered for the quick action \"\(DisplaySafe.text(type))\"; known: "
                    + (known.isEmpty ? "none" : known.map { DisplaySafe.text($0) }.joined(separator: ", "))
            }
        }
    }

    /// The link in a notification's `userInfo` (`{"aps": {…}, "link": "shop://order/7"}`): the
    /// first of `keys` present, which must be non-empty text within `limits.urlLength`.
    public static func link(
        inNotification userInfo: [AnyHashable: Any], keys: [String] = notificationKeys, limits: InputLimits = .default
    ) -> Result<String, Problem> {
        guard let key = keys.first(where: { userInfo[$0] != nil }), let value = userInfo[key] else { return .failure(.noLink(keys: keys)) }
        guard let text = value as? String else { return .failure(.notText(key: key)) }
        guard !text.isEmpty else { return .failure(.empty(key: key)) }
        guard text.utf8.count <= limits.urlLength else {
            return .failure(.tooLong(key: key, LimitExceeded(.urlLength, value: text.utf8.count, maximum: limits.urlLength)))
        }
        return .success(text)
    }
}

extension Router {
    /// The link a notification the user tapped carries, to pass to
    /// ``handleIncoming(_:via:scene:)`` with `.push`; `nil` when it carries none, which is logged
    /// with why (``IncomingLinks/Problem``): a tap on such a notification just opens the app.
    public func link(inNotification userInfo: [AnyHashable: Any]) -> String? {
        switch IncomingLinks.link(inNotification: userInfo, limits: configuration.limits) {
        case .success(let link): return link
        case .failure(let problem):
            configuration.logger.notice("notification ignored: \(problem)")
            return nil
        }
    }

    /// Registers the URL a home-screen quick action of `type` opens (its
    /// `UIApplicationShortcutItem.type`); a later registration of the same type replaces it.
    public func registerQuickAction(_ type: String, opens url: String) {
        hooks.withLock { $0.quickActions[type] = url }
    }

    /// The URL a quick action of `type` opens, to pass to ``handleIncoming(_:via:scene:)``;
    /// `nil` for a type no module registered, which is logged with the types that are.
    public func link(forQuickAction type: String) -> String? {
        let (url, known) = hooks.withLock { ($0.quickActions[type], $0.quickActions.keys.sorted()) }
        guard let url else {
            configuration.logger.notice("quick action ignored: \(IncomingLinks.Problem.unknownQuickAction(type: type, known: known))")
            return nil
        }
        return url
    }
}
