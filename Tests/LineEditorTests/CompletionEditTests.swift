@testable import LineEditor
import Testing

@Suite("What Tab does with the candidates")
struct CompletionEditTests {
    @Test func theOnlyCandidateReplacesTheWordAndIsFollowedByASpace() {
        #expect(CompletionEdit(word: "clas", candidates: ["classes"]) == .replaceWord(with: "classes "))
    }

    @Test(arguments: ["viewWillAppear:", "examples/", "-[", "NSLog(", "vc."])
    func aCandidateThatExpectsMoreGetsNoSpace(candidate: String) {
        #expect(CompletionEdit(word: "", candidates: [candidate]) == .replaceWord(with: candidate))
    }

    @Test func aFinishedMethodReferenceGetsASpaceForTheNextArgument() {
        #expect(CompletionEdit(word: "-[A a", candidates: ["-[A a]"]) == .replaceWord(with: "-[A a] "))
    }

    @Test func severalCandidatesInsertTheirLongerCommonPrefix() {
        #expect(CompletionEdit(word: "c", candidates: ["classes", "clear"]) == .replaceWord(with: "cl"))
        #expect(CompletionEdit(word: "viewD", candidates: ["viewDidAppear:", "viewDidLoad"]) == .replaceWord(with: "viewDid"))
    }

    @Test func severalCandidatesThatAddNothingAreListedSortedWithoutDuplicates() {
        #expect(CompletionEdit(word: "cl", candidates: ["clear", "classes", "clear"]) == .list(["classes", "clear"]))
        #expect(CompletionEdit(word: "", candidates: ["tree", "classes"]) == .list(["classes", "tree"]))
        #expect(CompletionEdit(word: "view", candidates: ["viewWillAppear:", "viewDidLoad"]) == .list(["viewDidLoad", "viewWillAppear:"]))
    }

    @Test func duplicatesOfOneCandidateCountAsOne() {
        #expect(CompletionEdit(word: "tr", candidates: ["tree", "tree"]) == .replaceWord(with: "tree "))
    }

    @Test func noCandidatesBeep() {
        #expect(CompletionEdit(word: "zz", candidates: []) == .noMatch)
        #expect(CompletionEdit(word: "zz", candidates: [""]) == .noMatch)
    }

    @Test func aCandidateWithOtherCaseReplacesTheWord() {
        #expect(CompletionEdit(word: "uiv", candidates: ["UIView", "UIViewController"]) == .replaceWord(with: "UIView"))
    }

    @Test func theCommonPrefixIsMadeOfWholeCharacters() {
        // "e" + combining acute is one Character, and differs from "e" alone.
        #expect(CompletionEdit.commonPrefix(of: ["cafe\u{301}s", "cafe\u{301}t"]) == "cafe\u{301}")
        #expect(CompletionEdit.commonPrefix(of: ["cafe\u{301}", "cafes"]) == "caf")
        #expect(CompletionEdit.commonPrefix(of: []) == "")
    }
}
