import LineEditor
import Testing

@Suite("Choosing the pager from $PAGER")
struct PagerCommandTests {
    /// Programs that exist: less in /usr/bin and most in /opt/bin.
    private let installed: @Sendable (String) -> Bool = { ["/usr/bin/less", "/opt/bin/most"].contains($0) }

    @Test func unsetIsLessWhenItIsInstalled() {
        #expect(PagerCommand(environment: ["PATH": "/bin:/usr/bin"], isExecutable: installed) == .command("less -FRX"))
    }

    @Test func unsetIsNoneWithoutLess() {
        #expect(PagerCommand(environment: ["PATH": "/bin"], isExecutable: installed) == .none)
    }

    @Test(arguments: ["", "  ", "cat", "cat -v"])
    func emptyOrCatIsNone(pager: String) {
        #expect(PagerCommand(environment: ["PAGER": pager, "PATH": "/usr/bin"], isExecutable: installed) == .none)
    }

    @Test func aProgramOnThePathIsTakenWithItsArguments() {
        #expect(PagerCommand(environment: ["PAGER": "most -s", "PATH": "/usr/bin:/opt/bin"], isExecutable: installed) == .command("most -s"))
        #expect(PagerCommand(environment: ["PAGER": "/usr/bin/less", "PATH": ""], isExecutable: installed) == .command("/usr/bin/less"))
    }

    @Test func aMissingProgramSaysWhatIsWrongAndWhatWouldBeRight() {
        let pager = PagerCommand(environment: ["PAGER": "moar --no-linenumbers", "PATH": "/usr/bin"], isExecutable: installed)
        guard case .unavailable(let message) = pager else {
            Issue.record("expected .unavailable, got \(pager)")
            return
        }
        #expect(message.contains("'moar'"))
        #expect(message.contains("set PAGER to"))
    }
}
