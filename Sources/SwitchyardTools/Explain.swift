import Foundation
import Switchyard

/// `switchyard resolve`: which route a URL opens, with its parameters, and with a trace of
/// every other route: matched but lost, or the first segment that did not match.
public enum Explainer {
    public static func resolve(_ catalog: RouteCatalog, url: String, trace: Bool) -> (output: String, matched: Bool) {
        let table = catalog.table()
        var lines: [String] = []
        let match: RouteMatch<Int>
        do {
            match = try table.resolve(url)
        } catch {
            lines.append("\(error)")
            if trace, case .noMatch(let noMatch) = error {
                lines += traceLines(catalog, url: url, path: noMatch.path, winner: nil)
            }
            return (lines.joined(separator: "\n"), false)
        }
        let winner = catalog.entries[match.route.target]
        lines.append("\(winner.pattern)  \(describe(winner))  [\(winner.path)]")
        for parameter in match.request.pathParameters { lines.append("  path  \(parameter.name) = \(parameter.value)") }
        for parameter in match.request.query { lines.append("  query \(parameter.name) = \(parameter.value)") }
        if let remainder = match.request.remainder { lines.append("  rest  \(remainder.joined(separator: "/"))") }
        if trace { lines += traceLines(catalog, url: url, path: match.request.path, winner: match.route.target) }
        return (lines.joined(separator: "\n"), true)
    }

    static func describe(_ entry: RouteCatalog.Entry) -> String {
        entry.target.map { "\(entry.kind) → \($0)" } ?? entry.kind
    }

    private static func traceLines(_ catalog: RouteCatalog, url: String, path: String, winner: Int?) -> [String] {
        // Split at the byte, as the router does: "/" followed by a combining mark is one character.
        let segments = path.utf8.split(separator: UInt8(ascii: "/")).map { bytes in
            let segment = String(decoding: bytes, as: UTF8.self)
            return segment.removingPercentEncoding ?? segment
        }
        var lines = ["trace:"]
        for (index, entry) in catalog.entries.enumerated() {
            let verdict: String
            if index == winner {
                verdict = "wins"
            } else if alone(entry, matches: url), let winner {
                verdict = "matches too, but loses to \(catalog.entries[winner].pattern): static beats typed or regex-constrained, which beats :param, which beats a catch-all; then priority; then the order of registration"
            } else if entry.isRegex {
                verdict = "does not match the expression"
            } else {
                verdict = "does not match: " + MissExplainer.reason(pattern: entry.pattern, segments: segments, converters: ParameterConverter.defaultSet)
            }
            lines.append("  \(entry.path) \(entry.pattern): \(verdict)")
        }
        return lines
    }

    /// Whether `entry` would match `url` if it were the only route.
    private static func alone(_ entry: RouteCatalog.Entry, matches url: String) -> Bool {
        let table = RouteTable<Int>(configuration: RouteCatalog.quietConfiguration)
        let registered = entry.isRegex ? (try? table.register(regex: entry.pattern, target: 0)) : (try? table.register(entry.pattern, target: 0))
        return registered != nil && table.canOpen(url)
    }
}
