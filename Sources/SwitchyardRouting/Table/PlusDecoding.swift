/// Where a `+` in a URL stands for a space. ``RouterConfiguration/plusDecoding``.
public enum PlusDecoding: Sendable, Equatable {
    /// In query values only, as HTML forms encode them (`?q=a+b` is `a b`; `/tag/c++` is
    /// `c++`). The default.
    case queryOnly
    /// In path values too (`/tag/a+b` is `a b`): JLRoutes' `decodePlusSymbols`, on by default there.
    case pathAndQuery
    /// Nowhere: `+` is a plus in query values too, as JLRoutes with `decodePlusSymbols` off.
    case never

    var inPath: Bool { self == .pathAndQuery }
    var inQuery: Bool { self != .never }
}
