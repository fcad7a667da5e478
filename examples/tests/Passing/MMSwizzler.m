#import "MMSwizzler.h"
#import <objc/runtime.h>

@implementation MMSwizzler {
    Method _originalMethod;
    Method _replacementMethod;
}

- (void)swizzleClassMethod:(SEL)selector ofClass:(Class)targetClass withClass:(Class)replacementClass {
    NSAssert(!self.isSwizzled, @"deswizzle before swizzling again");
    _originalMethod = class_getClassMethod(targetClass, selector);
    _replacementMethod = class_getClassMethod(replacementClass, selector);
    NSAssert(_originalMethod != NULL, @"+[%@ %@] does not exist", NSStringFromClass(targetClass), NSStringFromSelector(selector));
    NSAssert(_replacementMethod != NULL, @"+[%@ %@] does not exist", NSStringFromClass(replacementClass), NSStringFromSelector(selector));
    method_exchangeImplementations(_originalMethod, _replacementMethod);
}

- (BOOL)isSwizzled {
    return _originalMethod != NULL;
}

- (void)deswizzle {
    if (!self.isSwizzled) {
        return;
    }
    method_exchangeImplementations(_replacementMethod, _originalMethod);
    _originalMethod = NULL;
    _replacementMethod = NULL;
}

- (void)dealloc {
    [self deswizzle];
}

@end
