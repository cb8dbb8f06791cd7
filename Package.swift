// swift-tools-version: 6.1
import PackageDescription

/// Settings every target shares: Swift 6 strict concurrency plus the upcoming
/// features that keep existentials explicit and C imports internal.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// A product of another package that only the `Networking` trait brings in.
func networking(_ name: String, _ package: String) -> Target.Dependency {
    .product(name: name, package: package, condition: .when(traits: ["Networking"]))
}

/// A product of another package that only the `Apps` trait brings in.
func apps(_ name: String, _ package: String) -> Target.Dependency {
    .product(name: name, package: package, condition: .when(traits: ["Apps"]))
}

// Traits keep a source author's build lean: a package that depends on this one with `traits: []`
// and uses PhotoSourceKit, PhotoImaging and PhotoSourceTesting resolves and builds no other
// package (only the system libraries). Both traits are on by default, so `swift build` here
// builds everything.
let package = Package(
    name: "PhotoSourceKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "PhotoSourceKit", targets: ["PhotoSourceKit"]),
        .library(name: "PhotoImaging", targets: ["PhotoImaging"]),
        .library(name: "PhotoNetworking", targets: ["PhotoNetworking"]),
        .library(name: "PhotoSourceTesting", targets: ["PhotoSourceTesting"]),
        .library(name: "SampleSources", targets: ["SampleSources"]),
        .library(name: "PhotoSourceService", targets: ["PhotoSourceService"]),
        .executable(name: "photosource", targets: ["photosource"]),
    ],
    traits: [
        .trait(
            name: "Networking",
            description: "PhotoNetworking: the libcurl client, OAuth 2 flows and encrypted credentials (adds swift-crypto)."),
        .trait(
            name: "Apps",
            description: """
                SampleSources, PhotoSourceService and the photosource CLI (adds Hummingbird, SwiftNIO, \
                ServiceLifecycle, swift-log, swift-metrics, swift-prometheus, sqlite-nio, postgres-nio and ArgumentParser).
                """,
            enabledTraits: ["Networking"]),
        .default(enabledTraits: ["Networking", "Apps"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Already in the graph through Hummingbird; named so the demo cloud's imports are explicit.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // Also already in the graph through Hummingbird; named so the demo cloud can set its log level.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // The print-ordering service: its SQLite store (SQLite bundled, no system package) and metrics.
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        // The store on PostgreSQL (`database: "postgres://…"`), for several instances sharing their state.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // Already in the graph through HummingbirdTesting; the service's sign-in test plays a
        // browser that must see the provider's redirect instead of following it.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        // System libraries (the only C the package links against).
        .systemLibrary(
            name: "CTurboJPEG", path: "Sources/CTurboJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(
            name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(
            name: "CEditLine", path: "Sources/CEditLine", pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]),

        // A small compiled C target for libpng's setjmp-based API, and the fast PNG path, which
        // inflates with libdeflate (apt libdeflate-dev; its header is only included by the C).
        .target(
            name: "CImagingShim", dependencies: ["CPNG", "CTurboJPEG"], path: "Sources/CImagingShim",
            linkerSettings: [.linkedLibrary("deflate"), .linkedLibrary("lcms2")]),

        // The model: pure Swift, imports nothing of ours.
        .target(name: "PhotoSourceKit", swiftSettings: strictSettings),
        // Codecs, resampling and the shared thumbnail cache.
        .target(
            name: "PhotoImaging",
            dependencies: ["PhotoSourceKit", "CTurboJPEG", "CPNG", "CImagingShim"],
            swiftSettings: strictSettings),
        // The libcurl client, OAuth 2 flows, the address policy and encrypted credentials.
        .target(
            name: "PhotoNetworking",
            dependencies: ["PhotoSourceKit", "CCurl", networking("Crypto", "swift-crypto")],
            swiftSettings: strictSettings),
        // The conformance suite and fault injection that source authors import in their tests.
        .target(
            name: "PhotoSourceTesting",
            dependencies: ["PhotoSourceKit", "PhotoImaging"],
            swiftSettings: strictSettings),
        // Example custom sources, the demo library and the demo photo cloud.
        .target(
            name: "SampleSources",
            dependencies: [
                "PhotoSourceKit", "PhotoImaging", "PhotoNetworking",
                apps("Hummingbird", "hummingbird"),
                apps("NIOCore", "swift-nio"),
                apps("ServiceLifecycle", "swift-service-lifecycle"),
                apps("Logging", "swift-log"),
                apps("Crypto", "swift-crypto"),
            ],
            path: "SampleSources",
            swiftSettings: strictSettings),
        // The print-ordering HTTP service (`photosource serve`), embeddable in a shop's Swift server.
        .target(
            name: "PhotoSourceService",
            dependencies: [
                "PhotoSourceKit", "PhotoImaging", "PhotoNetworking", "SampleSources",
                apps("Hummingbird", "hummingbird"),
                apps("ServiceLifecycle", "swift-service-lifecycle"),
                apps("Logging", "swift-log"),
                apps("Metrics", "swift-metrics"),
                apps("Prometheus", "swift-prometheus"),
                apps("SQLiteNIO", "sqlite-nio"),
                apps("PostgresNIO", "postgres-nio"),
                apps("NIOCore", "swift-nio"),
                apps("Crypto", "swift-crypto"),
            ],
            resources: [.copy("Resources/openapi.yaml"), .copy("Resources/picker")],
            swiftSettings: strictSettings),
        // The CLI: REPL browser and scriptable commands.
        .executableTarget(
            name: "photosource",
            dependencies: [
                "PhotoSourceKit", "PhotoImaging", "PhotoNetworking", "PhotoSourceTesting", "SampleSources",
                "PhotoSourceService", "CEditLine",
                apps("ArgumentParser", "swift-argument-parser"),
                // The REPL's `order` runs the service and the demo lab in its own ServiceGroup, quietly.
                apps("ServiceLifecycle", "swift-service-lifecycle"),
                apps("Logging", "swift-log"),
            ],
            swiftSettings: strictSettings),

        // The thumbnail benchmark's Swift side (Benchmarks/run.sh drives it beside the peer tools).
        .executableTarget(
            name: "thumbnail-bench",
            dependencies: ["PhotoImaging", "PhotoSourceKit", "CTurboJPEG", "CPNG"],
            path: "Benchmarks/ThumbnailBenchmark",
            swiftSettings: strictSettings),
        // The download benchmark's Swift side (Benchmarks/download.sh runs it beside curl --parallel).
        .executableTarget(
            name: "download-bench",
            dependencies: ["PhotoNetworking"],
            path: "Benchmarks/DownloadBenchmark",
            swiftSettings: strictSettings),

        // The upload benchmark (Benchmarks/upload.sh): streamed multipart uploads against bodies held in memory.
        .executableTarget(
            name: "upload-bench",
            dependencies: ["PhotoSourceService", "PhotoNetworking", apps("Hummingbird", "hummingbird"), apps("NIOCore", "swift-nio")],
            path: "Benchmarks/UploadBenchmark",
            swiftSettings: strictSettings),

        // The queue benchmark (Benchmarks/queue.sh): orders/s the job queue moves on SQLite and on PostgreSQL.
        .executableTarget(
            name: "queue-bench",
            dependencies: ["PhotoSourceService"],
            path: "Benchmarks/QueueBenchmark",
            swiftSettings: strictSettings),

        .testTarget(
            name: "PhotoSourceKitTests", dependencies: ["PhotoSourceKit"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "PhotoImagingTests", dependencies: ["PhotoImaging", "PhotoSourceKit"],
            exclude: ["Fixtures/Photos"],  // read through #filePath
            swiftSettings: strictSettings),
        .testTarget(
            name: "PhotoNetworkingTests",
            dependencies: [
                "PhotoNetworking", "PhotoSourceKit", "SampleSources",
                apps("Hummingbird", "hummingbird"),
                apps("HummingbirdTesting", "hummingbird"),
            ],
            swiftSettings: strictSettings),
        .testTarget(
            name: "SampleSourcesTests",
            dependencies: [
                "SampleSources", "PhotoImaging", "PhotoNetworking", "PhotoSourceKit", "PhotoSourceTesting",
                apps("HummingbirdTesting", "hummingbird"),
            ],
            swiftSettings: strictSettings),
        .testTarget(
            name: "PhotoSourceTestingTests",
            dependencies: ["PhotoSourceTesting", "PhotoSourceKit", "PhotoImaging"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "PhotoSourceServiceTests",
            dependencies: [
                "PhotoSourceService", "PhotoSourceKit", "PhotoImaging", "PhotoNetworking", "SampleSources",
                apps("AsyncHTTPClient", "async-http-client"),
                apps("Hummingbird", "hummingbird"),
                apps("HummingbirdTesting", "hummingbird"),
                apps("Logging", "swift-log"),
                apps("Crypto", "swift-crypto"),
            ],
            swiftSettings: strictSettings),
        .testTarget(
            name: "photosourceTests", dependencies: ["photosource", "PhotoSourceKit"],
            swiftSettings: strictSettings),
    ]
)
