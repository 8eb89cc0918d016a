/// How an ``XCallbackChannel`` serves other apps and calls them.
///
/// ```swift
/// var settings = XCallbackSettings(sourceName: "Shop", openToApps: ["/cart/pick"], allowedCallbacks: ["sibling"])
/// settings.successAliases = ["callBack"]   // seed 002's name for x-success
/// ```
public struct XCallbackSettings: Sendable, Equatable {
    /// The name this app gives as `x-source` when it calls another app.
    public var sourceName: String
    /// The routes other apps may reach through `myapp://x-callback-url/<route path>`, as they
    /// were registered; any other is refused with `OpenError.notOpenToCaller`, reported to the
    /// caller's `x-error`.
    public var openToApps: [String]
    /// Where answers may be sent: `scheme` (any URL of that scheme) or `scheme://host` (that
    /// host only). A request whose `x-success`, `x-error` or `x-cancel` points anywhere else is
    /// refused whole: nothing runs and nothing is opened, so a stranger cannot send this app's
    /// data to an app of their choice.
    public var allowedCallbacks: [String]
    /// The host of x-callback URLs, `myapp://x-callback-url/…`. Default `x-callback-url`.
    public var host: String
    /// Other query names read as `x-success`, for callers that predate the convention (seed 002's `callBack`).
    public var successAliases: [String]
    /// The scheme replies come back on; `nil` for the router's scheme when it has one only.
    public var replyScheme: String?
    /// How long ``XCallbackChannel/call(otherApp:parameters:timeout:)`` waits for a reply by default.
    public var replyTimeout: Duration
    /// The most calls to other apps that may wait for replies at once.
    public var pendingCallLimit: Int
    /// The longest callback URL the channel opens, answer included, in UTF-8 bytes; an answer
    /// that makes a longer one goes to `x-error` as `answerTooLarge` instead.
    public var callbackURLBytes: Int

    /// Settings for an app that calls itself `sourceName`, opens `openToApps` to other apps and
    /// answers only to `allowedCallbacks`.
    public init(
        sourceName: String, openToApps: [String] = [], allowedCallbacks: [String] = [], host: String = "x-callback-url",
        successAliases: [String] = [], replyScheme: String? = nil, replyTimeout: Duration = .seconds(120), pendingCallLimit: Int = 16,
        callbackURLBytes: Int = 8_192
    ) {
        self.sourceName = sourceName
        self.openToApps = openToApps
        self.allowedCallbacks = allowedCallbacks
        self.host = host
        self.successAliases = successAliases
        self.replyScheme = replyScheme
        self.replyTimeout = replyTimeout
        self.pendingCallLimit = pendingCallLimit
        self.callbackURLBytes = callbackURLBytes
    }
}

/// What another app replied to ``XCallbackChannel/call(otherApp:parameters:timeout:)``.
public enum XCallbackReply: Sendable, Equatable {
    /// The app opened `x-success`, with these values (the first of a repeated name).
    case success([String: String])
    /// The app opened `x-error`, with its `errorCode` and `errorMessage` when it gave them.
    case failure(code: String?, message: String?)
    /// The app opened `x-cancel`: the user gave up.
    case cancelled
}
