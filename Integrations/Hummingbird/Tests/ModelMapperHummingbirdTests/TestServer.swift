import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// Runs `router` on 127.0.0.1 at a free port for the length of `body`, which gets the port;
/// the server is shut down gracefully whether `body` returns or throws.
func withServer(
    _ router: Router<BasicRequestContext>,
    _ body: @Sendable (Int) async throws -> Void
) async throws {
    let (ports, portContinuation) = AsyncStream<Int>.makeStream()
    var logger = Logger(label: "test-server")
    logger.logLevel = .critical
    let application = Application(
        router: router,
        configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) },
        logger: logger
    )
    try await withApplication(application, ports: ports, body)
}

/// Runs `application` (which yields its port to `ports`) for the length of `body`.
func withApplication(
    _ application: some ApplicationProtocol,
    ports: AsyncStream<Int>,
    _ body: @Sendable (Int) async throws -> Void
) async throws {
    let services = ServiceGroup(
        configuration: ServiceGroupConfiguration(
            services: [application],
            gracefulShutdownSignals: [],
            logger: Logger(label: "test-services")
        )
    )
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await services.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            await services.triggerGracefulShutdown()
            throw HTTPClientError.socket("the server did not say its port")
        }
        do {
            try await body(port)
        } catch {
            await services.triggerGracefulShutdown()
            throw error
        }
        await services.triggerGracefulShutdown()
        try await group.waitForAll()
    }
}
