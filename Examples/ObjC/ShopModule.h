// An Objective-C feature module: routes (MGJRouter/JLRoutes style), a service (BeeHive style)
// and events, started with the app's Swift modules in one order.
@import SwitchyardObjC;

NS_ASSUME_NONNULL_BEGIN

@interface ShopModule : NSObject <SWYModule>
@end

NS_ASSUME_NONNULL_END
