# PhotoSourceKit — the two commands: `make demo` and `make test`.
# Both install what is missing first (apt-get when root; otherwise the exact command is printed).

export PATH := /opt/swift/usr/bin:$(PATH)
SWIFT      ?= swift
APT_DEPS   := libturbojpeg0-dev libjpeg62-turbo-dev libpng-dev libdeflate-dev liblcms2-dev libcurl4-openssl-dev libedit-dev pkg-config curl
# What the tests use beyond the build: a CMYK ICC profile (libgs-common), lcms's transicc as the colour reference,
# PostgreSQL and nginx (the store and cluster tests start their own), and headless Chromium with its driver (scripts/picker-tests).
TEST_DEPS  := libgs-common liblcms2-utils postgresql nginx-light chromium chromium-driver
BENCH_DEPS := libvips-tools python3-pil curl time nginx-light wrk valgrind postgresql
BIN        := .build/debug/photosource

.PHONY: deps bench-deps build demo serve serve-cluster test bench clean sanitize fuzz fuzz-build fuzz-shim fuzz-campaign

deps:
	@./scripts/ensure-packages.sh $(APT_DEPS)

bench-deps: deps
	@./scripts/ensure-packages.sh $(BENCH_DEPS)

build: deps
	$(SWIFT) build

demo: build
	$(BIN) browse

# The print-ordering service on the demo library (PHOTOSOURCE_API_KEY, or a key printed once).
serve: build
	$(BIN) serve --port $${PORT:-8080}

# Two instances and nginx on 127.0.0.1 for a person to try (docs/deployment.md); Ctrl-C stops all.
serve-cluster: build
	@./scripts/ensure-packages.sh nginx-light
	./scripts/cluster/serve-cluster.sh $(BIN)

# Swift Testing would start all ~800 tests at once; on two cores the tests' CPU work then starved
# the loopback servers of others (a cluster of PhotoNetworking client timeouts with 0 bytes
# received, in 2 of 4 full runs on 2026-11-26, each test passing alone). At most TEST_WIDTH in
# flight: 3 runs of 3 passed, in 63-72 s (the unbounded run took 70 s). By 2026-11-27 the suite
# had 1,134 tests, and at 8 in flight a request now and then waited past HummingbirdTesting's fixed
# 15 s client deadline (CI: an upload test's HTTPClientError.deadlineExceeded; here a slowloris
# test's bounds); at 4 the whole run takes 144 s instead of 120 s and used 165 CPU-s of the 290
# the two cores had, so the tests no longer queue behind each other's servers.
TEST_WIDTH ?= 4

test: deps
	@./scripts/ensure-packages.sh $(TEST_DEPS)
	@command -v openapi-spec-validator >/dev/null || python3 -m pip install -q --break-system-packages openapi-spec-validator
	openapi-spec-validator Sources/PhotoSourceService/Resources/openapi.yaml
	$(SWIFT) build --build-tests
	./scripts/swift-tests $(TEST_WIDTH)
	@command -v schemathesis >/dev/null || python3 -m pip install -q --break-system-packages schemathesis
	./scripts/schemathesis.sh $(BIN)
	@python3 -c "import tusclient" 2>/dev/null || python3 -m pip install -q --break-system-packages tuspy
	./scripts/upload-tests $(BIN)
	./scripts/ensure-packages.sh jq file openssl && python3 scripts/transcripts --self-check && python3 scripts/transcripts --binary $(BIN)
	@python3 -c "import selenium, axe_selenium_python, tusclient" 2>/dev/null || python3 -m pip install -q --break-system-packages selenium axe-selenium-python tuspy
	./scripts/picker-tests $(BIN)

bench: bench-deps
	./Benchmarks/run.sh
	SKIP_BUILD=1 ./Benchmarks/callgrind.sh
	./Benchmarks/listing.sh
	./Benchmarks/download.sh
	./Benchmarks/service.sh
	SKIP_BUILD=1 ./Benchmarks/orders.sh
	./Benchmarks/queue.sh
	python3 Benchmarks/abuse.py .build/release/photosource

