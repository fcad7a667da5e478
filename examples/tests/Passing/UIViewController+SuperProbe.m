#import "UIViewController+SuperProbe.h"
#import <objc/runtime.h>

static char MMSuperProbeReachedKey;

@implementation UIViewController (SuperProbe)

- (BOOL)superProbeReached {
    return [objc_getAssociatedObject(self, &MMSuperProbeReachedKey) boolValue];
}

- (void)setSuperProbeReached:(BOOL)reached {
    objc_setAssociatedObject(self, &MMSuperProbeReachedKey, @(reached), OBJC_ASSOCIATION_RETAIN_NONATOMIC);
}

- (void)superProbe_viewDidLoad {
    self.superProbeReached = YES;
    [self superProbe_viewDidLoad];
}

- (void)superProbe_viewWillAppear:(BOOL)animated {
    self.superProbeReached = YES;
    [self superProbe_viewWillAppear:animated];
}

- (void)superProbe_viewDidAppear:(BOOL)animated {
    self.superProbeReached = YES;
    [self superProbe_viewDidAppear:animated];
}

- (void)superProbe_viewWillDisappear:(BOOL)animated {
    self.superProbeReached = YES;
    [self superProbe_viewWillDisappear:animated];
}

- (void)superProbe_viewDidDisappear:(BOOL)animated {
    self.superProbeReached = YES;
    [self superProbe_viewDidDisappear:animated];
}

@end
