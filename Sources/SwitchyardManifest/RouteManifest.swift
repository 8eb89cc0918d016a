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

    public var schemaVersion: Int
    /// Grows with every manifest the server publishes; a manifest never replaces a newer one.
    public var manifestVersion: Int
    public var routes: [ManifestRoute]
    /// Mediator keyword aliases: `"openWeb": "Web/webPage"`.
    public var aliases: [String: String]
    public var degrade: [ManifestDegradeRule]
    public var experiments: [ManifestExperiment]
    /// Patterns that need a logged-in user, beyond routes marked `requiresLogin`.
    public var loginRequired: [String]

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
    public enum Action: String, Codable, Sendable, CaseIterable {
        case block, redirect, fallbackToH5, warn
    }

    public var pattern: String
    public var action: Action
    /// The message (block, warn) or the URL (redirect, fallbackToH5).
    public var value: String

    public init(pattern: String, action: Action, value: String) {
        self.pattern = pattern
        self.action = action
        self.value = value
    }
}

/// An A/B experiment: users are split stably between variants by share.
public struct ManifestExperiment: Codable, Equatable, Sendable {
    public struct Variant: Codable, Equatable, Sendable {
        public var name: String
        public var share: Double
        public var redirect: String?

        public init(name: String, share: Double, redirect: String? = nil) {
            self.name = name
            self.share = share
            self.redirect = redirect
        }
    }

    public var name: String
    public var pattern: String
    public var variants: [Variant]

    public init(name: String, pattern: String, variants: [Variant]) {
        self.name = name
        self.pattern = pattern
        self.variants = variants
    }
}
