import CLibFuzzer
import Foundation

/// libFuzzer's entry point: each input is a transcript to read, match and write back.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzTranscripts(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    do {
        try TranscriptsHarness.run(UnsafeBufferPointer(start: data, count: size))
    } catch {
        // A broken invariant is a finding: trap so that libFuzzer keeps the input.
        fatalError(error.description)
    }
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzTranscripts))
