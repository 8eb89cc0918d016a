import Crypto
import Foundation
import SwitchyardSupport

/// Signs and verifies links with HMAC-SHA256, so that only links the app's backend made
/// can open routes that require a signature.
///
/// The signature covers a canonical form of the whole URL — lowercased scheme and web host,
/// the normalized path, the query items sorted (without `sig`), and the fragment — including
/// the `ts` timestamp, so altering, adding or removing any part fails, and an old link expires.
///
/// ```swift
/// let signer = try LinkSigner(secret: Data(secretBytes))
/// let link = try signer.sign("myapp://coupon/claim?id=7")   // …?id=7&ts=1795305600&sig=9f2c…
/// ```
///
/// Keys rotate: give the signer several keys by id and sign with the newest; links carry
/// `kid`, and links signed before (without `kid`) are checked with each key. A link signed
/// with `oneTime: true` carries a random `once` item and opens once: the signer remembers
/// it in ``usedLinks`` until it expires, and a second verification fails as a replay.
public struct LinkSigner: Sendable {
    /// The query item that carries the signature, an HMAC-SHA256 in hexadecimal.
    public static let signatureItem = "sig"
    /// The query item that carries the signing time, in seconds since 1970.
    public static let timestampItem = "ts"
    /// The query item that names the signing key, when the signer has keys by id.
    public static let keyItem = "kid"
    /// The query item that carries a one-time link's random nonce.
    public static let nonceItem = "once"
    /// The items signing adds; a link carrying one of them twice is refused.
    public static let reservedItems: Set<String> = [signatureItem, timestampItem, keyItem, nonceItem]
    /// The most keys a signer holds: a link without `kid` is tried against each.
    public static let maximumKeys = 8

    /// Kept as bytes: `SymmetricKey` is not `Sendable` in every swift-crypto release.
    private let keys: [(id: String?, secret: Data)]
    private let signingKey: (id: String?, secret: Data)
    /// How old a signature may be.
    public let validity: Duration
    /// How far in the future a timestamp may be (clocks differ); later ones are not yet valid.
    public let allowedClockSkew: Duration
    /// Where the nonces of one-time links are remembered; shared by copies of this signer.
    public let usedLinks: UsedLinks

    /// One key; links carry no `kid`.
    /// - Throws: ``SecurityError/emptySecret(keyID:)`` for a secret with no bytes.
    public init(secret: Data, validity: Duration = .seconds(600), allowedClockSkew: Duration = .seconds(60),
                usedLinks: UsedLinks = UsedLinks()) throws(SecurityError) {
        guard !secret.isEmpty else { throw .emptySecret(keyID: nil) }
        self.keys = [(nil, secret)]
        self.signingKey = (nil, secret)
        self.validity = validity
        self.allowedClockSkew = allowedClockSkew
        self.usedLinks = usedLinks
    }

    /// Several keys by id, signing with `signingKeyID`.
    /// - Throws: ``SecurityError/unknownKey(path:keyID:)`` when `signingKeyID` is not among
    ///   `keys`; ``SecurityError/tooManyKeys(_:limit:)`` past ``maximumKeys``;
    ///   ``SecurityError/emptySecret(keyID:)`` naming a key with no bytes.
    public init(
        keys: [String: Data], signingKeyID: String, validity: Duration = .seconds(600),
        allowedClockSkew: Duration = .seconds(60), usedLinks: UsedLinks = UsedLinks()
    ) throws(SecurityError) {
        guard keys.count <= Self.maximumKeys else { throw .tooManyKeys(keys.count, limit: Self.maximumKeys) }
        guard let signing = keys[signingKeyID] else { throw .unknownKey(path: "", keyID: signingKeyID) }
        if let empty = keys.filter({ $0.value.isEmpty }).map(\.key).min() { throw .emptySecret(keyID: empty) }
        self.keys = keys.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        self.signingKey = (signingKeyID, signing)
        self.validity = validity
        self.allowedClockSkew = allowedClockSkew
        self.usedLinks = usedLinks
    }

