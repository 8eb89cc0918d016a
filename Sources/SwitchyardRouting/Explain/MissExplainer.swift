import Foundation
import SwitchyardPatterns

/// Why one pattern does not match a path: the first segment that differs, in the variant of
/// the pattern (optional groups in or out) that gets furthest.
enum MissExplainer {
    /// One flat way to read a pattern, optional groups decided.
    private typealias Variant = [PatternSegment]

    static func reason(pattern text: String, segments: [String], converters: [String: ParameterConverter]) -> String {
        guard let pattern = try? RoutePattern(text, converters: converters) else { return "the pattern does not parse" }
        var best: (reached: Int, reason: String)?
        for variant in RoutePattern.expand(pattern.elements).prefix(64) {
            let (reached, reason) = walk(variant, segments: segments, converters: converters)
            if reached > (best?.reached ?? -1) { best = (reached, reason) }
        }
        return best?.reason ?? "does not match"
    }

    /// How many segments matched, and why the next one did not.
    private static func walk(_ variant: Variant, segments: [String], converters: [String: ParameterConverter]) -> (Int, String) {
        for (index, segment) in variant.enumerated() {
            let position = "segment \(index + 1)"
            if case .catchAll = segment { return (segments.count + 1, "matches") }
            guard index < segments.count else {
                return (index, "expects \(segment) at \(position); the path has only \(segments.count) segment\(segments.count == 1 ? "" : "s")")
            }
            let value = segments[index]
            switch segment {
            case .literal(let literal):
                if literal.lowercased() != value.lowercased() { return (index, "expects \"\(literal)\" at \(position), found \"\(value)\"") }
            case .parameter:
                break
            case .typed(let name, let converter):
                if let check = converters[converter], !check.accepts(value) {
                    return (index, "expects <\(converter):\(name)> at \(position); \"\(value)\" is not a valid \(converter)")
                }
            case .constrained(let name, let regex):
                // `\z` as the router anchors it: ICU's `$` also matches before a final line break.
                let whole = "^(?:" + regex + ")\\z"
                if value.range(of: whole, options: .regularExpression) == nil {
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
