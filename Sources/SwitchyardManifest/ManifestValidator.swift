import Foundation
import Logging
import SwitchyardPatterns
import SwitchyardPipeline
import SwitchyardRouting

/// Checks a decoded manifest and reports every problem with its JSON path.
///
/// Patterns must parse; no two routes may match the same URLs at equal rank; versions must
/// be dotted numbers; URLs must be `http(s)`; experiments must have sane shares. Targets and
/// action names are checked when the app says which exist (``knownTarget``, ``knownActions``).
public struct ManifestValidator: Sendable {
    /// Converters the app's router uses, so `<sku:code>` patterns parse here too.
    public var converters: [String: ParameterConverter]
    /// Whether a mediator target has an action a URL may call (``Mediator/acceptsRemoteCall(target:action:)``):
    /// native routes reach only those. `nil` skips the check (the CLI cannot know).
    public var knownTarget: (@Sendable (_ target: String, _ action: String) -> Bool)?
    /// The names of the app's manifest actions; `nil` skips the check.
    public var knownActions: Set<String>?
    /// Bounds on the manifest and its patterns; a store checks downloads against these.
    public var limits: InputLimits

    /// A validator; by default it reads the built-in converters, skips the target and action
    /// checks, and applies the default limits.
    public init(
        converters: [String: ParameterConverter] = ParameterConverter.defaultSet,
        knownTarget: (@Sendable (String, String) -> Bool)? = nil, knownActions: Set<String>? = nil,
        limits: InputLimits = .default
    ) {
        self.converters = converters
        self.knownTarget = knownTarget
        self.knownActions = knownActions
        self.limits = limits
    }

    /// Every problem in `manifest`, each at its JSON path; empty when the manifest is valid.
    public func problems(in manifest: RouteManifest) -> [ManifestProblem] {
        var problems: [ManifestProblem] = []
        func report(_ path: String, _ message: String) { problems.append(ManifestProblem(path: path, message: message)) }

        if !RouteManifest.supportedSchemaVersions.contains(manifest.schemaVersion) {
            report("$.schemaVersion", "unknown schema version \(manifest.schemaVersion)")
        }
        if manifest.manifestVersion < 1 { report("$.manifestVersion", "must be at least 1, got \(manifest.manifestVersion)") }
        // Past a limit nothing else is checked: the checks below cost work per entry.
        guard manifest.routes.count <= limits.manifestRoutes else {
            report("$.routes", LimitExceeded(.manifestRoutes, value: manifest.routes.count, maximum: limits.manifestRoutes).description)
            return problems
        }
        let lists: [(String, Int)] = [("$.degrade", manifest.degrade.count), ("$.experiments", manifest.experiments.count),
                                      ("$.loginRequired", manifest.loginRequired.count), ("$.aliases", manifest.aliases.count)]
        for (path, count) in lists where count > limits.manifestRoutes {
            report(path, "\(count) entries; the limit is \(limits.manifestRoutes) (InputLimits.manifestRoutes)")
        }
        if problems.contains(where: { lists.map(\.0).contains($0.path) }) { return problems }
        let expanded = expandedSegments(in: manifest)
        guard expanded <= limits.manifestSegments else {
            report("$.routes", LimitExceeded(.manifestSegments, value: expanded, maximum: limits.manifestSegments).description)
            return problems
        }

        var specs: [RouteSpec<Int>] = []
        for (index, route) in manifest.routes.enumerated() {
            let path = "$.routes[\(index)]"
            if let error = patternError(route.pattern) {
                report(path + ".pattern", error)
            } else {
                specs.append(RouteSpec(route.pattern, target: index))
            }
            switch route.kind {
            case .native(let target, let action, _):
                if let knownTarget, !knownTarget(target, action) {
                    report(path + ".target", "no mediator target \"\(target)\" with an action \"\(action)\" is linked into the app")
                }
            case .web(let url):
                if let error = webURLError(url) { report(path + ".url", error) }
            case .action(let name):
                if let knownActions, !knownActions.contains(name) {
                    report(path + ".name", "no manifest action \"\(name)\" is registered; known: \(knownActions.sorted().joined(separator: ", "))")
                }
            case .redirect(let target):
                if let error = patternError(target) { report(path + ".to", error) }
            case .code:
                break // the app's own route; its pattern still takes part in the conflict checks below
            }
            if let version = route.minimumAppVersion, AppVersion(version) == nil {
                report(path + ".minimumAppVersion", "\"\(version)\" is not a version like 2.3 or 2.3.1")
            }
            if let fallback = route.fallbackURL, let error = webURLError(fallback) { report(path + ".fallbackURL", error) }
        }
        problems += conflictProblems(specs.map { (manifest.routes[$0.target].pattern, 0, "$.routes[\($0.target)]") })

        for (key, value) in manifest.aliases.sorted(by: { $0.key < $1.key }) {
            let parts = value.split(separator: "/", omittingEmptySubsequences: false)
            if parts.count != 2 || parts.contains(where: \.isEmpty) {
                report("$.aliases.\(key)", "\"\(value)\" is not Target/action")
            }
        }
        for (index, rule) in manifest.degrade.enumerated() {
            if let error = patternError(rule.pattern) { report("$.degrade[\(index)].pattern", error) }
            if rule.action == .fallbackToH5, let error = webURLError(rule.value) { report("$.degrade[\(index)].value", error) }
        }
        for (index, experiment) in manifest.experiments.enumerated() {
            if let error = patternError(experiment.pattern) { report("$.experiments[\(index)].pattern", error) }
            do {
                _ = try Experiment(name: experiment.name, pattern: experiment.pattern,
                                   variants: experiment.variants.map { Experiment.Variant(name: $0.name, share: $0.share, redirect: $0.redirect) })
            } catch {
                report("$.experiments[\(index)].variants", error.description)
            }
        }
        for (index, pattern) in manifest.loginRequired.enumerated() {
            if let error = patternError(pattern) { report("$.loginRequired[\(index)]", error) }
        }
        return problems
    }

