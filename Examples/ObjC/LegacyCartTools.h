// A legacy class whose methods in-app code calls by selector name (seed 001's
// performTarget:selectorName:Params:): it opts in by adopting SWYCallableByName.
@import SwitchyardObjC;

NS_ASSUME_NONNULL_BEGIN

@interface LegacyCartTools : NSObject <SWYCallableByName>
+ (NSInteger)itemCount;
+ (BOOL)addSKU:(NSString *)sku quantity:(NSInteger)quantity;
- (NSString *)summaryWithCurrency:(NSString *)currency;
@end

NS_ASSUME_NONNULL_END
