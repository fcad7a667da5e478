// Only the header matters: SwiftPM needs a source file to make a C target.
#include "CLibFuzzer.h"
