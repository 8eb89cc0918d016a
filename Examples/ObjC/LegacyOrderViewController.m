#import "LegacyOrderViewController.h"

@implementation LegacyOrderViewController {
    void (^_completion)(NSError *_Nullable, id _Nullable);
}

+ (NSArray<NSString *> *)routableParameterKeys {
    return @[@"orderID", @"quantity"];
}

- (void)receiveRouteParameters:(NSDictionary<NSString *, id> *)parameters completion:(void (^)(NSError *_Nullable, id _Nullable))completion {
    _completion = [completion copy];
}

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = [NSString stringWithFormat:@"Order %@ × %ld", self.orderID ?: @"?", (long)self.quantity];
}

// The user confirmed: the caller's completion hears the answer, once.
- (void)confirm {
    if (_completion != nil) {
        _completion(nil, @{@"orderID": self.orderID ?: @"", @"confirmed": @YES});
        _completion = nil;
    }
}

@end
