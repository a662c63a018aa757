import Foundation
import Hummingbird
import ModelMapper

/// A request body refused, as the client sees it: a status and a JSON body that says where and
/// what, and nothing of the server's internals.
///
/// - 400 Bad Request: the body is not JSON, or does not fit the model (every error the decoder
///   reports, each with its JSON path, and its line and column where the decoder knows them),
///   or is nested past ``/ModelMapper/ModelDecoder/Options/maximumDepth``.
/// - 413 Content Too Large: the body is larger than the limit
///   (``ModelRequestBody/maximumSize``), said by its `Content-Length` before anything is read,
///   or counted as it arrives.
/// - 415 Unsupported Media Type: the request does not say its body is JSON (`Content-Type`
///   `application/json`, or a type ending in `+json`).
///
/// The body reads, for example:
///
/// ```json
/// {"errors":[{"column":31,"line":1,"message":"Order.total: expected Decimal, found \"ten\"","path":"$[0].total"}]}
/// ```
///
/// A value transformer's own error is left out of the message (it may name the server's types
/// or data); the server's log has it, through Hummingbird's logging of the error.
public struct ModelRequestError: HTTPResponseError, CustomStringConvertible {
    /// One thing wrong with the body.
    public struct Problem: Sendable, Hashable, Codable {
        /// Where in the JSON (`$.orders[3].total`); nil for what is about the whole request.
        public var path: String?
        /// What is wrong, without the path.
        public var message: String
        /// The 1-based line of the JSON text, where known.
        public var line: Int?
        /// The 1-based column (in Unicode scalars), where known.
        public var column: Int?

        /// A problem at `path`, located at `line` and `column` where known.
        public init(path: String? = nil, message: String, line: Int? = nil, column: Int? = nil) {
            self.path = path
            self.message = message
            self.line = line
            self.column = column
        }
    }

    /// 400, 413 or 415.
    public var status: HTTPResponse.Status
    /// What is wrong, in document order; one at least.
    public var problems: [Problem]

    /// An answer of `status` that lists `problems`.
    public init(status: HTTPResponse.Status, problems: [Problem]) {
        self.status = status
        self.problems = problems
    }

    /// The errors of a body that does not fit the model, as a 400.
    public init(_ errors: MappingErrors) {
        self.init(status: .badRequest, problems: errors.errors.map(Problem.init))
    }

    /// The error of a body that does not fit the model, as a 400.
    public init(_ error: MappingError) {
        self.init(status: .badRequest, problems: [Problem(error)])
    }

    /// Runs `body`, work that reads a request's body (the merge of a prepared body into a
    /// graph, say), answering the decoder's errors (``/ModelMapper/MappingError``,
    /// ``/ModelMapper/MappingErrors``) as a 400.
    ///
    /// For example:
    ///
    /// ```swift
    /// let changes = try await ModelRequestError.answering { try await store.merge(prepared) }
    /// ```
    ///
    /// - Throws: ``ModelRequestError`` for the decoder's errors; other errors as they are.
    public static func answering<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            throw answer(for: error)
        }
    }

    /// ``answering(_:)`` for work that does not wait.
    static func answeringNow<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw answer(for: error)
        }
    }

    /// The decoder's errors as a 400; any other error as it is. The one place a decoder's error
    /// becomes an answer.
    static func answer(for error: any Error) -> any Error {
        switch error {
        case let error as MappingError: ModelRequestError(error)
        case let errors as MappingErrors: ModelRequestError(errors)
        default: error
        }
    }

    /// The answer for a body over `limit` bytes.
    static func tooLarge(limit: Int) -> ModelRequestError {
        ModelRequestError(
            status: .contentTooLarge,
            problems: [Problem(message: "the body is larger than the \(limit) bytes this endpoint reads")]
        )
    }

    /// The answer for a body whose `Content-Type` is not JSON (`found`; nil when the request has none).
    static func notJSON(found: String?) -> ModelRequestError {
        let what = found.map { "'\($0)'" } ?? "none"
        return ModelRequestError(
            status: .unsupportedMediaType,
            problems: [
                Problem(message: "expected a JSON body (Content-Type: application/json), found Content-Type \(what)")
            ]
        )
    }

    /// The status and the problems, each with its path, separated by semicolons.
    public var description: String {
        "\(status.code) \(status.reasonPhrase): "
            + problems.map { problem in (problem.path.map { $0 + ": " } ?? "") + problem.message }
            .joined(separator: "; ")
    }

    /// The answer: the status, and `{"errors": [...]}` as JSON.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ModelResponse.json(try encoder.encode(["errors": problems]), status: status)
    }
}

extension ModelRequestError.Problem {
    /// A decoder's error as the client sees it: its message without the path (given apart) and
    /// without the underlying error's text.
    init(_ error: MappingError) {
        var message = error.description
        let prefix = error.path.description + ": "
        if message.hasPrefix(prefix) { message.removeFirst(prefix.count) }
        if let underlying = error.underlyingError {
            let suffix = " (\(underlying))"
            if message.hasSuffix(suffix) { message.removeLast(suffix.count) }
        }
        self.init(
            path: error.path.description,
            message: message,
            line: error.context.line,
            column: error.context.column
        )
    }
}
