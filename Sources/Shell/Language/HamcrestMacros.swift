/// OCHamcrest's assertion macros, as the preprocessor's table has them beside the test
/// frameworks' (``TestFrameworkMacros``): `assertThat(actual, matcher)` and its typed
/// forms (`assertThatInt`, `assertThatBool`, `assertThatDouble`, ...), each also under
/// its `HC_` name, pass the test case, the operands, `__FILE__` and `__LINE__` to the
/// function OCHamcrest's macros call (``HamcrestAssertions``); `assertWithTimeout` and
/// `thatEventually(expression)`, which makes the block that reads the value again.
///
/// The test case is passed as nil where OCHamcrest passes `self`: the failure goes to the
/// running test, and an assertion at the prompt has no `self`. The matcher functions
/// (`equalTo`, `hasItem`, ...) are functions under both their names (``HamcrestFunctions``),
/// not macros, so a tree's own function or variable of such a name stays its own.
enum HamcrestMacros {
    /// The typed forms of `assertThat`, by the C type each boxes.
    private static let typedForms = ["Bool", "Double", "Float"] + HamcrestFunctions.integerKinds

    static let header: String = {
        var lines = [
            "#define HC_assertThat(actual, matcher) HC_assertThatWithLocation(nil, (actual), (matcher), __FILE__, __LINE__)",
            "#define assertThat(actual, matcher) HC_assertThat(actual, matcher)",
        ]
        for form in typedForms {
            lines.append("#define HC_assertThat\(form)(actual, matcher) HC_assertThat\(form)WithLocation(nil, (actual), (matcher), __FILE__, __LINE__)")
            lines.append("#define assertThat\(form)(actual, matcher) HC_assertThat\(form)(actual, matcher)")
        }
        lines += [
            "#define HC_assertWithTimeout(timeout, actualBlock, matcher) HC_assertWithTimeoutAndLocation(nil, (timeout), (actualBlock), (matcher), __FILE__, __LINE__)",
            "#define assertWithTimeout(timeout, actualBlock, matcher) HC_assertWithTimeout(timeout, actualBlock, matcher)",
            "#define HC_thatEventually(actual) ^{ return (actual); }",
            "#define thatEventually(actual) HC_thatEventually(actual)",
        ]
        return lines.joined(separator: "\n")
    }()
}
