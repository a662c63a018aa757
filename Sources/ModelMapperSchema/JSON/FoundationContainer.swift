import CoreFoundation
import Foundation

/// Foundation's reference containers (`NSArray`, `NSDictionary`, `NSSet` and their mutable and
/// other subclasses) read through CoreFoundation, which hands out their elements as the objects
/// they are.
///
/// Why not through Foundation: on Linux, swift-corelibs-foundation bridges every element it
/// hands out (`object(at:)`, iteration, `as? [Any]`, `description`) to a Swift value first, and
/// bridging a container bridges its elements, recursively. A container that contains itself
/// (an `NSMutableArray` added to itself, say, returned by a value transformer) therefore
/// overflows the stack on the first element anything reads, and so does one nested deeper than
/// the thread's stack allows. ``problem(in:maximumDepth:)`` finds both before anything bridges
/// the value; the JSON writers read containers through ``init(_:)`` one level at a time.
///
/// For example:
///
/// ```swift
/// let array = NSMutableArray()
/// array.add(array)
/// FoundationContainer.problem(in: array, maximumDepth: 512)   // "an array that contains itself"
/// ```
package enum FoundationContainer {
    case array([AnyObject])
    /// The members in the order CoreFoundation gives them (a dictionary has none of its own).
    case dictionary([(key: AnyObject, value: AnyObject)])
    case set([AnyObject])

    /// The container `value` is, read without bridging; nil for anything else (Swift arrays and
    /// dictionaries included: they hold their elements as Swift values already).
    init?(_ value: Any) {
        // Told by the class, which bridges nothing (a cast to `NSArray` would bridge a Swift array).
        let kind = type(of: value)
        if kind is NSArray.Type {
            let array = unsafeBitCast(value as AnyObject, to: CFArray.self)
            let count = CFArrayGetCount(array)
            var elements: [AnyObject] = []
            elements.reserveCapacity(count)
            for index in 0..<count {
                guard let element = CFArrayGetValueAtIndex(array, index) else { continue }
                elements.append(Unmanaged<AnyObject>.fromOpaque(element).takeUnretainedValue())
            }
            self = .array(elements)
        } else if kind is NSDictionary.Type {
            let dictionary = unsafeBitCast(value as AnyObject, to: CFDictionary.self)
            let count = CFDictionaryGetCount(dictionary)
            var keys = [UnsafeRawPointer?](repeating: nil, count: count)
            var values = [UnsafeRawPointer?](repeating: nil, count: count)
            keys.withUnsafeMutableBufferPointer { keys in
                values.withUnsafeMutableBufferPointer { values in
                    CFDictionaryGetKeysAndValues(dictionary, keys.baseAddress, values.baseAddress)
                }
            }
            var members: [(key: AnyObject, value: AnyObject)] = []
            members.reserveCapacity(count)
            for index in 0..<count {
                guard let key = keys[index], let value = values[index] else { continue }
                members.append(
                    (
                        Unmanaged<AnyObject>.fromOpaque(key).takeUnretainedValue(),
                        Unmanaged<AnyObject>.fromOpaque(value).takeUnretainedValue()
                    )
                )
            }
            self = .dictionary(members)
        } else if kind is NSSet.Type {
            let set = unsafeBitCast(value as AnyObject, to: CFSet.self)
            let count = CFSetGetCount(set)
            var values = [UnsafeRawPointer?](repeating: nil, count: count)
            values.withUnsafeMutableBufferPointer { CFSetGetValues(set, $0.baseAddress) }
            self = .set(values.compactMap { $0.map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() } })
        } else {
            return nil
        }
    }

    /// The identity of a Foundation container (nil for anything else), told without bridging.
    static package func identity(of value: Any) -> ObjectIdentifier? {
        let kind = type(of: value)
        guard kind is NSArray.Type || kind is NSDictionary.Type || kind is NSSet.Type else { return nil }
        return ObjectIdentifier(value as AnyObject)
    }

    /// The elements, the values of a dictionary, and the keys too: everything a container holds.
    var contents: [AnyObject] {
        switch self {
        case .array(let elements), .set(let elements): elements
        case .dictionary(let members): members.flatMap { [$0.key, $0.value] }
        }
    }

    /// What bridging `value` would crash on, said in words, or nil: a Foundation container that
    /// contains itself (at any depth, through Swift arrays and dictionaries too), or containers
    /// nested more than `maximumDepth` deep. Walks each container once, with a stack of its own,
    /// so that it takes time linear in what it reaches and no stack however deep the value.
    static package func problem(in value: Any?, maximumDepth: Int) -> String? {
        // Most values are no container at all: they cost a few type checks.
        guard let value, let first = frame(of: value) else { return nil }
        var stack: [Frame] = []
        var onPath: Set<ObjectIdentifier> = []
        var finished: Set<ObjectIdentifier> = []
        var pending: Frame? = first
        while true {
            if let frame = pending {
                pending = nil
                if let identity = frame.identity {
                    if onPath.contains(identity) { return "\(frame.noun) that contains itself" }
                    if finished.contains(identity) { continue }
                    onPath.insert(identity)
                }
                guard stack.count < maximumDepth else {
                    return "containers nested more than \(maximumDepth) deep"
                }
                stack.append(frame)
            }
            guard let top = stack.indices.last else { return nil }
            if stack[top].next < stack[top].contents.count {
                pending = frame(of: stack[top].contents[stack[top].next])
                stack[top].next += 1
            } else if let identity = stack.removeLast().identity {
                onPath.remove(identity)
                finished.insert(identity)
            }
        }
    }

    /// A container being walked by ``problem(in:maximumDepth:)``: what it holds, the next one
    /// to look at, its identity (Foundation containers only) and what it is, for the message.
    private struct Frame {
        let contents: [Any]
        var next = 0
        let identity: ObjectIdentifier?
        let noun: String
    }

    /// The frame of a container: a Foundation one read through CoreFoundation, a Swift array or
    /// dictionary (whose elements may be Foundation containers); nil for anything else.
    private static func frame(of value: Any) -> Frame? {
        if let container = FoundationContainer(value) {
            let noun: String
            switch container {
            case .array: noun = "an array"
            case .dictionary: noun = "a dictionary"
            case .set: noun = "a set"
            }
            return Frame(contents: container.contents, identity: ObjectIdentifier(value as AnyObject), noun: noun)
        }
        if let array = value as? [Any] { return Frame(contents: array, identity: nil, noun: "an array") }
        if let dictionary = value as? [AnyHashable: Any] {
            return Frame(contents: Array(dictionary.values), identity: nil, noun: "a dictionary")
        }
        return nil
    }
}
