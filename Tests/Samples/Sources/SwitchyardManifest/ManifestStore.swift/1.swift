// sample: Sources/SwitchyardManifest/ManifestStore.swift #1 "let store = try ManifestStore(bundled: t"
import Foundation
import Switchyard

let bundledJSON = try Data(contentsOf: URL(fileURLWithPath: "routes.json"))
let key = Data(ManifestSigner.generateKeyPair().publicKey.utf8)
let applicationSupportURL = URL(fileURLWithPath: "/tmp", isDirectory: true)
let router = Router(configuration: RouterConfiguration(schemes: ["myapp"]))
let mediator = Mediator()
let manifestURL = URL(string: "https://example.com/routes.manifest")!
// {{sample}}
