import Foundation
import SwitchyardCore

/// `switchyard resolve`: which route a URL opens, with its parameters, and with a trace of
/// every other route that matches or not.
public enum Explainer {
    public static func resolve(_ catalog: RouteCatalog, url: String, trace: Bool) -> (output: String, matched: Bool) {
        let table = catalog.table()
        var lines: [String] = []
        let match: RouteMatch<Int>
        do {
            match = try table.resolve(url)
        } catch {
            return ("\(error)", false)
        }
        let winner = catalog.entries[match.route.target]
        lines.append("\(winner.pattern)  \(describe(winner))  [\(winner.path)]")
        for parameter in match.request.pathParameters { lines.append("  path  \(parameter.name) = \(parameter.value)") }
        for parameter in match.request.query { lines.append("  query \(parameter.name) = \(parameter.value)") }
        if let remainder = match.request.remainder { lines.append("  rest  \(remainder.joined(separator: "/"))") }
        if trace {
            lines.append("trace:")
            for (index, entry) in catalog.entries.enumerated() {
                let verdict: String
                if index == match.route.target {
                    verdict = "wins"
                } else if alone(entry, matches: url) {
                    verdict = "matches too, but loses to \(winner.pattern): static beats typed or regex-constrained, which beats :param, which beats a catch-all; then priority; then the order of registration"
                } else {
                    verdict = "does not match"
                }
                lines.append("  \(entry.path) \(entry.pattern): \(verdict)")
            }
        }
        return (lines.joined(separator: "\n"), true)
    }

    static func describe(_ entry: RouteCatalog.Entry) -> String {
        entry.target.map { "\(entry.kind) → \($0)" } ?? entry.kind
    }

    /// Whether `entry` would match `url` if it were the only route.
    private static func alone(_ entry: RouteCatalog.Entry, matches url: String) -> Bool {
        let table = RouteTable<Int>(configuration: RouteCatalog.quietConfiguration)
        let registered = entry.isRegex ? (try? table.register(regex: entry.pattern, target: 0)) : (try? table.register(entry.pattern, target: 0))
        return registered != nil && table.canOpen(url)
    }
}
