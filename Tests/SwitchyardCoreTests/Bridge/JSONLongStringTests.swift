import SwitchyardSupport
import SwitchyardTesting
import Testing

/// Issue 38: strings are scanned eight bytes at a time while no byte in the word needs a look.
/// These hold the word test to the byte test, and the reader's answers (values, errors and
/// their offsets) to what they were byte by byte, wherever a byte falls in a word.
@Suite("JSON reader: long strings")
struct JSONLongStringTests {
    static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20
    }

    static func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    /// The bytes on either side of each boundary the bit tricks draw.
    static let edgeBytes: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0x9F, 0xA0, 0xA2, 0xDC, 0xFF]

    @Test func theWordTestAgreesWithTheByteTest() {
        // Every edge byte at every place, among plain bytes and among each other edge byte.
        for special in Self.edgeBytes {
            for filler in Self.edgeBytes {
                for place in 0..<8 {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[place] = special
                    #expect(JSONReader.holdsSpecialByte(Self.word(bytes)) == bytes.contains(where: Self.isSpecial),
                            "\(bytes.map { String($0, radix: 16) })")
                }
            }
        }
        var generator = SplitMix64(seed: 38)
        for _ in 0..<200_000 {
            // Random words, and words of random edge bytes (where borrows between bytes happen).
            let random = generator.next()
            let bytes = (0..<8).map { UInt8(truncatingIfNeeded: random >> (8 * UInt64($0))) }
            #expect(JSONReader.holdsSpecialByte(random) == bytes.contains(where: Self.isSpecial))
            let edges = (0..<8).map { _ in Self.edgeBytes[Int(generator.next() % UInt64(Self.edgeBytes.count))] }
            #expect(JSONReader.holdsSpecialByte(Self.word(edges)) == edges.contains(where: Self.isSpecial), "\(edges)")
        }
    }

    /// The word tests mark exactly the bytes the byte tests pick, in their top bits, whatever
    /// the neighbouring bytes are.
    @Test func theWordMasksMarkExactlyTheMatchingBytes() {
        var generator = SplitMix64(seed: 3838)
        for _ in 0..<100_000 {
            let bytes = (0..<8).map { _ in generator.next() % 2 == 0 ? Self.edgeBytes[Int(generator.next() % UInt64(Self.edgeBytes.count))] : UInt8(truncatingIfNeeded: generator.next()) }
            let word = Self.word(bytes)
            for target in [UInt8(0x00), 0x22, 0x2F, 0x5C, 0x7F, 0x80, 0xFF] {
                #expect(ByteWord.bytes(equalTo: target, in: word) == Self.word(bytes.map { $0 == target ? 0x80 : 0 }), "\(bytes) = \(target)")
            }
            for limit in [UInt8(0x00), 0x01, 0x20, 0x41, 0x7F, 0x80] {
                #expect(ByteWord.bytes(below: limit, in: word) == Self.word(bytes.map { $0 < limit ? 0x80 : 0 }), "\(bytes) < \(limit)")
            }
        }
    }

    /// A control character at each place of a string up to three words long is refused at its
    /// own offset; the same string without it is read whole.
    @Test(arguments: 0..<26)
    func aControlCharacterIsRefusedAtItsOffsetWhereverItFalls(place: Int) {
        var body = Array("abcdefghijklmnopqrstuvwxyzé€😀".utf8.prefix(26))
        let text = [UInt8(ascii: "["), UInt8(ascii: "\"")] + body + [UInt8(ascii: "\""), UInt8(ascii: "]")]
        #expect(JSONReader.read(text, maximumDepth: 4, depthSetting: "test") == .success(.array([.string(String(decoding: body, as: UTF8.self))])))
        body[place] = 0x1F
        let broken = [UInt8(ascii: "["), UInt8(ascii: "\"")] + body + [UInt8(ascii: "\""), UInt8(ascii: "]")]
        #expect(JSONReader.read(broken, maximumDepth: 4, depthSetting: "test")
                == .failure(JSONReader.Failure(offset: 2 + place, message: "control character in a string")))
    }

    /// Escapes at each place of a long string decode as they did; one unpaired surrogate is
    /// named at its own offset.
    @Test(arguments: 0..<20)
    func escapesAnywhereInALongStringDecode(place: Int) {
        let plain = String(repeating: "x", count: 20)
        let cut = plain.index(plain.startIndex, offsetBy: place)
        let escaped = plain[..<cut] + #"\n\u00e9\"\\\ud83d\ude00/"# + plain[cut...]
        #expect(JSONReader.read(Array(("\"" + escaped + "\"").utf8), maximumDepth: 4, depthSetting: "test")
                == .success(.string(plain[..<cut] + "\né\"\\😀/" + plain[cut...])))
        let unpaired = plain[..<cut] + #"\ud83dx"# + plain[cut...]
        #expect(JSONReader.read(Array(("\"" + unpaired + "\"").utf8), maximumDepth: 4, depthSetting: "test")
                == .failure(JSONReader.Failure(offset: 1 + place, message: "an unpaired surrogate escape")))
    }

    @Test func aLongStringThatIsNeverClosedIsRefusedAtTheEnd() {
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 1_000_003] {
            let text = [UInt8(ascii: "\"")] + [UInt8](repeating: UInt8(ascii: "a"), count: length)
            #expect(JSONReader.read(text, maximumDepth: 4, depthSetting: "test")
                    == .failure(JSONReader.Failure(offset: text.count, message: "unexpected end of input; a string is not closed")))
        }
        let long = String(repeating: "ab€", count: 400_000)
        #expect(JSONReader.read(Array(("\"" + long + "\"").utf8), maximumDepth: 4, depthSetting: "test") == .success(.string(long)))
    }
}

