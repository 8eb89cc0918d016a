import ArgumentParser
import Foundation

/// Where a command reads a secret: a file, an environment variable, or `--key`.
///
/// `--key` stays for scripts that already pass it, but a command line is visible to every
/// user of the machine (`ps`) and lands in shell history: the help points to the file and the
/// environment instead.
struct SecretOptions: ParsableArguments {
    @Option(name: .customLong("key-file"), help: ArgumentHelp("A file holding the key (a trailing newline is ignored).", valueName: "file"))
    var keyFile: String?
    @Option(help: "The key itself. Other users can read a command line: prefer --key-file or the environment variable.")
    var key: String?

    /// Where `sign` and `verify` look for the links' HMAC secret.
    static let linkSecretVariable = "SWITCHYARD_LINK_SECRET"
    /// Where `manifest sign` looks for the Ed25519 private key.
    static let manifestKeyVariable = "SWITCHYARD_MANIFEST_KEY"

    /// The largest key file read: keys are tens of bytes.
    static let maximumFileBytes = 4_096

    /// The key from `--key-file` (its bytes as they are, but for trailing line ends), `--key`
    /// or `variable` in `environment`: exactly one of them.
    ///
    /// - Throws: ``ToolError`` when none is given, or when more than one is, naming them.
    func secret(variable: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(ToolError) -> Data {
        let fromEnvironment = environment[variable].flatMap { $0.isEmpty ? nil : $0 }
        let given = [keyFile != nil, key != nil, fromEnvironment != nil].filter { $0 }.count
        guard given == 1 else {
            throw ToolError(given == 0
                ? "no key: pass --key-file FILE or set \(variable)"
                : "more than one key: pass one of --key-file, --key and \(variable)")
        }
        if let keyFile {
            var data = try BoundedFile.read(keyFile, maximum: Self.maximumFileBytes, what: "key file")
            // By bytes: a key saved with CRLF line ends loses both, and a binary key is kept whole.
            while let last = data.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { data.removeLast() }
            guard !data.isEmpty else { throw ToolError("key file \(keyFile) is empty") }
            return data
        }
        return Data((key ?? fromEnvironment ?? "").utf8)
    }
}
