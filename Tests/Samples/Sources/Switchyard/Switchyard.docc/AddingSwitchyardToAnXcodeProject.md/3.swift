// sample: Sources/Switchyard/Switchyard.docc/AddingSwitchyardToAnXcodeProject.md #3 "let router = Router(configuration: Route"
import Foundation
import Switchyard

// What the scene delegate has: the scene's identifier and the window the system saved.
let sceneID = "scene-1"
let savedWindow: Data? = nil
// {{sample}}