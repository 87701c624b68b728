import Core
import Testing

/// `Weak`, the weak reference Core keeps to screens and windows: it reads as `weak` does, and keeps nothing alive.
@Suite("A weak reference without a side table")
struct WeakTests {
    private final class Object {
        /// Called during deinit with what a `Weak` to the object read then.
        var onDeinit: ((Weak<Object>) -> Void)?
        var reference = Weak<Object>(wrappedValue: nil)

        deinit { onDeinit?(reference) }
    }

    @Test("It reads its object while the object lives, and keeps it from nothing: released, it reads nil")
    func readsLikeWeak() {
        var deinitialized = false
        var object: Object? = Object()
        object?.onDeinit = { _ in deinitialized = true }
        let reference = Weak(wrappedValue: object)
        #expect(reference.wrappedValue === object)
        object = nil
        #expect(deinitialized, "the reference kept its object alive")
        #expect(reference.wrappedValue == nil)
    }

    @Test("It reads nil from the moment its object's deinitialization begins, as `weak` does")
    func nilDuringDeinit() {
        var readDuringDeinit: Bool?
        var object: Object? = Object()
        object?.reference = Weak(wrappedValue: object)
        object?.onDeinit = { readDuringDeinit = $0.wrappedValue != nil }
        object = nil
        #expect(readDuringDeinit == false)
    }

    @Test("Setting it refers to the new object; an empty one reads nil")
    func setting() {
        let first = Object()
        let second = Object()
        var reference = Weak(wrappedValue: first)
        reference.wrappedValue = second
        #expect(reference.wrappedValue === second)
        reference.wrappedValue = nil
        #expect(reference.wrappedValue == nil)
        #expect(Weak<Object>(wrappedValue: nil).wrappedValue == nil)
    }

    /// A struct that holds one, as Core's records do.
    private struct Holder {
        @Weak var object: Object?
    }

    @Test("Optionals of a struct that holds one work: a dictionary of them is iterated to its end, nil and all")
    func optionalsOfHolders() {
        let objects = (0..<5).map { _ in Object() }
        var holders: [Int: Holder] = [:]
        for (index, object) in objects.enumerated() { holders[index] = Holder(object: object) }
        holders[5] = Holder(object: nil)
        var visited = 0
        for (index, holder) in holders {
            visited += 1
            #expect(holder.object === (index < 5 ? objects[index] : nil))
            if visited > holders.count { break }
        }
        #expect(visited == 6)
        let none: Holder? = nil
        #expect(none == nil)
        #expect(Holder?.some(Holder(object: nil)) != nil)
    }
}
