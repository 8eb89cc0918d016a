#import "LegacyShop.h"
#import "LegacyShopModule.h"
@import SwitchyardObjC;

@implementation LegacyShop

+ (BOOL)addToApp:(id)app error:(NSError **)error {
    return [(SWYApp *)app addModule:[[LegacyShopModule alloc] init] error:error];
}

@end
