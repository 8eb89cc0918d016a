import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardSupport

/// Switches routes off or around at run time: block, redirect, fall back to H5, or warn.
///
/// The rule set is replaced whole and atomically (from a server-driven manifest, say).
public final class DegradeInterceptor: Interceptor {
    /// What a rule does to an open of its route.
    public enum Action: Sendable, Equatable {
        /// Refuse the open with this message.
        case block(message: String)
        /// Open this URL instead.
        case redirect(String)
        /// Show this web page instead, in the app's web route (``RouterConfiguration/webRoute``).
        case fallbackToH5(String)
        /// Log the message and open the route as usual.
        case warn(message: String)
    }

    /// A route pattern and what happens to opens of it.
    public struct Rule: Sendable {
        /// The route pattern the rule covers.
        public let pattern: String
        /// What happens to opens of the route.
        public let action: Action
        /// A rule applying `action` to opens of `pattern`.
        public init(pattern: String, action: Action) {
            self.pattern = pattern
            self.action = action
        }
    }

    /// Names the interceptor in errors and events.
    public let name = "degrade"
    /// 800: after the open-redirect guard (900), before A/B tests (700).
    public let priority = 800
    private let rules = Locked<(patterns: PatternSet, actions: [String: Action])?>(nil)
    private let onWarning: @Sendable (String) -> Void
    private let webRoute: String
    private let converters: [String: ParameterConverter]

    /// An interceptor starting with `rules`; change them later with ``replaceRules(_:)``.
    ///
    /// - Throws: `PatternError` when a rule's pattern is invalid.
    /// - Parameters:
    ///   - webRoute: the app's web page route, which gets H5 fallbacks as its `url` item.
    ///   - onWarning: called with "pattern: message" for ``Action/warn(message:)`` rules.
    ///   - converters: the router's converters, when patterns use custom ones.
    public init(
        rules: [Rule] = [], webRoute: String = "/web", converters: [String: ParameterConverter] = ParameterConverter.defaultSet,
        onWarning: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(PatternError) {
        self.onWarning = onWarning
        self.webRoute = webRoute
        self.converters = converters
        try replaceRules(rules)
    }

    /// Replaces every rule at once; on an invalid pattern nothing changes.
    public func replaceRules(_ newRules: [Rule]) throws(PatternError) {
        let patterns = try PatternSet(newRules.map(\.pattern), converters: converters)
        let canonical = patterns.patterns.isEmpty ? [:] : Dictionary(
            newRules.compactMap { rule in
                (try? RoutePattern(rule.pattern, converters: converters, limits: .unbounded)).map { ($0.description, rule.action) }
            },
            uniquingKeysWith: { _, latest in latest })
        rules.withLock { $0 = (patterns, canonical) }
    }

    /// Applies the rule of the request's route, if any: a block rejects the open with
    /// `SecurityError.blocked`, a redirect or H5 fallback redirects, and a warning calls `onWarning`
    /// and proceeds. Without a rule the open proceeds.
    public func intercept(_ request: RouteRequest) async throws -> InterceptorDecision {
        guard let (pattern, action) = rule(for: request) else { return .proceed }
        if case .warn(let message) = action { onWarning("\(pattern): \(message)") }
        return decision(pattern: pattern, action: action)
    }

    var callsAppCode: Bool { rules.withLock { $0?.patterns.callsAppCode } ?? false }

    /// The rule for the request's route, with its pattern as written in the rules.
    func rule(for request: RouteRequest) -> (pattern: String, action: Action)? {
        // Matched outside the lock: a custom converter in the patterns is app code.
        let current = rules.withLock { $0 }
        return PolicyPath.with(request) { path, _ in Self.rule(for: path, in: current) }
    }

    /// What the rules decide inline: `nil` when a custom converter's or a warning's app code must run.
    func inlineDecision(for path: PolicyPath) -> InterceptorDecision? {
        // One lock and one look-up, under the lock only when the match is library code.
        let found: (rule: (pattern: String, action: Action)?, callsAppCode: Bool) = rules.withLock { current in
            guard let current else { return (nil, false) }
            if current.patterns.callsAppCode { return (nil, true) }
            return (Self.rule(for: path, in: current), false)
        }
        if found.callsAppCode { return nil }
        guard let (pattern, action) = found.rule else { return .proceed }
        if case .warn = action { return nil }
        return decision(pattern: pattern, action: action)
    }

    private static func rule(
        for path: PolicyPath, in rules: (patterns: PatternSet, actions: [String: Action])?
    ) -> (pattern: String, action: Action)? {
        guard let rules, let pattern = rules.patterns.match(path), let action = rules.actions[pattern] else { return nil }
        return (pattern, action)
    }

    /// What a rule decides; a warning lets the open through (the caller reports it).
    func decision(pattern: String, action: Action) -> InterceptorDecision {
        switch action {
        case .block(let message): return .reject(SecurityError.blocked(pattern: pattern, message: message))
        case .redirect(let target): return .redirect(target)
        case .fallbackToH5(let page):
            // Through the web route, so the redirect stays an internal one.
            return .redirect(PercentCoding.appendingQueryItem("url", page, to: webRoute))
        case .warn: return .proceed
        }
    }
}
