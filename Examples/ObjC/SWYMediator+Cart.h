// A CTMediator category, ported by changing only its import and the class it extends
// (was: #import <CTMediator/CTMediator.h> and @interface CTMediator (Cart)).
#import <UIKit/UIKit.h>
@import SwitchyardObjC;

@interface SWYMediator (Cart)
- (UIViewController *)Cart_viewControllerWithCartID:(NSString *)cartID;
- (NSInteger)Cart_itemCount;
@end
