/// Why a regular expression in a route was refused: a construct outside the accepted subset,
/// or one that can make the regex engine backtrack without bound.
///
/// Switchyard accepts this subset of ICU regular expressions (used by `:name(regex)` segments,
/// whole-path regex routes and manifests):
///
/// - characters, escaped characters, `.`, `\d \w \s \D \W \S`, `\p{…}`, anchors `^ $ \b \B`;
/// - character classes `[…]` and `[^…]` with ranges, without nested classes or set operations;
/// - groups `(…)`, `(?:…)`, `(?<name>…)`, `(?P<name>…)`, `(?'name'…)`, and flags `(?i)`, `(?i:…)`;
/// - alternation `|` and quantifiers `* + ? {n} {n,} {n,m}` (counts up to 1,000), lazy or possessive.
///
/// It refuses backreferences, lookaround, atomic groups, comments, `\Q…\E` and free-spacing
/// mode, and three shapes that backtrack exponentially or with a high polynomial degree:
/// a repeated group holding a repeat or an option that can match what the group starts
/// with (`(a+)+`, `(\w+\s?)*`, `(a?){20}`); a repeated group whose alternatives can start
/// with the same character (`(a|aa)+`, `(\d|\w)*`); and repeats next to each other that can
/// match the same characters (`\d+\d+`, `.*.*`, `a+b?a+`). Rewrite those without the
/// ambiguity: `(a+)+` is `a+`, `(a|aa)+` is `a+`, `\d+\d+` is `\d{2,}`.
public enum RegexHazard: Equatable, Sendable, CustomStringConvertible {
    /// A repeated group that holds a repeat or an option able to match what the group starts with.
    case nestedRepeat(group: String, inner: String)
    /// A repeated group whose alternatives can begin with the same character.
    case overlappingAlternatives(group: String)
    /// Two repeats with nothing required between them that can match the same characters.
    case adjacentRepeats(first: String, second: String)
    case backreference(String)
    case lookaround(String)
    /// A construct outside the accepted subset, named.
    case unsupported(String)
    /// A `{n,m}` count above 1,000.
    case repeatCount(String, limit: Int)

    public var description: String {
        switch self {
        case .nestedRepeat(let group, let inner):
            return "\"\(DisplaySafe.text(group))\" repeats a group whose own repeat \"\(DisplaySafe.text(inner))\" can match what the group starts with, so it can backtrack without bound"
        case .overlappingAlternatives(let group):
            return "\"\(DisplaySafe.text(group))\" repeats alternatives that can start with the same character, so it can backtrack without bound"
        case .adjacentRepeats(let first, let second):
            return "\"\(DisplaySafe.text(first))\" and \"\(DisplaySafe.text(second))\" repeat next to each other over the same characters, so they can backtrack without bound"
        case .backreference(let text):
            return "backreference \"\(DisplaySafe.text(text))\" is not supported"
        case .lookaround(let text):
            return "lookaround \"\(DisplaySafe.text(text))\" is not supported"
        case .unsupported(let text):
            return "\(DisplaySafe.text(text)) is not in the accepted regex subset"
        case .repeatCount(let text, let limit):
            return "repeat count \"\(DisplaySafe.text(text))\" is over \(limit)"
        }
    }
}
