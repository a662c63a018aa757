import Foundation
import ModelMapper
import TestModels
import TestSupport
import Testing

/// Values built in code have no depth limit: comparing, hashing, writing, converting and
/// freeing them must not recurse. Each case runs in a child process (an exit test), so that a
/// stack overflow fails its test rather than ending the run.
@Suite("Deep JSON values built in code: no recursion anywhere")
struct DeepJSONValueTests {
    @Test("a value 300,000 levels deep is freed on a 512 KB stack")
    func freeing() async {
        await #expect(processExitsWith: .success) {
            onSmallStack {
                var value: JSONValue? = DeepJSONValue.make(depth: 300_000)
                value = nil
                _ = value
            }
        }
    }

    @Test("==, hashing and equivalence walk 300,000 levels on a 512 KB stack, and see the bottom")
    func comparing() async {
        await #expect(processExitsWith: .success) {
            onSmallStack {
                let value = DeepJSONValue.make(depth: 300_000)
                let same = DeepJSONValue.make(depth: 300_000)
                let other = DeepJSONValue.make(depth: 300_000, leaf: "different")
                guard value == same, value != other, value.hashValue == same.hashValue,
                    value.isEquivalent(to: same), !value.isEquivalent(to: other)
                else { exit(2) }
            }
        }
    }

    @Test("writing, reading back and converting to Foundation objects work at 300,000 levels")
    func writingAndConverting() async {
        await #expect(processExitsWith: .success) {
            onSmallStack {
                let depth = 300_000
                let value = DeepJSONValue.make(depth: depth)
                let data = value.jsonData()
                guard data.starts(with: Data(#"{"level":299999,"next":[{"level":299997,"next":["#.utf8)) else {
                    exit(2)
                }
                // Foundation objects: walk down to the string at the bottom.
                var current: Any = value.foundationObject
                var levels = 0
                while true {
                    if let object = current as? [String: Any], let next = object["next"] {
                        current = next
                    } else if let array = current as? [Any], let first = array.first {
                        current = first
                    } else {
                        break
                    }
                    levels += 1
                }
                guard levels == depth, current as? String == "bottom" else { exit(3) }
            }
        }
    }

    @Test("a value whose arrays and objects are shared with another is freed once, the other kept")
    func sharedParts() {
        let shared = DeepJSONValue.make(depth: 10)
        var holder: [JSONValue] = [.array([shared, shared]), ["a": shared]]
        holder.removeAll()
        #expect(shared == DeepJSONValue.make(depth: 10))
        var array: JSONArray = [1, 2]
        let copy = array
        array.append(3)
        #expect(copy == [1, 2])
        #expect(array == [1, 2, 3])
        #expect(JSONValue.array(array).jsonText() == "[1,2,3]")
    }
}
