import Foundation

/// A route written as one regular expression over the whole path (`^/item/(?<id>\d+)$`).
///
/// Named groups become parameters; an unnamed group becomes `groupN`, where N is its
/// capture-group number. Regex routes are tried after every pattern route has failed,
/// in registration order, against the normalized path (still percent-encoded, no
/// trailing slash); captured values are percent-decoded.
public struct RegexPattern: Hashable, Sendable, CustomStringConvertible {
    /// The expression as written.
    public let source: String
    /// The parameter name of each capture group, in group order.
    public let groupNames: [String]
    package let regex: SendableRegex

    /// Compiles `source`; it must match the whole path.
    ///
    /// - Throws: ``PatternError``: ``PatternError/Reason/invalidRegex(_:)`` when it does not
    ///   compile, ``PatternError/Reason/unsafeRegex(_:)`` outside the accepted subset (see
    ///   ``RegexHazard``), ``PatternError/Reason/limitExceeded(_:)`` over ``InputLimits/regexLength``.
    public init(_ source: String, limits: InputLimits = .default) throws(PatternError) {
        guard !source.isEmpty else { throw PatternError(pattern: source, offset: 0, reason: .emptyPattern) }
        let length = source.utf8.count
        guard length <= limits.regexLength else {
            let exceeded = LimitExceeded(.regexLength, value: length, maximum: limits.regexLength)
            throw PatternError(pattern: source, offset: String(decoding: source.utf8.prefix(limits.regexLength), as: UTF8.self).count, reason: .limitExceeded(exceeded))
        }
        guard let regex = SendableRegex(matchingWhole: source) else {
            throw PatternError(pattern: source, offset: 0, reason: .invalidRegex(source))
        }
        if let finding = RegexSafety.check(source) {
            let offset = String(decoding: source.utf8.prefix(finding.byteOffset), as: UTF8.self).count
            throw PatternError(pattern: source, offset: offset, reason: .unsafeRegex(finding.hazard))
        }
        self.source = source
        self.regex = regex
        let scanned = Self.scanGroupNames(source)
        if scanned.count == regex.value.numberOfCaptureGroups {
            groupNames = scanned.enumerated().map { $0.element ?? "group\($0.offset + 1)" }
        } else {
            groupNames = (0..<regex.value.numberOfCaptureGroups).map { "group\($0 + 1)" }
        }
    }

    /// The expression as written, ``source``.
    public var description: String { source }

    /// Whether both were compiled from the same ``source``.
    public static func == (lhs: RegexPattern, rhs: RegexPattern) -> Bool { lhs.source == rhs.source }
    /// Hashes the ``source``, consistently with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }

    /// Finds capture groups in order: `(?<name>…)`, `(?P<name>…)` and `(?'name'…)` are named,
    /// a bare `(` is unnamed, any other `(?` is not a capture.
    private static func scanGroupNames(_ source: String) -> [String?] {
        let characters = Array(source)
        var names: [String?] = []
        var index = 0
        var inClass = false
        while index < characters.count {
            let character = characters[index]
            if character == "\\" { index += 2; continue }
            if inClass {
                if character == "]" { inClass = false }
            } else if character == "[" {
                inClass = true
            } else if character == "(" {
                if index + 1 < characters.count, characters[index + 1] == "?" {
                    var nameStart = index + 2
                    if nameStart < characters.count, characters[nameStart] == "P" { nameStart += 1 }
                    if nameStart < characters.count, characters[nameStart] == "<" || characters[nameStart] == "'",
                       nameStart + 1 < characters.count, characters[nameStart + 1] != "=", characters[nameStart + 1] != "!" {
                        let close: Character = characters[nameStart] == "<" ? ">" : "'"
                        var end = nameStart + 1
                        while end < characters.count, characters[end] != close { end += 1 }
                        names.append(String(characters[(nameStart + 1)..<min(end, characters.count)]))
                    }
                } else {
                    names.append(nil)
                }
            }
            index += 1
        }
        return names
    }
}

/// `NSRegularExpression` is immutable and documented as safe to share between threads.
package struct SendableRegex: @unchecked Sendable {
    package let value: NSRegularExpression

    /// The characters `^(?:` and `)\z` add around an expression so it must match a whole input.
    static let anchoringOverhead = 7

    /// Compiles `source` so that it must match the whole input; `nil` if it does not compile.
    ///
    /// `\z`, not `$`: ICU's `$` also matches before a final line break, so `[0-9]+` would take
    /// `12` followed by a decoded `%0A`.
    init?(matchingWhole source: String) {
        guard let value = try? NSRegularExpression(pattern: "^(?:" + source + ")\\z") else { return nil }
        self.value = value
    }
}
