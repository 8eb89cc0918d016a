import Foundation
import RoutingKit
import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardServices
import SwitchyardNavigation
import SwitchyardMediator
import SwitchyardPipeline
import SwitchyardManifest
import SwitchyardApp

/// The names used in the output and in the JSON records.
enum Implementation: String, CaseIterable, Sendable {
    case switchyard
    case routingKit = "routingkit"
    case linearRegex = "linear-regex"
    case foundationParse = "foundation-parse"
    case swinject
}

/// A failure that ends the run with a message instead of a trap.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
}

// MARK: - Switchyard

struct SwitchyardRouter {
    let table: RouteTable<Int>
    /// Lookups run against one immutable version, as an app's hot path would.
    let snapshot: RouteTable<Int>.Snapshot

    /// Builds with the batch API: one parse per pattern and one trie build for the whole table.
    static func build(_ specs: [RouteSpec<Int>]) throws -> SwitchyardRouter {
        try build(specs, oneAtATime: false)
    }

    /// Registers `specs` in one batch or one call each, then builds the trie as the first
    /// resolve would, so the time covers everything before the first lookup.
    static func build(_ specs: [RouteSpec<Int>], oneAtATime: Bool) throws -> SwitchyardRouter {
        let table = RouteTable<Int>(configuration: RouterConfiguration())
        do {
            if oneAtATime {
                for spec in specs { try table.register([spec]) }
            } else {
                try table.register(specs)
            }
        } catch {
            throw BenchmarkFailure(description: "Switchyard refused a generated route: \(error)")
        }
        table.prepare()
        return SwitchyardRouter(table: table, snapshot: table.snapshot)
    }

    @inline(__always)
    func lookup(_ path: String) -> Int {
        guard let found = snapshot.lookup(path) else { return -1 }
        return found.route.target &+ found.parameters.count
    }

    /// The full path from a URL string: parse, map `myapp://host/…`, match, decode path and query.
    @inline(__always)
    func resolve(_ url: String) -> Int {
        do {
            let match = try snapshot.resolve(url)
            return match.target &+ match.request.query.count
        } catch {
            return -1
        }
    }

    /// Only the target, for comparing with the other implementations.
    func target(_ path: String) -> Int? { snapshot.lookup(path)?.route.target }
}

// MARK: - RoutingKit

struct RoutingKitRouter {
    let router: TrieRouter<Int>

    /// Takes RoutingKit's string form (`product/:id/**`) so that, like Switchyard, its build
    /// includes turning each pattern string into path components.
    static func build(_ paths: [(path: String, target: Int)]) -> RoutingKitRouter {
        // Switchyard matches static segments case-insensitively by default; match that.
        let router = TrieRouter<Int>(options: [.caseInsensitive])
        for (path, target) in paths {
            router.register(target, at: path.pathComponents)
        }
        return RoutingKitRouter(router: router)
    }

    /// From pre-split components, RoutingKit's fastest form, with a fresh `Parameters` per
    /// lookup as Vapor creates one per request.
    @inline(__always)
    func lookup(_ components: [String]) -> Int {
        var parameters = Parameters()
        guard let target = router.route(path: components, parameters: &parameters) else { return -1 }
        return target &+ parameters.allNames.count
    }

    func target(_ components: [String]) -> Int? {
        var parameters = Parameters()
        return router.route(path: components, parameters: &parameters)
    }
}

// MARK: - Linear regex

/// One anchored `NSRegularExpression` per route, tried in registration order, as WLRRoute does.
final class LinearRegexRouter {
    private let expressions: [NSRegularExpression]
    private let targets: [Int]

    init(_ patterns: [(pattern: String, target: Int)]) throws {
        var expressions: [NSRegularExpression] = []
        expressions.reserveCapacity(patterns.count)
        for (pattern, _) in patterns {
            do {
                expressions.append(try NSRegularExpression(pattern: pattern, options: [.caseInsensitive]))
            } catch {
                throw BenchmarkFailure(description: "linear-regex could not compile \(pattern): \(error)")
            }
        }
        self.expressions = expressions
        self.targets = patterns.map(\.target)
    }

    /// Also extracts the captured values, as WLRRoute builds its parameter dictionary.
    func lookup(_ path: String) -> Int {
        let range = NSRange(location: 0, length: path.utf16.count)
        for (index, expression) in expressions.enumerated() {
            guard let match = expression.firstMatch(in: path, options: [], range: range) else { continue }
            var captured = 0
            for group in 1..<max(1, match.numberOfRanges) {
                if let swiftRange = Range(match.range(at: group), in: path) { captured &+= path[swiftRange].count }
            }
            return targets[index] &+ captured
        }
        return -1
    }

    func target(_ path: String) -> Int? {
        let range = NSRange(location: 0, length: path.utf16.count)
        return expressions.firstIndex { $0.firstMatch(in: path, options: [], range: range) != nil }.map { targets[$0] }
    }
}

// MARK: - Foundation URL parsing

enum FoundationParse {
    /// Parse cost alone: what an app pays before any routing if it starts from `URLComponents`.
    @inline(__always)
    static func parse(_ url: String) -> Int {
        guard let components = URLComponents(string: url) else { return -1 }
        return (components.host?.utf8.count ?? 0) &+ components.path.utf8.count &+ (components.queryItems?.count ?? 0)
    }
}

// MARK: - Inputs per implementation

/// The generated table in each implementation's registration form.
struct TableForms {
    let switchyard: [RouteSpec<Int>]
    let routingKit: [(path: String, target: Int)]
    let linearRegex: [(pattern: String, target: Int)]

    init(_ routes: [GeneratedRoute]) {
        switchyard = routes.map { RouteSpec($0.switchyardPattern, target: $0.target) }
        routingKit = routes.map { ($0.routingKitPath, $0.target) }
        linearRegex = routes.map { ($0.linearRegexPattern, $0.target) }
    }
}
