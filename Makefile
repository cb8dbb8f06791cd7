# PhotoSourceKit — the two commands: `make demo` and `make test`.
# Both install what is missing first (apt-get when root; otherwise the exact command is printed).

export PATH := /opt/swift/usr/bin:$(PATH)
SWIFT      ?= swift
APT_DEPS   := libturbojpeg0-dev libpng-dev libcurl4-openssl-dev pkg-config curl
BENCH_DEPS := libvips-tools python3-pil imagemagick curl time
BIN        := .build/debug/photosource

.PHONY: deps bench-deps build demo serve test bench clean

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

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	@command -v schemathesis >/dev/null || python3 -m pip install -q schemathesis
	./scripts/schemathesis.sh $(BIN)

bench: bench-deps
	./Benchmarks/run.sh
	./Benchmarks/listing.sh
	./Benchmarks/download.sh

clean:
	rm -rf .build
