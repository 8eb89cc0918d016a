import Crypto
import Foundation

/// Reads an Ed25519 key as `switchyard manifest keygen` writes it (base64 text, as it is
/// pasted into code or read from a file) or as raw bytes, and says at once what it expected.
enum ManifestKey {
    /// The length of a raw Ed25519 key, public or private.
    static let rawLength = 32

    /// The raw key in `data`: 32 raw bytes, or their base64 text (44 characters, surrounding
    /// whitespace and a trailing line end ignored).
    ///
    /// - Throws: ``ManifestError/invalidKey(id:reason:)`` naming `id` and what was found.
    static func raw(_ data: Data, id: String?, kind: String) throws(ManifestError) -> Data {
        if data.count == rawLength { return data }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if let decoded = Data(base64Encoded: text), decoded.count == rawLength { return decoded }
        let found: String
        if data.isEmpty {
            found = "it is empty"
        } else if let decoded = Data(base64Encoded: text) {
            found = "it is base64 of \(decoded.count) bytes"
        } else {
            found = "it is \(data.count) bytes, and not base64 text"
        }
        throw .invalidKey(id: id, reason: "expected an Ed25519 \(kind) key: \(rawLength) raw bytes, or their base64 text as "
            + "`switchyard manifest keygen` writes it (44 characters); \(found)")
    }

    /// A signing key from `data`, checked.
    static func privateKey(_ data: Data, id: String?) throws(ManifestError) -> Data {
        let raw = try raw(data, id: id, kind: "private")
        guard (try? Curve25519.Signing.PrivateKey(rawRepresentation: raw)) != nil else {
            throw .invalidKey(id: id, reason: "not an Ed25519 private key")
        }
        return raw
    }

    /// A verifying key from `data`, checked.
    static func publicKey(_ data: Data, id: String?) throws(ManifestError) -> Data {
        let raw = try raw(data, id: id, kind: "public")
        guard (try? Curve25519.Signing.PublicKey(rawRepresentation: raw)) != nil else {
            throw .invalidKey(id: id, reason: "not an Ed25519 public key")
        }
        return raw
    }
}