    /// Throws ``ManifestError/invalid(_:)`` with every problem, if there is one.
    public func validate(_ manifest: RouteManifest) throws(ManifestError) {
        let found = problems(in: manifest)
        if !found.isEmpty { throw .invalid(found) }
    }

    /// Every pattern's segments over its optional groups.
    private func expandedSegments(in manifest: RouteManifest) -> Int {
        let patterns = manifest.routes.map(\.pattern) + manifest.degrade.map(\.pattern) + manifest.experiments.map(\.pattern) + manifest.loginRequired
        return patterns.reduce(0) { total, pattern in
            total + ((try? RoutePattern(pattern, converters: converters, limits: limits))?.expandedSegmentCount ?? 0)
        }
    }

    private func patternError(_ pattern: String) -> String? {
        do {
            _ = try RoutePattern(pattern, converters: converters, limits: limits)
            return nil
        } catch {
            return error.description
        }
    }

    private func webURLError(_ text: String) -> String? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host != nil else {
            return "\"\(text)\" is not an http(s) URL"
        }
        return nil
    }

    /// Routes that repeat another or can never win against one, each with an example URL
    /// both match; for manifests and for a router's route export alike.
    ///
    /// - Parameter routes: each pattern, its priority and the JSON path to report it at.
    ///
    /// - Parameter order: what decides between two routes of the same shape and priority: their
    ///   order in the file (a manifest, a route export), the order a running app registered
    ///   them in, or nothing the routes say (`@Route` structs, which modules register in
    ///   whatever order they start).
    public func conflictProblems(_ routes: [(pattern: String, priority: Int, path: String)], order: ListingOrder = .file) -> [ManifestProblem] {
        var problems: [(index: Int, problem: ManifestProblem)] = []
        var firstPath: [String: String] = [:]
        var unique: [RouteSpec<Int>] = []
        for (index, route) in routes.enumerated() {
            guard let canonical = try? RoutePattern(route.pattern, converters: converters, limits: limits).description else { continue }
            if let first = firstPath[canonical] {
                problems.append((index, ManifestProblem(path: route.path + ".pattern", message: "\(canonical) is already the pattern of \(first)")))
            } else {
                firstPath[canonical] = route.path
                unique.append(RouteSpec(route.pattern, priority: route.priority, target: index))
            }
        }
        let table = RouteTable<Int>(configuration: scratchConfiguration)
        guard let registrations = try? table.register(unique) else { return problems.map(\.problem) }
        var examples = ExampleTables(configuration: scratchConfiguration)
        for (registration, spec) in zip(registrations, unique) {
            // A route that still wins some URLs (an overlap) is logged at registration, not refused.
            for conflict in registration.conflicts where conflict.loser == registration.pattern && conflict.kind != .overlapping {
                let winner = firstPath[conflict.winner] ?? conflict.winner
                let example = conflict.example != nil ? "" : examples.url(bothMatch: conflict.loser, conflict.winner).map { "; both match \($0)" } ?? ""
                let place = conflict.overlap == conflict.loser ? "" : " for \(conflict.overlap)"
                let message: String
                switch (conflict.kind, order) {
                case (.duplicate, .file):
                    message = "\(conflict.loser) can never win\(place): it duplicates \(conflict.winner) (\(winner)), which comes earlier in the file"
                case (.duplicate, .undecided):
                    message = "\(conflict.loser)\(place) duplicates \(conflict.winner) (\(winner)) at the same priority: at run time whichever "
                        + "registers first takes every URL both match and the other never wins; give one another path or a priority"
                default:
                    message = "\(conflict) (\(winner))"
                }
                problems.append((spec.target, ManifestProblem(path: routes[spec.target].path + ".pattern", message: message + example)))
            }
            if registration.omittedConflicts > 0 {
                let message = "\(registration.omittedConflicts) more conflicts of \(registration.pattern) are not listed (InputLimits.conflictsPerRegistration)"
                problems.append((spec.target, ManifestProblem(path: routes[spec.target].path + ".pattern", message: message)))
            }
        }
        // In file order, whichever check found them.
        return problems.sorted { $0.index < $1.index }.map(\.problem)
    }

    /// What decides between two routes of the same shape and priority, for ``conflictProblems(_:order:)``.
    public enum ListingOrder: Sendable {
        /// Their order in the file: the earlier one is registered first.
        case file
        /// The order they were registered in, as a running app did.
        case registration
        /// Nothing the routes say: they are registered in whatever order their modules start.
        case undecided
    }

    private var scratchConfiguration: RouterConfiguration {
        var configuration = RouterConfiguration(logger: Logger(label: "switchyard.manifest.validator") { _ in SwiftLogNoOpLogHandler() })
        configuration.converters = converters
        configuration.limits = limits
        return configuration
    }

}

/// One single-route table per pattern, kept across the conflicts of a manifest: a route in
/// many conflicts is parsed and built once, not once per conflict.
private struct ExampleTables {
    let configuration: RouterConfiguration
    private var tables: [String: RouteTable<Int>?] = [:]

    init(configuration: RouterConfiguration) {
        self.configuration = configuration
    }

    private mutating func table(_ pattern: String) -> RouteTable<Int>? {
        if let known = tables[pattern] { return known }
        let table = RouteTable<Int>(configuration: configuration)
        let registered = (try? table.register(pattern, target: 0)) != nil ? table : nil
        tables[pattern] = registered
        return registered
    }

    mutating func url(bothMatch first: String, _ second: String) -> String? {
        guard let one = table(first), let other = table(second), let pattern = one.routes.first?.definition,
              case .pattern(let parsed) = pattern else { return nil }
        for sample in ["1", "x", "00000000-0000-0000-0000-000000000000", "1.5"] {
            let values = Dictionary(parsed.parameterNames.map { ($0, sample) }, uniquingKeysWith: { first, _ in first })
            guard let url = try? one.url(for: first, parameters: values) else { continue }
            if one.canOpen(url), other.canOpen(url) { return url }
        }
        return nil
    }
}
