import Testing

/// The `NSObject` protocol as code written for any era sends it: manual reference counting,
/// `NSProxy`, and Foundation's message forwarding through `-forwardInvocation:`.
@Suite("Forwarding, NSProxy and manual reference counting")
struct ForwardingTests {
    private static let proxy = """
        @interface MMTarget : NSObject
        - (NSInteger)add:(NSInteger)a to:(NSInteger)b;
        @end
        @implementation MMTarget
        - (NSInteger)add:(NSInteger)a to:(NSInteger)b { return a + b; }
        @end
        @interface MMWeakProxy : NSProxy
        @property (nonatomic, weak) id target;
        @end
        @implementation MMWeakProxy
        - (instancetype)initWithTarget:(id)target { _target = target; return self; }
        - (NSMethodSignature *)methodSignatureForSelector:(SEL)sel { return [_target methodSignatureForSelector:sel]; }
        - (void)forwardInvocation:(NSInvocation *)invocation { [invocation invokeWithTarget:_target]; }
        @end
        """

    /// A weak proxy, as timers and display links are given: the proxy answers what it is
    /// itself, and hands every other message to its target through an invocation.
    @Test func aProxyForwardsWhatItDoesNotAnswerToItsTarget() throws {
        let shell = try ShellHarness()
        #expect(shell.run(Self.proxy, "MMTarget *t = [MMTarget new]", "id p = [[MMWeakProxy alloc] initWithTarget:t]").isEmpty)
        #expect(shell.run(
            "[p add:2 to:3]", "[p isProxy]", "[t isProxy]", "[p class] == [MMWeakProxy class]",
            "[p isKindOfClass:[MMTarget class]]", "[p respondsToSelector:@selector(add:to:)]", "[p isEqual:p]",
            "[MMWeakProxy superclass] == [NSProxy class]", "[NSProxy superclass] == nil"
        ) == ["5", "YES", "NO", "YES", "YES", "YES", "YES", "YES", "YES"])
    }

    /// A message the target does not know either: a nil signature is objc's unrecognised
    /// selector, not a stand-in's answer.
    @Test func aForwardedMessageWithoutASignatureIsUnrecognized() throws {
        let shell = try ShellHarness()
        shell.run(Self.proxy, "MMTarget *t = [MMTarget new]", "id p = [[MMWeakProxy alloc] initWithTarget:t]")
        let errors = shell.run("[p frobnicate]")
        #expect(errors.contains { $0.contains("-[MMWeakProxy frobnicate]: unrecognized selector sent to instance") }, "\(errors)")
    }

    /// An `NSObject` subclass that forwards some messages and passes the rest to super's
    /// `-forwardInvocation:`, which raises for the message's own selector; what it sets as
    /// the invocation's return value is what the message returns.
    @Test func anObjectForwardsAndSuperRaisesForTheRest() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMEcho : NSObject
            @end
            @implementation MMEcho
            - (NSMethodSignature *)methodSignatureForSelector:(SEL)sel {
                return [NSMethodSignature signatureWithObjCTypes:"@@:"];
            }
            - (void)forwardInvocation:(NSInvocation *)invocation {
                if (invocation.selector == @selector(shout)) {
                    NSString *answer = @"HELLO";
                    [invocation setReturnValue:&answer];
                } else {
                    [super forwardInvocation:invocation];
                }
            }
            @end
            """)
        #expect(shell.run("[[MMEcho new] shout]") == ["\"HELLO\""])
        let errors = shell.run("[[MMEcho new] whisper]", "[[MMEcho new] doesNotRecognizeSelector:@selector(mumble)]")
        #expect(errors.filter { $0.contains("-[MMEcho whisper]: unrecognized selector") }.count == 1, "\(errors)")
        #expect(errors.filter { $0.contains("-[MMEcho mumble]: unrecognized selector") }.count == 1, "\(errors)")
    }

    /// A view that forwards what it does not know (SlackTextViewController's text view) and
    /// passes the rest to super: framework API the model lacks is answered as it is for a
    /// view that does not forward, by the stand-ins.
    @Test func aFrameworkSubclassPassingAMessageToSuperGetsTheStandInsAnswer() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMFormattingView : UITextView
            @end
            @implementation MMFormattingView
            - (NSMethodSignature *)methodSignatureForSelector:(SEL)sel {
                return [super methodSignatureForSelector:sel] ?: [NSMethodSignature signatureWithObjCTypes:"v@:"];
            }
            - (void)forwardInvocation:(NSInvocation *)invocation { [super forwardInvocation:invocation]; }
            @end
            """)
        let output = shell.run("[[MMFormattingView new] setEnablesReturnKeyAutomatically:YES]")
        #expect(output.contains { $0.contains("stand-ins answered") && $0.contains("setEnablesReturnKeyAutomatically:") }, "\(output)")
        #expect(!output.contains { $0.contains("error") }, "\(output)")
    }

    /// NSProxy's own forwarding methods raise, and it has no `-init`.
    @Test func aProxyThatDoesNotForwardRaises() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMHalfProxy : NSProxy
            @end
            @implementation MMHalfProxy
            - (void)forwardInvocation:(NSInvocation *)invocation {}
            @end
            """)
        let errors = shell.run("[[MMHalfProxy alloc] count]")
        #expect(errors.contains { $0.contains("-[MMHalfProxy methodSignatureForSelector:]: NSProxy's own is called") }, "\(errors)")
    }

    /// Code written before ARC: `retain`, `autorelease` and `release` keep nothing and
    /// answer the receiver (a value's too), `[super dealloc]` reaches NSObject, and the
    /// `NSObject` protocol's `debugDescription` and three-argument `performSelector:`.
    @Test func manualReferenceCountingMessagesAreAnswered() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMOld : NSObject
            @property (nonatomic, copy) NSString *name;
            @end
            @implementation MMOld
            - (void)dealloc { [_name release]; [super dealloc]; }
            - (NSString *)description { return @"old"; }
            - (NSString *)join:(NSString *)a with:(NSString *)b { return [a stringByAppendingString:b]; }
            - (NSString *)pair:(id)a with:(id)b { return [NSString stringWithFormat:@"%@-%@", a, b]; }
            @end
            """)
        #expect(shell.run(
            "MMOld *o = [[[MMOld alloc] init] autorelease]", "[[o retain] description]", "[o release]", "[o dealloc]",
            "[[@\"kept\" retain] autorelease]", "[o debugDescription]",
            "[o performSelector:@selector(join:with:) withObject:@\"a\" withObject:@\"b\"]"
        ) == ["\"old\"", "\"kept\"", "\"old\"", "\"ab\""])
        // A mutable collection retained, autoreleased or asked for itself is still the mutable
        // one, as MRC code's `[[[NSMutableArray alloc] init] autorelease]` relies on.
        #expect(shell.run(
            "NSMutableArray *nodes = [[[NSMutableArray alloc] initWithCapacity:20] autorelease]; [nodes addObject:@1]; [[nodes retain] addObject:@2]; [[nodes self] addObject:@3]; [nodes copy]",
            "NSMutableString *text = [[[NSMutableString alloc] init] autorelease]; [text appendString:@\"x\"]; [text copy]"
        ) == ["@[1, 2, 3]", "\"x\""])
        // What the method does not take is not seen, and what it takes that was not given is
        // nil, as `objc_msgSend` passes them; `TRUE` and `FALSE` are CoreFoundation's 1 and 0.
        #expect(shell.run(
            "[o performSelector:@selector(description) withObject:@\"unseen\"]",
            "[o performSelector:@selector(pair:with:) withObject:@\"a\"]",
            "__block NSString *later = nil; [o performSelector:@selector(setName:) withObject:@\"late\" afterDelay:0]; [[NSRunLoop mainRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:0.1]]; o.name",
            "@[@(TRUE), @(FALSE)]"
        ) == ["\"old\"", "\"a-(null)\"", "\"late\"", "@[1, 0]"])
    }

    /// A dictionary made with a key twice keeps the first value, as Foundation's literal
    /// and `dictionaryWithObjectsAndKeys:` do (Masonry names `NSLayoutAttributeBaseline`
    /// and `NSLayoutAttributeLastBaseline`, one value, in one literal).
    @Test func aRepeatedKeyKeepsItsFirstValue() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "@{@1: @\"first\", @1: @\"second\"}", "[NSDictionary dictionaryWithObjectsAndKeys:@\"a\", @\"k\", @\"b\", @\"k\", nil]",
            "[NSDictionary dictionaryWithObjects:@[@\"x\", @\"y\"] forKeys:@[@\"k\", @\"k\"]]",
            "[[NSDictionary alloc] initWithObjects:@[@1, @2] forKeys:@[@\"a\", @\"b\"]]"
        ) == ["@{1: \"first\"}", "@{\"k\": \"a\"}", "@{\"k\": \"x\"}", "@{\"a\": 1, \"b\": 2}"])
        let errors = shell.run("[NSDictionary dictionaryWithObjects:@[@1] forKeys:@[]]")
        #expect(errors.contains { $0.contains("count of objects (1) differs from count of keys (0)") }, "\(errors)")
    }

    /// C11's static assertion was the compiler's to check: it loads, in a function and at
    /// file scope.
    @Test func aStaticAssertionLoads() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            _Static_assert(sizeof(int) == 4, "int is four bytes");
            static int MMTwice(int x) { _Static_assert(sizeof(_Bool) <= sizeof(int), "promoted"); return x * 2; }
            """, "MMTwice(21)") == ["42"])
    }
}
