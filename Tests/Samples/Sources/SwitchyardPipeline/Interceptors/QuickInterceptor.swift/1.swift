// sample: Sources/SwitchyardPipeline/Interceptors/QuickInterceptor.swift #1 "struct Maintenance: QuickInterceptor {"
import Switchyard

final class FeatureFlags: Sendable {
    func isOn(_ flag: String) -> Bool { false }
}
// {{sample}}
