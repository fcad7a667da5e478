import Shell
import Testing

/// What hooking libraries (Aspects, BlocksKit, OCMock's own sources, RSSwizzle) do with the
/// runtime: read a block's signature through the Block ABI's layout, invoke a block through
/// `NSInvocation`, route a method through `_objc_msgForward` to `-forwardInvocation:`, and
/// move one instance into a subclass made at run time.
@Suite("Dynamic subclasses and forwarding")
struct DynamicSubclassTests {
    /// The reader of a block's signature that Aspects, BlocksKit and OCMock each carry.
    private static let blockSignature = """
        typedef struct _MMBlock {
            __unused Class isa;
            int flags;
            __unused int reserved;
            void (__unused *invoke)(struct _MMBlock *block, ...);
            struct {
                unsigned long int reserved;
                unsigned long int size;
                void (*copy)(void *dst, const void *src);
                void (*dispose)(const void *);
                const char *signature;
            } *descriptor;
        } *MMBlockRef;
        static NSMethodSignature *MMBlockSignature(id block) {
            MMBlockRef layout = (__bridge void *)block;
            if (!(layout->flags & (1 << 30))) return nil;
            void *desc = layout->descriptor;
            desc += 2 * sizeof(unsigned long int);
            if (layout->flags & (1 << 25)) desc += 2 * sizeof(void *);
            const char *signature = (*(const char **)desc);
            return [NSMethodSignature signatureWithObjCTypes:signature];
        }
        """