# AddressSanitizer over the whole suite, ThreadSanitizer over the concurrency suites. Each has
# its own scratch path (a cold build the first time: 10+ minutes). Swift has no UBSan on Linux
# (`-sanitize=undefined` is refused for x86_64-unknown-linux-gnu) and Swift's own checks
# (overflow, bounds, exclusivity) already trap in these debug builds; our only C code, the
# shim, is built a second time with gcc -fsanitize=address,undefined and driven over the fuzz
# seed corpora (Fuzz/Sanitizers/shim-driver.c), with LeakSanitizer. LeakSanitizer is off for
# the Swift tests (Sources/CImagingShim/SanitizerDefaults.c says why). ThreadSanitizer cannot
# see Synchronization.Mutex's lock on Linux; Fuzz/Sanitizers/tsan-suppressions.txt explains the
# suppressions (one cause, two closure manglings). Reports abort the run (halt_on_error).
# Swift Testing starts every test of the run at once; under AddressSanitizer on two cores, 800
# tests that each start servers, threads and child processes fell so far behind that loopback
# requests and REPL prompts waited minutes (the client timeouts of the first runs: 30 on
# 2026-11-23, 7 on 2026-11-26; each passed alone), so these runs keep at most SANITIZE_WIDTH
# tests in flight (at 8, a loaded machine still cost a probe or a request now and then).
# PHOTOSOURCE_TEST_TIME_SCALE tells the few tests that depend on one thing outlasting another
# (a webhook lease that must outlast an attempt) how much slower this build is, so they stretch
# that duration rather than lose the race (Tests/PhotoSourceServiceTests/Support/TestTime.swift);
# assertions are unchanged.
SANITIZE_WIDTH ?= 4
ASAN_FLAGS := --sanitize=address --scratch-path .build-asan
TSAN_FLAGS := --sanitize=thread --scratch-path .build-tsan
TSAN_SUITES := DecodePoolTests|DecodeMemoryBudgetTests|CoalescingTests|ThumbnailCacheTests|PrefetchPromotionTests|BatchThumbnailerTests|MemoryLRUTests|OAuthRefreshTests|CrossProcessRefreshTests|AuthorizedRequesterTests
SANITIZER_ENV := SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	TSAN_OPTIONS=halt_on_error=1:suppressions=$(CURDIR)/Fuzz/Sanitizers/tsan-suppressions.txt

sanitize: deps
	mkdir -p .build-asan
	cc -std=c11 -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined -ISources/CImagingShim/include \
		Fuzz/Sanitizers/shim-driver.c Sources/CImagingShim/*.c $$(pkg-config --cflags --libs libpng) -ljpeg -ldeflate -llcms2 \
		-o .build-asan/shim-driver
	ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		.build-asan/shim-driver Fuzz/Corpus/jpeg/* Fuzz/Corpus/png/* Fuzz/Corpus/png-fast/* $(wildcard Fuzz/Regressions/*/*)
	$(SWIFT) build --build-tests $(ASAN_FLAGS)
	$(SANITIZER_ENV) PHOTOSOURCE_TEST_TIME_SCALE=3 $(SWIFT) test --skip-build $(ASAN_FLAGS) \
		--experimental-maximum-parallelization-width $(SANITIZE_WIDTH)
	$(SWIFT) build --build-tests $(TSAN_FLAGS)
	$(SANITIZER_ENV) PHOTOSOURCE_TEST_TIME_SCALE=10 $(SWIFT) test --skip-build $(TSAN_FLAGS) \
		--experimental-maximum-parallelization-width $(SANITIZE_WIDTH) --filter '$(TSAN_SUITES)'

