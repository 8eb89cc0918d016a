// sample: Sources/SwitchyardUIKit/XCallbackChannel+UIKit.swift #1 "let callbacks = try XCallbackChannel(rou"
// platform: ios
import Switchyard
import SwitchyardUIKit

@MainActor func serveOtherApps(router: Router, settings: XCallbackSettings) throws -> XCallbackChannel {
// {{sample}}
    return callbacks
}
