// sample: Sources/Switchyard/Switchyard.docc/MigratingFromJLRoutes.md #2 "func application(_ app: UIApplication, o"
// platform: ios
import UIKit
import Switchyard

let router = Router(configuration: RouterConfiguration(schemes: ["myapp"]))
let image = UIImage()
// {{sample}}
print(result)
