import CLibFuzzer
import Foundation

/// libFuzzer's entry point: each input is a script run by a fresh session
/// (see StatementsHarness for what is filtered, and why).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzStatements(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    StatementsHarness.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzStatements))
