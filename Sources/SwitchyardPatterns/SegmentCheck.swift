import Foundation
import SwitchyardSupport

/// A compiled constraint on one segment: a converter or an anchored regular expression.
///
/// Two checks with the same ``key`` are interchangeable, so routes that share one
/// (`/a/<int:x>` and `/a/<int:y>/b`) share a trie branch.
package final class SegmentCheck: Sendable {
    enum Kind: Sendable {
        case converter(ParameterConverter)
        case regex(SendableRegex)
    }

    package let key: String
    let kind: Kind

    /// Values tools may try, most telling first: a converter's own examples, then common
    /// shapes; and whether a miss among them says nothing (a custom converter, or a regex).
    package var samples: (values: [String], isOpaque: Bool) {
        let shapes = ["1", "a", "1.5", "00000000-0000-0000-0000-000000000001", "a-1", "A"]
        switch kind {
        case .converter(let converter): return (converter.examples + shapes, converter.isOpaque)
        case .regex: return (shapes, true)
        }
    }
    /// Whether the check is a regex, whose input is bounded by ``InputLimits/regexInput``.
    package let isRegex: Bool
    /// The byte-level test of a built-in converter, which the trie runs itself on a segment
    /// without escapes; `nil` for a regex or an app's converter.
    package let builtIn: BuiltInCheck?

    init(converter: ParameterConverter) {
        self.key = "<" + converter.name + ">"
        self.kind = .converter(converter)
        self.isRegex = false
        self.builtIn = converter.builtInCheck
    }

    private static let builtIns = ParameterConverter.builtIns.map(SegmentCheck.init(converter:))

    /// The shared check of a built-in converter.
    ///
    /// Four names, compared rather than hashed: a table's routes are read back from their text
    /// at registration and again at the build, and hashing the name was most of the cost here.
    static func builtIn(named name: String) -> SegmentCheck? {
        let converters = ParameterConverter.builtIns
        for index in converters.indices where converters[index].name == name { return builtIns[index] }
        return nil
    }

    /// Compiles `source` so that it must match the whole segment; `nil` if it does not compile.
    package init?(regex source: String) {
        guard let regex = SendableRegex(matchingWhole: source) else { return nil }
        self.key = "(" + source + ")"
        self.kind = .regex(regex)
        self.isRegex = true
        self.builtIn = nil
    }

    /// True for the built-in `string` converter, which takes any segment a plain `:param` takes.
    var acceptsEverySegment: Bool {
        if case .converter(let converter) = kind, case .string = converter.kind { return true }
        return false
    }

    /// Whether a segment passes; `raw` is the undecoded segment, `hasEscapes` says if it
    /// contains `%` (or a `+` that stands for a space, when `plusIsSpace`).
    package func accepts(raw: UnsafeBufferPointer<UInt8>, hasEscapes: Bool, plusIsSpace: Bool = false) -> Bool {
        if !hasEscapes, let builtIn { return builtIn.accepts(raw) }
        guard case .success(let decoded) = PercentCoding.decode(raw, plusIsSpace: plusIsSpace) else { return false }
        return accepts(decoded)
    }

    package func accepts(_ value: String) -> Bool {
        switch kind {
        case .converter(let converter):
            return converter.accepts(value)
        case .regex(let regex):
            let range = NSRange(value.startIndex..<value.endIndex, in: value)
            return regex.value.firstMatch(in: value, options: [], range: range) != nil
        }
    }
}
