#import <UIKit/UIKit.h>
#import "LegacyShopModule.h"
#import "LegacyScreens.h"
#import "ShopInterfaces.h"

/// The legacy cart, as the Objective-C module has always kept it.
@interface LegacyCart : NSObject <LegacyCartService>
@end

@implementation LegacyCart {
    NSMutableArray<NSString *> *_skus;
}

- (instancetype)init {
    if ((self = [super init])) {
        _skus = [NSMutableArray array];
    }
    return self;
}

- (NSInteger)itemCount {
    @synchronized (self) {
        return (NSInteger)_skus.count;
    }
}

- (void)addSKU:(NSString *)sku {
    @synchronized (self) {
        [_skus addObject:sku];
    }
}

@end

@implementation LegacyShopModule

- (NSString *)moduleName {
    return @"LegacyShop";
}

- (BOOL)registerInApp:(SWYApp *)app error:(NSError **)error {
    SWYRouter *router = app.router;
    SWYServices *services = app.services;
    // The cart tab's home: a cold start puts it in place with the other tabs' homes.
    SWYPageOptions *cart = [[SWYPageOptions alloc] init];
    cart.homeTab = @"cart";
    BOOL registered = [router registerPage:@"/cart" options:cart make:^UIViewController *(SWYRouteRequest *request) {
        id<LegacyCartService> service = [services createService:@protocol(LegacyCartService)];
        id<ProfileService> profile = [services createService:@protocol(ProfileService)];   // a Swift service
        return [[LegacyCartViewController alloc] initWithRouter:router cart:service owner:profile.displayName];
    } error:error];
    // A legacy order: in the Orders tab, over the Swift Orders home when a link opens it.
    SWYPageOptions *order = [[SWYPageOptions alloc] init];
    order.homeTab = @"orders";
    order.parents = @[@"/orders"];
    registered = registered && [router registerPage:@"/legacy/order/:id" options:order make:^UIViewController *(SWYRouteRequest *request) {
        return [[LegacyOrderDetailViewController alloc] initWithOrderID:request.parameters[@"id"] request:request];
    } error:error];
    // The wallet: the app's login interceptor protects it (see AppDelegate.swift).
    SWYPageOptions *wallet = [[SWYPageOptions alloc] init];
    wallet.command = SWYPageCommandPresentInNavigation;
    registered = registered && [router registerPage:@"/legacy/wallet" options:wallet make:^UIViewController *(SWYRouteRequest *request) {
        return [[LegacyWalletViewController alloc] init];
    } error:error];
    // BeeHive's registerService:service:, for Swift's OrdersFeature too.
    return registered && [services registerService:@protocol(LegacyCartService) implClass:[LegacyCart class] error:error];
}

@end
