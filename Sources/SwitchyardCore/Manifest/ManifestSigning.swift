import Crypto
import Foundation

/// A manifest and its Ed25519 signature, as a server publishes it:
/// `{"payload": "<base64 manifest JSON>", "signature": "<base64 signature of those bytes>"}`.
///
/// The signature covers the exact manifest bytes, so nothing is re-encoded before checking.
public struct SignedManifest: Codable, Equatable, Sendable {
    public let payload: String
    public let signature: String

    public init(payload: String, signature: String) {
        self.payload = payload
        self.signature = signature
    }
}

/// Signs manifests with an Ed25519 private key (the server's side, and `switchyard manifest sign`).
public struct ManifestSigner: Sendable {
    /// The raw 32-byte private key; kept as bytes because key types are not `Sendable` everywhere.
    private let privateKey: Data

    /// - Throws: when `privateKey` is not a raw 32-byte Ed25519 key.
    public init(privateKey: Data) throws {
        _ = try Curve25519.Signing.PrivateKey(rawRepresentation: privateKey)
        self.privateKey = privateKey
    }

    /// A new key pair as base64 raw representations.
    public static func generateKeyPair() -> (privateKey: String, publicKey: String) {
        let key = Curve25519.Signing.PrivateKey()
        return (key.rawRepresentation.base64EncodedString(), key.publicKey.rawRepresentation.base64EncodedString())
    }

    public var publicKey: Data {
        (try? Curve25519.Signing.PrivateKey(rawRepresentation: privateKey))?.publicKey.rawRepresentation ?? Data()
    }

    /// The signed envelope of `manifest` (JSON bytes), encoded as JSON.
    public func sign(_ manifest: Data) throws -> Data {
        let key = try Curve25519.Signing.PrivateKey(rawRepresentation: privateKey)
        let signature = try key.signature(for: manifest)
        let envelope = SignedManifest(payload: manifest.base64EncodedString(), signature: signature.base64EncodedString())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(envelope)
    }
}

/// Checks signed manifests against the app's Ed25519 public key.
public struct ManifestVerifier: Sendable {
    private let publicKey: Data

    /// - Throws: when `publicKey` is not a raw 32-byte Ed25519 public key.
    public init(publicKey: Data) throws {
        _ = try Curve25519.Signing.PublicKey(rawRepresentation: publicKey)
        self.publicKey = publicKey
    }

    /// The manifest bytes inside `envelope`, once their signature checks out.
    ///
    /// - Parameter limits: the envelope may be twice ``InputLimits/manifestBytes`` (base64).
    public func verify(_ envelope: Data, limits: InputLimits = .default) throws(ManifestError) -> Data {
        let maximum = limits.manifestBytes.multipliedReportingOverflow(by: 2).overflow ? Int.max : limits.manifestBytes * 2
        guard envelope.count <= maximum else {
            throw .limitExceeded(LimitExceeded(.manifestBytes, value: envelope.count, maximum: maximum))
        }
        let signed: SignedManifest
        do {
            signed = try JSONDecoder().decode(SignedManifest.self, from: envelope)
        } catch {
            throw .notSigned(reason: "expected {\"payload\": …, \"signature\": …}")
        }
        guard let payload = Data(base64Encoded: signed.payload) else { throw .notSigned(reason: "the payload is not base64") }
        guard let signature = Data(base64Encoded: signed.signature) else { throw .notSigned(reason: "the signature is not base64") }
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: publicKey),
              key.isValidSignature(signature, for: payload) else {
            throw .badSignature
        }
        return payload
    }
}
