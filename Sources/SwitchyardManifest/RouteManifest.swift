import SwitchyardMediator

/// A route table a server can change without an app release (schema version 1).
///
/// ```json
/// {
///   "schemaVersion": 1,
///   "manifestVersion": 42,
///   "routes": [
///     { "pattern": "/product/:id", "kind": "native", "target": "Product", "action": "detail",
///       "minimumAppVersion": "2.3", "fallbackURL": "https://m.example.com/product" },
///     { "pattern": "/help/*", "kind": "web", "url": "https://help.example.com" },
///     { "pattern": "/cart/clear", "kind": "action", "name": "clearCart", "requiresLogin": true },
///     { "pattern": "/item/:id", "kind": "redirect", "to": "/product/:id" }
///   ],
///   "aliases": { "openWeb": "Web/webPage" },
///   "degrade": [{ "pattern": "/live/*", "action": "fallbackToH5", "value": "https://m.example.com/live" }],
///   "experiments": [{ "name": "checkout", "pattern": "/checkout", "variants": [{ "name": "b", "share": 0.5, "redirect": "/checkout2" }] }],
///   "loginRequired": ["/order/*"]
/// }
/// ```
///
/// The JSON Schema is `Schemas/route-manifest-v1.schema.json`.
public struct RouteManifest: Codable, Equatable, Sendable {
    /// The schema versions this build understands.
    public static let supportedSchemaVersions: Set<Int> = [1]

    /// The schema the manifest follows; this build reads those in ``supportedSchemaVersions``.
    public var schemaVersion: Int
    /// Grows with every manifest the server publishes; a manifest never replaces a newer one.
    public var manifestVersion: Int
    /// The routes the manifest installs.
    public var routes: [ManifestRoute]
    /// Mediator keyword aliases: `"openWeb": "Web/webPage"`.
    public var aliases: [String: String]
    /// Rules that switch routes off or around at run time.
    public var degrade: [ManifestDegradeRule]
    /// A/B experiments on routes.
    public var experiments: [ManifestExperiment]
    /// Patterns that need a logged-in user, beyond routes marked `requiresLogin`.
    public var loginRequired: [String]

    /// A manifest with the given content, in schema version 1 by default.
    public init(
        schemaVersion: Int = 1, manifestVersion: Int, routes: [ManifestRoute] = [], aliases: [String: String] = [:],
        degrade: [ManifestDegradeRule] = [], experiments: [ManifestExperiment] = [], loginRequired: [String] = []
    ) {
        self.schemaVersion = schemaVersion
        self.manifestVersion = manifestVersion
        self.routes = routes
        self.aliases = aliases
        self.degrade = degrade
        self.experiments = experiments
        self.loginRequired = loginRequired
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion, manifestVersion, routes, aliases, degrade, experiments, loginRequired
    }

    /// Reads a manifest; absent lists and aliases read as empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        manifestVersion = try container.decode(Int.self, forKey: .manifestVersion)
        routes = try container.decodeIfPresent([ManifestRoute].self, forKey: .routes) ?? []
        aliases = try container.decodeIfPresent([String: String].self, forKey: .aliases) ?? [:]
        degrade = try container.decodeIfPresent([ManifestDegradeRule].self, forKey: .degrade) ?? []
        experiments = try container.decodeIfPresent([ManifestExperiment].self, forKey: .experiments) ?? []
        loginRequired = try container.decodeIfPresent([String].self, forKey: .loginRequired) ?? []
    }

    /// The ``aliases`` as mediator aliases; entries that are not `Target/action` are left out
    /// (validation reports them).
    public var mediatorAliases: [String: MediatorAlias] {
        aliases.compactMapValues { value in
            let parts = value.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
            return MediatorAlias(target: String(parts[0]), action: String(parts[1]))
        }
    }

    /// A downloaded manifest over the bundled one: `newer`'s version, its routes and degrade
    /// rules replacing these per pattern, its experiments per name, its aliases per keyword.
    public func merged(with newer: RouteManifest) -> RouteManifest {
        var merged = newer
        let replaced = Set(newer.routes.map(\.pattern))
        merged.routes = routes.filter { !replaced.contains($0.pattern) } + newer.routes
        let degraded = Set(newer.degrade.map(\.pattern))
        merged.degrade = degrade.filter { !degraded.contains($0.pattern) } + newer.degrade
        let experimented = Set(newer.experiments.map(\.name))
        merged.experiments = experiments.filter { !experimented.contains($0.name) } + newer.experiments
        merged.aliases = aliases.merging(newer.aliases) { _, newer in newer }
        merged.loginRequired = Array(Set(loginRequired + newer.loginRequired)).sorted()
        return merged
    }
}

/// A degrade rule: block, redirect, fall back to H5 or warn, for a pattern.
public struct ManifestDegradeRule: Codable, Equatable, Sendable {
    /// What a degrade rule does.
    public enum Action: String, Codable, Sendable, CaseIterable {
        /// Refuse the open, open another URL, show an H5 page instead, or log a warning and go on.
        case block, redirect, fallbackToH5, warn
    }

    /// The route pattern the rule covers.
    public var pattern: String
    /// What happens to opens of the route.
    public var action: Action
    /// The message (block, warn) or the URL (redirect, fallbackToH5).
    public var value: String

    /// A rule applying `action` to opens of `pattern`, with `value` as its message or URL.
    public init(pattern: String, action: Action, value: String) {
        self.pattern = pattern
        self.action = action
        self.value = value
    }
}

/// An A/B experiment: users are split stably between variants by share.
public struct ManifestExperiment: Codable, Equatable, Sendable {
    /// One arm of an experiment.
    public struct Variant: Codable, Equatable, Sendable {
        /// Names the variant; opens pass it on as the native parameter `experiment.<experiment name>`.
        public var name: String
        /// The part of users who get it, 0…1.
        public var share: Double
        /// Where it sends users; `nil` opens the route as it is.
        public var redirect: String?

        /// A variant for `share` of users; a `nil` `redirect` opens the route as it is.
        public init(name: String, share: Double, redirect: String? = nil) {
            self.name = name
            self.share = share
            self.redirect = redirect
        }
    }

    /// Names the experiment; users are split by it and their user id.
    public var name: String
    /// The route pattern the experiment runs on.
    public var pattern: String
    /// The variants in order; users past the sum of their shares get none.
    public var variants: [Variant]

    /// An experiment named `name` on opens of `pattern`.
    public init(name: String, pattern: String, variants: [Variant]) {
        self.name = name
        self.pattern = pattern
        self.variants = variants
    }
}
