# PhotoSourceKit — the two commands: `make demo` and `make test`.
# Both install what is missing first (apt-get when root; otherwise the exact command is printed).

export PATH := /opt/swift/usr/bin:$(PATH)
SWIFT      ?= swift
APT_DEPS   := libturbojpeg0-dev libjpeg62-turbo-dev libpng-dev libcurl4-openssl-dev libedit-dev pkg-config
BENCH_DEPS := libvips-tools python3-pil imagemagick curl time nginx-light wrk
BIN        := .build/debug/photosource

.PHONY: deps bench-deps build demo test bench clean

deps:
	@./scripts/ensure-packages.sh $(APT_DEPS)

bench-deps: deps
	@./scripts/ensure-packages.sh $(BENCH_DEPS)

build: deps
	$(SWIFT) build

demo: build
	$(BIN) browse

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: bench-deps
	./Benchmarks/run.sh
	./Benchmarks/listing.sh
	./Benchmarks/download.sh
	./Benchmarks/service.sh

clean:
	rm -rf .build
