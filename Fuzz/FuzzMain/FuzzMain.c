// SwiftPM links an executable with `main` defined as `<module>_main` (here photosource_fuzz_main)
// instead of taking libFuzzer's `main`; this one hands control to libFuzzer's driver.
#include "FuzzMain.h"

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);  // Harnesses/Harness.swift

int photosource_fuzz_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
