// sample: Sources/SwitchyardTesting/LocalHTTPServer.swift #1 "let server = try LocalHTTPServer { _ in "
import Foundation
import Switchyard
import SwitchyardTesting

let keys = ManifestSigner.generateKeyPair()
let signedManifest = try ManifestSigner(privateKey: Data(keys.privateKey.utf8))
    .sign(Data(contentsOf: URL(fileURLWithPath: "routes-v2.json")))
let store = try ManifestStore(bundled: ManifestDecoder.decode(Data(contentsOf: URL(fileURLWithPath: "routes.json"))),
                              verifier: ManifestVerifier(publicKey: Data(keys.publicKey.utf8)))
// {{sample}}
