import Foundation
import Runtime
import Shell

/// The shell's speed: start-up of `rtsh run`, a long script, and completion latency.
enum ShellBenchmarks {
    static func runAll(rtsh: String?) throws {
        if let rtsh { try startUp(rtsh) }
        try longScript()
        try definitions()
        try loadingSources()
        try auditingATree()
        try runningTests()
        try completion()
        try replay()
    }

    /// Replaying a 10,000-statement transcript, and 200 small ones on one job and on all cores.
    static func replay() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rtsh-bench-replay-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        var big = ["rtsh> vc = [UIViewController new]"]
        for index in 1..<10_000 {
            switch index % 5 {
            case 0: big += ["rtsh> \(index) * 2", "\(index * 2)"]
            case 1: big += ["rtsh> vc.title = @\"t\(index)\""]
            case 2: big += ["rtsh> vc.title", "\"t\(index - 1)\""]
            case 3: big += ["rtsh> [vc isViewLoaded]", "[..]"]
            default: big += ["rtsh> UIView", "UIView"]
            }
        }
        let bigFile = directory.appendingPathComponent("big.transcript").path
        try (big.joined(separator: "\n") + "\n").write(toFile: bigFile, atomically: true, encoding: .utf8)
        let statements = try Transcript(parsing: big.joined(separator: "\n"), file: bigFile).entries.count
        let bigTimes = (0..<5).map { _ -> Double in
            let start = DispatchTime.now().uptimeNanoseconds
            precondition(Replay.run(file: bigFile).passed, "the big transcript did not replay")
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        Benchmarks.report("replay a \(statements)-statement transcript", bigTimes.sorted()[2], "ms")

        let small = directory.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
        let session = """
            rtsh> @implementation MMBench : UIViewController
            ...> - (void)viewDidLoad { [super viewDidLoad]; }
            ...> @end
            rtsh> vc = [MMBench new]
            rtsh> check super MMBench
            ok -[MMBench viewDidLoad] calls super once
            1 passed, 0 failed
            rtsh> lifecycle vc
            ...

            """
        for index in 0..<200 {
            try session.write(to: small.appendingPathComponent("s\(index).transcript"), atomically: true, encoding: .utf8)
        }
        let suite = ReplaySuite(paths: [small.path])
        func time(jobs: Int) -> Double {
            let samples = (0..<5).map { _ -> Double in
                let start = DispatchTime.now().uptimeNanoseconds
                precondition(suite.run(jobs: jobs).allSatisfy(\.result.passed), "a small transcript did not replay")
                return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            }
            return samples.sorted()[2]
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let serial = time(jobs: 1)
        let parallel = time(jobs: cores)
        Benchmarks.report("replay 200 small transcripts, 1 job", serial, "ms")
        Benchmarks.report("replay 200 small transcripts, \(cores) jobs", parallel, "ms",
                          note: String(format: "%.2fx speed-up on %d cores", serial / parallel, cores))
    }

    /// Loading a tree of real-style Objective-C: 100 files of 200 lines, then 200 files,
    /// to show the time grows linearly with the lines.
    static func loadingSources() throws {
        func tree(files: Int) throws -> (path: String, lines: Int) {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rtsh-bench-load-\(files)-\(ProcessInfo.processInfo.processIdentifier)")
            try? FileManager.default.removeItem(at: directory)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            var total = 0
            for index in 0..<files {
                let (header, implementation) = controller(index)
                try header.write(to: directory.appendingPathComponent("MMBench\(index)ViewController.h"), atomically: true, encoding: .utf8)
                try implementation.write(to: directory.appendingPathComponent("MMBench\(index)ViewController.m"), atomically: true, encoding: .utf8)
                total += header.split(separator: "\n", omittingEmptySubsequences: false).count
                total += implementation.split(separator: "\n", omittingEmptySubsequences: false).count
            }
            return (directory.path, total)
        }
        func time(_ path: String) throws -> Double {
            let samples = try (0..<5).map { _ -> Double in
                let session = try silentSession()
                let start = DispatchTime.now().uptimeNanoseconds
                let summary = session.loadSources([path])
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                precondition(summary?.errors == 0, "the benchmark's sources did not load cleanly")
                return elapsed
            }
            return samples.sorted()[2]
        }
        let small = try tree(files: 50)
        let large = try tree(files: 100)
        defer {
            if ProcessInfo.processInfo.environment["RTSH_KEEP_BENCH_TREE"] == nil {
                try? FileManager.default.removeItem(atPath: small.path)
                try? FileManager.default.removeItem(atPath: large.path)
            }
        }
        let smallTime = try time(small.path)
        let largeTime = try time(large.path)
        Benchmarks.report("load \(small.lines) lines, 100 files", smallTime, "ms")
        Benchmarks.report("load \(large.lines) lines, 200 files", largeTime, "ms",
                          note: String(format: "%.2fx the time for %.2fx the lines", largeTime / smallTime, Double(large.lines) / Double(small.lines)))
    }

    /// `rtsh audit` of a generated app of 1,000 classes: 400 controllers, 300 views and 300
    /// cells, about 100,000 lines, each class overriding what the policy polices.
    static func auditingATree() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rtsh-bench-audit-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var lines = 0
        func write(_ name: String, _ files: (header: String, implementation: String)) throws {
            try files.header.write(to: directory.appendingPathComponent("\(name).h"), atomically: true, encoding: .utf8)
            try files.implementation.write(to: directory.appendingPathComponent("\(name).m"), atomically: true, encoding: .utf8)
            lines += (files.header + files.implementation).split(separator: "\n", omittingEmptySubsequences: false).count
        }
        for index in 0..<400 { try write("MMBench\(index)ViewController", controller(index, methods: 8)) }
        for index in 0..<300 { try write("MMBench\(index)View", view(index)) }
        for index in 0..<300 { try write("MMBench\(index)Cell", cell(index)) }
        var audits = 0
        let samples = try (0..<3).map { _ -> Double in
            let session = try silentSession()
            let start = DispatchTime.now().uptimeNanoseconds
            let checks = session.auditSources([directory.path]) ?? []
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            precondition(!checks.isEmpty && checks.allSatisfy { $0.verdict == .ok }, "the benchmark's app did not audit cleanly")
            audits = checks.count
            return elapsed
        }
        Benchmarks.report("audit a 1,000-class app (\(lines) lines)", samples.sorted()[1] * 1000, "ms", note: "\(audits) audits, goal < 5,000 ms")
    }

