import Foundation

extension JSONScanner {
    /// Reads one value at the reading position, building it with `Builder`, without
    /// recursion (``JSONReader`` says what it accepts). Errors carry `path` followed by the
    /// path inside the value.
    ///
    /// A method of the scanner, inlinable as its other methods are, so that a caller gets a
    /// copy made for its own failure type and builder: a generic static function was left
    /// generic across modules, and looked up type metadata for every element (half of reading
    /// canada.json's coordinates, measured with callgrind).
    @inlinable public mutating func readTree<Builder: JSONBuilding>(
        _ building: Builder.Type,
        path: JSONPath
    ) throws(Failure) -> Builder.Value {
        var stack: [ReaderFrame<Builder>] = []
        do throws(Failure) {
            var value: Builder.Value
            readValue: while true {
                // A value; a non-empty container is pushed and its first member read.
                if let scalar = try readScalar() {
                    value = Builder.scalar(scalar)
                } else {
                    guard stack.count < maximumDepth else { throw tooDeep() }
                    let isObject = peek() == UInt8(ascii: "{")
                    index += 1
                    if isObject {
                        if consume(UInt8(ascii: "}")) {
                            value = Builder.object(Builder.emptyObject())
                        } else {
                            let key = try readKey(after: "{").string
                            stack.append(ReaderFrame(object: Builder.emptyObject(), key: key))
                            continue readValue
                        }
                    } else if consume(UInt8(ascii: "]")) {
                        value = Builder.array([])
                    } else {
                        stack.append(ReaderFrame())
                        continue readValue
                    }
                }
                // Close containers as their values complete. Members go into the frame where it
                // lies (an object is moved out and back): a copy of the frame would make every
                // member copy the whole container.
                while let top = stack.indices.last {
                    if var object = stack[top].object.take() {
                        Builder.set(&object, stack[top].key, value)
                        if try readSeparator(inObject: true) {
                            guard Builder.count(object) < maximumElementCount else {
                                throw tooManyElements()
                            }
                            stack[top].key = try readKey(after: ",").string
                            stack[top].object = object
                            continue readValue
                        }
                        stack.removeLast()
                        value = Builder.object(object)
                    } else {
                        stack[top].elements.append(value)
                        if try readSeparator(inObject: false) {
                            guard stack[top].elements.count < maximumElementCount else {
                                throw tooManyElements()
                            }
                            continue readValue
                        }
                        value = Builder.array(stack.removeLast().elements)
                    }
                }
                return value
            }
        } catch {
            throw Self.located(error, at: path, in: stack)
        }
    }

    /// `error` at the path of the member being read: `path`, then a step for each container open.
    @inline(never)
    @inlinable static func located<Builder>(_ error: Failure, at path: JSONPath, in stack: [ReaderFrame<Builder>])
        -> Failure
    {
        var full = path
        for frame in stack {
            full = frame.object == nil ? full.appending(index: frame.elements.count) : full.appending(key: frame.key)
        }
        return error.locatedSyntaxError(at: full)
    }
}

/// A container being read: an object (with the key of the member being read), or an array.
@_spi(Engine) public struct ReaderFrame<Builder: JSONBuilding> {
    /// The object being read, moved out while a member is set; nil for an array.
    public var object: Builder.Object?
    /// The key of the object's member being read.
    public var key: String
    /// The array's elements so far.
    public var elements: [Builder.Value] = []

    /// A frame for an object (with the key of its first member) or, without one, an array.
    @inlinable public init(object: Builder.Object? = nil, key: String = "") {
        self.object = object
        self.key = key
    }
}
