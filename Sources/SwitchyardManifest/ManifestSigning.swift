import Crypto
import Foundation
import SwitchyardPatterns

/// A manifest and its Ed25519 signature, as a server publishes it:
/// `{"payload": "<base64 manifest JSON>", "signature": "<base64 signature of those bytes>", "keyID": "2026-11"}`.
///
/// The signature covers the exact manifest bytes, so nothing is re-encoded before checking.
/// `keyID` names the key that signed it, so keys can rotate; it is optional, for envelopes
/// signed before there were several keys.
public struct SignedManifest: Codable, Equatable, Sendable {
    /// The manifest's JSON bytes, base64-encoded.
    public let payload: String
    /// The Ed25519 signature of the payload's bytes, base64-encoded.
    public let signature: String
    /// The id of the key that signed it; `nil` for envelopes signed before there were key ids.
    public let keyID: String?

    /// An envelope of already encoded parts.
    public init(payload: String, signature: String, keyID: String? = nil) {
        self.payload = payload
        self.signature = signature
        self.keyID = keyID
    }
}

/// Signs manifests with an Ed25519 private key (the server's side, and `switchyard manifest sign`).
public struct ManifestSigner: Sendable {
    /// The raw 32-byte private key; kept as bytes because key types are not `Sendable` everywhere.
    private let privateKey: Data
    /// Written into every envelope, so an app that trusts several keys knows which one to use.
    public let keyID: String?

    /// A signer with `privateKey`, an Ed25519 key as 32 raw bytes or their base64 text (as
    /// `switchyard manifest keygen` writes it); `keyID` goes into every envelope.
    ///
    /// - Throws: ``ManifestError/invalidKey(id:reason:)`` when `privateKey` is neither, naming
    ///   `keyID` and what it is.
    public init(privateKey: Data, keyID: String? = nil) throws(ManifestError) {
        self.privateKey = try ManifestKey.privateKey(privateKey, id: keyID)
        self.keyID = keyID
    }

    /// A new key pair as base64 raw representations.
    public static func generateKeyPair() -> (privateKey: String, publicKey: String) {
        let key = Curve25519.Signing.PrivateKey()
        return (key.rawRepresentation.base64EncodedString(), key.publicKey.rawRepresentation.base64EncodedString())
    }

    /// The raw 32-byte public key that verifies this signer's envelopes, for ``ManifestVerifier``.
    public var publicKey: Data {
        (try? Curve25519.Signing.PrivateKey(rawRepresentation: privateKey))?.publicKey.rawRepresentation ?? Data()
    }

    /// The signed envelope of `manifest` (JSON bytes), encoded as JSON.
    public func sign(_ manifest: Data) throws -> Data {
        let key = try Curve25519.Signing.PrivateKey(rawRepresentation: privateKey)
        let signature = try key.signature(for: manifest)
        let envelope = SignedManifest(payload: manifest.base64EncodedString(), signature: signature.base64EncodedString(), keyID: keyID)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(envelope)
    }
}

/// Checks signed manifests against the app's Ed25519 public keys.
///
/// Several keys rotate without breaking manifests already cached in the field: ship the
/// app with the old and the new key, sign with the new one, drop the old one a release later.
/// An envelope that names its key is checked with that key only; one that does not (signed
/// before key ids) is checked with each key in turn.
public struct ManifestVerifier: Sendable {
    /// Public keys by id; the id `""` stands for a key given without one.
    private let publicKeys: [(id: String, key: Data)]

    /// The most keys a verifier holds: an unnamed envelope is tried against each.
    public static let maximumKeys = 8

    /// One key, for envelopes with or without a key id: 32 raw bytes, or their base64 text as
    /// `switchyard manifest keygen` writes it (`ManifestVerifier(publicKey: Data("U4c…=".utf8))`).
    /// - Throws: ``ManifestError/invalidKey(id:reason:)`` when `publicKey` is neither, saying
    ///   what it is: at once, before any manifest is read.
    public init(publicKey: Data) throws(ManifestError) {
        try self.init(keys: [(nil, publicKey)])
    }

    /// Several keys by id, so that keys can rotate; each as ``init(publicKey:)`` takes it.
    /// - Throws: ``ManifestError/invalidKey(id:reason:)`` naming the key that is not one, or
    ///   when there is none, or more than ``maximumKeys``.
    public init(publicKeys: [String: Data]) throws(ManifestError) {
        try self.init(keys: publicKeys.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    private init(keys: [(id: String?, key: Data)]) throws(ManifestError) {
        guard !keys.isEmpty, keys.count <= Self.maximumKeys else {
            throw .invalidKey(id: nil, reason: "a verifier needs 1 to \(Self.maximumKeys) keys, got \(keys.count)")
        }
        var checked: [(id: String, key: Data)] = []
        for (id, key) in keys { checked.append((id ?? "", try ManifestKey.publicKey(key, id: id))) }
        publicKeys = checked
    }

    /// The manifest bytes inside `envelope`, once their signature checks out.
    ///
    /// - Parameter limits: the envelope may be twice ``InputLimits/manifestBytes`` (base64).
    /// - Throws: ``ManifestError``: too large, not an envelope (a repeated key included),
    ///   an unknown key id, or a signature that does not verify.
    public func verify(_ envelope: Data, limits: InputLimits = .default) throws(ManifestError) -> Data {
        let maximum = limits.manifestBytes.multipliedReportingOverflow(by: 2).overflow ? Int.max : limits.manifestBytes * 2
        guard envelope.count <= maximum else {
            throw .limitExceeded(LimitExceeded(.manifestBytes, value: envelope.count, maximum: maximum))
        }
        let expected = "expected {\"payload\": …, \"signature\": …}"
        // Decoders keep one of two repeated keys silently; a signed envelope must mean one thing.
        if let failure = JSONSyntax.firstError(in: [UInt8](envelope), maximumDepth: InputLimits.default.jsonDepth) {
            guard let key = failure.duplicateKey else { throw .notSigned(reason: expected) }
            throw .notSigned(reason: "the envelope has the key \"\(key)\" twice (line \(failure.line), column \(failure.column))")
        }
        let signed: SignedManifest
        do {
            signed = try JSONDecoder().decode(SignedManifest.self, from: envelope)
        } catch {
            throw .notSigned(reason: expected)
        }
        guard let payload = Data(base64Encoded: signed.payload) else { throw .notSigned(reason: "the payload is not base64") }
        guard let signature = Data(base64Encoded: signed.signature) else { throw .notSigned(reason: "the signature is not base64") }
        let candidates: [Data]
        if let keyID = signed.keyID {
            guard let named = publicKeys.first(where: { $0.id == keyID }) else {
                throw .unknownKey(keyID, known: publicKeys.map(\.id).filter { !$0.isEmpty })
            }
            candidates = [named.key]
        } else {
            candidates = publicKeys.map(\.key)
        }
        for candidate in candidates {
            if let key = try? Curve25519.Signing.PublicKey(rawRepresentation: candidate), key.isValidSignature(signature, for: payload) {
                return payload
            }
        }
        throw .badSignature
    }
}