    /// `rtsh test` over 100 generated XCTest classes of 10 tests each, with set-up and
    /// tear-down, and a test that waits 60 s of virtual time for an expectation.
    static func runningTests() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rtsh-bench-tests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for index in 0..<100 {
            let tests = (0..<10).map { test in
                "- (void)test\(test) {\n    [self.items addObject:@(\(test))];\n    XCTAssertEqual(self.items.count, 2);\n    XCTAssertEqualObjects(self.items.firstObject, @\"start\");\n}\n"
            }.joined()
            let source = """
                @interface MMBench\(index)Tests : XCTestCase
                @property (nonatomic, strong) NSMutableArray *items;
                @end
                @implementation MMBench\(index)Tests
                - (void)setUp { [super setUp]; self.items = [NSMutableArray arrayWithObject:@"start"]; }
                - (void)tearDown { self.items = nil; [super tearDown]; }
                \(tests)@end

                """
            try source.write(to: directory.appendingPathComponent("MMBench\(index)Tests.m"), atomically: true, encoding: .utf8)
        }
        var count = 0
        let samples = try (0..<3).map { _ -> Double in
            let session = try silentSession()
            let start = DispatchTime.now().uptimeNanoseconds
            let summary = session.testSources([directory.path])
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            precondition(summary?.passed == true && summary?.results.count == 1_000, "the benchmark's tests did not all pass")
            count = summary?.results.count ?? 0
            return elapsed
        }
        Benchmarks.report("rtsh test, 1,000 tests in 100 classes", samples.sorted()[1] * 1000, "ms", note: "\(count) tests, goal < 1,000 ms")

        let waiting = directory.appendingPathComponent("MMWaitTests.m")
        try """
            @interface MMWaitTests : XCTestCase
            @end
            @implementation MMWaitTests
            - (void)testWaitsAMinute {
                XCTestExpectation *late = [self expectationWithDescription:@"late"];
                dispatch_after(dispatch_time(DISPATCH_TIME_NOW, 60 * NSEC_PER_SEC), dispatch_get_main_queue(), ^{ [late fulfill]; });
                [self waitForExpectationsWithTimeout:61 handler:nil];
            }
            @end
            """.write(to: waiting, atomically: true, encoding: .utf8)
        let waits = try (0..<5).map { _ -> Double in
            let session = try silentSession()
            let start = DispatchTime.now().uptimeNanoseconds
            let summary = session.testSources([waiting.path])
            precondition(summary?.passed == true, "the waiting test did not pass")
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        Benchmarks.report("rtsh test, a 60 s virtual wait", waits.sorted()[2] * 1000, "ms", note: "goal: nothing measurable")
    }

