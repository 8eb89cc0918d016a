import SwitchyardPatterns
import SwitchyardRouting

/// An A/B experiment on one route: each user lands in the same variant every time.
public struct Experiment: Sendable, Equatable {
    /// One arm of an experiment: a name, the share of users who get it, and where it sends them.
    public struct Variant: Sendable, Equatable {
        /// Names the variant; it is the value of the native parameter `experiment.<experiment name>`.
        public let name: String
        /// The part of users who get it, 0…1.
        public let share: Double
        /// Where it sends the user; `nil` opens the route as it is.
        public let redirect: String?

        /// A variant for `share` (0…1) of users; a `nil` `redirect` opens the route as it is.
        ///
        /// The share is checked by ``Experiment/init(name:pattern:variants:)``, not here.
        public init(name: String, share: Double, redirect: String? = nil) {
            self.name = name
            self.share = share
            self.redirect = redirect
        }
    }

    /// Why an experiment's shares are invalid.
    public enum ValidationError: Error, Equatable, CustomStringConvertible {
        /// A variant's share is outside 0…1.
        case shareOutOfRange(experiment: String, variant: String, share: Double)
        /// The variants' shares add up to more than 1.
        case sharesAboveOne(experiment: String, total: Double)

        /// A sentence naming the experiment and the faulty share.
        public var description: String {
            switch self {
            case .shareOutOfRange(let experiment, let variant, let share):
                return "experiment \(experiment): variant \(variant) has share \(share); shares must be in 0…1"
            case .sharesAboveOne(let experiment, let total):
                return "experiment \(experiment): shares add up to \((total * 1_000_000).rounded() / 1_000_000); they must not exceed 1"
            }
        }
    }

    /// Names the experiment: it seeds each user's bucket and names the native parameter.
    public let name: String
    /// The route pattern the experiment runs on.
    public let pattern: String
    /// The variants in order; their shares split 0…1, and users past their sum get none.
    public let variants: [Variant]

    /// An experiment named `name` on opens of `pattern`.
    ///
    /// - Throws: ``ValidationError`` when a share is outside 0…1 or they add up to more than 1.
    public init(name: String, pattern: String, variants: [Variant]) throws(ValidationError) {
        for variant in variants where !(0...1).contains(variant.share) {
            throw .shareOutOfRange(experiment: name, variant: variant.name, share: variant.share)
        }
        let total = variants.reduce(0) { $0 + $1.share }
        guard total <= 1 + 1e-9 else { throw .sharesAboveOne(experiment: name, total: total) }
        self.name = name
        self.pattern = pattern
        self.variants = variants
    }

    /// The variant for `userID`, from a stable hash of the experiment and the user; `nil`
    /// for users outside every variant's share.
    public func variant(for userID: String) -> Variant? {
        let bucket = Self.bucket(experiment: name, user: userID)
        var upper = 0.0
        for variant in variants {
            upper += variant.share
            if bucket < upper { return variant }
        }
        return nil
    }

    /// A number in 0..<1 from FNV-1a over "experiment|user", finished with MurmurHash3's
    /// 64-bit mix: the same on every run and device, and evenly spread even for short,
    /// similar ids (FNV-1a's top bits alone gave a 50% variant only 40% of `user1…user10000`).
    static func bucket(experiment: String, user: String) -> Double {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in (experiment + "|" + user).utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        hash &*= 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 33
        return Double(hash >> 11) / Double(UInt64(1) << 53)
    }
}

/// Puts each user in an experiment's variant: redirects, or passes the variant on as the
/// native parameter `experiment.<name>`.
public struct ABTestInterceptor: Interceptor {
    /// Names the interceptor in errors and events.
    public let name = "A/B test"
    /// 700: after the degrade rules (800), before login (500).
    public let priority = 700
    private let experiments: [(Experiment, PatternSet)]
    /// Every experiment's pattern in one set: whether a request is in any takes one look-up.
    private let anyExperiment: PatternSet
    private let userID: @Sendable () -> String

    /// Runs `experiments`; `userID` gives the current user's id when an open is in one.
    ///
    /// - Throws: `PatternError` when an experiment's pattern is invalid.
    /// - Parameter converters: the router's converters, when patterns use custom ones.
    public init(
        experiments: [Experiment], userID: @escaping @Sendable () -> String,
        converters: [String: ParameterConverter] = ParameterConverter.defaultSet
    ) throws(PatternError) {
        var prepared: [(Experiment, PatternSet)] = []
        for experiment in experiments { prepared.append((experiment, try PatternSet([experiment.pattern], converters: converters))) }
        self.experiments = prepared
        anyExperiment = try PatternSet(experiments.map(\.pattern), converters: converters)
        callsAppCode = anyExperiment.callsAppCode
        self.userID = userID
    }

    /// For each experiment the route is in, puts the user in a variant: the first variant with a
    /// redirect redirects; otherwise each variant goes on as the native parameter `experiment.<name>`.
    public func intercept(_ request: RouteRequest) async throws -> InterceptorDecision {
        var changed = request
        for (experiment, patterns) in experiments where patterns.contains(request) {
            guard let variant = experiment.variant(for: userID()) else { continue }
            if let redirect = variant.redirect { return .redirect(redirect) }
            changed.nativeParameters["experiment." + experiment.name] = variant.name
        }
        return .proceedWith(changed)
    }

    let callsAppCode: Bool

    /// Whether any experiment's pattern matches: the set's best match exists whenever one does.
    func inAnyExperiment(_ path: PolicyPath) -> Bool {
        anyExperiment.contains(path)
    }
}