    @Test func aBlocksSignatureIsReadThroughItsLayout() throws {
        let shell = try ShellHarness()
        #expect(shell.run(Self.blockSignature) == [])
        #expect(shell.run(
            "NSMethodSignature *s = MMBlockSignature(^(id info, NSString *name, BOOL animated) {});",
            "s.numberOfArguments", "s.methodReturnType", "[s getArgumentTypeAtIndex:0]", "[s getArgumentTypeAtIndex:2]", "[s getArgumentTypeAtIndex:3]",
            // Without a written return type, a block returns what its returns do.
            "MMBlockSignature(^{ return YES; }).methodReturnType", "MMBlockSignature(^{ return @\"x\"; }).methodReturnType",
            "MMBlockSignature(^NSInteger(NSInteger x) { return x; }).methodReturnLength",
            "MMBlockSignature(^{}).methodReturnLength"
        ) == ["4", "\"v\"", "\"@?\"", "\"@\\\"NSString\\\"\"", "\"B\"", "\"B\"", "\"@\"", "8", "0"])
        let errors = shell.run("((MMBlockRef)(__bridge void *)^{})->size")
        #expect(errors.contains { $0.contains("Block_layout has no field 'size'; its fields are isa, flags, reserved, invoke, descriptor") }, "\(errors)")
    }

    @Test func anInvocationOfABlockSignatureCallsTheBlock() throws {
        let shell = try ShellHarness()
        #expect(shell.run(Self.blockSignature) == [])
        #expect(shell.run(
            "id join = ^NSString *(NSString *a, NSString *b) { return [a stringByAppendingString:b]; };",
            "NSInvocation *call = [NSInvocation invocationWithMethodSignature:MMBlockSignature(join)];",
            "NSString *first = @\"ab\", *second = @\"cd\";",
            "[call setArgument:&first atIndex:1];", "[call setArgument:&second atIndex:2];",
            "[call invokeWithTarget:join];",
            "NSString *joined = nil;", "[call getReturnValue:&joined];", "joined",
            "[MMBlockSignature(join) isEqual:MMBlockSignature(^NSString *(NSString *x, NSString *y) { return x; })]",
            "[MMBlockSignature(join) isEqual:MMBlockSignature(^{})]"
        ) == ["\"abcd\"", "YES", "NO"])
        let errors = shell.run("[NSMethodSignature signatureWithObjCTypes:\"\"]")
        #expect(errors.contains { $0.contains("unsupported type encoding spec ''") }, "\(errors)")
    }

    /// Aspects' hook: the method's IMP becomes `_objc_msgForward`, and the class's
    /// `-forwardInvocation:` runs the original under an alias.
    @Test func aMethodRoutedThroughMsgForwardReachesForwardInvocation() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            @interface MMGreeter : NSObject
            @property (nonatomic) NSMutableArray *log;
            @end
            @implementation MMGreeter
            - (NSString *)greet:(NSString *)name { return [@"hello " stringByAppendingString:name]; }
            - (void)forwardInvocation:(NSInvocation *)invocation {
                [self.log addObject:NSStringFromSelector(invocation.selector)];
                invocation.selector = NSSelectorFromString([@"original_" stringByAppendingString:NSStringFromSelector(invocation.selector)]);
                [invocation invoke];
            }
            @end
            """) == [])
        #expect(shell.run(
            "Method greet = class_getInstanceMethod([MMGreeter class], @selector(greet:));",
            "class_addMethod([MMGreeter class], NSSelectorFromString(@\"original_greet:\"), method_getImplementation(greet), method_getTypeEncoding(greet))",
            "class_replaceMethod([MMGreeter class], @selector(greet:), _objc_msgForward, method_getTypeEncoding(greet)) != NULL",
            // The hooked method's IMP is the one forwarder, as a second hook checks.
            "method_getImplementation(class_getInstanceMethod([MMGreeter class], @selector(greet:))) == _objc_msgForward",
            "MMGreeter *greeter = [MMGreeter new];", "greeter.log = [NSMutableArray array];",
            "[greeter greet:@\"ada\"]", "greeter.log"
        ) == ["YES", "YES", "YES", "\"hello ada\"", "<NSMutableArray: 0x2> @[\"greet:\"]"])
        // A class that does not forward raises, as objc's forwarding does.
        #expect(shell.run("@interface MMPlain : NSObject\n@end\n@implementation MMPlain\n@end") == [])
        let lost = shell.run("class_addMethod([MMPlain class], @selector(mm_lost), _objc_msgForward, \"v@:\")", "[[MMPlain new] mm_lost]")
        #expect(lost.first == "YES")
        #expect(lost.contains { $0.contains("-[MMPlain mm_lost]: unrecognized selector sent to instance") }, "\(lost)")
    }

    /// Aspects' instance hook and KVO's trick: a subclass made at run time, one instance
    /// moved into it, `-class` still answering the class it was.
    @Test func anInstanceMovesIntoASubclassMadeAtRunTime() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            @interface MMCounter : NSObject
            @property (nonatomic) NSInteger count;
            - (NSString *)name;
            @end
            @implementation MMCounter
            - (NSString *)name { return @"counter"; }
            @end
            """) == [])
        #expect(shell.run(
            "MMCounter *counter = [MMCounter new];", "counter.count = 3;",
            "Class probe = objc_allocateClassPair([MMCounter class], \"MMCounter_Probe\", 0);",
            "class_addMethod(probe, @selector(name), imp_implementationWithBlock(^(id self) { return @\"probed\"; }), \"@@:\")",
            "class_addMethod(probe, @selector(class), imp_implementationWithBlock(^(id self) { return [MMCounter class]; }), \"#@:\")",
            "objc_registerClassPair(probe);",
            "objc_allocateClassPair([MMCounter class], \"MMCounter_Probe\", 0) == Nil",
            "object_setClass(counter, probe)",
            "[counter name]", "counter.count", "[counter class]", "object_getClass(counter)", "[[MMCounter new] name]",
            "object_setClass(counter, [MMCounter class])", "[counter name]"
        ) == ["YES", "YES", "YES", "MMCounter", "\"probed\"", "3", "MMCounter", "MMCounter_Probe", "\"counter\"", "MMCounter_Probe", "\"counter\""])
        let errors = shell.run("object_setClass([MMCounter class], [NSObject class])")
        #expect(errors.contains { $0.contains("the class of MMCounter cannot change") }, "\(errors)")
    }

    /// An object's associated values are there in its `-dealloc`, as objc removes them
    /// after: Aspects finds its hooks for `dealloc` that way.
    @Test func associatedObjectsLastThroughDealloc() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            @interface MMTagged : NSObject
            @end
            @implementation MMTagged
            - (void)dealloc { NSLog(@"dealloc with tag %@", objc_getAssociatedObject(self, @selector(tag))); }
            @end
            """) == [])
        #expect(shell.run(
            "MMTagged *tagged = [MMTagged new];", "objc_setAssociatedObject(tagged, @selector(tag), @\"blue\", OBJC_ASSOCIATION_RETAIN);", "tagged = nil;"
        ) == ["dealloc with tag blue"])
    }

    @Test func aSetsValueForAKeyIsTheSetOfItsMembersValues() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSSet *words = [NSSet setWithObjects:@\"a\", @\"bb\", @\"cc\", nil];", "[[words valueForKey:@\"length\"] count]",
            "[[words valueForKey:@\"length\"] containsObject:@2]") == ["2", "YES"])
    }
}
