import SwitchyardPatterns
import SwitchyardSupport

/// One thing wrong in a manifest, at its JSON path (`$.routes[2].pattern`).
public struct ManifestProblem: Equatable, Sendable, CustomStringConvertible {
    /// Where the problem is, as a JSON path (`$.routes[2].pattern`), made safe to display.
    public let path: String
    /// What is wrong, made safe for logs.
    public let message: String

    /// `message` is made safe for logs: it may quote strings from a downloaded manifest.
    public init(path: String, message: String) {
        self.path = DisplaySafe.text(path)
        self.message = DisplaySafe.text(message, limit: 2_000)
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}

/// Why a manifest was refused; a refused manifest changes nothing.
public enum ManifestError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The manifest holds nothing but whitespace.
    case empty
    /// Over ``InputLimits/manifestBytes`` (or twice that, for a signed envelope).
    case limitExceeded(LimitExceeded)
    /// Not JSON; where the first syntax error is.
    case malformedJSON(line: Int, column: Int, message: String)
    /// JSON of the wrong shape, or values that fail validation: every problem found.
    case invalid([ManifestProblem])
    /// Not a signed envelope (`{"payload": …, "signature": …}` in base64).
    case notSigned(reason: String)
    /// The signature does not verify with the configured public key.
    case badSignature
    /// The envelope names a key the app does not have (`known` lists the ids it has).
    case unknownKey(String, known: [String])
    /// Its `manifestVersion` is not higher than the one in use: a rollback or a replay.
    case notNewer(received: Int, current: Int)
    /// A key given to a ``ManifestVerifier`` or a ``ManifestSigner`` that is not one: which key
    /// (its id; `nil` for a key given without one) and what was wrong with it. Thrown when the
    /// verifier or signer is made, before any manifest is read.
    case invalidKey(id: String?, reason: String)

    /// A sentence for logs; text quoted from the manifest is made safe to display.
    public var description: String {
        switch self {
        case .empty: return "the manifest is empty"
        case .limitExceeded(let exceeded): return exceeded.description
        case .malformedJSON(let line, let column, let message):
            return "malformed JSON at line \(line), column \(column): \(DisplaySafe.text(message))"
        case .invalid(let problems): return "invalid manifest: " + problems.map(\.description).joined(separator: "; ")
        case .notSigned(let reason): return "the manifest is not signed: \(DisplaySafe.text(reason))"
        case .badSignature: return "the manifest's signature does not match the configured public key"
        case .unknownKey(let id, let known):
            let have = known.isEmpty ? "its only key has no id" : "it has: " + known.map { DisplaySafe.text($0) }.joined(separator: ", ")
            return "the manifest is signed with key \"\(DisplaySafe.text(id))\", which this app does not have (\(have))"
        case .notNewer(let received, let current):
            return "manifest version \(received) is not newer than the current version \(current)"
        case .invalidKey(let id, let reason):
            return (id.map { "key \"\(DisplaySafe.text($0))\"" } ?? "the key") + ": \(DisplaySafe.text(reason))"
        }
    }
}
