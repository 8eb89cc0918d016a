// The Objective-C side of "Migrating from BeeHive": a service protocol shared by header, its
// class, and a module. What BeeHive modules declare, they keep declaring.
@import SwitchyardObjC;

NS_ASSUME_NONNULL_BEGIN

@protocol TradeServiceProtocol <NSObject>
- (NSArray<NSString *> *)openOrderNumbers;
@end

@interface TradeService : NSObject <TradeServiceProtocol>
+ (BOOL)singleton;
+ (instancetype)shareInstance;
@end

@interface TradeModule : NSObject <SWYModule>
@end

NS_ASSUME_NONNULL_END
