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
    // A page: the router shows the controller the block makes, as it shows a Swift page's: in
    // the back stack, over its parents when a link opens it, restored by its URL.
    SWYPageOptions *cartOptions = [[SWYPageOptions alloc] init];
    cartOptions.command = SWYPageCommandPush;
    BOOL registered = [app.router registerPage:@"/cart/:id" options:cartOptions make:^UIViewController *(SWYRouteRequest *request) {
        // nil declines: the next route that matches the URL is tried.
        return [[SWYMediator sharedInstance] performTarget:@"Cart"
                                                    action:@"viewController"
                                                    params:@{@"id": request.parameters[@"id"]}
                                         shouldCacheTarget:NO];
    } error:error];
    if (!registered) {
        return NO;
    }
    // An action: MGJRouter's registerURLPattern:toHandler:, JLRoutes' addRoute:handler:.
    registered = [app.router registerPattern:@"/cart/:id/add/:sku" handler:^(SWYRouteRequest *request) {
        id<ShopCartService> cart = [app.services createService:@protocol(ShopCartService)];
        [cart addItemWithSKU:request.parameters[@"sku"] quantity:1];
        [request answer:@{@"added": request.parameters[@"sku"], @"cart": request.parameters[@"id"]}];
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
