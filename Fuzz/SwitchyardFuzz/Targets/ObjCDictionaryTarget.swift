import Foundation
import SwitchyardObjCRules

/// Objective-C parameter dictionaries, both ways: what a block handler, an action or a call by
/// name hands Swift (`ObjCParameters.read`) and what Swift hands back (`write`, `answer`). The
/// input is a little program that builds nested dictionaries and arrays of strings, numbers
/// (NaN included), booleans, dates, data, `NSNull` and non-string keys, with a stack of its own.
/// A refusal names a path and is safe to log; what is read keeps within the limits, and written
/// back reads back to the same values; an answer and a notification's JSON check never trap.
enum ObjCDictionaryTarget: FuzzTarget {
    static let name = "objcdict"
    static let limits = ObjCParameters.Limits()

    static func run(_ data: Data) {
        let built = build(Array(data))
        do {
            let read = try ObjCParameters.read(built)
            let written = ObjCParameters.write(read)
            guard let again = try? ObjCParameters.read(written) else { violated("written values read back", "\(data as NSData)") }
            if canonical(again) != canonical(read) {
                violated("written values read back to themselves", "\(data as NSData): \(canonical(read)) → \(canonical(again))")
            }
        } catch {
            if !isSafeToLog(error.description) { violated("a refusal is safe to log", "\(data as NSData)") }
            guard case .parameter(let path, _) = error, !path.isEmpty else { violated("a refusal names a path", "\(data as NSData) → \(error)") }
        }
        _ = ObjCParameters.answer(built)
        _ = try? ObjCAppEvents.event(named: "didReceiveRemoteNotification", userInfo: built)
    }

    /// Values as text with their types, keys sorted: equal values, equal text. Read values nest
    /// at most `limits.depth` deep, which bounds the recursion.
    static func canonical(_ value: Any) -> String {
        switch value {
        case let map as [String: any Sendable]:
            return "{" + map.keys.sorted().map { "\($0.debugDescription):\(canonical(map[$0] as Any))" }.joined(separator: ",") + "}"
        case let list as [any Sendable]: return "[" + list.map { canonical($0) }.joined(separator: ",") + "]"
        case let flag as Bool: return "b\(flag)"
        case let number as Int: return "i\(number)"
        case let number as Double: return number.isNaN ? "dnan" : "d\(number)"
        case let text as String: return "s\(text.debugDescription)"
        default: return "\(type(of: value)):\(value)"
        }
    }

    /// The dictionary the bytes build: each byte an operation, the bytes after some its operand.
    static func build(_ bytes: [UInt8]) -> [AnyHashable: Any] {
        var stack: [(container: AnyObject, key: AnyHashable?)] = [(NSMutableDictionary(), nil)]
        var index = 0
        var counter = 0
        func next() -> UInt8 {
            defer { index += 1 }
            return index < bytes.count ? bytes[index] : 0
        }
        func add(_ value: Any) {
            counter += 1
            let key: AnyHashable = counter % 7 == 0 ? AnyHashable(NSNumber(value: counter)) : AnyHashable("k\(counter % 5)")
            switch stack[stack.count - 1].container {
            case let dictionary as NSMutableDictionary: dictionary[key] = value
            case let array as NSMutableArray: array.add(value)
            default: break
            }
        }
        while index < bytes.count {
            switch next() % 12 {
            case 0: stack.append((NSMutableArray(), nil))
            case 1: stack.append((NSMutableDictionary(), nil))
            case 2:
                if stack.count > 1, let done = stack.popLast() { add(done.container) }
            case 3:
                let length = Int(next() % 32)
                let end = min(bytes.count, index + length)
                add(String(decoding: bytes[min(index, end)..<end], as: UTF8.self))
                index = end
            case 4: add(NSNumber(value: Int64(bitPattern: UInt64(next()) << 56 | UInt64(next()))))
            case 5: add(NSNumber(value: [Double.nan, .infinity, -0.0, 1.5, 1e300][Int(next() % 5)]))
            case 6: add(NSNumber(value: next() % 2 == 0))
            case 7: add(NSNull())
            case 8: add(Date(timeIntervalSince1970: Double(next())))
            case 9: add(Data([next()]))
            case 10: add(String(repeating: "x", count: Int(next()) * 300))
            default: add(URL(string: "shop://x/\(next())") as Any)
            }
        }
        while stack.count > 1, let done = stack.popLast() { add(done.container) }
        return (stack.first?.container as? NSDictionary as? [AnyHashable: Any]) ?? [:]
    }
}
