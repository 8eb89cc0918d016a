import Logging
import SwitchyardPatterns
import SwitchyardSupport

// The parts of a registration that do not depend on the table's `Target`: compiled once here,
// called from the registration path each client module specializes.

extension RouteDefinition {
    /// Parses a registered pattern or whole-path regex under the table's limits and converters.
    ///
    /// A pattern whose scheme (or, for web URLs read with their host, whose host) the
    /// configuration never routes is refused: it would register and never match.
    @usableFromInline
    init(_ text: String, isRegex: Bool, configuration: RouterConfiguration) throws(PatternError) {
        var variants: [[CompiledSegment]]?
        try self.init(text, isRegex: isRegex, configuration: configuration, variants: &variants)
    }

    /// - Parameter variants: set to the pattern's variants when its parse gave them; see
    ///   `RoutePattern.parsed(_:converters:limits:)`.
    init(_ text: String, isRegex: Bool, configuration: RouterConfiguration, variants: inout [[CompiledSegment]]?) throws(PatternError) {
        guard !isRegex else {
            self = .regex(try RegexPattern(text, limits: configuration.limits))
            return
        }
        let (pattern, parsedVariants) = try RoutePattern.parsed(text, converters: configuration.converters, limits: configuration.limits)
        variants = parsedVariants
        if let scheme = pattern.scheme, let why = configuration.unreachableScheme(scheme, firstSegment: pattern.variants.first?.first) {
            throw PatternError(pattern: text, offset: 0, reason: .unreachable(why))
        }
        self = .pattern(pattern)
    }
}

extension RouterConfiguration {
    /// Why no URL of `scheme` can reach a route, naming the setting to change; `nil` when one can.
    func unreachableScheme(_ scheme: String, firstSegment: CompiledSegment?) -> String? {
        guard scheme == "http" || scheme == "https" else {
            guard schemes.isEmpty || schemes.contains(scheme) else {
                let accepted = schemes.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                return "the router accepts only the schemes \(accepted), not \"\(DisplaySafe.text(scheme))\" (RouterConfiguration.schemes)"
            }
            return nil
        }
        guard !associatedDomains.isEmpty else {
            return "\(scheme) URLs reach routes only from an associated domain, and RouterConfiguration.associatedDomains is empty; "
                + "list the app's domains there, or send every web URL to one page with RouterConfiguration.webRoute"
        }
        if webHostIsFirstSegment, case .literal(let host)? = firstSegment, !HostAllowList(associatedDomains).contains(host.lowercased()) {
            return "its first segment is the host \"\(DisplaySafe.text(host))\" (webHostIsFirstSegment), which is not one of RouterConfiguration.associatedDomains"
        }
        return nil
    }
}

extension RouteRegistration {
    /// The registrations of one call, logging each conflict once (a conflict between two routes
    /// of the call is listed under both, logged once).
    @usableFromInline
    static func reporting(
        _ added: [(id: RouteID, conflicts: RouteConflicts)], _ definitions: [RouteDefinition], logger: Logger
    ) -> [RouteRegistration] {
        var logged: Set<RouteConflict> = []
        return zip(added, definitions).map { registration, definition in
            let found = registration.conflicts
            for conflict in found.listed where logged.insert(conflict).inserted {
                logger.warning("route conflict: \(conflict)")
            }
            if found.omitted > 0 {
                logger.warning("route conflict: \(found.omitted) more for \(DisplaySafe.text(definition.description)), not listed (InputLimits.conflictsPerRegistration)")
            }
            return RouteRegistration(id: registration.id, pattern: definition.description, conflicts: found.listed, omittedConflicts: found.omitted)
        }
    }
}
