// sample: Sources/SwitchyardPipeline/Router+Launch.swift #1 "router.attach(navigator, scene: id)"
import Foundation
import Switchyard

// What a UIKit scene delegate has in scene(_:willConnectTo:options:), on the main actor.
@MainActor
func sceneWillConnect(router: Router, navigator: HeadlessNavigator, id: String, saved: Data?, links: [IncomingLink]) {
// {{sample}}
}
