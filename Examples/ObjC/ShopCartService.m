#import "ShopCartService.h"

@implementation ShopCart {
    NSMutableDictionary<NSString *, NSNumber *> *_quantities;
}

+ (BOOL)singleton {
    return YES;
}

- (instancetype)init {
    if ((self = [super init])) {
        _quantities = [NSMutableDictionary dictionary];
    }
    return self;
}

- (NSInteger)itemCount {
    NSInteger count = 0;
    for (NSNumber *quantity in _quantities.allValues) {
        count += quantity.integerValue;
    }
    return count;
}

- (void)addItemWithSKU:(NSString *)sku quantity:(NSInteger)quantity {
    _quantities[sku] = @(_quantities[sku].integerValue + quantity);
}

@end
