import Foundation
import Switchyard
import SwitchyardTypedRoutes

/// The typed routes the tests declare, one per shape of parameter.
enum Shelf: String, Equatable, Sendable {
    case top, middle, bottom
}

enum Level: Int, Equatable, Sendable {
    case low = 1, high = 9
}

/// A value an app's converter reads (`<sku:code>`): it says how it is read and written.
struct SKU: RouteParameterConvertible, Equatable {
    let letters: String
    let number: Int

    init(letters: String, number: Int) {
        self.letters = letters
        self.number = number
    }

    init?(routeParameter: String) {
        let parts = routeParameter.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, let number = Int(parts[1]), parts[0].allSatisfy(\.isLetter) else { return nil }
        self.init(letters: String(parts[0]), number: number)
    }

    var routeParameter: String { "\(letters)-\(number)" }
}

@Route("/t/:text/<int:n>(/<uuid:u>)")
struct TextRoute: Equatable {
    let text: String
    let n: Int
    var u: UUID?
    var q: String?
    @RouteQuery("f") var flag: Bool = false
    var tags: [String] = []
    var shelf: Shelf?
    var level: Level?
    var ratio: Double?
}

@Route("/files/<path:rest>")
struct FilesRoute: Equatable {
    let rest: [String]
}

@Route("/doc/<path:rest>")
struct DocRoute: Equatable {
    let rest: String
}

@Route("/price/<float:amount>/<sku:code>")
struct PriceRoute: Equatable {
    let amount: Double
    let code: SKU
}

@Route("myapp://user/:id(/:tab)")
struct SchemedRoute: Equatable {
    let id: String
    var tab: Shelf?
}

@Route("/c/:c")
struct CharacterRoute: Equatable {
    let c: Character
    var q: Character?
}

@Route("/s(/:a/:b)")
struct GroupRoute: Equatable {
    var a: String?
    var b: String?
}

@Route("/x(/:a(/:b))")
struct NestedGroupRoute: Equatable {
    var a: String?
    var b: String?
}
