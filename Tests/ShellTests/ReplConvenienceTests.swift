import Shell
import Testing

/// What users of lldb and other REPLs type out of habit works: p, po, _, exit, ? and
/// :help; commands that take a class take an instance; a command that finds nothing says so.
@Suite struct ReplConvenienceTests {
    private let definition = """
        @interface MMThing : NSObject
        @property NSString *name;
        @property NSInteger count;
        @end
        @implementation MMThing
        - (NSString *)description { return [NSString stringWithFormat:@"thing %@", self.name]; }
        @end
        """

    @Test func pPrintsAValueAndPoADescriptionAndUnderscoreHoldsTheLast() throws {
        let shell = try ShellHarness()
        shell.run(definition)
        shell.run("t = [MMThing new]", "t.name = @\"lamp\"")
        #expect(shell.run("p 40 + 2") == ["42"])
        #expect(shell.run("_ + 1") == ["43"])
        #expect(shell.run("po t") == ["thing lamp"])
        #expect(shell.run("p t.name") == ["\"lamp\""])
        #expect(shell.run("po _") == ["lamp"])
        #expect(shell.run("vars") == ["t = <MMThing: 0x1>"])
    }

    @Test func infoMethodsAndCheckSuperTakeAnInstanceForItsClass() throws {
        let shell = try ShellHarness()
        shell.run(definition, "t = [MMThing new]", "t.name = @\"lamp\"", "t.count = 3")
        let info = shell.run("info t")
        #expect(info.first == "class MMThing")
        #expect(Array(info.suffix(3)) == ["  values of <MMThing: 0x1>:", "    _name = \"lamp\"", "    _count = 3"])
        #expect(shell.run("methods t").contains("- description  @@:"))
        shell.run("""
            @implementation MMForgetful : UIViewController
            - (void)viewDidLoad { }
            @end
            """, "vc = [MMForgetful new]")
        #expect(shell.run("check super vc") == ["FAIL -[MMForgetful viewDidLoad] does not call super", "0 passed, 1 failed"])
        // The class still wins over a variable of the same name.
        shell.run("MMThing = vc")
        #expect(shell.run("info MMThing").first == "class MMThing")
    }

    @Test func exitQuestionMarkAndColonHelpAreUnderstood() throws {
        let shell = try ShellHarness()
        #expect(shell.run("?").first == "Commands:")
        #expect(shell.run(":help quit") == ["quit: leave the shell (exit does too)", "usage: quit", "example: quit"])
        #expect(shell.session.execute(line: "exit") == .quit)
    }

    @Test func aListingThatFindsNothingSaysSo() throws {
        let shell = try ShellHarness()
        #expect(shell.run("classes Zz*") == ["error: no class matches 'Zz*'"])
        #expect(shell.run("classes UI* --subclasses-of NSString") == ["error: no class matches 'UI*' and descends from NSString"])
    }

    /// A variable declared at the prompt is a file-scope one for the methods and functions
    /// defined there after it, as in a file: they read and change it.
    @Test func methodsAndFunctionsDefinedAtThePromptSeeItsVariables() throws {
        let shell = try ShellHarness()
        shell.run("static NSString *const MMGreeting = @\"hi\";", "int MMCounter = 0;")
        shell.run("""
            @interface MMGreeter : NSObject
            @end
            @implementation MMGreeter
            - (NSString *)greeting { MMCounter++; return MMGreeting; }
            @end
            """, "int MMBump(void) { return ++MMCounter; }")
        #expect(shell.run("[[MMGreeter new] greeting]", "MMBump()", "MMCounter") == ["\"hi\"", "2", "2"])
    }
}
