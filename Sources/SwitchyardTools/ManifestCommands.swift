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
        commandName: "keygen",
        abstract: "Make a key pair: the private key into a file only you can read, the public key into another.",
        discussion: """
            The private key is for `manifest sign --key-file`; the public key is for the app \
            (ManifestVerifier) and `manifest verify --key-file`. Both are base64 text. Files that \
            exist are kept unless --force is given.
            """
    )

    @Option(name: .customLong("private-key-file"), help: ArgumentHelp("Where the private key goes (mode 600).", valueName: "file"))
    var privateKeyFile = "private.key"
    @Option(name: .customLong("public-key-file"), help: ArgumentHelp("Where the public key goes.", valueName: "file"))
    var publicKeyFile = "public.key"
    @Flag(help: "Replace the key files if they exist.") var force = false

    func run() throws {
        let keys = ManifestSigner.generateKeyPair()
        try KeyFile.write(keys.privateKey + "\n", to: privateKeyFile, mode: 0o600, replacing: force)
        try KeyFile.write(keys.publicKey + "\n", to: publicKeyFile, mode: 0o644, replacing: force)
        print("wrote the private key to \(privateKeyFile) (only you can read it): switchyard manifest sign FILE --key-file \(privateKeyFile)")
        print("wrote the public key to \(publicKeyFile): switchyard manifest verify FILE --key-file \(publicKeyFile)")
        print("public: \(keys.publicKey)")
    }
}

/// Writes key files so that no other user can read a private key, not even for an instant.
enum KeyFile {
    /// Creates `path` with `mode` and writes `text`; an existing file is an error unless `replacing`.
    static func write(_ text: String, to path: String, mode: mode_t, replacing: Bool) throws(ToolError) {
        if replacing { unlink(path) }
        // O_EXCL: the file is made here with its mode, never one made by someone else before.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard descriptor >= 0 else {
            throw ToolError(errno == EEXIST
                ? "\(path) exists; move it away, pass another file name, or --force to replace it"
                : "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        // The mode given to open() is narrowed by the umask; a private key stays 600 whatever it is.
        guard fchmod(descriptor, mode) == 0, bytes.withUnsafeBytes({ Foundation.write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw ToolError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }
}

struct ManifestSignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign", abstract: "Validate a manifest and print it signed, as the app downloads it."
    )

    @Argument(help: "The manifest JSON.") var file: String
    @OptionGroup var secret: SecretOptions

    func run() throws {
        let key = try secret.secret(variable: SecretOptions.manifestKeyVariable)
        let data = try read(file, maximum: InputLimits.default.manifestBytes, what: "manifest")
        do {
            let manifest = try ManifestDecoder.decode(data)
            try ManifestValidator().validate(manifest)
        } catch {
            throw ToolError("\(file): \(error)")
        }
        let signer: ManifestSigner
        do {
            signer = try ManifestSigner(privateKey: key)
        } catch {
            throw ToolError("\(error)")
        }
        print(String(decoding: try signer.sign(data), as: UTF8.self))
    }
}

struct ManifestVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify", abstract: "Check a signed manifest's signature and contents.", discussion: "Exits with status 1 when it is refused."
    )

    @Argument(help: "The signed manifest.") var file: String
    @Option(name: .customLong("key-file"), help: ArgumentHelp("A file holding the public key (from keygen).", valueName: "file"))
    var keyFile: String?
    @Option(help: "The public key itself, base64 (from keygen).") var key: String?

    func run() throws {
        let publicKey: Data
        switch (keyFile, key) {
        case (let file?, nil): publicKey = try BoundedFile.read(file, maximum: SecretOptions.maximumFileBytes, what: "key file")
        case (nil, let text?): publicKey = Data(text.utf8)
        default: throw ToolError(keyFile == nil ? "no key: pass --key-file FILE (from keygen) or --key" : "more than one key: pass --key-file or --key")
        }
        let verifier: ManifestVerifier
        do {
            verifier = try ManifestVerifier(publicKey: publicKey)
        } catch {
            throw ToolError("\(error)")
        }
        do {
            let manifest = try ManifestDecoder.decode(try verifier.verify(try read(file, maximum: InputLimits.default.manifestBytes * 2, what: "signed manifest")))
            try ManifestValidator().validate(manifest)
            print("valid: manifest version \(manifest.manifestVersion), \(manifest.routes.count) routes")
        } catch let error as ManifestError {
            print("refused: \(error)")
            throw ExitCode(1)
        }
    }
}
