// sample: Sources/SwitchyardRouting/Typed/TypedRoute.swift #1 "@Route("/product/<int:id>(/:tab)")"
import Switchyard
import SwitchyardTypedRoutes   // where @Route is declared
// {{sample}}