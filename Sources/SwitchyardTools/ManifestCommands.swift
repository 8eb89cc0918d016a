import ArgumentParser
import Foundation
import Switchyard

struct ManifestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manifest",
        abstract: "Make Ed25519 keys, and sign and verify route manifests.",
        subcommands: [KeygenCommand.self, ManifestSignCommand.self, ManifestVerifyCommand.self]
    )
}

struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen", abstract: "Print a new key pair, base64: the private key for the server, the public key for the app."
    )

    func run() {
        let keys = ManifestSigner.generateKeyPair()
        print("private: \(keys.privateKey)")
        print("public: \(keys.publicKey)")
    }
}

struct ManifestSignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign", abstract: "Validate a manifest and print it signed, as the app downloads it."
    )

    @Argument(help: "The manifest JSON.") var file: String
    @OptionGroup var secret: SecretOptions

    func run() throws {
        let key = String(decoding: try secret.secret(variable: SecretOptions.manifestKeyVariable), as: UTF8.self)
        let data = try read(file)
        do {
            let manifest = try ManifestDecoder.decode(data)
            try ManifestValidator().validate(manifest)
        } catch {
            throw ToolError("\(file): \(error)")
        }
        guard let privateKey = Data(base64Encoded: key), let signer = try? ManifestSigner(privateKey: privateKey) else {
            throw ToolError("the key is not a base64 Ed25519 private key (from manifest keygen)")
        }
        print(String(decoding: try signer.sign(data), as: UTF8.self))
    }
}

struct ManifestVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify", abstract: "Check a signed manifest's signature and contents.", discussion: "Exits with status 1 when it is refused."
    )

    @Argument(help: "The signed manifest.") var file: String
    @Option(help: "The public key, base64 (from keygen).") var key: String

    func run() throws {
        guard let publicKey = Data(base64Encoded: key), let verifier = try? ManifestVerifier(publicKey: publicKey) else {
            throw ToolError("--key is not a base64 Ed25519 public key")
        }
        do {
            let manifest = try ManifestDecoder.decode(try verifier.verify(try read(file)))
            try ManifestValidator().validate(manifest)
            print("valid: manifest version \(manifest.manifestVersion), \(manifest.routes.count) routes")
        } catch let error as ManifestError {
            print("refused: \(error)")
            throw ExitCode(1)
        }
    }
}
