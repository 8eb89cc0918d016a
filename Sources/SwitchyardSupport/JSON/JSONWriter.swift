/// Writes a ``JSONValue`` as compact JSON text: keys sorted, so one value always reads the same.
///
/// Strings escape what JSON requires and also U+2028 and U+2029, which end a line in older
/// JavaScript: the text may be pasted into a script. A number that is whole and within
/// ±2^53 is written without a fraction (`42`, not `42.0`).
package enum JSONWriter {
    /// The text of `value`.
    ///
    /// Iterative like ``JSONReader``: nesting costs a stack entry, not a call.
    package static func text(_ value: JSONValue) -> String {
        var output = ""
        // What is left to write: a value, or a piece of punctuation between values.
        var work: [Piece] = [.value(value)]
        while let piece = work.popLast() {
            switch piece {
            case .text(let text): output += text
            case .value(let value):
                switch value {
                case .null: output += "null"
                case .bool(let flag): output += flag ? "true" : "false"
                case .number(let number): output += Self.number(number)
                case .string(let string): Self.append(string, to: &output)
                case .array(let items):
                    output += "["
                    work.append(.text("]"))
                    for (position, item) in items.enumerated().reversed() {
                        work.append(.value(item))
                        if position > 0 { work.append(.text(",")) }
                    }
                case .object(let members):
                    output += "{"
                    work.append(.text("}"))
                    let keys = members.keys.sorted()
                    for (position, key) in keys.enumerated().reversed() {
                        work.append(.value(members[key] ?? .null))
                        var prefix = position > 0 ? "," : ""
                        Self.append(key, to: &prefix)
                        work.append(.text(prefix + ":"))
                    }
                }
            }
        }
        return output
    }

    private enum Piece {
        case value(JSONValue)
        case text(String)
    }

    /// `number` as JSON; only finite numbers are ``JSONValue``s a caller should make.
    package static func number(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) <= 9_007_199_254_740_992 { return String(Int64(number)) }
        return "\(number)"
    }

    /// Appends `string` quoted and escaped.
    static func append(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{2028}": output += "\\u2028"
            case "\u{2029}": output += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
