// swift-tools-version: 6.2
// ModelMapper's integrations with server frameworks: a package of its own, so that building and
// testing ModelMapper never builds SwiftNIO. Its root is Integrations/, not Hummingbird/: SwiftPM
// names a root package after its folder, and "hummingbird" is the name of the package it uses.
// See Hummingbird/README.md.
import PackageDescription

let package = Package(
    name: "ModelMapperIntegrations",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ModelMapperHummingbird", targets: ["ModelMapperHummingbird"]),
        .executable(name: "orders-server", targets: ["orders-server"]),
    ],
    dependencies: [
        .package(name: "ModelMapper", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
    ],
    targets: [
        .target(
            name: "ModelMapperHummingbird",
            dependencies: [
                .product(name: "ModelMapper", package: "ModelMapper"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Hummingbird/Sources/ModelMapperHummingbird"
        ),
        // The example: an orders model whose classes the plugin generates, a server that answers
        // POST and GET /orders through ModelMapper and /codable/orders through Codable, and its
        // command-line program.
        .target(
            name: "OrdersKit",
            dependencies: [.product(name: "ModelMapper", package: "ModelMapper")],
            path: "Hummingbird/Examples/Orders/OrdersKit",
            exclude: ["Orders.xcdatamodeld"],
            plugins: [.plugin(name: "ModelgenPlugin", package: "ModelMapper")]
        ),
        .target(
            name: "OrdersServer",
            dependencies: [
                "ModelMapperHummingbird", "OrdersKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Hummingbird/Examples/Orders/OrdersServer"
        ),
        .executableTarget(
            name: "orders-server",
            dependencies: [
                "OrdersServer",
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            path: "Hummingbird/Examples/Orders/orders-server"
        ),
        .testTarget(
            name: "ModelMapperHummingbirdTests",
            dependencies: [
                "ModelMapperHummingbird", "OrdersServer", "OrdersKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Hummingbird/Tests/ModelMapperHummingbirdTests"
        ),
    ]
)
