import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A response as the test client read it.
struct HTTPAnswer: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as JSON.
    func json() throws -> Any { try JSONSerialization.jsonObject(with: body) }
}

enum HTTPClientError: Error {
    case socket(String)
    case malformedResponse(String)
}

/// A plain HTTP/1.1 client over a socket, one request a connection (`Connection: close`), so
/// that tests say exactly which bytes the server gets: a `Content-Length` larger than what is
/// sent, a body cut short, chunks. It blocks on a thread of its own, never on the tasks the
/// server's handlers run on.
enum HTTPClient {
    /// Sends `head` lines and `body` to 127.0.0.1:`port`, then reads the answer to the end.
    /// `contentLength` is the length the request says (nil: the body's; a negative value: no
    /// header, the body sent in `Transfer-Encoding: chunked` chunks of at most 64 KiB).
    static func send(
        port: Int,
        method: String,
        path: String,
        headers: [String: String] = ["Content-Type": "application/json"],
        body: Data = Data(),
        contentLength: Int? = nil
    ) async throws -> HTTPAnswer {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    with: Result {
                        try exchange(port: port, request: request(method, path, headers, body, contentLength))
                    }
                )
            }
            thread.start()
        }
    }

    private static func request(
        _ method: String,
        _ path: String,
        _ headers: [String: String],
        _ body: Data,
        _ contentLength: Int?
    ) -> Data {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        var bytes = Data()
        if let contentLength, contentLength < 0 {
            head += "Transfer-Encoding: chunked\r\n\r\n"
            bytes.append(Data(head.utf8))
            var offset = 0
            while offset < body.count {
                let chunk = body[offset..<min(offset + 65_536, body.count)]
                bytes.append(Data((String(chunk.count, radix: 16) + "\r\n").utf8))
                bytes.append(chunk)
                bytes.append(Data("\r\n".utf8))
                offset += chunk.count
            }
            bytes.append(Data("0\r\n\r\n".utf8))
            return bytes
        }
        if method != "GET" || !body.isEmpty { head += "Content-Length: \(contentLength ?? body.count)\r\n" }
        bytes.append(Data((head + "\r\n").utf8))
        bytes.append(body)
        return bytes
    }

    private static func exchange(port: Int, request: Data) throws -> HTTPAnswer {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw HTTPClientError.socket("socket: \(errno)") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw HTTPClientError.socket("connect: \(errno)") }
        // A server that answers before reading the whole body may close while we still send:
        // what it answered is still read below.
        _ = request.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let sent = sendBytes(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return try parse(received)
    }

    private static func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
        #else
        Darwin.send(descriptor, bytes, count, 0)
        #endif
    }

    private static func parse(_ data: Data) throws -> HTTPAnswer {
        guard let end = data.firstRange(of: Data("\r\n\r\n".utf8)) else {
            throw HTTPClientError.malformedResponse("no end of head in \(data.count) bytes")
        }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw HTTPClientError.malformedResponse(head.first ?? "")
        }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        var body = Data(data[end.upperBound...])
        if headers["transfer-encoding"] == "chunked" { body = try unchunked(body) }
        return HTTPAnswer(status: status, headers: headers, body: body)
    }

    private static func unchunked(_ data: Data) throws -> Data {
        var body = Data()
        var rest = data[...]
        while let lineEnd = rest.firstRange(of: Data("\r\n".utf8)) {
            let sizeText = String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16) else {
                throw HTTPClientError.malformedResponse("chunk size '\(sizeText)'")
            }
            if size == 0 { break }
            let start = lineEnd.upperBound
            guard rest.distance(from: start, to: rest.endIndex) >= size + 2 else {
                throw HTTPClientError.malformedResponse("chunk cut short")
            }
            let stop = rest.index(start, offsetBy: size)
            body.append(rest[start..<stop])
            rest = rest[rest.index(stop, offsetBy: 2)...]
        }
        return body
    }
}
