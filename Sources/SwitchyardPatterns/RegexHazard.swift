import SwitchyardSupport

/// Why a regular expression in a route was refused: a construct outside the accepted subset,
/// or an ambiguity that lets a backtracking engine take exponential or high-polynomial time.
///
/// Switchyard accepts this subset of ICU regular expressions, in `:name(regex)` segments,
/// whole-path regex routes and manifests alike:
///
/// - characters; escaped punctuation; `.`; `\d \w \s \D \W \S`, `\p{…}`, `\P{…}`; `\n \t \r \f \e \a`;
///   `\xhh`, `\x{h…}`, `\uhhhh`; anchors `^ $ \b \B`;
/// - character classes `[…]` and `[^…]` with ranges and the escapes above, without nested classes
///   or set operations;
/// - groups `(…)`, `(?:…)`, `(?<name>…)`, `(?P<name>…)`, `(?'name'…)`, and the flag `(?i)` or `(?i:…)`;
/// - alternation `|`, and quantifiers `* + ? {n} {n,} {n,m}` (counts up to 1,000), lazy or possessive.
///
/// And the regex must be **unambiguous**: wherever the match stands, the next character
/// decides which part of the regex reads it, and reaches that part one way only. A
/// backtracking engine then tries each step at most once per character, so a check costs
/// time in proportion to the value. This refuses the shapes that backtrack without bound —
/// a repeat inside a repeat (`(a+)+`, `(\w+\s?)*`), alternatives or repeats that can read the
/// same character (`(a|aa)+`, `\d+\d+`, `a?a?a?aaa`, `.*x.*y`), a repeat of something that can
/// match nothing (`(a|)+`) — and some that are merely slow, like `[^/]+\.json`. Rewrite those so
/// one character decides: `(a+)+` is `a+`, `\d+\d+` is `\d{2,}`, `[^/]+\.json` is `[^/.]+\.json`
/// (or take the segment as `:name` and check it in code).
public enum RegexHazard: Equatable, Sendable, CustomStringConvertible {
    /// A repeat reaches `inner` a second way, through a repeat inside it.
    case nestedRepeat(group: String, inner: String)
    /// After `after` (or at the start, when `nil`), both `first` and `second` can read the next character.
    case ambiguous(after: String?, first: String, second: String)
    /// A repeated group that can match nothing, so it can repeat in endless ways.
    case emptyRepeat(group: String)
    /// Counted repeats expand to more atoms than are checked.
    case tooComplex(atoms: Int, limit: Int)
    /// A backreference (`\1`, `\k<name>`, `(?P=name)`), as written; not in the accepted subset.
    case backreference(String)
    /// A lookahead or lookbehind (`(?=`, `(?!`, `(?<=`, `(?<!`), as written; not in the accepted subset.
    case lookaround(String)
    /// A construct outside the accepted subset, named.
    case unsupported(String)
    /// A `{n,m}` count above 1,000.
    case repeatCount(String, limit: Int)

    /// Why the regex was refused, quoting the part at fault.
    public var description: String {
        switch self {
        case .nestedRepeat(let group, let inner):
            return "\"\(show(group))\" repeats \"\(show(inner))\" inside another repeat, so a match can be split in many ways and backtrack without bound"
        case .ambiguous(let after, let first, let second):
            let place = after.map { "after \"\(show($0))\"" } ?? "at the start"
            return "\(place), both \"\(show(first))\" and \"\(show(second))\" can read the next character, so a failing match can backtrack without bound"
        case .emptyRepeat(let group):
            return "\"\(show(group))\" repeats a group that can match nothing"
        case .tooComplex(let atoms, let limit):
            return "its counted repeats expand to \(atoms) atoms; at most \(limit) are checked"
        case .backreference(let text):
            return "backreference \"\(show(text))\" is not supported"
        case .lookaround(let text):
            return "lookaround \"\(show(text))\" is not supported"
        case .unsupported(let text):
            return "\(show(text)) is not in the accepted regex subset"
        case .repeatCount(let text, let limit):
            return "repeat count \"\(show(text))\" is over \(limit)"
        }
    }

    private func show(_ text: String) -> String { DisplaySafe.text(text) }
}
