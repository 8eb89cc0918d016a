// sample: Sources/SwitchyardRouting/Signing/LinkSigner.swift #1 "let signer = try LinkSigner(secret: Data"
import Foundation
import Switchyard

let secretBytes: [UInt8] = Array("backend-link-secret".utf8)
// {{sample}}
