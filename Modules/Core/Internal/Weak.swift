import CSwiftRuntime

/// A reference that does not keep its object alive and reads `nil` once the object's deinitialization has begun:
/// what `weak var` does, without giving the object a side table.
///
/// The Swift runtime moves an object's reference counts to a side table the first time a `weak` reference to it
/// is formed, and from then on every retain and release of that object takes the slow path: on 64-bit Linux two
/// 16-byte compare-and-swaps instead of one 8-byte one. Core walks its screens and windows on every push, pop,
/// presentation and appearance pass, retaining and releasing each many times; with a `weak` parent, presenter,
/// window or leak record on each of them, those walks cost about half again as much.
///
/// `Weak` keeps the object's memory instead, with an `unowned` reference (counted in the object's own header),
/// and reads the object with the runtime's try-retain, which refuses an object whose deinitialization began. The
/// memory of an object that went away stays allocated until the last `Weak` to it goes too, as with `unowned`:
/// a leak recording (`LiveObjects`) keeps the memory of every screen that went away during it until it ends,
/// where a `weak` record kept only a side table. A read takes the object's address and tries to retain it, about
/// what a `weak` read costs; a retain or release of an object without a side table costs a third.
///
/// Use it for references to screens and windows. An object that some `weak` reference points at anyway, such as a
/// coordinator (features hold their listeners weakly), already has a side table: there `weak` costs less.
@propertyWrapper
package struct Weak<Object: AnyObject> {
    /// The object's memory and address; `nil` for a reference that reads `nil`.
    ///
    /// An `unowned` reference that is itself optional is not used: Swift 6.3 lays out a struct that holds one
    /// wrongly for `Optional`s of it (iterating a dictionary of such structs never ends in a debug build, and
    /// unspecialized generic code reads `.some` of one holding `nil` as `nil` in an optimized one).
    private var target: Target?

    private struct Target {
        /// Keeps the object's memory; never read, since reading an `unowned` reference to an object that went
        /// away traps.
        unowned(safe) let memory: AnyObject
        /// The object's address, read through the try-retain.
        let address: UnsafeMutableRawPointer
    }

    /// A reference to `wrappedValue`, or one that reads `nil`.
    package init(wrappedValue: Object?) {
        target = wrappedValue.map { Target(memory: $0, address: Unmanaged.passUnretained($0).toOpaque()) }
    }

    /// The object, or `nil` once its deinitialization began; setting it refers to another object.
    package var wrappedValue: Object? {
        get {
            // Only the address is read: binding the whole target would copy its `unowned` reference, a retain and
            // a release of the object's `unowned` count on every read.
            guard let address = target?.address, let retained = c_swift_try_retain(address) else { return nil }
            return Unmanaged<Object>.fromOpaque(retained).takeRetainedValue()
        }
        set { self = Weak(wrappedValue: newValue) }
    }
}
