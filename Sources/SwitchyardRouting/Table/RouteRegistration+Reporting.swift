import Logging
import SwitchyardPatterns
import SwitchyardSupport

// The parts of a registration that do not depend on the table's `Target`: compiled once here,
// called from the registration path each client module specializes.

extension RouteDefinition {
    /// Parses a registered pattern or whole-path regex under the table's limits and converters.
    @usableFromInline
    init(_ text: String, isRegex: Bool, configuration: RouterConfiguration) throws(PatternError) {
        self = isRegex
            ? .regex(try RegexPattern(text, limits: configuration.limits))
            : .pattern(try RoutePattern(text, converters: configuration.converters, limits: configuration.limits))
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
