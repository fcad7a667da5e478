#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt's FuzzerInterface.h): parses the flags, then fuzzes
/// `callback`. SwiftPM names an executable's entry point itself, so the fuzz targets
/// start libFuzzer from their own main instead of linking libFuzzer's.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
