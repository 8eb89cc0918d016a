#import "Target_Cart.h"

@implementation Target_Cart

- (UIViewController *)Action_viewController:(NSDictionary *)params {
    UIViewController *viewController = [[UIViewController alloc] init];
    viewController.title = [NSString stringWithFormat:@"Cart %@", params[@"id"] ?: @"(mine)"];
    return viewController;
}

- (NSInteger)Action_itemCount:(NSDictionary *)params {
    return 3;
}

// A URL never reaches an action whose name starts with "native", as with CTMediator.
- (void)Action_nativeClear:(NSDictionary *)params {
    NSLog(@"cart cleared");
}

- (id)notFound:(NSDictionary *)params {
    return nil;
}

@end
