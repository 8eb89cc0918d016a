import SwitchyardPatterns
import SwitchyardSupport

/// Why a URL opens the route it does, and why each other route does not.
///
/// For a debug panel, or `switchyard resolve --trace`. Each route is also tried alone, so an
/// explanation costs a resolve per route: it is for people reading, not for the open path.
public struct RouteExplanation<Target: Sendable>: Sendable {
    /// What the table does with the URL: the match, or the error a resolve throws.
    public let result: Result<RouteMatch<Target>, RoutingError>
    /// Every route with its verdict, in registration order; empty when the resolve failed
    /// other than by finding no route (a malformed or refused URL, a regex that gave up), as
    /// there is then no matched path to compare.
    public let verdicts: [Entry]

    /// One route and what it makes of the URL.
    public struct Entry: Sendable {
        /// The route.
        public let route: Route<Target>
        /// What the route makes of the URL.
        public let verdict: RouteVerdict
    }
}

/// What one route makes of a URL; see ``RouteExplanation``.
public enum RouteVerdict: Sendable, Equatable, CustomStringConvertible {
    /// This route opens the URL.
    case wins
    /// It matches too, but the route with this pattern ranks higher.
    case losesTo(winner: String)
    /// A whole-path regex route whose expression does not match.
    case regexDoesNotMatch
    /// The first place the pattern and the path differ, as a sentence.
    case doesNotMatch(reason: String)

    /// The verdict as a sentence; for ``losesTo(winner:)`` it also states how routes rank.
    public var description: String {
        switch self {
        case .wins:
            return "wins"
        case .losesTo(let winner):
            return "matches too, but loses to \(winner): static beats typed or regex-constrained, which beats :param, which beats a catch-all; then priority; then the order of registration"
        case .regexDoesNotMatch:
            return "does not match the expression"
        case .doesNotMatch(let reason):
            return "does not match: " + reason
        }
    }
}

extension RouteTable.Snapshot {
    /// Resolves `url` and gives every route's verdict on it; see ``RouteExplanation``.
    public func explain(_ url: String) -> RouteExplanation<Target> {
        let result: Result<RouteMatch<Target>, RoutingError>
        let path: String?
        do {
            let match = try resolve(url)
            (result, path) = (.success(match), match.request.path)
        } catch {
            result = .failure(error)
            if case .noMatch(let noMatch) = error { path = noMatch.path } else { path = nil }
        }
        guard let path else { return RouteExplanation(result: result, verdicts: []) }
        let winner = try? result.get().route
        let scheme = URLLayout.scheme(of: url)
        // Split at the byte, as the router does: "/" followed by a combining mark is one character.
        let segments = path.utf8.split(separator: UInt8(ascii: "/")).map { bytes in
            let segment = String(decoding: bytes, as: UTF8.self)
            return (try? PercentCoding.decode(segment, plusIsSpace: configuration.plusDecoding.inPath).get()) ?? segment
        }
        let verdicts = routes.map { route -> RouteExplanation<Target>.Entry in
            let verdict: RouteVerdict
            if route.id == winner?.id {
                verdict = .wins
            } else if let winner, matchesAlone(route, url) {
                verdict = .losesTo(winner: winner.pattern)
            } else if case .pattern(let pattern) = route.definition {
                if let only = pattern.scheme, only != scheme {
                    verdict = .doesNotMatch(reason: "it is for \(only): URLs only; this URL's scheme is \(scheme.map { "\($0):" } ?? "none")")
                } else {
                    verdict = .doesNotMatch(reason: MissExplainer.reason(pattern: pattern, segments: segments, configuration: configuration))
                }
            } else {
                verdict = .regexDoesNotMatch
            }
            return RouteExplanation.Entry(route: route, verdict: verdict)
        }
        return RouteExplanation(result: result, verdicts: verdicts)
    }

    /// Whether `route` would open `url` if it were the table's only route.
    private func matchesAlone(_ route: Route<Target>, _ url: String) -> Bool {
        let table = RouteTable<Target>(configuration: configuration)
        let registered: RouteRegistration?
        switch route.definition {
        case .pattern: registered = try? table.register(route.pattern, target: route.target)
        case .regex(let regex): registered = try? table.register(regex: regex.source, target: route.target)
        }
        return registered != nil && table.canOpen(url)
    }
}
