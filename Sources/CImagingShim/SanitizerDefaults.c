// Defaults for AddressSanitizer builds (`make sanitize`, `swift build --sanitize=address`); in
// every other build this file is empty. Linked into every binary that uses PhotoImaging.
//
// LeakSanitizer reports the one-time allocations behind Swift's lazily initialised `static let`s
// (and XCTest's suite objects) as leaks and then makes the process exit non-zero. The CLI tests
// start `photosource` with an environment of their own, so ASAN_OPTIONS cannot turn it off
// there; this default can. ASAN_OPTIONS still overrides it (the C shim's own leak check in
// `make sanitize` sets detect_leaks=1).
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "detect_leaks=0"; }
#endif
#endif
