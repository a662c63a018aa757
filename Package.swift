// swift-tools-version: 6.1
// ModelMapper: JSON <-> object graphs, driven by an Xcode Core Data model file.

import PackageDescription

let package = Package(
    name: "ModelMapper",
    products: [
        .library(name: "ModelMapper", targets: ["ModelMapper"]),
        .library(name: "ModelgenCore", targets: ["ModelgenCore"]),
        // Round-trip fixture tests and graph comparisons, for Swift Testing and XCTest.
        .library(name: "ModelMapperTesting", targets: ["ModelMapperTesting"]),
        .executable(name: "modelgen", targets: ["modelgen"]),
        .plugin(name: "ModelgenPlugin", targets: ["ModelgenPlugin"]),
        .plugin(name: "ModelgenCommandPlugin", targets: ["ModelgenCommandPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        // `swift package generate-documentation`: the DocC catalogs (a plugin, built only when run).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // libxml2 through pkg-config; shim.h works around the ICU and xmlFree pitfalls.
        .systemLibrary(
            name: "CLibXML2",
            path: "Sources/CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev", "pkg-config"]), .brew(["libxml2"])]
        ),
        // The lower layers: JSON text, transformers, predicates, and the model with its loader, the
        // only code that calls libxml2. `import ModelMapper` re-exports it (Sources/LAYERS.md).
        .target(
            name: "ModelMapperSchema",
            dependencies: ["CLibXML2"],
            path: "Sources/ModelMapperSchema"
        ),
        // Objects, mapping plans, codecs, graphs and fetching, over the model.
        .target(
            name: "ModelMapper",
            dependencies: ["ModelMapperSchema"],
            path: "Sources/ModelMapper"
        ),
        // Round trips and path-level comparisons; no test framework, so that modelgen can use them.
        .target(
            name: "ModelMapperTestingCore",
            dependencies: ["ModelMapper"],
            path: "Sources/ModelMapperTestingCore"
        ),
        // The same, with the expectations that report to Swift Testing and XCTest.
        .target(
            name: "ModelMapperTesting",
            dependencies: ["ModelMapper", "ModelMapperTestingCore"],
            path: "Sources/ModelMapperTesting"
        ),
        .target(
            name: "ModelgenCore",
            dependencies: ["ModelMapper", "ModelMapperSchema", .product(name: "Mustache", package: "swift-mustache")],
            path: "Sources/ModelgenCore"
        ),
        .executableTarget(
            name: "modelgen",
            dependencies: [
                "ModelgenCore",
                "ModelMapper",
                "ModelMapperTestingCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/modelgen"
        ),
        // Generates classes at build time for the models in a target.
        .plugin(
            name: "ModelgenPlugin",
            capability: .buildTool(),
            dependencies: ["modelgen"],
            path: "Plugins/ModelgenPlugin"
        ),
        // Writes the classes of a package's models into it, in the split layout, for teams who
        // check generated files in: swift package --allow-writing-to-package-directory generate-model-classes
        .plugin(
            name: "ModelgenCommandPlugin",
            capability: .command(
                intent: .custom(
                    verb: "generate-model-classes",
                    description: "Write the classes of every Core Data model of the package's targets into the package"
                ),
                permissions: [
                    .writeToPackageDirectory(reason: "modelgen writes the generated classes beside your sources")
                ]
            ),
            dependencies: ["modelgen"],
            path: "Plugins/ModelgenCommandPlugin"
        ),
        // The Authors example: typed classes for Models/Authors.xcdatamodeld, and a program using them.
        .target(
            name: "AuthorsKit",
            dependencies: ["ModelMapper"],
            path: "Examples/AuthorsKit",
            exclude: ["Authors.xcdatamodeld"],
            plugins: ["ModelgenPlugin"]
        ),
        .executableTarget(
            name: "authors",
            dependencies: ["ModelMapper", "AuthorsKit"],
            path: "Examples/Authors",
            resources: [.copy("Authors.json")]
        ),
        // The README's quick start, as it is printed there (.ci/quickstart-check holds the two alike).
        .executableTarget(
            name: "quickstart",
            dependencies: ["ModelMapper", "AuthorsKit"],
            path: "Examples/QuickStart"
        ),
        // The Bands example: documents merged into one object graph, and what changed.
        .executableTarget(
            name: "bands",
            dependencies: ["ModelMapper"],
            path: "Examples/Bands"
        ),
        // The Photos example: a photo feed decoded, then fetch requests, templates and a
        // fetched property run against it (classes generated from Models/Photos.xcdatamodeld).
        .executableTarget(
            name: "photos",
            dependencies: ["ModelMapper"],
            path: "Examples/Photos",
            exclude: ["Photos.xcdatamodeld", "photos.json"],
            plugins: ["ModelgenPlugin"]
        ),
        // Paths, temporary folders and golden files, shared by the test targets.
        .target(
            name: "TestSupport",
            path: "Tests/TestSupport"
        ),
        // The package's models loaded as the tests of the runtime use them, and the agreement
        // table every entry point's tests read.
        .target(
            name: "TestModels",
            dependencies: ["ModelMapper", "AuthorsKit", "TestSupport"],
            path: "Tests/TestModels"
        ),
        // Each folder of Tests/ModelMapperTests tests the folder of Sources/ModelMapper of its name.
        .testTarget(
            name: "ModelMapperTests",
            dependencies: [
                "ModelMapper", "ModelMapperSchema", "ModelMapperTesting", "AuthorsKit", "TestModels", "TestSupport",
            ],
            path: "Tests/ModelMapperTests"
        ),
        .testTarget(
            name: "ModelMapperTestingTests",
            dependencies: ["ModelMapper", "ModelMapperTesting", "TestModels", "TestSupport"],
            path: "Tests/ModelMapperTestingTests"
        ),
        // The classes modelgen generates for Models/ (golden files, compared by ModelgenCoreTests),
        // compiled and exercised.
        .testTarget(
            name: "GeneratedCodeTests",
            dependencies: ["ModelMapper", "TestModels", "TestSupport"],
            path: "Tests/GeneratedCodeTests"
        ),
        .testTarget(
            name: "ModelgenCoreTests",
            dependencies: ["ModelgenCore", "ModelMapper", "TestSupport"],
            path: "Tests/ModelgenCoreTests",
            exclude: ["Golden"]
        ),
        // The command line: modelgen run as a child process.
        .testTarget(
            name: "modelgenTests",
            dependencies: ["ModelgenCore", "ModelMapper", "TestModels", "TestSupport", "modelgen"],
            path: "Tests/modelgenTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
