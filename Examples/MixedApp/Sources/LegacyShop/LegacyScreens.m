#import "LegacyScreens.h"

@implementation LegacyCartViewController {
    SWYRouter *_router;
}

- (instancetype)initWithRouter:(SWYRouter *)router cart:(id<LegacyCartService>)cart owner:(NSString *)owner {
    if ((self = [super initWithNibName:nil bundle:nil])) {
        _router = router;
        self.title = [NSString stringWithFormat:@"%@'s cart: %ld", owner, (long)cart.itemCount];
    }
    return self;
}

// A Swift route, opened from Objective-C: the order goes over the Orders tab's home.
- (void)showLatestOrder {
    [_router openURL:@"shop://order/7" source:SWYRouteSourceInApp completion:^(BOOL opened, NSError *error) {
        if (!opened && error != nil) {
            NSLog(@"%@", error.localizedDescription);
        }
    }];
}

@end

@implementation LegacyOrderDetailViewController {
    SWYRouteRequest *_request;
}

- (instancetype)initWithOrderID:(NSString *)orderID request:(SWYRouteRequest *)request {
    if ((self = [super initWithNibName:nil bundle:nil])) {
        _request = request;
        self.title = [NSString stringWithFormat:@"Order %@", orderID];
    }
    return self;
}

// The user confirmed: a caller of callURL: (or a web page's call) gets this answer.
- (void)confirm {
    [_request answer:@{@"confirmed": @YES}];
}

@end

@implementation LegacyWalletViewController
@end
