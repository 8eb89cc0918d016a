// LegacyShop's public header. It names no Switchyard type: a Swift target that imports
// LegacyShop cannot see SwitchyardObjC's generated header through a header of this target
// (SwiftPM gives it no module map for it), so the app is an `id` here and an SWYApp in the .m.
#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

@interface LegacyShop : NSObject
/// Adds the legacy shop's module (its pages, its cart service) to the app, before it starts.
+ (BOOL)addToApp:(id)app error:(NSError **)error;
@end

NS_ASSUME_NONNULL_END
