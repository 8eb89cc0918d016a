// sample: Sources/Switchyard/Switchyard.docc/MigratingFromBeeHive.md #1 "public struct ShopModule: FeatureModule "
import Switchyard

protocol ShopService: Sendable {}
struct LocalShopService: ShopService {}
final class ShopViewController {}
enum ShopCache {
    static func restore() async throws {}
    static func save() async throws {}
}
// {{sample}}
