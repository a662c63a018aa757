// swift-tools-version: 6.1
// ModelMapper's benchmarks: a package of their own beside the library's, so that building and
// testing ModelMapper never builds them or their dependencies. See README.md.
import PackageDescription

let package = Package(
    name: "ModelMapperBenchmarks",
    dependencies: [
        .package(name: "ModelMapper", path: ".."),
        // package-benchmark, for `swift package benchmark` (Benchmarks/ModelMapperBenchmarks).
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Interleaved rounds and medians, shared by the benchmarks.
        .target(name: "BenchmarkSupport"),
        // libxml2's own parsers, the baselines of model loading.
        .systemLibrary(name: "CLibXML2Reader", pkgConfig: "libxml-2.0"),
        // The Authors model's classes, generated from Models/Authors.xcdatamodeld by the plugin.
        .target(
            name: "AuthorsClasses",
            dependencies: [.product(name: "ModelMapper", package: "ModelMapper")],
            exclude: ["Authors.xcdatamodeld"],
            plugins: [.plugin(name: "ModelgenPlugin", package: "ModelMapper")]
        ),
        // What the benchmarks measure: the standard, small and generated documents with their
        // models and Codable types, graph documents, books to fetch, a generated model to load.
        .target(
            name: "Workloads",
            dependencies: ["AuthorsClasses", .product(name: "ModelMapper", package: "ModelMapper")]
        ),
        .executableTarget(
            name: "model-loading-benchmark",
            dependencies: [
                "BenchmarkSupport", "CLibXML2Reader", "Workloads",
                .product(name: "ModelMapper", package: "ModelMapper"),
            ]
        ),
        .executableTarget(
            name: "mapping-benchmark",
            dependencies: [
                "AuthorsClasses", "BenchmarkSupport", "Workloads",
                .product(name: "ModelMapper", package: "ModelMapper"),
            ]
        ),
        // The workloads in package-benchmark: `swift package benchmark` (its plugin finds the
        // suite in Benchmarks/).
        .executableTarget(
            name: "ModelMapperBenchmarks",
            dependencies: [
                "Workloads", .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ModelMapper", package: "ModelMapper"),
            ],
            path: "Benchmarks/ModelMapperBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
