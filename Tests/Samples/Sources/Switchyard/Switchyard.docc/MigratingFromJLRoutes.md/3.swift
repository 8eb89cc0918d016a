// sample: Sources/Switchyard/Switchyard.docc/MigratingFromJLRoutes.md #3 "let primaryKey = request.string("primary"
import Switchyard

final class UIImage: Sendable {}   // stands in for UIKit's
let table = RouteTable<String>(configuration: RouterConfiguration(schemes: ["myapp"]))
try table.register("/:object/:action/:primaryKey", target: "edit")
let request = try table.resolve("myapp://post/edit/123?debug=true&tag=a&tag=b", nativeParameters: ["avatar": UIImage()]).request
// {{sample}}
