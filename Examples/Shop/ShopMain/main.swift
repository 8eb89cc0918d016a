// The Shop demo: `swift run shop` plays a scripted tour of every Switchyard feature on a
// headless window; `swift run shop --interactive` lets you type URLs and commands.
import Foundation
import ShopApp

let arguments = CommandLine.arguments.dropFirst()
if let unknown = arguments.first(where: { $0 != "--interactive" }) {
    FileHandle.standardError.write(Data("unknown argument \(unknown)\nusage: shop [--interactive]\n".utf8))
    exit(2)
}
do {
    let shop = try await Shop()
    if arguments.contains("--interactive") {
        await shop.interact(readLine: { Swift.readLine() })
    } else {
        print("Switchyard shop — \(shop.router.table.routes.count) routes from \(shop.app.modules.names.joined(separator: ", ")); a scripted tour:")
        _ = await shop.play()
    }
} catch {
    FileHandle.standardError.write(Data("the shop could not start: \(error)\n".utf8))
    exit(1)
}
