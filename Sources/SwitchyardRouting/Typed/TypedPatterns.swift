import SwitchyardPatterns
import SwitchyardSupport

/// The parsed patterns of the typed routes an app declared, each parsed once.
///
/// Keys are the `pattern` of `TypedRoute` types, which the compiler checked: as many as the
/// app declares route types, never input from outside.
final class TypedPatterns: Sendable {
    static let shared = TypedPatterns()

    private let parsed = Locked([String: RoutePattern]())

    func pattern(_ text: String) throws(RoutingError) -> RoutePattern {
        if let known = parsed.withLock({ $0[text] }) { return known }
        let pattern: RoutePattern
        do {
            pattern = try RoutePattern.acceptingAppConverters(text)
        } catch {
            throw .invalidPattern(error)
        }
        parsed.withLock { $0[text] = pattern }
        return pattern
    }
}
