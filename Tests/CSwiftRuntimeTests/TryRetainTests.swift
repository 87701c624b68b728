import CSwiftRuntime
import Testing

@Suite("The runtime's try-retain")
struct TryRetainTests {
    /// An object that, while it deinitializes, tries to retain itself and tells what it got.
    private final class Probe {
        let deinitialized: (_ retainedDuringDeinit: Bool) -> Void

        init(deinitialized: @escaping (Bool) -> Void) { self.deinitialized = deinitialized }

        deinit {
            let address = Unmanaged.passUnretained(self).toOpaque()
            deinitialized(c_swift_try_retain(address) != nil)
        }
    }

    @Test("A live object is retained and returned: the one who tried owns a reference that keeps it alive")
    func liveObjectIsRetained() throws {
        var deinitialized = false
        var probe: Probe? = Probe { _ in deinitialized = true }
        let address = Unmanaged.passUnretained(try #require(probe)).toOpaque()
        let retained = try #require(c_swift_try_retain(address))
        #expect(retained == address)
        probe = nil
        #expect(!deinitialized, "the try-retain's reference keeps the object alive")
        Unmanaged<Probe>.fromOpaque(retained).release()
        #expect(deinitialized)
    }

    @Test("An object whose deinitialization began is refused, and goes away as it would have")
    func deinitializingObjectIsRefused() {
        var retainedDuringDeinit: Bool?
        var probe: Probe? = Probe { retainedDuringDeinit = $0 }
        _ = probe
        probe = nil
        #expect(retainedDuringDeinit == false)
    }
}
