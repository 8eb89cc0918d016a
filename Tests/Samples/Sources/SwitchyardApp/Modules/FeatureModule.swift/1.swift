// sample: Sources/SwitchyardApp/Modules/FeatureModule.swift #1 "struct CartModule: FeatureModule {"
import Switchyard

protocol CartService: Sendable {}
struct CartScreen {}
struct LocalCart: CartService {
    static func restore() async throws {}
    static func save() async throws {}
}
// {{sample}}
