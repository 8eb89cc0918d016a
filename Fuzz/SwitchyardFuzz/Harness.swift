// Coverage-guided fuzzing of every parser of untrusted input (libFuzzer). Opt-in, like the
// benchmarks; `Fuzz/run.sh` builds it and runs each target (see the README's Fuzzing section):
//
//   SWITCHYARD_FUZZ=1 swift build --sanitize=fuzzer --sanitize=address \
//       --scratch-path .build-fuzz --product switchyard-fuzz
//   SWITCHYARD_FUZZ_TARGET=url .build-fuzz/debug/switchyard-fuzz Fuzz/corpus/url -max_total_time=60
//
// SWITCHYARD_FUZZ_TARGET picks the target; without it, the first byte picks one for each
// input. Each target checks properties, not only that nothing traps: a refused input leaves
// no state behind, and what parses prints back to itself. A broken property is a crash, and
// libFuzzer saves the input that caused it.
import Foundation

/// One parser of untrusted input and the properties it must keep.
protocol FuzzTarget: SendableMetatype {
    static var name: String { get }
    static func run(_ data: Data)
}

/// A target by name, as the harness dispatches to it.
struct Entry: Sendable {
    let name: String
    let run: @Sendable (Data) -> Void

    init<Target: FuzzTarget>(_ target: Target.Type) {
        name = Target.name
        run = { Target.run($0) }
    }
}

let targets = [
    Entry(URLTarget.self), Entry(PatternTarget.self), Entry(QueryTarget.self), Entry(ManifestTarget.self),
    Entry(EnvelopeTarget.self), Entry(SignedLinkTarget.self), Entry(RemoteCallTarget.self), Entry(BridgeTarget.self),
    Entry(XCallbackTarget.self), Entry(ObjCDictionaryTarget.self),
]

let requested = ProcessInfo.processInfo.environment["SWITCHYARD_FUZZ_TARGET"]
let selected = requested.flatMap { name in targets.first { $0.name == name } }

/// Fails the run with the input's description: libFuzzer then saves the input.
func violated(_ property: String, _ input: @autoclosure () -> String) -> Never {
    fatalError("property broken: \(property); input \(input())")
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32 {
    if let requested, selected == nil {
        let names = targets.map(\.name).joined(separator: ", ")
        FileHandle.standardError.write(Data("unknown SWITCHYARD_FUZZ_TARGET \(requested); targets: \(names)\n".utf8))
        exit(2)
    }
    // Make each target's globals now, so that leak checks during fuzzing see only what an input made.
    for target in targets { target.run(Data()) }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    if let selected {
        selected.run(Data(bytes: bytes, count: count))
    } else if count > 0 {
        targets[Int(bytes[0]) % targets.count].run(Data(bytes: bytes + 1, count: count - 1))
    }
    return 0
}

/// The characters a message may not contain: controls, separators, bidirectional overrides.
func isSafeToLog(_ message: String) -> Bool {
    !message.unicodeScalars.contains { scalar in
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }
}
