import Foundation
import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardServices
import SwitchyardNavigation
import SwitchyardMediator
import SwitchyardPipeline
import SwitchyardManifest
import SwitchyardApp

/// Patterns and regex routes. A parsed pattern prints back to itself; a refused one names an
/// offset inside it and leaves the table unpublished; an accepted regex finishes on a hostile
/// subject (the runner's `-timeout` turns one that does not into a finding).
enum PatternTarget: FuzzTarget {
    static let name = "pattern"

    static let table: RouteTable<Int> = {
        var configuration = RouterConfiguration()
        configuration.logger.logLevel = .critical
        return RouteTable<Int>(configuration: configuration)
    }()

    static func run(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        let before = table.snapshot
        do {
            let pattern = try RoutePattern(text)
            guard (try? RoutePattern(pattern.description)) == pattern else {
                violated("the canonical form parses back to the same pattern", text.debugDescription + " → " + pattern.description)
            }
            // A pattern keeps only its canonical text: what it reads back must print that text again.
            let body = pattern.elements.map(\.description).joined()
            // Bytes, not `hasPrefix`: that compares characters, and "/" followed by a joiner or a
            // combining mark is one character that is not "/".
            let printed = pattern.scheme.map { $0 + (body.utf8.first == UInt8(ascii: "/") ? ":/" : "://") + body } ?? (body.isEmpty ? "/" : body)
            guard printed == pattern.description else {
                violated("the segments read back print the canonical form", text.debugDescription + " → " + printed)
            }
            let registration = try table.register(text, target: 0)
            table.unregister(registration.id)
            // A hostile subject for any regex in the pattern: its own characters, repeated.
            let subject = hostileSubject(text)
            _ = try? table.resolve(String(repeating: "/" + subject, count: max(1, pattern.parameterNames.count)))
        } catch {
            if table.snapshot !== before { violated("a refused pattern publishes nothing", text.debugDescription) }
            if error.offset < 0 || error.offset > text.count { violated("the offset lies in the pattern", text.debugDescription) }
            if !isSafeToLog(error.description) { violated("a refusal is safe to log", text.debugDescription) }
        }
        if let regex = try? RegexPattern(text) {
            let subject = hostileSubject(text)
            let routes = RouteTable<Int>()
            if (try? routes.register(regex: regex.source, target: 0)) != nil { _ = try? routes.resolve("/" + subject) }
        }
    }
}

/// A subject that makes a backtracking regex work hardest: the pattern's own letters and
/// digits, repeated to 1,000 characters, then a character that fails the match.
func hostileSubject(_ text: String) -> String {
    let seed = String(text.filter { $0.isLetter || $0.isNumber }.prefix(8))
    guard !seed.isEmpty else { return "a!" }
    return String(String(repeating: seed, count: 1_000 / seed.count + 1).prefix(1_000)) + "!"
}
