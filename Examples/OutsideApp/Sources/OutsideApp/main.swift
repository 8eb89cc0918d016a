// A cold start from a link: the Home tab's home first, the item over it with its parent.
import CatalogFeature
import Switchyard

let router = Router(
    configuration: RouterConfiguration(schemes: ["outside"]),
    settings: PipelineSettings(tabs: ["home"], homes: WindowHomes(tabs: ["home": "/home"])))
let app = AppRouter(router: router)
try app.add(CatalogModule())
_ = await app.start()
let window = try await MainActor.run { try HeadlessNavigator(tabs: ["home"]) }
await MainActor.run { app.navigator = window }
await router.launch(links: [IncomingLink("outside://item/7")])
print(await MainActor.run { window.state.outline })
// ["tab home*: Home > Item(7)"]
