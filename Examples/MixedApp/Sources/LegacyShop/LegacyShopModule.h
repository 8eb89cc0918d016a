// The legacy shop as a Switchyard module: its screens are Objective-C pages.
@import SwitchyardObjC;

NS_ASSUME_NONNULL_BEGIN

@interface LegacyShopModule : NSObject <SWYModule>
@end

NS_ASSUME_NONNULL_END
