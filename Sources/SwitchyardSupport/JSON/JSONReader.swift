/// Reads JSON text (RFC 8259, strictly) into a ``JSONValue``, or says where it is wrong.
///
/// Iterative: nesting is a stack of open containers, never recursion, and nesting deeper than
/// the limit is an error at the value that goes too deep. A key repeated in one object is an
/// error too: decoders would silently keep one of the two values, and a signed manifest or a
/// page's message must mean one thing. The text must be valid UTF-8.
package struct JSONReader {
    /// Where the text is wrong (a byte offset from 0) and what is wrong there.
    package struct Failure: Error, Equatable {
        package let offset: Int
        package let message: String
        /// Set when the failure is a key repeated in one object.
        package var duplicateKey: String?

        package init(offset: Int, message: String, duplicateKey: String? = nil) {
            self.offset = offset
            self.message = message
            self.duplicateKey = duplicateKey
        }
    }

    /// An open array or object, with what it holds so far.
    private enum Container {
        case array([JSONValue])
        case object([String: JSONValue], key: String)
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    /// The value `bytes` hold (with whitespace around it), or the first failure.
    ///
    /// - Parameters:
    ///   - maximumDepth: how many containers (arrays, objects) may nest, whatever the innermost
    ///     holds: `[[1]]` and `[[]]` are 2 deep; the container one deeper fails.
    ///   - depthSetting: the setting that holds the limit, named in the failure.
    package static func read(_ bytes: some Collection<UInt8>, maximumDepth: Int, depthSetting: String) -> Result<JSONValue, Failure> {
        let run = { (buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, Failure> in
            var reader = JSONReader(bytes: buffer)
            do throws(Failure) {
                return .success(try reader.document(maximumDepth: maximumDepth, depthSetting: depthSetting))
            } catch {
                return .failure(error)
            }
        }
        if let result = bytes.withContiguousStorageIfAvailable(run) { return result }
        return Array(bytes).withUnsafeBufferPointer(run)
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    func failure(_ message: String) -> Failure {
        Failure(offset: min(index, bytes.count), message: message)
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func document(maximumDepth: Int, depthSetting: String) throws(Failure) -> JSONValue {
        // JSON is UTF-8 (RFC 8259); Foundation refuses anything else, so this does first.
        if let invalid = firstInvalidUTF8Offset(in: bytes) {
            index = invalid
            throw failure("invalid UTF-8")
        }
        var open: [Container] = []
        skipWhitespace()
        while true {
            if current == UInt8(ascii: "[") || current == UInt8(ascii: "{"), open.count >= maximumDepth {
                throw failure("nesting deeper than \(maximumDepth) levels (\(depthSetting))")
            }
            var value: JSONValue
            switch try start() {
            case .value(let scalar): value = scalar
            case .container(let container):
                open.append(container)
                continue
            }
            // Hands the finished value to the containers it closes, until one wants another value.
            while true {
                guard var container = open.popLast() else {
                    skipWhitespace()
                    if index < bytes.count { throw failure("unexpected text after the JSON value") }
                    return value
                }
                skipWhitespace()
                switch container {
                case .array(var items):
                    // Drops the enum's reference first, so `items` is the only one and grows in
                    // place; otherwise every element copies the whole array (quadratic).
                    container = .array([])
                    items.append(value)
                    switch current {
                    case UInt8(ascii: ","):
                        index += 1
                        skipWhitespace()
                        open.append(.array(items))
                    case UInt8(ascii: "]"):
                        index += 1
                        value = .array(items)
                        continue
                    case nil: throw failure("unexpected end of input; an array is not closed")
                    default: throw failure("expected \",\" or \"]\" in an array")
                    }
                case .object(var members, let key):
                    container = .array([])
                    members[key] = value
                    switch current {
                    case UInt8(ascii: ","):
                        index += 1
                        skipWhitespace()
                        open.append(.object(members, key: try readKey(after: members)))
                    case UInt8(ascii: "}"):
                        index += 1
                        value = .object(members)
                        continue
                    case nil: throw failure("unexpected end of input; an object is not closed")
                    default: throw failure("expected \",\" or \"}\" in an object")
                    }
                }
                break
            }
        }
    }

    private enum Start {
        case value(JSONValue)
        case container(Container)
    }

    /// Reads a scalar, an empty container, or the opening of a container (to its first value).
    private mutating func start() throws(Failure) -> Start {
        guard let byte = current else { throw failure("unexpected end of input; expected a value") }
        switch byte {
        case UInt8(ascii: "{"):
            index += 1
            skipWhitespace()
            if current == UInt8(ascii: "}") { index += 1; return .value(.object([:])) }
            return .container(.object([:], key: try readKey(after: [:])))
        case UInt8(ascii: "["):
            index += 1
            skipWhitespace()
            if current == UInt8(ascii: "]") { index += 1; return .value(.array([])) }
            return .container(.array([]))
        case UInt8(ascii: "\""): return .value(.string(try string()))
        case UInt8(ascii: "t"): try literal("true"); return .value(.bool(true))
        case UInt8(ascii: "f"): try literal("false"); return .value(.bool(false))
        case UInt8(ascii: "n"): try literal("null"); return .value(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .value(.number(try number()))
        default: throw failure("unexpected character \"\(Self.shown(byte))\"; expected a value")
        }
    }

    /// Reads `"key" :` and the whitespace after it; a key `members` holds already is an error.
    private mutating func readKey(after members: [String: JSONValue]) throws(Failure) -> String {
        guard current == UInt8(ascii: "\"") else { throw failure("expected a quoted key") }
        let keyStart = index
        let key = try string()
        if members[key] != nil {
            index = keyStart
            var repeated = failure("duplicate key \"\(DisplaySafe.text(key))\" in one object")
            repeated.duplicateKey = key
            throw repeated
        }
        skipWhitespace()
        guard current == UInt8(ascii: ":") else { throw failure("expected \":\" after the key") }
        index += 1
        skipWhitespace()
        return key
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let text = word.description
        for expected in text.utf8 {
            guard current == expected else { throw failure("invalid literal; expected \(text)") }
            index += 1
        }
    }
}