    /// A view of about 70 lines, laying out its subviews.
    private static func view(_ index: Int) -> (header: String, implementation: String) {
        let name = "MMBench\(index)View"
        let header = "#import <UIKit/UIKit.h>\n\n@interface \(name) : UIView\n@property (nonatomic, strong) UILabel *titleLabel;\n@end\n"
        let helpers = (0..<5).map { helper in
            """
            - (CGFloat)inset\(helper):(CGFloat)width {
                CGFloat inset = 0;
                for (NSInteger i = 0; i < 4; i++) {
                    inset += width / (i + \(helper + 2));
                }
                return MIN(inset, 24.0);
            }

            """
        }.joined(separator: "\n")
        let implementation = """
            #import "\(name).h"

            @implementation \(name)

            - (instancetype)initWithFrame:(CGRect)frame {
                self = [super initWithFrame:frame];
                if (self) {
                    _titleLabel = [[UILabel alloc] initWithFrame:CGRectZero];
                    _titleLabel.textColor = [UIColor darkGrayColor];
                    [self addSubview:_titleLabel];
                }
                return self;
            }

            - (void)layoutSubviews {
                [super layoutSubviews];
                CGFloat inset = [self inset0:CGRectGetWidth(self.bounds)];
                self.titleLabel.frame = CGRectInset(self.bounds, inset, inset);
            }

            \(helpers)
            @end

            """
        return (header, implementation)
    }

    /// A table view cell of about 60 lines that resets itself for reuse.
    private static func cell(_ index: Int) -> (header: String, implementation: String) {
        let name = "MMBench\(index)Cell"
        let header = "#import <UIKit/UIKit.h>\n\n@interface \(name) : UITableViewCell\n- (void)configureWithTitle:(NSString *)title;\n@end\n"
        let implementation = """
            #import "\(name).h"

            @implementation \(name)

            - (instancetype)initWithStyle:(UITableViewCellStyle)style reuseIdentifier:(NSString *)reuseIdentifier {
                self = [super initWithStyle:UITableViewCellStyleSubtitle reuseIdentifier:reuseIdentifier];
                if (self) {
                    self.selectionStyle = UITableViewCellSelectionStyleNone;
                }
                return self;
            }

            - (void)configureWithTitle:(NSString *)title {
                self.textLabel.text = title;
                self.detailTextLabel.text = [NSString stringWithFormat:@"%@ (%ld)", title, (long)title.length];
                self.accessoryType = title.length > 3 ? UITableViewCellAccessoryDisclosureIndicator : UITableViewCellAccessoryNone;
            }

            - (void)prepareForReuse {
                [super prepareForReuse];
                self.textLabel.text = nil;
                self.detailTextLabel.text = nil;
            }

            - (void)setSelected:(BOOL)selected animated:(BOOL)animated {
                [super setSelected:selected animated:animated];
                self.contentView.alpha = selected ? 0.8 : 1.0;
            }

            - (void)setHighlighted:(BOOL)highlighted animated:(BOOL)animated {
                [super setHighlighted:highlighted animated:animated];
                if (highlighted) {
                    [self configureWithTitle:@"highlighted"];
                }
            }

            @end

            """
        return (header, implementation)
    }

    /// A view controller's header and implementation of about 200 lines, as apps write them.
    private static func controller(_ index: Int, methods methodCount: Int = 18) -> (header: String, implementation: String) {
        let name = "MMBench\(index)ViewController"
        let header = """
            #import <UIKit/UIKit.h>

            NS_ASSUME_NONNULL_BEGIN

            typedef NS_ENUM(NSInteger, \(name)Mode) {
                \(name)ModeIdle,
                \(name)ModeBusy,
                \(name)ModeDone = 10,
            };

            @interface \(name) : UIViewController <UITextFieldDelegate>
            @property (nonatomic, copy, nullable) NSString *caption;
            @property (nonatomic, assign) \(name)Mode mode;
            @property (nonatomic, strong) NSArray<NSString *> *items;
            - (NSInteger)score:(NSInteger)seed;
            @end

            NS_ASSUME_NONNULL_END

            """
        var methods: [String] = []
        for method in 0..<methodCount {
            methods.append("""
                - (NSInteger)step\(method):(NSInteger)value {
                    NSInteger total = 0;
                    for (NSInteger i = 0; i < value; i++) {
                        if (i % 3 == 0) {
                            total += i * \(method + 1);
                        } else {
                            total -= 1;
                        }
                    }
                    switch (self.mode) {
                        case \(name)ModeIdle:
                            total += 1;
                            break;
                        default:
                            total = MAX(total, 0);
                    }
                    return total;
                }

                """)
        }
        let implementation = """
            #import "\(name).h"

            #define kPadding\(index) 8.0
            static NSString *const k\(name)Cell = @"Cell";

            @interface \(name) ()
            @property (nonatomic, strong) UILabel *label;
            @end

            @implementation \(name)

            - (void)viewDidLoad {
                [super viewDidLoad];
                self.title = @"\(name)";
                CGRect frame = CGRectMake(kPadding\(index), kPadding\(index), 100, 44);
                frame.origin.y += 20;
                self.label = [[UILabel alloc] init];
                [self.view addSubview:self.label];
            }

            - (NSInteger)score:(NSInteger)seed {
                NSInteger result = seed;
                for (NSString *item in self.items) {
                    result += item.length;
                }
                return result > 0 ? result : -result;
            }

            \(methods.joined(separator: "\n"))
            @end

            """
        return (header, implementation)
    }

