import Foundation
import Logging
import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardServices
import SwitchyardNavigation
import SwitchyardMediator
import SwitchyardPipeline
import SwitchyardManifest
import SwitchyardApp

/// Signed envelopes. Only a payload this process signed can verify, whatever the bytes around
/// it; a refused envelope leaves the store as it was.
enum EnvelopeTarget: FuzzTarget {
    static let name = "envelope"

    static let keys = ManifestSigner.generateKeyPair()
    static let verifier = try? ManifestVerifier(publicKey: Data(base64Encoded: keys.publicKey) ?? Data())
    static let payload = Data(#"{"schemaVersion":1,"manifestVersion":2,"routes":[{"pattern":"/p/:id","kind":"web","url":"https://m.example.com/p"}]}"#.utf8)
    static let signed = (try? ManifestSigner(privateKey: Data(base64Encoded: keys.privateKey) ?? Data()).sign(payload)) ?? Data()
    static let store: ManifestStore? = {
        guard let verifier, let bundled = try? ManifestDecoder.decode(Data(#"{"schemaVersion":1,"manifestVersion":1,"routes":[]}"#.utf8))
        else { return nil }
        var logger = Logger(label: "fuzz")
        logger.logLevel = .critical
        return try? ManifestStore(bundled: bundled, verifier: verifier, logger: logger)
    }()

    static func run(_ data: Data) {
        // Half the inputs are mutations of a genuine envelope: the first byte says where to splice.
        var envelope = data
        if let first = data.first, first & 1 == 1, !signed.isEmpty {
            let at = Int(first) % signed.count
            envelope = signed.prefix(at) + data.dropFirst() + signed.dropFirst(at + min(data.count, 4))
        }
        do {
            if let verified = try verifier?.verify(envelope), verified != payload {
                violated("only a payload this process signed verifies", envelope.base64EncodedString())
            }
        } catch {
            if !isSafeToLog(error.description) { violated("a refusal is safe to log", envelope.base64EncodedString()) }
        }
        guard let store else { return }
        let before = store.manifest
        if case .rejected = store.accept(envelope), store.manifest != before {
            violated("a refused envelope changes nothing", envelope.base64EncodedString())
        }
    }
}
