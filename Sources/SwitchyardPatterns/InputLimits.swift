/// The bounds on everything a stranger can send: URLs, patterns, regexes and manifests.
///
/// A deep link, a push payload and a downloaded manifest are written by whoever sends them,
/// so every dimension of them has a limit. Input over a limit is refused with a
/// ``LimitExceeded`` error that names the setting and the value, and changes nothing. The
/// defaults are generous for real apps; raise one only when a real route needs it.
///
/// | setting | default | what it bounds |
/// | --- | --- | --- |
/// | ``urlLength`` | 65,536 | bytes of a URL |
/// | ``pathSegments`` | 128 | path segments of a URL (a custom scheme's host counts) |
/// | ``queryItems`` | 256 | query items of a URL |
/// | ``patternLength`` | 2,048 | bytes of a route pattern (as written and in canonical form) or a whole-path regex route, at most ``patternLengthCeiling`` (89,478,485) |
/// | ``patternSegments`` | 64 | segments of a pattern, at most ``patternSegmentCeiling`` (256) |
/// | ``optionalGroups`` | 8 | optional groups of a pattern, at most ``optionalGroupCeiling`` (10) |
/// | ``expandedSegments`` | 2,048 | segments of a pattern summed over every way through its optional groups |
/// | ``regexLength`` | 249 | bytes of one regular expression in a pattern or regex route, at most ``regexLengthCeiling`` (249) |
/// | ``regexInput`` | 1,024 | bytes a regex check may look at; a longer value skips that regex route (a less specific route may match), and when nothing matches the miss is ``RoutingError/regexGaveUp(regex:path:_:)`` |
/// | ``conflictsPerRegistration`` | 16 | conflicts one registration reports (the rest are counted) |
/// | ``suggestionWork`` | 1,000,000 | edit-distance steps one "nearest pattern" suggestion may take |
/// | ``manifestBytes`` | 10,485,760 | bytes of a manifest (twice that for its signed envelope) |
/// | ``manifestRoutes`` | 2,000 | routes of a manifest, and entries of each of its other lists |
/// | ``manifestSegments`` | 100,000 | segments of all a manifest's patterns, expanded |
/// | ``jsonDepth`` | 32 | nesting of a manifest's JSON, at most ``jsonDepthCeiling`` (128) |
///
/// Nothing recurses deeper than a ceiling: matching recurses once per pattern segment
/// (``patternSegmentCeiling``), reading a pattern once per optional group
/// (``optionalGroupCeiling``), reading JSON once per level (``jsonDepthCeiling``). Each
/// fits in a 512 KiB thread stack, whatever the input.
public struct InputLimits: Sendable, Equatable {
    /// The longest URL accepted, in bytes.
    public var urlLength: Int
    /// The most path segments a URL may have; a custom scheme's host counts as one.
    public var pathSegments: Int
    /// The most query items a URL may have.
    public var queryItems: Int
    /// Clamped to ``patternLengthCeiling``: see there for why.
    public var patternLength: Int { didSet { patternLength = min(patternLength, Self.patternLengthCeiling) } }
    /// Clamped to ``patternSegmentCeiling``: matching recurses once per segment.
    public var patternSegments: Int { didSet { patternSegments = min(patternSegments, Self.patternSegmentCeiling) } }
    /// Clamped to ``optionalGroupCeiling``: a pattern expands into up to 2ⁿ variants.
    public var optionalGroups: Int { didSet { optionalGroups = min(optionalGroups, Self.optionalGroupCeiling) } }
    /// The most segments a pattern may have, summed over every way through its optional groups.
    public var expandedSegments: Int
    /// Clamped to ``regexLengthCeiling``: see there for why.
    public var regexLength: Int { didSet { regexLength = min(regexLength, Self.regexLengthCeiling) } }
    /// The most bytes a regex check may look at; a longer value skips that regex route.
    public var regexInput: Int
    /// The most conflicts one registration reports; the rest are only counted.
    public var conflictsPerRegistration: Int
    /// The most edit-distance steps one "nearest pattern" suggestion may take.
    public var suggestionWork: Int
    /// The largest manifest accepted, in bytes; its signed envelope may be twice that.
    public var manifestBytes: Int
    /// The most routes a manifest may have, and the most entries in each of its other lists.
    public var manifestRoutes: Int
    /// The most segments all of a manifest's patterns may have, with optional groups expanded.
    public var manifestSegments: Int
    /// Clamped to ``jsonDepthCeiling``: reading JSON recurses once per level.
    public var jsonDepth: Int { didSet { jsonDepth = min(jsonDepth, Self.jsonDepthCeiling) } }

    /// The longest pattern any limits allow, in bytes, whatever ``patternLength`` says.
    ///
    /// A route keeps its pattern as the canonical text plus the offset and 28-bit length of
    /// each piece in it. A piece prints at most three bytes for each byte written (escaped
    /// literals), and the canonical text is itself held to ``patternLength``, so every piece of
    /// a pattern within this ceiling fits.
    public static let patternLengthCeiling = PatternTokens.Token.maximumLength / 3
    /// The most segments any pattern may have, whatever ``patternSegments`` says.
    public static let patternSegmentCeiling = 256
    /// The most optional groups any pattern may have, whatever ``optionalGroups`` says.
    public static let optionalGroupCeiling = 10
    /// The longest regular expression any pattern or regex route may hold, whatever ``regexLength`` says.
    ///
    /// Anchored for a whole match, it compiles as 256 UTF-16 units at most. On Linux,
    /// swift-corelibs-foundation copies a longer expression into a buffer it never frees,
    /// so every compile of one leaked its size twice over, once per registration or manifest update.
    public static let regexLengthCeiling = 256 - SendableRegex.anchoringOverhead

