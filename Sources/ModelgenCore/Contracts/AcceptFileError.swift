/// An accept file that cannot be read, and why.
package struct AcceptFileError: Error, CustomStringConvertible {
    package let description: String

    init(_ description: String) { self.description = description }
}
