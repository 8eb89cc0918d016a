// Coverage-guided fuzzing of the parsers (libFuzzer). Opt-in, like the benchmarks:
//
//   SWITCHYARD_FUZZ=1 swift build --sanitize=fuzzer --sanitize=address \
//       --scratch-path .build-fuzz --product switchyard-fuzz
//   .build-fuzz/debug/switchyard-fuzz -max_total_time=60
//
// The first byte picks what to fuzz; the rest is the input. A crash, a trap or a
// broken round trip is a finding: libFuzzer saves the input that caused it.
import SwitchyardCore

let table: RouteTable<Int> = {
    let table = RouteTable<Int>(configuration: RouterConfiguration(associatedDomains: ["app.example.com"], webRoute: "/web"))
    _ = try? table.register([
        RouteSpec("/product/:id", target: 1), RouteSpec("/product/list", target: 2),
        RouteSpec("/a/<int:n>/<path:rest>", target: 3), RouteSpec("/login/:phone([0-9]+)", target: 4),
        RouteSpec("myapp://user/:id(/:tab)", target: 5), RouteSpec("/files/*", target: 6),
        RouteSpec("/<uuid:u>", target: 7), RouteSpec("/web", target: 8), RouteSpec("/v/:value", target: 9),
        .regex(#"/campaign/(?<year>\d{4})-(\w+)"#, target: 10),
    ])
    return table
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let input = String(decoding: UnsafeBufferPointer(start: data + 1, count: count - 1), as: UTF8.self)
    switch data[0] % 3 {
    case 0:
        if let pattern = try? RoutePattern(input), (try? RoutePattern(pattern.description)) != pattern {
            fatalError("canonical form does not parse back: \(input.debugDescription) → \(pattern)")
        }
    case 1:
        _ = try? table.resolve(input)
    default:
        guard !input.isEmpty, let url = try? table.url(for: "/v/:value", parameters: ["value": input], query: ["q": input]) else {
            return 0
        }
        let request = try? table.resolve(url).request
        if request?.string("value") != input || request?.query["q"] != input {
            fatalError("round trip changed \(input.debugDescription) (url \(url))")
        }
    }
    return 0
}
