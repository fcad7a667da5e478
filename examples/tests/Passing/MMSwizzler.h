#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

/// Swaps a class method for the one of the same name on another class, and swaps it back.
@interface MMSwizzler : NSObject

- (void)swizzleClassMethod:(SEL)selector ofClass:(Class)targetClass withClass:(Class)replacementClass;

/// Puts the original implementation back. Does nothing when nothing is swizzled.
- (void)deswizzle;

@property (nonatomic, readonly, getter=isSwizzled) BOOL swizzled;

@end

NS_ASSUME_NONNULL_END