    /// The deepest JSON any manifest may nest, whatever ``jsonDepth`` says.
    public static let jsonDepthCeiling = 128

    /// No bound but the recursion ceilings: for matching that only re-checks what a router,
    /// with its own limits, already accepted.
    package static let unbounded = InputLimits(
        urlLength: .max, pathSegments: .max, queryItems: .max, patternLength: .max, patternSegments: patternSegmentCeiling,
        optionalGroups: optionalGroupCeiling, expandedSegments: .max, regexLength: .max, regexInput: .max, conflictsPerRegistration: 0,
        suggestionWork: 0, manifestBytes: .max, manifestRoutes: .max, manifestSegments: .max, jsonDepth: jsonDepthCeiling)

    /// The defaults of the table above.
    public static let `default` = InputLimits()

    /// Creates limits; each setting defaults to its value in the table of ``InputLimits``.
    ///
    /// Settings with a ceiling (``patternLength``, ``patternSegments``, ``optionalGroups``,
    /// ``regexLength``, ``jsonDepth``) are clamped to it.
    public init(
        urlLength: Int = 65_536, pathSegments: Int = 128, queryItems: Int = 256,
        patternLength: Int = 2_048, patternSegments: Int = 64, optionalGroups: Int = 8, expandedSegments: Int = 2_048,
        regexLength: Int = regexLengthCeiling, regexInput: Int = 1_024, conflictsPerRegistration: Int = 16,
        suggestionWork: Int = 1_000_000, manifestBytes: Int = 10 * 1024 * 1024, manifestRoutes: Int = 2_000,
        manifestSegments: Int = 100_000, jsonDepth: Int = 32
    ) {
        self.urlLength = urlLength
        self.pathSegments = pathSegments
        self.queryItems = queryItems
        self.patternLength = min(patternLength, Self.patternLengthCeiling)
        self.patternSegments = min(patternSegments, Self.patternSegmentCeiling)
        self.optionalGroups = min(optionalGroups, Self.optionalGroupCeiling)
        self.expandedSegments = expandedSegments
        self.regexLength = min(regexLength, Self.regexLengthCeiling)
        self.regexInput = regexInput
        self.conflictsPerRegistration = conflictsPerRegistration
        self.suggestionWork = suggestionWork
        self.manifestBytes = manifestBytes
        self.manifestRoutes = manifestRoutes
        self.manifestSegments = manifestSegments
        self.jsonDepth = min(jsonDepth, Self.jsonDepthCeiling)
    }
}

/// Input over one of the ``InputLimits``: which limit, the value found and the maximum.
///
/// ```
/// the URL has 129 path segments; the limit is 128 (InputLimits.pathSegments)
/// ```
public struct LimitExceeded: Error, Equatable, Sendable, CustomStringConvertible {
    /// The setting of ``InputLimits`` that was exceeded.
    public enum Limit: String, Sendable, CaseIterable {
        /// The ``InputLimits`` setting of the same name.
        case urlLength, pathSegments, queryItems, patternLength, patternSegments, optionalGroups, expandedSegments
        /// The ``InputLimits`` setting of the same name.
        case regexLength, regexInput, manifestBytes, manifestRoutes, manifestSegments, jsonDepth
    }

    /// The setting that was exceeded.
    public let limit: Limit
    /// What the input had.
    public let value: Int
    /// The setting's value: the most the input may have.
    public let maximum: Int
    /// Whether reading stopped at the limit, so the input has at least ``value``.
    public let isLowerBound: Bool

    /// Creates the error for `value` over `maximum` of `limit`.
    ///
    /// Pass `isLowerBound` when reading stopped at the limit, so that `value` is a minimum.
    public init(_ limit: Limit, value: Int, maximum: Int, isLowerBound: Bool = false) {
        self.limit = limit
        self.value = value
        self.maximum = maximum
        self.isLowerBound = isLowerBound
    }

    /// What was found and the limit, naming the ``InputLimits`` setting to raise.
    public var description: String {
        let count = isLowerBound ? "at least \(value)" : "\(value)"
        let found: String
        switch limit {
        case .urlLength: found = "the URL is \(count) bytes long"
        case .pathSegments: found = "the URL has \(count) path segments"
        case .queryItems: found = "the URL has \(count) query items"
        case .patternLength: found = "the pattern is \(count) bytes long"
        case .patternSegments: found = "the pattern has \(count) segments"
        case .optionalGroups: found = "the pattern has \(count) optional groups"
        case .expandedSegments: found = "the pattern's optional groups expand to \(count) segments"
        case .regexLength: found = "the regular expression is \(count) bytes long"
        case .regexInput: found = "the value to check is \(count) bytes long"
        case .manifestBytes: found = "the manifest is \(count) bytes"
        case .manifestRoutes: found = "the manifest has \(count) routes"
        case .manifestSegments: found = "the manifest's patterns expand to \(count) segments"
        case .jsonDepth: found = "the JSON nests \(count) levels deep"
        }
        return "\(found); the limit is \(maximum) (InputLimits.\(limit.rawValue))"
    }
}
