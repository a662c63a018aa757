import Foundation
import ModelMapper
import TestSupport
import Testing

/// What keeps objects alive: strong links never form a cycle (the link that would close one
/// is weak), so every graph is freed with the last reference to it; freeing does not recurse.
@Suite("Ownership: cycles are weak, graphs are freed, freeing does not recurse")
struct OwnershipTests {
    let model: ObjectModel
    let person: EntityDescription
    let node: EntityDescription

    init() throws {
        model = try SelfLinkingModel.load()
        person = try #require(model.entitiesByName["Person"])
        node = try #require(model.entitiesByName["Node"])
    }

    private func person(_ id: Int, _ name: String) throws -> ModelObject {
        let object = ModelObject(entity: person)
        try object.setValue(id, forKey: "id")
        try object.setValue(name, forKey: "name")
        return object
    }

    @Test("a cycle built in code is freed: the link that closes it is weak")
    func cycleInCodeIsFreed() throws {
        weak var weakAnn: ModelObject?
        weak var weakBob: ModelObject?
        weak var weakCat: ModelObject?
        do {
            let ann = try person(1, "Ann")
            let bob = try person(2, "Bob")
            let cat = try person(3, "Cat")
            weakAnn = ann
            weakBob = bob
            weakCat = cat
            try ann.set(modelObject: bob, forKey: "friend")
            try bob.set(modelObject: cat, forKey: "friend")
            try cat.set(modelObject: ann, forKey: "friend")
            try ann.add(modelObject: [bob, cat, ann], forKey: "friends")
            // The graph reads the same whatever link is weak.
            let third = (bob.value(forKey: "friend") as? ModelObject)?.value(forKey: "friend") as? ModelObject
            #expect(third === ann)
            #expect((ann.value(forKey: "friends") as? [ModelObject])?.count == 3)
        }
        #expect(weakAnn == nil)
        #expect(weakBob == nil)
        #expect(weakCat == nil)
    }

    @Test("an object linked to itself is freed")
    func selfLinkIsFreed() throws {
        weak var weakNode: ModelObject?
        do {
            let object = ModelObject(entity: node)
            weakNode = object
            try object.set(modelObject: object, forKey: "next")
            #expect(object.value(forKey: "next") as? ModelObject === object)
        }
        #expect(weakNode == nil)
    }

    @Test("the weak link that closed a cycle reads nil once its object is freed")
    func weakLinkReadsNilAfterwards() throws {
        let bob = try person(2, "Bob")
        weak var weakAnn: ModelObject?
        do {
            let ann = try person(1, "Ann")
            weakAnn = ann
            try ann.set(modelObject: bob, forKey: "friend")  // strong: Ann holds Bob
            try bob.set(modelObject: ann, forKey: "friend")  // weak: it would close the cycle
            #expect(bob.value(forKey: "friend") as? ModelObject === ann)
        }
        #expect(weakAnn == nil)
        #expect(bob.value(forKey: "friend") == nil)
        #expect(try ModelEncoder().encodeJSON(bob) == ["id": 2, "name": "Bob"])
    }

    @Test("a cycle decoded through repeated identities is freed, and reads as the document said")
    func decodedCycleIsFreed() throws {
        let data = Data(
            #"[{"id": 1, "friend": {"id": 2, "friend": {"id": 1}}}, {"id": 2, "friends": [{"id": 1}, {"id": 2}]}]"#.utf8
        )
        weak var weakOne: ModelObject?
        weak var weakTwo: ModelObject?
        do {
            let objects = try ModelDecoder(model: model).decodeObjects(of: person, from: data)
            #expect(objects.count == 2)
            let one = objects[0]
            let two = objects[1]
            weakOne = one
            weakTwo = two
            #expect(one.value(forKey: "friend") as? ModelObject === two)
            #expect(two.value(forKey: "friend") as? ModelObject === one)
            #expect(
                (two.value(forKey: "friends") as? [ModelObject])?.map(ObjectIdentifier.init)
                    == [one, two].map(ObjectIdentifier.init)
            )
        }
        #expect(weakOne == nil)
        #expect(weakTwo == nil)
    }

    @Test("an object shared by two owners lives while either does")
    func sharedObjectLivesWithEitherOwner() throws {
        let data = Data(#"[{"id": 1, "friend": {"id": 3, "name": "Cat"}}, {"id": 2, "friend": {"id": 3}}]"#.utf8)
        var objects = try ModelDecoder(model: model).decodeObjects(of: person, from: data)
        let second = objects.removeLast()
        weak let weakFirst = objects.first
        objects = []
        #expect(weakFirst == nil)
        let shared = second.value(forKey: "friend") as? ModelObject
        #expect(shared?.value(forKey: "name") as? String == "Cat")
    }

    @Test("a list built by prepending, or appending, stays whole while its head is held")
    func chainsBuiltEitherWayStayWhole() throws {
        var head = ModelObject(entity: node)
        for _ in 0..<2_000 {
            let new = ModelObject(entity: node)
            try new.set(modelObject: head, forKey: "next")
            head = new
        }
        #expect(chainLength(from: head) == 2_001)

        let first = ModelObject(entity: node)
        var tail = first
        for _ in 0..<2_000 {
            let new = ModelObject(entity: node)
            try tail.set(modelObject: new, forKey: "next")
            tail = new
        }
        #expect(chainLength(from: first) == 2_001)
    }

    private func chainLength(from head: ModelObject) -> Int {
        var count = 0
        var current: ModelObject? = head
        while let object = current {
            count += 1
            current = object.value(forKey: "next") as? ModelObject
        }
        return count
    }

    /// In a child process (an exit test): a regression would overflow the stack.
    @Test("freeing a chain of a million objects does not overflow the stack, on a 512 KB thread too")
    func longChainIsFreedWithoutRecursion() async {
        await #expect(processExitsWith: .success) {
            guard let entity = try? SelfLinkingModel.load().entitiesByName["Node"] else { exit(2) }
            onSmallStack {
                weak var weakHead: ModelObject?
                do {
                    let head = ModelObject(entity: entity)
                    weakHead = head
                    var tail = head
                    for _ in 0..<1_000_000 {
                        let new = ModelObject(entity: entity)
                        try? tail.set(modelObject: new, forKey: "next")
                        tail = new
                    }
                }
                guard weakHead == nil else { exit(3) }
            }
        }
    }
}
