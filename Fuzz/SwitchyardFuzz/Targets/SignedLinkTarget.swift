import Foundation
import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardServices
import SwitchyardNavigation
import SwitchyardMediator
import SwitchyardPipeline
import SwitchyardManifest
import SwitchyardApp

/// Signed links. Sign then verify succeeds for any URL that can be signed; a changed link
/// that still verifies reads exactly as the signed one did.
enum SignedLinkTarget: FuzzTarget {
    static let name = "link"

    static let now = Date(timeIntervalSince1970: 1_795_305_600)
    static let signer = try! LinkSigner(secret: Data("fuzzing key".utf8), validity: .seconds(600))
    static let table: RouteTable<Int> = {
        let table = RouteTable<Int>()
        _ = try? table.register("/<path:rest>", target: 0)
        return table
    }()

    /// What a handler would read from `url`: the path segments, the query items in order-free
    /// form without the signature, and the fragment.
    static func reading(_ url: String) -> [String]? {
        guard let request = try? table.resolve(url).request else { return nil }
        let items = request.query.items.filter { $0.name != LinkSigner.signatureItem }.map { "\($0.name)=\($0.value)" }.sorted()
        return (request.remainder ?? []) + ["?"] + items + ["#", request.fragment ?? ""]
    }

    static func run(_ data: Data) {
        guard let first = data.first else { return }
        let url = String(decoding: data.dropFirst(), as: UTF8.self)
        guard let signed = try? signer.sign("myapp://link/" + url, at: now) else {
            do {
                try signer.verify(url, now: now)
            } catch {
                if !isSafeToLog("\(error)") { violated("a refusal is safe to log", url.debugDescription) }
            }
            return
        }
        do {
            try signer.verify(signed, now: now)
        } catch {
            violated("a link verifies right after signing", signed.debugDescription + ": \(error)")
        }
        // Change one byte; if it still verifies, a handler must read the same link.
        var bytes = Array(signed.utf8)
        let position = Int(first) % bytes.count
        bytes[position] = bytes[position] &+ (data.count > 1 ? data[data.startIndex + 1] | 1 : 1)
        let changed = String(decoding: bytes, as: UTF8.self)
        if (try? signer.verify(changed, now: now)) != nil, reading(changed) != reading(signed) {
            violated("a changed link that verifies reads as the signed one", signed.debugDescription + " → " + changed.debugDescription)
        }
    }
}
