import Foundation
import Switchyard

/// The `applinks` part of Apple's `apple-app-site-association` file: which URLs of a domain
/// open the app. What `switchyard aasa` writes from the app's routes and checks against them.
///
/// Both of Apple's forms are read: `components` (iOS 13 and later: `/` path, `?` query and `#`
/// fragment patterns, `exclude`, `caseSensitive`), and the older `paths` (`NOT /path` excludes).
/// In patterns `*` matches any run of characters (`/` included) and `?` exactly one. The
/// file is untrusted: its size, its components and each pattern's length have limits.
public struct AppSiteAssociation: Sendable, Equatable {
    /// One rule, tried in order: the first that matches decides.
    public struct Component: Sendable, Equatable {
/// A `/` pattern for the path; `nil` matches any path.
        public var path: String?
        /// A `?` pattern for the whole query, or one per query item.
        public var query: String?
/// A pattern per query item, by name: every one must match.
        public var queryItems: [String: String]?
/// A `#` pattern for the fragment.
        public var fragment: String?
/// Whether a URL that matches is left to Safari instead of opening the app.
        public var exclude = false
/// Whether the patterns compare case exactly (Apple's default).
        public var caseSensitive = true
/// Apple's `comment`: kept, never matched.
        public var comment: String?

        /// A component; the defaults match every URL, send it to the app and compare case exactly, as Apple's do.
        public init(
            path: String? = nil, query: String? = nil, queryItems: [String: String]? = nil, fragment: String? = nil,
            exclude: Bool = false, caseSensitive: Bool = true, comment: String? = nil
        ) {
            (self.path, self.query, self.queryItems, self.fragment) = (path, query, queryItems, fragment)
            (self.exclude, self.caseSensitive, self.comment) = (exclude, caseSensitive, comment)
        }
    }

    /// The rules for some apps.
    public struct Detail: Sendable, Equatable {
/// `TEAMID.bundle.id` of each app the rules are for.
        public var appIDs: [String]
/// The rules, in the order they are tried.
        public var components: [Component]

        /// The components for these apps.
        public init(appIDs: [String], components: [Component]) {
            self.appIDs = appIDs
            self.components = components
        }
    }

/// One entry per group of apps, as the file lists them.
    public var details: [Detail]

    /// A file with these details.
    public init(details: [Detail]) {
        self.details = details
    }

    /// The largest file read, as Apple's CDN takes at most 128 KB.
    public static let maximumBytes = 131_072
    /// The most components read, across details.
    public static let maximumComponents = 10_000
    /// The longest pattern read.
    public static let maximumPatternLength = 1_024

    /// The most steps of wildcard matching (a text byte against 64 pattern positions) one
    /// ``check(_:appID:domain:profile:)`` may take; past it the check stops and says so. A file
    /// Apple reads and a real app's routes take a few million at most.
    public static let maximumCheckSteps = 50_000_000

    /// Whether the URL with `path` (percent-encoded, as in the URL), `query` and `fragment`
    /// opens the app `appID` (any app when `nil`), and the index of the component that decided,
    /// counted across details in file order.
    public func opensApp(path: String, query: String? = nil, fragment: String? = nil, appID: String? = nil) -> (opens: Bool, component: Int?) {
        var steps = 0
        return ComponentIndex(self, appID: appID).first(path: path, query: query, fragment: fragment, steps: &steps)
    }
}

/// The components of a file for one app, compiled once, and indexed by the first path segment
/// their pattern names, so that a path is compared only with the components that could match it
/// (and those whose pattern starts with a wildcard), in file order.
struct ComponentIndex {
    struct Compiled {
        let index: Int
        let exclude: Bool
        let path: Wildcard?
        let query: Wildcard?
        let queryItems: [(String, Wildcard)]?
        let fragment: Wildcard?
        let caseSensitive: Bool

        func matches(path text: String, query: String?, fragment: String?, steps: inout Int) -> Bool {
            if let path, !path.matches(text.utf8, steps: &steps) { return false }
            if let pattern = self.query, !pattern.matches((query ?? "").utf8, steps: &steps) { return false }
            if let items = queryItems {
                let values = Dictionary((query ?? "").split(separator: "&").map { item -> (String, String) in
                    let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
                }, uniquingKeysWith: { first, _ in first })
                for (name, pattern) in items where !pattern.matches((values[name] ?? "").utf8, steps: &steps) { return false }
            }
            if let pattern = self.fragment, !pattern.matches((fragment ?? "").utf8, steps: &steps) { return false }
            return true
        }
    }

    private var components: [Compiled] = []
    /// Positions in `components` of those whose path pattern names its first segment, by that
    /// segment (folded for those that ignore case); the rest are tried for every path.
    private var bySegment: [[UInt8]: [Int]] = [:]
    private var byFoldedSegment: [[UInt8]: [Int]] = [:]
    private var everyPath: [Int] = []

    init(_ site: AppSiteAssociation, appID: String?) {
        var index = 0
        for detail in site.details {
            defer { index += detail.components.count }
            guard appID.map(detail.appIDs.contains) ?? true else { continue }
            for (offset, component) in detail.components.enumerated() {
                let sensitive = component.caseSensitive
                let compiled = Compiled(
                    index: index + offset, exclude: component.exclude,
                    path: component.path.map { Wildcard($0, caseSensitive: sensitive) },
                    query: component.query.map { Wildcard($0, caseSensitive: sensitive) },
                    queryItems: component.queryItems?.sorted { $0.key < $1.key }.map { ($0.key, Wildcard($0.value, caseSensitive: sensitive)) },
                    fragment: component.fragment.map { Wildcard($0, caseSensitive: sensitive) },
                    caseSensitive: sensitive)
                let position = components.count
                components.append(compiled)
                if let segment = compiled.path.flatMap(Self.firstSegment) {
                    if sensitive { bySegment[segment, default: []].append(position) } else { byFoldedSegment[segment, default: []].append(position) }
                } else {
                    everyPath.append(position)
                }
            }
        }
    }

    /// The first segment every match of `pattern` starts with (`/product/*` → `product`), or
    /// `nil` when a wildcard comes before its end.
    private static func firstSegment(_ pattern: Wildcard) -> [UInt8]? {
        let prefix = pattern.literalPrefix
        guard prefix.first == UInt8(ascii: "/") else { return nil }
        let rest = prefix.dropFirst()
        if let slash = rest.firstIndex(of: UInt8(ascii: "/")) { return Array(rest[..<slash]) }
        // `/product` alone names its segment only when nothing follows it.
        return prefix.count == pattern.patternLength ? Array(rest) : nil
    }

    /// The first component that matches the URL, in file order: whether it sends the URL to the
    /// app, and its index; `(false, nil)` when none does.
    func first(path: String, query: String?, fragment: String?, steps: inout Int) -> (opens: Bool, component: Int?) {
        var segment = Array(path.utf8.dropFirst().prefix { $0 != UInt8(ascii: "/") })
        var candidates = everyPath + (bySegment[segment] ?? [])
        for index in segment.indices where segment[index] >= 65 && segment[index] <= 90 { segment[index] += 32 }
        candidates += byFoldedSegment[segment] ?? []
        candidates.sort()
        for position in candidates {
            let component = components[position]
            if component.matches(path: path, query: query, fragment: fragment, steps: &steps) { return (!component.exclude, component.index) }
        }
        return (false, nil)
    }
}
