// swift-tools-version: 6.0
// The fuzz targets: a package of their own beside the library's, so that building and testing
// ModelMapper never builds them, and fuzzing builds never share its build folder. See README.md.
import PackageDescription

let package = Package(
    name: "ModelMapperFuzz",
    dependencies: [.package(name: "ModelMapper", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "ModelMapper", package: "ModelMapper")]),
        .executableTarget(
            name: "fuzz-json",
            dependencies: ["FuzzSupport", .product(name: "ModelMapper", package: "ModelMapper")]
        ),
        .executableTarget(
            name: "fuzz-model",
            dependencies: ["FuzzSupport", .product(name: "ModelMapper", package: "ModelMapper")]
        ),
        .executableTarget(
            name: "fuzz-decoder",
            dependencies: ["FuzzSupport", .product(name: "ModelMapper", package: "ModelMapper")]
        ),
        .executableTarget(
            name: "fuzz-agreement",
            dependencies: ["FuzzSupport", .product(name: "ModelMapper", package: "ModelMapper")]
        ),
        .executableTarget(
            name: "fuzz-graph",
            dependencies: ["FuzzSupport", .product(name: "ModelMapper", package: "ModelMapper")]
        ),
        .executableTarget(
            name: "fuzz-predicate",
            dependencies: ["FuzzSupport", .product(name: "ModelMapper", package: "ModelMapper")]
        ),
        .executableTarget(
            name: "fuzz-pieces",
            dependencies: ["FuzzSupport", .product(name: "ModelMapper", package: "ModelMapper")]
        ),
        .executableTarget(
            name: "fuzz-config",
            dependencies: ["FuzzSupport", .product(name: "ModelgenCore", package: "ModelMapper")]
        ),
        .executableTarget(
            name: "fuzz-infer",
            dependencies: ["FuzzSupport", .product(name: "ModelgenCore", package: "ModelMapper")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
