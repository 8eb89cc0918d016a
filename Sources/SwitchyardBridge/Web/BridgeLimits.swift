/// How much a web page may send and be sent back through a ``WebBridge``.
///
/// | Limit | Default | What it bounds |
/// |---|---|---|
/// | ``messageBytes`` | 65,536 | one message from a page, in UTF-8 bytes |
/// | ``depth`` | 16 | containers nested in a message's JSON (and in an answer), at most ``depthCeiling`` |
/// | ``parameters`` | 64 | members of a message's `params` |
/// | ``pendingCallsPerPage`` | 16 | calls running from one page: one origin in one web view |
/// | ``pages`` | 64 | pages (origins × web views) with calls running |
/// | ``answerBytes`` | 262,144 | one reply to a page, in UTF-8 bytes |
public struct BridgeLimits: Sendable, Equatable {
    /// The longest message, in UTF-8 bytes.
    public var messageBytes: Int
    /// How many containers (objects, arrays) a message's JSON (and an answer) may nest, the
    /// message's own object and `params` included, whatever the innermost holds: with 16, `params`
    /// may hold 14 nested arrays around a value. Clamped to ``depthCeiling``.
    public var depth: Int { didSet { depth = min(depth, Self.depthCeiling) } }
    /// The most members a message's `params` may have.
    public var parameters: Int
    /// The most calls one page may have running at once.
    ///
    /// A page is what WebKit says a message came from, an origin in a web view
    /// (``WebFrame/view``), not the name its script gives: a script that makes up names
    /// gets no more calls. A call whose page left counts until its route returns.
    public var pendingCallsPerPage: Int
    /// The most pages (origins × web views) that may have calls running at once.
    public var pages: Int
    /// The longest reply, in UTF-8 bytes: an answer that makes a longer one is an error the page sees.
    public var answerBytes: Int

    /// The deepest nesting any limits allow: parameters are converted one level per call.
    public static let depthCeiling = 64

    /// Limits for a bridge; the defaults fit what a page's script sends.
    public init(
        messageBytes: Int = 65_536, depth: Int = 16, parameters: Int = 64, pendingCallsPerPage: Int = 16, pages: Int = 64,
        answerBytes: Int = 262_144
    ) {
        self.messageBytes = messageBytes
        self.depth = min(depth, Self.depthCeiling)
        self.parameters = parameters
        self.pendingCallsPerPage = pendingCallsPerPage
        self.pages = pages
        self.answerBytes = answerBytes
    }
}
