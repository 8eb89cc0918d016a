import Foundation
import Switchyard
import SwitchyardObjCRules
import Testing

/// Issue 49, hostile input against the Objective-C rules: no value reaches a Foundation call
/// that raises, and no walk of a dictionary costs more than linear in its input.
@Suite("Objective-C: hostile values")
struct ObjCHostileValuesTests {
    /// A notification's nested values are written as JSON text; one JSON cannot hold is refused
    /// naming its path, before Foundation's writer (which raises on Apple's platforms) sees it.
    static func badPayload(_ index: Int) -> (payload: [AnyHashable: Any], path: String, valueClass: String) {
        [
            (["aps": ["sent": Date(timeIntervalSince1970: 0)]] as [AnyHashable: Any], "aps.sent", "Date"),
            (["aps": ["badge": NSNumber(value: Double.nan)]], "aps.badge", "Double"),
            (["aps": ["alert": ["loc-args": [NSNumber(value: Double.infinity)]]]], "aps.alert.loc-args[0]", "Double"),
            (["aps": ["blob": Data([1, 2, 3])]], "aps.blob", "Data"),
            (["aps": ["link": URL(string: "shop://cart/1") as Any]], "aps.link", "URL"),
        ][index]
    }

    @Test(arguments: 0..<5)
    func aNotificationValueJSONCannotHoldIsRefusedNamingIt(index: Int) {
        let bad = Self.badPayload(index)
        #expect(throws: ObjCCallError.parameter(path: bad.path, problem: .notJSON(valueClass: bad.valueClass))) {
            try ObjCAppEvents.event(named: "didReceiveRemoteNotification", userInfo: bad.payload)
        }
    }

    /// The same payload without the bad value is JSON text, keys sorted.
    @Test func aNotificationsNestedValuesAreJSONText() throws {
        let event = try ObjCAppEvents.event(named: "didReceiveRemoteNotification", userInfo: [
            "aps": ["alert": ["title": "Hi", "loc-args": [NSNumber(value: 1.5)]], "badge": NSNumber(value: 2)], "link": "shop://cart/1",
        ])
        guard case .didReceiveRemoteNotification(let payload) = event else { Issue.record("\(event)"); return }
        #expect(payload["aps"] == #"{"alert":{"loc-args":[1.5],"title":"Hi"},"badge":2}"#)
        #expect(payload["link"] == "shop://cart/1")
    }

    /// An error deep inside names the whole path, spelled only when it is needed.
    @Test func aDeepErrorNamesItsWholePath() {
        let payload: [AnyHashable: Any] = ["order": ["lines": [["sku": "A1"], ["sku": NSNull()]]]]
        #expect(throws: ObjCCallError.parameter(path: "order.lines[1].sku", problem: .null)) { try ObjCParameters.read(payload) }
    }

    /// Writing in-app values back and reading an answer walk thousands of levels with no limit;
    /// each level adds one frame and no path text (a path per element was quadratic: +371 MB
    /// at 16,000 levels).
    @Test func deepValuesAreWrittenBackLevelForLevel() throws {
        var value: any Sendable = "leaf"
        for _ in 0..<4_000 { value = [value] as [any Sendable] }
        let written = ObjCParameters.write(["deep": value])
        var depth = 0
        var current: Any? = written["deep"]
        while let list = current as? [Any] { depth += 1; current = list.first }
        #expect(depth == 4_000 && current as? String == "leaf")
        let answered = ObjCParameters.answer(written["deep"] as Any)
        depth = 0
        current = answered
        while let list = current as? [Any] { depth += 1; current = list.first }
        #expect(depth == 4_000)
    }
}
