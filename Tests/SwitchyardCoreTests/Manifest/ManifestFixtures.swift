import Foundation
import Logging
import Switchyard

enum Fixtures {
    /// The repository's `Schemas/` folder, found from this file.
    static let schemas = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Schemas")

    static func example() throws -> Data {
        try Data(contentsOf: schemas.appendingPathComponent("example-manifest.json"))
    }

    static let keys = ManifestSigner.generateKeyPair()
    static let otherKeys = ManifestSigner.generateKeyPair()

    static func signer(_ keys: (privateKey: String, publicKey: String) = keys) throws -> ManifestSigner {
        try ManifestSigner(privateKey: Data(base64Encoded: keys.privateKey) ?? Data())
    }

    static func verifier() throws -> ManifestVerifier {
        try ManifestVerifier(publicKey: Data(base64Encoded: keys.publicKey) ?? Data())
    }

    static let quiet = Logger(label: "switchyard.tests") { _ in SwiftLogNoOpLogHandler() }

    /// A small manifest as JSON: one product route per version, so a swap is visible.
    static func manifestJSON(version: Int, routes: String? = nil) -> Data {
        let routes = routes ?? #"{ "pattern": "/promo/v\#(version)", "kind": "web", "url": "https://m.example.com/promo/\#(version)" }"#
        return Data(#"{ "schemaVersion": 1, "manifestVersion": \#(version), "routes": [\#(routes)] }"#.utf8)
    }

    static func signed(version: Int, keys: (privateKey: String, publicKey: String) = keys) throws -> Data {
        try signer(keys).sign(manifestJSON(version: version))
    }

    static func bundled() throws -> RouteManifest {
        try ManifestDecoder.decode(manifestJSON(version: 1, routes: """
            { "pattern": "/home", "kind": "web", "url": "https://m.example.com/home" },
            { "pattern": "/promo/v1", "kind": "web", "url": "https://m.example.com/promo/1" }
            """))
    }

    static func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-manifest-\(UUID().uuidString)")
    }
}
