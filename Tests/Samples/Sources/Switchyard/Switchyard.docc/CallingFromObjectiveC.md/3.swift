// sample: Sources/Switchyard/Switchyard.docc/CallingFromObjectiveC.md #3 "try router.page("/legacy/order/:id", par"
// platform: ios
import Foundation
import Switchyard
import UIKit

@MainActor
func registerLegacyOrder() throws {
    let router = Router(settings: PipelineSettings(tabs: ["orders"]))
    // {{sample}}
}
