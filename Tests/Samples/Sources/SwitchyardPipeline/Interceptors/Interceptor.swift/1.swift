// sample: Sources/SwitchyardPipeline/Interceptors/Interceptor.swift #1 "struct RequireLogin: Interceptor {"
import Switchyard

actor Session { var isLoggedIn = false }
// {{sample}}
