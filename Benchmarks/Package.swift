// swift-tools-version: 6.1
// ModelMapper's benchmarks: a package of their own beside the library's, so that building and
// testing ModelMapper never builds them or their dependencies. See README.md.
import PackageDescription

let package = Package(
    name: "ModelMapperBenchmarks",
    dependencies: [.package(name: "ModelMapper", path: "..")],
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
        .executableTarget(
            name: "model-loading-benchmark",
            dependencies: ["BenchmarkSupport", "CLibXML2Reader", .product(name: "ModelMapper", package: "ModelMapper")]
        ),
        .executableTarget(
            name: "mapping-benchmark",
            dependencies: [
                "AuthorsClasses", "BenchmarkSupport", .product(name: "ModelMapper", package: "ModelMapper"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
