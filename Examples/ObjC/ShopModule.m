#import <UIKit/UIKit.h>
#import "ShopModule.h"
#import "ShopCartService.h"

@implementation ShopModule

- (NSString *)moduleName {
    return @"Shop";
}

- (NSInteger)modulePriority {
    return 100;
}

- (BOOL)registerInApp:(SWYApp *)app error:(NSError **)error {
    // MGJRouter's registerURLPattern:toHandler:, JLRoutes' addRoute:handler:.
    BOOL registered = [app.router registerPattern:@"/cart/:id" handler:^(SWYRouteRequest *request) {
        NSString *cartID = request.parameters[@"id"];
        UINavigationController *navigation = request.parameters[@"navigation"];
        UIViewController *cart = [[SWYMediator sharedInstance] performTarget:@"Cart"
                                                                      action:@"viewController"
                                                                      params:@{@"id": cartID}
                                                           shouldCacheTarget:NO];
        if ([navigation isKindOfClass:[UINavigationController class]] && cart != nil) {
            [navigation pushViewController:cart animated:YES];
        }
        [request answer:@{@"shown": @YES, @"id": cartID}];
    } error:error];
    if (!registered) {
        return NO;
    }
    // BeeHive's registerService:service:.
    return [app.services registerService:@protocol(ShopCartService) implClass:[ShopCart class] error:error];
}

- (BOOL)loadInApp:(SWYApp *)app error:(NSError **)error {
    id<ShopCartService> cart = [app.services createService:@protocol(ShopCartService)];
    [cart addItemWithSKU:@"welcome-gift" quantity:1];
    return YES;
}

- (void)handleEvent:(SWYAppEvent *)event inApp:(SWYApp *)app {
    if ([event.name isEqualToString:@"openURL"]) {
        NSLog(@"Shop saw %@", event.userInfo[@"url"]);
    }
}

@end
