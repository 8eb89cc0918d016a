// The legacy module's screens: plain UIViewControllers, shown as pages as they are.
#import <UIKit/UIKit.h>
#import "ShopInterfaces.h"
@import SwitchyardObjC;

NS_ASSUME_NONNULL_BEGIN

@interface LegacyCartViewController : UIViewController
- (instancetype)initWithRouter:(SWYRouter *)router cart:(nullable id<LegacyCartService>)cart owner:(NSString *)owner;
@end

@interface LegacyOrderDetailViewController : UIViewController
- (instancetype)initWithOrderID:(NSString *)orderID request:(SWYRouteRequest *)request;
@end

@interface LegacyWalletViewController : UIViewController
@end

NS_ASSUME_NONNULL_END
