import Foundation
import Shell
import Testing

/// `rtsh run --junit`: every failure is a test case, not only checks.
@Suite("JUnit reports of scripts")
struct RunReportTests {
    /// A UI command that fails in a script keeps the screen, which `rtsh run --junit`
    /// writes beside the report, named after the script and line.
    @Test func aFailedUIStepInAScriptKeepsAScreenshot() throws {
        let shell = try ShellHarness()
        let script = """
            @implementation MMHello : UIViewController
            - (void)viewDidLoad {
                [super viewDidLoad];
                UIButton *button = [UIButton new];
                [button setTitle:@"Hi" forState:UIControlStateNormal];
                [self.view addSubview:button];
            }
            @end
            window [MMHello new]
            waitfor "Bye" timeout 1
            waitfor "Bye" timeout 1
            assert 1 == 2
            """
        shell.session.run(script: script, file: "ui/hello.rtsh")
        #expect(shell.session.failures.map { $0.screenshot != nil } == [true, true, false])
        let reports: [ReplayReport.ScriptReport] = [.init(script: "ui/hello.rtsh", checks: [], failures: shell.session.failures, seconds: 0)]
        let screenshots = ReplayReport.screenshots(scripts: reports, in: "out/report-screenshots")
        #expect(screenshots.map(\.path) == ["out/report-screenshots/hello.rtsh.10.svg", "out/report-screenshots/hello.rtsh.11.svg"])
        #expect(screenshots.first?.svg.contains(">UIButton &quot;Hi&quot;</text>") == true)
        let xml = ReplayReport.junit(scripts: reports, screenshots: screenshots)
        #expect(xml.contains("<system-out>[[ATTACHMENT|out/report-screenshots/hello.rtsh.10.svg]]</system-out>\n    </testcase>"))
        #expect(xml.contains("<system-out>[[ATTACHMENT|out/report-screenshots/hello.rtsh.11.svg]]</system-out>\n    </testcase>"))
        #expect(xml.components(separatedBy: "<system-out>").count == 3)
        #expect(xml.contains("<testsuites tests=\"3\" failures=\"3\" errors=\"0\">"))
    }

    @Test func everyFailureIsATestCaseWithItsKindPlaceAndTime() throws {
        let shell = try ShellHarness()
        let script = """
            @implementation MMShown : UIViewController
            - (void)viewWillAppear:(BOOL)animated { [super viewWillAppear:animated]; }
            @end
            check super MMShown
            assert 1 == 2
            assert 1 == 2
            mock UINavigationController as nav
            expect nav popViewControllerAnimated:YES
            verify nav
            [[MMShown new] viewWillApear:YES]
            """
        shell.session.run(script: script, file: "app.rtsh")
        #expect(shell.session.failures.map(\.kind) == [.brokenExpectation, .brokenExpectation, .brokenExpectation, .error])
        #expect(shell.session.failures.map(\.line) == [5, 6, 9, 10])
        let xml = ReplayReport.junit(scripts: [.init(script: "app.rtsh", checks: shell.session.checkOutcomes, failures: shell.session.failures, seconds: 0.5)])
        #expect(xml.contains("<testsuites tests=\"5\" failures=\"3\" errors=\"1\">"))
        #expect(xml.contains("<testsuite name=\"app.rtsh\" tests=\"5\" failures=\"3\" errors=\"1\" time=\"0.500\">"))
        #expect(xml.contains("<testcase classname=\"app.rtsh\" name=\"testMMShownCallsSuperViewWillAppear\" time=\""))
        #expect(xml.contains("name=\"app.rtsh:5: assertion failed: 1 == 2\" time=\""))
        #expect(xml.contains("name=\"app.rtsh:6: assertion failed: 1 == 2\" time=\""))
        #expect(xml.contains("<failure message=\"assertion failed: 1 == 2\"/>"))
        #expect(xml.contains("<error message=\"-[MMShown viewWillApear:]: unrecognized selector sent to instance"))
        // Every test case has a time, and no two share a name.
        let cases = xml.split(separator: "\n").filter { $0.contains("<testcase ") }
        #expect(cases.count == 5)
        #expect(cases.allSatisfy { $0.contains(" time=\"") })
        let names = cases.map { $0.split(separator: " name=\"")[1].split(separator: "\"")[0] }
        #expect(Set(names).count == names.count)
    }

    @Test func aRepeatedFailureOnOneLineGetsANumberedName() throws {
        let failure = Failure(kind: .brokenExpectation, message: "assertion failed: x", file: "a.rtsh", line: 3)
        let xml = ReplayReport.junit(scripts: [.init(script: "a.rtsh", checks: [], failures: [failure, failure], seconds: 0)])
        #expect(xml.contains("name=\"a.rtsh:3: assertion failed: x\" time=\"0.000\""))
        #expect(xml.contains("name=\"a.rtsh:3: assertion failed: x (2)\" time=\"0.000\""))
    }
}
