#import "LegacyCartTools.h"

@implementation LegacyCartTools

+ (NSInteger)itemCount {
    return 3;
}

+ (BOOL)addSKU:(NSString *)sku quantity:(NSInteger)quantity {
    return sku.length > 0 && quantity > 0;
}

- (NSString *)summaryWithCurrency:(NSString *)currency {
    return [NSString stringWithFormat:@"3 items, %@ 42", currency];
}

@end
