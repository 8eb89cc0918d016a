// sample: README.md #6 "let store = try ManifestStore(bundled: t"
import Foundation
import Switchyard

let bundledJSON = try Data(contentsOf: URL(fileURLWithPath: "routes.json"))
let appPublicKey = Data(ManifestSigner.generateKeyPair().publicKey.utf8)
let cacheURL = URL(fileURLWithPath: "/tmp/routes.manifest")
let router = Router(configuration: RouterConfiguration(schemes: ["shop"]))
let mediator = Mediator()
let manifestURL = URL(string: "https://shop.example.com/routes.manifest")!
// {{sample}}
