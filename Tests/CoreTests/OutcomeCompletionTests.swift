import Core
import CoreTesting
import Testing

@Suite("A one-shot child's outcome in the completion form")
@MainActor
struct OutcomeCompletionTests {
    @Test("The completion hears the value inside the child's finish, once; the child stays attached")
    func finishedInsideTheFinish() async throws {
        let (parent, picker, _) = try await pickerShownByParent()
        var heard: [ChildOutcome<String>] = []
        try parent.outcome(of: picker) { heard.append($0) }
        #expect(heard.isEmpty, "the run has not ended")

        picker.finish(with: "blue")
        #expect(heard == [.finished("blue")], "heard before finish(with:) returned")
        picker.finish(with: "red")
        #expect(heard == [.finished("blue")])
        #expect(picker.parent === parent)
        parent.stop()
    }

    @Test("A child removed by its parent is heard as stopped; one removed by the person as removedByPerson")
    func stoppedAndRemovedByPerson() async throws {
        let (parent, picker, navigation) = try await pickerShownByParent()
        var heard: [ChildOutcome<String>] = []
        try parent.outcome(of: picker) { heard.append($0) }
        try parent.removeChild(picker, hiding: { _ in try navigation.pop() }, completion: nil)
        #expect(heard == [.stopped])

        let (window, otherNavigation) = try makeNavigationWindow(["home"])
        let other = ScreenCoordinator("other", screen: otherNavigation)
        other.start()
        let second = PickerCoordinator("second")
        try other.addChild(second, showing: { try otherNavigation.push($0) }, completion: nil)
        try other.outcome(of: second) { heard.append($0) }
        try window.perform(.backButton)
        #expect(heard == [.stopped, .removedByPerson])
        parent.stop()
        other.stop()
    }

    @Test("A run that ended already is heard before the call returns")
    func endedAlreadyAnswersAtOnce() async throws {
        let (parent, picker, _) = try await pickerShownByParent()
        picker.finish(with: "green")
        var heard: ChildOutcome<String>?
        try parent.outcome(of: picker) { heard = $0 }
        #expect(heard == .finished("green"))
        parent.stop()
    }

    @Test("Another coordinator's child is refused with notAChild, and the completion is never called")
    func notAChildIsRefused() async throws {
        let (parent, picker, _) = try await pickerShownByParent()
        let stranger = Coordinator()
        stranger.start()
        var heard: ChildOutcome<String>?
        #expect(throws: RoutingError.coordinator(.notAChild)) { try stranger.outcome(of: picker) { heard = $0 } }
        picker.finish(with: "blue")
        #expect(heard == nil)
        parent.stop()
    }

    @Test("Waiting holds neither the parent nor the child: both go once the parent stops and is let go")
    func waitingHoldsNothing() async throws {
        weak var releasedParent: Coordinator?
        weak var releasedPicker: PickerCoordinator?
        var heard: [ChildOutcome<String>] = []
        do {
            let (parent, picker, _) = try await pickerShownByParent()
            releasedParent = parent
            releasedPicker = picker
            try parent.outcome(of: picker) { [weak parent] outcome in
                if parent != nil { heard.append(outcome) }
            }
            parent.stop()
        }
        #expect(heard == [.stopped])
        #expect(releasedParent == nil && releasedPicker == nil)
    }
}
