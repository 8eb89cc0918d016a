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
        public var path: String?
        /// A `?` pattern for the whole query, or one per query item.
        public var query: String?
        public var queryItems: [String: String]?
        public var fragment: String?
        public var exclude = false
        public var caseSensitive = true
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
        public var appIDs: [String]
        public var components: [Component]

        /// The components for these apps.
        public init(appIDs: [String], components: [Component]) {
            self.appIDs = appIDs
            self.components = components
        }
    }

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

    /// Whether the URL with `path` (percent-encoded, as in the URL), `query` and `fragment`
    /// opens the app `appID` (any app when `nil`), and the index of the component that decided,
    /// counted across details in file order.
    public func opensApp(path: String, query: String? = nil, fragment: String? = nil, appID: String? = nil) -> (opens: Bool, component: Int?) {
        var index = 0
        for detail in details {
            guard appID.map(detail.appIDs.contains) ?? true else {
                index += detail.components.count
                continue
            }
            for component in detail.components {
                if component.matches(path: path, query: query, fragment: fragment) { return (!component.exclude, index) }
                index += 1
            }
        }
        return (false, nil)
    }
}

extension AppSiteAssociation.Component {
    func matches(path: String, query: String?, fragment: String?) -> Bool {
        let fold = { (text: String) in caseSensitive ? text : text.lowercased() }
        if let pattern = self.path, !Wildcard.matches(fold(pattern), fold(path)) { return false }
        if let pattern = self.query, !Wildcard.matches(fold(pattern), fold(query ?? "")) { return false }
        if let items = queryItems {
            let values = Dictionary((query ?? "").split(separator: "&").map { item -> (String, String) in
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            }, uniquingKeysWith: { first, _ in first })
            for (name, pattern) in items where !Wildcard.matches(fold(pattern), fold(values[name] ?? "")) { return false }
        }
        if let pattern = self.fragment, !Wildcard.matches(fold(pattern), fold(fragment ?? "")) { return false }
        return true
    }
}

/// Apple's wildcard patterns: `*` any run of characters, `?` one character. Linear in
/// the text times the pattern at worst, with no recursion.
enum Wildcard {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let pattern = Array(pattern.utf8), text = Array(text.utf8)
        var (p, t) = (0, 0)
        var star: Int?
        var resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == UInt8(ascii: "?") || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
                star = p
                resume = t
                p += 1
            } else if let star {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }

    /// A text the pattern matches: `*` as `1`, `?` as `a`.
    static func sample(_ pattern: String) -> String {
        String(pattern.map { $0 == "*" ? "1" : $0 == "?" ? "a" : $0 })
    }
}
