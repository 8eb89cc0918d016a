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

/// Manifest JSON. What the syntax check accepts, Foundation's parser accepts too; a decoded
/// manifest validates without trapping and encodes back to an equal one; a refusal is safe
/// to log; a signed, refused manifest leaves the store as it was.
enum ManifestTarget: FuzzTarget {
    static let name = "manifest"

    static let keys = ManifestSigner.generateKeyPair()
    static let signer = try? ManifestSigner(privateKey: Data(base64Encoded: keys.privateKey) ?? Data())
    static let store: ManifestStore? = {
        guard let verifier = try? ManifestVerifier(publicKey: Data(base64Encoded: keys.publicKey) ?? Data()),
              let bundled = try? ManifestDecoder.decode(Data(#"{"schemaVersion":1,"manifestVersion":1,"routes":[]}"#.utf8))
        else { return nil }
        var logger = Logger(label: "fuzz")
        logger.logLevel = .critical
        return try? ManifestStore(bundled: bundled, verifier: verifier, logger: logger)
    }()

    static func run(_ data: Data) {
        let syntaxOK = (try? ManifestDecoder.checkJSON(data)) != nil
        if syntaxOK, (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) == nil {
            violated("JSON the syntax check accepts is JSON", String(decoding: data, as: UTF8.self).debugDescription)
        }
        do {
            let manifest = try ManifestDecoder.decode(data)
            _ = ManifestValidator().problems(in: manifest)
            guard let encoded = try? JSONEncoder().encode(manifest), (try? ManifestDecoder.decode(encoded)) == manifest else {
                violated("a decoded manifest encodes back to itself", String(decoding: data, as: UTF8.self).debugDescription)
            }
        } catch {
            if !isSafeToLog(error.description) { violated("a refusal is safe to log", String(decoding: data, as: UTF8.self).debugDescription) }
            // The store reads a download with this same decoder: what fails here fails there.
            return
        }
        guard let store, let signed = try? signer?.sign(data) else { return }
        let before = store.manifest
        if case .rejected = store.accept(signed), store.manifest != before {
            violated("a refused manifest changes nothing", String(decoding: data, as: UTF8.self).debugDescription)
        }
    }
}