# libFuzzer harnesses (Fuzz/: its own package, built with -sanitize=fuzzer,address into
# .build-fuzz, never part of `swift build`). One harness per folder of Fuzz/Corpus; each first
# replays its committed regressions (Fuzz/Regressions/NAME/), then fuzzes for FUZZ_SECONDS.
# A crash leaves its input in Fuzz/Crashes/NAME/ and stops `make fuzz`. To turn it into a
# regression test: fix the bug, copy the file to Fuzz/Regressions/NAME/ (replayed by every
# `make fuzz`), and add a unit test that decodes/parses those bytes and expects the typed error.
# `make fuzz FUZZ_HARNESSES=jpeg` runs one harness. `make fuzz-campaign` runs a longer campaign at
# nice 19 (Fuzz/campaign.sh: per-harness seconds, a results table; docs/fuzzing.md has the last one).
FUZZ_SECONDS   ?= 60
FUZZ_HARNESSES ?= $(notdir $(wildcard Fuzz/Corpus/*))
FUZZ_BIN       := .build-fuzz/debug/photosource-fuzz

fuzz-build: deps
	$(SWIFT) build -c debug --package-path Fuzz --scratch-path .build-fuzz --product photosource-fuzz \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xcc -fsanitize=fuzzer-no-link,address

# The C shim on its own as a libFuzzer target (Fuzz/Sanitizers/shim-driver.c with -DSHIM_LIBFUZZER:
# clang's fuzzer + address + undefined sanitizers, so integer overflow in the C code stops it,
# which the Swift harnesses cannot see): every JPEG call, raw YCbCr planes included, and both PNG
# paths. Its regressions (Fuzz/Regressions/shim/) are replayed first and by `make sanitize`.
SHIM_FUZZ := .build-fuzz/shim-fuzz

fuzz-shim: deps
	mkdir -p .build-fuzz/corpus/shim Fuzz/Crashes/shim
	/opt/swift/usr/bin/clang -std=c11 -g -O1 -DSHIM_LIBFUZZER -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
		-ISources/CImagingShim/include Fuzz/Sanitizers/shim-driver.c Sources/CImagingShim/*.c \
		$$(pkg-config --cflags --libs libpng) -ljpeg -ldeflate -llcms2 -o $(SHIM_FUZZ)
	$(SHIM_FUZZ) Fuzz/Regressions/shim/*
	$(SHIM_FUZZ) -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
		-artifact_prefix=Fuzz/Crashes/shim/ .build-fuzz/corpus/shim Fuzz/Corpus/jpeg Fuzz/Corpus/png Fuzz/Corpus/png-fast \
		|| { echo "== the shim fuzzer found a crash: see Fuzz/Crashes/shim/"; exit 1; }

fuzz: fuzz-build fuzz-shim
	@set -e; for name in $(FUZZ_HARNESSES); do \
		mkdir -p Fuzz/Crashes/$$name .build-fuzz/corpus/$$name; \
		if ls Fuzz/Regressions/$$name/* >/dev/null 2>&1; then \
			echo "== $$name: replaying Fuzz/Regressions/$$name"; \
			SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 FUZZ_HARNESS=$$name $(FUZZ_BIN) -malloc_limit_mb=256 \
				Fuzz/Regressions/$$name/*; \
		fi; \
		echo "== $$name: fuzzing for $(FUZZ_SECONDS) s"; \
		SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 FUZZ_HARNESS=$$name $(FUZZ_BIN) \
			-max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=256 -max_len=65536 \
			-print_final_stats=1 \
			-artifact_prefix=Fuzz/Crashes/$$name/ .build-fuzz/corpus/$$name Fuzz/Corpus/$$name \
			|| { echo "== $$name found a crash: see Fuzz/Crashes/$$name/ (Makefile: how to keep it as a regression)"; exit 1; }; \
	done

FUZZ_CAMPAIGN ?= jpeg=600 png=600 $(patsubst %,%=180,$(filter-out jpeg png,$(FUZZ_HARNESSES)))

fuzz-campaign: fuzz-build
	Fuzz/campaign.sh $(FUZZ_CAMPAIGN)

clean:
	rm -rf .build