    private static func silentSession() throws -> Session {
        try Session(output: ShellOutput(standardOutput: { _ in }, standardError: { _ in }))
    }

    /// `rtsh run` on an empty script, as a process: the median of 21 runs; and beside it
    /// `rtsh --help`, the floor of loading the executable at all.
    static func startUp(_ rtsh: String) throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("rtsh-bench-empty.rtsh")
        try "".write(to: empty, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: empty) }
        let run = try ProcessTimer.medianMilliseconds(of: [rtsh, "run", empty.path], runs: 21)
        let help = try ProcessTimer.medianMilliseconds(of: [rtsh, "--help"], runs: 21)
        Benchmarks.report("rtsh run, empty script (start-up)", run, "ms", note: "median of 21 processes, goal < 15 ms")
        Benchmarks.report("  rtsh --help (loading the executable)", help, "ms", note: "median of 21 processes")
    }

    /// A 10,000-line script of sends, property access, assertions and super-call checks.
    static func longScript() throws {
        var lines = ["@implementation MMBench : UIViewController",
                     "- (void)viewDidLoad { [super viewDidLoad]; }",
                     "- (NSInteger)twice:(NSInteger)n { return n * 2; }",
                     "@end",
                     "vc = [MMBench new]"]
        var index = 0
        while lines.count < 10_000 {
            switch index % 5 {
            case 0: lines.append("[vc twice:\(index)]")
            case 1: lines.append("vc.title = @\"title \(index)\"")
            case 2: lines.append("assert [vc twice:\(index)] == \(index * 2)")
            case 3: lines.append("check super MMBench")
            default: lines.append("[vc isViewLoaded]")
            }
            index += 1
        }
        try timeScript(lines, as: "10,000-line script (sends, asserts, checks)")
    }

    /// Runs `lines` as a script in five fresh sessions and reports the median time.
    private static func timeScript(_ lines: [String], as name: String) throws {
        let script = lines.joined(separator: "\n")
        var samples: [Double] = []
        for _ in 0..<5 {
            let session = try silentSession()
            let start = DispatchTime.now().uptimeNanoseconds
            session.run(script: script, file: "bench.rtsh")
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            precondition(session.failureCount == 0, "the benchmark script '\(name)' failed")
        }
        let median = samples.sorted()[2]
        Benchmarks.report(name, median, "ms", note: String(format: "%.1f us per line", median * 1000 / Double(lines.count)))
    }

    /// Defining a class with 2,000 methods, and one 1,600-line method body: both must cost
    /// time linear in the definition's length.
    static func definitions() throws {
        var manyMethods = ["@implementation MMBenchMany : UIViewController"]
        for index in 0..<2_000 { manyMethods.append("- (NSInteger)value\(index) { return \(index); }") }
        manyMethods.append("@end")
        var longBody = ["@implementation MMBenchLong : UIViewController", "- (NSInteger)sum {", "NSInteger total = 0;"]
        for index in 0..<1_596 { longBody.append("total = total + \(index);") }
        longBody += ["return total;", "}", "@end"]
        try timeScript(manyMethods, as: "define a class with 2,000 methods")
        try timeScript(longBody, as: "define a 1,600-line implementation")
    }

    /// Tab completion of a class name, a selector and a command with 50,000 classes loaded.
    static func completion() throws {
        let session = try silentSession()
        let root = try session.runtime.requireClass(named: "UIViewController")
        try Benchmarks.registerGenerated(50_000, in: session.runtime, under: root)
        session.execute(line: "vc = [UIViewController new]")
        let cases = [("methods MMGenerated123", "a class name"), ("[vc viewDid", "a selector"), ("cla", "a command")]
        for (line, what) in cases {
            _ = session.complete(line) // the first listing after registering sorts the classes
            let milliseconds = Benchmarks.median(runs: 21, operations: 1_000_000) {
                _ = session.complete(line)
            }
            let count = session.complete(line).candidates.count
            Benchmarks.report("complete \(what), 50,000 classes", milliseconds, "ms", note: "'\(line)' → \(count) candidates")
        }
    }
}
