// The calls into Objective-C code that may raise: made here, inside @try, so that an exception
// never unwinds through a Swift frame (undefined behaviour: Swift's cleanups would be skipped).
// Each returns the exception it caught, or nil; anything thrown that is not an NSException is
// wrapped in one. Empty where there is no Objective-C runtime (Linux), where nothing calls them.
#if defined(__OBJC__) && defined(__APPLE__)
#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

/// A key of a mediator call's parameters that means something to the mediator itself.
typedef NSString *SWYMediatorParameterKey NS_TYPED_EXTENSIBLE_ENUM;

/// CTMediator's parameter naming the Swift module of a target class written in Swift
/// (`@"kCTMediatorParamsKeySwiftTargetModuleName"`), so a CTMediator category compiles unchanged.
extern SWYMediatorParameterKey const kCTMediatorParamsKeySwiftTargetModuleName;

/// How an action's result is read, from its type encoding's return type.
typedef NS_ENUM(NSInteger, SWYReturnShape) {
    SWYReturnShapeObject = 0,
    SWYReturnShapeVoid,
    SWYReturnShapeBool,
    SWYReturnShapeInt16,
    SWYReturnShapeInt32,
    SWYReturnShapeInt64,
    SWYReturnShapeUInt8,
    SWYReturnShapeUInt16,
    SWYReturnShapeUInt32,
    SWYReturnShapeUInt64,
    SWYReturnShapeFloat,
    SWYReturnShapeDouble,
};

/// `[[cls alloc] init]`; `*result` is nil when init returned nil.
NSException *_Nullable SWYMakeInstance(Class cls, id _Nullable *_Nonnull result);

/// Sends `selector` with one object argument to `target`, reading the result as `shape` says
/// (numbers and BOOLs boxed in an NSNumber, void as nil).
NSException *_Nullable SWYSendAction(id target, SEL selector, id argument, SWYReturnShape shape, id _Nullable *_Nonnull result);

/// Sends a class method that takes nothing and returns BOOL (BeeHive's `+singleton`).
NSException *_Nullable SWYSendBoolClassMethod(Class cls, SEL selector, BOOL *_Nonnull result);

/// Sends a class method that takes nothing and returns an object (BeeHive's `+shareInstance`).
NSException *_Nullable SWYSendObjectClassMethod(Class cls, SEL selector, id _Nullable *_Nonnull result);

/// Calls an Objective-C block with one object: an `id (^)(id)` when `returnsObject` (what it
/// returns is `*result`), a `void (^)(id)` otherwise. Route handlers' and pages' blocks.
NSException *_Nullable SWYCallBlock(id block, id _Nullable argument, BOOL returnsObject, id _Nullable *_Nonnull result);

/// Sends `- (BOOL)selector:(id)argument error:(NSError **)error` (a module's `registerInApp:error:`
/// and `loadInApp:error:`); `*succeeded` is what it returned, `*error` what it set.
NSException *_Nullable SWYSendErrorStep(id target, SEL selector, id argument, BOOL *_Nonnull succeeded, NSError *_Nullable *_Nonnull error);

/// Sends `- (void)selector:(id)first second:(id)second` (a module's `handleEvent:inApp:`).
NSException *_Nullable SWYSendTwoObjects(id target, SEL selector, id first, id second);

/// Sends `selector` to `target` (a class or an object) with `arguments` in order, each unboxed
/// as the method's signature takes it (objects as they are, numbers and BOOLs from NSNumbers),
/// through NSInvocation; the return is boxed as SWYSendAction's is. The caller checked the
/// signature against the arguments first (`ObjCMethodCalls`).
NSException *_Nullable SWYInvokeMethod(id target, SEL selector, NSArray *arguments, id _Nullable *_Nonnull result);

/// `[object setValue:value forKey:key]` (KVC), and what it raised (`setValue:forUndefinedKey:`).
NSException *_Nullable SWYSetValueForKey(id object, id value, NSString *key);

NS_ASSUME_NONNULL_END
#endif
