import Foundation
import SwitchyardPatterns

/// Why one pattern does not match a path: the first segment that differs, in the variant of
/// the pattern (optional groups in or out) that gets furthest.
enum MissExplainer {
    /// One flat way to read a pattern, optional groups decided.
    private typealias Variant = [PatternSegment]

    /// What a router with `configuration` reads in `pattern` (already parsed under its limits):
    /// literals compared as its `caseSensitive` says, and no regex run on a value longer than
    /// its `InputLimits.regexInput`, as the router itself skips those.
    static func reason(pattern: RoutePattern, segments: [String], configuration: RouterConfiguration) -> String {
        var best: (reached: Int, reason: String)?
        for variant in RoutePattern.expand(pattern.elements).prefix(64) {
            let (reached, reason) = walk(variant, segments: segments, configuration: configuration)
            if reached > (best?.reached ?? -1) { best = (reached, reason) }
        }
        return best?.reason ?? "does not match"
    }

    /// How many segments matched, and why the next one did not.
    private static func walk(_ variant: Variant, segments: [String], configuration: RouterConfiguration) -> (Int, String) {
        for (index, segment) in variant.enumerated() {
            let position = "segment \(index + 1)"
            if case .catchAll = segment { return (segments.count + 1, "matches") }
            guard index < segments.count else {
                return (index, "expects \(segment) at \(position); the path has only \(segments.count) segment\(segments.count == 1 ? "" : "s")")
            }
            let value = segments[index]
            switch segment {
            case .literal(let literal):
                let same = configuration.caseSensitive ? literal == value : literal.lowercased() == value.lowercased()
                if !same { return (index, "expects \"\(literal)\" at \(position), found \"\(value)\"") }
            case .parameter:
                break
            case .typed(let name, let converter):
                if let check = configuration.converters[converter], !check.accepts(value) {
                    return (index, "expects <\(converter):\(name)> at \(position); \"\(value)\" is not a valid \(converter)")
                }
            case .constrained(let name, let regex):
                let limit = configuration.limits.regexInput
                if value.utf8.count > limit {
                    return (index, "expects :\(name)(\(regex)) at \(position); the value is \(value.utf8.count) bytes, past InputLimits.regexInput (\(limit)), so no regex runs on it")
                }
                // The router's own check: anchored the same way, run the same way.
                if let check = SegmentCheck(regex: regex), !check.accepts(value) {
                    return (index, "expects :\(name)(\(regex)) at \(position); \"\(value)\" does not match")
                }
            case .catchAll:
                break
            }
        }
        if segments.count > variant.count {
            return (variant.count, "the path has \(segments.count) segments; the pattern takes \(variant.count)")
        }
        return (variant.count + 1, "matches")
    }
}