    /// `url` with `kid` (for a named key), `once` (for a one-time link), `ts` (seconds since
    /// 1970) and `sig` added to its query, before any fragment.
    /// - Throws: ``RoutingError`` when the URL is malformed, or when the signed link would be
    ///   over a limit of ``InputLimits`` that verifying it enforces; ``SecurityError`` when it
    ///   already carries one of the ``reservedItems``.
    public func sign(_ url: String, at date: Date = Date(), oneTime: Bool = false) throws -> String {
        let original = try CanonicalLink.make(url)
        if let reserved = original.reservedItems.first {
            throw SecurityError.duplicatedItem(path: original.path, name: reserved)
        }
        let (base, fragment) = Self.splitFragment(url)
        var stamped = base
        if let id = signingKey.id { stamped = PercentCoding.appendingQueryItem(Self.keyItem, id, to: stamped) }
        if oneTime { stamped = PercentCoding.appendingQueryItem(Self.nonceItem, Self.nonce(), to: stamped) }
        stamped = PercentCoding.appendingQueryItem(Self.timestampItem, String(Int(date.timeIntervalSince1970)), to: stamped)
        let fragmentSuffix = fragment.map { "#" + $0 } ?? ""
        let canonical = try CanonicalLink.make(stamped + fragmentSuffix).canonical
        let code = HMAC<SHA256>.authenticationCode(for: Data(canonical.utf8), using: SymmetricKey(data: signingKey.secret))
        let signed = stamped + "&" + Self.signatureItem + "=" + code.map { String(format: "%02x", $0) }.joined() + fragmentSuffix
        // The items added can take a link past a limit (query items, length) that verifying
        // enforces: refuse here what could never verify.
        _ = try CanonicalLink.make(signed)
        return signed
    }

    /// Checks the link's signature, age, key and (for a one-time link) that it was not used.
    ///
    /// A one-time link is used up by the first verification that succeeds: check it in one
    /// place (the router's ``SignedLinkInterceptor`` or the mediator's signer, not both).
    /// - Throws: ``SecurityError`` — unsigned, a repeated signing item, an unknown key, altered,
    ///   expired, not yet valid, or replayed — or ``RoutingError`` for a malformed URL.
    public func verify(_ url: String, now: Date = Date()) throws {
        let link = try CanonicalLink.make(url)
        if let repeated = link.repeatedReservedItem { throw SecurityError.duplicatedItem(path: link.path, name: repeated) }
        guard let signature = link.signature, let timestamp = link.timestamp, let code = Self.bytes(fromHex: signature) else {
            throw SecurityError.unsigned(path: link.path)
        }
        let candidates: [Data]
        if let keyID = link.keyID {
            guard let key = keys.first(where: { $0.id == keyID }) else { throw SecurityError.unknownKey(path: link.path, keyID: keyID) }
            candidates = [key.secret]
        } else {
            candidates = keys.map(\.secret)
        }
        // Constant-time comparison, whatever the signature says.
        let message = Data(link.canonical.utf8)
        guard candidates.contains(where: { HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: message, using: SymmetricKey(data: $0)) }) else {
            throw SecurityError.badSignature(path: link.path)
        }
        let age = now.timeIntervalSince1970 - Double(timestamp)
        guard age >= -Self.seconds(allowedClockSkew) else { throw SecurityError.notYetValid(path: link.path) }
        guard age <= Self.seconds(validity) else { throw SecurityError.expired(path: link.path) }
        if let nonce = link.nonce {
            let expiry = Date(timeIntervalSince1970: Double(timestamp) + Self.seconds(validity))
            try usedLinks.use(nonce, until: expiry, now: now, path: link.path)
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// The URL before its first `#`, and the rest. By bytes: a combining mark after `#` makes
    /// one character of the two, and a character search would miss the fragment.
    private static func splitFragment(_ url: String) -> (String, String?) {
        let bytes = Array(url.utf8)
        guard let hash = bytes.firstIndex(of: ASCII.hash) else { return (url, nil) }
        return (String(decoding: bytes[..<hash], as: UTF8.self), String(decoding: bytes[(hash + 1)...], as: UTF8.self))
    }

    /// 128 random bits, hex.
    private static func nonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }.joined(separator: "-")
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
