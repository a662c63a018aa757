import Hummingbird
import Logging

/// The example server: ``OrdersRoutes`` on an address of your choice.
public enum OrdersServer {
    /// An application serving ``OrdersRoutes/router(maximumBodySize:)`` on `host` and `port`
    /// (0 for any free port); `onServerRunning` is told the port it listens on.
    ///
    /// - Throws: what loading the model throws.
    public static func application(
        host: String = "127.0.0.1",
        port: Int = 8080,
        maximumBodySize: Int = 2 << 20,
        logLevel: Logger.Level = .info,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        var logger = Logger(label: "orders-server")
        logger.logLevel = logLevel
        return Application(
            router: try OrdersRoutes.router(maximumBodySize: maximumBodySize),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "orders-server"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: logger
        )
    }
}
