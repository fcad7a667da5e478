import Foundation
import Shell
import Testing

@Suite("UI commands")
struct InteractionCommandTests {
    @Test func windowViewsEnterTapAndWaitfor() throws {
        let shell = try ShellHarness()
        shell.run("source \(ExampleTests.examples.appendingPathComponent("ui-app.rtsh").path)")
        #expect(shell.run("tap \"Say Hello\"") == ["error: there is no key window; show a controller first with window CONTROLLER"])
        #expect(shell.run("app = UIApplicationMain(@\"MMAppDelegate\", @\"MMTestingAppDelegate\")", "app.delegate") == [
            "launched for testing", "<MMTestingAppDelegate: 0x2>",
        ])
        shell.run("hello = [MMSayHelloViewController new]", "window hello")
        #expect(shell.run("views") == [
            "<UIWindow: 0x4>",
            "  <UIView: 0x5>",
            "    <UILabel: 0x6> label=\"Prompt\" text=\"What is your name?\"",
            "    <UITextField: 0x7> label=\"Name\"",
            "    <UIButton: 0x8> label=\"Say Hello\" title=\"Say Hello\"",
            "    <UILabel: 0x9> label=\"Greeting\" hidden",
        ])
        #expect(shell.run("waitfor Greeting") == [
            "error: the view labelled \"Greeting\" is on screen but hidden; show it (hidden = NO) before waiting for it",
        ])
        #expect(shell.run("enter \"Ada Lovelace\" into Name", "tap \"Say Hello\"", "waitfor Greeting", "hello.greetingLabel.text") == [
            "\"Hello, Ada Lovelace!\"",
        ])
        #expect(shell.run("views hello").first == "<UIView: 0x5>")
        #expect(shell.run("enter Ada Name")[0].hasSuffix("usage: enter TEXT into LABEL"))
        #expect(shell.run("waitfor Farewell") == [
            "error: no view labelled \"Farewell\" is on screen; the labels there are \"Prompt\", \"Name\", \"Say Hello\", \"Greeting\"",
        ])
        #expect(shell.run("NSStringFromClass([hello class])", "NSClassFromString(@\"MMNope\")", "format(@\"%d%%\", 50)") == [
            "\"MMSayHelloViewController\"", "nil", "\"50%\"",
        ])
    }
}
