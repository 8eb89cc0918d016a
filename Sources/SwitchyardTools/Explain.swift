import Foundation
import Switchyard

/// `switchyard resolve`: which route a URL opens, with its parameters, and with a trace of
/// every other route: matched but lost, or the first segment that did not match.
public enum Explainer {
    /// What `url` opens in `catalog`, as lines to print, and whether a route matched; with
    /// `trace`, why each other route lost.
    ///
    /// - Parameter profile: the app's schemes, domains and converters: a URL is read as the app's router reads it.
    public static func resolve(_ catalog: RouteCatalog, url: String, trace: Bool, profile: AppProfile = AppProfile()) -> (output: String, matched: Bool) {
        let explanation = catalog.table(configuration: profile.routerConfiguration).snapshot.explain(url)
        var lines: [String] = []
        switch explanation.result {
        case .failure(let error):
            lines.append("\(error)")
            if trace, case .noMatch = error { lines += traceLines(catalog, explanation) }
            return (lines.joined(separator: "\n"), false)
        case .success(let match):
            let winner = catalog.entries[match.route.target]
            lines.append("\(winner.pattern)  \(describe(winner))  [\(winner.path)]")
            for parameter in match.request.pathParameters { lines.append("  path  \(parameter.name) = \(parameter.value)") }
            for parameter in match.request.query { lines.append("  query \(parameter.name) = \(parameter.value)") }
            if let remainder = match.request.remainder { lines.append("  rest  \(remainder.joined(separator: "/"))") }
            if trace { lines += traceLines(catalog, explanation) }
            return (lines.joined(separator: "\n"), true)
        }
    }

    static func describe(_ entry: RouteCatalog.Entry) -> String {
        entry.target.map { "\(entry.kind) → \($0)" } ?? entry.kind
    }

    /// One line per catalog entry, from the router's own explanation; an entry that did not
    /// register (its pattern does not parse) is said so.
    private static func traceLines(_ catalog: RouteCatalog, _ explanation: RouteExplanation<Int>) -> [String] {
        var verdicts: [Int: RouteVerdict] = [:]
        for entry in explanation.verdicts { verdicts[entry.route.target] = entry.verdict }
        var lines = ["trace:"]
        for (index, entry) in catalog.entries.enumerated() {
            let verdict = verdicts[index] ?? (entry.isRegex ? .regexDoesNotMatch : .doesNotMatch(reason: "the pattern does not parse"))
            lines.append("  \(entry.path) \(entry.pattern): \(verdict)")
        }
        return lines
    }
}
