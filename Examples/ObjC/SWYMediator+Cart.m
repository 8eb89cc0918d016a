#import "SWYMediator+Cart.h"

@implementation SWYMediator (Cart)

- (UIViewController *)Cart_viewControllerWithCartID:(NSString *)cartID {
    UIViewController *viewController = [self performTarget:@"Cart"
                                                    action:@"viewController"
                                                    params:@{@"id": cartID}
                                         shouldCacheTarget:NO];
    if ([viewController isKindOfClass:[UIViewController class]]) {
        return viewController;
    }
    return [[UIViewController alloc] init];
}

- (NSInteger)Cart_itemCount {
    NSNumber *count = [self performTarget:@"Cart" action:@"itemCount" params:nil shouldCacheTarget:YES];
    return count.integerValue;
}

@end
