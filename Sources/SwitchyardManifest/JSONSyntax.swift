import SwitchyardPatterns
import SwitchyardSupport

/// Finds the first syntax error in JSON text, with its line and column (both from 1).
///
/// Foundation's decoders report malformed JSON without a position on some platforms, and a
/// person fixing a manifest by hand needs one. ``JSONReader`` does the reading (strict RFC
/// 8259, iterative, a repeated key an error: a signed manifest must mean one thing); this
/// turns its byte offset into the line and column an editor shows.
struct JSONSyntax {
    struct Failure: Error, Equatable {
        let line: Int
        let column: Int
        let message: String
        /// Set when the failure is a key repeated in one object.
        var duplicateKey: String?
    }

    /// `nil` when `bytes` is one well-formed JSON value (with surrounding whitespace).
    static func firstError(in bytes: [UInt8], maximumDepth: Int = InputLimits.default.jsonDepth) -> Failure? {
        guard case .failure(let failure) = JSONReader.read(bytes, maximumDepth: maximumDepth, depthSetting: "InputLimits.jsonDepth") else { return nil }
        var line = 1
        var column = 1
        for byte in bytes[..<min(failure.offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1   // count characters, not UTF-8 continuation bytes
            }
        }
        return Failure(line: line, column: column, message: failure.message, duplicateKey: failure.duplicateKey)
    }
}
