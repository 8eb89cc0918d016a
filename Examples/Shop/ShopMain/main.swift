// The Shop demo: `swift run shop` plays a scripted tour of every Switchyard feature on a
// headless window; `swift run shop --interactive` lets you type URLs and commands;
// `swift run shop --export-routes` prints the shop's route table as JSON, for the `switchyard` tool.
import Foundation
import ShopApp

let arguments = CommandLine.arguments.dropFirst()
if let unknown = arguments.first(where: { $0 != "--interactive" && $0 != "--export-routes" }) {
    FileHandle.standardError.write(Data("unknown argument \(unknown)\nusage: shop [--interactive | --export-routes]\n".utf8))
    exit(2)
}
do {
    let shop = try await Shop()
    if arguments.contains("--export-routes") {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(shop.router.exportRoutes()), as: UTF8.self))
    } else if arguments.contains("--interactive") {
        await shop.interact(readLine: { Swift.readLine() })
    } else {
        print("Switchyard shop — \(shop.router.table.routes.count) routes from \(shop.app.modules.names.joined(separator: ", ")); a scripted tour:")
        _ = await shop.play()
    }
} catch {
    FileHandle.standardError.write(Data("the shop could not start: \(error)\n".utf8))
    exit(1)
}
