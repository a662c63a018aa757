import ArgumentParser
import Foundation
import ModelMapper

/// A failure already put into words, one compiler-style line each (`path: error: reason`).
struct CommandFailure: Error {
    var lines: [String]

    init(_ lines: [String]) {
        self.lines = lines
    }

    /// `path: error: reason` for a file-system error.
    init(path: String, _ error: any Error) {
        self.lines = [ModelLoadingError(fileSystemError: error, at: path).description]
    }

    /// `path: error: message`.
    init(path: String, message: String) {
        self.lines = ["\(path): error: \(message)"]
    }
}
