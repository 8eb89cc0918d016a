// sample: Sources/SwitchyardMediator/MediatorTarget.swift #1 "public struct Target_Product: MediatorTa"
import Switchyard

struct ProductScreen { let id: Int }
enum PriceService {
    static func price(of id: Int) async throws -> Int { 1999 }
}
// {{sample}}
