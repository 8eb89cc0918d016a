// A BeeHive-style service: a protocol other modules call, and the class that implements it.
#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

@protocol ShopCartService <NSObject>
@property (nonatomic, readonly) NSInteger itemCount;
- (void)addItemWithSKU:(NSString *)sku quantity:(NSInteger)quantity;
@end

@interface ShopCart : NSObject <ShopCartService>
/// BeeHive's rule, which SWYServiceScopeAutomatic keeps: YES makes one shared instance.
+ (BOOL)singleton;
@end

NS_ASSUME_NONNULL_END
