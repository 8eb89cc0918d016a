// The services both languages share, declared once in Objective-C: a Swift module imports
// ShopInterfaces (never LegacyShop), an Objective-C module its header. NS_SWIFT_SENDABLE lets
// Swift 6 resolve them from the service registry.
#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

/// The legacy cart: implemented in Objective-C (LegacyShop), used from Swift (OrdersFeature).
NS_SWIFT_SENDABLE
@protocol LegacyCartService <NSObject>
- (NSInteger)itemCount;
- (void)addSKU:(NSString *)sku;
@end

/// Who is signed in: implemented in Swift (ProfileFeature), used from Objective-C (LegacyShop).
NS_SWIFT_SENDABLE
@protocol ProfileService <NSObject>
- (NSString *)displayName;
@end

NS_ASSUME_NONNULL_END
