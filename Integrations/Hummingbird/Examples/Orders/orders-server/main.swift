import Foundation
import OrdersServer

// orders-server [--host H] [--port P]      serve POST/GET /orders and /codable/orders
// orders-server --sample N [--revision R]  print a body of N orders (the load test posts 50)

/// The command line, read.
struct Arguments {
    static let usage =
        "usage: orders-server [--host HOST] [--port PORT] | orders-server --sample COUNT [--revision R]"

    var host = "127.0.0.1"
    var port = 8080
    var sample: Int?
    var revision = 0

    /// Reads `arguments`, or says what is wrong and exits.
    init(_ arguments: [String]) {
        var rest = arguments[...]
        func value(after flag: String) -> String {
            guard let value = rest.popFirst() else { Self.fail("\(flag) needs a value") }
            return value
        }
        func number(after flag: String) -> Int {
            let text = value(after: flag)
            guard let number = Int(text), number >= 0 else { Self.fail("\(flag) takes a number, found '\(text)'") }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--host": host = value(after: argument)
            case "--port": port = number(after: argument)
            case "--sample": sample = number(after: argument)
            case "--revision": revision = number(after: argument)
            case "-h", "--help":
                print(Self.usage)
                exit(0)
            default: Self.fail("unknown argument '\(argument)'")
            }
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("orders-server: \(message)\n\(usage)\n".utf8))
        exit(2)
    }
}

let arguments = Arguments(Array(CommandLine.arguments.dropFirst()))
if let sample = arguments.sample {
    FileHandle.standardOutput.write(SampleOrders.body(count: sample, revision: arguments.revision))
    exit(0)
}
let host = arguments.host
let server = try OrdersServer.application(host: host, port: arguments.port) { port in
    FileHandle.standardOutput.write(Data("orders-server listening on \(host):\(port)\n".utf8))
}
try await server.runService()
