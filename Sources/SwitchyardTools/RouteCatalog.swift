import Foundation
import Logging
import Switchyard

/// The routes of a file the tool reads: a route manifest, or a router's route export
/// (`JSONEncoder().encode(router.exportRoutes())`).
public struct RouteCatalog: Sendable {
    /// One route, whichever file it came from.
    public struct Entry: Sendable, Equatable {
/// The route's pattern, as the file spells it.
        public let pattern: String
/// Whether the route matches by a regular expression (its `pattern` is the expression).
        public let isRegex: Bool
        /// `native`, `web`, `action`, `redirect`, or `route` for an export.
        public let kind: String
        /// What it opens: `Product/detail`, a URL, an action name, a redirect pattern.
        public let target: String?
/// The module that registered the route, when the file says.
        public let owner: String?
/// Whether the manifest marks the route as needing login.
        public let requiresLogin: Bool
/// The lowest app version the manifest enables the route for.
        public let minimumAppVersion: String?
/// The route's priority among those that match the same URL.
        public let priority: Int
        /// Where the route is in the file: `$.routes[2]` or `$[2]`.
        public let path: String
        /// Whether a universal link may reach the route, as a route export says
        /// (`PipelineSettings.universalLinkRoutes`); `nil` when the file does not say.
        public var openToUniversalLinks: Bool? = nil
    }

/// Every route, in the file's order.
    public let entries: [Entry]
    /// The manifest, when the file is one.
    public let manifest: RouteManifest?

    /// Whether the file says which routes a universal link may reach: a route export of a router
    /// that sets `PipelineSettings.universalLinkRoutes`.
    public var marksUniversalLinks: Bool { entries.contains { $0.openToUniversalLinks != nil } }

    /// The routes no universal link may reach, in the file's order: what `aasa generate` leaves
    /// out of the file (as exclusions) unless told to include them.
    public var patternsClosedToUniversalLinks: [String] {
        entries.filter { $0.openToUniversalLinks == false }.map(\.pattern)
    }

    /// The manifest's routes a link can never open: switched off, or for the app itself only.
    /// `aasa generate` keeps them on the website and `aasa check` does not ask the file for them.
    var patternsLinksCannotOpen: Set<String> {
        Set(manifest?.routes.filter { !$0.enabled || $0.internalOnly }.map(\.pattern) ?? [])
    }

    /// Reads a manifest or a route export.
    ///
    /// - Throws: ``ManifestError``: empty, too large, malformed JSON (line and column), wrong shape.
    public static func load(_ data: Data) throws(ManifestError) -> RouteCatalog {
        try ManifestDecoder.checkJSON(data)
        if data.first(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) == UInt8(ascii: "[") {
            let exports: [RouteExport]
            do {
                exports = try JSONDecoder().decode([RouteExport].self, from: data)
            } catch let error as DecodingError {
                throw .invalid([ManifestDecoder.problem(decoding: error)])
            } catch {
                throw .invalid([ManifestProblem(path: "$", message: "\(error)")])
            }
            return RouteCatalog(entries: exports.enumerated().map { index, route in
                Entry(pattern: route.pattern, isRegex: route.kind == .regex, kind: "route", target: nil, owner: route.owner,
                      requiresLogin: false, minimumAppVersion: nil, priority: route.priority, path: "$[\(index)]",
                      openToUniversalLinks: route.openToUniversalLinks)
            }, manifest: nil)
        }
        let manifest = try ManifestDecoder.decode(data)
        let login = (try? PatternSet(manifest.loginRequired))
        return RouteCatalog(entries: manifest.routes.enumerated().map { index, route in
            let target: String?
            switch route.kind {
            case .native(let name, let action, _): target = "\(name)/\(action)"
            case .web(let url): target = url
            case .action(let name): target = name
            case .redirect(let to): target = to
            case .code: target = nil // the app's own route: the manifest only switches it
            }
            let protected = route.requiresLogin || (login?.patterns.contains(route.pattern) ?? false)
            return Entry(pattern: route.pattern, isRegex: false, kind: route.kind.name, target: target, owner: route.owner,
                         requiresLogin: protected, minimumAppVersion: route.minimumAppVersion, priority: 0, path: "$.routes[\(index)]")
        }, manifest: manifest)
    }

    /// A table of the catalog's valid routes, each pointing at its entry.
    func table(configuration: RouterConfiguration = AppProfile().routerConfiguration) -> RouteTable<Int> {
        let table = RouteTable<Int>(configuration: configuration)
        for (index, entry) in entries.enumerated() {
            if entry.isRegex {
                _ = try? table.register(regex: entry.pattern, target: index)
            } else {
                _ = try? table.register(entry.pattern, priority: entry.priority, target: index)
            }
        }
        return table
    }
}
