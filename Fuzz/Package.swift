// swift-tools-version: 6.1
// libFuzzer harnesses for PhotoSourceKit's parsers and decoders. Not part of the main build:
// `make fuzz` builds this package (with -sanitize=fuzzer,address, which a normal build must not
// get) into its own scratch path and runs every harness for a bounded time. See docs/fuzzing.md.
import PackageDescription

let package = Package(
    name: "PhotoSourceFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "PhotoSourceKit", path: ".."),
        // Already in PhotoSourceKit's graph (the service); named so the service harnesses can
        // build Hummingbird requests and a request context of their own.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // `main`: hands over to libFuzzer's driver.
        .target(name: "FuzzMain", path: "FuzzMain"),
        // One binary, the harness chosen by FUZZ_HARNESS (see Harnesses/Harness.swift). The
        // internal parsers are reached with `@testable import`, which a debug build allows.
        .executableTarget(
            name: "photosource-fuzz",
            dependencies: [
                "FuzzMain",
                .product(name: "PhotoSourceKit", package: "PhotoSourceKit"),
                .product(name: "PhotoImaging", package: "PhotoSourceKit"),
                .product(name: "PhotoNetworking", package: "PhotoSourceKit"),
                .product(name: "SampleSources", package: "PhotoSourceKit"),
                .product(name: "PhotoSourceService", package: "PhotoSourceKit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Harnesses"),
    ]
)
