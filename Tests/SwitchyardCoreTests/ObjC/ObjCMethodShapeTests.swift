import SwitchyardObjCRules
import Testing

/// Issue 37: a method is called as an action only when its type encoding is an action's.
@Suite("Objective-C action method shapes")
struct ObjCMethodShapeTests {
    @Test(arguments: [
        ("@24@0:8@16", ObjCReturnKind.object),
        (#"@"UIViewController"24@0:8@"NSDictionary"16"#, .object),
        ("v24@0:8@16", .void),
        ("B24@0:8@16", .bool),
        ("c24@0:8@16", .bool),
        ("q24@0:8@16", .signed(bytes: 8)),
        ("i24@0:8@16", .signed(bytes: 4)),
        ("s24@0:8@16", .signed(bytes: 2)),
        ("Q24@0:8@16", .unsigned(bytes: 8)),
        ("I24@0:8@16", .unsigned(bytes: 4)),
        ("C24@0:8@16", .unsigned(bytes: 1)),
        ("d24@0:8@16", .floating(bytes: 8)),
        ("f24@0:8@16", .floating(bytes: 4)),
        ("r@24@0:8n@16", .object),
        ("@?24@0:8@16", .object),                    // a block, handed back as CTMediator does
    ])
    func anActionsEncodingIsReadForItsReturn(encoding: String, kind: ObjCReturnKind) {
        #expect(ObjCMethodShape.actionReturn(encoding: encoding) == kind)
    }

    /// Shapes CTMediator would call and crash on, or misread: refused before the call.
    @Test(arguments: [
        "@16@0:8",                                   // no parameter
        "@32@0:8@16@24",                             // two parameters
        "@24@0:8q16",                                // an integer, not the dictionary
        "@24@0:8@?16",                               // a block, not the dictionary
        "{CGRect={CGPoint=dd}{CGSize=dd}}24@0:8@16", // returns a struct
        "r*24@0:8@16",                               // returns a C string
        "^v24@0:8@16",                               // returns a pointer
        "",
        "@24@0:8@16{",                               // an unclosed struct
        String(repeating: "{", count: 100_000),      // over the length limit
        "@" + String(repeating: "0", count: 600),
        "24@0:8@16",                                 // starts with an offset
    ])
    func anotherShapeIsNotAnAction(encoding: String) {
        #expect(ObjCMethodShape.actionReturn(encoding: encoding) == nil)
    }

    @Test func anEncodingAtTheLengthLimitIsReadAndOneByteMoreIsNot() {
        let padded = "@" + String(repeating: "0", count: 511 - "@0:8@16".count) + "@0:8@16"
        #expect(padded.utf8.count == 512)
        #expect(ObjCMethodShape.actionReturn(encoding: padded) == .object)
        #expect(ObjCMethodShape.actionReturn(encoding: "@0" + padded.dropFirst()) == nil)
    }

    /// BeeHive's `+ (BOOL)singleton` and `+shareInstance` are read only when they are what they say.
    @Test(arguments: [
        ("B16@0:8", ObjCReturnKind?.some(.bool)), ("c16@0:8", .bool), ("@16@0:8", .object), ("B24@0:8@16", nil), ("q16@0:8", .signed(bytes: 8)), ("", nil),
        ("{CGSize=dd}16@0:8", nil),
    ])
    func aClassMethodIsReadOnlyForWhatItReturns(encoding: String, kind: ObjCReturnKind?) {
        #expect(ObjCMethodShape.noArgumentReturn(encoding: encoding) == kind)
    }
}