/// The UTF-8 check every JSON text, percent-decoded text and saved window goes through passes
/// ASCII eight bytes at a time: it must still find the first bad byte at its exact offset.
@Suite("UTF-8 check, eight bytes at a time")
struct UTF8CheckTests {
    /// The byte-by-byte check the fast one replaced, as the oracle.
    static func referenceOffset(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            let (length, low, high): (Int, UInt8, UInt8) = switch lead {
            case 0xC2...0xDF: (2, 0x80, 0xBF)
            case 0xE0: (3, 0xA0, 0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80, 0xBF)
            case 0xED: (3, 0x80, 0x9F)
            case 0xF0: (4, 0x90, 0xBF)
            case 0xF1...0xF3: (4, 0x80, 0xBF)
            case 0xF4: (4, 0x80, 0x8F)
            default: (0, 0, 0)
            }
            guard length > 0, bytes.count - index >= length, (low...high).contains(bytes[index + 1]),
                  bytes[(index + 2)..<(index + length)].allSatisfy({ $0 & 0xC0 == 0x80 }) else { return index }
            index += length
        }
        return nil
    }

    static let alphabet: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]

    @Test func itAgreesWithTheByteByByteCheckAndTheStandardLibrary() {
        var generator = SplitMix64(seed: 2038)
        for _ in 0..<100_000 {
            // Mostly ASCII runs, so the eight-byte pass runs, broken by bytes from the alphabet.
            let bytes = (0..<Int(generator.next() % 41)).map { _ -> UInt8 in
                generator.next() % 3 == 0 ? Self.alphabet[Int(generator.next() % UInt64(Self.alphabet.count))] : 0x61
            }
            let found = firstInvalidUTF8Offset(in: bytes)
            #expect(found == Self.referenceOffset(bytes), "\(bytes)")
            #expect((found == nil) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }

    @Test(arguments: 0..<17)
    func aBadByteIsFoundWhereverItFallsInAWord(place: Int) {
        var bytes = [UInt8](repeating: 0x61, count: 24)
        #expect(firstInvalidUTF8Offset(in: bytes) == nil)
        bytes[place] = 0xFF
        #expect(firstInvalidUTF8Offset(in: bytes) == place)
        // In a slice, offsets count from the slice's start.
        #expect(firstInvalidUTF8Offset(in: ([0x62] + bytes)[1...]) == place)
        // A sequence cut short by the end of the text.
        #expect(firstInvalidUTF8Offset(in: [UInt8](repeating: 0x61, count: place) + [0xE2, 0x82]) == place)
    }
}
