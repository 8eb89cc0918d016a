// sample: Sources/SwitchyardPipeline/Interceptors/BuiltIn/SignedLinkInterceptor.swift #1 "router.addInterceptor(try SignedLinkInte"
import Foundation
import Switchyard

let router = Router()
let signer = try LinkSigner(secret: Data("backend-link-secret".utf8))
// {{sample}}
