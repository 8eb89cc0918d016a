import SwiftSyntax
import SwitchyardPatterns

/// The pattern of an `@Route` attribute: a string literal, parsed by the router's own parser.
struct PatternLiteral {
    let literal: StringLiteralExprSyntax
    let text: String
    let pattern: RoutePattern

    /// Reads and parses the attribute's argument; a problem is added on the argument when it
    /// is missing, not a literal, or not a valid pattern.
    static func read(_ attribute: AttributeSyntax, into problems: inout RouteProblems) -> PatternLiteral? {
        guard case .argumentList(let arguments) = attribute.arguments, let first = arguments.first,
              arguments.count == 1, first.label == nil else {
            problems.add(attribute, "missingPattern", "@Route takes one argument, the pattern as a string literal: @Route(\"/product/<int:id>\")")
            return nil
        }
        guard let literal = first.expression.as(StringLiteralExprSyntax.self), let text = literal.representedLiteralValue else {
            problems.add(first.expression, "patternNotLiteral",
                         "the pattern of @Route must be a string literal without interpolation, so that it is checked at compile time")
            return nil
        }
        do {
            return PatternLiteral(literal: literal, text: text, pattern: try RoutePattern.acceptingAppConverters(text))
        } catch {
            // On the literal: the compiler places a plugin's diagnostic at its node's start, and
            // the message gives the offset within the pattern.
            problems.add(literal, "invalidPattern", error.description)
            return nil
        }
    }
}
