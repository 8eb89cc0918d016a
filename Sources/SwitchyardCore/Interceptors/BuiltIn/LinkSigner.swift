import Crypto
import Foundation

/// Signs and verifies links with HMAC-SHA256, so that only links the app's backend made
/// can open routes that require a signature.
///
/// The signature covers a canonical form of the URL — lowercased scheme and web host, the
/// normalized path, and the query items sorted, without `sig` itself — including the `ts`
/// timestamp, so altering any part or replaying an old link fails.
///
/// ```swift
/// let signer = LinkSigner(secret: Data(secretBytes))
/// let link = try signer.sign("myapp://coupon/claim?id=7")   // …?id=7&ts=1795305600&sig=9f2c…
/// ```
public struct LinkSigner: Sendable {
    public static let signatureItem = "sig"
    public static let timestampItem = "ts"

    /// Kept as bytes: `SymmetricKey` is not `Sendable` in every swift-crypto release.
    private let secret: Data
    /// How old a signature may be.
    public let validity: Duration

    public init(secret: Data, validity: Duration = .seconds(600)) {
        self.secret = secret
        self.validity = validity
    }

    /// `url` with `ts` (seconds since 1970) and `sig` query items added.
    /// - Throws: ``RoutingError`` when the URL is malformed.
    public func sign(_ url: String, at date: Date = Date()) throws(RoutingError) -> String {
        let separator = url.contains("?") ? "&" : "?"
        let stamped = url + separator + Self.timestampItem + "=" + String(Int(date.timeIntervalSince1970))
        let canonical = try CanonicalLink.make(stamped).canonical
        return stamped + "&" + Self.signatureItem + "=" + hex(HMAC<SHA256>.authenticationCode(for: Data(canonical.utf8), using: SymmetricKey(data: secret)))
    }

    /// Checks the link's signature and age.
    /// - Throws: ``SecurityError`` — unsigned, expired or altered — or ``RoutingError`` for a malformed URL.
    public func verify(_ url: String, now: Date = Date()) throws {
        let link = try CanonicalLink.make(url)
        guard let signature = link.signature, let timestamp = link.timestamp, let code = Self.bytes(fromHex: signature) else {
            throw SecurityError.unsigned(path: link.path)
        }
        // Constant-time comparison, whatever the signature says.
        guard HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: Data(link.canonical.utf8), using: SymmetricKey(data: secret)) else {
            throw SecurityError.badSignature(path: link.path)
        }
        let age = now.timeIntervalSince1970 - Double(timestamp)
        let limit = Double(validity.components.seconds)
        guard age <= limit, age >= -60 else { throw SecurityError.expired(path: link.path) }
    }

    private func hex(_ code: HMAC<SHA256>.MAC) -> String {
        code.map { String(format: "%02x", $0) }.joined()
    }

    private static func bytes(fromHex text: String) -> Data? {
        let digits = Array(text.utf8)
        guard digits.count == 64 else { return nil }
        var bytes = Data(capacity: 32)
        var index = 0
        while index < digits.count {
            guard let high = ASCII.hexValue(digits[index]), let low = ASCII.hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }
}

/// Requires a valid signature for some routes or schemes.
public struct SignedLinkInterceptor: Interceptor {
    public let name = "signed links"
    public let priority = 950
    private let signer: LinkSigner
    private let routes: PatternSet
    private let schemes: Set<String>

    public init(signer: LinkSigner, routes: [String] = [], schemes: Set<String> = []) throws(PatternError) {
        self.signer = signer
        self.routes = try PatternSet(routes)
        self.schemes = Set(schemes.map { $0.lowercased() })
    }

    public func applies(to request: RouteRequest) -> Bool {
        request.scheme.map(schemes.contains) == true || routes.contains(request)
    }

    public func intercept(_ request: RouteRequest) async throws -> InterceptorDecision {
        do {
            try signer.verify(request.url)
            return .proceed
        } catch {
            return .reject(error)
        }
    }
}
