// sample: README.md #2 "let router = Router(settings: PipelineSe"
import Switchyard

struct OrdersScreen {}
struct OrderScreen { init(_ request: RouteRequest) {} }
struct SceneSession { let persistentIdentifier: String }   // what UIKit's UISceneSession gives
let session = SceneSession(persistentIdentifier: "scene-1")
let url = "shop://order/42"
// {{sample}}
