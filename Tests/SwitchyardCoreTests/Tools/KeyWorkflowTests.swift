import Foundation
import Switchyard
import SwitchyardTools
import Testing

/// The README's key workflow as written: keygen writes the private key where only its owner
/// can read it, sign and verify read key files, and the app's verifier takes the key as text
/// (issue 29, item 3).
@Suite("Manifest keys: keygen, sign and verify as the README writes them")
struct KeyWorkflowTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func run(_ arguments: [String]) throws {
        var command = try SwitchyardCommand.parseAsRoot(arguments)
        try command.run()
    }

    @Test func keygenThenSignThenVerifyWithKeyFiles() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (privateKey, publicKey) = (directory.appendingPathComponent("private.key").path, directory.appendingPathComponent("public.key").path)
        try run(["manifest", "keygen", "--private-key-file", privateKey, "--public-key-file", publicKey])

        let mode = { (path: String) in (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue }
        #expect(try mode(privateKey) == 0o600, "only its owner can read the private key")
        #expect(try mode(publicKey) == 0o644)

        let manifest = Fixtures.schemas.appendingPathComponent("example-manifest.json").path
        let signer = try ManifestSigner(privateKey: Data(contentsOf: URL(fileURLWithPath: privateKey)))
        let signed = String(decoding: try signer.sign(Data(contentsOf: URL(fileURLWithPath: manifest))), as: UTF8.self)
        let file = try temporaryFile(signed)
        #expect(throws: Never.self) { try run(["manifest", "sign", manifest, "--key-file", privateKey]) }
        #expect(throws: Never.self) { try run(["manifest", "verify", file, "--key-file", publicKey]) }
        // The app pastes the public key's text.
        let text = try String(contentsOfFile: publicKey, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let verifier = try ManifestVerifier(publicKey: Data(text.utf8))
        #expect(try verifier.verify(Data(signed.utf8)) == Data(contentsOf: URL(fileURLWithPath: manifest)))
    }

    @Test func keygenKeepsKeysThatExistUnlessForced() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let privateKey = directory.appendingPathComponent("private.key").path
        let publicKey = directory.appendingPathComponent("public.key").path
        try run(["manifest", "keygen", "--private-key-file", privateKey, "--public-key-file", publicKey])
        let first = try Data(contentsOf: URL(fileURLWithPath: privateKey))
        #expect(toolMessage(["manifest", "keygen", "--private-key-file", privateKey, "--public-key-file", publicKey])
            == "Error: \(privateKey) exists; move it away, pass another file name, or --force to replace it")
        #expect(try Data(contentsOf: URL(fileURLWithPath: privateKey)) == first, "nothing changed")
        try run(["manifest", "keygen", "--private-key-file", privateKey, "--public-key-file", publicKey, "--force"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: privateKey)) != first)
    }

    @Test("keys in every form a caller has", arguments: [
        { (raw: Data) in raw },
        { (raw: Data) in Data(raw.base64EncodedString().utf8) },
        { (raw: Data) in Data((raw.base64EncodedString() + "\n").utf8) },
        { (raw: Data) in Data(("  " + raw.base64EncodedString() + "\r\n").utf8) },
    ] as [@Sendable (Data) -> Data])
    func verifiersAndSignersTakeRawBytesOrBase64Text(form: @Sendable (Data) -> Data) throws {
        let pair = ManifestSigner.generateKeyPair()
        let (privateRaw, publicRaw) = (Data(base64Encoded: pair.privateKey) ?? Data(), Data(base64Encoded: pair.publicKey) ?? Data())
        let envelope = try ManifestSigner(privateKey: form(privateRaw)).sign(Fixtures.manifestJSON(version: 2))
        #expect(try ManifestVerifier(publicKey: form(publicRaw)).verify(envelope) == Fixtures.manifestJSON(version: 2))
    }

    @Test("a key that is not one is refused at once, naming the key and what it is", arguments: [
        (Data(), nil, "the key: expected an Ed25519 public key: 32 raw bytes, or their base64 text as `switchyard manifest keygen` writes it (44 characters); it is empty"),
        (Data("U4c=".utf8), nil, "the key: expected an Ed25519 public key: 32 raw bytes, or their base64 text as `switchyard manifest keygen` writes it (44 characters); it is base64 of 2 bytes"),
        (Data(repeating: 1, count: 31), "2026-11", "key \"2026-11\": expected an Ed25519 public key: 32 raw bytes, or their base64 text as `switchyard manifest keygen` writes it (44 characters); it is 31 bytes, and not base64 text"),
    ] as [(Data, String?, String)])
    func badKeys(key: Data, id: String?, message: String) {
        do throws(ManifestError) {
            if let id {
                _ = try ManifestVerifier(publicKeys: [id: key, "good": Data(repeating: 9, count: 32)])
            } else {
                _ = try ManifestVerifier(publicKey: key)
            }
            Issue.record("the key was taken")
        } catch {
            #expect(error.description == message)
            #expect(error == .invalidKey(id: id, reason: String(message.drop { $0 != ":" }.dropFirst(2))))
        }
    }
}
