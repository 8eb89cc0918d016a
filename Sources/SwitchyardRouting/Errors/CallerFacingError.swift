/// An error whose code and message a route chooses to send to callers outside the app: a web
/// page's rejected promise, another app's `x-error`.
///
/// Any other error a route throws or answers with reaches such callers as `failed`, "the route
/// failed": its text stays inside the app (logs, in-app callers), as it may name files, hosts or
/// values. Throw one of these on purpose when the caller should know why:
///
/// ```swift
/// try router.action("/deal/:id/claim") { _ in
///     throw CallerFacingFailure(code: "soldOut", message: "This deal has sold out.")
/// }
/// ```
public protocol CallerFacingError: Error {
    /// A stable name for the failure (`soldOut`): ASCII letters, digits, `.`, `_` and `-`, at most
    /// 64 bytes; any other is sent as `failed`.
    var codeForCallers: String { get }
    /// The sentence callers outside the app may show; cut to 500 characters and made safe to show.
    var messageForCallers: String { get }
}

/// A ``CallerFacingError`` with a code and a message chosen where it is thrown, and detail for
/// the app's own logs.
public struct CallerFacingFailure: CallerFacingError, Sendable, Equatable, CustomStringConvertible {
    /// The code callers outside the app see.
    public let codeForCallers: String
    /// The message callers outside the app see.
    public let messageForCallers: String
    /// What the app's logs and in-app callers read besides the message; never sent out.
    public let detail: String?

    /// A failure callers outside the app see as `code` and `message`.
    public init(code: String, message: String, detail: String? = nil) {
        self.codeForCallers = code
        self.messageForCallers = message
        self.detail = detail
    }

    /// The code and message `error` chose, and its own text as the detail.
    public init(_ error: any CallerFacingError) {
        if let failure = error as? CallerFacingFailure {
            self = failure
        } else {
            self.init(code: error.codeForCallers, message: error.messageForCallers, detail: String(describing: error))
        }
    }

    public var description: String {
        "\(codeForCallers): \(messageForCallers)" + (detail.map { " (\($0))" } ?? "")
    }
}
