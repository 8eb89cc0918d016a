import Foundation
import Switchyard

extension AppSiteAssociation {
    /// Reads a file's `applinks`, in either of Apple's forms.
    ///
    /// - Throws: ``ToolError`` naming what is wrong: over ``maximumBytes``, not JSON, no
    ///   `applinks.details`, a component that is not an object of strings and booleans, more
    ///   than ``maximumComponents``, or a pattern over ``maximumPatternLength``.
    public static func read(_ data: Data) throws(ToolError) -> AppSiteAssociation {
        guard data.count <= maximumBytes else { throw ToolError("the file is \(data.count) bytes; Apple reads at most \(maximumBytes)") }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw ToolError("the file is not a JSON object") }
        guard let applinks = root["applinks"] as? [String: Any], let rawDetails = applinks["details"] else {
            throw ToolError("the file has no applinks.details")
        }
        // The older form keyed details by app ID: {"TEAM.app": {"paths": [...]}}.
        let detailObjects: [(String?, [String: Any])]
        if let list = rawDetails as? [[String: Any]] {
            detailObjects = list.map { (nil, $0) }
        } else if let byID = rawDetails as? [String: [String: Any]] {
            detailObjects = byID.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        } else {
            throw ToolError("applinks.details is neither a list nor an object of app IDs")
        }
        var details: [Detail] = []
        var count = 0
        for (index, (key, object)) in detailObjects.enumerated() {
            let place = "applinks.details[\(key.map { "\"\($0)\"" } ?? String(index))]"
            let appIDs = (object["appIDs"] as? [String]) ?? (object["appID"] as? String).map { [$0] } ?? key.map { [$0] } ?? []
            var components: [Component] = []
            if let list = object["components"] as? [Any] {
                for (position, raw) in list.enumerated() {
                    components.append(try component(raw, at: "\(place).components[\(position)]"))
                }
            } else if let paths = object["paths"] as? [String] {
                for (position, path) in paths.enumerated() {
                    let excluded = path.hasPrefix("NOT ")
                    let pattern = excluded ? String(path.dropFirst(4)) : path
                    try checkLength(pattern, at: "\(place).paths[\(position)]")
                    components.append(Component(path: pattern, exclude: excluded))
                }
            } else {
                throw ToolError("\(place) has neither components nor paths")
            }
            count += components.count
            guard count <= maximumComponents else { throw ToolError("the file has more than \(maximumComponents) components") }
            details.append(Detail(appIDs: appIDs, components: components))
        }
        return AppSiteAssociation(details: details)
    }

    private static func component(_ raw: Any, at place: String) throws(ToolError) -> Component {
        guard let object = raw as? [String: Any] else { throw ToolError("\(place) is not an object") }
        var component = Component()
        for (key, value) in object {
            switch (key, value) {
            case ("/", let pattern as String): component.path = pattern
            case ("?", let pattern as String): component.query = pattern
            case ("?", let items as [String: String]): component.queryItems = items
            case ("#", let pattern as String): component.fragment = pattern
            case ("exclude", let flag as Bool): component.exclude = flag
            case ("caseSensitive", let flag as Bool): component.caseSensitive = flag
            case ("comment", let text as String): component.comment = text
            case ("percentEncoded", _ as Bool): break
            default: throw ToolError("\(place).\(key) is not a pattern Apple reads there")
            }
        }
        for pattern in [component.path, component.query, component.fragment].compactMap({ $0 }) + (component.queryItems.map { Array($0.values) } ?? []) {
            try checkLength(pattern, at: place)
        }
        return component
    }

    private static func checkLength(_ pattern: String, at place: String) throws(ToolError) {
        guard pattern.utf8.count <= maximumPatternLength else {
            throw ToolError("\(place): a pattern of \(pattern.utf8.count) bytes; the limit is \(maximumPatternLength)")
        }
    }

    /// The file for `appIDs` from an app's routes: excluded paths first (the website keeps
    /// them; a manifest's switched-off and internal-only routes too), then one component per route variant, in
    /// the table's order. A typed or plain parameter becomes `*`, which Apple also lets span
    /// `/`: the app's not-found page takes what no route matches.
    ///
    /// - Parameter perFirstSegment: write one component per first path segment (`/product/*`)
    ///   instead of one per route, for an app with more routes than Apple reads.
    /// - Throws: ``ToolError`` when the file would be larger than Apple reads
    ///   (``maximumBytes``) or have more than ``maximumComponents``, saying what
    ///   `perFirstSegment` would make of it.
    public static func generate(
        _ catalog: RouteCatalog, appIDs: [String], excluding kept: [String] = [], including opened: RouteInclusion = .reachable,
        profile: AppProfile = AppProfile(), perFirstSegment: Bool = false
    ) throws(ToolError) -> AppSiteAssociation {
        let closed = try closedRoutes(catalog, including: opened, profile: profile)
        let site = components(catalog, appIDs: appIDs, excluding: kept, closed: closed, profile: profile, perFirstSegment: perFirstSegment)
        let (bytes, count) = (site.json.utf8.count, site.details.reduce(0) { $0 + $1.components.count })
        guard bytes > maximumBytes || count > maximumComponents else { return site }
        var message = "the file would be \(bytes) bytes with \(count) components; Apple reads at most \(maximumBytes) bytes, "
            + "and a file Apple reads has at most \(maximumComponents) components"
        if !perFirstSegment {
            let collapsed = components(catalog, appIDs: appIDs, excluding: kept, closed: closed, profile: profile, perFirstSegment: true)
            let collapsedBytes = collapsed.json.utf8.count
            let collapsedCount = collapsed.details.reduce(0) { $0 + $1.components.count }
            message += collapsedBytes <= maximumBytes && collapsedCount <= maximumComponents
                ? ": pass --per-first-segment for one component per first path segment (\(collapsedCount) components, \(collapsedBytes) bytes)"
                : "; even one component per first path segment makes \(collapsedCount) components (\(collapsedBytes) bytes): split the routes over several domains"
        }
        throw ToolError(message)
    }

    /// Which routes a generated file publishes besides those a universal link may reach.
    public enum RouteInclusion: Sendable, Equatable {
        /// Only the routes a universal link may reach (all, when the routes do not say).
        case reachable
        /// Those, and these patterns too.
        case also([String])
        /// Every route, whatever the app lets universal links reach.
        case all
    }

    /// The routes `generate` leaves to the website: those no universal link may reach, but the
    /// ones `inclusion` names.
    ///
    /// - Throws: ``ToolError`` for a pattern to include that is no route of the catalog.
    public static func closedRoutes(_ catalog: RouteCatalog, including inclusion: RouteInclusion, profile: AppProfile = AppProfile()) throws(ToolError) -> [String] {
        let closed = catalog.patternsClosedToUniversalLinks
        switch inclusion {
        case .reachable: return closed
        case .all: return []
        case .also(let patterns):
            let configuration = profile.routerConfiguration
            let known = Set(catalog.entries.map(\.pattern))
            var opened: Set<String> = []
            for pattern in patterns {
                let canonical = (try? RoutePattern(pattern, converters: configuration.converters, limits: configuration.limits).description) ?? pattern
                guard known.contains(canonical) else { throw ToolError("--include \(pattern) names no route of the file") }
                opened.insert(canonical)
            }
            return closed.filter { !opened.contains($0) }
        }
    }

    private static func components(
        _ catalog: RouteCatalog, appIDs: [String], excluding kept: [String], closed: [String], profile: AppProfile, perFirstSegment: Bool
    ) -> AppSiteAssociation {
        let configuration = profile.routerConfiguration
        var components = kept.map { Component(path: $0, exclude: true, caseSensitive: configuration.caseSensitive, comment: "kept on the website") }
        let switchedOff = catalog.patternsLinksCannotOpen.union(closed)
        let closed = Set(closed)
        var seen: Set<String> = []
        for entry in catalog.entries where !entry.isRegex {
            guard let pattern = try? RoutePattern(entry.pattern, converters: configuration.converters, limits: configuration.limits),
                  pattern.scheme == nil
            else { continue }
            for segments in pattern.variants {
                let texts = segments.map { segment -> String in
                    if case .literal(let text) = segment { return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text }
                    return "*"
                }
                // A catch-all may take nothing: `/help/*` opens `/help` too, which Apple's `/help/*` does not match.
                let paths = ["/" + texts.joined(separator: "/")] + (segments.last?.isCatchAll == true ? ["/" + texts.dropLast().joined(separator: "/")] : [])
                let off = switchedOff.contains(entry.pattern)
                // A switched-off route's exclusion is kept beside a route's component of the same path (it comes first).
                for path in paths.map({ off || !perFirstSegment ? $0 : firstSegmentPattern($0) }) where seen.insert(off ? "!" + path : path).inserted {
                    let why = closed.contains(entry.pattern) ? " (no universal link may reach it)" : " (switched off or internal only)"
                    let comment = off ? entry.pattern + why : perFirstSegment ? nil : entry.pattern
                    components.append(Component(path: path, exclude: off, caseSensitive: configuration.caseSensitive, comment: comment))
                }
            }
        }
        // Exclusions must come first: Apple takes the first component that matches.
        components.sort { $0.exclude && !$1.exclude }
        return AppSiteAssociation(details: [Detail(appIDs: appIDs, components: components)])
    }

    /// The component that takes every path a route's does, by its first segment alone:
    /// `/product/*/reviews` is `/product/*`, `/cart` stays `/cart`, `/*/x` is `/*`.
    private static func firstSegmentPattern(_ path: String) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard let first = segments.first, first != "*" else { return "/*" }
        return segments.count == 1 ? "/" + first : "/" + first + "/*"
    }

    /// RFC 3986's unreserved characters: a literal's `*` and `?` are escaped, never wildcards.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The file as JSON, keys sorted, `/` not escaped.
    public var json: String {
        let details = self.details.map { detail -> [String: Any] in
            ["appIDs": detail.appIDs, "components": detail.components.map { component -> [String: Any] in
                var object: [String: Any] = [:]
                if let path = component.path { object["/"] = path }
                if let query = component.query { object["?"] = query }
                if let items = component.queryItems { object["?"] = items }
                if let fragment = component.fragment { object["#"] = fragment }
                if component.exclude { object["exclude"] = true }
                if !component.caseSensitive { object["caseSensitive"] = false }
                if let comment = component.comment { object["comment"] = comment }
                return object
            }]
        }
        let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? JSONSerialization.data(withJSONObject: ["applinks": ["details": details]], options: options)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
